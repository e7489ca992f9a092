/**
 * The one Monte Carlo runner: every seat-rotating run of the engine (`sim`,
 * `round`, the experiments, the win-agent matches) goes through
 * {@linkcode playRange}, and every batch of runs through {@linkcode runAll}.
 *
 * A run ({@linkcode RunSpec}) is a rules preset, one policy spec per seat, a
 * seed, a count and a mode: whole games (`game`) or single rounds from a
 * fresh deck (`round`). Game (or round) `k` of a run is played on random
 * stream `(seed, k)` with the policies rotated by `k` seats (seat `i` plays
 * policy `(i + k) mod n`), so no policy gains from its seat and the result
 * does not depend on how the index range is cut up. Seats playing the same
 * policy are pooled into one group, in order of first seat (or, with
 * `groupBy: "seat"`, every `-p` position is its own group).
 *
 * The accumulator ({@linkcode RunAccum}) holds integer sums only, as plain
 * JSON arrays, so {@linkcode mergeAccum} is exact and associative: chunks,
 * workers and shard files merge to the same bytes. Statistics from it live
 * in `lib/run/stats.ts`.
 *
 * Why this file runs past ~500 lines: {@linkcode playRange} is the hot
 * loop of every simulation (~120 lines: one engine reused for every game of
 * the range, typed arrays, no allocation per game); the run spec and its
 * sums are `accum.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runAll, type RunSpec } from "./runner.ts";
 * import { policyRows } from "./stats.ts";
 * const spec: RunSpec = { rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 100, mode: "game" };
 * const [one] = await runAll([spec], { workers: 1 });
 * const [two] = await runAll([spec], { workers: 2 });
 * assert.deepEqual(two, one); // game g is played on stream (seed, g) whatever the workers
 * assert.equal(policyRows(one)[0].policy, "ev");
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { Game, OUT_BUST, OUT_FLIP7 } from "../game/engine.ts";
import { defaultWorkers, runChunks } from "./parallel.ts";
import { getRules, type Rules, withRules } from "../game/rules.ts";
import { interceptBatch, registerAccumCheck } from "./shard.ts";
import {
  loadPolicies,
  moduleIn,
  resolvePolicySpec,
  splitModuleSpec,
} from "./modules.ts";
import { isThreadLocal, makeStrategy } from "./registry.ts";
import type { Strategy } from "../game/view.ts";
import {
  accumProblem,
  emptyAccum,
  groupsOf,
  MAX_ROUND_SCORE,
  mergeAccum,
  type RunAccum,
  type RunSpec,
  shown,
} from "./accum.ts";

// a run and its sums, one door with how runs are played
export {
  accumProblem,
  emptyAccum,
  MAX_ROUND_SCORE,
  mergeAccum,
  type RunAccum,
  type RunMode,
  type RunSpec,
} from "./accum.ts";

/**
 * The specs with, when they seat policy modules, the SHA-256 of each
 * module file's content (`modules: { path: hash }`): what a shard's partial
 * records and a merge compares. Specs without modules are returned as is.
 */
async function withModuleHashes(specs: RunSpec[]): Promise<unknown[]> {
  const memo = new Map<string, string>();
  const out: unknown[] = [];
  for (const s of specs) {
    const mods: Record<string, string> = {};
    for (const given of s.policies) {
      const p = moduleIn(given);
      if (p === null) continue;
      const { path, url } = splitModuleSpec(p);
      let h = memo.get(url);
      if (h === undefined) {
        const d = await crypto.subtle.digest(
          "SHA-256",
          Deno.readFileSync(new URL(url)),
        );
        h = Array.from(
          new Uint8Array(d),
          (b) => b.toString(16).padStart(2, "0"),
        ).join("");
        memo.set(url, h);
      }
      mods[path] = h;
    }
    out.push(Object.keys(mods).length ? { ...s, modules: mods } : s);
  }
  return out;
}

/**
 * Largest seed of a run (seeds are 32-bit words of the random streams).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_SEED, 4294967295);
 * ```
 */
export const MAX_SEED = 4294967295;

/**
 * Most workers a run may start (the command line's `--workers` bound).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_WORKERS, 64);
 * ```
 */
export const MAX_WORKERS = 64;

// private copies for soloRounds (imports are read through their cells at
// every use: lib/game/engine.ts, beside its imports)
const TOP_SCORE = MAX_ROUND_SCORE;

/**
 * Rounds `[from, to)` of a one-seat round run, round `k` from a fresh deck on
 * stream `k`: adds each score to `hist`, to `sums` the sums of the scores and
 * of their squares, and to `outcomes` the rounds of each outcome (indexed by
 * OUT_BANKED, OUT_BUST, OUT_FLIP7): the same integer sums as the general loop
 * of {@linkcode playRange}, which this one is for speed.
 */
function soloRounds(
  game: Game,
  seed: number,
  from: number,
  to: number,
  hist: Float64Array,
  sums: Float64Array,
  outcomes: Float64Array,
): void {
  const start = { seed, stream: 0 };
  // Busts and Flip 7s are counted by outcome, `outcomes[o]++`, without a
  // branch on whether the round busted (a coin flip to predict), and as an
  // increment: V8 compiles `sums[i] += o & 1` on a Float64Array holding
  // whole numbers into checked float-to-integer conversions and an integer
  // add, where `++` is one float add (bench/HISTORY.md, "Issue 26, session
  // 37"). The sums go to the arrays in the loop and nothing is done after
  // it: V8 compiles this loop while it runs (on-stack replacement), before
  // any code after it has run, and reuses that compiled loop in the next
  // call, so an operation after the loop (the result array) had no type
  // feedback and threw the compiled loop away at the end of every chunk.
  for (let k = from; k < to; k++) {
    start.stream = k;
    game.newGame(start);
    const x = game.playRound()[0];
    const o = game.lastRoundOutcome(0);
    sums[0] += x;
    sums[1] += x * x;
    outcomes[o]++;
    hist[Math.min(x, TOP_SCORE) | 0]++;
  }
}

function rulesOf(spec: RunSpec): Rules {
  const r = getRules(spec.rules);
  return spec.target === undefined ? r : withRules(r, { target: spec.target });
}

/**
 * Play games (or rounds) `[from, to)` of one run: index `k` on random stream
 * `(seed, k)`, seats rotated by `k`. This is the one seat-rotating game loop
 * of the code base. Policy modules among the specs must have been loaded
 * ({@linkcode runAll} does it). `make` builds a seat's strategy from its
 * spec and the run's rules (default: the registry's `makeStrategy`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const acc = playRange({ rules: "solo-model", policies: ["sum:20"], seed: 1, count: 100, mode: "round" }, 0, 100);
 * assert.equal(acc.games, 100);
 * assert.equal(acc.score_hist[0].reduce((a, b) => a + b, 0), 100); // one score a round
 * ```
 */
export function playRange(
  spec: RunSpec,
  from: number,
  to: number,
  make: (policy: string, rules: string) => Strategy = makeStrategy,
): RunAccum {
  const acc = emptyAccum(spec);
  const n = spec.policies.length;
  const g = acc.policies.length;
  const { of } = groupsOf(spec);
  const strategies: Strategy[] = spec.policies.map((p) => make(p, spec.rules));
  const seats = strategies.slice();
  const game = new Game(rulesOf(spec), seats, { seed: spec.seed });
  // per game: points of each group; typed arrays, no allocation in the loop
  const y = new Float64Array(g);
  const wins = new Float64Array(g), drawSeats = new Float64Array(g);
  const points = new Float64Array(g), seatSq = new Float64Array(g);
  const cross = new Float64Array(g * g), pr = new Float64Array(g);
  const busts = new Float64Array(g), flip7s = new Float64Array(g);
  // group of the seat that plays policy position (i + rot) % n, per rotation
  const groupAt = new Int32Array(n * n);
  for (let rot = 0; rot < n; rot++) {
    for (let i = 0; i < n; i++) groupAt[rot * n + i] = of[(i + rot) % n];
  }
  const H = MAX_ROUND_SCORE + 1;
  const hist = new Float64Array(spec.mode === "round" ? g * H : 0);
  let rounds = 0, roundsSq = 0, draws = 0;
  const isGame = spec.mode === "game";
  const start = { seed: spec.seed, stream: 0 };
  // game k: rotate the policies by k seats (rot = k mod n, kept without a
  // division), start on stream k; returns the rotation's row in groupAt
  let rot = from % n;
  const begin = (k: number): number => {
    const base = rot * n;
    if (n > 1) {
      for (let i = 0; i < n; i++) {
        const j = i + rot;
        seats[i] = strategies[j < n ? j : j - n];
      }
      game.strategies = seats;
    }
    if (++rot === n) rot = 0;
    start.stream = k;
    game.newGame(start);
    return base;
  };
  // after game k (r rounds): the per-game sums of the groups' points y
  const tally = (r: number): void => {
    rounds += r;
    roundsSq += r * r;
    for (let a = 0; a < g; a++) {
      const ya = y[a];
      points[a] += ya;
      pr[a] += ya * r;
      for (let b = 0; b < g; b++) cross[a * g + b] += ya * y[b];
    }
    for (let a = 0; a < g; a++) y[a] = 0;
  };
  if (isGame) {
    for (let k = from; k < to; k++) {
      const base = begin(k);
      const res = game.playGame();
      const t = res.totals;
      for (let i = 0; i < n; i++) {
        const e = groupAt[base + i];
        y[e] += t[i];
        seatSq[e] += t[i] * t[i];
      }
      if (res.winner !== null) wins[groupAt[base + res.winner]]++;
      else {
        draws++;
        let top = -Infinity;
        for (let i = 0; i < n; i++) if (t[i] > top) top = t[i];
        for (let i = 0; i < n; i++) {
          if (t[i] === top) drawSeats[groupAt[base + i]]++;
        }
      }
      tally(res.rounds);
    }
  } else if (n === 1) {
    // one seat, one round from a fresh deck per index
    const sums = new Float64Array(2), outcomes = new Float64Array(3);
    soloRounds(game, spec.seed, from, to, hist, sums, outcomes);
    rounds = roundsSq = Math.max(0, to - from);
    points[0] = pr[0] = sums[0];
    seatSq[0] = cross[0] = sums[1];
    busts[0] = outcomes[OUT_BUST];
    flip7s[0] = outcomes[OUT_FLIP7];
  } else {
    // one round from a fresh deck per index
    for (let k = from; k < to; k++) {
      const base = begin(k);
      const scores = game.playRound();
      for (let i = 0; i < n; i++) {
        const e = groupAt[base + i], x = scores[i];
        y[e] += x;
        seatSq[e] += x * x;
        const o = game.lastRoundOutcome(i);
        if (o === OUT_BUST) busts[e]++;
        else if (o === OUT_FLIP7) flip7s[e]++;
        hist[e * H + (Math.min(x, MAX_ROUND_SCORE) | 0)]++;
      }
      tally(1);
    }
  }
  acc.games = Math.max(0, to - from);
  acc.rounds = rounds;
  acc.rounds_sq = roundsSq;
  acc.draws = draws;
  acc.wins = Array.from(wins);
  acc.draw_seats = Array.from(drawSeats);
  acc.points = Array.from(points);
  acc.seat_points_sq = Array.from(seatSq);
  acc.points_cross = Array.from(cross);
  acc.points_rounds = Array.from(pr);
  acc.busts = Array.from(busts);
  acc.flip7s = Array.from(flip7s);
  acc.score_hist = isGame
    ? []
    : acc.policies.map((_, a) => Array.from(hist.subarray(a * H, (a + 1) * H)));
  return acc;
}

/**
 * A strategy maker for {@linkcode RunOptions.maker}: the function `fn`
 * exported by `module` is called as `fn(args, policy, rules)` in every
 * thread that plays, and returns the strategy for that spec, or `undefined`
 * to fall back to the registry. For strategies built from data the caller
 * holds (e.g. win tables trained in this run).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const tables = { target: 200 }; // anything structured-clonable
 * const m: StrategyMaker = { module: import.meta.url, fn: "makeAgent", args: { tables } };
 * assert.deepEqual(structuredClone(m), m); // what a worker receives
 * ```
 */
export interface StrategyMaker {
  /** URL of the module exporting `fn`. */
  module: string;
  /** Name of the exported `(args, policy, rules) => Strategy | undefined`. */
  fn: string;
  /** Structured-clonable data passed to it. */
  args: unknown;
}

type MakerFn = (
  args: unknown,
  policy: string,
  rules: string,
) => Strategy | undefined;

/** What a worker is sent: the batch, its specs' module paths made absolute. */
interface BatchJob {
  runs: RunSpec[];
  maker?: StrategyMaker;
  /** First game index of each run (a shard's slice; default 0). */
  starts?: number[];
}

async function makerOf(
  m: StrategyMaker | undefined,
): Promise<(policy: string, rules: string) => Strategy> {
  if (!m) return makeStrategy;
  const fn = (await import(m.module))[m.fn] as MakerFn;
  if (typeof fn !== "function") {
    throw new Error(`${m.module} exports no function ${m.fn}`);
  }
  return (p, rules) => fn(m.args, p, rules) ?? makeStrategy(p);
}

/**
 * Worker job: play the part `[from, to)` of the batch's joint index range
 * (runs laid end to end), loading the policy modules first. Exported for
 * the workers; use {@linkcode runAll}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const spec: RunSpec = { rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 100, mode: "game" };
 * const parts = await playBatchChunk({ runs: [spec] }, 0, 10);
 * assert.equal(parts.length, 1); // the range lies in one run
 * assert.equal(parts[0].acc.games, 10);
 * ```
 */
export async function playBatchChunk(
  job: BatchJob,
  from: number,
  to: number,
): Promise<{ run: number; from: number; acc: RunAccum }[]> {
  await loadPolicies(job.runs.flatMap((r) => r.policies));
  const make = await makerOf(job.maker);
  const out: { run: number; from: number; acc: RunAccum }[] = [];
  let off = 0;
  job.runs.forEach((spec, i) => {
    const a = Math.max(from, off), b = Math.min(to, off + spec.count);
    const s = (job.starts?.[i] ?? 0) - off;
    if (b > a) {
      out.push({
        run: i,
        from: a + s,
        acc: playRange(spec, a + s, b + s, make),
      });
    }
    off += spec.count;
  });
  return out;
}

/**
 * Options of {@linkcode runAll}.
 *
 * @example
 * ```ts
 * const o: RunOptions = { workers: 2, onProgress: (d, t) => console.error(d, t) };
 * ```
 */
export interface RunOptions {
  /** Workers (default: the number of cores; 1 runs in this thread). */
  workers?: number;
  /** Progress over the joint index range of the batch. */
  onProgress?: (done: number, total: number) => void;
  /** Number of chunks of the joint range (default: 4 per run, 64 to 256; one per million games beyond). */
  chunks?: number;
  /** Builds some of the strategies from data (see {@linkcode StrategyMaker}). */
  maker?: StrategyMaker;
}

/**
 * Check a batch before any game: rules presets, targets, counts, player
 * counts and policies (loading policy modules). Returns the specs as sent to
 * workers (module paths absolute).
 *
 * @throws {InputError} naming the bad value.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * await prepareRuns([{ rules: "standard", policies: ["ev", "ev"], seed: 1, count: 10, mode: "game" }]);
 * await assert.rejects(
 *   prepareRuns([{ rules: "standard", policies: ["ev", "evv"], seed: 1, count: 10, mode: "game" }]),
 *   /unknown policy 'evv'/,
 * );
 * ```
 */
export async function prepareRuns(
  specs: RunSpec[],
  maker?: StrategyMaker,
): Promise<RunSpec[]> {
  for (const s of specs) {
    if (s.mode !== "game" && s.mode !== "round") {
      throw new InputError(`bad run mode '${s.mode}': allowed game, round`);
    }
    // a library caller's values are checked, not coerced: a string, NaN,
    // 1.5 or 2^40 would otherwise play as something else than reported
    if (
      typeof s.count !== "number" || !Number.isSafeInteger(s.count) ||
      s.count < 0
    ) {
      throw new InputError(
        `bad run count ${shown(s.count)} (${typeof s
          .count}): a whole number from 0 to ${Number.MAX_SAFE_INTEGER}`,
      );
    }
    if (
      typeof s.seed !== "number" || !Number.isInteger(s.seed) || s.seed < 0 ||
      s.seed > MAX_SEED
    ) {
      throw new InputError(
        `bad seed ${shown(s.seed)} (${typeof s
          .seed}): a whole number from 0 to ${MAX_SEED}`,
      );
    }
    const rules = rulesOf(s);
    const n = s.policies.length;
    if (n < rules.minPlayers || n > rules.maxPlayers) {
      throw new InputError(
        `${n} polic${
          n === 1 ? "y" : "ies"
        } given: the '${rules.name}' rules allow ${rules.minPlayers} to ${rules.maxPlayers} players`,
      );
    }
  }
  await loadPolicies(specs.flatMap((s) => s.policies));
  const make = await makerOf(maker);
  const seen = new Set<string>();
  for (const s of specs) {
    for (const p of s.policies) {
      if (!seen.has(`${s.rules}\n${p}`)) make(p, s.rules);
      seen.add(`${s.rules}\n${p}`);
    }
  }
  return specs.map((s) => {
    const policies = s.policies.map(resolvePolicySpec);
    s.policies.forEach((p, i) => {
      const j = policies.indexOf(policies[i]);
      if (s.policies[j] !== p) {
        throw new InputError(
          `policies '${
            s.policies[j]
          }' and '${p}' name the same module: write it the same way in one run`,
        );
      }
    });
    return { ...s, policies };
  });
}

/**
 * Play every run of a batch over one pool of workers; one accumulator per
 * run, in order, byte-identical whatever the number of workers. Checks the
 * whole batch first ({@linkcode prepareRuns}). Strategies added with
 * `registerStrategy` exist only in this thread: a batch using one runs in
 * this thread (the same result, without the parallelism), with a note on
 * stderr; put such a strategy in a policy module to use the workers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const accs = await runAll([
 *   { rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 100, mode: "game" },
 *   { rules: "solo-model", policies: ["sum:20"], seed: 2, count: 1000, mode: "round" },
 * ], { workers: 2 });
 * assert.deepEqual(accs.map((a) => [a.mode, a.games]), [["game", 100], ["round", 1000]]);
 * ```
 */
export async function runAll(
  specs: RunSpec[],
  opts: RunOptions = {},
): Promise<RunAccum[]> {
  const runs = await prepareRuns(specs, opts.maker);
  let workers = opts.workers ?? defaultWorkers();
  if (
    typeof workers !== "number" || !Number.isInteger(workers) || workers < 1 ||
    workers > MAX_WORKERS
  ) {
    throw new InputError(
      `bad workers ${shown(workers)}: a whole number from 1 to ${MAX_WORKERS}`,
    );
  }
  const local = specs.flatMap((s) => s.policies).filter(isThreadLocal);
  if (workers > 1 && local.length > 0) {
    console.error(
      `note: policy '${
        local[0]
      }' was added with registerStrategy and exists only in this thread, so the run uses 1 worker (put it in a policy module to use ${workers})`,
    );
    workers = 1;
  }
  // Play slice ranges[i] of each run i (the whole run outside a shard);
  // `onPiece` hears each chunk's part of a run (what a shard records).
  const play = async (
    ranges: [number, number][],
    onPiece?: (run: number, from: number, to: number, acc: RunAccum) => void,
  ): Promise<RunAccum[]> => {
    const slices = runs.map((r, i) => ({
      ...r,
      count: ranges[i][1] - ranges[i][0],
    }));
    const total = slices.reduce((s, r) => s + r.count, 0);
    const accs = specs.map((s) => emptyAccum(s));
    if (total === 0) return accs;
    const parts = await runChunks<
      { run: number; from: number; acc: RunAccum }[]
    >({
      module: import.meta.url,
      fn: "playBatchChunk",
      args: {
        runs: slices,
        maker: opts.maker,
        starts: ranges.map(([a]) => a),
      } satisfies BatchJob,
      total,
      workers,
      // (a run of more than 256M games gets chunks of 1M: its progress, and
      // the estimate of its time, come within seconds, not hours)
      chunks: opts.chunks ??
        Math.max(
          Math.min(256, Math.max(runs.length * 4, 64)),
          Math.min(65536, Math.ceil(total / 1e6)),
        ),
      onProgress: opts.onProgress,
    });
    for (const chunk of parts) {
      for (const { run, from, acc } of chunk) {
        // labels as given (module paths as written), not as sent to workers
        acc.policies = accs[run].policies;
        onPiece?.(run, from, from + acc.games, acc);
        mergeAccum(accs[run], acc);
      }
    }
    return accs;
  };
  // Play pieces again (a merge's check of a partial): each its own run.
  const replay = async (
    pieces: { run: number; from: number; to: number }[],
  ): Promise<RunAccum[]> => {
    const parts = await runChunks<
      { run: number; from: number; acc: RunAccum }[]
    >({
      module: import.meta.url,
      fn: "playBatchChunk",
      args: {
        runs: pieces.map((p) => ({ ...runs[p.run], count: p.to - p.from })),
        maker: opts.maker,
        starts: pieces.map((p) => p.from),
      } satisfies BatchJob,
      total: pieces.reduce((s, p) => s + p.to - p.from, 0),
      workers,
    });
    const accs = pieces.map((p) => emptyAccum(specs[p.run]));
    for (const chunk of parts) {
      for (const { run, acc } of chunk) {
        acc.policies = accs[run].policies;
        mergeAccum(accs[run], acc);
      }
    }
    return accs;
  };
  // --shard: play this shard's slices and stop; merge: the partials' sums.
  // A run's policy modules enter its spec by content hash, so that shards
  // of two versions of a module never merge.
  return await interceptBatch({
    kind: "runner",
    specs: await withModuleHashes(specs),
    counts: specs.map((s) => s.count),
    play,
    replay,
    merge: (parts) =>
      parts.slice(1).reduce(
        (t, a) => mergeAccum(t, a),
        structuredClone(parts[0]),
      ),
  }) ?? await play(specs.map((s) => [0, s.count]));
}

// a merge refuses partials whose runner accumulators are impossible
registerAccumCheck(
  "runner",
  accumProblem,
  (parts) =>
    parts.slice(1).reduce<RunAccum>(
      (t, a) => mergeAccum(t, a as RunAccum),
      structuredClone(parts[0] as RunAccum),
    ),
);
