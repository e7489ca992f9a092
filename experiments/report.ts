/**
 * The write-up of `results/` (`deno task report`, `cli/report.ts`): write `results/claims.csv` and `results/CLAIMS.md`
 * (the claims table with verdicts, `experiments/claims.ts`) and
 * `results/index.html`, one self-contained page (no script, no external
 * file) that reads as a write-up: a summary, the headline table, the claims
 * with verdicts, the statistics, a glossary, limitations, references, then
 * every chart of `results/` (inline SVG) with our finding, its verdicts, the
 * command that wrote it and its provenance. `deno task repro` rewrites all
 * three after each run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { reportHtml } from "./report.ts";
 * // the committed page is the page of the committed results
 * assert.equal(reportHtml("results"), Deno.readTextFileSync("results/index.html"));
 * ```
 * @module
 */

import { writeFileAtomic } from "../lib/util/io.ts";
import { writeClaims } from "./claims.ts";
import { reportHtml } from "./report/page.ts";

export { counts } from "./report/read.ts";
export { headlines } from "./report/headlines.ts";
export { policyCodes } from "./report/claims_html.ts";
export { finding } from "./report/finding.ts";
export { reportHtml } from "./report/page.ts";

/**
 * Write `DIR/claims.csv`, `DIR/CLAIMS.md` and `DIR/index.html` (each
 * atomically) and return the page's path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // into a copy of results/ (the report reads its other files)
 * const dir = Deno.makeTempDirSync();
 * for (const e of Deno.readDirSync("results")) {
 *   if (e.isFile) Deno.copyFileSync(`results/${e.name}`, `${dir}/${e.name}`);
 * }
 * assert.equal(await writeReport(dir), `${dir}/index.html`);
 * for (const f of ["index.html", "claims.csv", "CLAIMS.md"]) {
 *   assert.equal(Deno.readTextFileSync(`${dir}/${f}`), Deno.readTextFileSync(`results/${f}`));
 * }
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export async function writeReport(dir = "results"): Promise<string> {
  const path = `${dir.replace(/\/+$/, "")}/index.html`;
  // the page first: a damaged result refuses it before any file is written
  const html = reportHtml(dir);
  await writeClaims(dir, "deno task report");
  await writeFileAtomic(path, html);
  return path;
}
