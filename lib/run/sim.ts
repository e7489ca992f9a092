/**
 * Whole-game matches (`sim`) and one-round distributions (`round`): thin
 * conveniences over the one runner, `runAll` of `lib/run/runner.ts`, with one row
 * per `-p` position (`groupBy: "seat"`), byte-identical for a given seed
 * whatever the number of workers. Policy module paths work as specs.
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

import { MAX_ROUND_SCORE, runAll, type RunSpec } from "./runner.ts";
import { round, summarize, wilson } from "./stats.ts";

/** One policy's row of a match. */
export interface MatchRow {
  /** The policy spec. */
  policy: string;
  /** Games won outright. */
  wins: number;
  /** Drawn games in which this seat shared the top total. */
  draws: number;
  /** wins / games (a draw is not a win). */
  win_share: number;
  /** Lower end of the 95% Wilson interval of the win share. */
  ci_low: number;
  /** Upper end of the 95% Wilson interval of the win share. */
  ci_high: number;
  /** Mean points a round. */
  points_per_round: number;
}

/** The result of {@linkcode runMatch}. */
export interface MatchResult {
  /** Games played. */
  games: number;
  /** The rules preset. */
  rules: string;
  /** The seed. */
  seed: number;
  /** Mean rounds a game. */
  rounds_per_game: number;
  /** Its standard error. */
  rounds_per_game_se: number;
  /** One row per policy, in seat order. */
  rows: MatchRow[];
}

/** Options of {@linkcode runMatch}. */
export interface MatchOptions
  extends Omit<RunSpec, "count" | "mode" | "groupBy"> {
  /** Number of games. */
  games: number;
  /** Workers (default: cores). */
  workers?: number;
  /** Progress callback. */
  onProgress?: (done: number, total: number) => void;
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
  const [acc] = await runAll([{
    rules: opts.rules,
    policies: opts.policies,
    seed: opts.seed,
    target: opts.target,
    count: opts.games,
    mode: "game",
    groupBy: "seat",
  }], { workers: opts.workers, onProgress: opts.onProgress });
  const rs = summarize({
    n: acc.games,
    sum: acc.rounds,
    sumSq: acc.rounds_sq,
  });
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
        draws: acc.draw_seats[i],
        win_share: round(acc.wins[i] / acc.games, 6),
        ci_low: round(lo, 6),
        ci_high: round(hi, 6),
        points_per_round: round(acc.points[i] / acc.rounds, 4),
      };
    }),
  };
}

export { MAX_ROUND_SCORE };

/** One policy's row of a round distribution. */
export interface RoundRow {
  /** The policy spec. */
  policy: string;
  /** Rounds played. */
  rounds: number;
  /** Mean round score. */
  mean: number;
  /** Its standard error. */
  se: number;
  /** Standard deviation of the round score. */
  sd: number;
  /** Share of rounds busted. */
  bust: number;
  /** Share of rounds ending in a Flip 7. */
  flip7: number;
  /** Counts of each round score, index = score. */
  histogram: number[];
}

/** Options of {@linkcode runRounds}. */
export interface RoundOptions
  extends Omit<RunSpec, "count" | "mode" | "groupBy"> {
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
  const [acc] = await runAll([{
    rules: opts.rules,
    policies: opts.policies,
    seed: opts.seed,
    target: opts.target,
    count: opts.rounds,
    mode: "round",
    groupBy: "seat",
  }], { workers: opts.workers, onProgress: opts.onProgress });
  return acc.policies.map((p, e) => {
    const n = acc.games;
    const s = summarize({
      n,
      sum: acc.points[e],
      sumSq: acc.seat_points_sq[e],
    });
    return {
      policy: p,
      rounds: n,
      mean: round(s.mean, 4),
      se: round(s.se, 4),
      sd: round(s.sd, 4),
      bust: round(acc.busts[e] / n, 6),
      flip7: round(acc.flip7s[e] / n, 6),
      histogram: acc.score_hist[e],
    };
  });
}
