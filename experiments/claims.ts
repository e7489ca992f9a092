/**
 * The claims table: every published figure of seed 000 (Steve Murch's Flip 7
 * simulator), seed 001 (Sacha Ryszfeld's "A search agent for Flip 7"), the
 * public solver (GitHub `Eppie/flip-seven`) and the Go Vengeance simulator
 * (GitHub `2222-42/flip7_strategy`) that we test, with ours beside it
 * and a verdict assigned by the rule of `docs/claims.md`:
 *
 * - `exact`: an exact figure of ours equal to the printed digits (the
 *   rounding intervals of the two printed figures overlap), or an exact
 *   statement (a predicate over exact figures) that holds;
 * - `reproduced`: a Monte Carlo figure whose 90% interval of ours minus
 *   published lies inside a margin fixed in advance, not rejected by Holm
 *   within its published table;
 * - `consistent`: the same (or exact) under a reading chosen after seeing the
 *   published figure;
 * - `inconclusive`: a Monte Carlo figure neither rejected nor inside its
 *   margin;
 * - `not-reproduced`: rejected by Holm within its table, or an exact figure or
 *   statement that does not match;
 * - `not-comparable`: a figure whose rules or policies we cannot match (the
 *   reason is in its reading): ours is shown beside it, untested.
 *
 * Each published table is judged under one reading (its specs' first);
 * {@linkcode readingSearch} reports the others beside it.
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
 * assert.equal(rows[0].id, "s000-model-states");
 * assert.ok(rows.every((r) => ["exact", "reproduced", "consistent", "inconclusive", "not-reproduced", "not-comparable"].includes(r.verdict)));
 * ```
 * @module
 */

export {
  CLAIM_COLUMNS,
  type ClaimRow,
  FAMILIES,
  MARGINS,
  type SearchRow,
  SOURCES,
  type Verdict,
  VERDICTS,
} from "./claims/types.ts";
export { digitsMatch } from "./claims/figures.ts";
export { claimRows, readingSearch, rerunCommand } from "./claims/verdicts.ts";
export {
  claimsFiles,
  claimsMarkdown,
  countsLine,
  figuresTable,
  verdictCounts,
  writeClaims,
} from "./claims/markdown.ts";
export {
  diffText,
  familySizes,
  fitText,
  fmtP,
  testText,
} from "./claims/show.ts";
export { ablationTests, simulationFamily } from "./claims/families.ts";
