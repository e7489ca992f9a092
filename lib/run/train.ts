/**
 * Training the search agent's win table by approximate policy iteration
 * (seed 001's method).
 *
 * 1. Self-play games of the current policy (first a threshold policy, then
 *    the search agent on the last table) give Monte Carlo joint laws of the
 *    two round-score increments `(x0, x1)`, one per starting player and per
 *    pair of *regions* of the round-start totals — seed 001's three regions
 *    of a total: far (below 120), closing (120 to 169), near (170 and up) —
 *    recorded from both players' sides.
 * 2. Value iteration over rounds: `W[t0, t1, s] = Σ p(x0, x1 | region, s) ·
 *    W[t0 + x0, t1 + x1, 1 − s]`, where a total at or past the target ends the
 *    game (higher total wins, equal totals count one half). Every increment
 *    but `(0, 0)` moves to a larger `t0 + t1`, so one backward sweep solves it,
 *    with the `(0, 0)` self-loops solved exactly as a 2 × 2 linear system.
 * 3. The new policy is the search on the new table; repeat.
 *
 * Game `g` of iteration `i` is played by the one runner (`playRange` of
 * `lib/run/runner.ts`) on random stream `g` of seed `seed + 7919 · i`, seats
 * rotated by `g`, so the table is byte-identical whatever the number of
 * workers. Seat 0 starts every game; both players play the same policy and
 * every round is recorded from both sides, so this counts the same
 * increments as alternating the starting seat would (the game with seat 1
 * first is the mirror image of the game with seat 0 first). Training seeds are disjoint from the evaluation seeds by
 * convention: training uses seed 9001 and up, evaluation seeds below 1000.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trainTable } from "./train.ts";
 * // the cached tables use 4000 games and 3 steps (minutes); 50 games of the
 * // sum:37 start and no search step here
 * const { table, w00, rounds } = await trainTable({ rules: "duel", games: 50, iterations: 0, seed: 9001, workers: 1 });
 * assert.equal(table.target, 200);
 * assert.equal(w00.length, 1); // one W[0, 0, first] per step
 * assert.ok(rounds[0] > 50); // several rounds a game
 * assert.ok(table.get(0, 0, 0) > 0.3 && table.get(0, 0, 0) < 0.7); // about one half
 * ```
 * @module
 */

import { chunkBounds, runChunks } from "./parallel.ts";
import { getRules } from "../game/rules.ts";
import { playRange } from "./runner.ts";
import { makeStrategy } from "./registry.ts";
import { SearchStrategy } from "../winprob/search_strategy.ts";
import type { Strategy, TableView } from "../game/view.ts";
import {
  DEFAULT_TRAINING,
  REGION_CUTS,
  setSearchTrainer,
} from "../winprob/provide.ts";
import { WTable } from "../winprob/table.ts";

/** Round scores at or above this are clamped (no round scores 200). */
export const INC_CAP = 200;
/** Region cuts of a total (defined beside the table identities that name them). */
export { REGION_CUTS } from "../winprob/provide.ts";
const NR = REGION_CUTS.length + 1;
/** Number of (region, region) cells. */
export const CELLS = NR * NR;

/**
 * The region cell of round-start totals (scaled to a target of 200).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(cellOf(0, 190, 200), 2); // far, near
 * assert.equal(cellOf(130, 0, 200), 3); // closing, far
 * assert.equal(cellOf(45, 57, 60), 5); // closing, near: on a 60-point scale
 * ```
 */
export function cellOf(t0: number, t1: number, target: number): number {
  return regionOf(t0, target) * NR + regionOf(t1, target);
}

function regionOf(t: number, target: number): number {
  const x = (t * 200) / target;
  let i = 0;
  while (i < REGION_CUTS.length && x >= REGION_CUTS[i]) i++;
  return i;
}

/** Arguments of one training chunk (structured-clonable). */
export interface TrainChunkArgs {
  /** Rules preset. */
  rules: string;
  /** Seed of this iteration's games. */
  seed: number;
  /** Policy spec to self-play, used when `table` is null. */
  policy: string;
  /** Table of the search policy to self-play, or null. */
  table: Float32Array | null;
  /** Target of the table. */
  target: number;
}

/** Sparse joint increment counts of a chunk: `index[i]` was seen `count[i]` times. */
export interface TrainChunkResult {
  /** Flat indices `((cell * 2 + s) * INC_CAP + x0) * INC_CAP + x1`. */
  index: Int32Array;
  /** Counts. */
  count: Int32Array;
  /** Rounds recorded. */
  rounds: number;
}

/**
 * Counts the joint round-score increments of seat 0 and seat 1 into a dense
 * histogram: it wraps the self-play strategies, and at the end of every
 * round (totals not yet updated, round scores final) the wrapper of seat 0
 * records the round from both players' sides.
 */
class IncrementRecorder {
  readonly hist = new Int32Array(CELLS * 2 * INC_CAP * INC_CAP);
  rounds = 0;
  private round = 0;
  constructor(private readonly target: number) {}
  wrap(inner: Strategy): Strategy {
    return {
      name: inner.name,
      hit: (v, s) => inner.hit(v, s),
      target: (v, s, k) => inner.target(v, s, k),
      newGame: (v, s) => {
        if (s === 0) this.round = 0;
        inner.newGame?.(v, s);
      },
      roundEnd: (v, s) => {
        if (s === 0) this.record(v);
        inner.roundEnd?.(v, s);
      },
    };
  }
  private record(v: TableView): void {
    const S = INC_CAP;
    // the runner deals seat 0 first in round 1, then the first seat passes left
    const first = this.round++ % 2;
    const ta = v.total(0), tb = v.total(1);
    const xa = Math.min(S - 1, v.roundScore(0));
    const xb = Math.min(S - 1, v.roundScore(1));
    const sa = first === 0 ? 0 : 1;
    this.hist[((cellOf(ta, tb, this.target) * 2 + sa) * S + xa) * S + xb]++;
    this.hist[((cellOf(tb, ta, this.target) * 2 + 1 - sa) * S + xb) * S + xa]++;
    this.rounds++;
  }
}

/**
 * Self-play games `[from, to)` on the runner (`playRange` of
 * `lib/run/runner.ts`: game `g` on stream `g` of the seed, seats rotated by `g`)
 * and count the increments. Exported for workers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = trainChunk({ rules: "duel", seed: 9001, policy: "sum:37", table: null, target: 200 }, 0, 10);
 * assert.ok(r.rounds > 10); // ten games of several rounds
 * assert.equal(r.index.length, r.count.length); // a sparse histogram
 * assert.equal(r.count.reduce((a, b) => a + b, 0), 2 * r.rounds); // every round from both sides
 * ```
 */
export function trainChunk(
  args: TrainChunkArgs,
  from: number,
  to: number,
): TrainChunkResult {
  const rec = new IncrementRecorder(getRules(args.rules).target);
  const mk = (): Strategy =>
    args.table
      ? new SearchStrategy(true, new WTable(args.target, 2, args.table))
      : makeStrategy(args.policy);
  playRange(
    {
      rules: args.rules,
      policies: [args.policy, args.policy],
      seed: args.seed,
      count: to,
      mode: "game",
    },
    from,
    to,
    () => rec.wrap(mk()),
  );
  const hist = rec.hist;
  let nnz = 0;
  for (let i = 0; i < hist.length; i++) if (hist[i]) nnz++;
  const index = new Int32Array(nnz), count = new Int32Array(nnz);
  let j = 0;
  for (let i = 0; i < hist.length; i++) {
    if (hist[i]) {
      index[j] = i;
      count[j++] = hist[i];
    }
  }
  return { index, count, rounds: rec.rounds };
}

/**
 * Value iteration over rounds: the table of a policy from its joint
 * increment counts (dense, as accumulated from {@linkcode trainChunk}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // the dense histogram of one chunk's joint increments
 * const r = trainChunk({ rules: "duel", seed: 9001, policy: "sum:37", table: null, target: 200 }, 0, 20);
 * const hist = new Float64Array(CELLS * 2 * INC_CAP * INC_CAP);
 * r.index.forEach((i, j) => hist[i] += r.count[j]);
 * const w = solveTable(hist, 200);
 * assert.equal(w.target, 200);
 * assert.ok(w.get(0, 0, 0) > 0.3 && w.get(0, 0, 0) < 0.7);
 * assert.ok(w.get(190, 0, 0) > w.get(0, 190, 0)); // better to be ahead
 * ```
 */
export function solveTable(hist: Float64Array, target: number): WTable {
  const S = INC_CAP, T = target;
  // sparse normalised laws per (cell, s)
  const xs0: Int32Array[] = [], xs1: Int32Array[] = [], ps: Float64Array[] = [];
  const p00 = new Float64Array(CELLS * 2);
  for (let c = 0; c < CELLS * 2; c++) {
    let tot = 0, nnz = 0;
    const base = c * S * S;
    for (let i = 0; i < S * S; i++) {
      if (hist[base + i]) {
        tot += hist[base + i];
        nnz++;
      }
    }
    const a = new Int32Array(nnz),
      b = new Int32Array(nnz),
      p = new Float64Array(nnz);
    let j = 0;
    if (tot === 0) {
      // never visited: a neutral law (both bank 0) keeps W at one half
      xs0.push(a);
      xs1.push(b);
      ps.push(p);
      p00[c] = 1;
      continue;
    }
    for (let i = 0; i < S * S; i++) {
      const h = hist[base + i];
      if (!h) continue;
      const x0 = Math.floor(i / S), x1 = i % S;
      if (x0 === 0 && x1 === 0) {
        p00[c] = h / tot;
        continue;
      }
      a[j] = x0;
      b[j] = x1;
      p[j++] = h / tot;
    }
    xs0.push(a.subarray(0, j));
    xs1.push(b.subarray(0, j));
    ps.push(p.subarray(0, j));
  }
  const w = WTable.symmetric(T, 2, 0);
  const data = w.data;
  const val = (a: number, b: number, s: number) =>
    a >= T || b >= T
      ? (a > b ? 1 : a < b ? 0 : 0.5)
      : data[(s * T + a) * T + b];
  for (let t0 = T - 1; t0 >= 0; t0--) {
    for (let t1 = T - 1; t1 >= 0; t1--) {
      const cell = cellOf(t0, t1, T);
      const A = [0, 0];
      for (let s = 0; s < 2; s++) {
        const c = cell * 2 + s;
        const a = xs0[c], b = xs1[c], p = ps[c];
        let acc = 0;
        for (let j = 0; j < p.length; j++) {
          acc += p[j] * val(t0 + a[j], t1 + b[j], 1 - s);
        }
        A[s] = acc;
      }
      const q0 = p00[cell * 2], q1 = p00[cell * 2 + 1];
      const den = 1 - q0 * q1;
      // if both always score 0 the game never ends: call it one half
      const w0 = den > 1e-12 ? (A[0] + q0 * A[1]) / den : 0.5;
      const w1 = den > 1e-12 ? A[1] + q1 * w0 : 0.5;
      data[(0 * T + t0) * T + t1] = w0;
      data[(1 * T + t0) * T + t1] = w1;
    }
  }
  return w;
}

/** Options of {@linkcode trainTable}. */
export interface TrainOptions {
  /** Rules preset (two players). */
  rules: string;
  /** Self-play games per iteration. */
  games: number;
  /** Policy-iteration steps on the search policy after the threshold start (at least 1). */
  iterations: number;
  /** Training seed (use 9001 and up, disjoint from evaluation seeds). */
  seed: number;
  /** Starting threshold policy (default `sum:37`, seed 001's). */
  start?: string;
  /** Workers (default: cores). */
  workers?: number;
  /** Progress messages. */
  log?: (line: string) => void;
}

/** What {@linkcode trainTable} returns. */
export interface TrainResult {
  /** The final table. */
  table: WTable;
  /** `W[0, 0, 0]` after each step (step 0: the threshold policy). */
  w00: number[];
  /** Rounds recorded per step. */
  rounds: number[];
}

/**
 * Approximate policy iteration: threshold policy → table → search on the
 * table → new table, `iterations` times.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await trainTable({ rules: "duel", games: 20, iterations: 0, seed: 9001, workers: 1 });
 * // the same chunks as in this thread: the same table
 * const s = trainTableSync({ rules: "duel", games: 20, iterations: 0, seed: 9001 });
 * assert.deepEqual(r.table.data, s.table.data);
 * ```
 */
export async function trainTable(opts: TrainOptions): Promise<TrainResult> {
  return await trainLoop(opts, (args, games) =>
    runChunks<TrainChunkResult>({
      module: import.meta.url,
      fn: "trainChunk",
      args,
      total: games,
      workers: opts.workers,
      chunks: TRAIN_CHUNKS,
    }));
}

/**
 * {@linkcode trainTable} in this thread, synchronously (the same chunks, so
 * the same table): the fallback of a strategy that finds no table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = trainTableSync({ rules: "duel", games: 20, iterations: 0, seed: 9001 });
 * assert.equal(r.table.meta.kind, "search");
 * assert.equal(r.table.meta.start, "sum:37");
 * ```
 */
export function trainTableSync(opts: TrainOptions): TrainResult {
  const r = trainLoop(
    opts,
    (args, games) =>
      chunkBounds(games, TRAIN_CHUNKS).map(([a, b]) => trainChunk(args, a, b)),
  );
  if (r instanceof Promise) {
    throw new Error("training did not run in this thread");
  }
  return r;
}

const TRAIN_CHUNKS = 16;

// Loading this module provides the trainer of missing search tables (the
// strategies find their tables in ./provide.ts and never import this module).
setSearchTrainer((rules) =>
  trainTableSync({ rules, ...DEFAULT_TRAINING }).table
);

type Runner = (
  args: TrainChunkArgs,
  games: number,
) => TrainChunkResult[] | Promise<TrainChunkResult[]>;

function trainLoop(
  opts: TrainOptions,
  run: Runner,
): TrainResult | Promise<TrainResult> {
  const rules = getRules(opts.rules);
  const T = rules.target;
  const start = opts.start ?? "sum:37";
  makeStrategy(start);
  let table: WTable | null = null;
  const w00: number[] = [], rounds: number[] = [];
  let it = 0;
  const finish = (): TrainResult => ({
    table: new WTable(T, 2, table!.data, {
      kind: "search",
      rules: rules.name,
      games: opts.games,
      iterations: opts.iterations,
      seed: opts.seed,
      start,
      regions: REGION_CUTS,
    }),
    w00,
    rounds,
  });
  const step = (parts: TrainChunkResult[]): void => {
    const hist = new Float64Array(CELLS * 2 * INC_CAP * INC_CAP);
    let n = 0;
    for (const p of parts) {
      for (let j = 0; j < p.index.length; j++) hist[p.index[j]] += p.count[j];
      n += p.rounds;
    }
    table = solveTable(hist, T);
    w00.push(table.get(0, 0, 0));
    rounds.push(n);
    opts.log?.(
      `step ${it} (${
        it === 0 ? start : "search"
      }): ${n} rounds, W[0,0,first] = ${table.get(0, 0, 0).toFixed(4)}`,
    );
  };
  const argsOf = (): TrainChunkArgs => ({
    rules: rules.name,
    seed: opts.seed + 7919 * it,
    policy: start,
    table: table ? table.data : null,
    target: T,
  });
  // synchronous runners finish the whole loop before returning
  const loop = (): TrainResult | Promise<TrainResult> => {
    while (it <= opts.iterations) {
      const r = run(argsOf(), opts.games);
      if (r instanceof Promise) {
        return r.then((parts) => {
          step(parts);
          it++;
          return loop();
        });
      }
      step(r);
      it++;
    }
    return finish();
  };
  return loop();
}
