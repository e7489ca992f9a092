/**
 * The claims table: every published figure of seed 000 (Steve Murch's Flip 7
 * simulator), seed 001 (Sacha Ryszfeld's "A search agent for Flip 7") and the
 * public solver (GitHub `Eppie/flip-seven`) that we test, with ours beside it
 * and a verdict assigned by the rule of `docs/claims.md`:
 *
 * - `exact`: an exact figure of ours equal to the printed digits (the
 *   rounding intervals of the two printed figures overlap), or an exact
 *   statement (a predicate over exact figures) that holds;
 * - `reproduced`: a Monte Carlo figure within the family-wise bound (Holm at
 *   5% over every Monte Carlo row of the table) under the reading chosen
 *   before seeing the published figure;
 * - `consistent`: reproduced (exact, or within the bound) only under a named
 *   alternative reading or setup, chosen after seeing the published figure;
 * - `not-reproduced`: neither.
 *
 * The table is read from the files of `results/` (no game is played here):
 * {@linkcode claimRows} computes it, {@linkcode writeClaims} writes
 * `claims.csv` and `CLAIMS.md`. `deno task report` and `deno task repro`
 * call it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { claimRows } from "./claims.ts";
 * const rows = claimRows("results");
 * assert.equal(rows[0].id, "s000-table-optimal-ev");
 * assert.ok(rows.every((r) => ["exact", "reproduced", "consistent", "not-reproduced"].includes(r.verdict)));
 * ```
 * @module
 */

export {
  CLAIM_COLUMNS,
  type ClaimRow,
  SOURCES,
  type Verdict,
} from "./claims/types.ts";
export { digitsMatch } from "./claims/figures.ts";
export { claimRows, readingSearch } from "./claims/verdicts.ts";
export {
  claimsMarkdown,
  figuresTable,
  verdictCounts,
  writeClaims,
} from "./claims/markdown.ts";
export { ablationTests, simulationFamily } from "./claims/families.ts";
