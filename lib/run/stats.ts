/**
 * Small statistics helpers: Wilson score intervals, means with standard
 * errors, the per-policy rows and differences of a run. The normal law,
 * p-values and the family-wise rules are `normal.ts`, re-exported here.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { wilson } from "./stats.ts";
 * const [lo, hi] = wilson(55, 100);
 * assert.deepEqual([lo.toFixed(4), hi.toFixed(4)], ["0.4524", "0.6439"]);
 * ```
 * @module
 */

import type { RunAccum } from "./runner.ts";

export * from "./normal.ts";

/**
 * Wilson score interval for `wins` successes out of `n` (95% by default).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(wilson(50, 100).map((x) => x.toFixed(4)), ["0.4038", "0.5962"]);
 * ```
 */
export function wilson(
  wins: number,
  n: number,
  z = 1.959963984540054,
): [number, number] {
  if (n <= 0) return [0, 1];
  const p = wins / n;
  const z2 = z * z;
  const den = 1 + z2 / n;
  const mid = (p + z2 / (2 * n)) / den;
  const half = (z * Math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))) / den;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

/** Running moments of a sample. */
export interface Moments {
  /** Sample size. */
  n: number;
  /** Sum of the values. */
  sum: number;
  /** Sum of the squared values. */
  sumSq: number;
}

/**
 * Mean, standard deviation and standard error of the mean from moments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // the sums of the four values 1, 2, 3 and 4
 * const { mean, sd, se } = summarize({ n: 4, sum: 10, sumSq: 30 });
 * assert.deepEqual([mean, sd.toFixed(4), se.toFixed(4)], [2.5, "1.2910", "0.6455"]);
 * ```
 */
export function summarize(
  m: Moments,
): { mean: number; sd: number; se: number } {
  if (m.n === 0) return { mean: NaN, sd: NaN, se: NaN };
  const mean = m.sum / m.n;
  const v = m.n > 1
    ? Math.max(0, (m.sumSq - m.n * mean * mean) / (m.n - 1))
    : 0;
  const sd = Math.sqrt(v);
  return { mean, sd, se: sd / Math.sqrt(m.n) };
}

/** Rounding for stable output (see `lib/util/format.ts`). */
export { round } from "../util/format.ts";

/**
 * Per-seat statistics of one policy group of a run (see {@linkcode policyRows}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll } from "./runner.ts";
 * const [acc] = await runAll([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 200, mode: "game" }], { workers: 1 });
 * const [row]: PolicyRow[] = policyRows(acc);
 * assert.equal(row.policy, "ev");
 * assert.equal(row.win_share, row.wins / 200);
 * ```
 */
export interface PolicyRow {
  /** Policy spec (group label). */
  policy: string;
  /** Seats playing it. */
  seats: number;
  /** Games (or rounds) in the run. */
  games: number;
  /** Games won by one of its seats. */
  wins: number;
  /** Drawn games in which one of its seats shared the top total (seat count). */
  draws: number;
  /** Per-seat win share: wins / (games × seats). */
  win_share: number;
  /** Wilson 95% interval of the per-seat win share. */
  ci_low: number;
  /** Upper end of the interval. */
  ci_high: number;
  /** Standard error of the per-seat win share (binomial over games). */
  win_se: number;
  /** Points per seat per round. */
  points_per_round: number;
  /** Its standard error (ratio estimator, delta method over games). */
  ppr_se: number;
  /** Share of seat-rounds that bust (`round` mode). */
  bust: number;
  /** Share of seat-rounds that reach Flip 7 (`round` mode). */
  flip7: number;
}

/**
 * The integer sums {@linkcode policyRows} and the differences read: a
 * structural subset of `RunAccum` (`lib/run/runner.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll } from "./runner.ts";
 * const [acc] = await runAll([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 200, mode: "game" }], { workers: 1 });
 * const s: RunSums = acc;
 * assert.equal(s.games, 200);
 * ```
 */
export type RunSums = Pick<
  RunAccum,
  | "policies"
  | "seats"
  | "games"
  | "rounds"
  | "rounds_sq"
  | "wins"
  | "draw_seats"
  | "points"
  | "points_cross"
  | "points_rounds"
  | "busts"
  | "flip7s"
>;

/**
 * Standard error of a ratio estimator `Σu/Σr` over `n` games from `Σu²`
 * (`u` the per-game residual `y − R·r`): `sqrt(Σu² · n/(n−1)) / Σr`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(ratioSe(100, 500, 2500).toFixed(4), "0.1005");
 * ```
 */
export function ratioSe(n: number, sumR: number, sumU2: number): number {
  if (n < 2 || sumR <= 0) return NaN;
  return Math.sqrt(Math.max(0, sumU2) * n / (n - 1)) / sumR;
}

/**
 * Per-group statistics of a run, unrounded: wins, per-seat win share with a
 * Wilson 95% interval (the interval of the group's share `wins / games`, a
 * binomial proportion, divided by its seats) and SE, points per seat per
 * round (a ratio estimator over games with a delta-method SE), bust and
 * Flip 7 rates.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll } from "./runner.ts";
 * const [acc] = await runAll([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 200, mode: "game" }], { workers: 1 });
 * const rows = policyRows(acc);
 * assert.deepEqual(rows.map((r) => r.policy), ["ev", "bust:0.25"]);
 * assert.equal(rows[0].wins + rows[1].wins + (rows[0].draws + rows[1].draws) / 2, 200);
 * for (const r of rows) assert.ok(r.ci_low <= r.win_share && r.win_share <= r.ci_high);
 * ```
 */
export function policyRows(acc: RunSums): PolicyRow[] {
  const g = acc.policies.length, n = acc.games;
  return acc.policies.map((policy, a) => {
    const k = acc.seats[a];
    const [lo, hi] = wilson(acc.wins[a], n);
    const R = acc.points[a] / k / acc.rounds;
    const u2 = acc.points_cross[a * g + a] / (k * k) -
      2 * R * acc.points_rounds[a] / k + R * R * acc.rounds_sq;
    return {
      policy,
      seats: k,
      games: n,
      wins: acc.wins[a],
      draws: acc.draw_seats[a],
      win_share: acc.wins[a] / (n * k),
      ci_low: lo / k,
      ci_high: hi / k,
      win_se: Math.sqrt((acc.wins[a] / n) * (1 - acc.wins[a] / n) / n) / k,
      points_per_round: R,
      ppr_se: ratioSe(n, acc.rounds, u2),
      bust: acc.busts[a] / (n * k),
      flip7: acc.flip7s[a] / (n * k),
    };
  });
}

/**
 * A difference between two groups of one run, with its standard error.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll } from "./runner.ts";
 * const [acc] = await runAll([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 200, mode: "game" }], { workers: 1 });
 * const d: Difference = winShareDiff(acc, "ev", "bust:0.25");
 * assert.equal(d.z, d.diff / d.se);
 * ```
 */
export interface Difference {
  /** Estimate (group a minus group b). */
  diff: number;
  /** Standard error of the estimate. */
  se: number;
  /** diff / se. */
  z: number;
}

function groupIndex(acc: RunSums, a: string, b: string): [number, number] {
  const i = acc.policies.indexOf(a), j = acc.policies.indexOf(b);
  if (i < 0 || j < 0) throw new Error(`no group ${i < 0 ? a : b} in the run`);
  return [i, j];
}

/**
 * Paired difference of per-seat win shares of groups `a` and `b` (by
 * policy). Per game `D = W_a/k_a − W_b/k_b` with `W` the 0/1 win indicators
 * (at most one is 1), so `Var D = p_a/k_a² + p_b/k_b² − (p_a/k_a − p_b/k_b)²`
 * with `p` the groups' shares of games, and `SE = sqrt(Var D / games)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll } from "./runner.ts";
 * const [acc] = await runAll([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 200, mode: "game" }], { workers: 1 });
 * const [ev, bust] = policyRows(acc);
 * const d = winShareDiff(acc, "ev", "bust:0.25");
 * assert.equal(d.diff.toFixed(12), (ev.win_share - bust.win_share).toFixed(12));
 * assert.ok(d.se > 0);
 * ```
 */
export function winShareDiff(acc: RunSums, a: string, b: string): Difference {
  const [i, j] = groupIndex(acc, a, b);
  const ka = acc.seats[i], kb = acc.seats[j];
  const pa = acc.wins[i] / acc.games, pb = acc.wins[j] / acc.games;
  const diff = pa / ka - pb / kb;
  const v = pa / (ka * ka) + pb / (kb * kb) - diff * diff;
  const se = Math.sqrt(Math.max(0, v) / acc.games);
  return { diff, se, z: diff / se };
}

/**
 * Paired difference of points per seat per round of groups `a` and `b`
 * (same games), with a delta-method standard error over games.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll } from "./runner.ts";
 * const [acc] = await runAll([{ rules: "standard", policies: ["evc", "ev"], seed: 1, count: 200, mode: "game" }], { workers: 1 });
 * const [evc, ev] = policyRows(acc);
 * const d = pointsDiff(acc, "evc", "ev");
 * assert.equal(d.diff.toFixed(6), (evc.points_per_round - ev.points_per_round).toFixed(6));
 * ```
 */
export function pointsDiff(acc: RunSums, a: string, b: string): Difference {
  const g = acc.policies.length;
  const [i, j] = groupIndex(acc, a, b);
  const ka = acc.seats[i], kb = acc.seats[j];
  const c = acc.points_cross;
  const dd = c[i * g + i] / (ka * ka) - 2 * c[i * g + j] / (ka * kb) +
    c[j * g + j] / (kb * kb);
  const dr = acc.points_rounds[i] / ka - acc.points_rounds[j] / kb;
  const R = (acc.points[i] / ka - acc.points[j] / kb) / acc.rounds;
  const se = ratioSe(
    acc.games,
    acc.rounds,
    dd - 2 * R * dr + R * R * acc.rounds_sq,
  );
  return { diff: R, se, z: R / se };
}
