/**
 * The rulings: every point where the official rule texts (seeds 002-004) are
 * silent or ambiguous, as a named switch with its allowed values, the
 * default, and for each value the text or implementation that reads the rule
 * so. A rules preset ({@linkcode ./rules.ts}) is a deck, a target, a player
 * range and a set of rulings; `--ruling NAME=VALUE` changes one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_RULINGS, parseRuling } from "./rulings.ts";
 * assert.equal(DEFAULT_RULINGS.setAsideOrder, "drawn");
 * assert.equal(parseRuling("set-aside-order=forced-draws-first").value, "forced-draws-first");
 * ```
 * @module
 */

import { InputError } from "./cards.ts";

/** The value of every ruling (field names are the camelCase of the ruling names). */
export interface Rulings {
  /** `deferred`: a Freeze or Flip Three flipped during a Flip Three waits until the three are done; `immediate`: it resolves at once. */
  readonly actions: "deferred" | "immediate";
  /** With deferred actions: `drawn`: set-aside cards resolve in the order flipped; `forced-draws-first`: every forced draw (stacked Flip Threes) before a set-aside Freeze. */
  readonly setAsideOrder: "drawn" | "forced-draws-first";
  /** `at-once`: a Second Chance flipped during a Flip Three can save at once; `after-the-three`: it is set aside with the actions. */
  readonly chanceInFlip3: "at-once" | "after-the-three";
  /** `reshuffle-once`: the discards are shuffled into a new pile at most once a round; `end-round`: no reshuffle, the round ends when the pile runs out. */
  readonly runOut: "reshuffle-once" | "end-round";
  /** `continue`: a tie at the top after the final round plays on; `draw`: the game is drawn. */
  readonly ties: "continue" | "draw";
}

/** One allowed value of a ruling and who reads the rule so. */
export interface RulingValue {
  /** The value as typed after `NAME=`. */
  readonly value: string;
  /** One line: which text or implementation reads the rule this way. */
  readonly source: string;
}

/** A named ruling: where the official texts are silent or ambiguous. */
export interface Ruling {
  /** The name typed in `--ruling NAME=VALUE`. */
  readonly name: string;
  /** The field of {@linkcode Rulings} it sets. */
  readonly key: keyof Rulings;
  /** What the ruling decides. */
  readonly summary: string;
  /** The allowed values, the default first. */
  readonly values: readonly RulingValue[];
}

/**
 * The rulings table, in the order `flip7 rules` lists it. The first value of
 * each is the default (the official texts where they speak, else our engine's
 * reading since its first version).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(RULINGS.map((r) => r.name).includes("ties"));
 * ```
 */
export const RULINGS: readonly Ruling[] = [
  {
    name: "actions",
    key: "actions",
    summary:
      "A Freeze or Flip Three flipped during a Flip Three: set aside until the three are done, or resolved at once.",
    values: [
      {
        value: "deferred",
        source:
          "Official: seed 004 ('set it aside and resolve it after the 3-card sequence'), seed 003, seed 002's FAQ.",
      },
      {
        value: "immediate",
        source:
          "Seed 000's simulator ('An action flipped during those three resolves immediately'); the immediate-actions preset.",
      },
    ],
  },
  {
    name: "set-aside-order",
    key: "setAsideOrder",
    summary:
      "With deferred actions, the order the set-aside Freezes and Flip Threes resolve in (the official texts are silent).",
    values: [
      {
        value: "drawn",
        source:
          "In the order flipped; a Freeze ends the turn at once, dropping what waits after it (our engine and solver; another implementation's owner ruled reveal order, issue 23).",
      },
      {
        value: "forced-draws-first",
        source:
          "Every forced draw first, stacked Flip Threes included, then the Freeze (Eppie/flip-seven's all-94 solver: 'a Freeze drawn during it is pending and Stays after the forced draws').",
      },
    ],
  },
  {
    name: "chance-in-flip3",
    key: "chanceInFlip3",
    summary:
      "A Second Chance flipped during a Flip Three: usable at once, or set aside with the actions until the three are done.",
    values: [
      {
        value: "at-once",
        source:
          "Seed 002's FAQ ('The Second Chance card may be set aside for your use immediately'); Eppie/flip-seven's solver; our engine and solver.",
      },
      {
        value: "after-the-three",
        source:
          "Set aside and resolved with the actions (Eppie/flip-seven's two-player engine, as issue 23 reports it).",
      },
    ],
  },
  {
    name: "run-out",
    key: "runOut",
    summary:
      "What happens when the draw pile runs out in a round (the texts say to shuffle the discards, and are silent on a second run-out).",
    values: [
      {
        value: "reshuffle-once",
        source:
          "Seeds 002 and 004 ('shuffle the discarded cards to form a new deck'), at most once a round; a second run-out ends the round, everyone active banking (our engine).",
      },
      {
        value: "end-round",
        source:
          "No reshuffle: the round ends when the pile runs out, everyone active banking (the solo models' reading: a round from one fresh deck).",
      },
    ],
  },
  {
    name: "ties",
    key: "ties",
    summary:
      "A tie at the top after the round in which someone reaches the target.",
    values: [
      {
        value: "continue",
        source:
          "Seeds 003 and 004 ('The player with the most points wins'): with no single most, play goes on (our reading).",
      },
      {
        value: "draw",
        source:
          "Seed 001's two-player game: a tie is a draw (the duel preset).",
      },
    ],
  },
];

/**
 * Every ruling at its default.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(DEFAULT_RULINGS.actions, "deferred");
 * ```
 */
export const DEFAULT_RULINGS: Rulings = Object.freeze(
  Object.fromEntries(RULINGS.map((r) => [r.key, r.values[0].value])),
) as unknown as Rulings;

/** The names of the rulings. */
export const RULING_NAMES: readonly string[] = RULINGS.map((r) => r.name);

/**
 * Parse one `NAME=VALUE`.
 *
 * @throws {InputError} naming the bad name or value and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(parseRuling("ties=draw").ruling.key, "ties");
 * ```
 */
export function parseRuling(
  text: string,
): { ruling: Ruling; value: string } {
  const eq = text.indexOf("=");
  const name = (eq < 0 ? text : text.slice(0, eq)).trim();
  const ruling = RULINGS.find((r) => r.name === name);
  if (!ruling) {
    throw new InputError(
      `unknown ruling '${name}' in '${text}': allowed ${
        RULING_NAMES.join(", ")
      } (as NAME=VALUE)`,
    );
  }
  const allowed = ruling.values.map((v) => v.value);
  const value = eq < 0 ? "" : text.slice(eq + 1).trim();
  if (!allowed.includes(value)) {
    throw new InputError(
      `bad value '${value}' for ruling '${name}': allowed ${
        allowed.join(", ")
      }`,
    );
  }
  return { ruling, value };
}

/**
 * Rulings with some `NAME=VALUE` changes applied, in order (a later one wins).
 *
 * @throws {InputError} for an unknown name or value.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(applyRulings(DEFAULT_RULINGS, ["actions=immediate"]).actions, "immediate");
 * ```
 */
export function applyRulings(
  base: Rulings,
  changes: readonly string[],
): Rulings {
  const out: Record<string, string> = { ...base };
  for (const c of changes) {
    const { ruling, value } = parseRuling(c);
    out[ruling.key] = value;
  }
  return Object.freeze(out) as unknown as Rulings;
}

/**
 * The `NAME=VALUE` of every ruling that differs between `from` and `to`, in
 * table order (empty when they agree).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(rulingChanges(DEFAULT_RULINGS, { ...DEFAULT_RULINGS, ties: "draw" }), ["ties=draw"]);
 * ```
 */
export function rulingChanges(from: Rulings, to: Rulings): string[] {
  return RULINGS.filter((r) => from[r.key] !== to[r.key]).map((r) =>
    `${r.name}=${to[r.key]}`
  );
}

/**
 * The ruling of a name (for one-line lookups in tables and tests).
 *
 * @throws {InputError} for an unknown name.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(rulingNamed("run-out").values.length, 2);
 * ```
 */
export function rulingNamed(name: string): Ruling {
  const r = RULINGS.find((x) => x.name === name);
  if (!r) {
    throw new InputError(
      `unknown ruling '${name}': allowed ${RULING_NAMES.join(", ")}`,
    );
  }
  return r;
}
