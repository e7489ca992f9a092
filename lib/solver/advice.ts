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
 * import assert from "node:assert/strict";
 * import { deriveAdvice } from "./advice.ts";
 * import { getModel } from "./model.ts";
 * const a = deriveAdvice(getModel("approx"));
 * assert.equal(a.rule.ev.toFixed(2), "21.05");
 * ```
 * @module
 */

import type { Strategy } from "../game/view.ts";
import { loadDecisions } from "./cache.ts";
import {
  evaluateDecider,
  type Evaluation,
  reachProbabilities,
} from "./forward.ts";
import type { SoloModel } from "./model.ts";
import { MODS } from "./solve.ts";
import { SoloView } from "./view.ts";
import {
  ADVICE_FEATURES,
  type AdviceFeature,
  AdviceStrategy,
  featureBits,
  groupIndex,
  MAX_COUNT,
  missingActions,
  SEED_ADVICE,
} from "./advice_strategy.ts";

export {
  ADVICE_FEATURES,
  type AdviceFeature,
  AdviceStrategy,
  missingActions,
  SEED_ADVICE,
  tableRisk94,
} from "./advice_strategy.ts";

/**
 * One line of the beer-mat table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const row: AdviceRow = deriveAdvice(getModel("approx")).rows[3];
 * assert.ok(String(row.cutoff).startsWith("0.2329"));
 * ```
 */
export interface AdviceRow {
  /** Numbers showing. */
  count: number;
  /** The group's features: for each feature split on, whether it is held. */
  holding: Partial<Record<AdviceFeature, boolean>>;
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
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const a: Advice = deriveAdvice(getModel("approx"));
 * assert.equal((a.rule.ev / a.optimum).toFixed(3), "0.947");
 * ```
 */
export interface Advice {
  /** The model. */
  model: string;
  /** The features the cut-offs split on (none: seed 000's rule). */
  features: AdviceFeature[];
  /** One row per group (in group order) and count of numbers showing, 0 to 6. */
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

/**
 * Bins of (numbers showing, duplicate copies, unseen total): the risk is
 * dup / total. Dense arrays while every total is under this (the 94-card
 * deck); a sparse map per group and count beyond (a deck of `--deck-counts`
 * with more cards, whose totals would otherwise spill into other bins).
 */
const DUP_MAX = 128, TOTAL_MAX = 128;

/**
 * Derive the beer-mat rule from a model's optimal play (see the module doc)
 * and evaluate it exactly; `features` splits the cut-offs by holding a
 * Second Chance and/or `x2`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const a = deriveAdvice(getModel("exact"));
 * const cut = a.rows.map((r) => r.cutoff);
 * assert.deepEqual(cut.slice(0, 2), [Infinity, Infinity]); // no number or one: always hit
 * assert.equal(cut[2].toFixed(3), "0.228"); // two numbers: hit while the bust chance is under 22.8%
 * assert.equal(deriveAdvice(getModel("exact"), ["chance"]).rows.length, 14);
 * ```
 */
export function deriveAdvice(
  model: SoloModel,
  features: AdviceFeature[] = [],
): Advice {
  return deriveAdviceRules(model, [features])[0];
}

/** Memo of one model's optimal reach weights, binned (the costly part). */
interface Bins {
  /** Dense: weight of optimal hits (stays) per (bits, count, dup, total). */
  wHit: Float64Array;
  wStay: Float64Array;
  /** Sparse (big decks): per (bits, count), `dup * span + total` to [hit, stay]. */
  sparse: Map<number, [number, number]>[] | null;
  span: number;
  optimum: number;
}
const binsMemo = new Map<string, Bins>();
const NGROUPS = 1 << ADVICE_FEATURES.length;

function optimalBins(model: SoloModel): Bins {
  const memo = binsMemo.get(model.id);
  if (memo) return memo;
  const table = loadDecisions(model);
  const space = table.space;
  const hit = table.hit;
  const decide = (slot: number, mods: number) => hit[slot * MODS + mods] === 1;
  const { reach, evaluation: optimal } = reachProbabilities(
    space,
    decide,
    "dp",
  );
  const view = new SoloView(space);
  const extra = missingActions(model.rules);
  // weight of optimal hits and stays per (features, count, dup, total)
  const span = model.deck.reduce((a, b) => a + b, 0) + extra + 1;
  const dense = span <= TOTAL_MAX;
  const wHit = new Float64Array(
    dense ? NGROUPS * (MAX_COUNT + 1) * DUP_MAX * TOTAL_MAX : 0,
  );
  const wStay = new Float64Array(wHit.length);
  const sparse = dense ? null : Array.from(
    { length: NGROUPS * (MAX_COUNT + 1) },
    () => new Map<number, [number, number]>(),
  );
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
      const gc = featureBits(view, 0) * (MAX_COUNT + 1) + view.lineCount(0);
      if (sparse) {
        const key = dup * span + total;
        const b = sparse[gc].get(key) ?? [0, 0];
        b[hit[slot * MODS + mods] ? 0 : 1] += w;
        sparse[gc].set(key, b);
        continue;
      }
      const bin = (gc * DUP_MAX + dup) * TOTAL_MAX + total;
      if (hit[slot * MODS + mods]) wHit[bin] += w;
      else wStay[bin] += w;
    }
  }
  const bins = { wHit, wStay, sparse, span, optimum: optimal.ev };
  binsMemo.clear(); // one model at a time: the arrays are large
  binsMemo.set(model.id, bins);
  return bins;
}

/** Each nonzero bin of group-and-count `gc`: its risk and weights. */
function eachBin(
  bins: Bins,
  gc: number,
  f: (risk: number, hit: number, stay: number) => void,
): void {
  if (bins.sparse) {
    for (const [key, [h, st]] of bins.sparse[gc]) {
      f(Math.floor(key / bins.span) / (key % bins.span), h, st);
    }
    return;
  }
  const { wHit, wStay } = bins;
  for (let dup = 0; dup < DUP_MAX; dup++) {
    for (let total = 1; total < TOTAL_MAX; total++) {
      const i = (gc * DUP_MAX + dup) * TOTAL_MAX + total;
      if (wHit[i] + wStay[i] > 0) f(dup / total, wHit[i], wStay[i]);
    }
  }
}

/**
 * Evaluate a beer-mat rule (or any strategy that does not count exactly)
 * exactly on a model, a decision computed once per visible table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const ev = evaluateRule(getModel("approx"), new AdviceStrategy(SEED_ADVICE, "advice:seed")).ev;
 * assert.ok(String(ev).startsWith("21.048"), String(ev));
 * ```
 */
export function evaluateRule(model: SoloModel, s: Strategy): Evaluation {
  const space = loadDecisions(model).space;
  const view = new SoloView(space);
  const memo = new Int8Array(1 << 22).fill(-1);
  return evaluateDecider(space, (slot, mods) => {
    view.set(slot, mods);
    const key = view.visibleKey();
    if (memo[key] < 0) memo[key] = s.hit(view, 0) ? 1 : 0;
    return memo[key] === 1;
  }, s.name);
}

/**
 * Derive one beer-mat rule per feature set from a model's optimal play (the
 * optimal reach is computed once) and evaluate each exactly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const [plain, sc] = deriveAdviceRules(getModel("approx"), [[], ["chance"]]);
 * assert.equal(sc.rule.ev > plain.rule.ev, true);
 * ```
 */
export function deriveAdviceRules(
  model: SoloModel,
  featureSets: AdviceFeature[][],
): Advice[] {
  const bins = optimalBins(model);
  const { wHit, wStay, optimum } = bins;
  let allWeight = 0;
  for (let i = 0; i < wHit.length; i++) allWeight += wHit[i] + wStay[i];
  for (const m of bins.sparse ?? []) {
    for (const [h, st] of m.values()) allWeight += h + st;
  }
  const seedRule = evaluateRule(
    model,
    new AdviceStrategy(SEED_ADVICE, "advice:seed"),
  );
  return featureSets.map((features) => {
    const rows: AdviceRow[] = [];
    const groups: number[][] = [];
    for (let g = 0; g < 1 << features.length; g++) {
      const holding: Partial<Record<AdviceFeature, boolean>> = {};
      features.forEach((f, i) => (holding[f] = ((g >> i) & 1) === 1));
      const cut: number[] = [];
      for (let n = 0; n <= MAX_COUNT; n++) {
        const row = bestCutoff(
          bins,
          (bits, c) => c === n && groupIndex(bits, features) === g,
        );
        row.share = allWeight > 0 ? row.share / allWeight : 0;
        rows.push({ count: n, holding, ...row, seed: SEED_ADVICE[n] });
        cut.push(row.cutoff);
      }
      groups.push(cut);
    }
    const name = features.length === 0
      ? "advice"
      : `advice/${features.join("+")}`;
    const strategy = new AdviceStrategy(
      features.length === 0 ? groups[0] : groups,
      name,
      features,
    );
    return {
      model: model.name,
      features,
      rows,
      strategy,
      rule: evaluateRule(model, strategy),
      seedRule,
      optimum,
    };
  });
}

/**
 * The cut-off that agrees best with optimal play over the bins of the
 * (feature bits, count) pairs `inGroup` accepts; `share` is their raw weight.
 */
function bestCutoff(
  bins0: Bins,
  inGroup: (bits: number, count: number) => boolean,
): Omit<AdviceRow, "count" | "holding" | "seed"> {
  const byRisk = new Map<number, { hit: number; stay: number }>();
  for (let k = 0; k < NGROUPS * (MAX_COUNT + 1); k++) {
    const bits = Math.floor(k / (MAX_COUNT + 1)), n = k % (MAX_COUNT + 1);
    if (!inGroup(bits, n)) continue;
    eachBin(bins0, k, (r, hit, stay) => {
      const b = byRisk.get(r) ?? { hit: 0, stay: 0 };
      b.hit += hit;
      b.stay += stay;
      byRisk.set(r, b);
    });
  }
  const bins = [...byRisk.entries()].map(([risk, b]) => ({ risk, ...b }));
  bins.sort((a, b) => a.risk - b.risk);
  // cut-off below every risk: stay everywhere; then move it up bin by bin
  let weight = 0, agree = 0;
  for (const b of bins) {
    weight += b.hit + b.stay;
    agree += b.stay;
  }
  let best = agree, bestK = 0; // hit on bins[0..bestK)
  for (let k = 0; k < bins.length; k++) {
    agree += bins[k].hit - bins[k].stay;
    if (agree > best + 1e-15) {
      best = agree;
      bestK = k + 1;
    }
  }
  const hitUpTo = bestK > 0 ? bins[bestK - 1].risk : -1;
  const stayFrom = bestK < bins.length ? bins[bestK].risk : Infinity;
  const cutoff = bestK === 0
    ? 0
    : stayFrom === Infinity
    ? Infinity
    : (hitUpTo + stayFrom) / 2;
  return {
    cutoff,
    hitUpTo,
    stayFrom,
    share: weight,
    agreement: weight > 0 ? best / weight : 1,
  };
}

/**
 * The feature sets the advice experiment splits the cut-offs on: none (seed
 * 000's rule), holding a Second Chance, holding `x2`, and both.
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * deriveAdviceRules(getModel("approx"), ADVICE_FEATURE_SETS).map((a) => a.rule.ev);
 * ```
 */
export const ADVICE_FEATURE_SETS: AdviceFeature[][] = [
  [],
  ["chance"],
  ["x2"],
  ["chance", "x2"],
];

/**
 * The one-number rule: always hit while holding a Second Chance, otherwise
 * hit while the 94-card bust risk is under `cutoff`, whatever the count.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const ev = evaluateRule(getModel("exact"), chanceRule(0.22)).ev;
 * assert.ok(String(ev).startsWith("22.169"), String(ev));
 * ```
 */
export function chanceRule(cutoff: number): AdviceStrategy {
  const plain = Array.from({ length: MAX_COUNT + 1 }, () => cutoff);
  return new AdviceStrategy(
    [plain, plain.map(() => Infinity)],
    `advice:chance:${round4(cutoff)}`,
    ["chance"],
  );
}

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

/**
 * The one-number rule's cut-off derived as the others are: the single
 * cut-off, over every count, that agrees best with optimal play in the
 * states where it holds no Second Chance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const cut = derivedChanceCutoff(getModel("approx"));
 * assert.equal(cut.toFixed(3), "0.228"); // hit while the bust chance is under 22.8%
 * ```
 */
export function derivedChanceCutoff(model: SoloModel): number {
  return bestCutoff(optimalBins(model), (bits) => (bits & 1) === 0).cutoff;
}

/**
 * A cut-off as table text: `always hit`, `always stay` or a percentage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(formatCutoff(Infinity), "always hit");
 * assert.equal(formatCutoff(0.2278), "22.8%");
 * ```
 */
export function formatCutoff(cutoff: number, digits = 1): string {
  if (cutoff === Infinity) return "always hit";
  if (cutoff <= 0) return "always stay";
  return `${(100 * cutoff).toFixed(digits)}%`;
}
