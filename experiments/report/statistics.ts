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
  readingSearch,
  simulationFamily,
} from "../claims.ts";
import { esc, pc } from "./read.ts";

export function statisticsHtml(dir: string, rows: ClaimRow[]): string {
  const parts: string[] = [
    `<p>One definition of each interval (<code>docs/statistics.md</code>, <code>lib/run/stats.ts</code>): a share (win share, bust rate) carries a <b>Wilson 95%</b> interval; a mean (points a round, EV simulated) carries its <b>standard error</b>, written “± SE” where a ± appears, and the interval mean ± 1.96 SE where an interval appears; a difference of two groups of the same games has a paired SE. Exact figures carry none. Where k cells are compared, the family-wise rule is <b>Holm at 5%</b>, and the largest |z| is set beside the expected largest |z| of k tests.</p>`,
  ];
  const sim = simulationFamily(dir);
  if (sim) {
    parts.push(
      `<p><b>Solver against simulation</b> (solver-vs-simulation.csv): ${sim.tests} comparisons (Flip 7 rates that are zero on both sides by construction left out); largest |z| ${
        sim.max_abs_z.toFixed(2)
      }, where ${sim.tests} independent tests give ${
        sim.expected_max_abs_z.toFixed(2)
      } on average; Holm's first bound ${
        sim.holm_bound.toFixed(2)
      }; rejected: ${sim.rejected}. The simulation agrees with the exact solver.</p>`,
    );
  }
  const search = readingSearch(dir);
  if (search.length) {
    parts.push(
      `<p><b>The field-size reading search.</b> Seed 000's field-size table (${
        search[0].cells
      } figures) was compared with every reading of its rule we tried. The search is reported as a search: every reading with its fit; a rule fixed in advance (the literal policy bust:0.25 under the official rules) chooses the first; the best fit was chosen after seeing the figures.</p>
<table class="search"><thead><tr><th>reading</th><th>chosen</th><th>figures</th><th>largest |z|</th><th>Σz²</th><th>within |z| ≤ ${
        search[0].bound
      }</th><th>which rule picks it</th></tr></thead><tbody>${
        search.map((r) =>
          `<tr><td>${
            esc(r.reading)
          }</td><td>${r.chosen}</td><td>${r.cells}</td><td>${r.max_abs_z}</td><td>${r.sum_z2}</td><td>${r.within_bound} of ${r.cells}</td><td>${
            esc(r.pick)
          }</td></tr>`
        ).join("")
      }</tbody></table><p>Readings other than bust:0.25 and bustsc:0.25 were played on one seed at 2, 4 and 6 players only (fewer games, larger SEs), which favours them in Σz². Under every reading the points levels at 4 and 6 players stay off seed 000's (see the claims table).</p>`,
    );
  }
  const abl = ablationTests(dir);
  if (abl.length) {
    parts.push(
      `<p><b>Win-agent ablations</b> (win-agent.csv; each against ev, 50,000 games on winprob's seeds): the change in win share from winprob's, with the unpaired SE (the runs share their random numbers but the CSV keeps no per-game outcome, so no paired SE can be formed; the unpaired SE is conservative when the runs are positively correlated), and Holm over the four.</p>
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
  void rows;
  return parts.join("\n");
}
