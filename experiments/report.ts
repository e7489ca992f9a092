/**
 * The write-up of `results/` (`deno task report`, `cli/report.ts`): write `results/claims.csv` and `results/CLAIMS.md`
 * (the claims table with verdicts, `experiments/claims.ts`) and
 * `results/index.html`, one self-contained page (no script, no external
 * file) that reads as a write-up: a summary, the headline table, the claims
 * with verdicts, the statistics, a glossary, limitations, references, how
 * to cite (one commit, only when every file agrees: `report/cite.ts`), then
 * the chart of every registered experiment (inline SVG, checked:
 * `report/svg.ts`) with our finding, its verdicts, the command that wrote it
 * and its provenance. `deno task repro` refreshes all three after each run.
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

import { writeFilesAtomic } from "../lib/util/io.ts";
import { reportFiles } from "./report/page.ts";
import { REPORT_FILES } from "./report/cite.ts";

export { checkResults, counts } from "./report/read.ts";
export { headlines } from "./report/headlines.ts";
export { policyCodes } from "./report/claims_html.ts";
export { finding } from "./report/finding.ts";
export { reportFiles, reportHtml } from "./report/page.ts";
export {
  citation,
  CITE_MARK,
  REPORT_FILES,
  reportDigests,
} from "./report/cite.ts";
export { checkedSvg } from "./report/svg.ts";

/**
 * Write `DIR/claims.csv`, `DIR/CLAIMS.md` and `DIR/index.html` together
 * (all staged, then renamed; a file whose content is unchanged is left as
 * it is) and return the page's path. A damaged result refuses all three
 * before any is written.
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
  const d = dir.replace(/\/+$/, "");
  const { files } = reportFiles(d);
  const changed: [string, string][] = [];
  for (const f of REPORT_FILES) {
    let old: string | null = null;
    try {
      old = Deno.readTextFileSync(`${d}/${f}`);
    } catch {
      old = null;
    }
    if (old !== files[f]) changed.push([`${d}/${f}`, files[f]]);
  }
  await writeFilesAtomic(changed);
  return `${d}/index.html`;
}
