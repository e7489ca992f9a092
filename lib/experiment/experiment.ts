/**
 * The experiment framework: an experiment reproduces one published claim.
 * It is data ({@linkcode ExperimentDefinition}): a plan of what to compute
 * (Monte Carlo runs for lib/run/runner.ts, exact solver tasks, or a custom
 * step), an analysis that turns the results into tidy rows, a summary,
 * claims (each with the published figure it is checked against) and
 * provenance, and a chart drawn from the rows. {@linkcode executePlans}
 * computes the plans of several experiments together (all their runs in one
 * pool); {@linkcode runExperiment} computes one and writes `NAME.csv`,
 * `NAME.svg`, `NAME.png` and `NAME.json` into a results directory, each file
 * atomically (nothing is written unless everything was computed and
 * rendered).
 *
 * The CSV and the charts are deterministic for a given seed (rounded
 * numbers, no timestamps), so a changed figure shows in a diff; the JSON holds
 * the provenance, including what is not deterministic (timing, commit, Deno
 * version, worker count).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runExperiment } from "./experiment.ts";
 * import { findExperiment } from "../../experiments/mod.ts";
 * const outDir = await Deno.makeTempDir(); // deno task repro writes into results/
 * const report = await runExperiment(findExperiment("replication"), {
 *   seed: 1, quick: true, workers: 1, outDir, command: "example",
 * });
 * assert.deepEqual(report.files, ["csv", "svg", "png", "json"].map((x) => `${outDir}/replication.${x}`));
 * assert.equal(report.result.rows.length, 40); // 20 seeds × two readings of bust:0.25
 * await Deno.remove(outDir, { recursive: true });
 * ```
 * @module
 */

import { csvFormat, csvParse } from "d3-dsv";
import { InputError } from "../game/cards.ts";
import { type ChartOptions, renderSvg, svgToPng } from "../chart/chart.ts";
import { writeFileAtomic } from "../util/io.ts";
import { mergeProvenance, ShardStop, shardStopHere } from "../run/shard.ts";
import { codeVersion } from "../util/version.ts";
import {
  type RunAccum,
  runAll,
  type RunSpec,
  type StrategyMaker,
} from "../run/runner.ts";

export type {
  ChartOptions,
  PanelOptions,
  PlotOptions,
} from "../chart/chart.ts";

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
 * Where a claim's published figure comes from: its source (`seed 000`,
 * `seed 001`, `public solver`, ...) and the figure as published.
 *
 * @example
 * ```ts
 * const r: Reference = { source: "seed 001", figure: "77.3% / 55.8% / 56.7%" };
 * ```
 */
export interface Reference {
  /** Who published it: `seed 000`, `seed 001`, `public solver`, ... */
  source: string;
  /** The published figure, as text. */
  figure: string;
}

/**
 * One line of the README "Claims" table: the claim, the published figure it
 * is checked against (absent when nobody published one), and ours.
 *
 * @example
 * ```ts
 * const c: Claim = {
 *   claim: "optimal EV",
 *   reference: { source: "seed 000", figure: "22.232" },
 *   ours: "22.232",
 * };
 * ```
 */
export interface Claim {
  /** The claim, in a few words. */
  claim: string;
  /** The published figure and its source; absent when there is none. */
  reference?: Reference;
  /** Our figure. */
  ours: string;
}

/**
 * A claim's published figure as the claims table shows it: seed 000's
 * figures as they are, others prefixed with their source, `—` for none.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(referenceText({ source: "seed 001", figure: "77.3%" }), "seed 001: 77.3%");
 * assert.equal(referenceText({ source: "seed 000", figure: "22.232" }), "22.232");
 * assert.equal(referenceText(undefined), "—");
 * ```
 */
export function referenceText(ref: Reference | undefined): string {
  if (!ref) return "—";
  return ref.source === "seed 000"
    ? ref.figure
    : `${ref.source}: ${ref.figure}`;
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
  /**
   * Told the seconds of each step of {@linkcode executePlans} when it ends
   * (`plan NAME`, `games`, `games NAME`, `exact figures`, `work NAME`).
   */
  onStep?: (step: string, seconds: number) => void;
}

/**
 * A Monte Carlo count of a run: the quick count in a quick run, else the full
 * count times the scale (rounded, at least 1).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(sized(24_000, 600, { quick: false, scale: 0.1 }), 2400);
 * assert.equal(sized(24_000, 600, { quick: true }), 600);
 * assert.equal(sized(24_000, 600, { quick: false, scale: 1e-9 }), 1);
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
 * What an experiment's analysis returns: everything of the result but the
 * chart (which is drawn from the CSV rows and the provenance).
 *
 * @example
 * ```ts
 * const a: Analysis = { columns: ["x"], rows: [{ x: 1 }], summary: [], claims: [], provenance: { seeds: [] } };
 * ```
 */
export interface Analysis {
  /** CSV columns, in order. */
  columns: string[];
  /** Tidy rows, one per observation; numbers already rounded. */
  rows: Row[];
  /** Human-readable lines with the key figures. */
  summary: string[];
  /** Lines of the README "Claims" table. */
  claims: Claim[];
  /** Experiment-specific provenance: seeds, rules, counts, commands, notes. */
  provenance: Record<string, unknown>;
}

/**
 * What an experiment returns: its analysis and its chart.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { replication } from "../../experiments/replication.ts";
 * const r: ExperimentResult = await replication.run({ seed: 1, quick: true, workers: 1 });
 * assert.equal(r.rows.length, 40);
 * assert.equal(r.columns.length, Object.keys(r.rows[0]).length);
 * ```
 */
export interface ExperimentResult extends Analysis {
  /** The chart (Observable Plot options plus title, subtitle, caption). */
  chart: ChartOptions;
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
 * Exact (solver) work of a plan: tasks and the function that computes them
 * over the workers and keeps the results for the analysis (e.g.
 * `precomputeExact` of `experiments/exact.ts`). Plans that share the same
 * `compute` have their tasks computed together, once.
 *
 * @example
 * ```ts
 * const w: ExactWork<{ model: string; spec: string }> = {
 *   tasks: [{ model: "approx", spec: "optimal" }],
 *   compute: async () => {},
 * };
 * ```
 */
export interface ExactWork<T = unknown> {
  /** The tasks. */
  tasks: T[];
  /** Compute tasks over the workers (each task once, however often listed). */
  compute(
    tasks: T[],
    workers: number,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void>;
}

/**
 * What an experiment will compute: Monte Carlo runs (played through
 * `runAll` of lib/run/runner.ts; `deno task repro` plays the runs of every
 * experiment in one pool), exact solver tasks (computed together with the
 * other experiments'), and, for work that is neither, a custom step.
 * `state` carries whatever the analysis needs from planning.
 *
 * @example
 * ```ts
 * const p: ExperimentPlan<number> = {
 *   runs: [{ rules: "standard", policies: ["ev", "evc"], seed: 1, count: 100, mode: "game" }],
 *   state: 100,
 * };
 * ```
 */
export interface ExperimentPlan<S = unknown, W = unknown> {
  /** Monte Carlo runs, in the order of the accumulators the analysis gets. */
  runs?: RunSpec[];
  /**
   * Builds the runs' strategies from data (see `StrategyMaker`); such runs
   * are played in a pool of their own.
   */
  maker?: StrategyMaker;
  /** Exact solver tasks. */
  exact?: ExactWork;
  /** Work that is neither runs nor exact tasks (e.g. solver sweeps), after them. */
  work?: (options: ExperimentOptions) => Promise<W>;
  /** Anything the analysis needs from planning. */
  state?: S;
}

/**
 * What the analysis of an experiment receives: its plan, one accumulator per
 * planned run (in plan order), and the result of the plan's custom `work`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({ runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 50, mode: "game" }] }),
 *   analyse: ({ accs }) => ({ columns: ["games"], rows: [{ games: accs[0].games }], summary: [], claims: [], provenance: { seeds: [1] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const [done]: Done[] = await executePlans([hello], { seed: 1, quick: true, workers: 1 });
 * assert.equal(done.accs[0].games, 50);
 * assert.equal(done.work, undefined); // no custom work in this plan
 * ```
 */
export interface Done<S = unknown, W = unknown> {
  /** The plan. */
  plan: ExperimentPlan<S, W>;
  /** One accumulator per run of the plan, in order. */
  accs: RunAccum[];
  /** The plan's state (`plan.state`). */
  state: S;
  /** What the plan's `work` returned (undefined without one). */
  work: W;
}

/**
 * An experiment as data: what it computes ({@linkcode ExperimentPlan}), how
 * it turns that into rows, summary, claims and provenance (`analyse`), and
 * its chart. {@linkcode defineExperiment} adds `run`.
 *
 * @example
 * ```ts
 * const def: ExperimentDefinition = {
 *   name: "hello", claim: "-",
 *   plan: () => ({}),
 *   analyse: () => ({ columns: ["x"], rows: [{ x: 1 }], summary: [], claims: [], provenance: { seeds: [] } }),
 *   chart: () => ({ marks: [] }),
 * };
 * ```
 */
export interface ExperimentDefinition<S = unknown, W = unknown> {
  /** File and command name, e.g. `field-size`. */
  name: string;
  /** The claim it tests, one sentence. */
  claim: string;
  /** What to compute (no game is played here). */
  plan(
    options: ExperimentOptions,
  ): ExperimentPlan<S, W> | Promise<ExperimentPlan<S, W>>;
  /** Rows, summary, claims and provenance from what was computed. */
  analyse(
    done: Done<S, W>,
    options: ExperimentOptions,
  ): Analysis | Promise<Analysis>;
  /**
   * The chart from the CSV rows and the provenance:
   * {@linkcode runExperiment} draws `NAME.svg` with it from the CSV it wrote
   * (so the committed chart is exactly what `flip7 chart NAME` re-renders).
   */
  chart: ChartFn;
}

/**
 * An experiment: one claim, reproduced. Its `run` computes its plan alone
 * and analyses it (what a notebook calls); `deno task repro` computes the
 * plans of several experiments together ({@linkcode executePlans}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const hello: Experiment = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({}),
 *   analyse: () => ({ columns: ["x"], rows: [{ x: 1 }], summary: [], claims: [], provenance: { seeds: [] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * assert.equal((await hello.run({ seed: 1, quick: true, workers: 1 })).rows.length, 1);
 * ```
 */
export interface Experiment<S = unknown, W = unknown>
  extends ExperimentDefinition<S, W> {
  /** Plan, compute and analyse this experiment alone (no file is written). */
  run(options: ExperimentOptions): Promise<ExperimentResult>;
}

/**
 * Make an {@linkcode Experiment} of a definition: `run` is
 * {@linkcode executePlans} of its plan, then `analyse`, then the chart.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({}),
 *   analyse: () => ({ columns: ["x"], rows: [{ x: 1 }], summary: [], claims: [], provenance: { seeds: [] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const r = await hello.run({ seed: 1, quick: true, workers: 1 });
 * assert.deepEqual(r.rows, [{ x: 1 }]);
 * assert.deepEqual(r.chart, { marks: [] });
 * ```
 */
export function defineExperiment<S, W>(
  def: ExperimentDefinition<S, W>,
): Experiment<S, W> {
  const exp: Experiment<S, W> = {
    ...def,
    async run(options) {
      const [done] = await executePlans([exp as Experiment], options);
      return await analyseExperiment(exp as Experiment, done, options);
    },
  };
  return exp;
}

/**
 * Compute the plans of several experiments together: every plan first (in
 * order; a plan may do work of its own, e.g. train win tables), then the
 * Monte Carlo runs of all of them in one pool of workers (runs with a
 * strategy maker in a pool per plan), then the exact tasks of all of them at
 * once, then each plan's custom `work`. The accumulators do not depend on
 * what else is in the pool (a run's games are a function of its spec), so
 * an experiment's figures are the same run alone or together. In a shard
 * (`--shard I/N`) every pool plays its slice, then the shard stops; a merge
 * reads the pools' sums in the same order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { findExperiment } from "../../experiments/mod.ts";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({ runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 50, mode: "game" }] }),
 *   analyse: ({ accs }) => ({ columns: ["games"], rows: [{ games: accs[0].games }], summary: [], claims: [], provenance: { seeds: [1] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const done = await executePlans([findExperiment("replication"), hello], { seed: 1, quick: true, workers: 1 });
 * assert.equal(done[0].accs.length, 40); // one accumulator per planned run, in plan order
 * assert.equal(done[1].accs[0].games, 50);
 * ```
 */
export async function executePlans(
  exps: Experiment[],
  options: ExperimentOptions,
): Promise<Done[]> {
  const { workers, onProgress, onStep } = options;
  const label = exps.length === 1 ? exps[0].name : "games";
  let mark = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    onStep?.(name, (now - mark) / 1000);
    mark = now;
  };
  const plans: ExperimentPlan[] = [];
  for (const e of exps) {
    plans.push(await e.plan(options));
    step(`plan ${e.name}`);
  }
  const accs: RunAccum[][] = plans.map(() => []);
  // A shard plays its slice of each pool and stops after the last one (a
  // merge then finds the pools' sums in the same order).
  let stop: ShardStop | undefined;
  const pool = async (
    specs: RunSpec[],
    maker: StrategyMaker | undefined,
    label: string,
  ): Promise<RunAccum[]> => {
    try {
      return await runAll(specs, {
        workers,
        maker,
        onProgress: onProgress ? (d, t) => onProgress(label, d, t) : undefined,
      });
    } catch (e) {
      if (!(e instanceof ShardStop)) throw e;
      stop = e;
      return [];
    }
  };
  // every plain run of every plan in one pool
  const pooled = plans.flatMap((p, i) =>
    p.maker ? [] : (p.runs ?? []).map((spec) => ({ i, spec }))
  );
  if (pooled.length > 0) {
    const got = await pool(pooled.map((r) => r.spec), undefined, label);
    if (!stop) pooled.forEach((r, k) => accs[r.i].push(got[k]));
    step(label);
  }
  // runs whose strategies a maker builds: a pool per plan
  for (const [i, p] of plans.entries()) {
    if (!p.maker || (p.runs ?? []).length === 0) continue;
    accs[i] = await pool(p.runs!, p.maker, exps[i].name);
    step(`games ${exps[i].name}`);
  }
  if (stop) throw stop;
  // exact tasks, all plans' together (one call per compute function)
  const computes = new Map<ExactWork["compute"], unknown[]>();
  for (const p of plans) {
    if (!p.exact) continue;
    computes.set(p.exact.compute, [
      ...(computes.get(p.exact.compute) ?? []),
      ...p.exact.tasks,
    ]);
  }
  for (const [compute, tasks] of computes) {
    await compute(
      tasks,
      workers,
      onProgress ? (d, t) => onProgress("exact figures", d, t) : undefined,
    );
    step(
      computes.size === 1 ? "exact figures" : `exact figures ${tasks.length}`,
    );
  }
  const out: Done[] = [];
  for (const p of plans) {
    const work = p.work ? await p.work(options) : undefined;
    if (p.work) step(`work ${exps[out.length].name}`);
    out.push({
      plan: p,
      accs: accs[out.length],
      state: p.state,
      work,
    });
  }
  return out;
}

/**
 * Analyse what {@linkcode executePlans} computed for an experiment and draw
 * its chart (from the rows and the provenance, with `seed`, `quick` and
 * `scale`, as {@linkcode runExperiment} does from the files).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({ runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 50, mode: "game" }] }),
 *   analyse: ({ accs }) => ({ columns: ["games"], rows: [{ games: accs[0].games }], summary: [], claims: [], provenance: { seeds: [1] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const o = { seed: 1, quick: true, workers: 1 };
 * const [done] = await executePlans([hello], o);
 * const result = await analyseExperiment(hello, done, o);
 * assert.deepEqual(result.rows, [{ games: 50 }]);
 * ```
 */
export async function analyseExperiment(
  exp: Experiment,
  done: Done,
  options: ExperimentOptions,
): Promise<ExperimentResult> {
  const a = await exp.analyse(done, options);
  return { ...a, chart: exp.chart(a.rows, chartProvenance(a, options)) };
}

/** What a chart function gets besides the rows (what the JSON file holds). */
function chartProvenance(
  a: Analysis,
  options: ExperimentOptions,
): Record<string, unknown> {
  return {
    seed: options.seed,
    quick: options.quick,
    scale: options.scale ?? 1,
    ...a.provenance,
  };
}

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

export { type CodeVersion, codeVersion } from "../util/version.ts";

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
 * import assert from "node:assert/strict";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({ runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 50, mode: "game" }] }),
 *   analyse: ({ accs }) => ({ columns: ["games"], rows: [{ games: accs[0].games }], summary: [], claims: [], provenance: { seeds: [1] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const outDir = await Deno.makeTempDir();
 * const r: RunReport = await runExperiment(hello, { seed: 1, quick: true, workers: 1, outDir, command: "example" });
 * assert.equal(r.name, "hello");
 * assert.deepEqual(r.files.map((f) => f.slice(outDir.length)), ["/hello.csv", "/hello.svg", "/hello.png", "/hello.json"]);
 * await Deno.remove(outDir, { recursive: true });
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
 * `NAME.json` into `outDir` ({@linkcode writeExperiment}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({ runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 50, mode: "game" }] }),
 *   analyse: ({ accs }) => ({ columns: ["games"], rows: [{ games: accs[0].games }], summary: [], claims: [], provenance: { seeds: [1] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const outDir = await Deno.makeTempDir();
 * await runExperiment(hello, { seed: 1, quick: true, workers: 1, outDir, command: "example" });
 * assert.equal(await Deno.readTextFile(`${outDir}/hello.csv`), "games\n50\n");
 * const json = JSON.parse(await Deno.readTextFile(`${outDir}/hello.json`));
 * assert.equal(json.command, "example");
 * assert.deepEqual(json.seeds, [1]);
 * await Deno.remove(outDir, { recursive: true });
 * ```
 */
export async function runExperiment(
  exp: Experiment,
  options: RunExperimentOptions,
): Promise<RunReport> {
  const started = new Date();
  const t0 = performance.now();
  const [done] = await executePlans([exp], options);
  return await writeExperiment(exp, done, options, { started, t0 });
}

/**
 * Analyse what was computed for an experiment and write its four files. The
 * chart is rendered before any file is written, and each file is written to
 * a temporary name and renamed. `since` is when the experiment's work began
 * (for `started` and `elapsed_s` in the JSON); `since.shared` names the
 * experiments whose work was computed together with this one's (a repro's
 * one pool), which the JSON then says `elapsed_s` covers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const hello = defineExperiment({
 *   name: "hello", claim: "-",
 *   plan: () => ({ runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 50, mode: "game" }] }),
 *   analyse: ({ accs }) => ({ columns: ["games"], rows: [{ games: accs[0].games }], summary: [], claims: [], provenance: { seeds: [1] } }),
 *   chart: () => ({ marks: [] }),
 * });
 * const o: RunExperimentOptions = { seed: 1, quick: true, workers: 1, outDir: await Deno.makeTempDir(), command: "example" };
 * const [done] = await executePlans([hello], o);
 * const r = await writeExperiment(hello, done, o, { started: new Date(), t0: performance.now() });
 * assert.equal(await Deno.readTextFile(r.files[0]), "games\n50\n");
 * await Deno.remove(o.outDir, { recursive: true });
 * ```
 */
export async function writeExperiment(
  exp: Experiment,
  done: Done,
  options: RunExperimentOptions,
  since: { started: Date; t0: number; shared?: string[] },
): Promise<RunReport> {
  const { started, t0, shared = [] } = since;
  shardStopHere("the files are the merge's"); // a shard writes its partial only
  const result = await analyseExperiment(exp, done, options);
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
    exp.chart(parseRows(csv), chartProvenance(result, options)),
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
    ...(shared.length > 1
      ? {
        elapsed_covers:
          `the work of ${shared.length} experiments computed together (${
            shared.join(", ")
          }), then this one's analysis and files`,
      }
      : {}),
    files: files.map((f) => f.slice(f.lastIndexOf("/") + 1)),
    ...mergeProvenance(), // a merge of shards lists them
  };
  await writeFileAtomic(files[3], JSON.stringify(provenance, null, 2) + "\n");
  return { name: exp.name, files, elapsed, result };
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
