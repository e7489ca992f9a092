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

/**
 * Round to a fixed number of decimals for stable output (no `-0`).
 *
 * @example
 * ```ts
 * round(0.123456, 4); // 0.1235
 * ```
 */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}
