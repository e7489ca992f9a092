/**
 * Result rows as files: CSV out ({@linkcode toCsv}, checked against its
 * header) and back in with typed cells ({@linkcode parseRows}), and the
 * Markdown table of claims ({@linkcode claimsTable}). `experiment.ts`
 * re-exports them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRows, toCsv } from "./rows.ts";
 * const csv = toCsv(["policy", "ev"], [{ policy: "ev", ev: 22.5 }]);
 * assert.equal(csv, "policy,ev\nev,22.5\n");
 * assert.deepEqual(parseRows(csv), [{ policy: "ev", ev: 22.5 }]);
 * ```
 * @module
 */

import { csvFormat, csvParse } from "d3-dsv";
import { type Claim, referenceText, type Row } from "./definition.ts";

/**
 * Parse a results CSV back into rows, as {@linkcode toCsv} wrote them:
 * numbers become numbers, `true`/`false` booleans, empty cells null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(parseRows("a,b,c\n1.5,x,\n"), [{ a: 1.5, b: "x", c: null }]);
 * ```
 */
export function parseRows(csv: string): Row[] {
  return csvParse(csv).map((r: Record<string, string | undefined>) => {
    const row: Row = {};
    for (const [k, v] of Object.entries(r)) {
      if (v === undefined || v === "") row[k] = null;
      else if (v === "true" || v === "false") row[k] = v === "true";
      else if (/^-?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(v)) row[k] = Number(v);
      else row[k] = v;
    }
    return row;
  });
}

/**
 * Format tidy rows as CSV, checking that every row has exactly the columns
 * and that every number is finite.
 *
 * @throws {Error} on a missing or extra column, or a non-finite number.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(toCsv(["a", "b"], [{ a: 1, b: "x" }]), "a,b\n1,x\n");
 * ```
 */
export function toCsv(columns: string[], rows: Row[]): string {
  rows.forEach((row, i) => {
    const keys = Object.keys(row);
    for (const c of columns) {
      if (!(c in row)) throw new Error(`row ${i} has no column '${c}'`);
      const v = row[c];
      if (typeof v === "number" && !Number.isFinite(v)) {
        throw new Error(`row ${i}: column '${c}' is ${v}`);
      }
    }
    for (const k of keys) {
      if (!columns.includes(k)) {
        throw new Error(`row ${i} has a column '${k}' not in the header`);
      }
    }
  });
  return csvFormat(rows, columns) + "\n";
}

/**
 * Render claims as a markdown table (claim, the published figure with its
 * source unless it is seed 000, ours, file).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const md = claimsTable([{ name: "advice", claims: [{ claim: "c", reference: { source: "seed 000", figure: "1" }, ours: "2" }] }]);
 * assert.equal(md.split("\n")[2], "| c | 1 | 2 | [advice.csv](advice.csv) |");
 * ```
 */
export function claimsTable(
  items: { name: string; claims: Claim[] }[],
): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  const lines = [
    "| claim | published | ours | file |",
    "| --- | --- | --- | --- |",
  ];
  for (const it of items) {
    for (const c of it.claims) {
      lines.push(
        `| ${esc(c.claim)} | ${esc(referenceText(c.reference))} | ${
          esc(c.ours)
        } | [${it.name}.csv](${it.name}.csv) |`,
      );
    }
  }
  return lines.join("\n") + "\n";
}
