/**
 * `CLAIMS.md` and `claims.csv` of a results directory: the claims table
 * with its verdicts, and each experiment's own figures beside the published
 * ones.
 *
 * @module
 */

import {
  type Claim,
  claimsTable,
  type Row,
  toCsv,
} from "../../lib/experiment/experiment.ts";
import { writeFileAtomic } from "../../lib/util/io.ts";
import { Files } from "./files.ts";
import { CLAIM_COLUMNS, type ClaimRow, type Verdict } from "./types.ts";
import { claimRows } from "./verdicts.ts";
import { prose } from "../text.ts";
import TEXT from "../text/claims.md" with { type: "text" };

const text = prose("claims", TEXT);

/** Counts of the verdicts, by source. */
export function verdictCounts(
  rows: ClaimRow[],
): Record<string, Record<Verdict, number>> {
  const out: Record<string, Record<Verdict, number>> = {};
  for (const r of rows) {
    out[r.source] ??= {
      exact: 0,
      reproduced: 0,
      consistent: 0,
      "not-reproduced": 0,
    };
    out[r.source][r.verdict]++;
  }
  return out;
}

/**
 * `CLAIMS.md`: the claims table with the verdict column, from the rows of
 * `claims.csv`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { claimRows } from "./verdicts.ts";
 * const md = claimsMarkdown(claimRows("results"), "deno task report", "results");
 * assert.equal(md, Deno.readTextFileSync("results/CLAIMS.md"));
 * ```
 */
export function claimsMarkdown(
  rows: ClaimRow[],
  command: string,
  dir = "results",
): string {
  const esc = (s: unknown) => String(s ?? "").replaceAll("|", "\\|");
  const counts = verdictCounts(rows);
  const mc = rows.filter((r) => r.statistic === "z" || r.holm_p !== null);
  const f = new Files(dir.replace(/\/+$/, ""));
  const quick = [...new Set(rows.map((r) => r.experiment))].filter((n) =>
    f.json(n)?.quick === true
  );
  const lines = [
    "# Published claims and our verdicts",
    "",
    ...(quick.length
      ? [
        text("quick", { names: quick.join(", ") }),
        "",
      ]
      : []),
    text("written-by", { command }),
    "",
    text("verdicts", {
      counts: Object.entries(counts).map(([s, c]) =>
        `${s}: ${c.exact} exact, ${c.reproduced} reproduced, ${c.consistent} consistent, ${
          c["not-reproduced"]
        } not reproduced`
      ).join("; "),
      rows: mc.length,
    }),
    "",
    "| verdict | source | published claim | ours | statistic | reading (chosen) | file |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const stat = r.statistic === "z"
      ? `z ${r.z} (Holm p ${fmtP(r.holm_p)})`
      : r.statistic === "probability of the event"
      ? `p ${fmtP(r.p)} (Holm p ${fmtP(r.holm_p)})`
      : r.statistic;
    const ours = r.ours_interval === "exact" || r.ours_low === null
      ? r.ours_text
      : `${r.ours_text} (${r.ours_interval} ${
        show2(r.ours_low, r.published, r.ours_text)
      }–${show2(r.ours_high!, r.published, r.ours_text)})`;
    lines.push(
      `| **${r.verdict}** | ${esc(r.source)} | ${esc(r.claim)} | ${esc(ours)}${
        r.reading_chosen === "after"
          ? `; under the reading chosen before: ${esc(r.before_ours)}${
            r.before_z !== null ? `, z ${r.before_z}` : ""
          }`
          : ""
      } | ${esc(stat)} | ${
        esc(r.reading)
      } (${r.reading_chosen}) | [${r.experiment}.csv](${r.experiment}.csv) |`,
    );
  }
  lines.push(
    "",
    "## Figures by experiment",
    "",
    text("figures-note"),
    "",
    figuresTable(dir),
  );
  return lines.join("\n");
}

function fmtP(p: number | null): string {
  if (p === null) return "-";
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

/** An interval end in the unit of the row's text (percent or plain). */
function show2(x: number, _pub: number | null, text: string): string {
  const m = /(-?\d+)(\.(\d+))?%/.exec(text);
  if (m) return `${(100 * x).toFixed(m[3]?.length ?? 0)}%`;
  const d = /^-?\d+\.(\d+)/.exec(text)?.[1]?.length ?? 3;
  return x.toFixed(d);
}

/** The experiments in the order `deno task repro --all` runs them. */
const EXPERIMENT_ORDER = [
  "policy-ev-table",
  "optimal-distribution",
  "field-size",
  "card-counting",
  "advice",
  "replication",
  "solver-vs-simulation",
  "win-agent",
  "sweep",
  "deck-variants",
  "round-law",
];

/**
 * The figures-by-experiment table (claim, published, ours, file) of the
 * experiments `deno task repro` wrote into a directory, from the `claims` of
 * their JSON files: the table the README's claims block quotes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(figuresTable("results").startsWith("| claim |"));
 * ```
 */
export function figuresTable(dir = "results"): string {
  const f = new Files(dir.replace(/\/+$/, ""));
  const items: { name: string; claims: Claim[] }[] = [];
  for (const name of EXPERIMENT_ORDER) {
    const p = f.json(name);
    if (!p || !String(p.command ?? "").startsWith("deno task repro")) continue;
    items.push({ name, claims: (p.claims ?? []) as Claim[] });
  }
  return claimsTable(items);
}

/**
 * Write `claims.csv` and `CLAIMS.md` of a results directory (atomically);
 * returns the rows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // into a copy of results/ (the claims are computed from its other files)
 * const dir = Deno.makeTempDirSync();
 * for (const e of Deno.readDirSync("results")) {
 *   if (/\.(csv|json)$/.test(e.name)) Deno.copyFileSync(`results/${e.name}`, `${dir}/${e.name}`);
 * }
 * await writeClaims(dir, "deno task report");
 * assert.equal(Deno.readTextFileSync(`${dir}/claims.csv`), Deno.readTextFileSync("results/claims.csv"));
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export async function writeClaims(
  dir = "results",
  command = "deno task report",
): Promise<ClaimRow[]> {
  const d = dir.replace(/\/+$/, "");
  const rows = claimRows(d);
  await writeFileAtomic(
    `${d}/claims.csv`,
    toCsv([...CLAIM_COLUMNS], rows as unknown as Row[]),
  );
  await writeFileAtomic(`${d}/CLAIMS.md`, claimsMarkdown(rows, command, d));
  return rows;
}
