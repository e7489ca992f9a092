/**
 * Builds the race model's choice tables (`racetable.ts`) from the exact
 * all-94-card laws (`racelaws.ts`), and installs itself as their builder
 * when loaded (the command line and the `win-optimal` experiment load it; a
 * worker thread only reads the files the main thread wrote).
 *
 * - `brfield`, N = 2: {@linkcode solveRace2} against `ev`'s exact solo law,
 *   every policy of `BR2_FAMILY`; exact.
 * - `brfield`, N = 3: {@linkcode solveRace3} with both slots `ev`; exact.
 * - `brfield`, N ≥ 4: {@linkcode solveRace3} with the leader slot `ev` and
 *   the second slot the maximum of N − 2 `ev` rounds (`reductionLaws`).
 *
 * @example
 * ```ts
 * import { buildRaceTable } from "./racebuild.ts";
 * import { BRFIELD_WANT } from "./racetable.ts";
 * buildRaceTable(BRFIELD_WANT(2)).header.w0; // about 0.6
 * ```
 * @module
 */

import { InputError } from "../cards.ts";
import { raceLaws } from "./racelaws.ts";
import { reductionLaws, solveRace2, solveRace3 } from "./race.ts";
import {
  type RaceTable,
  type RaceTableWant,
  setRaceTableBuilder,
} from "./racetable.ts";

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
): { family: Float64Array[]; opponent: Float64Array } {
  const laws = raceLaws([...new Set([...family, opponent])]);
  return {
    family: family.map((s) => laws.get(s)!.distribution),
    opponent: laws.get(opponent)!.distribution,
  };
}

/**
 * Compute a `brfield` table.
 *
 * @throws {InputError} for a kind other than `brfield` or a size outside 2..6.
 * @example
 * ```ts
 * import { BRFIELD_WANT } from "./racetable.ts";
 * buildRaceTable(BRFIELD_WANT(3)).choice.length; // 200 ** 3
 * ```
 */
export function buildRaceTable(want: RaceTableWant): RaceTable {
  if (want.kind !== "brfield") {
    throw new InputError(`race table kind '${want.kind}': allowed brfield`);
  }
  const n = want.players;
  if (!(n >= 2 && n <= 6)) {
    throw new InputError(`race table for ${n} players: allowed 2 to 6`);
  }
  const { family, opponent } = familyLaws(want.family, want.opponent);
  const sol = n === 2
    ? solveRace2(family, opponent, want.target)
    : solveRace3(family, ...reductionLaws(opponent, n), want.target);
  return {
    header: {
      kind: want.kind,
      players: n,
      target: want.target,
      dims: sol.dims,
      family: [...want.family],
      opponent: want.opponent,
      reduction: want.reduction,
      w0: sol.w[0],
      seconds: Number(sol.seconds.toFixed(1)),
    },
    choice: sol.choice,
  };
}

setRaceTableBuilder(buildRaceTable);
