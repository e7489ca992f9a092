/**
 * The report's claims table and its glossary of policy codes.
 *
 * @module
 */

import { REGISTRY } from "../../lib/run/registry.ts";
import {
  type ClaimRow,
  countsLine,
  diffText,
  familySizes,
  testText,
} from "../claims.ts";
import { csvRows, esc, readJson } from "./read.ts";
import { prose } from "../text.ts";
import TEXT from "../text/report.md" with { type: "text" };

const text = prose("report", TEXT);

/** Every policy code of the CSVs of a results directory. */
export function policyCodes(dir = "results"): string[] {
  const codes = new Set<string>();
  const cols = [
    "policy",
    "agent",
    "opponent",
    "reading",
    "engine_policy",
    "other",
  ];
  for (const f of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    if (!f.endsWith(".csv") || f === "claims.csv") continue;
    for (const r of csvRows(dir, f.slice(0, -4))) {
      for (const c of cols) {
        const v = r[c];
        if (typeof v === "string" && /^[a-z][a-z0-9/:.-]*$/.test(v)) {
          codes.add(v);
        }
      }
    }
  }
  // the policies the JSON files name (readings played, policies evaluated)
  const walk = (x: unknown, key: string) => {
    if (Array.isArray(x)) x.forEach((y) => walk(y, key));
    else if (x && typeof x === "object") {
      for (const [k, y] of Object.entries(x)) walk(y, k);
    } else if (
      typeof x === "string" && /^(readings|policies|policy)$/.test(key) &&
      /^[a-z][a-z0-9/:.-]*$/.test(x)
    ) codes.add(x);
  };
  for (const f of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
    if (f.endsWith(".json")) walk(readJson(`${dir}/${f}`), "");
  }
  return [...codes].sort();
}

/** The glossary entry of a policy code, from the strategy registry. */
function describeCode(code: string): string {
  if (code === "evc-ev") return "a difference: evc minus ev on the same games";
  if (code === "optimal") {
    return "the exact solo optimum, evaluated exactly (policy-ev-table); played as dp";
  }
  const e = REGISTRY.find((x) => x.name === code) ??
    REGISTRY.find((x) => code.startsWith(`${x.name}:`));
  return e ? e.describe : "";
}

export function glossary(dir: string): string {
  const codes = policyCodes(dir);
  return `<table class="glossary"><thead><tr><th>code</th><th>what it does</th></tr></thead><tbody>${
    codes.map((c) =>
      `<tr><td><code>${esc(c)}</code></td><td>${
        esc(describeCode(c) || "(see lib/run/registry.ts)")
      }</td></tr>`
    ).join("\n")
  }</tbody></table>${text("glossary-note")}`;
}

export function claimsHtml(rows: ClaimRow[]): string {
  if (rows.length === 0) {
    return "<p>No claims: run <code>deno task repro</code>.</p>";
  }
  const sizes = familySizes(rows);
  return `${
    text("claims-summary", {
      counts: esc(countsLine(rows)),
      rows: rows.filter((r) => r.statistic === "tost").length,
      families: sizes.size,
    })
  }
<table class="claims"><thead><tr><th>verdict</th><th>source</th><th>published claim (theirs, quoted)</th><th>ours</th><th>ours − published</th><th>test</th><th>reading (chosen)</th><th>file and rerun</th></tr></thead><tbody>
${grouped(rows, sizes)}</tbody></table>`;
}

/**
 * The claims table's rows, seed 000's 40-figure policy table folded into one
 * line (its rows are in the policy-ev-table section and claims.csv).
 */
function grouped(rows: ClaimRow[], sizes: Map<string, number>): string {
  const table = rows.filter((r) => r.id.startsWith("s000-table-"));
  const out: string[] = [];
  let folded = false;
  for (const r of rows) {
    if (!r.id.startsWith("s000-table-")) {
      out.push(claimRowHtml(r, sizes));
      continue;
    }
    if (folded) continue;
    folded = true;
    const c: Record<string, number> = {};
    for (const t of table) c[t.verdict] = (c[t.verdict] ?? 0) + 1;
    const v = Object.keys(c).length === 1 ? Object.keys(c)[0] : "mixed";
    out.push(
      `<tr class="v-${v} folded"><td><b>${v}</b> (${
        Object.entries(c).map(([k, n]) => `${n} ${k}`).join(", ")
      })</td><td>seed 000</td><td>its policy table (exact, python3 dp.py --all): EV, sd, bust and Flip 7 of ${
        table.length / 4
      } policies, ${table.length} figures</td><td>each at its printed digits: see <a href="#policy-ev-table">policy-ev-table</a></td><td>each within the rounding of the two printed figures (claims.csv)</td><td>digits</td><td>${
        esc(table[0].reading)
      } (${
        table[0].reading_chosen
      })</td><td><a href="policy-ev-table.csv">policy-ev-table</a><br><code>${
        esc(table[0].rerun)
      }</code></td></tr>`,
    );
  }
  return out.join("\n");
}

export function claimRowHtml(
  r: ClaimRow,
  sizes: Map<string, number> = new Map(),
): string {
  const ours = r.ours_interval === "exact" || r.ours_low === null
    ? esc(r.ours_text)
    : `${esc(r.ours_text)} <small>[${iv(r.ours_low, r.ours_text)}, ${
      iv(r.ours_high!, r.ours_text)
    }] ${esc(r.ours_interval)}</small>`;
  return `<tr class="v-${r.verdict}"><td><b>${r.verdict}</b></td><td>${
    esc(r.source)
  }</td><td>${esc(r.claim)}</td><td>${ours}</td><td>${
    esc(diffText(r))
  }</td><td>${esc(testText(r, sizes.get(r.family)))}</td><td>${
    esc(r.reading)
  } (${r.reading_chosen})</td><td><a href="${r.experiment}.csv">${r.experiment}</a><br><code>${
    esc(r.rerun)
  }</code></td></tr>`;
}

function iv(x: number, text: string): string {
  const m = /(-?\d+)(\.(\d+))?%/.exec(text);
  if (m) return `${(100 * x).toFixed(m[3]?.length ?? 0)}%`;
  const d = /^-?\d+\.(\d+)/.exec(text)?.[1]?.length ?? 3;
  return x.toFixed(d);
}
