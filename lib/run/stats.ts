/**
 * Small statistics helpers: Wilson score intervals, means with standard errors.
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

// ---------------------------------------------------------------------------
// The statistics every claim and comparison uses, stated once
// (docs/statistics.md): Wilson 95% for shares, mean ± 1.96 SE for means, z
// of a comparison against a published figure, two-sided normal p-values, and
// the family-wise rules (Holm; the expected largest |z| of k tests).

/** The two-sided 95% normal quantile, 1.959963984540054. */
export const Z95 = 1.959963984540054;

/**
 * The complementary error function, `erfc(x)`, to about 1e-14 relative
 * (continued fraction for large x, series for small).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(erfc(0) - 1) < 1e-12);
 * ```
 */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 2) {
    // erf by its Taylor series: erf x = 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1))
    let sum = 0, term = x, n = 0;
    while (Math.abs(term) > 1e-17 * Math.abs(sum) || n < 3) {
      sum += term / (2 * n + 1);
      n++;
      term *= -x * x / n;
      if (n > 200) break;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * sum;
  }
  // Lentz's continued fraction: erfc x = e^{-x²}/√π · 1/(x + 1/2/(x + 1/(x + 3/2/(x + ...))))
  const tiny = 1e-300;
  let f = x, c = x, d = 0;
  for (let i = 1; i < 500; i++) {
    const a = i / 2;
    d = x + a * d;
    d = Math.abs(d) < tiny ? tiny : d;
    c = x + a / c;
    c = Math.abs(c) < tiny ? tiny : c;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return Math.exp(-x * x) / (f * Math.sqrt(Math.PI));
}

/**
 * The standard normal distribution function Φ(x).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(normalCdf(1.959963984540054) - 0.975) < 1e-9);
 * ```
 */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/**
 * The two-sided normal p-value of a z statistic, `P(|Z| ≥ |z|)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(twoSidedP(1.959963984540054) - 0.05) < 1e-9);
 * ```
 */
export function twoSidedP(z: number): number {
  return erfc(Math.abs(z) / Math.SQRT2);
}

/**
 * The standard normal quantile Φ⁻¹(p), for 0 < p < 1 (Acklam's rational
 * approximation refined by one Halley step: about 1e-15).
 *
 * @throws {RangeError} when p is not strictly between 0 and 1.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(normalQuantile(0.975) - 1.959963984540054) < 1e-8);
 * ```
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`p must be in (0, 1): ${p}`);
  const a = [
    -3.969683028665376e+01,
    2.209460984245205e+02,
    -2.759285104469687e+02,
    1.383577518672690e+02,
    -3.066479806614716e+01,
    2.506628277459239e+00,
  ];
  const b = [
    -5.447609879822406e+01,
    1.615858368580409e+02,
    -1.556989798598866e+02,
    6.680131188771972e+01,
    -1.328068155288572e+01,
  ];
  const c = [
    -7.784894002430293e-03,
    -3.223964580411365e-01,
    -2.400758277161838e+00,
    -2.549732539343734e+00,
    4.374664141464968e+00,
    2.938163982698783e+00,
  ];
  const d = [
    7.784695709041462e-03,
    3.224671290700398e-01,
    2.445134137142996e+00,
    3.754408661907416e+00,
  ];
  const lo = 0.02425;
  let x: number;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - lo) {
    const q = p - 0.5, r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) *
      q /
      (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  // one Halley step on Φ(x) − p
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

/**
 * A mean's 95% interval from its standard error: `mean ± 1.96 SE` (the
 * project's one interval for means; shares use {@linkcode wilson}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(meanInterval(20, 0.1).map((x) => x.toFixed(3)), ["19.804", "20.196"]);
 * ```
 */
export function meanInterval(mean: number, se: number): [number, number] {
  return [mean - Z95 * se, mean + Z95 * se];
}

/**
 * Holm's step-down adjusted p-values (family-wise error rate): sort the k
 * p-values ascending, multiply the i-th (0-based) by `k − i`, make the
 * sequence non-decreasing, cap at 1; returned in the input order. A test is
 * rejected at family-wise level α when its adjusted p is at most α.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(holm([0.01, 0.04, 0.03]).map((p) => p.toFixed(6)), ["0.030000", "0.060000", "0.060000"]);
 * ```
 */
export function holm(ps: readonly number[]): number[] {
  const k = ps.length;
  const order = ps.map((p, i) => [p, i] as const).sort((x, y) =>
    x[0] - y[0] || x[1] - y[1]
  );
  const out = new Array<number>(k);
  let run = 0;
  order.forEach(([p, i], r) => {
    run = Math.max(run, Math.min(1, p * (k - r)));
    out[i] = run;
  });
  return out;
}

/**
 * The |z| bound Holm's first step (the smallest p) applies to k tests at
 * family-wise level α: `Φ⁻¹(1 − α / (2k))` (Bonferroni's bound; later steps
 * are looser).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(holmFirstBound(33).toFixed(2), "3.17");
 * ```
 */
export function holmFirstBound(k: number, alpha = 0.05): number {
  return normalQuantile(1 - alpha / (2 * Math.max(1, k)));
}

/**
 * The expected largest |z| of k independent standard normal z statistics,
 * `∫₀^∞ 1 − (2Φ(x) − 1)^k dx` (a yardstick: a largest |z| near it is what k
 * tests give by chance).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(expectedMaxAbsZ(1) - Math.sqrt(2 / Math.PI)) < 1e-4); // √(2/π)
 * ```
 */
export function expectedMaxAbsZ(k: number): number {
  const h = 1e-3;
  let s = 0;
  const f = (x: number) => 1 - Math.pow(1 - twoSidedP(x), k);
  for (let x = 0; x < 12; x += h) {
    s += (f(x) + 4 * f(x + h / 2) + f(x + h)) * h / 6;
  }
  return s;
}

/**
 * The z of an estimate against a published figure: the distance from the
 * estimate to the published interval `[low, high]` (a figure's rounding
 * interval, or a point) over `sqrt(se² + sePublished²)`; 0 inside it.
 * Signed: negative when ours is below.
 *
 * @example
 * ```ts
 * zAgainst(0.503, 0.001, 0.5665, 0.5675, 0.011); // about -5.8
 * ```
 */
export function zAgainst(
  ours: number,
  se: number,
  low: number,
  high: number,
  sePublished = 0,
): number {
  const s = Math.sqrt(se * se + sePublished * sePublished);
  const d = ours < low ? ours - low : ours > high ? ours - high : 0;
  if (d === 0) return 0;
  return s > 0 ? d / s : d > 0 ? Infinity : -Infinity;
}

/**
 * The SE of a difference of two estimates from independent samples,
 * `sqrt(a² + b²)`. For two runs on the same seeds (common random numbers)
 * this is the unpaired SE: the paired one is smaller when the runs are
 * positively correlated, so a test with it is conservative.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(unpairedSe(0.003, 0.004) - 0.005) < 1e-12);
 * ```
 */
export function unpairedSe(a: number, b: number): number {
  return Math.sqrt(a * a + b * b);
}
