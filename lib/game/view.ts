/**
 * What a strategy may read, and what a strategy is.
 *
 * The multiplayer engine ({@linkcode Game}) and the exact solo evaluator both
 * implement {@linkcode TableView}, so one strategy object plays in the engine and
 * is evaluated exactly by the solver, through the same interface.
 *
 * @example
 * ```ts
 * import type { Strategy, TableView } from "./view.ts";
 * const CHANCE = 21; // the Second Chance's kind (lib/game/cards.ts)
 * const stayOn15: Strategy = {
 *   name: "sum:15",
 *   hit: (v: TableView, seat: number) => v.numberSum(seat) < 15,
 *   // a Freeze or Flip Three may go to oneself; a spare Second Chance must
 *   // go to another active seat without one
 *   target: (v: TableView, seat: number, kind: number) => {
 *     if (kind !== CHANCE) return seat;
 *     for (let t = 0; t < v.players; t++) {
 *       if (t !== seat && v.isActive(t) && !v.hasChance(t)) return t;
 *     }
 *     return seat; // not reached: target is asked only when there is a choice
 *   },
 * };
 * ```
 * @module
 */

import type { Rules } from "./rules.ts";

/**
 * A seat's status within a round: still drawing, stayed, frozen, or bust
 * (what {@linkcode TableView.seatStatus} returns).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ACTIVE, BUSTED } from "./view.ts";
 * assert.deepEqual([ACTIVE, BUSTED], [0, 3]);
 * ```
 */
export const ACTIVE = 0, STAYED = 1, FROZEN = 2, BUSTED = 3;

/** A read-only view of the table for one decision. All reads are O(1). */
export interface TableView {
  /** The rules in play. */
  readonly rules: Rules;
  /** Number of seats at the table. */
  readonly players: number;
  /** Bit mask of the distinct numbers in a seat's line (bit v for number v). */
  lineMask(seat: number): number;
  /** How many number cards a seat's line holds. */
  lineCount(seat: number): number;
  /** Sum of the face values in a seat's line. */
  numberSum(seat: number): number;
  /**
   * Bit mask of the modifiers in front of a seat: bit i is the card table's
   * modifier `rules.cards.modifierKinds[i]` (officially `+2` bit 0 … `x2`
   * bit 5; in the Vengeance edition `-2` bit 0 … `/2` bit 5).
   */
  modMask(seat: number): number;
  /** True when the seat holds a Second Chance. */
  hasChance(seat: number): boolean;
  /** Cards in front of the seat (numbers, modifiers, Second Chance, actions played on it). */
  cardsInFront(seat: number): number;
  /** What the seat would bank if it stopped now (0 after a bust). */
  roundScore(seat: number): number;
  /** The seat's game total before this round. */
  total(seat: number): number;
  /** True while the seat is still in the round (not stayed, frozen or bust). */
  isActive(seat: number): boolean;
  /** The seat's status in the round: ACTIVE, STAYED, FROZEN or BUSTED. */
  seatStatus(seat: number): number;
  /** The round being played: 1 in a game's first round (a lone decision's view says 1). */
  readonly round: number;
  /** The seat that was first to draw in this round (the next round starts at the seat after it). */
  firstOfRound(): number;
  /** Copies of `kind` not visible on the table (deck minus cards in front of anyone). */
  unseenTable(kind: number): number;
  /** Total of {@linkcode unseenTable} over all kinds. */
  unseenTableTotal(): number;
  /** Copies of `kind` the next card can be: exact count of the draw pile. */
  unseenExact(kind: number): number;
  /** Total of {@linkcode unseenExact} over all kinds. */
  unseenExactTotal(): number;
}

/**
 * What a Vengeance card asks the player it was drawn by (or played on) to
 * choose ({@linkcode Strategy.choose}):
 *
 * - `modifier`: the seat a modifier (`card`) is given to: any player not
 *   bust, the chooser included (under Brutal Mode any player);
 * - `target`: the seat a Just One More or a Flip Four (`card`) is played on
 *   (any player not bust, or only active ones under `force-stayed=no`);
 * - `steal`: the card a Steal takes, as {@linkcode cardRef};
 * - `discard`: the card a Discard sends to the discard pile, as
 *   {@linkcode cardRef};
 * - `swap`: the two cards a Swap exchanges, as {@linkcode swapPair};
 * - `flip7`: under Brutal Mode, who takes the Flip 7's points: the chooser
 *   itself (it banks them) or another seat (its total loses them); `card`
 *   is -1.
 */
export type ChoiceType =
  | "modifier"
  | "target"
  | "steal"
  | "discard"
  | "swap"
  | "flip7";

/**
 * One choice asked of a strategy: its type, the card played, and the legal
 * options in the engine's order (the first is the default of a strategy
 * without {@linkcode Strategy.choose}). Seats come from the chooser's left
 * round the table to the chooser last (for `flip7` the chooser first);
 * cards by seat in that order, a seat's numbers by kind, then its
 * modifiers; swap pairs by their first card, then their second; then
 * {@linkcode DECLINE} when the card may be declined (`take-that=optional`).
 */
export interface Choice {
  /** What is chosen. */
  readonly type: ChoiceType;
  /** The kind of the card being played (-1 for `flip7`). */
  readonly card: number;
  /** The legal options (seats, {@linkcode cardRef}s or {@linkcode swapPair}s, maybe {@linkcode DECLINE}). */
  readonly options: readonly number[];
}

/** The option that declines a Swap, Steal or Discard under `take-that=optional`. */
export const DECLINE: number = -1;

/**
 * A face-up card as an option: the seat it lies in front of and its kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cardRef, refKind, refSeat } from "./view.ts";
 * const r = cardRef(2, 13);
 * assert.deepEqual([refSeat(r), refKind(r)], [2, 13]);
 * ```
 */
export function cardRef(seat: number, kind: number): number {
  return seat * 256 + kind;
}
/** The seat of a {@linkcode cardRef}. */
export function refSeat(ref: number): number {
  return ref >> 8;
}
/** The kind of a {@linkcode cardRef}. */
export function refKind(ref: number): number {
  return ref & 255;
}
/**
 * Two face-up cards as one option (a Swap): the first card's seat receives
 * the second card, the second card's seat the first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cardRef, pairFirst, pairSecond, swapPair } from "./view.ts";
 * const p = swapPair(cardRef(0, 3), cardRef(1, 12));
 * assert.deepEqual([pairFirst(p), pairSecond(p)], [cardRef(0, 3), cardRef(1, 12)]);
 * ```
 */
export function swapPair(first: number, second: number): number {
  return first * 65536 + second;
}
/** The first card of a {@linkcode swapPair}. */
export function pairFirst(pair: number): number {
  return Math.floor(pair / 65536);
}
/** The second card of a {@linkcode swapPair}. */
export function pairSecond(pair: number): number {
  return pair % 65536;
}

/** A decision policy: Hit or Stay, and whom an action card goes to. */
export interface Strategy {
  /** The spec it was built from, e.g. `sum:20`. */
  readonly name: string;
  /**
   * True to Hit, false to Stay. Called only for an active seat with at least
   * one card in front of it (with none, the seat must hit, unless the
   * Vengeance ruling `stay-empty=yes`), and never while it holds the
   * Zero's effect (it must hit).
   */
  hit(view: TableView, seat: number): boolean;
  /**
   * The seat that receives an action card played by `seat`: `kind` is FREEZE
   * or FLIP3 (any active seat, itself included) or CHANCE (a spare Second
   * Chance: another active seat without one). Called only when there is a
   * choice to make.
   */
  target(view: TableView, seat: number, kind: number): number;
  /**
   * The Vengeance edition's choices (optional): one of `choice.options`
   * (checked). Asked only when there is more than one option. Without it
   * the engine takes the first option (the order is
   * {@linkcode Choice}'s: a modifier, a Just One More or a Flip Four to the
   * player on the left, a Steal or Discard of that player's lowest number,
   * the Flip 7's points kept). The official edition never asks it.
   */
  choose?(view: TableView, seat: number, choice: Choice): number;
  /** Called once at the start of every game (optional; for stateful strategies). */
  newGame?(view: TableView, seat: number): void;
  /**
   * Called at the end of every round, before the cards in front of the
   * players are cleared (optional; for strategies that learn from what the
   * others did).
   */
  roundEnd?(view: TableView, seat: number): void;
}
