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

import { InputError } from "../game/cards.ts";
import { renderSvg, svgToPng } from "../chart/chart.ts";
import { writeFilesAtomic } from "../util/io.ts";
import { mergeProvenance, ShardStop, shardStopHere } from "../run/shard.ts";
import { codeVersion } from "../util/version.ts";
import { digest, sourcesHash } from "../util/sources.ts";
import { provenanceText } from "./provenance.ts";
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
import type {
  Analysis,
  Done,
  ExactWork,
  Experiment,
  ExperimentDefinition,
  ExperimentOptions,
  ExperimentPlan,
  ExperimentResult,
} from "./definition.ts";
import { parseRows, toCsv } from "./rows.ts";
// what an experiment is, and its rows as files: one door with how it runs
export * from "./definition.ts";
export * from "./rows.ts";

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

export { type CodeVersion, codeVersion } from "../util/version.ts";
export { sameContent, writeProvenance } from "./provenance.ts";

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
 * chart is rendered before any file is written, and the four files are
 * written together: all to temporary names, then renamed, or none
 * (`writeFilesAtomic`). `since` is when the experiment's work began
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
    code: {
      ...await codeVersion(),
      // the hash of the code these files depend on (lib/util/sources.ts)
      sources: exp.source ? sourcesHash([exp.source]) : null,
    },
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
    // what was written beside it: the report refuses a file that differs
    digests: Object.fromEntries(
      [csv, svg, png].map((d, i) => [
        files[i].slice(files[i].lastIndexOf("/") + 1),
        digest(d),
      ]),
    ),
    ...mergeProvenance(), // a merge of shards lists them
  };
  // the four files together or none (a full disk leaves the old ones
  // whole); the JSON kept when only the time and the checkout would change
  // (provenance.ts)
  const json = await provenanceText(files[3], provenance);
  await writeFilesAtomic([
    [files[0], csv],
    [files[1], svg],
    [files[2], png],
    ...(json === null ? [] : [[files[3], json] as [string, string]]),
  ]);
  return { name: exp.name, files, elapsed, result };
}
