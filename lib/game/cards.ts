/**
 * The card tables of the two editions as data — every card kind's name,
 * count and effect with its parameter ({@linkcode STANDARD_ROWS}, the
 * official 94 cards; {@linkcode VENGEANCE_ROWS}, the 108 cards of *Flip 7:
 * With a Vengeance*) — and the notation and lookups derived from the
 * official one. The effects, the row type and the table are in
 * `card_table.ts` (re-exported here).
 *
 * A card is identified by its *kind*, a small integer: its row's index in a
 * {@linkcode CardTable}. Cards of one kind are interchangeable, so every place
 * in the engine and the solver holds counts or bit masks of kinds, never card
 * objects. The number cards come first (kind = bit of the line's number
 * mask), the modifiers' bits in a modifier mask follow their kinds' order.
 * The official table's kinds: `0`–`12` the numbers, then the five `+X`
 * modifiers, `x2`, and the three action cards; the named constants below
 * ({@linkcode PLUS2}, {@linkcode X2}, {@linkcode FLIP3}, …) are looked up in
 * it by name.
 *
 * A new card is a new row: a table with more rows ({@linkcode CardTable}'s
 * constructor) is played by the engine and the round kernel (`kernel.ts`) as
 * it is, where its effects are ones they know; a new *effect* is a new member
 * of {@linkcode TableEffect}, and every component that handles cards switches
 * on the effect and ends with {@linkcode unhandledEffect}, so it fails to
 * type-check until it handles the new one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCard, cardName, FREEZE, STANDARD_CARDS, EFFECT_FLIP, FLIP3 } from "./cards.ts";
 * assert.equal(parseCard("freeze"), FREEZE);
 * assert.equal(cardName(12), "12");
 * // the Flip Three's row: its effect and the cards it makes the target flip
 * assert.deepEqual(STANDARD_CARDS.rows[FLIP3], { name: "flip3", count: 3, effect: EFFECT_FLIP, value: 3 });
 * ```
 * @module
 */

import {
  type CardEffect,
  type CardRow,
  CardTable,
  EFFECT_CHANCE,
  EFFECT_DISCARD,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_LUCKY,
  EFFECT_NUMBER,
  EFFECT_ONE_MORE,
  EFFECT_PLUS,
  EFFECT_STEAL,
  EFFECT_SWAP,
  EFFECT_TIMES,
  EFFECT_UNLUCKY,
  EFFECT_ZERO,
  InputError,
  type TableEffect,
  unhandledEffect,
} from "./card_table.ts";

export * from "./card_table.ts";

/** A number card's row. */
const num = (face: number, count: number): CardRow => ({
  name: String(face),
  count,
  effect: EFFECT_NUMBER,
  value: face,
});

/**
 * The official 94-card deck (seeds 002-004), one row per kind in kind order:
 * one 0 and k copies of each k from 1 to 12, the modifiers `+2 +4 +6 +8 +10`
 * and `x2`, three each of Freeze, Flip Three and Second Chance. (Seed 002
 * says two 0s; its own 79-number count and every other source say one.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EFFECT_PLUS } from "./card_table.ts";
 * assert.equal(STANDARD_ROWS.reduce((n, r) => n + r.count, 0), 94);
 * assert.deepEqual(STANDARD_ROWS.find((r) => r.name === "+10"), { name: "+10", count: 1, effect: EFFECT_PLUS, value: 10 });
 * ```
 */
export const STANDARD_ROWS: readonly CardRow[] = Object.freeze([
  num(0, 1),
  num(1, 1),
  num(2, 2),
  num(3, 3),
  num(4, 4),
  num(5, 5),
  num(6, 6),
  num(7, 7),
  num(8, 8),
  num(9, 9),
  num(10, 10),
  num(11, 11),
  num(12, 12),
  { name: "+2", count: 1, effect: EFFECT_PLUS, value: 2 },
  { name: "+4", count: 1, effect: EFFECT_PLUS, value: 4 },
  { name: "+6", count: 1, effect: EFFECT_PLUS, value: 6 },
  { name: "+8", count: 1, effect: EFFECT_PLUS, value: 8 },
  { name: "+10", count: 1, effect: EFFECT_PLUS, value: 10 },
  { name: "x2", count: 1, effect: EFFECT_TIMES, value: 2 },
  { name: "freeze", count: 3, effect: EFFECT_FREEZE, value: 0 },
  { name: "flip3", count: 3, effect: EFFECT_FLIP, value: 3 },
  { name: "chance", count: 3, effect: EFFECT_CHANCE, value: 0 },
].map((r) => Object.freeze(r)));

/**
 * *Flip 7: With a Vengeance* (2026), 108 cards, one row per kind in kind
 * order: The Zero, k copies of each k from 1 to 13 except that one 7 is
 * Unlucky 7 and one 13 is Lucky 13 (their own kinds, after the plain
 * numbers), the modifiers `-2 -4 -6 -8 -10` and `/2` (a halving), two each
 * of Just One More, Flip Four, Swap, Steal and Discard. Both public
 * implementations (GitHub 2222-42/flip7_strategy's `buildStandardCards`,
 * Eppie/flip-seven's `VengeanceGame::build_deck`) and the box ("108 cards")
 * agree (docs/vengeance.md).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EFFECT_TIMES } from "./card_table.ts";
 * assert.equal(VENGEANCE_ROWS.reduce((n, r) => n + r.count, 0), 108);
 * assert.equal(VENGEANCE_ROWS.filter((r) => r.value === 13).reduce((n, r) => n + r.count, 0), 13);
 * assert.deepEqual(VENGEANCE_ROWS.find((r) => r.name === "/2"), { name: "/2", count: 1, effect: EFFECT_TIMES, value: 0.5 });
 * ```
 */
export const VENGEANCE_ROWS: readonly CardRow[] = Object.freeze([
  { name: "zero", count: 1, effect: EFFECT_ZERO, value: 0 },
  num(1, 1),
  num(2, 2),
  num(3, 3),
  num(4, 4),
  num(5, 5),
  num(6, 6),
  num(7, 6),
  num(8, 8),
  num(9, 9),
  num(10, 10),
  num(11, 11),
  num(12, 12),
  num(13, 12),
  { name: "unlucky7", count: 1, effect: EFFECT_UNLUCKY, value: 7 },
  { name: "lucky13", count: 1, effect: EFFECT_LUCKY, value: 13 },
  { name: "-2", count: 1, effect: EFFECT_PLUS, value: -2 },
  { name: "-4", count: 1, effect: EFFECT_PLUS, value: -4 },
  { name: "-6", count: 1, effect: EFFECT_PLUS, value: -6 },
  { name: "-8", count: 1, effect: EFFECT_PLUS, value: -8 },
  { name: "-10", count: 1, effect: EFFECT_PLUS, value: -10 },
  { name: "/2", count: 1, effect: EFFECT_TIMES, value: 0.5 },
  { name: "onemore", count: 2, effect: EFFECT_ONE_MORE, value: 1 },
  { name: "flip4", count: 2, effect: EFFECT_FLIP, value: 4 },
  { name: "swap", count: 2, effect: EFFECT_SWAP, value: 0 },
  { name: "steal", count: 2, effect: EFFECT_STEAL, value: 0 },
  { name: "discard", count: 2, effect: EFFECT_DISCARD, value: 0 },
].map((r) => Object.freeze(r)));

/**
 * The official scoring's Flip 7 bonus: points a line of
 * {@linkcode FLIP7_LENGTH} numbers adds (a rules object carries it as
 * `flip7Bonus`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "./rules.ts";
 * assert.equal(getRules().flip7Bonus, FLIP7_BONUS);
 * ```
 */
export const FLIP7_BONUS = 15;
/**
 * How many different numbers make a Flip 7, ending the round (a rules object
 * carries it as `flip7Length`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "./rules.ts";
 * assert.equal(getRules().flip7Length, FLIP7_LENGTH);
 * ```
 */
export const FLIP7_LENGTH = 7;

/**
 * The official card table ({@linkcode STANDARD_ROWS}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(STANDARD_CARDS.kinds, KINDS);
 * assert.equal(STANDARD_CARDS.values[STANDARD_CARDS.kindOf("+6")], 6);
 * ```
 */
export const STANDARD_CARDS: CardTable = new CardTable(STANDARD_ROWS);

/**
 * The Vengeance edition's card table ({@linkcode VENGEANCE_ROWS}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(VENGEANCE_CARDS.numberKinds, 16); // the Zero, 1-13, Unlucky 7, Lucky 13
 * assert.equal(VENGEANCE_CARDS.plainNumbers, false);
 * const t = VENGEANCE_CARDS, line = 1 << t.kindOf("13");
 * assert.equal(t.busts(line, t.kindOf("lucky13")), false); // Lucky 13 joins a 13
 * assert.equal(t.busts(line | 1 << t.kindOf("lucky13"), t.kindOf("13")), true); // a third 13 busts
 * assert.equal(t.ranksOfMask[line | 1 << t.kindOf("lucky13")], 1); // one rank, two cards
 * ```
 */
export const VENGEANCE_CARDS: CardTable = new CardTable(VENGEANCE_ROWS);

const STD = STANDARD_CARDS;

/** Number of distinct card kinds (of the official table). */
export const KINDS: number = STD.kinds;
/** Number of distinct number values (0 to 12). */
export const NUMBER_KINDS: number = STD.numberKinds;
/** Kind of the `+2` modifier; `+4`../..`+10` follow it. */
export const PLUS2: number = STD.kindOf("+2");
/** Kind of the `+10` modifier. */
export const PLUS10: number = STD.kindOf("+10");
/** Kind of the `x2` modifier. */
export const X2: number = STD.kindOf("x2");
/** Kind of the Freeze action. */
export const FREEZE: number = STD.kindOf("freeze");
/** Kind of the Flip Three action. */
export const FLIP3: number = STD.kindOf("flip3");
/** Kind of the Second Chance action. */
export const CHANCE: number = STD.kindOf("chance");
/** Cards a Flip Three makes its target flip (its row's parameter). */
export const FLIP3_DRAWS: number = STD.values[FLIP3];
/** Number of modifier kinds of the official table: a modifier mask has this many bits. */
export const MODIFIER_KINDS: number = STD.modifierKinds.length;
/** Number of modifier masks (`1 << MODIFIER_KINDS`): the solvers' blocks of states. */
export const MODS: number = 1 << MODIFIER_KINDS;
/** Every bit of a modifier mask (`MODS − 1`). */
export const MOD_MASK: number = MODS - 1;
/**
 * The modifier kinds of the official table in bit order: bit i of a
 * modifier mask is `MODIFIERS[i]` (`+2 +4 +6 +8 +10 x2`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(MODIFIERS.map(cardName), ["+2", "+4", "+6", "+8", "+10", "x2"]);
 * assert.equal(MODIFIERS.length, MODIFIER_KINDS);
 * ```
 */
export const MODIFIERS: readonly number[] = STD.modifierKinds.slice();

/**
 * The effect of each kind, indexed by kind (the official table's). (This
 * and the other arrays exported here are plain copies of the table's frozen
 * ones: a frozen array is read about twice as slowly in the loops that read
 * these on every kind, bench/HISTORY.md "Issue 40".)
 */
export const CARD_EFFECTS: readonly CardEffect[] = STD.effects.map(official);

/** An effect of the official table, as the narrower type (any other throws). */
function official(e: TableEffect): CardEffect {
  switch (e) {
    case EFFECT_NUMBER:
    case EFFECT_PLUS:
    case EFFECT_TIMES:
    case EFFECT_CHANCE:
    case EFFECT_FREEZE:
    case EFFECT_FLIP:
      return e;
    case EFFECT_ZERO:
    case EFFECT_UNLUCKY:
    case EFFECT_LUCKY:
    case EFFECT_ONE_MORE:
    case EFFECT_SWAP:
    case EFFECT_STEAL:
    case EFFECT_DISCARD:
      throw new Error(`the official table has no card of effect ${e}`);
    default:
      return unhandledEffect(e);
  }
}

/**
 * True when kind `k` is a number card: {@linkcode CARD_EFFECTS} gives
 * `EFFECT_NUMBER` for the kinds below {@linkcode NUMBER_KINDS} and for no
 * other (every table puts its numbers first). The engine's draw tests this
 * (a comparison) rather than the effect table (a load on every card's path).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CARD_EFFECTS, EFFECT_NUMBER, isNumberKind, KINDS } from "./cards.ts";
 * for (let k = 0; k < KINDS; k++) {
 *   assert.equal(isNumberKind(k), CARD_EFFECTS[k] === EFFECT_NUMBER);
 * }
 * ```
 */
export function isNumberKind(k: number): boolean {
  return k < NUMBERS;
}

/** Names of all kinds, indexed by kind, in the notation used for input and output. */
export const CARD_NAMES: readonly string[] = STD.names.slice();

/**
 * True when `kind` is a number card (0–12).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isNumber(7), true);
 * assert.equal(isNumber(X2), false);
 * ```
 */
export function isNumber(kind: number): boolean {
  return kind < NUMBER_KINDS;
}

/**
 * True when `kind` is a modifier (`+2`../..`+10` or `x2`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isModifier(X2), true);
 * assert.equal(isModifier(7), false);
 * ```
 */
export function isModifier(kind: number): boolean {
  return (MOD_BITS[kind] | 0) !== 0;
}

/**
 * The flat bonus of a `+X` modifier kind (0 for any other kind).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(plusValue(PLUS10), 10);
 * ```
 */
export function plusValue(kind: number): number {
  return CARD_EFFECTS[kind] === EFFECT_PLUS ? STD.values[kind] : 0;
}

/**
 * The bit of a modifier kind in a modifier mask (`+2` is bit 0, `x2` is bit 5).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(modifierBit(X2), 32);
 * ```
 */
export function modifierBit(kind: number): number {
  return MOD_BITS[kind];
}

/** Bit of `x2` in a modifier mask. */
export const X2_BIT: number = STD.modBit[X2];
/** Bits of the `+X` modifiers in a modifier mask. */
export const PLUS_BITS: number = STD.modifierKinds.reduce(
  (m, k) => CARD_EFFECTS[k] === EFFECT_PLUS ? m | STD.modBit[k] : m,
  0,
);

/** Sum of the `+X` bonuses in a modifier mask, indexed by the mask (the `x2` bit adds nothing). */
export const PLUS_OF_MASK: Int32Array = STD.plusOfMods;

/** The factor of the number sum in a modifier mask (2 with `x2`, else 1), indexed by the mask. */
export const MULT_OF_MASK: Int32Array = Int32Array.from(STD.timesOfMods);

/** Sum of the face values in a 13-bit number mask, indexed by the mask. */
export const SUM_OF_MASK: Int32Array = STD.sumOfMask;

/** Number of set bits of a 13-bit mask, indexed by the mask. */
export const COUNT_OF_MASK: Uint8Array = (() => {
  const t = new Uint8Array(1 << NUMBER_KINDS);
  for (let m = 1; m < t.length; m++) t[m] = t[m & (m - 1)] + 1;
  return t;
})();

// Private copies of this module's exported constants for the functions the
// round loop calls (isNumberKind, modifierBit, lineScore): an exported
// binding is read through its cell at every use, a private `const` is
// compiled in as a constant (engine.ts, beside its imports).
const NUMBERS = NUMBER_KINDS, BONUS = FLIP7_BONUS;
const MOD_BITS = Int32Array.from(STD.modBit);
const SUMS = SUM_OF_MASK, PLUS_SUMS = PLUS_OF_MASK, MULTS = MULT_OF_MASK;

/**
 * Score of a line under the official table: numbers summed, doubled by `x2`,
 * plus the `+X` cards, plus {@linkcode FLIP7_BONUS} for a Flip 7
 * ({@linkcode CardTable.score} of {@linkcode STANDARD_CARDS}, whose values
 * need no rounding or floor). The caller handles busts (which score 0).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // 5 + 7 with x2 and +10 is (5 + 7) × 2 + 10
 * const mods = modifierBit(X2) | modifierBit(PLUS10);
 * assert.equal(lineScore((1 << 5) | (1 << 7), mods, false), 34);
 * assert.equal(lineScore((1 << 5) | (1 << 7), mods, true), STANDARD_CARDS.score((1 << 5) | (1 << 7), mods, FLIP7_BONUS));
 * ```
 */
export function lineScore(
  numberMask: number,
  modMask: number,
  flip7: boolean,
): number {
  return MULTS[modMask] * SUMS[numberMask] + PLUS_SUMS[modMask] +
    (flip7 ? BONUS : 0);
}

/**
 * Parse one card in the notation `0`-`12`, `+2` `+4` `+6` `+8` `+10`, `x2`,
 * `freeze`, `flip3`, `chance` (the names of a table's rows: the official
 * table's unless `table` is given).
 *
 * @throws {InputError} for anything else.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(parseCard("+10"), PLUS10);
 * assert.equal(PLUS10, 17);
 * assert.throws(() => parseCard("x3"), /unknown card 'x3'/);
 * ```
 */
export function parseCard(
  text: string,
  table: CardTable = STANDARD_CARDS,
): number {
  const t = text.trim().toLowerCase();
  const k = table.names.indexOf(t);
  if (k < 0) {
    throw new InputError(
      `unknown card '${text}': allowed ${table.names.join(", ")}`,
    );
  }
  return k;
}

/**
 * Parse a comma-separated list of cards. Given the option it came from
 * (`flag`), an empty list is refused too, as an empty card between commas
 * always is.
 *
 * @throws {InputError} naming the bad card or list.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(parseCards("12, x2, freeze"), [12, X2, FREEZE]);
 * assert.deepEqual(parseCards("lucky13,13", "--deck", VENGEANCE_CARDS), [15, 13]);
 * assert.deepEqual([X2, FREEZE], [18, 19]);
 * ```
 */
export function parseCards(
  text: string,
  flag?: string,
  table: CardTable = STANDARD_CARDS,
): number[] {
  const shown = text.length > 60
    ? `${text.slice(0, 60)}…(${text.length} characters)`
    : text;
  if (text.trim() === "") {
    if (flag === undefined) return [];
    throw new InputError(
      `bad ${flag} '${shown}': list at least one card (e.g. ${flag} 12,x2), or leave ${flag} out`,
    );
  }
  const parts = text.split(",");
  if (parts.some((p) => p.trim() === "")) {
    throw new InputError(
      `bad ${
        flag ?? "card list"
      } '${shown}': an empty card between commas; write cards separated by commas, e.g. 12,x2`,
    );
  }
  return parts.map((p) => parseCard(p, table));
}

/**
 * The notation of a card kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(cardName(21), "chance");
 * assert.equal(cardName(X2), "x2");
 * ```
 */
export function cardName(kind: number): string {
  return CARD_NAMES[kind];
}

/**
 * The card kinds set in a number mask, ascending.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(maskNumbers(0b101), [0, 2]);
 * ```
 */
export function maskNumbers(mask: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < NUMBER_KINDS; v++) if (mask & (1 << v)) out.push(v);
  return out;
}

/**
 * The modifier kinds set in a modifier mask, in kind order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(maskModifiers(modifierBit(X2)), [X2]);
 * ```
 */
export function maskModifiers(mask: number): number[] {
  const out: number[] = [];
  for (const k of STD.modifierKinds) if (mask & STD.modBit[k]) out.push(k);
  return out;
}
