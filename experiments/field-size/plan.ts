/**
 * The grid of `field-size` (experiments/field-size.ts): the readings of seed
 * 000's `bust:0.25`, the rules, table sizes, seeds and game counts, seed
 * 000's published table, and the sweep plan of the Monte Carlo runs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(fieldSizePlan(1, () => 400).length, 2 * 2 * 7 * 3 + 3 * 3);
 * assert.equal(SEED000.find((r) => r.players === 4 && r.policy === "ev")!.win_share, 0.245);
 * ```
 * @module
 */

import { deriveSeed } from "../common.ts";
import {
  planSweeps,
  type SweepConfig,
  type SweepRun,
} from "../../lib/experiment/sweep.ts";
import { type ExactTask, MODELS } from "../exact.ts";

/**
 * The exact computations this experiment needs: the solo EVs of the two
 * policies, which explain the gap in points per round.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // precomputeExact(FIELD_SIZE_TASKS, workers) computes them
 * assert.deepEqual(FIELD_SIZE_TASKS.map((t) => `${t.model} ${t.spec}`), [
 *   "approx ev", "approx bust:0.25", "approx bustsc:0.25",
 *   "exact ev", "exact bust:0.25", "exact bustsc:0.25",
 * ]);
 * ```
 */
export const FIELD_SIZE_TASKS: ExactTask[] = MODELS.flatMap((model) =>
  ["ev", "bust:0.25", "bustsc:0.25"].map((spec) => ({ model, spec }))
);

/** The policy of seed 000's claim and the rule it is played against. */
export const A = "ev", B = "bust:0.25";
/**
 * The readings of seed 000's `bust:0.25` played over the whole grid.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(READINGS, ["bust:0.25", "bustsc:0.25"]);
 * ```
 */
export const READINGS = ["bust:0.25", "bustsc:0.25"];
/**
 * Further readings, played at seed 000's sizes once, under `immediate-actions`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(ALT_READINGS, ["bustc:0.25", "bustscc:0.25", "bustscd:0.25"]);
 * ```
 */
export const ALT_READINGS = ["bustc:0.25", "bustscc:0.25", "bustscd:0.25"];
/** The rules the further readings are played under. */
export const ALT_RULES = "immediate-actions";
/** The table sizes seed 000 played. */
export const SEED000_SIZES = [2, 4, 6];
/** The rule presets of the grid. */
export const RULES = ["standard", "immediate-actions"];
/** The table sizes of the grid. */
export const PLAYERS = [2, 3, 4, 5, 6, 7, 8];
/** Independent seeds per cell of the grid. */
export const SEEDS = 3;
/** Seed 000's game counts; the other sizes of the sweep use fewer. */
export const GAMES: Record<number, number> = {
  2: 100_000,
  3: 20_000,
  4: 60_000,
  5: 20_000,
  6: 42_000,
  7: 12_000,
  8: 12_000,
};
/** Games per run of a quick run. */
export const QUICK_GAMES = 400;

/**
 * Seed 000's table: per-seat win shares and points per round.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(SEED000.find((r) => r.players === 4 && r.policy === "ev")!.win_share, 0.245);
 * ```
 */
export const SEED000 = [
  {
    players: 2,
    policy: A,
    win_share: 0.504,
    points_per_round: 20.63,
    games: 100_000,
  },
  {
    players: 2,
    policy: B,
    win_share: 0.496,
    points_per_round: 20.52,
    games: 100_000,
  },
  {
    players: 4,
    policy: A,
    win_share: 0.245,
    points_per_round: 20.90,
    games: 60_000,
  },
  {
    players: 4,
    policy: B,
    win_share: 0.256,
    points_per_round: 20.73,
    games: 60_000,
  },
  {
    players: 6,
    policy: A,
    win_share: 0.159,
    points_per_round: 20.97,
    games: 42_000,
  },
  {
    players: 6,
    policy: B,
    win_share: 0.174,
    points_per_round: 20.76,
    games: 42_000,
  },
];

/**
 * Seed of replicate `r` of field-size (every reading, rules and size):
 * `deriveSeed(seed, "field-size", r)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(fieldSizeSeed(1, 0), 4113676501);
 * ```
 */
export function fieldSizeSeed(seed: number, r: number): number {
  return deriveSeed(seed, "field-size", r);
}

/**
 * Field-size's Monte Carlo runs as one sweep plan (lib/experiment/sweep.ts): one
 * sub-sweep per reading, set `READING` = `ev` against the reading (seats
 * `ev, READING, ev, ...`), its label the reading. {@linkcode READINGS}: both
 * presets, 2-8 players, 3 seeds; {@linkcode ALT_READINGS}: `immediate-actions`,
 * 2/4/6 players, the first seed only. Seeds by {@linkcode fieldSizeSeed};
 * `games(n)` per table size. Runs in order reading → rules → players → seed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const plan = fieldSizePlan(1, () => 400);
 * assert.equal(plan.length, 2 * 2 * 7 * 3 + 3 * 3); // 93
 * ```
 */
export function fieldSizePlan(
  seed: number,
  games: (players: number) => number,
): SweepRun[] {
  const sub = (
    reading: string,
    rules: string[],
    players: number[],
    seeds: number,
  ): SweepConfig => ({
    sets: [{ label: reading, policies: [A, reading] }],
    rules,
    players,
    seeds,
    seed,
    games,
    seedOf: fieldSizeSeed,
  });
  return planSweeps([
    ...READINGS.map((r) => sub(r, RULES, PLAYERS, SEEDS)),
    ...ALT_READINGS.map((r) => sub(r, [ALT_RULES], SEED000_SIZES, 1)),
  ]);
}
