/**
 * Win play on *Flip 7: With a Vengeance* (issue 43, part 5): the round laws
 * of the race model estimated from the engine, the `brfield-v` race tables
 * built from them (installed in `race_build.ts`'s builder), and
 * {@linkcode vengeanceFieldRows}, the best response's engine win share
 * against a field at each table size with Wilson 95% intervals — what an
 * experiment calls.
 *
 * - **Laws** ({@linkcode vengeanceRoundLaw}): `rounds` single rounds from a
 *   fresh deck (the runner's `round` mode, round `k` on stream `(seed, k)`,
 *   seats rotated) at an N-player table of the Vengeance preset, the policy
 *   in one seat and the field's policy in the others, everyone choosing
 *   with the shared targeting; the law is the policy's round scores'
 *   histogram. The field's own law is that of an all-field table.
 * - **Tables** ({@linkcode buildVengeanceTable}): heads-up `solveRace2`
 *   against the field's law; from three players on `solveRace2` against
 *   `leaderLaw` (the field leader's gain over N − 1 field players, the base
 *   game's `LEADER_GAMES` and `LEADER_SEED`).
 *
 * Deterministic: the laws are played in one thread from fixed seeds
 * ({@linkcode VENGEANCE_LAWS}), the
 * games by `runAll` (game `k` on stream `(seed, k)`), so the rows are the
 * same whatever the number of workers.
 *
 * @module
 */

import { InputError } from "../game/cards.ts";
import { getRules } from "../game/rules.ts";
import { leaderLaw, solveRace2 } from "../winprob/race.ts";
import {
  type RaceTable,
  raceTable,
  type RaceTableWant,
} from "../winprob/racetable.ts";
import { BRFIELD_V_WANT, VENGEANCE_LAWS } from "../winprob/vengeance_race.ts";
import { playRange, runAll } from "./runner.ts";
import { round, wilson } from "./stats.ts";

/** Games and seed of the field leader's law (as the base game's tables). */
const LEADER_GAMES = 200_000, LEADER_SEED = 2025;

/**
 * The round law of `policy` at a table of `players` seats under the preset
 * `preset`, the others playing `field`: the share of its seat-rounds that
 * scored each score (index = score), from `rounds` seeded rounds.
 *
 * @throws {InputError} for a preset whose round scores can go below 0
 *   (Brutal Mode) or fewer than 2 players.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const law = vengeanceRoundLaw(2, "sum:20", "ev", 500, 1);
 * assert.ok(Math.abs(law.reduce((a, b) => a + b, 0) - 1) < 1e-12);
 * assert.ok(law[0] > 0.1); // busts, Zeros and wipes score 0
 * assert.deepEqual(vengeanceRoundLaw(2, "sum:20", "ev", 500, 1), law); // seeded
 * ```
 */
export function vengeanceRoundLaw(
  players: number,
  policy: string,
  field: string,
  rounds: number,
  seed: number,
  preset = "vengeance",
): Float64Array {
  const rules = getRules(preset);
  if (rules.rulings.brutal === "on") {
    throw new InputError(
      `round laws of '${preset}': Brutal Mode's scores go below 0; allowed a preset without brutal=on`,
    );
  }
  if (players < 2) {
    throw new InputError(`round law at ${players} players: allowed 2 to 6`);
  }
  const acc = playRange(
    {
      rules: preset,
      policies: [policy, ...Array<string>(players - 1).fill(field)],
      seed,
      count: rounds,
      mode: "round",
      groupBy: "policy",
    },
    0,
    rounds,
  );
  const hist = acc.score_hist[0];
  let top = hist.length - 1;
  while (top > 0 && hist[top] === 0) top--;
  let n = 0;
  for (let s = 0; s <= top; s++) n += hist[s];
  return Float64Array.from(hist.slice(0, top + 1), (c) => c / n);
}

/**
 * A `brfield-v` race table (see the module doc).
 *
 * @param want what to build ({@linkcode BRFIELD_V_WANT}; `model` the preset)
 * @param rounds rounds per law
 * @param seed seed of the laws
 * @throws {InputError} for a size outside 2..6.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BRFIELD_V_WANT } from "../winprob/vengeance_race.ts";
 * // heads-up to 40 points on laws of 2000 rounds each
 * const t = buildVengeanceTable({ ...BRFIELD_V_WANT(2), target: 40 }, 2000);
 * assert.equal(t.choice.length, 40 * 40);
 * assert.ok(t.header.w0 > 0.5); // the best response beats the field in the model
 * ```
 */
export function buildVengeanceTable(
  want: RaceTableWant,
  rounds = want.laws?.rounds ?? VENGEANCE_LAWS.rounds,
  seed = want.laws?.seed ?? VENGEANCE_LAWS.seed,
): RaceTable {
  const n = want.players, preset = want.model ?? "vengeance";
  if (!(n >= 2 && n <= 6)) {
    throw new InputError(`race table for ${n} players: allowed 2 to 6`);
  }
  const t0 = performance.now();
  const family = want.family.map((p) =>
    vengeanceRoundLaw(n, p, want.opponent, rounds, seed, preset)
  );
  const field = vengeanceRoundLaw(
    n,
    want.opponent,
    want.opponent,
    rounds,
    seed,
    preset,
  );
  const opp = n === 2
    ? field
    : leaderLaw(field, n - 1, want.target, LEADER_GAMES, LEADER_SEED);
  const sol = solveRace2(family, opp, want.target);
  return {
    header: {
      kind: want.kind,
      players: n,
      target: want.target,
      dims: 2,
      family: [...want.family],
      opponent: want.opponent,
      reduction: want.reduction,
      model: preset,
      w0: sol.w[0],
      lawRounds: rounds,
      lawSeed: seed,
      ...(n > 2 ? { leaderGames: LEADER_GAMES, leaderSeed: LEADER_SEED } : {}),
      seconds: Number(((performance.now() - t0) / 1000).toFixed(1)),
    },
    choice: sol.choice,
  };
}

/** One row of {@linkcode vengeanceFieldRows}: the policy's share of the games at one table size. */
export interface VengeanceFieldRow {
  /** Players at the table. */
  n: number;
  /** The policy in one seat (e.g. `brfield-v`). */
  policy: string;
  /** The policy of the N − 1 other seats. */
  field: string;
  /** Games played (seats rotated game by game). */
  games: number;
  /** Games the policy won outright. */
  wins: number;
  /** wins / games. */
  share: number;
  /** Lower end of the Wilson 95% interval of the share. */
  ci_low: number;
  /** Upper end. */
  ci_high: number;
  /** The fair share 1/N. */
  fair: number;
  /** The race model's win probability of the best response (its table's `w0`), or null for another policy. */
  model_win: number | null;
}

/** Options of {@linkcode vengeanceFieldRows}. */
export interface VengeanceFieldOptions {
  /** Seed of the games (game `k` of each size on stream `(seed, k)`). */
  seed: number;
  /** Games per table size. */
  games: number;
  /** Table sizes (default 2 to 6). */
  sizes?: number[];
  /** Workers (default: cores); the rows do not depend on it. */
  workers?: number;
  /** The policy in one seat (default `brfield-v`). */
  policy?: string;
  /** The field's policy (default `ev`). */
  field?: string;
  /** The Vengeance preset the games are played under (default `vengeance`). */
  rules?: string;
}

/**
 * The engine's win share of `policy` (default the best response
 * `brfield-v`) in one seat against N − 1 `field` players (default `ev`)
 * at each table size, seats rotated game by game, fixed seed, Wilson 95%
 * intervals. `brfield-v` plays its tables of the `vengeance` preset
 * against an `ev` field whatever `field` and `rules` say; they are loaded
 * (or built, when missing, by the builder `race_build.ts` installs: about
 * a minute for the five) in this thread first, so worker threads only
 * read them.
 *
 * @throws {InputError} for a size outside 2..6 or a bad count.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import "./race_build.ts"; // installs the race tables' builder
 * // ev against an ev field: a fair game, whatever the workers
 * const rows = await vengeanceFieldRows({ seed: 1, games: 60, sizes: [2, 3], policy: "ev", workers: 1 });
 * const again = await vengeanceFieldRows({ seed: 1, games: 60, sizes: [2, 3], policy: "ev", workers: 2 });
 * assert.deepEqual(again, rows);
 * assert.deepEqual(rows.map((r) => [r.n, r.games, r.fair]), [[2, 60, 0.5], [3, 60, 0.333333]]);
 * assert.ok(rows.every((r) => r.ci_low <= r.share && r.share <= r.ci_high && r.model_win === null));
 * ```
 */
export async function vengeanceFieldRows(
  opts: VengeanceFieldOptions,
): Promise<VengeanceFieldRow[]> {
  const sizes = opts.sizes ?? [2, 3, 4, 5, 6];
  const policy = opts.policy ?? "brfield-v", field = opts.field ?? "ev";
  const preset = opts.rules ?? "vengeance";
  for (const n of sizes) {
    if (!(Number.isInteger(n) && n >= 2 && n <= 6)) {
      throw new InputError(`table size ${n}: allowed 2 to 6`);
    }
  }
  if (!(Number.isInteger(opts.games) && opts.games >= 1)) {
    throw new InputError(`games ${opts.games}: allowed a whole number from 1`);
  }
  const best = policy === "brfield-v";
  const w0 = new Map<number, number>();
  if (best) {
    // every size: the strategy loads all five when it is made
    for (let n = 2; n <= 6; n++) {
      w0.set(n, raceTable(BRFIELD_V_WANT(n)).header.w0);
    }
  }
  const accs = await runAll(
    sizes.map((n) => ({
      rules: preset,
      policies: [policy, ...Array<string>(n - 1).fill(field)],
      seed: opts.seed,
      count: opts.games,
      mode: "game" as const,
      groupBy: "seat" as const,
    })),
    { workers: opts.workers },
  );
  return sizes.map((n, i) => {
    const a = accs[i], [lo, hi] = wilson(a.wins[0], a.games);
    return {
      n,
      policy,
      field,
      games: a.games,
      wins: a.wins[0],
      share: round(a.wins[0] / a.games, 6),
      ci_low: round(lo, 6),
      ci_high: round(hi, 6),
      fair: round(1 / n, 6),
      model_win: best ? round(w0.get(n)!, 6) : null,
    };
  });
}
