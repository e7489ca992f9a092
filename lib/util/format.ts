/**
 * Number and table formatting shared by the command line, the experiments
 * and the notebooks: rounding for stable output, percentages, and aligned
 * text tables.
 *
 * @example
 * ```ts
 * import { pct, round, table } from "./format.ts";
 * pct(0.5034); // "50.3%"
 * round(0.123456, 4); // 0.1235
 * table([["policy", "ev"], ["sum:25", "21.4"]]).join("\n");
 * ```
 * @module
 */

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

/**
 * Format a fraction as a percentage with `d` decimals.
 *
 * @example
 * ```ts
 * pct(0.5034); // "50.3%"
 * pct(0.5034, 2); // "50.34%"
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
 * table([["a", "bb"], ["1", "2"]]); // ["a  bb", "1   2"]
 * ```
 */
export function table(rows: string[][]): string[] {
  const w = rows[0].map((_, j) => Math.max(...rows.map((r) => r[j].length)));
  return rows.map((r) =>
    r.map((c, j) => (j === 0 ? c.padEnd(w[j]) : c.padStart(w[j]))).join("  ")
  );
}
