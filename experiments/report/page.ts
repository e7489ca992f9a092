/**
 * The report page (`index.html`): the write-up's sections put together.
 *
 * @module
 */

import { type ClaimRow, claimsFiles, familySizes, SOURCES } from "../claims.ts";
import {
  checkResults,
  counts,
  esc,
  exists,
  readJson,
  seedsOf,
} from "./read.ts";
import { checkedSvg } from "./svg.ts";
import {
  citation,
  CITE_MARK,
  type REPORT_FILES,
  reportDigests,
} from "./cite.ts";
import { REGISTERED } from "../names.ts";
import { headlines } from "./headlines.ts";
import { headlineTable } from "./headline_table.ts";
import { claimRowHtml, claimsHtml, glossary } from "./claims_html.ts";
import { statisticsHtml } from "./statistics.ts";
import { finding } from "./finding.ts";
import { prose } from "../text.ts";
import TEXT from "../text/report.md" with { type: "text" };

const text = prose("report", TEXT);

/** Experiments whose `claim` is a published claim (seed 000's), not a question. */
const THEIRS = [
  "policy-ev-table",
  "optimal-distribution",
  "field-size",
  "card-counting",
  "advice",
  "replication",
];

/**
 * The report's three files of a results directory — `claims.csv`,
 * `CLAIMS.md` and `index.html` — with the claims rows and the digests
 * `repro.json` records (the page's citation left out). Refuses, with one
 * {@linkcode InputError}, a damaged result (`checkResults`) or a chart it
 * would not inline (`checkedSvg`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = reportFiles("results");
 * assert.equal(r.files["claims.csv"], Deno.readTextFileSync("results/claims.csv"));
 * assert.match(r.digests["index.html"], /^[0-9a-f]{16}$/);
 * ```
 */
export function reportFiles(dir = "results"): {
  rows: ClaimRow[];
  files: Record<(typeof REPORT_FILES)[number], string>;
  digests: Record<string, string>;
} {
  dir = dir.replace(/\/+$/, "");
  checkResults(dir);
  const { rows, csv, md } = claimsFiles(dir, "deno task report");
  const page = pageHtml(dir, rows);
  const digests = reportDigests({
    "claims.csv": csv,
    "CLAIMS.md": md,
    "index.html": page,
  });
  const html = page.replace(CITE_MARK, citation(dir, digests));
  return {
    rows,
    files: { "claims.csv": csv, "CLAIMS.md": md, "index.html": html },
    digests,
  };
}

/**
 * The report page of a results directory, as HTML: a write-up. First a
 * one-screen summary (five headline findings with their numbers and
 * intervals, read from the files), the headline table, then the claims table
 * with verdicts (`claims.csv`), the statistics (definitions, families, the
 * reading search, the ablations), a glossary of every policy code of the
 * CSVs, limitations, references and how to cite, and one short section per
 * registered experiment: our finding, the claim tested (quoted), the chart,
 * its verdicts, the command that wrote its files and its provenance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(reportHtml("results").startsWith("<!DOCTYPE html>"));
 * ```
 */
export function reportHtml(dir = "results"): string {
  return reportFiles(dir).files["index.html"];
}

/** The page, its citation still to be put in at {@linkcode CITE_MARK}. */
function pageHtml(dir: string, claims: ClaimRow[]): string {
  // the registered experiments' charts only, in the order of the claims
  // table, then the others by name (a stray SVG is not an experiment)
  const order = [...new Set(claims.map((c) => c.experiment))];
  const rank = (n: string) =>
    order.includes(n) ? order.indexOf(n) : order.length;
  const charts = REGISTERED.filter((n) => exists(`${dir}/${n}.svg`))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const sizes = familySizes(claims);
  const sections = charts.map((name) => {
    const p = readJson(`${dir}/${name}.json`) ?? {};
    const code = (p.code ?? {}) as Record<string, unknown>;
    const svg = checkedSvg(
      Deno.readTextFileSync(`${dir}/${name}.svg`),
      `${dir}/${name}.svg`,
    );
    const links = ["csv", "json", "png", "svg"]
      .filter((x) => exists(`${dir}/${name}.${x}`))
      .map((x) => `<a href="${esc(name)}.${x}">${esc(name)}.${x}</a>`)
      .join(" · ");
    const summary = Array.isArray(p.summary) ? p.summary as string[] : [];
    const mine = claims.filter((c) => c.experiment === name);
    const prov = [
      ["command", p.command ? `<code>${esc(p.command)}</code>` : "-"],
      [
        "commit",
        code.commit
          ? `<code>${esc(String(code.commit).slice(0, 12))}</code>${
            code.dirty ? " (with uncommitted changes)" : ""
          }`
          : "-",
      ],
      ["seeds", esc(seedsOf(p))],
      ["counts", esc(counts(p).join("; ") || "-")],
      [
        "run",
        p.started
          ? `${esc(p.started)}, ${esc(p.elapsed_s)} s on ${
            esc(p.workers)
          } worker(s), Deno ${esc(p.deno)}${
            p.quick ? " — <strong>quick run</strong>" : ""
          }${p.scale && p.scale !== 1 ? `, counts × ${esc(p.scale)}` : ""}`
          : "-",
      ],
    ];
    return `<section id="${esc(name)}">
<h2>${esc(name)}</h2>
<p class="finding"><b>Our finding.</b> ${esc(finding(dir, name, claims))}</p>
${
      p.claim
        ? THEIRS.includes(name)
          ? `<p class="claim">Seed 000's claim, as the experiment states it (theirs, not our finding): “${
            esc(p.claim)
          }”</p>`
          : `<p class="claim">What it asks: ${esc(p.claim)}</p>`
        : ""
    }
<p class="cmd">Written by <code>${esc(p.command ?? "-")}</code>.</p>
<figure class="chart" data-chart="${esc(name)}">${svg}</figure>
<p class="files">${links}</p>
${
      mine.length
        ? `<table class="claims"><thead><tr><th>verdict</th><th>source</th><th>published claim</th><th>ours</th><th>ours − published</th><th>test</th><th>reading (chosen)</th><th>file and rerun</th></tr></thead><tbody>${
          mine.map((r) => claimRowHtml(r, sizes)).join("\n")
        }</tbody></table>`
        : ""
    }
${
      summary.length
        ? `<details><summary>The experiment's summary (${summary.length} lines)</summary><ul>${
          summary.map((l) => `<li>${esc(l)}</li>`).join("")
        }</ul></details>`
        : ""
    }
<table class="prov"><tbody>${
      prov.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("")
    }</tbody></table>
</section>`;
  });
  const toc = [
    ["summary", "Summary"],
    ["headline", "Headline table"],
    ["claims", "Claims"],
    ["statistics", "Statistics"],
    ["glossary", "Glossary"],
    ["limitations", "Limitations"],
    ["references", "References"],
    ["cite", "How to cite"],
    ...charts.map((n) => [n, n]),
  ].map(([id, t]) => `<a href="#${esc(id)}">${esc(t)}</a>`).join(" · ");
  const quick = charts.filter((n) => readJson(`${dir}/${n}.json`)?.quick);
  const heads = headlines(dir, claims);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flip 7 Lab — results</title>
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #1a1a1a; margin: 0 auto; max-width: 980px; padding: 1em 1.5em 3em; line-height: 1.4; }
h1 { margin-bottom: 0.2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.8em 0; }
th, td { border: 1px solid #ddd; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
thead th { background: #f4f4f4; }
.prov th { background: #f8f8f8; width: 7em; }
figure.chart { margin: 1em 0; }
figure.chart svg { max-width: 100%; height: auto; }
.claim { font-style: italic; }
.files, nav, .cmd { font-size: 0.9em; }
code { font-size: 0.9em; }
ol.headlines li { margin-bottom: 0.4em; }
tr.v-not-reproduced td:first-child { color: #a40000; }
tr.v-consistent td:first-child { color: #8a5a00; }
tr.v-reproduced td:first-child, tr.v-exact td:first-child { color: #1a6b1a; }
</style>
</head>
<body>
<h1>Flip 7 Lab — results</h1>
<p>${text("page-intro")}${
    quick.length
      ? ` <strong>Quick runs (small counts, not the published sizes): ${
        esc(quick.join(", "))
      }.</strong>`
      : ""
  }</p>
<nav>${toc}</nav>
<h2 id="summary">Summary</h2>
<ol class="headlines">${heads.map((h) => `<li>${h}</li>`).join("\n")}</ol>
<h2 id="headline">Headline table</h2>
<p>${text("page-headline-table")}</p>
${headlineTable(dir)}
<h2 id="claims">Claims</h2>
${claimsHtml(claims)}
<h2 id="statistics">Statistics</h2>
${statisticsHtml(dir, claims)}
<h2 id="glossary">Glossary of policy codes</h2>
<p>Every policy code that appears in a CSV of <code>results/</code>.</p>
${glossary(dir)}
<h2 id="limitations">Limitations</h2>
<ul>
${text("limitations")}
</ul>
<h2 id="references">References</h2>
<ul>
${
    Object.entries(SOURCES).map(([k, s]) =>
      `<li><b>${esc(k)}</b>: ${esc(s.name)} — ${esc(s.where)}. What we took: ${
        esc(s.took)
      }.</li>`
    ).join("\n")
  }
${text("official-rules")}
</ul>
<h2 id="cite">How to cite</h2>
${CITE_MARK}
${sections.join("\n")}
</body>
</html>
`;
}
