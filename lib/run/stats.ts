/**
 * Small statistics helpers: Wilson score intervals, means with standard errors.
 *
 * @example
 * ```ts
 * import { wilson } from "./stats.ts";
 * const [lo, hi] = wilson(55, 100);
 * ```
 * @module
 */

import type { RunAccum } from "./runner.ts";

/**
 * Wilson score interval for `wins` successes out of `n` (95% by default).
 *
 * @example
 * ```ts
 * wilson(50, 100); // [0.4038..., 0.5961...]
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
 * summarize({ n: 4, sum: 10, sumSq: 30 }); // { mean: 2.5, sd: 1.29..., se: 0.645... }
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
 * import type { RunAccum } from "./runner.ts";
 * declare const acc: RunAccum;
 * const [row]: PolicyRow[] = policyRows(acc);
 * row.win_share;
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
 * import type { RunAccum } from "./runner.ts";
 * declare const acc: RunAccum;
 * const s: RunSums = acc;
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
 * ratioSe(100, 500, 2500); // 0.1005...
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
 * import type { RunAccum } from "./runner.ts";
 * declare const acc: RunAccum;
 * const rows = policyRows(acc);
 * rows.map((r) => `${r.policy} ${r.win_share}`);
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
 * import type { RunAccum } from "./runner.ts";
 * declare const acc: RunAccum;
 * const d: Difference = winShareDiff(acc, "ev", "bust:0.25");
 * d.z;
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
 * import type { RunAccum } from "./runner.ts";
 * declare const acc: RunAccum;
 * winShareDiff(acc, "ev", "bust:0.25").z;
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
 * import type { RunAccum } from "./runner.ts";
 * declare const acc: RunAccum;
 * pointsDiff(acc, "evc", "ev").diff;
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
