/**
 * Card kinds, their notation and their counts.
 *
 * A card is identified by its *kind*, a small integer: `0`–`12` are the number
 * cards, then the five `+X` modifiers, `x2`, and the three action cards. Cards
 * of one kind are interchangeable, so every place in the engine and the solver
 * holds counts or bit masks of kinds, never card objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseCard, cardName, FREEZE } from "./cards.ts";
 * assert.equal(parseCard("freeze"), FREEZE);
 * assert.equal(cardName(12), "12");
 * ```
 * @module
 */

import { InputError } from "../util/errors.ts";

/** Number of distinct card kinds. */
export const KINDS = 22;
/** Number of distinct number values (0 to 12). */
export const NUMBER_KINDS = 13;
/** Kind of the `+2` modifier; `+4`../..`+10` follow it. */
export const PLUS2 = 13;
/** Kind of the `+10` modifier. */
export const PLUS10 = 17;
/** Kind of the `x2` modifier. */
export const X2 = 18;
/** Kind of the Freeze action. */
export const FREEZE = 19;
/** Kind of the Flip Three action. */
export const FLIP3 = 20;
/** Kind of the Second Chance action. */
export const CHANCE = 21;

/**
 * What a card does, declared once per kind: a number, a `+X` modifier, the
 * `x2`, a Second Chance, a Freeze or a Flip Three. A component that handles
 * cards switches on {@linkcode CARD_EFFECTS} and ends the switch with
 * {@linkcode unhandledEffect}, so a new effect that it does not handle fails
 * to type-check there.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CARD_EFFECTS, EFFECT_FREEZE, FREEZE } from "./cards.ts";
 * assert.equal(CARD_EFFECTS[FREEZE], EFFECT_FREEZE);
 * ```
 */
export type CardEffect =
  | typeof EFFECT_NUMBER
  | typeof EFFECT_PLUS
  | typeof EFFECT_TIMES2
  | typeof EFFECT_CHANCE
  | typeof EFFECT_FREEZE
  | typeof EFFECT_FLIP3;
/** A number card: joins the line, or busts (or is saved) as a duplicate. */
export const EFFECT_NUMBER = 0 as const;
/** A `+X` modifier: adds X to the round score. */
export const EFFECT_PLUS = 1 as const;
/** The `x2` modifier: doubles the number sum. */
export const EFFECT_TIMES2 = 2 as const;
/** Second Chance: kept, it saves one duplicate; a spare one is passed on. */
export const EFFECT_CHANCE = 3 as const;
/** Freeze: the target banks and is out of the round. */
export const EFFECT_FREEZE = 4 as const;
/** Flip Three: the target flips three cards. */
export const EFFECT_FLIP3 = 5 as const;

/** The effect of each kind, indexed by kind (the one table of card effects). */
export const CARD_EFFECTS: readonly CardEffect[] = Array.from(
  { length: 22 },
  (_, k): CardEffect =>
    k < 13
      ? EFFECT_NUMBER
      : k < 18
      ? EFFECT_PLUS
      : k === 18
      ? EFFECT_TIMES2
      : k === 19
      ? EFFECT_FREEZE
      : k === 20
      ? EFFECT_FLIP3
      : EFFECT_CHANCE,
);

/**
 * True when kind `k` is a number card: {@linkcode CARD_EFFECTS} gives
 * `EFFECT_NUMBER` for the kinds below {@linkcode NUMBER_KINDS} and for no
 * other. The engine's draw tests this (a comparison) rather than the effect
 * table (a load on every card's path).
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

/**
 * The end of an exhaustive switch over {@linkcode CardEffect}: reached only
 * when an effect is not handled, which the type checker reports (its argument
 * is then not `never`).
 *
 * @example
 * ```ts
 * import { CARD_EFFECTS, unhandledEffect } from "./cards.ts";
 * const e = CARD_EFFECTS[0];
 * switch (e) {
 *   case 0: case 1: case 2: case 3: case 4: case 5: break;
 *   default: unhandledEffect(e);
 * }
 * ```
 */
export function unhandledEffect(effect: never): never {
  throw new Error(`unhandled card effect ${effect}`);
}

/** Names of all kinds, indexed by kind, in the notation used for input and output. */
export const CARD_NAMES: readonly string[] = [
  "0",
  "1",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "11",
  "12",
  "+2",
  "+4",
  "+6",
  "+8",
  "+10",
  "x2",
  "freeze",
  "flip3",
  "chance",
];

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
  return kind >= PLUS2 && kind <= X2;
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
  return kind >= PLUS2 && kind <= PLUS10 ? (kind - PLUS2 + 1) * 2 : 0;
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
  return 1 << (kind - FIRST_MODIFIER);
}

/** Bit of `x2` in a modifier mask. */
export const X2_BIT = 1 << (X2 - PLUS2);

/** Sum of the `+X` bonuses in a modifier mask, indexed by the 6-bit mask. */
export const PLUS_OF_MASK: Int32Array = (() => {
  const t = new Int32Array(64);
  for (let m = 0; m < 64; m++) {
    let s = 0;
    for (let b = 0; b < 5; b++) if (m & (1 << b)) s += (b + 1) * 2;
    t[m] = s;
  }
  return t;
})();

/** Sum of the face values in a 13-bit number mask, indexed by the mask. */
export const SUM_OF_MASK: Int32Array = (() => {
  const t = new Int32Array(1 << NUMBER_KINDS);
  for (let m = 1; m < t.length; m++) {
    const low = 31 - Math.clz32(m & -m);
    t[m] = t[m & (m - 1)] + low;
  }
  return t;
})();

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
const NUMBERS = NUMBER_KINDS, FIRST_MODIFIER = PLUS2, TIMES2_BIT = X2_BIT;
const SUMS = SUM_OF_MASK, PLUS_SUMS = PLUS_OF_MASK;

/**
 * Score of a line: numbers summed, doubled by `x2`, plus the `+X` cards, plus
 * 15 for a Flip 7. The caller handles busts (which score 0).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // 5 + 7 with x2 and +10 is (5 + 7) × 2 + 10
 * assert.equal(lineScore((1 << 5) | (1 << 7), modifierBit(X2) | modifierBit(PLUS10), false), 34);
 * ```
 */
export function lineScore(
  numberMask: number,
  modMask: number,
  flip7: boolean,
): number {
  const sum = SUMS[numberMask];
  return (modMask & TIMES2_BIT ? 2 * sum : sum) + PLUS_SUMS[modMask & 31] +
    (flip7 ? 15 : 0);
}

/** An error from bad user input (defined in `lib/util/errors.ts`, for every layer). */
export { InputError };

/**
 * Parse one card in the notation `0`-`12`, `+2` `+4` `+6` `+8` `+10`, `x2`,
 * `freeze`, `flip3`, `chance`.
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
export function parseCard(text: string): number {
  const t = text.trim().toLowerCase();
  const k = CARD_NAMES.indexOf(t);
  if (k < 0) {
    throw new InputError(
      `unknown card '${text}': allowed ${CARD_NAMES.join(", ")}`,
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
 * assert.deepEqual([X2, FREEZE], [18, 19]);
 * ```
 */
export function parseCards(text: string, flag?: string): number[] {
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
  return parts.map(parseCard);
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
  for (let k = PLUS2; k <= X2; k++) if (mask & modifierBit(k)) out.push(k);
  return out;
}
