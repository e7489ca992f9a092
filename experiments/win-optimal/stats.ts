/**
 * The statistics of the `win-optimal` experiment: the Bonferroni z of its
 * family-wise intervals, and the one-sided tests (with Holm's step-down
 * rule) of its targeting rows.
 *
 * @module
 */

/**
 * Bonferroni z for `m` two-sided 95% intervals.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(bonferroniZ(1).toFixed(4), "1.9600");
 * assert.equal(bonferroniZ(10).toFixed(4), "2.8070");
 * ```
 */
export function bonferroniZ(m: number): number {
  // inverse normal by bisection on erfc (Abramowitz-Stegun 7.1.26 is too coarse)
  const tail = 0.05 / (2 * m);
  const upper = (z: number) => {
    // Q(z) by the continued fraction-free series of the complementary error function
    let s = 0, term = z, k = 0;
    const z2 = z * z;
    // P(Z <= z) - 1/2 = phi(z) * sum z^(2k+1) / (1*3*...*(2k+1))
    while (Math.abs(term) > 1e-17 && k < 500) {
      s += term;
      k++;
      term *= z2 / (2 * k + 1);
    }
    return 0.5 - Math.exp(-z2 / 2) / Math.sqrt(2 * Math.PI) * s;
  };
  let lo = 0, hi = 10;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (upper(mid) > tail) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Holm's step-down rule at level `alpha`: which of the one-sided p-values
 * are rejected, family-wise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(holm([0.001, 0.04, 0.03], 0.05), [true, false, false]);
 * assert.deepEqual(holm([0.001, 0.02, 0.03], 0.05), [true, true, true]);
 * ```
 */
export function holm(p: readonly number[], alpha = 0.05): boolean[] {
  const order = p.map((_, i) => i).sort((a, b) => p[a] - p[b]);
  const out = p.map(() => false);
  for (let r = 0; r < order.length; r++) {
    if (p[order[r]] > alpha / (order.length - r)) break;
    out[order[r]] = true;
  }
  return out;
}

/**
 * One-sided p-value of `wins` of `games` against a share `p0` (normal).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(pAbove(50, 100, 0.5) - 0.5) < 1e-7);
 * // 60 of 100 against 1/2: z = 2, p = 0.02275
 * assert.equal(pAbove(60, 100, 0.5).toFixed(5), "0.02275");
 * ```
 */
export function pAbove(wins: number, games: number, p0: number): number {
  const z = (wins / games - p0) / Math.sqrt(p0 * (1 - p0) / games);
  return 0.5 * erfc(z / Math.SQRT2);
}

/** The complementary error function (W. J. Cody's rational fit, |error| < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x), t = 1 / (1 + 0.5 * z);
  const r = t * Math.exp(
    -z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 +
              t * (0.09678418 + t * (-0.18628806 + t * (0.27886807 +
                          t * (-1.13520398 + t * (1.48851587 +
                                  t * (-0.82215223 + t * 0.17087277)))))))),
  );
  return x >= 0 ? r : 2 - r;
}
