/**
 * Builds the race model's choice tables (`racetable.ts`) from the exact
 * all-94-card laws (`racelaws.ts`), and installs itself as their builder
 * when loaded (the command line and the `win-optimal` experiment load it; a
 * worker thread only reads the files the main thread wrote).
 *
 * - `brfield`, N = 2: {@linkcode solveRace2} against `ev`'s exact solo law,
 *   every policy of `BR2_FAMILY`; exact.
 * - `brfield`, N = 3: {@linkcode solveRace3} with both slots `ev`; exact.
 * - `brfield-v…` (*Flip 7: With a Vengeance*): `buildVengeanceTable`
 *   (`vengeance_win.ts`), on round laws estimated from the engine.
 * - `brfield`, N ≥ 4 (and N = 3 with `reduction: "field-leader"`, to measure
 *   the reduction): {@linkcode solveRace2} against the field's leader, whose
 *   round gain follows the law `leaderLaw` measures for N − 1 `ev` players.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildRaceTable } from "./race_build.ts";
 * import { BRFIELD_WANT } from "../winprob/racetable.ts";
 * // heads-up against ev on the numbers deck to 60 (the laws cached in a temp folder)
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * const t = buildRaceTable(BRFIELD_WANT(2, "numbers", 60));
 * assert.equal(t.header.w0.toFixed(4), "0.5875"); // the best response beats ev
 * assert.equal(t.header.dims, 2);
 * assert.ok(t.choice.every((k) => k < t.header.family.length));
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
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
import { buildVengeanceTable } from "./vengeance_win.ts";

/**
 * Games and seed of the Monte Carlo that measures the field leader's round
 * gain (`leaderLaw`) for the four-to-six-player tables.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(LEADER_GAMES, 200_000);
 * assert.equal(LEADER_SEED, 2025);
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
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir); // where the laws are kept
 * const { family, opponent } = familyLaws(["sum:20", "sum:30"], "ev", "numbers");
 * assert.equal(family.length, 2);
 * assert.ok(Math.abs(opponent.reduce((a, b) => a + b, 0) - 1) < 1e-9);
 * assert.equal(familyLaws(["sum:20"], "self", "numbers").opponent.length, 1); // no law for "self"
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
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
 * import assert from "node:assert/strict";
 * import { BRFIELD_WANT } from "../winprob/racetable.ts";
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * // three players, numbers deck, to 60: one choice per (t0, leader, second)
 * const t = buildRaceTable(BRFIELD_WANT(3, "numbers", 60));
 * assert.equal(t.choice.length, 60 ** 3);
 * assert.equal(t.header.dims, 3);
 * assert.ok(t.header.w0 > 1 / 3); // better than a fair share against two ev players
 * assert.throws(() => buildRaceTable({ ...BRFIELD_WANT(2), players: 7 }), /allowed 2 to 6/);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function buildRaceTable(want: RaceTableWant): RaceTable {
  const model = want.model ?? "all94";
  if (want.kind === "breq") return buildEquilibrium(want);
  if (want.kind.startsWith("brfield-v")) return buildVengeanceTable(want);
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
 * import assert from "node:assert/strict";
 * import { BREQ_WANT } from "../winprob/racetable.ts";
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * const eq = buildEquilibrium(BREQ_WANT("numbers", 60));
 * assert.ok(Math.abs(eq.header.w0 - 0.5) < 1e-9); // symmetric
 * assert.ok(Math.abs(eq.header.exploitability as number) < 1e-9);
 * assert.equal(eq.mix!.length, 60 * 60 * eq.header.family.length);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
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
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * const v = buildRaceValue({ players: 2, field: "ev", model: "numbers", target: 60 });
 * assert.equal(v.value(0, 0, 0).toFixed(4), "0.5875"); // the brfield table's w0
 * assert.ok(v.value(50, 10, 0) > 0.95); // far ahead
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
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
