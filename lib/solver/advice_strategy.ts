/**
 * The derived advice as a strategy: the table-read features it splits on
 * (a Second Chance held, an x2 in front), the risk it reads off the table,
 * the seed's published cut-offs, and {@linkcode AdviceStrategy}, which hits
 * while the risk is under the cut-off of its count and features. How the
 * cut-offs are derived from optimal play is `advice.ts`, which re-exports
 * this file.
 *
 * @module
 */

import { FLIP3, FREEZE, NUMBER_KINDS, X2_BIT } from "../game/cards.ts";
import { type Rules, STANDARD_DECK } from "../game/rules.ts";
import { defaultTarget } from "../strategies/targeting.ts";
import type { Strategy, TableView } from "../game/view.ts";

/** Largest count of numbers a decision is taken with. */
export const MAX_COUNT = 6;

/**
 * Seed 000's published cut-offs by numbers showing (Infinity: always hit).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(SEED_ADVICE[6], 0.34); // seed 000 hits with six numbers while the risk is under 34%
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
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * assert.equal(missingActions(getRules("solo-model")), 6);
 * assert.equal(missingActions(getRules("standard")), 0);
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
 * A one-bit feature a beer-mat rule may split its cut-offs on: holding a
 * Second Chance (`chance`) or holding `x2` (`x2`).
 *
 * @example
 * ```ts
 * const f: AdviceFeature[] = ["chance"];
 * ```
 */
export type AdviceFeature = "chance" | "x2";

/**
 * Every feature, in bit order (bit 0: `chance`, bit 1: `x2`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(ADVICE_FEATURES.length, 2);
 * ```
 */
export const ADVICE_FEATURES: readonly AdviceFeature[] = ["chance", "x2"];

/** Which features a seat shows, as bits of {@linkcode ADVICE_FEATURES}. */
export function featureBits(view: TableView, seat: number): number {
  return (view.hasChance(seat) ? 1 : 0) |
    ((view.modMask(seat) & X2_BIT) ? 2 : 0);
}

/** Index of a seat's group among the groups of `features` (bit i: features[i]). */
export function groupIndex(
  bits: number,
  features: readonly AdviceFeature[],
): number {
  let g = 0;
  features.forEach((f, i) => {
    if (bits & (1 << ADVICE_FEATURES.indexOf(f))) g |= 1 << i;
  });
  return g;
}

/**
 * The beer-mat rule: hit while the 94-card bust risk is under the cut-off for
 * your count of numbers — one table of cut-offs, or one per group of the
 * features (e.g. holding a Second Chance or not).
 *
 * @example
 * ```ts
 * const rule = new AdviceStrategy(SEED_ADVICE, "advice:seed");
 * // holding a Second Chance: always hit; otherwise seed 000's cut-offs
 * const sc = new AdviceStrategy([SEED_ADVICE, SEED_ADVICE.map(() => Infinity)], "sc", ["chance"]);
 * ```
 */
export class AdviceStrategy implements Strategy {
  /** Cut-offs by group, then by numbers showing. */
  readonly groups: readonly (readonly number[])[];
  /**
   * A beer-mat rule: hit while the line's number sum is below the cut-off for
   * the numbers showing (of the line's group).
   *
   * @param cutoffs cut-off by numbers showing (index 0-6; Infinity = always hit), or one such table per group of `features`
   * @param name the spec it answers to
   * @param features the one-bit features the groups split on (group bit i: features[i])
   */
  constructor(
    readonly cutoffs: readonly number[] | readonly (readonly number[])[],
    readonly name = "advice",
    readonly features: readonly AdviceFeature[] = [],
  ) {
    this.groups = typeof cutoffs[0] === "number"
      ? [cutoffs as readonly number[]]
      : cutoffs as readonly (readonly number[])[];
    if (this.groups.length !== 1 << features.length) {
      throw new Error(
        `AdviceStrategy: ${this.groups.length} tables for ${features.length} features`,
      );
    }
  }
  /** Hit while the risk is strictly under the cut-off. */
  hit(view: TableView, seat: number): boolean {
    const n = Math.min(view.lineCount(seat), MAX_COUNT);
    const g = this.features.length === 0
      ? 0
      : groupIndex(featureBits(view, seat), this.features);
    return tableRisk94(view, seat) < this.groups[g][n];
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
