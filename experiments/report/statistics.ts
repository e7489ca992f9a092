/**
 * The report's statistics section: the definitions, the solver-against-
 * simulation family, the field-size reading search and the win-agent
 * ablations.
 *
 * @module
 */

import {
  ablationTests,
  type ClaimRow,
  FAMILIES,
  familySizes,
  fitText,
  readingSearch,
  simulationFamily,
} from "../claims.ts";
import { esc, pc } from "./read.ts";
import { prose } from "../text.ts";
import TEXT from "../text/report.md" with { type: "text" };

const text = prose("report", TEXT);

export function statisticsHtml(dir: string, rows: ClaimRow[]): string {
  const parts: string[] = [
    text("statistics-definitions"),
  ];
  const sim = simulationFamily(dir);
  if (sim) {
    parts.push(
      text("statistics-simulation", {
        tests: sim.tests,
        max_z: sim.max_abs_z.toFixed(2),
        expected_z: sim.expected_max_abs_z.toFixed(2),
        bound: sim.holm_bound.toFixed(2),
        rejected: sim.rejected,
        agree: sim.rejected === 0
          ? "The simulation agrees with the exact solver"
          : "The simulation and the exact solver differ",
      }),
    );
  }
  const sizes = familySizes(rows);
  if (sizes.size) {
    parts.push(
      `${text("statistics-families")}
<table class="families"><thead><tr><th>family</th><th>what it is</th><th>Monte Carlo rows (Holm)</th></tr></thead><tbody>${
        [...sizes.entries()].map(([f, k]) =>
          `<tr><td>${esc(f)}</td><td>${esc(FAMILIES[f])}</td><td>${k}</td></tr>`
        ).join("")
      }</tbody></table>`,
    );
  }
  const search = readingSearch(dir);
  if (search.length) {
    parts.push(
      `${text("statistics-search")}
<table class="search"><thead><tr><th>family</th><th>reading</th><th>chosen</th><th>fit</th><th>which rule picks it</th></tr></thead><tbody>${
        search.map((r) =>
          `<tr${r.verdict ? ' class="verdict-reading"' : ""}><td>${
            esc(r.family)
          }</td><td>${esc(r.reading)}</td><td>${r.chosen}</td><td>${
            esc(fitText(r))
          }</td><td>${esc(r.pick)}</td></tr>`
        ).join("")
      }</tbody></table>${text("statistics-search-note")}`,
    );
  }
  const abl = ablationTests(dir);
  if (abl.length) {
    parts.push(
      `${text("statistics-ablations")}
<table><thead><tr><th>ablation</th><th>win share</th><th>minus winprob's</th><th>SE</th><th>z</th><th>Holm p</th></tr></thead><tbody>${
        abl.map((a) =>
          `<tr><td><code>${esc(a.agent)}</code></td><td>${
            pc(a.share)
          }</td><td>${(100 * a.diff).toFixed(2)} pts</td><td>${
            (100 * a.se).toFixed(2)
          }</td><td>${a.z.toFixed(2)}</td><td>${a.holm_p.toFixed(3)}</td></tr>`
        ).join("")
      }</tbody></table>`,
    );
  }
  return parts.join("\n");
}
