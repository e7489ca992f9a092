/**
 * Reading a results directory for the report (experiments/report.ts): its
 * JSON and CSV files (a damaged JSON is an error), and the small formatters
 * the report's sections share.
 *
 * @module
 */

import {
  type Cell,
  parseRows,
  type Row,
} from "../../lib/experiment/experiment.ts";
import { InputError } from "../../lib/game/cards.ts";
import { digest } from "../../lib/util/sources.ts";
import { csvParseRows } from "d3-dsv";
import { REGISTERED } from "../names.ts";

export const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!,
  );

export function readJson(path: string): Record<string, unknown> | null {
  let text: string;
  try {
    text = Deno.readTextFileSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw new InputError(
      `cannot read ${path} (${
        e instanceof Error ? e.message.split("\n")[0] : e
      })`,
    );
  }
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = undefined;
  }
  // a file that is there but damaged is an error: a section silently left
  // out of the report would hide it
  if (v === null || typeof v !== "object" || Array.isArray(v)) {
    throw new InputError(
      `${path} is damaged (${
        v === undefined ? "not valid JSON" : "not a JSON object"
      }): restore it (git checkout ${path}) or rerun its experiment`,
    );
  }
  return v as Record<string, unknown>;
}

/** Whether a regular file is there. */
export function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * Counts worth showing from a provenance: fields named like counts.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(counts({ total_games: 1000, seed: 1 }), ["total games 1,000"]);
 * assert.deepEqual(counts({ games_per_run: { 2: 400, 4: 600 } }), ["games per run: 2 400, 4 600"]);
 * ```
 */
export function counts(p: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(p)) {
    if (!/games|rounds|count|^rows$/.test(k)) continue;
    if (typeof v === "number") {
      out.push(`${k.replaceAll("_", " ")} ${v.toLocaleString("en-US")}`);
    } else if (v && typeof v === "object" && !Array.isArray(v)) {
      const nums = Object.entries(v).filter(([, x]) => typeof x === "number");
      if (nums.length && nums.length <= 10) {
        out.push(
          `${k.replaceAll("_", " ")}: ${
            nums.map(([a, x]) =>
              `${a} ${(x as number).toLocaleString("en-US")}`
            )
              .join(", ")
          }`,
        );
      }
    }
  }
  return out;
}

export function seedsOf(p: Record<string, unknown>): string {
  const s = Array.isArray(p.seeds) ? p.seeds : [];
  const base = `base seed ${p.seed ?? "-"}`;
  if (s.length === 0) return `${base}; no randomness`;
  const shown = s.slice(0, 6).join(", ");
  return `${base}; ${s.length} run seed${s.length === 1 ? "" : "s"}: ${shown}${
    s.length > 6 ? ", …" : ""
  }`;
}

/** A share as a percentage with one decimal. */
export const pc = (x: unknown, d = 1) =>
  typeof x === "number" ? `${(100 * x).toFixed(d)}%` : "—";
/** A share with its Wilson 95% interval. */
export const pci = (r: Row | null | undefined) =>
  r ? `${pc(r.win_share)} (${pc(r.ci_low)}–${pc(r.ci_high)})` : "—";

export function csvRows(dir: string, name: string): Row[] {
  try {
    return parseRows(Deno.readTextFileSync(`${dir}/${name}.csv`));
  } catch {
    return [];
  }
}

export const find = (rows: Row[], where: Record<string, Cell>) =>
  rows.find((r) => Object.entries(where).every(([k, v]) => r[k] === v)) ??
    null;

export const num = (x: unknown): number | null =>
  typeof x === "number" ? x : null;

/**
 * Refuse a results folder whose experiment files are damaged (issue 41,
 * row 16): for every registered experiment with a CSV, the CSV is not
 * empty, has its JSON beside it, the header and row count the JSON names,
 * every line as many cells as the header, and (when the JSON records them)
 * the same digests as the CSV, SVG and PNG written with it. One
 * {@linkcode InputError} naming the file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * checkResults("results"); // the committed files are sound
 * const dir = Deno.makeTempDirSync();
 * Deno.copyFileSync("results/advice.json", `${dir}/advice.json`);
 * Deno.writeTextFileSync(`${dir}/advice.csv`, "");
 * assert.throws(() => checkResults(dir), /advice\.csv is empty/);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function checkResults(dir: string): void {
  for (const name of REGISTERED) {
    const path = `${dir}/${name}.csv`;
    if (!exists(path)) continue;
    const damaged = (why: string) =>
      new InputError(
        `${path} ${why}: restore it (git checkout ${path}) or rerun its experiment`,
      );
    const text = Deno.readTextFileSync(path);
    if (text.trim() === "") throw damaged("is empty");
    const p = readJson(`${dir}/${name}.json`);
    if (!p) throw damaged(`has no ${name}.json beside it`);
    let lines: string[][];
    try {
      lines = csvParseRows(text);
    } catch {
      throw damaged("is damaged (not CSV)");
    }
    const head = lines[0];
    if (Array.isArray(p.columns) && head.join(",") !== p.columns.join(",")) {
      throw damaged(
        `is damaged (its header is not the columns ${name}.json names)`,
      );
    }
    const bad = lines.findIndex((l) => l.length !== head.length);
    if (bad > 0) {
      throw damaged(
        `is damaged (line ${bad + 1} has ${
          lines[bad].length
        } cells, the header ${head.length})`,
      );
    }
    if (typeof p.rows === "number" && lines.length - 1 !== p.rows) {
      throw damaged(
        `is damaged (${lines.length - 1} rows, ${name}.json says ${p.rows})`,
      );
    }
    const digests = (p.digests ?? {}) as Record<string, string>;
    for (const [file, d] of Object.entries(digests)) {
      const f = `${dir}/${file}`;
      if (!exists(f)) continue;
      if (digest(Deno.readFileSync(f)) !== d) {
        throw new InputError(
          `${f} is not the file ${name}.json was written with (its digest differs): restore it (git checkout ${f}) or rerun its experiment`,
        );
      }
    }
  }
}
