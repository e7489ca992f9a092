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
 * import { planSweep, runSweep, sweepRows } from "./sweep.ts";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 500,
 * });
 * const accs = await runSweep(plan, { workers: 2 });
 * sweepRows(plan, accs).length; // 2 sizes × 2 seeds × 2 policies = 8
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import { InputError } from "../game/cards.ts";
import type { ChartOptions, PlotOptions } from "../chart/chart.ts";
import {
  type Analysis,
  defineExperiment,
  type Experiment,
  type Row,
  sized,
} from "./experiment.ts";
import { getRules } from "../game/rules.ts";
import { policyRows, round } from "../run/stats.ts";
import {
  mergeAccum,
  prepareRuns,
  type RunAccum,
  runAll,
  type RunSpec,
} from "../run/runner.ts";
import { deriveSeed } from "../game/rng.ts";

export type { RunAccum } from "../run/runner.ts";

/**
 * A labelled list of policies whose seats cycle over the table.
 *
 * @example
 * ```ts
 * const s: PolicySet = { label: "bust", policies: ["ev", "bust:0.25"] };
 * ```
 */
export interface PolicySet {
  /** Name of the set in the rows and the chart (no commas). */
  label: string;
  /** Policy specs; seat `i` plays `policies[i % policies.length]`. */
  policies: string[];
}

/**
 * Where a run sits in the sweep (what a seed derivation may depend on).
 *
 * @example
 * ```ts
 * const c: SweepCell = { set: "bust", rules: "standard", players: 4 };
 * ```
 */
export interface SweepCell {
  /** Label of the policy set. */
  set: string;
  /** Rules preset. */
  rules: string;
  /** Table size. */
  players: number;
}

/**
 * What to sweep.
 *
 * @example
 * ```ts
 * const c: SweepConfig = {
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard", "immediate-actions"], players: [2, 3, 4, 5, 6],
 *   seeds: 3, seed: 1, games: 2000,
 * };
 * ```
 */
export interface SweepConfig {
  /** Policy sets (at least one; distinct labels). */
  sets: PolicySet[];
  /** Rules presets (at least one). */
  rules: string[];
  /** Table sizes, each from 2 (and at least the set's policy count) to the preset's maximum. */
  players: number[];
  /** Seed replicates per cell (1 to 100). */
  seeds: number;
  /** Base seed. */
  seed: number;
  /** Games per run: a number, or one per table size. */
  games: number | ((players: number) => number);
  /**
   * Seed of replicate `r` of a cell (default `deriveSeed(base, "sweep", r)`,
   * the same for every cell).
   */
  seedOf?: (base: number, replicate: number, cell: SweepCell) => number;
}

/**
 * One run of a planned sweep.
 *
 * @example
 * ```ts
 * declare const config: SweepConfig;
 * const [run]: SweepRun[] = planSweep(config);
 * run.spec.policies; // ["ev", "bust:0.25"]
 * ```
 */
export interface SweepRun extends SweepCell {
  /** Replicate index, 0-based. */
  replicate: number;
  /** The runner's spec: rules, one policy per seat, seed, games. */
  spec: RunSpec;
}

/**
 * Most seed replicates of a sweep.
 *
 * @example
 * ```ts
 * MAX_SEEDS; // 100
 * ```
 */
export const MAX_SEEDS = 100;

/**
 * The seats of a table of `n` players: the policies cycled (`A,B,A,B,...`).
 *
 * @example
 * ```ts
 * seatsOf(["ev", "bust:0.25"], 3); // ["ev", "bust:0.25", "ev"]
 * ```
 */
export function seatsOf(policies: string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => policies[i % policies.length]);
}

/**
 * The default seed of replicate `r`: `deriveSeed(base, "sweep", r)`.
 *
 * @example
 * ```ts
 * defaultSeedOf(1, 0) === defaultSeedOf(1, 0); // true
 * ```
 */
export function defaultSeedOf(base: number, replicate: number): number {
  return deriveSeed(base, "sweep", replicate);
}

/**
 * Parse a table-size list: `2-8`, `4`, or a comma list of both (`2,4,6-8`),
 * giving distinct sizes in increasing order. Each size must lie in
 * `[min, max]` and a range must not run backwards.
 *
 * @throws {InputError} naming the bad value and what is allowed.
 * @example
 * ```ts
 * parsePlayers("2-4,6"); // [2, 3, 4, 6]
 * ```
 */
export function parsePlayers(text: string, min = 2, max = 18): number[] {
  const bad = (why: string) =>
    new InputError(
      `bad --players '${text}': ${why}; give sizes from ${min} to ${max} as A-B, N or a comma list (e.g. 2-8)`,
    );
  const out = new Set<number>();
  for (const part of text.split(",").map((s) => s.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw bad(`'${part}' is not a size or range`);
    const a = Number(m[1]), b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) throw bad(`range ${part} runs backwards`);
    for (const v of [a, b]) {
      if (v < min || v > max) throw bad(`${v} is outside ${min}-${max}`);
    }
    for (let v = a; v <= b; v++) out.add(v);
  }
  return [...out].sort((x, y) => x - y);
}

/**
 * Parse a policy set: `A,B,...` or `LABEL=A,B,...` (the default label is
 * the list joined by ` vs `).
 *
 * @throws {InputError} for an empty list, an empty spec or a bad label.
 * @example
 * ```ts
 * parsePolicySet("bust=ev,bust:0.25"); // { label: "bust", policies: ["ev", "bust:0.25"] }
 * ```
 */
export function parsePolicySet(text: string): PolicySet {
  let label: string | undefined;
  let list = text.trim();
  const eq = /^([A-Za-z0-9_-]+)=(.*)$/.exec(list);
  if (eq) [label, list] = [eq[1], eq[2]];
  const policies = list.split(",").map((s) => s.trim());
  if (list === "" || policies.some((p) => p === "")) {
    throw new InputError(
      `bad -p '${text}': give policy specs separated by commas, e.g. -p ev,bust:0.25 (optionally LABEL=ev,bust:0.25)`,
    );
  }
  return { label: label ?? policies.join(" vs "), policies };
}

function gamesOf(config: SweepConfig, players: number): number {
  const g = typeof config.games === "number"
    ? config.games
    : config.games(players);
  if (!Number.isSafeInteger(g) || g < 1) {
    throw new InputError(
      `bad game count ${g} at ${players} players: give a whole number of at least 1`,
    );
  }
  return g;
}

/**
 * Check a sweep and list its runs, ordered rules → players → set →
 * replicate. Checked here: rules presets, sizes against each preset's
 * limits and each set's policy count, seeds, labels and counts; the policy
 * specs (which may name policy modules, loaded asynchronously) are checked
 * by {@linkcode checkSweep}, and again by {@linkcode runSweep} before any
 * game.
 *
 * @throws {InputError} naming the first bad value and what is allowed.
 * @example
 * ```ts
 * planSweep({ sets: [{ label: "x", policies: ["ev", "sum:20"] }], rules: ["standard"],
 *   players: [2, 3], seeds: 1, seed: 1, games: 100 }).length; // 2
 * ```
 */
export function planSweep(config: SweepConfig): SweepRun[] {
  if (config.sets.length === 0) {
    throw new InputError("no policy set: give -p A,B,... at least once");
  }
  const labels = new Set<string>();
  for (const s of config.sets) {
    if (s.label === "" || s.label.includes(",") || labels.has(s.label)) {
      throw new InputError(
        `bad policy set label '${s.label}': give each set a distinct, non-empty label without commas`,
      );
    }
    labels.add(s.label);
  }
  if (config.rules.length === 0) {
    throw new InputError("no rules preset: give --rules, e.g. standard");
  }
  const presets = config.rules.map((r) => getRules(r));
  if (new Set(config.rules).size !== config.rules.length) {
    throw new InputError(
      `bad --rules '${config.rules.join(",")}': list each preset once`,
    );
  }
  if (
    !Number.isSafeInteger(config.seeds) || config.seeds < 1 ||
    config.seeds > MAX_SEEDS
  ) {
    throw new InputError(
      `bad --seeds '${config.seeds}': give a whole number from 1 to ${MAX_SEEDS}`,
    );
  }
  if (config.players.length === 0) {
    throw new InputError("no table size: give --players, e.g. 2-8");
  }
  for (const rules of presets) {
    const lo = Math.max(2, rules.minPlayers), hi = rules.maxPlayers;
    for (const n of config.players) {
      if (!Number.isSafeInteger(n) || n < lo || n > hi) {
        throw new InputError(
          `bad --players: ${n} players, the '${rules.name}' rules allow a sweep from ${lo} to ${hi} players`,
        );
      }
    }
  }
  for (const s of config.sets) {
    const n = Math.min(...config.players);
    if (n < s.policies.length) {
      throw new InputError(
        `bad --players: ${n} players cannot seat the ${s.policies.length} policies of '${s.label}'; start the sizes at ${s.policies.length} or list fewer policies`,
      );
    }
  }
  const games = new Map(config.players.map((n) => [n, gamesOf(config, n)]));
  const seedOf = config.seedOf ?? defaultSeedOf;
  const runs: SweepRun[] = [];
  for (const rules of config.rules) {
    for (const players of config.players) {
      for (const set of config.sets) {
        for (let r = 0; r < config.seeds; r++) {
          const cell = { set: set.label, rules, players };
          runs.push({
            ...cell,
            replicate: r,
            spec: {
              rules,
              policies: seatsOf(set.policies, players),
              seed: seedOf(config.seed, r, cell) >>> 0,
              count: games.get(players)!,
              mode: "game",
            },
          });
        }
      }
    }
  }
  return runs;
}

/**
 * A sweep made of several sub-sweeps, each with its own sets, presets, sizes,
 * replicates and counts: the runs of each {@linkcode planSweep} in turn
 * (sub-plan order kept), one plan for {@linkcode runSweep},
 * {@linkcode sweepRows} and {@linkcode pooledRows}. A cell (set, rules,
 * players) may appear in one sub-sweep only, so pooling stays per sub-sweep.
 *
 * @throws {InputError} from a sub-sweep, or naming a cell planned twice.
 * @example
 * ```ts
 * const plan = planSweeps([
 *   { sets: [{ label: "a", policies: ["ev", "sum:20"] }], rules: ["standard"],
 *     players: [2, 3], seeds: 3, seed: 1, games: 100 },
 *   { sets: [{ label: "b", policies: ["ev", "sum:25"] }], rules: ["immediate-actions"],
 *     players: [4], seeds: 1, seed: 1, games: 50 },
 * ]);
 * plan.length; // 2 × 3 + 1 = 7
 * ```
 */
export function planSweeps(configs: SweepConfig[]): SweepRun[] {
  const seen = new Map<string, number>();
  const runs: SweepRun[] = [];
  configs.forEach((config, j) => {
    for (const run of planSweep(config)) {
      const k = JSON.stringify([run.set, run.rules, run.players]);
      if ((seen.get(k) ?? j) !== j) {
        throw new InputError(
          `set '${run.set}' at ${run.players} players under '${run.rules}' is planned by two sub-sweeps: give each cell to one`,
        );
      }
      seen.set(k, j);
      runs.push(run);
    }
  });
  return runs;
}

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
 * declare const config: SweepConfig;
 * const accs = await runSweep(planSweep(config), { workers: 2 });
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
 * declare const config: SweepConfig;
 * await checkSweep(planSweep(config));
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
 * SWEEP_COLUMNS[0]; // "set"
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
 * declare const plan: SweepRun[], accs: RunAccum[];
 * sweepRows(plan, accs)[0].win_share;
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
 * declare const plan: SweepRun[], accs: RunAccum[];
 * const c: PooledCell = pooledCells(plan, accs)[0];
 * c.acc.games; // the games of all its replicates
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
 * declare const plan: SweepRun[], accs: RunAccum[];
 * pooledCells(plan, accs).map((c) => c.acc.games);
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
 * declare const plan: SweepRun[], accs: RunAccum[];
 * pooledRows(plan, accs).filter((r) => r.players === 4);
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

/**
 * Text and extras of {@linkcode sweepChart}.
 *
 * @example
 * ```ts
 * const o: SweepChartOptions = { title: "ev vs bust:0.25", dodge: 0.2 };
 * ```
 */
export interface SweepChartOptions {
  /** Title, inside the SVG. */
  title?: string;
  /** Subtitle. */
  subtitle?: string;
  /** Caption. */
  caption?: string;
  /**
   * Horizontal spread of the series around each table size, in players
   * (default 0.12 per series, at most 0.5).
   */
  dodge?: number;
  /** Further marks drawn on top (e.g. published figures to compare with). */
  marks?: PlotOptions["marks"];
}

/**
 * One point of a {@linkcode winShareChart}: a series' per-seat win share at
 * `x` players (already dodged), minus the fair share, with its interval.
 *
 * @example
 * ```ts
 * const p: WinSharePoint = { rules: "standard", series: "ev", x: 3.9, y: 0.02, lo: 0.01, hi: 0.03 };
 * ```
 */
export interface WinSharePoint {
  /** Rules preset (the column of panels). */
  rules: unknown;
  /** Series (the colour). */
  series: unknown;
  /** Players, dodged. */
  x: number;
  /** Win share minus 1/n. */
  y: number;
  /** Interval low, minus 1/n. */
  lo: number;
  /** Interval high, minus 1/n. */
  hi: number;
  /** Row of panels, with {@linkcode WinShareChartOptions}`.rows`. */
  row?: unknown;
}

/**
 * Layout of a {@linkcode winShareChart}.
 *
 * @example
 * ```ts
 * const o: WinShareChartOptions = { rules: ["standard"], players: [2, 4], series: ["ev"], seriesLabel: "Policy" };
 * ```
 */
export interface WinShareChartOptions extends SweepChartOptions {
  /** Rules presets, the columns of panels. */
  rules: string[];
  /** Row labels, one row of panels each (default: one row). */
  rows?: string[];
  /** Table sizes, the x ticks. */
  players: number[];
  /** x domain (default: the sizes ± 0.4). */
  xDomain?: [number, number];
  /** Series, in legend order. */
  series: string[];
  /** Legend label. */
  seriesLabel: string;
  /** Height in px (default 380). */
  height?: number;
  /** Right margin in px (default 20). */
  marginRight?: number;
}

/**
 * The win-share chart the table-size experiments share (`sweep`,
 * `field-size`): per-seat win share minus the fair share `1/n` against
 * players, one panel per rules preset (and per row, if `rows`), one colour
 * per series, interval bars, a faint line through each series, and
 * `marks` on top (e.g. published figures).
 *
 * @example
 * ```ts
 * import { renderSvg } from "../chart/chart.ts";
 * renderSvg(winShareChart(
 *   [{ rules: "standard", series: "ev", x: 2, y: 0.01, lo: 0, hi: 0.02 }],
 *   { rules: ["standard"], players: [2], series: ["ev"], seriesLabel: "Policy" },
 * ));
 * ```
 */
export function winShareChart(
  pts: WinSharePoint[],
  o: WinShareChartOptions,
): ChartOptions {
  const lo = Math.min(...o.players), hi = Math.max(...o.players);
  const fy = o.rows ? { fy: "row" } : {};
  return {
    title: o.title,
    subtitle: o.subtitle,
    caption: o.caption,
    height: o.height ?? 380,
    marginRight: o.marginRight ?? 20,
    marginLeft: 56,
    x: {
      label: "Players",
      ticks: o.players,
      tickFormat: "d",
      domain: o.xDomain ?? [lo - 0.4, hi + 0.4],
    },
    y: {
      // along the axis, clear of the facet labels above the panels
      label: "Win share − 1/n (percentage points)",
      labelAnchor: "center" as const,
      percent: true,
      grid: true,
    },
    fx: { label: null, domain: o.rules },
    ...(o.rows ? { fy: { label: null, domain: o.rows } } : {}),
    color: { legend: true, domain: o.series, label: o.seriesLabel },
    marks: [
      Plot.ruleY([0], { stroke: "#999", strokeDasharray: "4,3" }),
      Plot.link(pts, {
        x1: "x",
        x2: "x",
        y1: "lo",
        y2: "hi",
        fx: "rules",
        ...fy,
        stroke: "series",
        strokeWidth: 2,
      }),
      Plot.line(pts, {
        x: "x",
        y: "y",
        z: "series",
        fx: "rules",
        ...fy,
        stroke: "series",
        strokeOpacity: 0.4,
      }),
      Plot.dot(pts, {
        x: "x",
        y: "y",
        fx: "rules",
        ...fy,
        fill: "series",
        r: 3,
      }),
      ...(o.marks ?? []),
    ],
  };
}

/**
 * The sweep chart ({@linkcode winShareChart}): per-seat win share minus the
 * fair share `1/n` against players, one panel per rules preset, one colour
 * per policy (per set and policy when there are several sets), Wilson 95%
 * bars, replicates pooled.
 *
 * @example
 * ```ts
 * import { renderSvg } from "../chart/chart.ts";
 * declare const plan: SweepRun[], accs: RunAccum[];
 * renderSvg(sweepChart(pooledRows(plan, accs), { title: "ev vs bust:0.25" }));
 * ```
 */
export function sweepChart(
  pooledRows: Row[],
  text: SweepChartOptions = {},
): ChartOptions {
  const multi = new Set(pooledRows.map((r) => r.set)).size > 1;
  const series = (r: Row) => multi ? `${r.set}: ${r.policy}` : String(r.policy);
  const domain = [...new Set(pooledRows.map(series))];
  const rules = [...new Set(pooledRows.map((r) => String(r.rules)))];
  const players = [...new Set(pooledRows.map((r) => r.players as number))]
    .sort((a, b) => a - b);
  const width = text.dodge ?? Math.min(0.5, 0.12 * domain.length);
  const dx = (s: string) =>
    domain.length < 2
      ? 0
      : -width / 2 + width * domain.indexOf(s) / (domain.length - 1);
  const pts = pooledRows.map((r) => {
    const n = r.players as number;
    return {
      rules: r.rules,
      series: series(r),
      x: n + dx(series(r)),
      y: (r.win_share as number) - 1 / n,
      lo: (r.ci_low as number) - 1 / n,
      hi: (r.ci_high as number) - 1 / n,
    };
  });
  return winShareChart(pts, {
    ...text,
    rules,
    players,
    series: domain,
    seriesLabel: multi ? "Set: policy" : "Policy",
  });
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * A sweep as an experiment (see {@linkcode SweepExperimentConfig}).
 *
 * @example
 * ```ts
 * declare const sets: PolicySet[];
 * const c: SweepExperimentConfig = { name: "sweep", claim: "-", sets, rules: ["standard"],
 *   players: [2, 3], seeds: 3, games: 2000, quickGames: 200 };
 * ```
 */
export interface SweepExperimentConfig extends Omit<SweepConfig, "seed"> {
  /** Experiment and file name (`NAME.csv`, ...). */
  name: string;
  /** One sentence: what the sweep asks. */
  claim: string;
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
 * const exp = sweepExperiment({ name: "sweep", claim: "ev vs bust:0.25 by size",
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4, 6], seeds: 3, games: 2000 });
 * const res = await exp.run({ seed: 1, quick: true, workers: 2 });
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
      `Bars: Wilson 95% intervals. Source: ${config.name}.csv (one row per rules × players × set × policy × seed)`,
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
