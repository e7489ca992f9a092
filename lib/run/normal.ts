/**
 * The statistics every claim and comparison uses, stated once
 * (docs/statistics.md): the normal law (`erfc`, its CDF and quantile),
 * mean ± 1.96 SE for means, z of a comparison against a published figure,
 * two-sided normal p-values, and the family-wise rules (Holm; the expected
 * largest |z| of k tests). Wilson intervals for shares and the run
 * accumulators' rows are `stats.ts`, which re-exports this file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { twoSidedP, Z95 } from "./normal.ts";
 * assert.equal(twoSidedP(Z95).toFixed(6), "0.050000");
 * ```
 * @module
 */

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
