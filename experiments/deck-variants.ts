/**
 * `deck-variants`: what one solo round is worth under optimal play, deck by
 * deck — numbers only, + modifiers, + Second Chance, + Freeze, all 94 cards —
 * and under a few house variants, with the best simple rules beside the
 * optimum, each searched exactly: the best `sum:N`, `bust:P` and `count:N`
 * (a hill climb over N or P, every step an exact evaluation), how far each
 * falls short, how much each card class adds, and "go for Flip 7" (always
 * hit) with its Flip 7 rate.
 *
 * Every figure is exact (the solver and its forward pass; no simulation).
 * Each deck is four tasks for the workers (the optimum with its law and
 * always-hit, and the three rule searches), the heaviest decks' first, so
 * the `all94` searches run side by side. On the `all94` decks each rule is
 * evaluated by the lumped pass (`lib/solver/lumped.ts`: 12 modifier classes
 * instead of 64 masks, about 10 s for 1.36 billion states) and the optimum's
 * law is read from its cache (`lib/solver/law.ts`); the README's claims block
 * gives the measured time of the whole `deno task repro`, of which this
 * experiment is the larger part. A quick run keeps the cheap models (numbers
 * and modifiers).
 *
 * @example
 * ```sh
 * deno task flip7 experiment deck-variants
 * deno task repro deck-variants
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  defineExperiment,
  type Experiment,
  type Row,
} from "../lib/experiment/experiment.ts";
import { runChunks } from "../lib/run/parallel.ts";
import { loadDecisions } from "../lib/solver/cache.ts";
import { evaluatePolicies } from "../lib/run/evaluate.ts";
import { evaluateDecider } from "../lib/solver/forward.ts";
import { roundLaw } from "../lib/solver/law.ts";
import { lumpedEvaluate } from "../lib/solver/lumped.ts";
import {
  baseDeck,
  deckLabel,
  getModel,
  type ModelName,
} from "../lib/solver/model.ts";
import { ActionModel } from "../lib/solver/actions.ts";
import { spaceOf } from "../lib/solver/solve.ts";
import { round } from "../lib/run/stats.ts";
import { phase } from "./common.ts";

/**
 * One deck of the experiment.
 *
 * @example
 * ```ts
 * const v: DeckVariant = { id: "numbers", label: "numbers only", model: "numbers", counts: "" };
 * ```
 */
export interface DeckVariant {
  /** Row id. */
  id: string;
  /** What the deck is. */
  label: string;
  /** Model (treatment of the action cards). */
  model: ModelName;
  /** `--deck-counts` on top of the model's own deck ("" for none). */
  counts: string;
  /** The card class this deck adds to the previous one in the ladder, if any. */
  adds?: string;
  /** The row this one adds a card class to. */
  from?: string;
  /** Kept in a quick run. */
  quick?: boolean;
}

/**
 * The decks: the ladder from numbers only to all 94 cards, then house
 * variants.
 *
 * @example
 * ```ts
 * DECK_VARIANTS.map((v) => v.id);
 * ```
 */
export const DECK_VARIANTS: readonly DeckVariant[] = [
  {
    id: "numbers",
    label: "numbers only (79)",
    model: "numbers",
    counts: "",
    adds: "numbers",
    quick: true,
  },
  {
    id: "modifiers",
    label: "+ modifiers (85)",
    model: "modifiers",
    counts: "",
    adds: "modifiers",
    from: "numbers",
    quick: true,
  },
  {
    id: "chance",
    label: "+ Second Chance (88)",
    model: "exact",
    counts: "",
    adds: "Second Chance",
    from: "modifiers",
  },
  {
    id: "freeze",
    label: "+ Freeze (91)",
    model: "all94",
    counts: "flip3:0",
    adds: "Freeze",
    from: "chance",
  },
  {
    id: "all94",
    label: "+ Flip Three: all 94",
    model: "all94",
    counts: "",
    adds: "Flip Three",
    from: "freeze",
  },
  {
    id: "flip3-alone",
    label: "88 + Flip Three, no Freeze (91)",
    model: "all94",
    counts: "freeze:0",
    adds: "Flip Three without Freeze",
    from: "chance",
  },
  {
    id: "no-x2",
    label: "house: 88 without x2 (87)",
    model: "exact",
    counts: "x2:0",
    adds: "x2 (removed)",
    from: "chance",
  },
  {
    id: "two-zeros",
    label: "house: 88 with two 0s (89, seed 002's misprint)",
    model: "exact",
    counts: "0:2",
    adds: "a second 0",
    from: "chance",
  },
  {
    id: "numbers-two-zeros",
    label: "house: numbers with two 0s (80)",
    model: "numbers",
    counts: "0:2",
    adds: "a second 0",
    from: "numbers",
    quick: true,
  },
];

/**
 * The exact figures of one deck.
 *
 * @example
 * ```ts
 * const r: VariantFigures = deckVariantFigures(DECK_VARIANTS[0]);
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
 * DECK_PARTS.length; // 4
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
 * deckVariantPart(DECK_VARIANTS[0], "sum").bestSum; // 23
 * ```
 */
export function deckVariantPart(v: DeckVariant, part: DeckPart): PartFigures {
  const t0 = performance.now();
  const model = getModel(v.model, v.counts || undefined);
  if (model instanceof ActionModel) model.log = () => {};
  const ev = (spec: string) => evaluatePolicies([spec], model)[0].ev;
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
  const hit = lumpedEvaluate(space, always, "always hit") ??
    evaluateDecider(space, always, "always hit");
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
 * const v = DECK_VARIANTS[0];
 * joinParts(DECK_PARTS.map((p) => deckVariantPart(v, p))).evaluations; // 13
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
 * deckVariantFigures(DECK_VARIANTS[0]).optimum.toFixed(4); // "18.5652"
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
 * deckVariantChunk({ tasks: [["numbers", "count"]] }, 0, 1)[0].bestCount; // 3
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

/** Heaviest first (for load balance): all94 with both actions, then Flip Three alone. */
const COST: Record<string, number> = { "all94": 3, "flip3-alone": 2 };

const r6 = (x: number) => round(x, 6);
const pc = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;

/**
 * The experiment.
 *
 * @example
 * ```ts
 * const r = await deckVariants.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const deckVariants: Experiment = defineExperiment({
  name: "deck-variants",
  chart: deckVariantsChart,
  claim:
    "What a solo round is worth, deck by deck (numbers only to all 94 cards, and house variants), under optimal play and under the best simple rules.",
  // solver work, one task per deck: neither Monte Carlo runs nor the
  // solver evaluations of exact.ts, so a custom step
  plan: ({ quick }) => ({
    work: async ({ workers, onProgress }) => {
      const variants = DECK_VARIANTS.filter((v) => !quick || v.quick);
      // every part of every deck is a task, the heaviest decks' first, so
      // that the all-94 rule searches run side by side
      const tasks = variants.map((v) => v.id).sort((a, b) =>
        (COST[b] ?? 0) - (COST[a] ?? 0)
      ).flatMap((id) => DECK_PARTS.map((p): [string, DeckPart] => [id, p]));
      const parts = (await runChunks<PartFigures[]>({
        module: import.meta.url,
        fn: "deckVariantChunk",
        args: { tasks },
        total: tasks.length,
        chunks: tasks.length,
        workers,
        onProgress: phase(onProgress, "deck parts"),
      })).flat();
      return variants.map((v) => joinParts(parts.filter((p) => p.id === v.id)));
    },
  }),
  analyse({ work: parts }, { quick }) {
    const variants = DECK_VARIANTS.filter((v) => !quick || v.quick);
    const byId = new Map(parts.flat().map((f) => [f.id, f]));
    const rows: Row[] = variants.map((v) => {
      const f = byId.get(v.id)!;
      const prev = v.from ? byId.get(v.from) : undefined;
      const deck = getModel(v.model, v.counts || undefined).deck;
      return {
        deck: v.id,
        label: v.label,
        model: v.model,
        deck_counts: v.counts === ""
          ? "default"
          : deckLabel(deck, baseDeck(v.model)),
        cards: f.cards,
        states: f.states,
        optimum: r6(f.optimum),
        optimum_sd: r6(f.optSd),
        optimum_bust: r6(f.optBust),
        optimum_flip7: r6(f.optFlip7),
        best_sum: f.bestSum,
        best_sum_ev: r6(f.sumEv),
        sum_shortfall: r6(f.optimum - f.sumEv),
        best_bust: f.bestBust,
        best_bust_ev: r6(f.bustEv),
        bust_shortfall: r6(f.optimum - f.bustEv),
        best_count: f.bestCount,
        best_count_ev: r6(f.countEv),
        count_shortfall: r6(f.optimum - f.countEv),
        always_hit_ev: r6(f.hitEv),
        always_hit_flip7: r6(f.hitFlip7),
        adds: v.adds ?? "",
        class_value: prev ? r6(f.optimum - prev.optimum) : null,
        from: v.from ?? "",
        evaluations: f.evaluations,
      };
    });
    const summary = rows.map((r) =>
      `${r.label}: optimum ${
        (r.optimum as number).toFixed(4)
      }; best sum:${r.best_sum} ${
        (r.best_sum_ev as number).toFixed(3)
      }, bust:${r.best_bust} ${
        (r.best_bust_ev as number).toFixed(3)
      }, count:${r.best_count} ${
        (r.best_count_ev as number).toFixed(3)
      }; always hit ${(r.always_hit_ev as number).toFixed(3)} (Flip 7 ${
        pc(r.always_hit_flip7 as number, 2)
      })${
        r.class_value === null
          ? ""
          : `; ${r.adds} ${(r.class_value as number) >= 0 ? "+" : ""}${
            (r.class_value as number).toFixed(3)
          }`
      }`
    );
    const claims = rows.filter((r) => r.deck === "all94" || r.deck === "chance")
      .map((r) => ({
        claim: `one solo round, ${r.label}: optimal value`,
        ...(r.deck === "chance"
          ? {
            reference: { source: "seed 000", figure: "22.232 (approx model)" },
          }
          : {}),
        ours: `${(r.optimum as number).toFixed(4)} (best sum:${r.best_sum} ${
          (r.best_sum_ev as number).toFixed(3)
        })`,
      }));
    if (claims.length === 0) {
      claims.push({
        claim: "one solo round, numbers only: optimal value",
        ours: (rows[0].optimum as number).toFixed(4),
      });
    }
    return {
      columns: Object.keys(rows[0]),
      rows,
      summary,
      claims,
      provenance: {
        seeds: [],
        rules:
          "one player, one round, a fresh deck; all94 decks as the engine plays one player under standard rules (first round of a game)",
        decks: Object.fromEntries(
          variants.map((v) => [
            v.id,
            `--model ${v.model}${v.counts ? ` --deck-counts ${v.counts}` : ""}`,
          ]),
        ),
        method:
          "exact: the solver's optimum and forward pass (the lumped pass of lib/solver/lumped.ts for the rules on all94 decks); best sum:N, bust:P (P in steps of 0.01) and count:N by a hill climb from sum:24, bust:0.25, count:4, every step an exact evaluation; class value = optimum minus the optimum of the deck it extends",
        seconds_by_deck: Object.fromEntries(
          [...byId.values()].map((f) => [f.id, round(f.seconds, 1)]),
        ),
        reproduce:
          "deno task flip7 solve|evaluate --model M --deck-counts K:N,... --json",
      },
    };
  },
});

/** The policies drawn, CSV column and legend name. */
const POLICIES: [string, string][] = [
  ["optimum", "optimal"],
  ["best_sum_ev", "best sum:N"],
  ["best_bust_ev", "best bust:P"],
  ["best_count_ev", "best count:N"],
  ["always_hit_ev", "always hit"],
];

/**
 * The chart of `deck-variants` from its CSV rows: one band per deck (labels
 * on the left, so long house-variant names fit), the exact value of optimal
 * play and of the best simple rules side by side within the band.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = deckVariantsChart(parseRows(Deno.readTextFileSync("results/deck-variants.csv")));
 * ```
 */
export function deckVariantsChart(rows: Row[]): ChartOptions {
  const labels = rows.map((r) => String(r.label));
  const long = rows.flatMap((r) =>
    POLICIES.map(([col, policy]) => ({
      deck: String(r.label),
      policy,
      ev: r[col] as number,
    }))
  );
  // room for the longest deck label at ~6 px a character (10 px sans-serif)
  const marginLeft = 12 + 6 * Math.max(...labels.map((l) => l.length));
  return {
    title: "One solo round, deck by deck",
    subtitle:
      "Exact value of optimal play and of the best simple rules (each searched exactly)",
    caption:
      "Data: results/deck-variants.csv (deno task flip7 experiment deck-variants)",
    height: 90 + 34 * labels.length,
    marginLeft,
    marginRight: 20,
    y: { label: null, domain: labels },
    x: { label: "Expected round score", grid: true, domain: [0, 25] },
    color: { legend: true, domain: POLICIES.map(([, p]) => p) },
    symbol: { legend: false, domain: POLICIES.map(([, p]) => p) },
    marks: [
      Plot.ruleX([0]),
      ...POLICIES.map(([_col, policy], i) =>
        Plot.dot(long.filter((d) => d.policy === policy), {
          x: "ev",
          y: "deck",
          fill: "policy",
          symbol: "policy",
          r: 3.5,
          dy: (i - 2) * 4,
        })
      ),
    ],
  };
}
