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
import { writeFilesAtomic } from "../../lib/util/io.ts";
import { Files } from "./files.ts";
import {
  CLAIM_COLUMNS,
  type ClaimRow,
  FAMILIES,
  type Verdict,
  VERDICTS,
} from "./types.ts";
import { claimRows, readingSearch } from "./verdicts.ts";
import { diffText, familySizes, fitText, testText } from "./show.ts";
import { prose } from "../text.ts";
import TEXT from "../text/claims.md" with { type: "text" };

const text = prose("claims", TEXT);

/** Counts of the verdicts, by source. */
export function verdictCounts(
  rows: ClaimRow[],
): Record<string, Record<Verdict, number>> {
  const out: Record<string, Record<Verdict, number>> = {};
  for (const r of rows) {
    out[r.source] ??= Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<
      Verdict,
      number
    >;
    out[r.source][r.verdict]++;
  }
  return out;
}

/**
 * The verdict counts as one line: `seed 000: 48 exact, 1 reproduced, ...`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { claimRows } from "./verdicts.ts";
 * assert.match(countsLine(claimRows("results")), /^seed 000: \d+ exact, \d+ reproduced, \d+ consistent, \d+ inconclusive, \d+ not reproduced, \d+ not comparable; seed 001: /);
 * ```
 */
export function countsLine(rows: ClaimRow[]): string {
  return Object.entries(verdictCounts(rows)).map(([s, c]) =>
    `${s}: ${VERDICTS.map((v) => `${c[v]} ${v.replace("-", " ")}`).join(", ")}`
  ).join("; ");
}

/**
 * `CLAIMS.md`: the claims table with the verdict column, from the rows of
 * `claims.csv`; then the families, the reading search and each
 * experiment's own figures.
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
  const sizes = familySizes(rows);
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
      counts: countsLine(rows),
      rows: rows.filter((r) => r.statistic === "tost").length,
      families: sizes.size,
    }),
    "",
    "| verdict | source | published claim | ours | ours − published | test | reading (chosen) | file and rerun |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const ours = r.ours_interval === "exact" || r.ours_low === null
      ? r.ours_text
      : `${r.ours_text} (${r.ours_interval} ${show2(r.ours_low, r.ours_text)}–${
        show2(r.ours_high!, r.ours_text)
      })`;
    lines.push(
      `| **${r.verdict}** | ${esc(r.source)} | ${esc(r.claim)} | ${
        esc(ours)
      } | ${esc(diffText(r))} | ${esc(testText(r, sizes.get(r.family)))} | ${
        esc(r.reading)
      } (${r.reading_chosen}) | [${r.experiment}.csv](${r.experiment}.csv): \`${
        esc(r.rerun)
      }\` |`,
    );
  }
  lines.push(
    "",
    "## Families",
    "",
    text("families-note"),
    "",
    "| family | what it is | rows | Monte Carlo rows (Holm) |",
    "| --- | --- | --- | --- |",
    ...[...new Set(rows.map((r) => r.family))].map((fam) =>
      `| ${fam} | ${esc(FAMILIES[fam])} | ${
        rows.filter((r) => r.family === fam).length
      } | ${sizes.get(fam) ?? 0} |`
    ),
    "",
    "## Readings searched (not verdicts)",
    "",
    text("search-note"),
    "",
    "| family | reading | chosen | fit | which rule picks it |",
    "| --- | --- | --- | --- | --- |",
    ...readingSearch(dir).map((s) =>
      `| ${s.family} | ${esc(s.reading)} | ${s.chosen} | ${esc(fitText(s))} | ${
        esc(s.pick)
      } |`
    ),
    "",
    "## Figures by experiment",
    "",
    text("figures-note"),
    "",
    figuresTable(dir),
  );
  return lines.join("\n");
}

/** An interval end in the unit of the row's text (percent or plain). */
function show2(x: number, text: string): string {
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
 * `claims.csv` and `CLAIMS.md` of a results directory, as the files'
 * contents (written together by {@linkcode writeClaims} and the report).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const { csv } = claimsFiles("results", "deno task report");
 * assert.equal(csv, Deno.readTextFileSync("results/claims.csv"));
 * ```
 */
export function claimsFiles(
  dir = "results",
  command = "deno task report",
): { rows: ClaimRow[]; csv: string; md: string } {
  const d = dir.replace(/\/+$/, "");
  const rows = claimRows(d);
  return {
    rows,
    csv: toCsv([...CLAIM_COLUMNS], rows as unknown as Row[]),
    md: claimsMarkdown(rows, command, d),
  };
}

/**
 * Write `claims.csv` and `CLAIMS.md` of a results directory, together (both
 * staged, then renamed: neither is replaced unless both could be written);
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
  const { rows, csv, md } = claimsFiles(d, command);
  await writeFilesAtomic([[`${d}/claims.csv`, csv], [`${d}/CLAIMS.md`, md]]);
  return rows;
}
