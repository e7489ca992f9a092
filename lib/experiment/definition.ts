/**
 * What an experiment is, as data: its result rows and cells, the published
 * claims it checks (with their references), its options, its plan (Monte
 * Carlo runs, exact tasks, custom work), what the plan computed, its
 * analysis and result, and the definition `defineExperiment` (in
 * `experiment.ts`, which re-exports all of this) turns into an experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { referenceText, sized } from "./definition.ts";
 * assert.equal(sized(24_000, 600, { quick: true }), 600); // --quick
 * assert.equal(referenceText({ source: "seed 001", figure: "77.3%" }), "seed 001: 77.3%");
 * ```
 * @module
 */

import type { ChartOptions } from "../chart/chart.ts";
import type { RunAccum, RunSpec, StrategyMaker } from "../run/runner.ts";

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
 * import { defineExperiment, executePlans } from "./experiment.ts";
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
  /**
   * The module that defines it (`import.meta.url`): its module graph is the
   * code its files depend on, hashed into their provenance (`code.sources`).
   */
  source?: string;
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
 * import { defineExperiment } from "./experiment.ts";
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
