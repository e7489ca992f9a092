/**
 * What the notebooks conclude, read from `results/`: each notebook ends with
 * {@linkcode whatItShows} of its experiment (the finding, every verdict of
 * `claims.csv` for it, and the file and command the numbers come from), and
 * labels a quick run's chart with {@linkcode quickCaption}. Nothing here is
 * typed by hand: every number is read from the committed files.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { whatItShows } from "./findings.ts";
 * assert.ok(whatItShows("field-size", "results").startsWith("## What it shows"));
 * ```
 * @module
 */

import type { ChartOptions } from "../lib/chart/chart.ts";
import {
  ablationTests,
  type ClaimRow,
  claimRows,
  countsLine,
  diffText,
  familySizes,
  fitText,
  readingSearch,
  simulationFamily,
  testText,
} from "./claims.ts";
import { counts, finding, headlines } from "./report.ts";

/** The repository's results/ folder, wherever the caller's working directory is. */
const RESULTS: string = decodeURIComponent(
  new URL("../results", import.meta.url).pathname,
);

/** HTML of the report's headlines to markdown (bold, italics, no tags). */
function toMarkdown(html: string): string {
  return html.replace(/<\/?b>/g, "**").replace(/<\/?i>/g, "*")
    .replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">").replace(/&quot;/g, '"');
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Deno.readTextFileSync(path));
  } catch {
    return null;
  }
}

/** An interval end in the unit and precision of the row's text. */
function end(x: number, text: string): string {
  const m = /(-?\d+)(\.(\d+))?%/.exec(text);
  if (m) return `${(100 * x).toFixed(m[3]?.length ?? 0)}%`;
  const d = /^-?\d+\.(\d+)/.exec(text)?.[1]?.length ?? 3;
  return x.toFixed(d);
}

/** One verdict as a markdown bullet: theirs quoted, ours beside it. */
function bullet(r: ClaimRow, sizes: Map<string, number>): string {
  const ours = r.ours_interval === "exact" || r.ours_low === null
    ? r.ours_text
    : `${r.ours_text} [${end(r.ours_low, r.ours_text)}, ${
      end(r.ours_high!, r.ours_text)
    }] (${r.ours_interval})`;
  const diff = r.diff === null ? "" : `; ours − published ${diffText(r)}`;
  const test = r.statistic === "tost"
    ? `; ${testText(r, sizes.get(r.family))}`
    : "";
  return `- **${r.verdict}** — ${r.source}: ${
    r.claim.replaceAll("|", "/")
  } — ours ${ours}${diff}${test} (${r.reading}, chosen ${r.reading_chosen})`;
}

/**
 * The closing "What it shows" of a notebook, as markdown: for an
 * experiment, our finding, the verdicts of its published figures and where
 * the numbers come from; for `tour`, the report's five headline findings and
 * the verdict counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // the repository's results/, wherever the working directory is
 * assert.ok(whatItShows("tour").includes("claims.csv"));
 * ```
 */
export function whatItShows(name: string, dir = RESULTS): string {
  const d = dir.replace(/\/+$/, "");
  const claims = claimRows(d);
  const out = ["## What it shows", ""];
  if (name === "tour") {
    headlines(d, claims).forEach((h, i) =>
      out.push(`${i + 1}. ${toMarkdown(h)}`)
    );
    out.push(
      "",
      `Verdicts of the published claims (results/claims.csv, rule in docs/claims.md): ${
        countsLine(claims)
      }.`,
    );
    return out.join("\n") + "\n";
  }
  const p = readJson(`${d}/${name}.json`) ?? {};
  out.push(finding(d, name, claims), "");
  const mine = claims.filter((c) => c.experiment === name);
  const table = mine.filter((c) => c.id.startsWith("s000-table-"));
  if (table.length) {
    out.push(
      `- **${
        table.every((c) => c.verdict === "exact") ? "exact" : "mixed"
      }** — seed 000's policy table, ${table.length} figures: ${
        table.filter((c) => c.verdict === "exact").length
      } equal at its printed digits (${table[0].reading})`,
    );
  }
  const sizes = familySizes(claims);
  for (const r of mine.filter((c) => !c.id.startsWith("s000-table-"))) {
    out.push(bullet(r, sizes));
  }
  const families = new Set(mine.map((c) => c.family));
  const search = readingSearch(d).filter((r) => families.has(r.family));
  if (search.length) {
    out.push(
      "",
      "The reading search (not verdicts: every reading tried for these tables, its fit over the cells it covers):",
      "",
      "| table | reading | chosen | fit | picked by |",
      "| --- | --- | --- | --- | --- |",
      ...search.map((r) =>
        `| ${r.family} | ${r.reading} | ${r.chosen} | ${fitText(r)} | ${
          r.pick || "-"
        } |`
      ),
    );
  }
  if (name === "solver-vs-simulation") {
    const s = simulationFamily(d);
    if (s) {
      out.push(
        "",
        `Family-wise: ${s.tests} comparisons, largest abs z ${
          s.max_abs_z.toFixed(2)
        } against ${
          s.expected_max_abs_z.toFixed(2)
        } expected by chance; Holm's first bound ${
          s.holm_bound.toFixed(2)
        }; ${s.rejected} rejected.`,
      );
    }
  }
  if (name === "win-agent") {
    const a = ablationTests(d);
    if (a.length) {
      out.push(
        "",
        `The four ablations of winprob (unpaired SE, conservative; Holm over four): ${
          a.map((t) =>
            `${t.agent} ${(100 * t.diff).toFixed(2)} ± ${
              (100 * t.se).toFixed(2)
            } points (Holm p ${t.holm_p.toFixed(3)})`
          ).join("; ")
        }.`,
      );
    }
  }
  out.push(
    "",
    `*Numbers read from results/${name}.csv and results/claims.csv, written by \`${
      p.command ?? "-"
    }\` and \`deno task report\`; intervals as in docs/statistics.md.*`,
  );
  return out.join("\n") + "\n";
}

/**
 * A notebook's chart of its own run, captioned with what it is: a quick run
 * with its counts (not the published figures), or a full-size run of this
 * notebook; the committed files are shown separately.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const res = { chart: { title: "t", caption: "c" }, provenance: { total_games: 400 } };
 * const chart = quickCaption(res, true);
 * assert.equal(chart.title, "t");
 * assert.match(chart.caption!, /^Quick run of this notebook \(total games 400\): small counts/);
 * ```
 */
export function quickCaption(
  res: { chart: ChartOptions; provenance: Record<string, unknown> },
  quick: boolean,
): ChartOptions {
  const c = counts(res.provenance).join("; ");
  return {
    ...res.chart,
    caption: quick
      ? `Quick run of this notebook${
        c ? ` (${c})` : ""
      }: small counts, not the published figures; the committed full-size result is shown below.`
      : `Full-size run of this notebook${
        c ? ` (${c})` : ""
      }; results/ holds the committed one.`,
  };
}
