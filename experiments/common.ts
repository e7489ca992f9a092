/**
 * Shared machinery of the experiments: seeds derived from the base seed,
 * batched Monte Carlo runs of whole games or single rounds over the workers,
 * and per-policy statistics with standard errors.
 *
 * A batch is a list of runs (rules, one policy per seat, seed, count). The
 * runs are laid end to end on one index range and cut into chunks that
 * depend only on the total, so one pool of workers serves a whole experiment
 * and the result is byte-identical whatever the number of workers. Game `g`
 * of a run is played exactly as game `g` of `flip7 sim` (or round `g` of
 * `flip7 round`) with the same seed and policy list: random stream `g`, seats
 * rotated by `g`. Every sum is a sum of integers, so merging is exact.
 *
 * Seats playing the same policy are pooled into one group. Per group: wins,
 * the per-seat win share `wins / (games × seats)` with a Wilson 95% interval
 * (the interval of the group's share `wins / games`, a binomial proportion,
 * divided by its seats), points per round (a ratio estimator over games, with
 * a delta-method standard error), and the paired difference of two groups.
 *
 * @example
 * ```ts
 * import { runBatch, groupStats } from "./common.ts";
 * const [acc] = await runBatch([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 2000, mode: "game" }]);
 * groupStats(acc).find((g) => g.policy === "ev")!.win_share;
 * ```
 * @module
 */

import { Game, OUT_BUST, OUT_FLIP7 } from "../lib/engine.ts";
import { runChunks } from "../lib/parallel.ts";
import { interceptBatch } from "../lib/shard.ts";
import { getRules } from "../lib/rules.ts";
import { round, wilson } from "../lib/stats.ts";
import { makeStrategy } from "../lib/strategies/registry.ts";

/**
 * Whole games (`game`) or single rounds from a fresh deck (`round`).
 *
 * @example
 * ```ts
 * const m: RunMode = "round";
 * ```
 */
export type RunMode = "game" | "round";

/**
 * One run of a batch.
 *
 * @example
 * ```ts
 * const s: RunSpec = { rules: "standard", policies: ["ev", "evc"], seed: 1, count: 1000, mode: "game" };
 * ```
 */
export interface RunSpec {
  /** Rules preset. */
  rules: string;
  /** One policy spec per seat, in `-p` order. */
  policies: string[];
  /** Seed of the run. */
  seed: number;
  /** Number of games or rounds. */
  count: number;
  /** Games or single rounds. */
  mode: RunMode;
}

/**
 * Integer sums of one run, per policy group (groups in order of first seat).
 *
 * @example
 * ```ts
 * const [acc]: RunAccum[] = await runBatch([s]);
 * acc.wins;
 * ```
 */
export interface RunAccum {
  /** Distinct policies, in order of first appearance. */
  groups: string[];
  /** Seats of each group. */
  seats: number[];
  /** Games (or rounds) played. */
  n: number;
  /** Sum of rounds per game (`round` mode: 1 per round). */
  r: number;
  /** Sum of squared rounds per game. */
  rr: number;
  /** Games won by a seat of each group. */
  wins: number[];
  /** Games with no winner (tie under a draw rule). */
  draws: number;
  /** Points scored by the seats of each group. */
  y: number[];
  /** Sum over games of y_a·y_b (row-major, groups × groups). */
  yy: number[];
  /** Sum over games of y_a·rounds. */
  yr: number[];
  /** Busts of the group's seats (`round` mode only). */
  bust: number[];
  /** Flip 7s of the group's seats (`round` mode only). */
  flip7: number[];
}

/**
 * Derive an independent 32-bit seed from a base seed and labels (FNV-1a,
 * then a final avalanche), so that experiments and replicates never share a
 * random stream.
 *
 * @example
 * ```ts
 * deriveSeed(1, "field-size", 0) !== deriveSeed(1, "field-size", 1); // true
 * ```
 */
export function deriveSeed(
  base: number,
  ...labels: (string | number)[]
): number {
  const s = [base, ...labels].join("/");
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function groupsOf(policies: string[]): { groups: string[]; of: number[] } {
  const groups: string[] = [];
  const of = policies.map((p) => {
    let i = groups.indexOf(p);
    if (i < 0) i = groups.push(p) - 1;
    return i;
  });
  return { groups, of };
}

function emptyAccum(policies: string[]): RunAccum {
  const { groups, of } = groupsOf(policies);
  const g = groups.length;
  const seats = new Array(g).fill(0);
  for (const i of of) seats[i]++;
  return {
    groups,
    seats,
    n: 0,
    r: 0,
    rr: 0,
    wins: new Array(g).fill(0),
    draws: 0,
    y: new Array(g).fill(0),
    yy: new Array(g * g).fill(0),
    yr: new Array(g).fill(0),
    bust: new Array(g).fill(0),
    flip7: new Array(g).fill(0),
  };
}

function playRange(
  spec: RunSpec,
  from: number,
  to: number,
  acc: RunAccum,
): void {
  const n = spec.policies.length;
  const { of } = groupsOf(spec.policies);
  const g = acc.groups.length;
  const strategies = spec.policies.map((p) => makeStrategy(p));
  const seats = strategies.slice();
  const game = new Game(getRules(spec.rules), seats, { seed: spec.seed });
  const y = new Array<number>(g);
  for (let k = from; k < to; k++) {
    const rot = k % n;
    for (let i = 0; i < n; i++) seats[i] = strategies[(i + rot) % n];
    game.strategies = seats;
    game.newGame({ seed: spec.seed, stream: k });
    y.fill(0);
    let rounds: number;
    if (spec.mode === "game") {
      const res = game.playGame();
      rounds = res.rounds;
      for (let i = 0; i < n; i++) y[of[(i + rot) % n]] += res.totals[i];
      if (res.winner === null) acc.draws++;
      else acc.wins[of[(res.winner + rot) % n]]++;
    } else {
      const scores = game.playRound();
      rounds = 1;
      for (let i = 0; i < n; i++) {
        const e = of[(i + rot) % n];
        y[e] += scores[i];
        const o = game.lastRoundOutcome(i);
        if (o === OUT_BUST) acc.bust[e]++;
        else if (o === OUT_FLIP7) acc.flip7[e]++;
      }
    }
    acc.n++;
    acc.r += rounds;
    acc.rr += rounds * rounds;
    for (let a = 0; a < g; a++) {
      acc.y[a] += y[a];
      acc.yr[a] += y[a] * rounds;
      for (let b = 0; b < g; b++) acc.yy[a * g + b] += y[a] * y[b];
    }
  }
}

/**
 * Play the part `[from, to)` of a batch's joint index range. Exported for
 * the workers; use {@linkcode runBatch}.
 *
 * @example
 * ```ts
 * const parts = playBatchChunk({ runs: [{ rules: "standard", policies: ["ev", "ev"], seed: 1, count: 10, mode: "game" }] }, 0, 10);
 * parts[0].acc.n; // 10
 * ```
 */
export function playBatchChunk(
  job: { runs: RunSpec[]; starts?: number[] },
  from: number,
  to: number,
): { run: number; acc: RunAccum }[] {
  const out: { run: number; acc: RunAccum }[] = [];
  let off = 0;
  job.runs.forEach((spec, i) => {
    const a = Math.max(from, off), b = Math.min(to, off + spec.count);
    if (b > a) {
      const acc = emptyAccum(spec.policies);
      // a shard plays run i's games from starts[i] on
      const s = (job.starts?.[i] ?? 0) - off;
      playRange(spec, a + s, b + s, acc);
      out.push({ run: i, acc });
    }
    off += spec.count;
  });
  return out;
}

/**
 * Add the sums of `s` into `t` (same policies), e.g. to pool seeds.
 *
 * @example
 * ```ts
 * const pooled = accs.slice(1).reduce((t, a) => (mergeInto(t, a), t), structuredClone(accs[0]));
 * ```
 */
export function mergeInto(t: RunAccum, s: RunAccum): void {
  t.n += s.n;
  t.r += s.r;
  t.rr += s.rr;
  t.draws += s.draws;
  for (const k of ["wins", "y", "yy", "yr", "bust", "flip7"] as const) {
    for (let i = 0; i < t[k].length; i++) t[k][i] += s[k][i];
  }
}

/**
 * Pool several runs of the same policies into one accumulator (a copy).
 *
 * @example
 * ```ts
 * const all = pool([acc1, acc2]);
 * all.n === acc1.n + acc2.n; // true
 * ```
 */
export function pool(accs: RunAccum[]): RunAccum {
  const t = structuredClone(accs[0]);
  for (const a of accs.slice(1)) mergeInto(t, a);
  return t;
}

/**
 * Options of {@linkcode runBatch}.
 *
 * @example
 * ```ts
 * const o: BatchOptions = { workers: 2 };
 * ```
 */
export interface BatchOptions {
  /** Workers (default: cores; 1 runs in this thread). */
  workers?: number;
  /** Progress over the joint range. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Play every run of a batch over one pool of workers; one accumulator per
 * run, in order. Checks the rules and policies first (bad ones throw an
 * `InputError`).
 *
 * @example
 * ```ts
 * const accs = await runBatch([
 *   { rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 1000, mode: "game" },
 *   { rules: "solo-model", policies: ["sum:20"], seed: 2, count: 1000, mode: "round" },
 * ], { workers: 2 });
 * ```
 */
export async function runBatch(
  runs: RunSpec[],
  options: BatchOptions = {},
): Promise<RunAccum[]> {
  for (const r of runs) {
    getRules(r.rules);
    for (const p of r.policies) makeStrategy(p);
  }
  const play = async (ranges: [number, number][]) => {
    const slices = runs.map((r, i) => ({
      ...r,
      count: ranges[i][1] - ranges[i][0],
    }));
    const parts = await runChunks<{ run: number; acc: RunAccum }[]>({
      module: import.meta.url,
      fn: "playBatchChunk",
      args: { runs: slices, starts: ranges.map(([a]) => a) },
      total: slices.reduce((s, r) => s + r.count, 0),
      workers: options.workers,
      chunks: Math.min(256, Math.max(runs.length * 4, 64)),
      onProgress: options.onProgress,
    });
    const accs = runs.map((r) => emptyAccum(r.policies));
    for (const chunk of parts) {
      for (const { run, acc } of chunk) mergeInto(accs[run], acc);
    }
    return accs;
  };
  // a shard plays its slice of each run and stops; a merge gets the sums
  return await interceptBatch({
    kind: "batch",
    specs: runs,
    counts: runs.map((r) => r.count),
    play,
    merge: pool,
  }) ?? await play(runs.map((r) => [0, r.count]));
}

/**
 * Statistics of one policy group of a run.
 *
 * @example
 * ```ts
 * const [ev]: GroupStats[] = groupStats(acc);
 * ev.win_share;
 * ```
 */
export interface GroupStats {
  /** Policy spec. */
  policy: string;
  /** Seats playing it. */
  seats: number;
  /** Games (or rounds) in the run. */
  games: number;
  /** Games won by one of its seats. */
  wins: number;
  /** Per-seat win share: wins / (games × seats). */
  win_share: number;
  /** Wilson 95% interval of the per-seat win share. */
  ci_low: number;
  /** Upper end of the interval. */
  ci_high: number;
  /** Standard error of the per-seat win share (binomial over games). */
  win_se: number;
  /** Points per seat per round. */
  points_per_round: number;
  /** Its standard error (delta method over games). */
  ppr_se: number;
  /** Share of seat-rounds that bust (`round` mode). */
  bust: number;
  /** Share of seat-rounds that reach Flip 7 (`round` mode). */
  flip7: number;
}

/** Standard error of Σu/Σr over n games, from Σu², for a ratio estimator. */
function ratioSe(n: number, sumR: number, sumU2: number): number {
  if (n < 2 || sumR <= 0) return NaN;
  return Math.sqrt(Math.max(0, sumU2) * n / (n - 1)) / sumR;
}

/**
 * Per-group statistics of a run (unrounded).
 *
 * @example
 * ```ts
 * groupStats(acc)[0].points_per_round;
 * ```
 */
export function groupStats(acc: RunAccum): GroupStats[] {
  const g = acc.groups.length;
  return acc.groups.map((policy, a) => {
    const k = acc.seats[a];
    const [lo, hi] = wilson(acc.wins[a], acc.n);
    const R = acc.y[a] / k / acc.r;
    const u2 = acc.yy[a * g + a] / (k * k) - 2 * R * acc.yr[a] / k +
      R * R * acc.rr;
    return {
      policy,
      seats: k,
      games: acc.n,
      wins: acc.wins[a],
      win_share: acc.wins[a] / (acc.n * k),
      ci_low: lo / k,
      ci_high: hi / k,
      win_se: Math.sqrt(
        (acc.wins[a] / acc.n) * (1 - acc.wins[a] / acc.n) / acc.n,
      ) / k,
      points_per_round: R,
      ppr_se: ratioSe(acc.n, acc.r, u2),
      bust: acc.bust[a] / (acc.n * k),
      flip7: acc.flip7[a] / (acc.n * k),
    };
  });
}

/**
 * A difference between two groups of one run, with its standard error.
 *
 * @example
 * ```ts
 * const d: Difference = winShareDiff(acc, "ev", "bust:0.25");
 * d.z;
 * ```
 */
export interface Difference {
  /** Estimate (group a minus group b). */
  diff: number;
  /** Standard error of the estimate. */
  se: number;
  /** diff / se. */
  z: number;
}

/**
 * Difference of per-seat win shares of groups `a` and `b` (by policy).
 * Per game `D = W_a/k_a − W_b/k_b` with `W` the 0/1 win indicators (at most
 * one is 1), so `Var D = p_a/k_a² + p_b/k_b² − (p_a/k_a − p_b/k_b)²` with
 * `p` the groups' shares of games, and `SE = sqrt(Var D / games)`.
 *
 * @example
 * ```ts
 * const d = winShareDiff(acc, "ev", "bust:0.25");
 * d.z;
 * ```
 */
export function winShareDiff(acc: RunAccum, a: string, b: string): Difference {
  const i = acc.groups.indexOf(a), j = acc.groups.indexOf(b);
  if (i < 0 || j < 0) throw new Error(`no group ${i < 0 ? a : b} in the run`);
  const ka = acc.seats[i], kb = acc.seats[j];
  const pa = acc.wins[i] / acc.n, pb = acc.wins[j] / acc.n;
  const diff = pa / ka - pb / kb;
  const v = pa / (ka * ka) + pb / (kb * kb) - diff * diff;
  const se = Math.sqrt(Math.max(0, v) / acc.n);
  return { diff, se, z: diff / se };
}

/**
 * Paired difference of points per seat per round of groups `a` and `b`
 * (same games), with a delta-method standard error over games.
 *
 * @example
 * ```ts
 * pointsDiff(acc, "evc", "ev").diff;
 * ```
 */
export function pointsDiff(acc: RunAccum, a: string, b: string): Difference {
  const g = acc.groups.length;
  const i = acc.groups.indexOf(a), j = acc.groups.indexOf(b);
  if (i < 0 || j < 0) throw new Error(`no group ${i < 0 ? a : b} in the run`);
  const ka = acc.seats[i], kb = acc.seats[j];
  const dd = acc.yy[i * g + i] / (ka * ka) -
    2 * acc.yy[i * g + j] / (ka * kb) + acc.yy[j * g + j] / (kb * kb);
  const dr = acc.yr[i] / ka - acc.yr[j] / kb;
  const R = (acc.y[i] / ka - acc.y[j] / kb) / acc.r;
  const se = ratioSe(acc.n, acc.r, dd - 2 * R * dr + R * R * acc.rr);
  return { diff: R, se, z: R / se };
}

/**
 * Seats for a field of `n` players, half `a` and half `b`, alternating
 * (`a, b, a, b, ...`); for odd `n` the extra seat is `a`.
 *
 * @example
 * ```ts
 * field(3, "ev", "bust:0.25"); // ["ev", "bust:0.25", "ev"]
 * ```
 */
export function field(n: number, a: string, b: string): string[] {
  return Array.from({ length: n }, (_, i) => (i % 2 === 0 ? a : b));
}

/**
 * Round every number of a row to `digits` decimals (integers untouched).
 *
 * @example
 * ```ts
 * r6(0.1234567); // 0.123457
 * ```
 */
export function r6(x: number): number {
  return round(x, 6);
}

/**
 * Label of a progress phase, and an `onProgress` that forwards to a
 * labelled callback.
 *
 * @example
 * ```ts
 * const p = phase((l, d, t) => console.error(l, d, t), "field-size");
 * p(10, 100);
 * ```
 */
export function phase(
  cb: ((label: string, done: number, total: number) => void) | undefined,
  label: string,
): ((done: number, total: number) => void) | undefined {
  return cb ? (d, t) => cb(label, d, t) : undefined;
}
