/**
 * `bustsc:P` and `bustscc:P` — `bust:P` with the risk read as zero while you
 * hold a Second Chance: hit while holding one (the next card cannot bust
 * you), otherwise while the chance that the next card duplicates a number you
 * show is under P — read from the table (`bustsc`, as `bust:P`) or counting
 * the discard pile exactly (`bustscc`, as `bustc:P`). `bustsc` is the reading
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

import type { Strategy, TableView } from "../view.ts";
import { bustRisk } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";

/**
 * Hit while holding a Second Chance, else while the table-read bust risk is under a cut-off.
 *
 * @example
 * ```ts
 * const s = new BustScStrategy(0.25);
 * // new Game(getRules("standard"), [s, makeStrategy("ev")]).playGame();
 * ```
 */
export class BustScStrategy implements Strategy {
  /** The spec, `bustsc:P` or `bustscc:P`. */
  readonly name: string;
  /**
   * @param cutoff hit while the risk is strictly below this (when not holding a Second Chance)
   * @param counting count the discards exactly (`bustscc`)
   */
  constructor(readonly cutoff: number, readonly counting = false) {
    this.name = `${counting ? "bustscc" : "bustsc"}:${cutoff}`;
  }
  /** Hit while holding a Second Chance, else while the risk is under the cut-off. */
  hit(view: TableView, seat: number): boolean {
    return view.hasChance(seat) ||
      bustRisk(view, seat, this.counting) < this.cutoff;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
