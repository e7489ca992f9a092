/**
 * A Monte Carlo run as data and its sums: the run spec ({@linkcode RunSpec}:
 * rules, one policy per seat, seed, count, mode), the accumulator
 * ({@linkcode RunAccum}: integer sums only, as plain JSON arrays), the exact
 * and associative {@linkcode mergeAccum}, and {@linkcode accumProblem}, the
 * check a merge of shards runs on an accumulator it reads. `runner.ts`, which
 * plays runs into these sums, re-exports them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { accumProblem, emptyAccum, mergeAccum, type RunSpec } from "./accum.ts";
 * const spec: RunSpec = { rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 10, mode: "game" };
 * const a = mergeAccum(emptyAccum(spec), emptyAccum(spec));
 * assert.equal(a.games, 0);
 * assert.equal(accumProblem(a, 0), null); // possible for an empty slice
 * ```
 * @module
 */

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
 * import { playRange } from "./runner.ts";
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
 * import { playRange } from "./runner.ts";
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

export function groupsOf(spec: RunSpec): { labels: string[]; of: number[] } {
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
 * import { playRange } from "./runner.ts";
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

/** A value as a message shows it: numbers as written, strings quoted. */
export function shown(x: unknown): string {
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
 * import { playRange } from "./runner.ts";
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
