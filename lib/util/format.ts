/**
 * Number and table formatting shared by the command line, the experiments
 * and the notebooks: rounding for stable output, percentages, and aligned
 * text tables.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pct, round, table } from "./format.ts";
 * assert.equal(pct(0.5034), "50.3%");
 * assert.equal(round(0.123456, 4), 0.1235);
 * assert.equal(table([["policy", "ev"], ["sum:25", "21.4"]]).join("\n"), "policy    ev\nsum:25  21.4");
 * ```
 * @module
 */

/**
 * Round to a fixed number of decimals for stable output (no `-0`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(round(0.123456, 4), 0.1235);
 * assert.equal(round(2.5, 0), 3);
 * ```
 */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  const r = Math.round(x * f) / f;
  return r === 0 ? 0 : r;
}

/**
 * Format a fraction as a percentage with `d` decimals.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(pct(0.5034), "50.3%");
 * assert.equal(pct(0.5034, 2), "50.34%");
 * ```
 */
export function pct(x: number, d = 1): string {
  return `${(100 * x).toFixed(d)}%`;
}

/**
 * Render rows as an aligned text table (first column left-aligned, the
 * others right-aligned, two spaces between columns).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(table([["a", "bb"], ["1", "2"]]), ["a  bb", "1   2"]); // numbers right-aligned
 * ```
 */
export function table(rows: string[][]): string[] {
  const w = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
  return rows.map((r) =>
    r.map((c, j) => (j === 0 ? c.padEnd(w[j]) : c.padStart(w[j]))).join("  ")
  );
}
