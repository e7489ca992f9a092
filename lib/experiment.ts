/**
 * The experiment framework: an experiment reproduces one published claim and
 * returns tidy rows, a chart and provenance; {@linkcode runExperiment} writes
 * them as `NAME.csv`, `NAME.svg`, `NAME.png` and `NAME.json` into a results
 * directory, each file atomically (nothing is written unless everything was
 * computed and rendered).
 *
 * The CSV and the charts are deterministic for a given seed (rounded
 * numbers, no timestamps), so a changed figure shows in a diff; the JSON holds
 * the provenance, including what is not deterministic (timing, commit, Deno
 * version, worker count).
 *
 * @example
 * ```ts
 * import { InputError } from "./cards.ts";
import { runExperiment } from "./experiment.ts";
 * import { EXPERIMENTS } from "../experiments/mod.ts";
 * const report = await runExperiment(EXPERIMENTS[0], {
 *   seed: 1, quick: true, workers: 2, outDir: "results", command: "example",
 * });
 * report.files; // ["results/NAME.csv", ...]
 * ```
 * @module
 */

import { csvFormat, csvParse } from "d3-dsv";
import { InputError } from "./cards.ts";
import { type ChartOptions, renderSvg, svgToPng } from "./chart.ts";
import { writeFileAtomic } from "./io.ts";
import { mergeProvenance, shardStopHere } from "./shard.ts";
import { codeVersion } from "./version.ts";

export type { ChartOptions, PanelOptions, PlotOptions } from "./chart.ts";

/**
 * A cell of a result row.
 *
 * @example
 * ```ts
 * const c: Cell = 0.25;
 * ```
 */
export type Cell = string | number | boolean | null;

/**
 * One observation.
 *
 * @example
 * ```ts
 * const r: Row = { players: 4, policy: "ev", win_share: 0.27 };
 * ```
 */
export type Row = Record<string, Cell>;

/**
 * One line of the README "Claims" table.
 *
 * @example
 * ```ts
 * const c: Claim = { claim: "optimal EV", seed000: "22.232", ours: "22.232" };
 * ```
 */
export interface Claim {
  /** The claim, in a few words. */
  claim: string;
  /** Seed 000's figure. */
  seed000: string;
  /** Our figure. */
  ours: string;
}

/**
 * What an experiment's `run` receives.
 *
 * @example
 * ```ts
 * const o: ExperimentOptions = { seed: 1, quick: true, workers: 2 };
 * ```
 */
export interface ExperimentOptions {
  /** Base seed: every random run of the experiment derives its seed from it. */
  seed: number;
  /** Small counts, for tests and CI. */
  quick: boolean;
  /**
   * Multiplies every Monte Carlo count of a full run (default 1; see
   * {@linkcode sized}). Exact figures do not depend on it.
   */
  scale?: number;
  /** Number of workers (1 runs in this thread). */
  workers: number;
  /** Progress of a phase of the experiment. */
  onProgress?: (label: string, done: number, total: number) => void;
}

/**
 * A Monte Carlo count of a run: the quick count in a quick run, else the full
 * count times the scale (rounded, at least 1).
 *
 * @example
 * ```ts
 * sized(24_000, 600, { quick: false, scale: 0.1 }); // 2400
 * sized(24_000, 600, { quick: true }); // 600
 * ```
 */
export function sized(
  full: number,
  quickCount: number,
  opts: { quick: boolean; scale?: number },
): number {
  if (opts.quick) return quickCount;
  return Math.max(1, Math.round(full * (opts.scale ?? 1)));
}

/**
 * What an experiment returns.
 *
 * @example
 * ```ts
 * import { fieldSize } from "../experiments/field-size.ts";
 * const r: ExperimentResult = await fieldSize.run({ seed: 1, quick: true, workers: 2 });
 * r.rows.length;
 * ```
 */
export interface ExperimentResult {
  /** CSV columns, in order. */
  columns: string[];
  /** Tidy rows, one per observation; numbers already rounded. */
  rows: Row[];
  /** The chart (Observable Plot options plus title, subtitle, caption). */
  chart: ChartOptions;
  /** Human-readable lines with the key figures. */
  summary: string[];
  /** Lines of the README "Claims" table. */
  claims: Claim[];
  /** Experiment-specific provenance: seeds, rules, counts, commands, notes. */
  provenance: Record<string, unknown>;
}

/**
 * Draws an experiment's chart from what it wrote: the rows of its CSV and
 * its provenance (the JSON file: `quick`, `scale`, `seed` and the
 * experiment's own provenance fields). Must not depend on anything else, so
 * that `deno task flip7 chart NAME` re-renders it without rerunning.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * const draw: ChartFn = (rows) => ({ marks: [Plot.dot(rows, { x: "a", y: "b" })] });
 * ```
 */
export type ChartFn = (
  rows: Row[],
  provenance: Record<string, unknown>,
) => ChartOptions;

/**
 * An experiment: one claim of seed 000, reproduced.
 *
 * @example
 * ```ts
 * const hello: Experiment = {
 *   name: "hello", claim: "-",
 *   run: () => Promise.resolve({ columns: ["x"], rows: [{ x: 1 }], chart: { marks: [] }, summary: [], claims: [], provenance: { seeds: [] } }),
 * };
 * ```
 */
export interface Experiment {
  /** File and command name, e.g. `field-size`. */
  name: string;
  /** The claim it tests, one sentence. */
  claim: string;
  /** Compute everything (no file is written here). */
  run(options: ExperimentOptions): Promise<ExperimentResult>;
  /**
   * The chart from the CSV rows and the provenance. When present,
   * {@linkcode runExperiment} draws `NAME.svg` with it from the CSV it wrote
   * (so the committed chart is exactly what `flip7 chart NAME` re-renders).
   */
  chart?: ChartFn;
}

/**
 * Parse a results CSV back into rows, as {@linkcode toCsv} wrote them:
 * numbers become numbers, `true`/`false` booleans, empty cells null.
 *
 * @example
 * ```ts
 * parseRows("a,b,c\n1.5,x,\n"); // [{ a: 1.5, b: "x", c: null }]
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
 * toCsv(["a", "b"], [{ a: 1, b: "x" }]); // "a,b\n1,x\n"
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

export { type CodeVersion, codeVersion } from "./version.ts";

/**
 * Options of {@linkcode runExperiment}.
 *
 * @example
 * ```ts
 * const o: RunExperimentOptions = { seed: 1, quick: true, workers: 2, outDir: "results", command: "repro" };
 * ```
 */
export interface RunExperimentOptions extends ExperimentOptions {
  /** Directory the four files go into. */
  outDir: string;
  /** The command line that ran it, for the provenance. */
  command: string;
}

/**
 * What {@linkcode runExperiment} did.
 *
 * @example
 * ```ts
 * import { fieldSize } from "../experiments/field-size.ts";
 * declare const o: RunExperimentOptions;
 * const r: RunReport = await runExperiment(fieldSize, o);
 * r.files;
 * ```
 */
export interface RunReport {
  /** Experiment name. */
  name: string;
  /** Files written. */
  files: string[];
  /** Seconds taken (computing and writing). */
  elapsed: number;
  /** The experiment's result. */
  result: ExperimentResult;
}

/**
 * Run an experiment and write `NAME.csv`, `NAME.svg`, `NAME.png` and
 * `NAME.json` into `outDir`. The chart is rendered before any file is
 * written, and each file is written to a temporary name and renamed.
 *
 * @example
 * ```ts
 * import { fieldSize } from "../experiments/field-size.ts";
 * const r = await runExperiment(fieldSize, {
 *   seed: 1, quick: true, workers: 1, outDir: "/tmp/out", command: "test",
 * });
 * ```
 */
export async function runExperiment(
  exp: Experiment,
  options: RunExperimentOptions,
): Promise<RunReport> {
  const started = new Date();
  const t0 = performance.now();
  const result = await exp.run({
    seed: options.seed,
    quick: options.quick,
    scale: options.scale,
    workers: options.workers,
    onProgress: options.onProgress,
  });
  shardStopHere("the files are the merge's"); // a shard writes its partial only
  let csv: string;
  try {
    csv = toCsv(result.columns, result.rows);
  } catch (e) {
    // a --scale so small that a statistic has no value (one game: SE 0, z infinite)
    const m = e instanceof Error ? e.message : String(e);
    if (/ is (NaN|-?Infinity)$/.test(m)) {
      throw new InputError(
        `${exp.name}: the run is too small for its statistics (${m}); give a larger --scale, or --quick`,
      );
    }
    throw e;
  }
  const svg = renderSvg(
    exp.chart
      ? exp.chart(parseRows(csv), {
        seed: options.seed,
        quick: options.quick,
        scale: options.scale ?? 1,
        ...result.provenance,
      })
      : result.chart,
  );
  const png = svgToPng(svg);
  const base = `${options.outDir.replace(/\/+$/, "")}/${exp.name}`;
  const files = [`${base}.csv`, `${base}.svg`, `${base}.png`, `${base}.json`];
  await writeFileAtomic(files[0], csv);
  await writeFileAtomic(files[1], svg);
  await writeFileAtomic(files[2], png);
  const elapsed = (performance.now() - t0) / 1000;
  const provenance = {
    experiment: exp.name,
    claim: exp.claim,
    command: options.command,
    seed: options.seed,
    quick: options.quick,
    scale: options.scale ?? 1,
    ...result.provenance,
    rows: result.rows.length,
    columns: result.columns,
    claims: result.claims,
    summary: result.summary,
    code: await codeVersion(),
    deno: Deno.version.deno,
    workers: options.workers,
    started: started.toISOString(),
    elapsed_s: Math.round(elapsed * 100) / 100,
    files: files.map((f) => f.slice(f.lastIndexOf("/") + 1)),
    ...mergeProvenance(), // a merge of shards lists them
  };
  await writeFileAtomic(files[3], JSON.stringify(provenance, null, 2) + "\n");
  return { name: exp.name, files, elapsed, result };
}

/**
 * Render claims as a markdown table (claim, seed 000's figure, ours, file).
 *
 * @example
 * ```ts
 * claimsTable([{ name: "advice", claims: [{ claim: "c", seed000: "1", ours: "2" }] }]);
 * ```
 */
export function claimsTable(
  items: { name: string; claims: Claim[] }[],
): string {
  const esc = (s: string) => s.replaceAll("|", "\\|");
  const lines = [
    "| claim | seed 000 | ours | file |",
    "| --- | --- | --- | --- |",
  ];
  for (const it of items) {
    for (const c of it.claims) {
      lines.push(
        `| ${esc(c.claim)} | ${esc(c.seed000)} | ${
          esc(c.ours)
        } | [${it.name}.csv](${it.name}.csv) |`,
      );
    }
  }
  return lines.join("\n") + "\n";
}
