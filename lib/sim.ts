/**
 * Monte Carlo runs over the engine: whole games (`sim`) and single rounds
 * (`round`), seat-rotated, chunked and parallel, byte-identical for a given
 * seed whatever the number of workers.
 *
 * Game `g` (or round `r`) of a run seeded `s` is played on random stream
 * `(s, g)`, with the policies rotated by `g` seats so that no policy gains
 * from its seat.
 *
 * @example
 * ```ts
 * import { runMatch } from "./sim.ts";
 * const m = await runMatch({ rules: "standard", policies: ["ev", "bust:0.25"], games: 1000, seed: 1 });
 * m.rows[0].win_share;
 * ```
 * @module
 */

import { Game, OUT_BUST, OUT_FLIP7 } from "./engine.ts";
import { runChunks } from "./parallel.ts";
import { interceptBatch } from "./shard.ts";
import { getRules, type Rules, withRules } from "./rules.ts";
import { round, summarize, wilson } from "./stats.ts";
import { makeStrategy } from "./strategies/registry.ts";
import type { Strategy } from "./view.ts";

/** What defines a run (structured-clonable, sent to workers). */
export interface RunSpec {
  /** Rules preset name. */
  rules: string;
  /** Policy specs, one per player, in `-p` order. */
  policies: string[];
  /** Seed. */
  seed: number;
  /** Optional override of the target score. */
  target?: number;
}

/** Raw per-policy counts of a chunk of games. */
export interface MatchAccum {
  games: number;
  rounds: number;
  roundsSq: number;
  wins: number[];
  draws: number[];
  points: number[];
}

function rulesOf(spec: RunSpec): Rules {
  const r = getRules(spec.rules);
  return spec.target === undefined ? r : withRules(r, { target: spec.target });
}

/**
 * One game object reused for a run's games: game (or round) `i` seats the
 * policies rotated by `i` and plays on random stream `(seed, i)`.
 */
class RotatingTable {
  private readonly strategies: Strategy[];
  private readonly seats: Strategy[];
  private readonly game: Game;
  constructor(private readonly spec: RunSpec) {
    this.strategies = spec.policies.map((p) => makeStrategy(p));
    this.seats = this.strategies.slice();
    this.game = new Game(rulesOf(spec), this.seats, { seed: spec.seed });
  }
  /** Seat the policies for index `i` and start its game. */
  start(i: number): Game {
    const n = this.seats.length, rot = i % n;
    for (let s = 0; s < n; s++) this.seats[s] = this.strategies[(s + rot) % n];
    this.game.strategies = this.seats;
    this.game.newGame({ seed: this.spec.seed, stream: i });
    return this.game;
  }
}

/**
 * Play games `[from, to)` of a run and count wins and points per policy.
 * Exported for workers; use {@linkcode runMatch}.
 *
 * @example
 * ```ts
 * playMatchChunk({ rules: "standard", policies: ["ev", "ev"], seed: 1 }, 0, 10).games; // 10
 * ```
 */
export function playMatchChunk(
  spec: RunSpec,
  from: number,
  to: number,
): MatchAccum {
  const n = spec.policies.length;
  const table = new RotatingTable(spec);
  const acc: MatchAccum = {
    games: 0,
    rounds: 0,
    roundsSq: 0,
    wins: new Array(n).fill(0),
    draws: new Array(n).fill(0),
    points: new Array(n).fill(0),
  };
  for (let g = from; g < to; g++) {
    const rot = g % n;
    const game = table.start(g);
    const res = game.playGame();
    acc.games++;
    acc.rounds += res.rounds;
    acc.roundsSq += res.rounds * res.rounds;
    for (let i = 0; i < n; i++) acc.points[(i + rot) % n] += res.totals[i];
    if (res.winner !== null) acc.wins[(res.winner + rot) % n]++;
    else {
      const top = Math.max(...res.totals);
      for (let i = 0; i < n; i++) {
        if (res.totals[i] === top) acc.draws[(i + rot) % n]++;
      }
    }
  }
  return acc;
}

/** One policy's row of a match. */
export interface MatchRow {
  policy: string;
  wins: number;
  draws: number;
  win_share: number;
  ci_low: number;
  ci_high: number;
  points_per_round: number;
}

/** The result of {@linkcode runMatch}. */
export interface MatchResult {
  games: number;
  rules: string;
  seed: number;
  rounds_per_game: number;
  rounds_per_game_se: number;
  rows: MatchRow[];
}

/** Options of {@linkcode runMatch}. */
export interface MatchOptions extends RunSpec {
  /** Number of games. */
  games: number;
  /** Workers (default: cores). */
  workers?: number;
  /** Progress callback. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Merge chunk counts in order.
 *
 * @example
 * ```ts
 * mergeMatch([a, b]).games === a.games + b.games;
 * ```
 */
export function mergeMatch(parts: MatchAccum[]): MatchAccum {
  const n = parts[0].wins.length;
  const acc: MatchAccum = {
    games: 0,
    rounds: 0,
    roundsSq: 0,
    wins: new Array(n).fill(0),
    draws: new Array(n).fill(0),
    points: new Array(n).fill(0),
  };
  for (const p of parts) {
    acc.games += p.games;
    acc.rounds += p.rounds;
    acc.roundsSq += p.roundsSq;
    for (let i = 0; i < n; i++) {
      acc.wins[i] += p.wins[i];
      acc.draws[i] += p.draws[i];
      acc.points[i] += p.points[i];
    }
  }
  return acc;
}

/**
 * Play a match of many games: wins, win share with a Wilson 95% interval and
 * points per round for each policy, in `policies` order.
 *
 * @example
 * ```ts
 * const m = await runMatch({ rules: "standard", policies: ["ev", "ev", "ev"], games: 3000, seed: 7 });
 * ```
 */
export async function runMatch(opts: MatchOptions): Promise<MatchResult> {
  const spec: RunSpec = {
    rules: opts.rules,
    policies: opts.policies,
    seed: opts.seed,
    target: opts.target,
  };
  rulesOf(spec); // validate early
  for (const p of opts.policies) makeStrategy(p);
  const play = async ([from, to]: [number, number]) =>
    mergeMatch([
      playMatchChunk(spec, 0, 0),
      ...await runChunks<MatchAccum>({
        module: import.meta.url,
        fn: "playMatchChunk",
        args: spec,
        total: to - from,
        offset: from,
        workers: opts.workers,
        onProgress: opts.onProgress,
      }),
    ]);
  // a shard plays its slice and stops; a merge gets the partials' sums
  const acc = (await interceptBatch({
    kind: "match",
    specs: [spec],
    counts: [opts.games],
    play: async ([r]) => [await play(r)],
    merge: mergeMatch,
  }))?.[0] ?? await play([0, opts.games]);
  const rs = summarize({ n: acc.games, sum: acc.rounds, sumSq: acc.roundsSq });
  return {
    games: acc.games,
    rules: opts.rules,
    seed: opts.seed,
    rounds_per_game: round(rs.mean, 4),
    rounds_per_game_se: round(rs.se, 4),
    rows: opts.policies.map((p, i) => {
      const [lo, hi] = wilson(acc.wins[i], acc.games);
      return {
        policy: p,
        wins: acc.wins[i],
        draws: acc.draws[i],
        win_share: round(acc.wins[i] / acc.games, 6),
        ci_low: round(lo, 6),
        ci_high: round(hi, 6),
        points_per_round: round(acc.points[i] / acc.rounds, 4),
      };
    }),
  };
}

/** Highest round score tracked by the histogram (171 is the most a round can score). */
export const MAX_ROUND_SCORE = 200;

/** Raw per-policy counts of a chunk of single rounds. */
export interface RoundAccum {
  rounds: number;
  n: number[];
  sum: number[];
  sumSq: number[];
  bust: number[];
  flip7: number[];
  hist: number[][];
}

/**
 * Play single rounds `[from, to)`, each from a fresh deck and zero totals.
 * Exported for workers; use {@linkcode runRounds}.
 *
 * @example
 * ```ts
 * playRoundsChunk({ rules: "solo-model", policies: ["sum:20"], seed: 1 }, 0, 100).rounds; // 100
 * ```
 */
export function playRoundsChunk(
  spec: RunSpec,
  from: number,
  to: number,
): RoundAccum {
  const n = spec.policies.length;
  const table = new RotatingTable(spec);
  const acc: RoundAccum = {
    rounds: 0,
    n: new Array(n).fill(0),
    sum: new Array(n).fill(0),
    sumSq: new Array(n).fill(0),
    bust: new Array(n).fill(0),
    flip7: new Array(n).fill(0),
    hist: spec.policies.map(() => new Array(MAX_ROUND_SCORE + 1).fill(0)),
  };
  for (let r = from; r < to; r++) {
    const rot = r % n;
    const game = table.start(r);
    const scores = game.playRound();
    acc.rounds++;
    for (let i = 0; i < n; i++) {
      const e = (i + rot) % n, x = scores[i];
      acc.n[e]++;
      acc.sum[e] += x;
      acc.sumSq[e] += x * x;
      const o = game.lastRoundOutcome(i);
      if (o === OUT_BUST) acc.bust[e]++;
      else if (o === OUT_FLIP7) acc.flip7[e]++;
      acc.hist[e][Math.min(x, MAX_ROUND_SCORE)]++;
    }
  }
  return acc;
}

/**
 * Add the counts of chunks of rounds (exact; no chunk gives the empty count).
 *
 * @example
 * ```ts
 * mergeRounds([a, b], 1).rounds === a.rounds + b.rounds;
 * ```
 */
export function mergeRounds(parts: RoundAccum[], policies: number): RoundAccum {
  const z = () => new Array(policies).fill(0);
  const acc: RoundAccum = {
    rounds: 0,
    n: z(),
    sum: z(),
    sumSq: z(),
    bust: z(),
    flip7: z(),
    hist: z().map(() => new Array(MAX_ROUND_SCORE + 1).fill(0)),
  };
  for (const p of parts) {
    acc.rounds += p.rounds;
    for (let e = 0; e < policies; e++) {
      acc.n[e] += p.n[e];
      acc.sum[e] += p.sum[e];
      acc.sumSq[e] += p.sumSq[e];
      acc.bust[e] += p.bust[e];
      acc.flip7[e] += p.flip7[e];
      for (let x = 0; x <= MAX_ROUND_SCORE; x++) acc.hist[e][x] += p.hist[e][x];
    }
  }
  return acc;
}

/** One policy's row of a round distribution. */
export interface RoundRow {
  policy: string;
  rounds: number;
  mean: number;
  se: number;
  sd: number;
  bust: number;
  flip7: number;
  /** Counts of each round score, index = score. */
  histogram: number[];
}

/** Options of {@linkcode runRounds}. */
export interface RoundOptions extends RunSpec {
  /** Number of rounds. */
  rounds: number;
  /** Workers (default: cores). */
  workers?: number;
  /** Progress callback. */
  onProgress?: (done: number, total: number) => void;
}

/**
 * The one-round score distribution of each policy, seated together at one
 * table (one policy: solo), over many independent rounds from a fresh deck.
 *
 * @example
 * ```ts
 * const [row] = await runRounds({ rules: "solo-model", policies: ["sum:20"], rounds: 100000, seed: 1 });
 * row.mean; // about 20.26
 * ```
 */
export async function runRounds(opts: RoundOptions): Promise<RoundRow[]> {
  const spec: RunSpec = {
    rules: opts.rules,
    policies: opts.policies,
    seed: opts.seed,
    target: opts.target,
  };
  rulesOf(spec);
  for (const p of opts.policies) makeStrategy(p);
  const play = ([from, to]: [number, number]) =>
    runChunks<RoundAccum>({
      module: import.meta.url,
      fn: "playRoundsChunk",
      args: spec,
      total: to - from,
      offset: from,
      workers: opts.workers,
      onProgress: opts.onProgress,
    });
  // a shard plays its slice and stops; a merge gets the partials' sums
  const parts = (await interceptBatch({
    kind: "rounds",
    specs: [spec],
    counts: [opts.rounds],
    play: async ([r]) => [mergeRounds(await play(r), spec.policies.length)],
    merge: (p) => mergeRounds(p, spec.policies.length),
  })) ?? await play([0, opts.rounds]);
  return opts.policies.map((p, e) => {
    let n = 0, sum = 0, sumSq = 0, bust = 0, flip7 = 0;
    const hist = new Array(MAX_ROUND_SCORE + 1).fill(0);
    for (const a of parts) {
      n += a.n[e];
      sum += a.sum[e];
      sumSq += a.sumSq[e];
      bust += a.bust[e];
      flip7 += a.flip7[e];
      for (let x = 0; x <= MAX_ROUND_SCORE; x++) hist[x] += a.hist[e][x];
    }
    const s = summarize({ n, sum, sumSq });
    return {
      policy: p,
      rounds: n,
      mean: round(s.mean, 4),
      se: round(s.se, 4),
      sd: round(s.sd, 4),
      bust: round(bust / n, 6),
      flip7: round(flip7 / n, 6),
      histogram: hist,
    };
  });
}
