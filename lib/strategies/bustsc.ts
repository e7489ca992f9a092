/**
 * `bustsc:P`, `bustscc:P` and `bustscd:P` — `bust:P` with the risk read as
 * zero while you hold a Second Chance: hit while holding one (the next card
 * cannot bust you), otherwise while the chance that the next card duplicates
 * a number you show is under P — read from the table (`bustsc`, as `bust:P`),
 * counting the discard pile exactly (`bustscc`, as `bustc:P`), or against the
 * full deck minus only your own cards (`bustscd`). `bustsc` is the reading
 * of `bust:P` under which seed 000's multiplayer table comes out
 * (`experiments/field-size.ts`).
 *
 * @example
 * ```ts
 * import { BustScStrategy } from "./bustsc.ts";
 * new BustScStrategy(0.25).name; // "bustsc:0.25"
 * ```
 * @module
 */

import { NUMBER_KINDS } from "../game/cards.ts";
import type { Strategy, TableView } from "../game/view.ts";
import { bustRisk } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";

/**
 * How the risk is read: from the table, by exact count, or against the full deck.
 *
 * @example
 * ```ts
 * const r: RiskReading = "deck";
 * ```
 */
export type RiskReading = "table" | "count" | "deck";

/**
 * The risk that the next card duplicates a number the seat shows, counted
 * against the full deck of the rules minus only the seat's own cards.
 *
 * @example
 * ```ts
 * import type { TableView } from "../game/view.ts";
 * declare const view: TableView;
 * // 12 alone on the 94-card deck: 11 / 93
 * deckRisk(view, 0);
 * ```
 */
export function deckRisk(view: TableView, seat: number): number {
  const deck = view.rules.deck;
  let total = -view.cardsInFront(seat);
  for (const c of deck) total += c;
  if (total <= 0) return 0;
  let m = view.lineMask(seat), dup = 0;
  while (m) {
    const v = 31 - Math.clz32(m & -m);
    if (v < NUMBER_KINDS) dup += deck[v] - 1;
    m &= m - 1;
  }
  return dup / total;
}

/**
 * Hit while holding a Second Chance, else while the bust risk is under a cut-off.
 *
 * @example
 * ```ts
 * const s = new BustScStrategy(0.25);
 * // new Game(getRules("standard"), [s, makeStrategy("ev")]).playGame();
 * ```
 */
export class BustScStrategy implements Strategy {
  /** The spec, `bustsc:P`, `bustscc:P` or `bustscd:P`. */
  readonly name: string;
  /**
   * @param cutoff hit while the risk is strictly below this (when not holding a Second Chance)
   * @param reading the table (`bustsc`), an exact count (`bustscc`) or the full deck (`bustscd`)
   */
  constructor(
    readonly cutoff: number,
    readonly reading: RiskReading = "table",
  ) {
    this.name = `bustsc${
      reading === "count" ? "c" : reading === "deck" ? "d" : ""
    }:${cutoff}`;
  }
  /** Hit while holding a Second Chance, else while the risk is under the cut-off. */
  hit(view: TableView, seat: number): boolean {
    if (view.hasChance(seat)) return true;
    const risk = this.reading === "deck"
      ? deckRisk(view, seat)
      : bustRisk(view, seat, this.reading === "count");
    return risk < this.cutoff;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
