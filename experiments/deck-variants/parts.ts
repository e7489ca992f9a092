/**
 * The exact figures of one deck of `deck-variants`
 * (experiments/deck-variants.ts), in four parts the workers compute side by
 * side: the optimum with its law and always-hit, and the hill climbs of the
 * best `sum:N`, `bust:P` and `count:N`.
 *
 * @module
 */

import { loadDecisions } from "../../lib/solver/cache.ts";
import { evaluatePolicies } from "../../lib/run/evaluate.ts";
import { cachedEvaluation } from "../../lib/solver/eval_cache.ts";
import { evaluateDecider, lumpedEvaluate } from "../../lib/solver/forward.ts";
import { roundLaw } from "../../lib/solver/law.ts";
import { getModel } from "../../lib/solver/model.ts";
import { ActionModel } from "../../lib/solver/actions.ts";
import { spaceOf } from "../../lib/solver/solve.ts";
import { DECK_VARIANTS, type DeckVariant } from "./decks.ts";

/**
 * The exact figures of one deck.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECK_VARIANTS } from "./decks.ts";
 * const r: VariantFigures = deckVariantFigures(DECK_VARIANTS[0]);
 * assert.equal(r.cards, 79);
 * ```
 */
export interface VariantFigures {
  /** Row id. */
  id: string;
  /** Cards in the deck. */
  cards: number;
  /** States of the model (dense layout for all94). */
  states: number;
  /** Optimal value, sd, P(bust), P(Flip 7). */
  optimum: number;
  optSd: number;
  optBust: number;
  optFlip7: number;
  /** Best `sum:N`, `bust:P`, `count:N` and their values. */
  bestSum: number;
  sumEv: number;
  bestBust: number;
  bustEv: number;
  bestCount: number;
  countEv: number;
  /** Always hit: value and Flip 7 rate. */
  hitEv: number;
  hitFlip7: number;
  /** Exact evaluations made in the searches. */
  evaluations: number;
  /** Seconds for this deck. */
  seconds: number;
}

/**
 * Hill climb over an integer grid: the best value of `f` from `start`,
 * moving one step while it improves (every value is exact; the rules'
 * values are single-peaked in N or P).
 */
function climb(
  f: (x: number) => number,
  start: number,
  lo: number,
  hi: number,
): { x: number; v: number; n: number } {
  const memo = new Map<number, number>();
  const val = (x: number) => {
    let v = memo.get(x);
    if (v === undefined) {
      v = f(x);
      memo.set(x, v);
    }
    return v;
  };
  let x = start, v = val(x);
  for (;;) {
    let moved = false;
    for (const d of [1, -1]) {
      const y = x + d;
      if (y < lo || y > hi) continue;
      const w = val(y);
      if (w > v) {
        x = y;
        v = w;
        moved = true;
        break;
      }
    }
    if (!moved) return { x, v, n: memo.size };
  }
}

/**
 * The four independent parts of a deck's figures, each one task for the
 * workers: the optimum with its law and always-hit (`base`), and the three
 * rule searches.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(DECK_PARTS.length, 4);
 * ```
 */
export const DECK_PARTS = ["base", "sum", "bust", "count"] as const;

/** One part of {@linkcode DECK_PARTS}. */
export type DeckPart = typeof DECK_PARTS[number];

/** The figures one part computes (the id, its seconds and evaluations always). */
export type PartFigures =
  & Partial<VariantFigures>
  & Pick<VariantFigures, "id" | "evaluations" | "seconds">;

/**
 * Compute one part of one deck's figures (in this thread).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECK_VARIANTS } from "./decks.ts";
 * assert.equal(deckVariantPart(DECK_VARIANTS[0], "sum").bestSum, 23);
 * ```
 */
export function deckVariantPart(v: DeckVariant, part: DeckPart): PartFigures {
  const t0 = performance.now();
  const model = getModel(v.model, v.counts || undefined);
  if (model instanceof ActionModel) model.log = () => {};
  // each step of a search is cached like the law (lib/solver/eval_cache.ts):
  // a rerun reads the figures instead of redoing the exact evaluation
  const ev = (spec: string) =>
    cachedEvaluation(
      model,
      spec,
      () => evaluatePolicies([spec], model)[0],
      { log: () => {} },
    ).ev;
  const done = (f: Omit<PartFigures, "id" | "seconds">): PartFigures => ({
    id: v.id,
    ...f,
    seconds: (performance.now() - t0) / 1000,
  });
  if (part === "sum") {
    const sum = climb((n) => ev(`sum:${n}`), 24, 1, 120);
    return done({ bestSum: sum.x, sumEv: sum.v, evaluations: sum.n });
  }
  if (part === "bust") {
    const bust = climb((p) => ev(`bust:${(p / 100).toFixed(2)}`), 25, 1, 99);
    return done({
      bestBust: bust.x / 100,
      bustEv: bust.v,
      evaluations: bust.n,
    });
  }
  if (part === "count") {
    const count = climb((n) => ev(`count:${n}`), 4, 1, 7);
    return done({ bestCount: count.x, countEv: count.v, evaluations: count.n });
  }
  const table = loadDecisions(model, { log: () => {} });
  const opt = roundLaw(model, { log: () => {} });
  const space = spaceOf(model);
  const always = () => true;
  const hit = cachedEvaluation(
    model,
    "always-hit",
    () =>
      lumpedEvaluate(space, always, "always hit") ??
        evaluateDecider(space, always, "always hit"),
    { log: () => {} },
  );
  return done({
    cards: model.deck.reduce((a, b) => a + b, 0),
    states: model instanceof ActionModel
      ? model.denseStates()
      : table.space.states,
    optimum: table.ev,
    optSd: opt.sd,
    optBust: opt.bust,
    optFlip7: opt.flip7,
    hitEv: hit.ev,
    hitFlip7: hit.flip7,
    evaluations: 2,
  });
}

/**
 * Put a deck's parts together: every field once, seconds and evaluations
 * summed (seconds are then the deck's compute time over all threads).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECK_VARIANTS } from "./decks.ts";
 * const v = DECK_VARIANTS[0];
 * assert.equal(joinParts(DECK_PARTS.map((p) => deckVariantPart(v, p))).evaluations, 13);
 * ```
 */
export function joinParts(parts: PartFigures[]): VariantFigures {
  const f = Object.assign({}, ...parts) as VariantFigures;
  f.evaluations = parts.reduce((a, p) => a + p.evaluations, 0);
  f.seconds = parts.reduce((a, p) => a + p.seconds, 0);
  return f;
}

/**
 * Compute one deck's figures (in this thread).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DECK_VARIANTS } from "./decks.ts";
 * assert.equal(deckVariantFigures(DECK_VARIANTS[0]).optimum.toFixed(4), "18.5652");
 * ```
 */
export function deckVariantFigures(v: DeckVariant): VariantFigures {
  return joinParts(DECK_PARTS.map((p) => deckVariantPart(v, p)));
}

/**
 * Tasks `[from, to)` of a job (for the workers): each a deck and a part.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(deckVariantChunk({ tasks: [["numbers", "count"]] }, 0, 1)[0].bestCount, 3);
 * ```
 */
export function deckVariantChunk(
  job: { tasks: [string, DeckPart][] },
  from: number,
  to: number,
): PartFigures[] {
  return job.tasks.slice(from, to).map(([id, part]) =>
    deckVariantPart(DECK_VARIANTS.find((v) => v.id === id)!, part)
  );
}
