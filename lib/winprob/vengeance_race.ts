/**
 * `brfield-v` — the race model's best response to a field of `ev` players
 * on *Flip 7: With a Vengeance* (issue 43, part 5; docs/vengeance.md, "Win
 * play"). The race model is the base game's (`race.ts`): each round every
 * player's score is drawn independently from the round law of the policy it
 * plays; the best response picks, at the start of each round and from the
 * totals, the member of {@linkcode VENGEANCE_FAMILY} that maximises its
 * chance to win. Heads-up the table is exact in the model
 * (`solveRace2`); from three players on it is the field-leader reduction
 * (`solveRace2` against the law of the field's leading total's round gain,
 * `leaderLaw`), as `brfield` beyond three players.
 *
 * The round laws are **estimated from the engine** (no exact Vengeance law
 * exists yet): a seeded Monte Carlo of single rounds at an N-player
 * Vengeance table (`lib/run/vengeance_win.ts`), each family member in one
 * seat against N − 1 `ev` players, every seat choosing with the shared
 * targeting heuristics (`vengeanceChoose`), so the take-that interaction
 * of that table size is in the laws. The tables are kept in `.cache/` as
 * the base game's race tables (`race-brfield-v-<N>p-vengeance-t200.bin`).
 *
 * The strategy plays {@linkcode BrFieldStrategy}'s rule with these tables
 * (the `vengeance` preset's laws whatever ruling is changed) and the shared
 * Vengeance choices.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BRFIELD_V_WANT, VENGEANCE_FAMILY } from "./vengeance_race.ts";
 * assert.equal(BRFIELD_V_WANT(2).reduction, "exact");
 * assert.equal(BRFIELD_V_WANT(4).reduction, "field-leader");
 * assert.equal(BRFIELD_V_WANT(3).model, "vengeance");
 * assert.equal(VENGEANCE_FAMILY.at(-1), "ev");
 * ```
 * @module
 */

import { BrFieldStrategy } from "./brfield_strategy.ts";
import { type RaceTable, raceTable, type RaceTableWant } from "./racetable.ts";

/**
 * The round policies `brfield-v` picks from: stay on a number sum of N
 * (from timid to bold) or `ev` (the field's own policy).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(VENGEANCE_FAMILY.includes("sum:25"));
 * ```
 */
export const VENGEANCE_FAMILY: readonly string[] = [
  ...[5, 10, 15, 20, 25, 30, 35, 40, 50, 60].map((n) => `sum:${n}`),
  "ev",
];

/**
 * What `brfield-v` at N players reads: the best response to N − 1 `field`
 * players (default `ev`) on the laws of the Vengeance preset `preset`,
 * exact heads-up, the field-leader reduction beyond.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(BRFIELD_V_WANT(2).kind, "brfield-v");
 * assert.equal(BRFIELD_V_WANT(2, "sum:25").kind, "brfield-v-sum25");
 * ```
 */
/**
 * Single rounds per law (each family member at each table size), and
 * their seed: a cached table whose header records others is rebuilt.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(VENGEANCE_LAWS, { rounds: 40_000, seed: 43 });
 * ```
 */
export const VENGEANCE_LAWS: {
  readonly rounds: number;
  readonly seed: number;
} = { rounds: 40_000, seed: 43 };

export function BRFIELD_V_WANT(
  players: number,
  field = "ev",
  preset = "vengeance",
  target = 200,
): RaceTableWant {
  return {
    kind: field === "ev" ? "brfield-v" : `brfield-v-${field.replace(":", "")}`,
    players,
    target,
    family: VENGEANCE_FAMILY,
    opponent: field,
    reduction: players === 2 ? "exact" : "field-leader",
    model: preset,
    laws: VENGEANCE_LAWS,
  };
}

/**
 * The `brfield-v` strategy: {@linkcode BrFieldStrategy} over the Vengeance
 * race tables of 2 to 6 players (loaded, or built where a builder is
 * installed, when it is made).
 *
 * @param tables the table of each size (default: the cached `brfield-v` tables)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // with no tables it plays ev at every size
 * const s = brFieldV(() => null);
 * assert.equal(s.name, "brfield-v");
 * assert.equal(typeof s.choose, "function");
 * ```
 */
export function brFieldV(
  tables: (players: number) => RaceTable | null = (n) =>
    raceTable(BRFIELD_V_WANT(n)),
): BrFieldStrategy {
  return new BrFieldStrategy(tables, "brfield-v");
}
