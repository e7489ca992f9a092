/**
 * Builds the race model's choice tables (`racetable.ts`) from the exact
 * all-94-card laws (`racelaws.ts`), and installs itself as their builder
 * when loaded (the command line and the `win-optimal` experiment load it; a
 * worker thread only reads the files the main thread wrote).
 *
 * - `brfield`, N = 2: {@linkcode solveRace2} against `ev`'s exact solo law,
 *   every policy of `BR2_FAMILY`; exact.
 * - `brfield`, N = 3: {@linkcode solveRace3} with both slots `ev`; exact.
 * - `brfield`, N ≥ 4 (and N = 3 with `reduction: "field-leader"`, to measure
 *   the reduction): {@linkcode solveRace2} against the field's leader, whose
 *   round gain follows the law `leaderLaw` measures for N − 1 `ev` players.
 *
 * @example
 * ```ts
 * import { buildRaceTable } from "./race_build.ts";
 * import { BRFIELD_WANT } from "../winprob/racetable.ts";
 * buildRaceTable(BRFIELD_WANT(2)).header.w0; // about 0.6
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { raceLaws } from "./race_laws.ts";
import {
  bestResponseToMixed,
  solveEquilibrium,
} from "../winprob/equilibrium.ts";
import { leaderLaw, solveRace2, solveRace3 } from "../winprob/race.ts";

/**
 * Games and seed of the Monte Carlo that measures the field leader's round
 * gain (`leaderLaw`) for the four-to-six-player tables.
 *
 * @example
 * ```ts
 * LEADER_GAMES; // 200000
 * ```
 */
export const LEADER_GAMES = 200_000;
/** Seed of that Monte Carlo. */
export const LEADER_SEED = 2025;
import {
  BR2_FAMILY,
  type RaceTable,
  type RaceTableWant,
  setRaceTableBuilder,
} from "../winprob/racetable.ts";
import {
  raceValueIdentity,
  type RaceValueWant,
  setRaceValueBuilder,
} from "../winprob/racevalue.ts";
import { WTable } from "../winprob/table.ts";

/**
 * The laws of a family and of the field's policy (all 94 cards).
 *
 * @example
 * ```ts
 * familyLaws(["sum:20"], "ev").family.length; // 1
 * ```
 */
export function familyLaws(
  family: readonly string[],
  opponent: string,
  model = "all94",
): { family: Float64Array[]; opponent: Float64Array } {
  const specs = [...new Set([...family, opponent])].filter((s) => s !== "self");
  const laws = raceLaws(specs, { model });
  return {
    family: family.map((s) => laws.get(s)!.distribution),
    opponent: opponent === "self"
      ? new Float64Array(1)
      : laws.get(opponent)!.distribution,
  };
}

/**
 * Compute a `brfield` table.
 *
 * @throws {InputError} for a kind other than `brfield` or a size outside 2..6.
 * @example
 * ```ts
 * import { BRFIELD_WANT } from "../winprob/racetable.ts";
 * buildRaceTable(BRFIELD_WANT(3)).choice.length; // 200 ** 3
 * ```
 */
export function buildRaceTable(want: RaceTableWant): RaceTable {
  const model = want.model ?? "all94";
  if (want.kind === "breq") return buildEquilibrium(want);
  if (!want.kind.startsWith("brfield")) {
    throw new InputError(
      `race table kind '${want.kind}': allowed brfield, breq`,
    );
  }
  const n = want.players;
  if (!(n >= 2 && n <= 6)) {
    throw new InputError(`race table for ${n} players: allowed 2 to 6`);
  }
  const { family, opponent } = familyLaws(want.family, want.opponent, model);
  const sol = n === 2
    ? solveRace2(family, opponent, want.target)
    : n === 3 && want.reduction === "exact"
    ? solveRace3(family, opponent, opponent, want.target)
    : solveRace2(
      family,
      leaderLaw(opponent, n - 1, want.target, LEADER_GAMES, LEADER_SEED),
      want.target,
    );
  return {
    header: {
      kind: want.kind,
      players: n,
      target: want.target,
      dims: sol.dims,
      ...(sol.dims === 2 && n > 2
        ? { leaderGames: LEADER_GAMES, leaderSeed: LEADER_SEED }
        : {}),
      family: [...want.family],
      opponent: want.opponent,
      reduction: want.reduction,
      model,
      w0: sol.w[0],
      seconds: Number(sol.seconds.toFixed(1)),
    },
    choice: sol.choice,
  };
}

/**
 * The heads-up symmetric equilibrium as a mixed race table, with its
 * measured exploitability in the header (`exploitability`: the exact best
 * response's win probability against it from (0, 0), minus one half).
 *
 * @example
 * ```ts
 * import { BREQ_WANT } from "../winprob/racetable.ts";
 * buildEquilibrium(BREQ_WANT("numbers", 60)).header.exploitability; // below 1e-9
 * ```
 */
export function buildEquilibrium(want: RaceTableWant): RaceTable {
  const model = want.model ?? "all94";
  const { family } = familyLaws(want.family, "self", model);
  const eq = solveEquilibrium(family, want.target);
  const t = performance.now();
  const br = bestResponseToMixed(family, eq.mix, want.target);
  const T = want.target, K = family.length;
  const choice = new Uint8Array(T * T);
  for (let i = 0; i < T * T; i++) {
    let b = 0;
    for (let k = 1; k < K; k++) {
      if (eq.mix[i * K + k] > eq.mix[i * K + b]) b = k;
    }
    choice[i] = b;
  }
  return {
    header: {
      kind: "breq",
      players: 2,
      target: T,
      dims: 2,
      family: [...want.family],
      opponent: want.opponent,
      reduction: want.reduction,
      model,
      w0: eq.v[0],
      exploitability: br[0] - eq.v[0],
      mixedStates: eq.mixedStates,
      seconds: Number(eq.seconds.toFixed(1)),
      brSeconds: Number(((performance.now() - t) / 1000).toFixed(1)),
    },
    choice,
    mix: eq.mix,
  };
}

setRaceTableBuilder(buildRaceTable);

/**
 * Compute a race value table (`lib/winprob/racevalue.ts`): the values of the
 * best response over `BR2_FAMILY` to the field, heads-up exactly, from three
 * players on against the field leader's measured law (as the four-to-six
 * `brfield` tables are).
 *
 * @example
 * ```ts
 * buildRaceValue({ players: 2, field: "ev", model: "all94", target: 200 }).value(0, 0, 0); // about 0.52
 * ```
 */
export function buildRaceValue(want: RaceValueWant): WTable {
  const { family, opponent } = familyLaws(BR2_FAMILY, want.field, want.model);
  const opp = want.players === 2 ? opponent : leaderLaw(
    opponent,
    want.players - 1,
    want.target,
    LEADER_GAMES,
    LEADER_SEED,
  );
  const sol = solveRace2(family, opp, want.target);
  return new WTable(want.target, 1, Float32Array.from(sol.w), {
    ...raceValueIdentity(want),
    ...(want.players > 2
      ? { leaderGames: LEADER_GAMES, leaderSeed: LEADER_SEED }
      : {}),
    w0: sol.w[0],
    seconds: Number(sol.seconds.toFixed(1)),
  });
}

setRaceValueBuilder(buildRaceValue);
