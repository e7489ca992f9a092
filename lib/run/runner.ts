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
  isModuleSpec,
  loadPolicies,
  resolvePolicySpec,
  splitModuleSpec,
} from "./modules.ts";
import { isThreadLocal, makeStrategy } from "./registry.ts";
import type { Strategy } from "../game/view.ts";

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
 * One run: structured-clonable, sent to workers as is.
 *
 * @example
 * ```ts
 * const s: RunSpec = { rules: "standard", policies: ["ev", "./my_policy.ts:0.3"], seed: 1, count: 1000, mode: "game" };
 * ```
 */
export interface RunSpec {
  /** Rules preset name. */
  rules: string;
  /** One policy spec per seat, in `-p` order (built-in specs or policy module paths). */
  policies: string[];
  /** Seed of the run: game `k` plays on stream `(seed, k)`. */
  seed: number;
  /** Number of games (or rounds). */
  count: number;
  /** Whole games or single rounds. */
  mode: RunMode;
  /** Target score, overriding the preset's. */
  target?: number;
  /**
   * Pool seats by policy (default: one group per distinct policy, in order
   * of first seat) or keep one group per `-p` position (`seat`).
   */
  groupBy?: "policy" | "seat";
}

/**
 * Highest round score the histogram tracks (171 is the most a round can score).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const acc = playRange({ rules: "solo-model", policies: ["sum:20"], seed: 1, count: 10, mode: "round" }, 0, 10);
 * assert.equal(acc.score_hist[0].length, MAX_ROUND_SCORE + 1); // in round mode
 * ```
 */
export const MAX_ROUND_SCORE = 200;

/**
 * Integer sums of one run, per policy group (groups in order of first seat).
 * Plain JSON data; merge with {@linkcode mergeAccum}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const spec: RunSpec = { rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 100, mode: "game" };
 * const acc: RunAccum = playRange(spec, 0, 100);
 * assert.equal(acc.games, 100);
 * assert.equal(acc.wins[0] + acc.wins[1] + acc.draws, 100); // each game won by one seat, or drawn
 * ```
 */
export interface RunAccum {
  /** Games or single rounds. */
  mode: RunMode;
  /** Group labels: the distinct policies in order of first seat (with `groupBy: "seat"`, one per seat). */
  policies: string[];
  /** Seats of each group. */
  seats: number[];
  /** Games (or rounds) played. */
  games: number;
  /** Sum of rounds per game (`round` mode: 1 per round). */
  rounds: number;
  /** Sum of squared rounds per game. */
  rounds_sq: number;
  /** Games won by a seat of each group. */
  wins: number[];
  /** Games with no winner (a tie at the top under a draw rule). */
  draws: number;
  /** Sum over drawn games of the group's seats sharing the top total. */
  draw_seats: number[];
  /** Points scored by the group's seats. */
  points: number[];
  /** Sum over seats of the group and games of a seat's points squared. */
  seat_points_sq: number[];
  /** Sum over games of points_a · points_b (row-major, groups × groups). */
  points_cross: number[];
  /** Sum over games of points_a · rounds. */
  points_rounds: number[];
  /** Busts of the group's seats (`round` mode only). */
  busts: number[];
  /** Flip 7s of the group's seats (`round` mode only). */
  flip7s: number[];
  /**
   * `round` mode: per group, how many seat-rounds scored each score (index
   * = score, capped at {@linkcode MAX_ROUND_SCORE}); `game` mode: empty.
   */
  score_hist: number[][];
}

function groupsOf(spec: RunSpec): { labels: string[]; of: number[] } {
  if (spec.groupBy === "seat") {
    return {
      labels: spec.policies.slice(),
      of: spec.policies.map((_, i) => i),
    };
  }
  const labels: string[] = [];
  const of = spec.policies.map((p) => {
    let i = labels.indexOf(p);
    if (i < 0) i = labels.push(p) - 1;
    return i;
  });
  return { labels, of };
}

/**
 * An empty accumulator for a run.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const acc = emptyAccum({ rules: "standard", policies: ["ev", "ev"], seed: 1, count: 0, mode: "game" });
 * assert.deepEqual(acc.seats, [2]); // one group, ev, of two seats
 * assert.equal(acc.games, 0);
 * ```
 */
export function emptyAccum(spec: RunSpec): RunAccum {
  const { labels, of } = groupsOf(spec);
  const g = labels.length;
  const seats = new Array(g).fill(0);
  for (const i of of) seats[i]++;
  const zeros = () => new Array(g).fill(0);
  return {
    mode: spec.mode,
    policies: labels,
    seats,
    games: 0,
    rounds: 0,
    rounds_sq: 0,
    wins: zeros(),
    draws: 0,
    draw_seats: zeros(),
    points: zeros(),
    seat_points_sq: zeros(),
    points_cross: new Array(g * g).fill(0),
    points_rounds: zeros(),
    busts: zeros(),
    flip7s: zeros(),
    score_hist: spec.mode === "round"
      ? labels.map(() => new Array(MAX_ROUND_SCORE + 1).fill(0))
      : [],
  };
}

const SCALARS = ["games", "rounds", "rounds_sq", "draws"] as const;
const VECTORS = [
  "wins",
  "draw_seats",
  "points",
  "seat_points_sq",
  "points_cross",
  "points_rounds",
  "busts",
  "flip7s",
] as const;

/**
 * Add the sums of `from` into `into` (same mode and groups), exactly: every
 * field is a sum of integers. Returns `into`.
 *
 * @throws {Error} when the two accumulators are not of the same run shape.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const spec: RunSpec = { rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 100, mode: "game" };
 * const all = mergeAccum(emptyAccum(spec), playRange(spec, 0, 50));
 * mergeAccum(all, playRange(spec, 50, 100));
 * assert.deepEqual(all, playRange(spec, 0, 100)); // two halves add up to the whole, exactly
 * ```
 */
export function mergeAccum(into: RunAccum, from: RunAccum): RunAccum {
  if (
    into.mode !== from.mode ||
    into.policies.length !== from.policies.length ||
    into.policies.some((p, i) =>
      p !== from.policies[i] || into.seats[i] !== from.seats[i]
    )
  ) {
    throw new Error(
      `cannot merge runs of ${
        JSON.stringify(from.policies)
      } (${from.mode}) into ${JSON.stringify(into.policies)} (${into.mode})`,
    );
  }
  for (const k of SCALARS) into[k] += from[k];
  for (const k of VECTORS) {
    const t = into[k], s = from[k];
    for (let i = 0; i < t.length; i++) t[i] += s[i];
  }
  for (let a = 0; a < into.score_hist.length; a++) {
    const t = into.score_hist[a], s = from.score_hist[a];
    for (let x = 0; x < t.length; x++) t[x] += s[x];
  }
  return into;
}

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
    for (const p of s.policies) {
      if (!isModuleSpec(p)) continue;
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

/** A value as a message shows it: numbers as written, strings quoted. */
function shown(x: unknown): string {
  return typeof x === "string" ? JSON.stringify(x).slice(0, 40) : String(x);
}

const isCount = (x: unknown): x is number =>
  typeof x === "number" && Number.isSafeInteger(x) && x >= 0;

/**
 * Why an accumulator read from a file (a shard's partial) cannot be what
 * {@linkcode playRange} made for a slice of `size` games, or null: every
 * field a non-negative safe integer of the right length, `games` the slice's
 * size, in game mode the wins and draws adding up to the games (every game
 * has one winner or is drawn) and at least one round per game, in round mode
 * one round per index and a score histogram that counts every seat-round,
 * busts and Flip 7s at most one per seat-round, and points no larger than
 * their sum of squares allows (Cauchy-Schwarz).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const spec: RunSpec = { rules: "standard", policies: ["ev", "ev"], seed: 1, count: 10, mode: "game" };
 * assert.equal(accumProblem(playRange(spec, 0, 10), 10), null);
 * assert.equal(accumProblem({ ...playRange(spec, 0, 10), wins: [11] }, 10), "wins 11 + draws 0 ≠ games 10");
 * ```
 */
export function accumProblem(a: unknown, size: number): string | null {
  const o = a as Partial<RunAccum> | null;
  if (o === null || typeof o !== "object" || Array.isArray(o)) {
    return "not an accumulator object";
  }
  if (o.mode !== "game" && o.mode !== "round") return `mode '${o.mode}'`;
  if (!Array.isArray(o.policies) || !Array.isArray(o.seats)) {
    return "policies or seats missing";
  }
  const g = o.policies.length;
  if (
    g === 0 || o.seats.length !== g ||
    !o.seats.every((x) => isCount(x) && x >= 1)
  ) {
    return "seats malformed";
  }
  for (const k of SCALARS) {
    if (!isCount(o[k])) return `${k} ${o[k]} is not a whole number from 0`;
  }
  for (const k of VECTORS) {
    const v = o[k];
    const len = k === "points_cross" ? g * g : g;
    if (!Array.isArray(v) || v.length !== len) {
      return `${k} has not ${len} entries`;
    }
    const bad = v.find((x) => !isCount(x));
    if (bad !== undefined) {
      return `${k} holds ${bad}, not a whole number from 0`;
    }
  }
  const games = o.games!, seats = o.seats;
  if (games !== size) return `games ${games} ≠ the slice's ${size}`;
  const sum = (v: number[]) => v.reduce((t, x) => t + x, 0);
  const hist = o.score_hist;
  if (!Array.isArray(hist)) return "score_hist missing";
  if (o.mode === "game") {
    const w = sum(o.wins!);
    if (w + o.draws! !== games) {
      return `wins ${w} + draws ${o.draws} ≠ games ${games}`;
    }
    if (o.rounds! < games) return `rounds ${o.rounds} < games ${games}`;
    if (o.rounds_sq! < o.rounds!) {
      return `rounds_sq ${o.rounds_sq} < rounds ${o.rounds}`;
    }
    for (let i = 0; i < g; i++) {
      if (o.draw_seats![i] > o.draws! * seats[i]) {
        return `draw_seats ${o.draw_seats![i]} > draws × seats`;
      }
    }
    if (hist.length !== 0) return "score_hist in a game run";
  } else {
    if (sum(o.wins!) !== 0 || o.draws !== 0) {
      return "wins or draws in a round run";
    }
    if (o.rounds !== games || o.rounds_sq !== games) {
      return "rounds ≠ games in a round run";
    }
    if (hist.length !== g) return `score_hist has not ${g} rows`;
    for (let i = 0; i < g; i++) {
      const h = hist[i];
      if (
        !Array.isArray(h) || h.length !== MAX_ROUND_SCORE + 1 ||
        !h.every(isCount)
      ) {
        return "score_hist malformed";
      }
      if (sum(h) !== games * seats[i]) {
        return `score_hist counts ${sum(h)} seat-rounds, not ${
          games * seats[i]
        }`;
      }
      if (o.busts![i] + o.flip7s![i] > games * seats[i]) {
        return "busts + Flip 7s exceed the seat-rounds";
      }
    }
  }
  for (let i = 0; i < g; i++) {
    // (sum of points)^2 <= seat-games * (sum of squares), in exact integers
    const n = BigInt(games * seats[i]), p = BigInt(o.points![i]);
    if (p * p > n * BigInt(o.seat_points_sq![i])) {
      return `points ${o.points![i]} too large for seat_points_sq ${
        o.seat_points_sq![i]
      }`;
    }
  }
  return null;
}

/**
 * Rounds `[from, to)` of a one-seat round run, round `k` from a fresh deck on
 * stream `k`: adds each score to `hist` and returns the sums of the scores,
 * of their squares, the busts and the Flip 7s (the same integer sums as the
 * general loop of {@linkcode playRange}, which this one is for speed).
 */
function soloRounds(
  game: Game,
  seed: number,
  from: number,
  to: number,
  hist: Float64Array,
): [number, number, number, number] {
  const start = { seed, stream: 0 };
  // rounds by outcome (OUT_BANKED, OUT_BUST, OUT_FLIP7): counted by index,
  // without a branch on whether the round busted (a coin flip to predict)
  const outcomes = new Float64Array(3);
  let sum = 0, sq = 0;
  for (let k = from; k < to; k++) {
    start.stream = k;
    game.newGame(start);
    const x = game.playRound()[0];
    sum += x;
    sq += x * x;
    outcomes[game.lastRoundOutcome(0)]++;
    hist[Math.min(x, MAX_ROUND_SCORE) | 0]++;
  }
  return [sum, sq, outcomes[OUT_BUST], outcomes[OUT_FLIP7]];
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
    const sums = soloRounds(game, spec.seed, from, to, hist);
    rounds = roundsSq = Math.max(0, to - from);
    points[0] = pr[0] = sums[0];
    seatSq[0] = cross[0] = sums[1];
    busts[0] = sums[2];
    flip7s[0] = sums[3];
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
): Promise<{ run: number; acc: RunAccum }[]> {
  await loadPolicies(job.runs.flatMap((r) => r.policies));
  const make = await makerOf(job.maker);
  const out: { run: number; acc: RunAccum }[] = [];
  let off = 0;
  job.runs.forEach((spec, i) => {
    const a = Math.max(from, off), b = Math.min(to, off + spec.count);
    const s = (job.starts?.[i] ?? 0) - off;
    if (b > a) out.push({ run: i, acc: playRange(spec, a + s, b + s, make) });
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
  /** Number of chunks of the joint range (default: 4 per run, 64 to 256). */
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
  // Play slice ranges[i] of each run i (the whole run outside a shard).
  const play = async (ranges: [number, number][]): Promise<RunAccum[]> => {
    const slices = runs.map((r, i) => ({
      ...r,
      count: ranges[i][1] - ranges[i][0],
    }));
    const total = slices.reduce((s, r) => s + r.count, 0);
    const accs = specs.map((s) => emptyAccum(s));
    if (total === 0) return accs;
    const parts = await runChunks<{ run: number; acc: RunAccum }[]>({
      module: import.meta.url,
      fn: "playBatchChunk",
      args: {
        runs: slices,
        maker: opts.maker,
        starts: ranges.map(([a]) => a),
      } satisfies BatchJob,
      total,
      workers,
      chunks: opts.chunks ?? Math.min(256, Math.max(runs.length * 4, 64)),
      onProgress: opts.onProgress,
    });
    for (const chunk of parts) {
      for (const { run, acc } of chunk) {
        // labels as given (module paths as written), not as sent to workers
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
    merge: (parts) =>
      parts.slice(1).reduce(
        (t, a) => mergeAccum(t, a),
        structuredClone(parts[0]),
      ),
  }) ?? await play(specs.map((s) => [0, s.count]));
}

// a merge refuses partials whose runner accumulators are impossible
registerAccumCheck("runner", accumProblem);
