/**
 * Sweeps: how policies fare as the table fills up, under several rule
 * presets, on independent seeds — plan, runs, rows.
 *
 * A sweep takes one or more labelled **policy sets** (e.g. `ev` against
 * `bust:0.25`), a list of rules presets, a list of table sizes and a number of
 * seed replicates. {@linkcode planSweep} turns it into one Monte Carlo run per
 * rules × players × set × replicate; {@linkcode runSweep} plays every run
 * through the one runner in ONE pool of workers (byte-identical whatever the
 * worker count); {@linkcode sweepRows} gives one tidy row per run and policy,
 * {@linkcode pooledRows} the same with the replicates pooled, and
 * {@linkcode sweepChart} the chart of win share minus the fair share against
 * players, one panel per rules preset, with Wilson 95% bars.
 * {@linkcode sweepExperiment} packs it all as an {@linkcode Experiment}, which
 * the `flip7 sweep` command and the `sweep` experiment run.
 * {@linkcode planSweeps} joins sub-sweeps with their own sets, presets, sizes,
 * replicates and counts into one plan (how `field-size` plans its readings).
 *
 * **Seats.** At `n` players seat `i` (0-based) plays the set's policy
 * `i mod k` (k policies listed): `-p A,B` at 5 players is `A,B,A,B,A`; list a
 * policy twice to weight it (`-p A,A,B` is two A seats per B). Seats rotate
 * game by game (game `g` of a run is game `g` of `flip7 sim` with the same
 * seed and seat list). Each distinct policy is pooled over its seats: its win
 * share is per seat, `wins / (games × seats)`, with the Wilson 95% interval of
 * `wins / games` divided by the seats, so the fair share is `1 / n`.
 *
 * **Seeds.** By default replicate `r` of every run has the seed
 * `deriveSeed(seed, "sweep", r)` (the same seeds at every size, rules preset
 * and set, as `field-size` does); give `seedOf` to derive them otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { planSweep, runSweep, sweepRows } from "./sweep.ts";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * assert.equal(sweepRows(plan, accs).length, 8); // 2 sizes × 2 seeds × 2 policies
 * ```
 * @module
 */

import {
  type Analysis,
  defineExperiment,
  type Experiment,
  type Row,
  sized,
} from "./experiment.ts";
import { policyRows, round } from "../run/stats.ts";
import {
  mergeAccum,
  prepareRuns,
  type RunAccum,
  runAll,
} from "../run/runner.ts";
import { planSweep, type SweepConfig, type SweepRun } from "./sweep_plan.ts";
import { sweepChart, type SweepChartOptions } from "./sweep_chart.ts";

export type { RunAccum } from "../run/runner.ts";
// the plan and the chart of a sweep, one door with its runs and rows
export * from "./sweep_plan.ts";
export * from "./sweep_chart.ts";

/**
 * Options of {@linkcode runSweep}.
 *
 * @example
 * ```ts
 * const o: SweepRunOptions = { workers: 2 };
 * ```
 */
export interface SweepRunOptions {
  /** Workers (default: cores; 1 plays in this thread). */
  workers?: number;
  /** Progress over all the games of the sweep. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Play every run of a plan through the runner (`runAll`, lib/run/runner.ts) in
 * one pool of workers; one accumulator per run, in plan order,
 * byte-identical whatever the worker count (checked first: bad policies
 * throw an `InputError` before any game).
 *
 * @example
 * ```ts
 * import { planSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * assert.deepEqual(accs.map((a) => a.games), [100, 100, 100, 100]); // one accumulator per run, in plan order
 * ```
 */
export function runSweep(
  plan: SweepRun[],
  options: SweepRunOptions = {},
): Promise<RunAccum[]> {
  return runAll(plan.map((r) => r.spec), options);
}

/**
 * Check the policies of a plan before any game (loading policy modules):
 * what the `sweep` command does before it plays or writes anything.
 *
 * @throws {InputError} naming the bad spec.
 * @example
 * ```ts
 * import { planSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * const config = { rules: ["standard"], players: [2], seeds: 1, seed: 1, games: 10 };
 * await checkSweep(planSweep({ ...config, sets: [{ label: "x", policies: ["ev", "sum:20"] }] }));
 * await assert.rejects(
 *   checkSweep(planSweep({ ...config, sets: [{ label: "x", policies: ["ev", "nope"] }] })),
 *   /unknown policy 'nope'/,
 * );
 * ```
 */
export async function checkSweep(plan: SweepRun[]): Promise<void> {
  await prepareRuns(plan.map((r) => r.spec));
}

function pool(accs: RunAccum[]): RunAccum {
  const t = structuredClone(accs[0]);
  for (const a of accs.slice(1)) mergeAccum(t, a);
  return t;
}

/**
 * The columns of `sweep.csv`, in order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(SWEEP_COLUMNS.slice(0, 4), ["set", "rules", "players", "policy"]);
 * ```
 */
export const SWEEP_COLUMNS = [
  "set",
  "rules",
  "players",
  "policy",
  "seats",
  "seed",
  "games",
  "wins",
  "win_share",
  "ci_low",
  "ci_high",
  "points_per_round",
  "ppr_se",
] as const;

const r6 = (x: number) => round(x, 6);

/**
 * One row per run and policy (policies in order of first seat), numbers
 * rounded as in the CSV: shares to 6 decimals, points to 4.
 *
 * @example
 * ```ts
 * import { planSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * const [row] = sweepRows(plan, accs);
 * assert.equal(row.policy, "ev");
 * assert.equal(row.win_share, Number(row.wins) / Number(row.games));
 * assert.ok(Number(row.ci_low) <= Number(row.win_share) && Number(row.win_share) <= Number(row.ci_high));
 * ```
 */
export function sweepRows(plan: SweepRun[], accs: RunAccum[]): Row[] {
  const rows: Row[] = [];
  plan.forEach((run, i) => {
    for (const g of policyRows(accs[i])) {
      rows.push({
        set: run.set,
        rules: run.rules,
        players: run.players,
        policy: g.policy,
        seats: g.seats,
        seed: run.spec.seed,
        games: g.games,
        wins: g.wins,
        win_share: r6(g.win_share),
        ci_low: r6(g.ci_low),
        ci_high: r6(g.ci_high),
        points_per_round: round(g.points_per_round, 4),
        ppr_se: round(g.ppr_se, 4),
      });
    }
  });
  return rows;
}

/**
 * A cell of a plan with its replicates pooled: see {@linkcode pooledCells}.
 *
 * @example
 * ```ts
 * import { planSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * const c: PooledCell = pooledCells(plan, accs)[0];
 * assert.equal(c.acc.games, 200); // the games of its 2 replicates
 * ```
 */
export interface PooledCell {
  /** The cell's first run (its set, rules and players). */
  run: SweepRun;
  /** Indices of the cell's runs in the plan. */
  runs: number[];
  /** The runs' accumulators merged (a copy). */
  acc: RunAccum;
}

/**
 * The replicates of each rules × players × set pooled into one accumulator,
 * cells in order of their first run in the plan (what {@linkcode pooledRows}
 * tabulates; for differences between policies, `winShareDiff`/`pointsDiff`
 * of lib/run/stats.ts on `acc`).
 *
 * @example
 * ```ts
 * import { planSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * assert.deepEqual(pooledCells(plan, accs).map((c) => [c.run.players, c.acc.games]), [[2, 200], [4, 200]]);
 * ```
 */
export function pooledCells(plan: SweepRun[], accs: RunAccum[]): PooledCell[] {
  const cells = new Map<string, number[]>();
  plan.forEach((r, i) => {
    const k = JSON.stringify([r.rules, r.players, r.set]);
    cells.set(k, [...(cells.get(k) ?? []), i]);
  });
  return [...cells.values()].map((runs) => ({
    run: plan[runs[0]],
    runs,
    acc: pool(runs.map((i) => accs[i])),
  }));
}

/**
 * The replicates of each rules × players × set pooled (the same columns as
 * {@linkcode sweepRows} but `seed`, and `excess`: win share minus `1/n`).
 *
 * @example
 * ```ts
 * import { planSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * const four = pooledRows(plan, accs).filter((r) => r.players === 4);
 * assert.deepEqual(four.map((r) => [r.policy, r.seats, r.games]), [["ev", 2, 200], ["bust:0.25", 2, 200]]);
 * for (const r of four) assert.equal(r.excess, Math.round((Number(r.win_share) - 1 / 4) * 1e6) / 1e6);
 * ```
 */
export function pooledRows(plan: SweepRun[], accs: RunAccum[]): Row[] {
  const rows: Row[] = [];
  for (const { run, acc } of pooledCells(plan, accs)) {
    for (const g of policyRows(acc)) {
      rows.push({
        set: run.set,
        rules: run.rules,
        players: run.players,
        policy: g.policy,
        seats: g.seats,
        games: g.games,
        wins: g.wins,
        win_share: r6(g.win_share),
        ci_low: r6(g.ci_low),
        ci_high: r6(g.ci_high),
        excess: r6(g.win_share - 1 / run.players),
        points_per_round: round(g.points_per_round, 4),
        ppr_se: round(g.ppr_se, 4),
      });
    }
  }
  return rows;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * A sweep as an experiment (see {@linkcode SweepExperimentConfig}).
 *
 * @example
 * ```ts
 * import { PolicySet } from "./sweep.ts";
 * const sets: PolicySet[] = [{ label: "bust", policies: ["ev", "bust:0.25"] }];
 * const c: SweepExperimentConfig = { name: "sweep", claim: "-", sets, rules: ["standard"],
 *   players: [2, 3], seeds: 3, games: 2000, quickGames: 200 };
 * ```
 */
export interface SweepExperimentConfig extends Omit<SweepConfig, "seed"> {
  /** Experiment and file name (`NAME.csv`, ...). */
  name: string;
  /** One sentence: what the sweep asks. */
  claim: string;
  /** The module that defines it (`import.meta.url`), for its provenance. */
  source?: string;
  /** Games per run of a quick run (default: the full count). */
  quickGames?: number;
  /** Chart title (default: the sets). */
  title?: string;
}

/**
 * Package a sweep as an {@linkcode Experiment}: `run` plans it with the
 * options' base seed (counts `sized` by `--quick`/`--scale`), plays it in one
 * pool and returns the tidy rows ({@linkcode SWEEP_COLUMNS}), the chart, a
 * summary line per cell and the provenance (seeds, sets, seat rule, counts,
 * pooled rows); {@linkcode runExperiment} writes `NAME.csv/.svg/.png/.json`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const exp = sweepExperiment({ name: "sweep", claim: "ev vs bust:0.25 by size",
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4, 6], seeds: 3, games: 2000, quickGames: 100 });
 * const res = await exp.run({ seed: 1, quick: true, workers: 1 });
 * assert.equal(res.rows.length, 18); // 3 sizes × 3 seeds × 2 policies
 * assert.ok(res.rows.every((r) => r.games === 100)); // quickGames in a quick run
 * ```
 */
export function sweepExperiment(config: SweepExperimentConfig): Experiment {
  const gamesOf = (n: number, o: { quick: boolean; scale?: number }) => {
    const f = typeof config.games === "number" ? config.games : config.games(n);
    return sized(f, config.quickGames ?? f, o);
  };
  return defineExperiment({
    name: config.name,
    claim: config.claim,
    source: config.source,
    // the chart again from what the run wrote: the pooled rows of the
    // provenance (so `flip7 chart NAME` re-renders it)
    chart: (_rows, provenance) =>
      sweepChart(
        provenance.pooled as Row[],
        sweepChartText(config, Boolean(provenance.quick)),
      ),
    plan({ seed, quick, scale }) {
      const plan = planSweep({
        ...config,
        seed,
        games: (n) => gamesOf(n, { quick, scale }),
      });
      return { runs: plan.map((r) => r.spec), state: plan };
    },
    analyse({ state: plan, accs }, options) {
      return sweepResult(config, plan, accs, {
        perSize: Object.fromEntries(
          config.players.map((n) => [n, gamesOf(n, options)]),
        ),
      });
    },
  });
}

/** Title, subtitle and caption of a sweep experiment's chart. */
function sweepChartText(
  config: SweepExperimentConfig,
  quick: boolean,
): SweepChartOptions {
  const title = config.title ??
    `Win share against table size: ${
      config.sets.map((s) => s.policies.join(" vs ")).join("; ")
    }`;
  return {
    title,
    subtitle:
      `Per-seat win share minus the fair share 1/n; seats cycle through each set's policies; ${config.seeds} seed${
        config.seeds === 1 ? "" : "s"
      } pooled${quick ? " (quick run)" : ""}`,
    caption:
      `Bars: Wilson 95% intervals. Solid lines join the sizes where the policies hold equal seats; dashed lines the others (seat i plays the set's policy i mod k: at 3 players the first policy holds 2 seats of 3). Data: results/${config.name}.csv (one row per rules × players × set × policy × seed)`,
  };
}

function sweepResult(
  config: SweepExperimentConfig,
  plan: SweepRun[],
  accs: RunAccum[],
  info: { perSize: Record<number, number> },
): Analysis {
  const rows = sweepRows(plan, accs);
  const pooledR = pooledRows(plan, accs);
  const summary = [
    `per-seat win share (fair share 1/n), ${config.seeds} seed${
      config.seeds === 1 ? "" : "s"
    } pooled, Wilson 95% intervals`,
  ];
  const cells = new Map<string, Row[]>();
  for (const r of pooledR) {
    const k = `${r.rules}, ${r.players} players, ${r.set}`;
    cells.set(k, [...(cells.get(k) ?? []), r]);
  }
  for (const [k, rs] of cells) {
    summary.push(
      `${k}, ${rs[0].games} games: ${
        rs.map((r) =>
          `${r.policy} ${pct(r.win_share as number)} (${
            pct(r.ci_low as number)
          }-${pct(r.ci_high as number)}; ${
            (r.points_per_round as number).toFixed(2)
          } pts/rd)`
        ).join(", ")
      }`,
    );
  }
  const seeds = [...new Set(plan.map((r) => r.spec.seed))];
  return {
    columns: [...SWEEP_COLUMNS],
    rows,
    summary,
    claims: [],
    provenance: {
      seeds,
      rules: config.rules,
      players: config.players,
      sets: config.sets,
      replicates: config.seeds,
      games_per_run: info.perSize,
      runs: plan.length,
      total_games: plan.reduce((s, r) => s + r.spec.count, 0),
      seat_assignment:
        "at n players seat i plays the set's policy i mod k (k policies listed: A,B,A,B,...); seats rotated by game index; each distinct policy pooled over its seats",
      seed_derivation: config.seedOf
        ? "experiment-specific (see the experiment's code)"
        : 'replicate r of every cell: deriveSeed(seed, "sweep", r)',
      win_share:
        "per seat: wins of the policy's seats / (games x seats); Wilson 95% interval of wins/games divided by seats",
      points_per_round:
        "points of the policy's seats / (seats x rounds); SE by the delta method over games",
      reproduce_a_row:
        "deno task flip7 sim -n GAMES -p <seats> --rules RULES --seed SEED, then add the wins of the seats playing the policy",
      pooled: pooledR,
    },
  };
}
