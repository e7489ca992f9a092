/**
 * The optimal hit/stay decision at a glance: the solver's decisions binned by
 * what a player sees first — how many numbers it shows, their sum, and
 * whether it holds a Second Chance. Every state of one solo round is weighted
 * by how often optimal play meets it (`reachProbabilities` of
 * `lib/solver/forward.ts`); a cell's hit share is the weight of the states in
 * it where optimal play hits over the cell's weight. A share of 1 or 0 means
 * the sum and count alone decide; in between, the rest of the state (the
 * modifiers held, which numbers) does.
 *
 * @example
 * ```ts
 * import { decisionMap } from "./decision_map.ts";
 * import { getModel } from "./model.ts";
 * const cells = decisionMap(getModel("approx"));
 * cells.find((c) => c.numbers === 3 && c.sum === 30 && !c.chance)?.hitShare;
 * ```
 * @module
 */

import { loadDecisions } from "./cache.ts";
import { reachProbabilities } from "./forward.ts";
import type { SoloModel } from "./model.ts";
import { MODS } from "./solve.ts";
import { SoloView } from "./view.ts";

/**
 * One cell of a {@linkcode decisionMap}.
 *
 * @example
 * ```ts
 * const c: DecisionCell = { chance: false, numbers: 3, sum: 30, reach: 0.01, hitShare: 0 };
 * ```
 */
export interface DecisionCell {
  /** The player holds a Second Chance. */
  chance: boolean;
  /** Numbers showing (distinct number cards in the line). */
  numbers: number;
  /** Sum of their face values. */
  sum: number;
  /**
   * Probability that a round played optimally passes through a decision in
   * this cell (states of a round are visited once each, so the weights of a
   * round's decisions add up to its expected number of decisions).
   */
  reach: number;
  /** Weight of the cell's states where optimal play hits, over `reach`. */
  hitShare: number;
}

/**
 * Bin a model's optimal decisions by Second Chance held, numbers showing and
 * their sum, each state weighted by how often optimal play reaches it.
 * Forced states (no decision) are left out; cells are in order of chance,
 * numbers, sum, and only cells that optimal play reaches are listed.
 *
 * Loads (or solves and caches) the model's decision table; needs the
 * model's reach probabilities (not kept for the lumped `all94` model).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(decisionMap(getModel("approx")).length > 0, true);
 * ```
 */
export function decisionMap(model: SoloModel): DecisionCell[] {
  const table = loadDecisions(model);
  const space = table.space;
  const hit = table.hit;
  const { reach } = reachProbabilities(
    space,
    (slot, mods) => hit[slot * MODS + mods] === 1,
    "dp",
  );
  const MAXN = 8, MAXS = 100;
  const idx = (c: number, n: number, s: number) => (c * MAXN + n) * MAXS + s;
  const wAll = new Float64Array(2 * MAXN * MAXS);
  const wHit = new Float64Array(wAll.length);
  const view = new SoloView(space);
  for (let slot = 0; slot < space.cores.length; slot++) {
    const core = space.cores[slot];
    for (let mods = 0; mods < MODS; mods++) {
      const w = reach[slot * MODS + mods];
      if (w === 0 || model.forced(core, mods)) continue;
      view.set(slot, mods);
      const i = idx(
        view.hasChance(0) ? 1 : 0,
        Math.min(view.lineCount(0), MAXN - 1),
        Math.min(view.numberSum(0), MAXS - 1),
      );
      wAll[i] += w;
      if (hit[slot * MODS + mods]) wHit[i] += w;
    }
  }
  const cells: DecisionCell[] = [];
  for (let c = 0; c < 2; c++) {
    for (let n = 0; n < MAXN; n++) {
      for (let s = 0; s < MAXS; s++) {
        const w = wAll[idx(c, n, s)];
        if (w === 0) continue;
        cells.push({
          chance: c === 1,
          numbers: n,
          sum: s,
          reach: w,
          hitShare: wHit[idx(c, n, s)] / w,
        });
      }
    }
  }
  return cells;
}
