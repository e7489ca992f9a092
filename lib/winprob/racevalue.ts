/**
 * The race model's value tables: `V_N(t_me, t_lead)`, the win probability
 * at the start of a round of a player at total `t_me` whose best opponent
 * stands at `t_lead`, when it plays the race model's best response (over
 * `BR2_FAMILY`) to a field of N − 1 players of one policy (default `ev`),
 * with the exact all-94 round laws. Exact heads-up (`solveRace2` against the
 * field's law); from three players on the field-leader reduction (the field
 * as one player whose round gain follows the measured law of the leading
 * total's gain, as the `brfield` tables of four to six players are).
 *
 * The tables are {@linkcode WTable}s with one side (no starter), cached in
 * `.cache/race-value-<field>-<N>p[-<model>-t<target>].wtab` with their
 * identity in the header (kind, players, field, model, family, reduction),
 * refused and rebuilt when stale or damaged. They are computed by the
 * builder `lib/run/race_build.ts` installs here (it needs the laws); a worker
 * thread only reads them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import "../run/race_build.ts"; // installs the builder
 * import { raceValue } from "./racevalue.ts";
 * // heads-up on the numbers deck to 60 points, cached in a temp folder
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * const v = raceValue(2, "ev", "numbers", 60);
 * // the best response's win probability against ev from 0–0
 * assert.ok(v.value(0, 0, 0) > 0.55 && v.value(0, 0, 0) < 0.65);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { defaultCacheDir } from "../solver/cache.ts";
import { BR2_FAMILY } from "./racetable.ts";
import { WTable } from "./table.ts";

/** What a race value table must be. */
export interface RaceValueWant {
  /** Table size (2 to 6). */
  players: number;
  /** The field's policy. */
  field: string;
  /** Solo model of the laws. */
  model: string;
  /** Target total. */
  target: number;
}

/**
 * The header identity a cached value table must carry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(raceValueIdentity({ players: 2, field: "ev", model: "all94", target: 200 }).reduction, "exact");
 * assert.equal(raceValueIdentity({ players: 3, field: "ev", model: "all94", target: 200 }).reduction, "field-leader");
 * ```
 */
export function raceValueIdentity(
  want: RaceValueWant,
): Record<string, unknown> {
  return {
    kind: "race-value",
    players: want.players,
    field: want.field,
    model: want.model,
    target: want.target,
    sides: 1,
    family: [...BR2_FAMILY],
    reduction: want.players === 2 ? "exact" : "field-leader",
  };
}

/**
 * Path of a value table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(raceValuePath({ players: 3, field: "ev", model: "all94", target: 200 }, ".cache"), ".cache/race-value-ev-3p.wtab");
 * assert.equal(raceValuePath({ players: 2, field: "sum:25", model: "numbers", target: 60 }, "/tmp"), "/tmp/race-value-sum25-2p-numbers-t60.wtab");
 * ```
 */
export function raceValuePath(
  want: RaceValueWant,
  dir: string = defaultCacheDir(),
): string {
  const tail = want.model === "all94" && want.target === 200
    ? ""
    : `-${want.model}-t${want.target}`;
  return `${dir}/race-value-${
    want.field.replace(":", "")
  }-${want.players}p${tail}.wtab`;
}

/** What computes a missing value table. */
export type RaceValueBuilder = (want: RaceValueWant) => WTable;
let builder: RaceValueBuilder | null = null;

/**
 * Install what computes a missing value table (`lib/run/race_build.ts` does).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildRaceValue } from "../run/race_build.ts";
 * setRaceValueBuilder((w) => { throw new Error(`no builder for ${w.players}`); });
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir); // an empty cache: the table is missing
 * assert.throws(() => raceValue(2, "ev", "numbers", 7), /no builder for 2/);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * setRaceValueBuilder(buildRaceValue); // the real builder back
 * ```
 */
export function setRaceValueBuilder(b: RaceValueBuilder): void {
  builder = b;
}

const loaded = new Map<string, WTable>();

/**
 * The value table for `players` from memory, from `.cache/`, or built now
 * (message on stderr) and saved; without a builder a missing table is a
 * one-line error naming the command that builds it.
 *
 * @throws {InputError} for a size outside 2..6, or a missing table with no builder.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import "../run/race_build.ts"; // installs the builder
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * // three players, numbers deck, to 60: the field-leader reduction
 * const v = raceValue(3, "ev", "numbers", 60);
 * assert.ok(v.value(30, 50, 0) < v.value(50, 30, 0)); // better to lead
 * assert.ok(v.value(0, 0, 0) < 0.5); // two opponents
 * assert.throws(() => raceValue(7), /allowed 2 to 6/);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function raceValue(
  players: number,
  field = "ev",
  model = "all94",
  target = 200,
): WTable {
  if (!(players >= 2 && players <= 6)) {
    throw new InputError(
      `race value table for ${players} players: allowed 2 to 6`,
    );
  }
  const want = { players, field, model, target };
  const path = raceValuePath(want);
  const got = loaded.get(path);
  if (got) return got;
  const r = WTable.check(path, raceValueIdentity(want));
  if ("table" in r) {
    loaded.set(path, r.table);
    return r.table;
  }
  if (!builder) {
    throw new InputError(
      `race value table ${path} is ${r.problem}: build it with 'deno task flip7 experiment win-optimal --quick'`,
    );
  }
  console.error(
    `flip7: race value table ${path} is ${r.problem}; computing it now`,
  );
  const t = builder(want);
  t.trySaveSync(path);
  loaded.set(path, t);
  return t;
}
