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
 * const stayOn15: Strategy = {
 *   name: "sum:15",
 *   hit: (v: TableView, seat: number) => v.numberSum(seat) < 15,
 *   target: (v: TableView, seat: number) => seat,
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
 * import { ACTIVE, BUSTED } from "./view.ts";
 * [ACTIVE, BUSTED]; // [0, 3]
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
  /** Bit mask of the modifiers in front of a seat (`+2` bit 0 … `x2` bit 5). */
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

/** A decision policy: Hit or Stay, and whom an action card goes to. */
export interface Strategy {
  /** The spec it was built from, e.g. `sum:20`. */
  readonly name: string;
  /**
   * True to Hit, false to Stay. Called only for an active seat with at least
   * one card in front of it (with none, the seat must hit).
   */
  hit(view: TableView, seat: number): boolean;
  /**
   * The seat that receives an action card played by `seat`: `kind` is FREEZE
   * or FLIP3 (any active seat, itself included) or CHANCE (a spare Second
   * Chance: another active seat without one). Called only when there is a
   * choice to make.
   */
  target(view: TableView, seat: number, kind: number): number;
  /** Called once at the start of every game (optional; for stateful strategies). */
  newGame?(view: TableView, seat: number): void;
  /**
   * Called at the end of every round, before the cards in front of the
   * players are cleared (optional; for strategies that learn from what the
   * others did).
   */
  roundEnd?(view: TableView, seat: number): void;
}
