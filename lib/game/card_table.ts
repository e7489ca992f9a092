/**
 * What a card does, as data: the effects ({@linkcode TableEffect}), one row
 * per card kind ({@linkcode CardRow}), and a card table
 * ({@linkcode CardTable}) with everything the engine, the round kernel and
 * the strategies read from its rows, derived once: the number kinds and
 * their ranks, the modifiers' bits, the face sums of a line, the scoring.
 * The rows of the two editions are in `cards.ts`.
 *
 * A new card is a new row; a new *effect* is a new member of
 * {@linkcode TableEffect}, and every component that handles cards switches
 * on the effect and ends with {@linkcode unhandledEffect}, so it fails to
 * type-check until it handles the new one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CardTable, EFFECT_NUMBER, EFFECT_PLUS, EFFECT_TIMES } from "./card_table.ts";
 * const t = new CardTable([
 *   { name: "1", count: 1, effect: EFFECT_NUMBER, value: 1 },
 *   { name: "2", count: 2, effect: EFFECT_NUMBER, value: 2 },
 *   { name: "-3", count: 1, effect: EFFECT_PLUS, value: -3 },
 *   { name: "/2", count: 1, effect: EFFECT_TIMES, value: 0.5 },
 * ]);
 * // 1 + 2 = 3, halved to 1, minus 3: below 0, so 0 (no floor: -2)
 * const mods = t.modBit[2] | t.modBit[3];
 * assert.equal(t.score(0b11, mods, 0), 0);
 * assert.equal(t.score(0b11, mods, 0, false), -2);
 * ```
 * @module
 */

import { InputError } from "../util/errors.ts";

/**
 * The effects of the official card table (seeds 002-004): a number, a `+X`
 * modifier, a multiplier, a Second Chance, a Freeze, a "flip N". The
 * components that model the official table only (the solver's models, the
 * search agent, the Flip Three law) switch on these; every other component
 * switches on {@linkcode TableEffect}, which adds the effects of the
 * Vengeance edition.
 *
 * Each effect's parameter is its row's {@linkcode CardRow.value}:
 *
 * | effect                        | value                                                                 |
 * |-------------------------------|-----------------------------------------------------------------------|
 * | {@linkcode EFFECT_NUMBER}     | the face value (also its rank: two cards of a rank in a line bust)   |
 * | {@linkcode EFFECT_PLUS}       | X, added to the round score (negative: taken off, the score stays at 0 or more) |
 * | {@linkcode EFFECT_TIMES}      | the factor the number sum is multiplied by, rounded down (`x2`: 2; a halving: 0.5) |
 * | {@linkcode EFFECT_CHANCE}     | 0                                                                     |
 * | {@linkcode EFFECT_FREEZE}     | 0                                                                     |
 * | {@linkcode EFFECT_FLIP}       | N, the cards the target flips (Flip Three: 3; Flip Four: 4)           |
 * | {@linkcode EFFECT_ZERO}       | the face value (0)                                                    |
 * | {@linkcode EFFECT_UNLUCKY}    | the face value (7)                                                    |
 * | {@linkcode EFFECT_LUCKY}      | the face value (13)                                                   |
 * | {@linkcode EFFECT_ONE_MORE}   | N, the cards the target takes before it must stay (1)                 |
 * | {@linkcode EFFECT_SWAP}       | 0                                                                     |
 * | {@linkcode EFFECT_STEAL}      | 0                                                                     |
 * | {@linkcode EFFECT_DISCARD}    | 0                                                                     |
 */
export type CardEffect =
  | typeof EFFECT_NUMBER
  | typeof EFFECT_PLUS
  | typeof EFFECT_TIMES
  | typeof EFFECT_CHANCE
  | typeof EFFECT_FREEZE
  | typeof EFFECT_FLIP;

/**
 * Every effect a card table's row may have: the official ones
 * ({@linkcode CardEffect}) and the Vengeance edition's special numbers and
 * take-that actions. A kind the tables do not have yet is a new constant
 * here and a member of this union.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EFFECT_ZERO, effectText } from "./card_table.ts";
 * assert.match(effectText({ name: "zero", count: 1, effect: EFFECT_ZERO, value: 0 }), /must hit/);
 * ```
 */
export type TableEffect =
  | CardEffect
  | typeof EFFECT_ZERO
  | typeof EFFECT_UNLUCKY
  | typeof EFFECT_LUCKY
  | typeof EFFECT_ONE_MORE
  | typeof EFFECT_SWAP
  | typeof EFFECT_STEAL
  | typeof EFFECT_DISCARD;

/** A number card: joins the line, or busts (or is saved) as a duplicate of its rank. */
export const EFFECT_NUMBER = 0 as const;
/** A `+X` modifier: adds X to the round score. */
export const EFFECT_PLUS = 1 as const;
/** A multiplier (`x2`, a halving): multiplies the number sum (rounded down). */
export const EFFECT_TIMES = 2 as const;
/** Second Chance: kept, it saves one duplicate; a spare one is passed on. */
export const EFFECT_CHANCE = 3 as const;
/** Freeze: the target banks and is out of the round. */
export const EFFECT_FREEZE = 4 as const;
/** Flip N (Flip Three, Flip Four): the target flips N cards. */
export const EFFECT_FLIP = 5 as const;
/**
 * The Zero: a number of its face (0) whose holder must hit, and whose round
 * scores 0 unless it is a Flip 7.
 */
export const EFFECT_ZERO = 6 as const;
/**
 * Unlucky 7: a number of its face that never busts on arrival; it discards
 * the other numbers and the modifiers in front of its receiver. Later a
 * card of its rank busts the line.
 */
export const EFFECT_UNLUCKY = 7 as const;
/** Lucky 13: a number of its face; while it is in a line, the line may hold one other card of its rank. */
export const EFFECT_LUCKY = 8 as const;
/** Just One More: the target takes N cards, then must stay. */
export const EFFECT_ONE_MORE = 9 as const;
/** Swap: two face-up cards of two different players change places. */
export const EFFECT_SWAP = 10 as const;
/** Steal: the player takes a face-up card of another player. */
export const EFFECT_STEAL = 11 as const;
/** Discard: a face-up card goes to the discard pile. */
export const EFFECT_DISCARD = 12 as const;

/**
 * One kind of card: its notation, its copies in the deck, its effect and the
 * effect's parameter (see {@linkcode CardEffect}).
 */
export interface CardRow {
  /** The notation, as typed (`--deck`, `--deck-counts`) and printed: `7`, `+4`, `x2`, `flip3`. */
  readonly name: string;
  /** Copies in the full deck. */
  readonly count: number;
  /** What the card does. */
  readonly effect: TableEffect;
  /** The effect's parameter: face value, X, factor or N ({@linkcode CardEffect}). */
  readonly value: number;
}

/** Most modifier kinds a table may have: a modifier mask is an int32. */
const MAX_MODIFIER_KINDS = 30;
/** Most number kinds a table may have: the face sums are tabled by number mask. */
const MAX_NUMBER_KINDS = 20;

/**
 * True for the effects of number cards (a plain number, the Zero, Unlucky
 * 7, Lucky 13): the kinds that lie in a line, first in every table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EFFECT_LUCKY, EFFECT_SWAP, isNumberEffect } from "./card_table.ts";
 * assert.deepEqual([isNumberEffect(EFFECT_LUCKY), isNumberEffect(EFFECT_SWAP)], [true, false]);
 * ```
 */
export function isNumberEffect(e: TableEffect): boolean {
  switch (e) {
    case EFFECT_NUMBER:
    case EFFECT_ZERO:
    case EFFECT_UNLUCKY:
    case EFFECT_LUCKY:
      return true;
    case EFFECT_PLUS:
    case EFFECT_TIMES:
    case EFFECT_CHANCE:
    case EFFECT_FREEZE:
    case EFFECT_FLIP:
    case EFFECT_ONE_MORE:
    case EFFECT_SWAP:
    case EFFECT_STEAL:
    case EFFECT_DISCARD:
      return false;
    default:
      return unhandledEffect(e);
  }
}

/**
 * A card table: its rows and what the engine, the kernel and the solvers
 * read from them, derived once: each kind's effect and parameter, the
 * number kinds (the first ones) and their ranks, the modifier kinds and
 * their bits, the face sums of number masks and the modifiers' sums and
 * factors by modifier mask.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { STANDARD_ROWS } from "./cards.ts";
 * // the official rows and two that the official deck lacks
 * const t = new CardTable([
 *   ...STANDARD_ROWS,
 *   { name: "flip4", count: 2, effect: EFFECT_FLIP, value: 4 },
 *   { name: "-4", count: 1, effect: EFFECT_PLUS, value: -4 },
 * ]);
 * assert.equal(t.kinds, 24);
 * assert.equal(t.kindOf("flip4"), 22);
 * assert.equal(t.modifierKinds.length, 7); // +2 … +10, x2, -4
 * const mods = t.modBit[t.kindOf("x2")] | t.modBit[t.kindOf("-4")];
 * assert.equal(t.score(0b110, mods, 0), 2); // (1 + 2) × 2 − 4
 * assert.equal(t.score(0b10, mods, 0), 0); // (1 × 2 − 4) is below 0: 0
 * assert.equal(t.plainNumbers, true); // every number its own rank, no special one
 * assert.throws(() => new CardTable([{ name: "x", count: 1, effect: EFFECT_PLUS, value: 2 }, ...STANDARD_ROWS]), /number cards first/);
 * ```
 */
export class CardTable {
  /** The rows, by kind. */
  readonly rows: readonly CardRow[];
  /** Number of kinds. */
  readonly kinds: number;
  /** Each kind's notation. */
  readonly names: readonly string[];
  /** Each kind's effect. */
  readonly effects: readonly TableEffect[];
  /** Each kind's parameter ({@linkcode CardRow.value}). */
  readonly values: readonly number[];
  /** Copies of each kind in the full deck. */
  readonly counts: readonly number[];
  /** The number kinds are `0 … numberKinds − 1`. */
  readonly numberKinds: number;
  /** The modifier kinds (`+X` and multipliers), in kind order: bit i of a modifier mask is `modifierKinds[i]`. */
  readonly modifierKinds: readonly number[];
  /** Each kind's bit in a modifier mask (0 for a kind that is no modifier). */
  readonly modBit: readonly number[];
  /** The kind of Second Chance, -1 when the table has none. */
  readonly chanceKind: number;
  /** Sum of the face values of a number mask, indexed by the mask. */
  readonly sumOfMask: Int32Array;
  /** Sum of the `+X` values of a modifier mask, indexed by the mask. */
  readonly plusOfMods: Int32Array;
  /** Product of the multipliers' factors of a modifier mask, indexed by the mask. */
  readonly timesOfMods: Float64Array;
  /**
   * For each number kind, the number kinds of its rank (its face value),
   * itself included, as a mask: a line holding one of them busts on it,
   * unless a Lucky card of the rank allows a second.
   */
  readonly rankMask: Int32Array;
  /** The number kinds whose effect is the Zero's, as a mask. */
  readonly zeroMask: number;
  /** The number kinds whose effect is Unlucky 7's, as a mask. */
  readonly unluckyMask: number;
  /** The number kinds whose effect is Lucky 13's, as a mask. */
  readonly luckyMask: number;
  /** The distinct ranks of a number mask, indexed by the mask. */
  readonly ranksOfMask: Uint8Array;
  /**
   * True when every number card is a plain number of a rank of its own: a
   * line is a set of ranks, a duplicate is a kind held twice (the official
   * table). The engine then takes its numbers on a short path.
   */
  readonly plainNumbers: boolean;

  /**
   * A table of `rows` (kind = index).
   *
   * @throws {InputError} for a table the engine cannot play: a name twice,
   *   a number card after another kind, a bad parameter, more than one
   *   Second Chance kind, too many number or modifier kinds.
   */
  constructor(rows: readonly CardRow[]) {
    const bad = (why: string): never => {
      throw new InputError(`bad card table: ${why}`);
    };
    const names = rows.map((r) => r.name);
    let numbers = 0, chance = -1;
    const modifiers: number[] = [];
    rows.forEach((r, k) => {
      if (!/^[^\s,:]+$/.test(r.name) || names.indexOf(r.name) !== k) {
        bad(
          `card name '${r.name}' (names are unique, without spaces, commas or colons)`,
        );
      }
      if (!Number.isInteger(r.count) || r.count < 0) {
        bad(`count ${r.count} of '${r.name}' (allowed whole numbers from 0)`);
      }
      const e = r.effect, v = r.value;
      const count = (what: string) => {
        if (!Number.isInteger(v) || v < 1) {
          bad(`${what} ${v} of '${r.name}' (1 or more)`);
        }
      };
      switch (e) {
        case EFFECT_NUMBER:
        case EFFECT_ZERO:
        case EFFECT_UNLUCKY:
        case EFFECT_LUCKY:
          if (numbers !== k) bad(`'${r.name}' (the number cards first)`);
          if (!Number.isInteger(v) || v < 0) {
            bad(`face value ${v} of '${r.name}'`);
          }
          numbers++;
          break;
        case EFFECT_PLUS:
          if (!Number.isInteger(v)) bad(`value ${v} of '${r.name}' (whole)`);
          modifiers.push(k);
          break;
        case EFFECT_TIMES:
          if (!(v > 0)) bad(`factor ${v} of '${r.name}' (above 0)`);
          modifiers.push(k);
          break;
        case EFFECT_CHANCE:
          if (chance >= 0) bad(`'${r.name}': a second Second Chance kind`);
          chance = k;
          break;
        case EFFECT_FREEZE:
        case EFFECT_SWAP:
        case EFFECT_STEAL:
        case EFFECT_DISCARD:
          break;
        case EFFECT_FLIP:
          count("cards");
          break;
        case EFFECT_ONE_MORE:
          count("cards");
          break;
        default:
          unhandledEffect(e);
      }
    });
    if (numbers === 0 || numbers > MAX_NUMBER_KINDS) {
      bad(`${numbers} number kinds (allowed 1 to ${MAX_NUMBER_KINDS})`);
    }
    if (modifiers.length > MAX_MODIFIER_KINDS) {
      bad(
        `${modifiers.length} modifier kinds (allowed up to ${MAX_MODIFIER_KINDS})`,
      );
    }
    this.rows = Object.freeze(rows.map((r) => Object.freeze({ ...r })));
    this.kinds = rows.length;
    this.names = Object.freeze(names);
    this.effects = Object.freeze(rows.map((r) => r.effect));
    this.values = Object.freeze(rows.map((r) => r.value));
    this.counts = Object.freeze(rows.map((r) => r.count));
    this.numberKinds = numbers;
    this.modifierKinds = Object.freeze(modifiers);
    const bits = new Array<number>(rows.length).fill(0);
    modifiers.forEach((k, i) => bits[k] = 1 << i);
    this.modBit = Object.freeze(bits);
    this.chanceKind = chance;
    const sums = new Int32Array(1 << numbers);
    for (let m = 1; m < sums.length; m++) {
      const low = 31 - Math.clz32(m & -m);
      sums[m] = sums[m & (m - 1)] + rows[low].value;
    }
    this.sumOfMask = sums;
    const mods = 1 << modifiers.length;
    this.plusOfMods = new Int32Array(mods);
    this.timesOfMods = new Float64Array(mods).fill(1);
    for (let m = 1; m < mods; m++) {
      const i = 31 - Math.clz32(m & -m),
        rest = m & (m - 1),
        r = rows[modifiers[i]];
      this.plusOfMods[m] = this.plusOfMods[rest] +
        (r.effect === EFFECT_PLUS ? r.value : 0);
      this.timesOfMods[m] = this.timesOfMods[rest] *
        (r.effect === EFFECT_TIMES ? r.value : 1);
    }
    // the ranks: a number kind's rank is its face value
    const ranks = new Int32Array(numbers);
    let zero = 0, unlucky = 0, lucky = 0;
    for (let k = 0; k < numbers; k++) {
      for (let j = 0; j < numbers; j++) {
        if (rows[j].value === rows[k].value) ranks[k] |= 1 << j;
      }
      const e = rows[k].effect;
      if (e === EFFECT_ZERO) zero |= 1 << k;
      if (e === EFFECT_UNLUCKY) unlucky |= 1 << k;
      if (e === EFFECT_LUCKY) lucky |= 1 << k;
    }
    this.rankMask = ranks;
    this.zeroMask = zero;
    this.unluckyMask = unlucky;
    this.luckyMask = lucky;
    this.plainNumbers = zero === 0 && unlucky === 0 && lucky === 0 &&
      ranks.every((m, k) => m === 1 << k);
    const distinct = new Uint8Array(1 << numbers);
    for (let m = 1; m < distinct.length; m++) {
      const low = 31 - Math.clz32(m & -m), rest = m & (m - 1);
      // a new rank unless another kind of the same rank is among the rest
      distinct[m] = distinct[rest] + ((rest & ranks[low]) === 0 ? 1 : 0);
    }
    this.ranksOfMask = distinct;
    Object.freeze(this);
  }

  /**
   * The kind of a card name.
   *
   * @throws {InputError} for a name the table lacks.
   */
  kindOf(name: string): number {
    const k = this.names.indexOf(name);
    if (k < 0) {
      throw new InputError(
        `unknown card '${name}': allowed ${this.names.join(", ")}`,
      );
    }
    return k;
  }

  /**
   * The score of a line's cards (not bust): the numbers' face values summed
   * and multiplied by the multipliers (rounded down: a halving first), plus
   * the `+X` values (a negative one taken off), at least 0 unless `floor` is
   * false (the Vengeance edition's Brutal Mode), plus `bonus` (the Flip 7
   * bonus for a Flip 7 that takes it, else 0).
   */
  score(numberMask: number, mods: number, bonus: number, floor = true): number {
    const s = Math.floor(this.sumOfMask[numberMask] * this.timesOfMods[mods]) +
      this.plusOfMods[mods];
    return (s > 0 || !floor ? s : 0) + bonus;
  }

  /**
   * The round score of a line that did not bust, in the order of the
   * editions' rules: a player who holds a Zero's effect (`zero`) scores 0
   * without a Flip 7 (`flip7`); else {@linkcode CardTable.score} (numbers,
   * multipliers rounded down, `+X` and negatives, the floor at 0 unless
   * `floor` is false, then `bonus`).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { VENGEANCE_CARDS as t } from "./cards.ts";
   * const line = (...names: string[]) => names.reduce((m, n) => m | 1 << t.kindOf(n), 0);
   * const mods = t.modBit[t.kindOf("/2")] | t.modBit[t.kindOf("-4")];
   * // the official example: 3 + 11 + 5 + 7 + 10 + 8 + 4 = 48, halved 24, minus 4, plus 15
   * assert.equal(t.roundScore(line("3", "11", "5", "7", "10", "8", "4"), mods, 15, true, false), 35);
   * // a Zero without a Flip 7 scores 0; with one, the formula
   * assert.equal(t.roundScore(line("zero", "12"), 0, 0, false, true), 0);
   * assert.equal(t.roundScore(line("zero", "1", "2", "3", "4", "5", "6"), 0, 15, true, true), 36);
   * ```
   */
  roundScore(
    numberMask: number,
    mods: number,
    bonus: number,
    flip7: boolean,
    zero: boolean,
    floor = true,
  ): number {
    return zero && !flip7 ? 0 : this.score(numberMask, mods, bonus, floor);
  }

  /**
   * True when number kind `k` arriving in `line` busts it by the ranks
   * alone: the line holds a card of its kind, or one of its rank and no
   * Lucky card of the rank (in the line or arriving) allows a second, or
   * already holds two. (An Unlucky card never busts on arrival: its caller
   * says so first.)
   *
   * @param luckyOn whether a Lucky card's allowance is in force for the
   *   line (default: a Lucky kind of the rank in the line or arriving)
   */
  busts(line: number, k: number, luckyOn?: boolean): boolean {
    const same = line & this.rankMask[k];
    if (same === 0) return false;
    if ((line & 1 << k) !== 0) return true; // (a line holds a kind once)
    const lucky = luckyOn ??
      (((line | 1 << k) & this.rankMask[k] & this.luckyMask) !== 0);
    return !lucky || (same & (same - 1)) !== 0;
  }
}

/**
 * One line of what a row's card does, for `flip7 rules` (read off its
 * effect and parameter).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(effectText({ name: "flip4", count: 2, effect: EFFECT_FLIP, value: 4 }), "the target flips 4 cards, one at a time");
 * ```
 */
export function effectText(row: CardRow): string {
  const e = row.effect, v = row.value;
  switch (e) {
    case EFFECT_NUMBER:
      return `a number worth ${v}`;
    case EFFECT_PLUS:
      return v >= 0 ? `adds ${v} to the round score` : `takes ${-v} off`;
    case EFFECT_TIMES:
      return v >= 1
        ? `multiplies the number sum by ${v}`
        : `multiplies the number sum by ${v}, rounded down`;
    case EFFECT_CHANCE:
      return "saves one duplicate (a spare goes to another player)";
    case EFFECT_FREEZE:
      return "the target banks what it shows and is out";
    case EFFECT_FLIP:
      return `the target flips ${v} cards, one at a time`;
    case EFFECT_ZERO:
      return `a number worth ${v}; its holder must hit, and scores 0 without a Flip 7`;
    case EFFECT_UNLUCKY:
      return `a number worth ${v} that never busts on arrival: the receiver's other numbers and modifiers are discarded`;
    case EFFECT_LUCKY:
      return `a number worth ${v}; while held, one other ${v} may join the line`;
    case EFFECT_ONE_MORE:
      return `the target takes ${v} card${v === 1 ? "" : "s"}, then must stay`;
    case EFFECT_SWAP:
      return "two face-up cards of two different players change places";
    case EFFECT_STEAL:
      return "take a face-up card of another player";
    case EFFECT_DISCARD:
      return "a face-up card goes to the discard pile";
    default:
      return unhandledEffect(e);
  }
}

/**
 * The end of an exhaustive switch over {@linkcode TableEffect} (or
 * {@linkcode CardEffect}): reached only when an effect is not handled, which
 * the type checker reports (its argument is then not `never`).
 *
 * @example
 * ```ts
 * import { CARD_EFFECTS, EFFECT_CHANCE, EFFECT_FLIP, EFFECT_FREEZE, EFFECT_NUMBER, EFFECT_PLUS, EFFECT_TIMES, unhandledEffect } from "./cards.ts";
 * const e = CARD_EFFECTS[0];
 * switch (e) {
 *   case EFFECT_NUMBER: case EFFECT_PLUS: case EFFECT_TIMES:
 *   case EFFECT_CHANCE: case EFFECT_FREEZE: case EFFECT_FLIP: break;
 *   default: unhandledEffect(e);
 * }
 * ```
 */
export function unhandledEffect(effect: never): never {
  throw new Error(`unhandled card effect ${effect}`);
}

/** An error from bad user input (defined in `lib/util/errors.ts`, for every layer). */
export { InputError };
