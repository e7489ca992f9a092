/**
 * Seed 000's beer-mat rule: "hit while the bust risk is under a cut-off that
 * depends on how many numbers you show". Every state is weighted by how often
 * optimal play reaches it; for each count of numbers showing, the cut-off is
 * the one whose decisions agree with the optimal ones on the largest weight.
 * Risks are quoted against the real 94-card deck (the Freezes and Flip Threes
 * the solo model leaves out count as unseen cards), which is what a person can
 * count at a table. The rule is then evaluated exactly.
 *
 * @example
 * ```ts
 * import { deriveAdvice } from "./advice.ts";
 * import { getModel } from "./model.ts";
 * const a = deriveAdvice(getModel("approx"));
 * a.rule.ev.toFixed(2); // "21.05"
 * ```
 * @module
 */

import { FLIP3, FREEZE, NUMBER_KINDS } from "../cards.ts";
import { type Rules, STANDARD_DECK } from "../rules.ts";
import { defaultTarget } from "../strategies/targeting.ts";
import type { Strategy, TableView } from "../view.ts";
import { loadDecisions } from "./cache.ts";
import {
  evaluateDecider,
  type Evaluation,
  reachProbabilities,
} from "./forward.ts";
import type { SoloModel } from "./model.ts";
import { MODS } from "./solve.ts";
import { SoloView } from "./view.ts";

/** Largest count of numbers a decision is taken with. */
const MAX_COUNT = 6;

/**
 * Seed 000's published cut-offs by numbers showing (Infinity: always hit).
 *
 * @example
 * ```ts
 * SEED_ADVICE[6]; // 0.34: seed 000 hits with six numbers while the risk is under 34%
 * ```
 */
export const SEED_ADVICE: readonly number[] = [
  Infinity,
  Infinity,
  0.22,
  0.23,
  0.24,
  0.25,
  0.34,
];

/**
 * Cards of the real 94-card deck that a view's rules leave out (the solo
 * model's missing Freezes and Flip Threes), counted as unseen.
 *
 * @example
 * ```ts
 * missingActions(getRules("solo-model")); // 6
 * missingActions(getRules("standard")); // 0
 * ```
 */
export function missingActions(rules: Rules): number {
  return STANDARD_DECK[FREEZE] - rules.deck[FREEZE] + STANDARD_DECK[FLIP3] -
    rules.deck[FLIP3];
}

/**
 * The risk that the next card duplicates a number the seat shows, counted
 * against the real 94-card deck: the copies not on the table over the cards
 * not on the table.
 *
 * @example
 * ```ts
 * // 12 alone, nothing else showing: 11 / 93
 * ```
 */
export function tableRisk94(view: TableView, seat: number): number {
  const total = view.unseenTableTotal() + missingActions(view.rules);
  if (total <= 0) return 0;
  let m = view.lineMask(seat), dup = 0;
  while (m) {
    const v = 31 - Math.clz32(m & -m);
    if (v < NUMBER_KINDS) dup += view.unseenTable(v);
    m &= m - 1;
  }
  return dup / total;
}

/**
 * The beer-mat rule: hit while the 94-card bust risk is under the cut-off for your count.
 *
 * @example
 * ```ts
 * const rule = new AdviceStrategy(SEED_ADVICE, "advice:seed");
 * // new Game(getRules("standard"), [rule, makeStrategy("ev")]).playGame();
 * ```
 */
export class AdviceStrategy implements Strategy {
  /**
   * @param cutoffs cut-off by numbers showing (index 0-6; Infinity = always hit)
   * @param name the spec it answers to
   */
  constructor(readonly cutoffs: readonly number[], readonly name = "advice") {}
  /** Hit while the risk is strictly under the cut-off. */
  hit(view: TableView, seat: number): boolean {
    const n = Math.min(view.lineCount(seat), MAX_COUNT);
    return tableRisk94(view, seat) < this.cutoffs[n];
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}

/**
 * One line of the beer-mat table.
 *
 * @example
 * ```ts
 * const row: AdviceRow = deriveAdvice(getModel("approx")).rows[3];
 * row.cutoff; // 0.2329…
 * ```
 */
export interface AdviceRow {
  /** Numbers showing. */
  count: number;
  /** Hit while the 94-card risk is under this (Infinity: always hit; 0: always stay). */
  cutoff: number;
  /** Largest risk met at this count at which the rule hits (-1: none). */
  hitUpTo: number;
  /** Smallest risk met at this count at which the rule stays (Infinity: none). */
  stayFrom: number;
  /** Share of all decisions (by weight) taken with this many numbers. */
  share: number;
  /** Weighted share of these decisions on which the rule agrees with optimal play. */
  agreement: number;
  /** Seed 000's cut-off for this count. */
  seed: number;
}

/**
 * The derived rule, its table and its exact value.
 *
 * @example
 * ```ts
 * const a: Advice = deriveAdvice(getModel("approx"));
 * a.rule.ev / a.optimum; // 0.947
 * ```
 */
export interface Advice {
  /** The model. */
  model: string;
  /** One row per count of numbers showing, 0 to 6. */
  rows: AdviceRow[];
  /** The rule as a strategy. */
  strategy: AdviceStrategy;
  /** Exact evaluation of the rule. */
  rule: Evaluation;
  /** Exact evaluation of seed 000's published cut-offs, on the same model. */
  seedRule: Evaluation;
  /** Optimal value of the model. */
  optimum: number;
}

/** Bins of (numbers showing, duplicate copies, unseen total): the risk is dup / total. */
const DUP_MAX = 128, TOTAL_MAX = 128;

/**
 * Derive the beer-mat rule from a model's optimal play (see the module doc)
 * and evaluate it exactly.
 *
 * @example
 * ```ts
 * const a = deriveAdvice(getModel("exact"));
 * a.rows.map((r) => r.cutoff); // [Infinity, Infinity, 0.22…, …]
 * ```
 */
export function deriveAdvice(model: SoloModel): Advice {
  const table = loadDecisions(model);
  const space = table.space;
  const hit = table.hit;
  const decide = (slot: number, mods: number) => hit[slot * MODS + mods] === 1;
  const { reach, evaluation: optimal } = reachProbabilities(
    space,
    decide,
    "dp",
  );
  // weight of optimal hits and stays per (count, dup, total)
  const wHit = new Float64Array((MAX_COUNT + 1) * DUP_MAX * TOTAL_MAX);
  const wStay = new Float64Array(wHit.length);
  const view = new SoloView(space);
  const extra = missingActions(model.rules);
  for (let slot = 0; slot < space.cores.length; slot++) {
    const core = space.cores[slot];
    for (let mods = 0; mods < MODS; mods++) {
      const w = reach[slot * MODS + mods];
      if (w === 0 || model.forced(core, mods)) continue;
      view.set(slot, mods);
      let m = view.lineMask(0), dup = 0;
      while (m) {
        dup += view.unseenTable(31 - Math.clz32(m & -m));
        m &= m - 1;
      }
      const total = view.unseenTableTotal() + extra;
      const bin = (view.lineCount(0) * DUP_MAX + dup) * TOTAL_MAX + total;
      if (hit[slot * MODS + mods]) wHit[bin] += w;
      else wStay[bin] += w;
    }
  }
  let allWeight = 0;
  for (let i = 0; i < wHit.length; i++) allWeight += wHit[i] + wStay[i];
  const rows: AdviceRow[] = [];
  for (let n = 0; n <= MAX_COUNT; n++) {
    const bins: { risk: number; hit: number; stay: number }[] = [];
    for (let dup = 0; dup < DUP_MAX; dup++) {
      for (let total = 1; total < TOTAL_MAX; total++) {
        const i = (n * DUP_MAX + dup) * TOTAL_MAX + total;
        if (wHit[i] + wStay[i] > 0) {
          bins.push({ risk: dup / total, hit: wHit[i], stay: wStay[i] });
        }
      }
    }
    bins.sort((a, b) => a.risk - b.risk);
    // cut-off below every risk: stay everywhere; then move it up bin by bin
    let weight = 0, agree = 0;
    for (const b of bins) {
      weight += b.hit + b.stay;
      agree += b.stay;
    }
    let best = agree, bestK = 0; // hit on bins[0..bestK)
    for (let k = 0; k < bins.length;) {
      const r = bins[k].risk;
      while (k < bins.length && bins[k].risk === r) {
        agree += bins[k].hit - bins[k].stay;
        k++;
      }
      if (agree > best + 1e-15) {
        best = agree;
        bestK = k;
      }
    }
    const hitUpTo = bestK > 0 ? bins[bestK - 1].risk : -1;
    const stayFrom = bestK < bins.length ? bins[bestK].risk : Infinity;
    const cutoff = bestK === 0
      ? 0
      : stayFrom === Infinity
      ? Infinity
      : (hitUpTo + stayFrom) / 2;
    rows.push({
      count: n,
      cutoff,
      hitUpTo,
      stayFrom,
      share: allWeight > 0 ? weight / allWeight : 0,
      agreement: weight > 0 ? best / weight : 1,
      seed: SEED_ADVICE[n],
    });
  }
  const strategy = new AdviceStrategy(rows.map((r) => r.cutoff));
  const seedStrategy = new AdviceStrategy(SEED_ADVICE, "advice:seed");
  const evalRule = (s: Strategy) =>
    evaluateDecider(space, (slot, mods) => {
      view.set(slot, mods);
      return s.hit(view, 0);
    }, s.name);
  return {
    model: model.name,
    rows,
    strategy,
    rule: evalRule(strategy),
    seedRule: evalRule(seedStrategy),
    optimum: optimal.ev,
  };
}

/**
 * A cut-off as table text: `always hit`, `always stay` or a percentage.
 *
 * @example
 * ```ts
 * formatCutoff(Infinity); // "always hit"
 * formatCutoff(0.2278); // "22.8%"
 * ```
 */
export function formatCutoff(cutoff: number, digits = 1): string {
  if (cutoff === Infinity) return "always hit";
  if (cutoff <= 0) return "always stay";
  return `${(100 * cutoff).toFixed(digits)}%`;
}
