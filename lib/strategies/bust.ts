/**
 * `bust:P` and `bustc:P` — hit while the chance that the next card duplicates
 * a number you show stays under P. `bust` reads only the table; `bustc` counts
 * the discard pile exactly.
 *
 * @example
 * ```ts
 * import { BustStrategy } from "./bust.ts";
 * const b = new BustStrategy(0.25, false);
 * ```
 * @module
 */

import type { Strategy, TableView } from "../game/view.ts";
import { bustRisk } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";

/** Hit while the bust risk is under a cut-off. */
export class BustStrategy implements Strategy {
  /** The spec, `bust:P` or `bustc:P`. */
  readonly name: string;
  /**
   * @param cutoff hit while the risk is strictly below this
   * @param counting count the discards exactly (`bustc`)
   */
  constructor(readonly cutoff: number, readonly counting: boolean) {
    this.name = `${counting ? "bustc" : "bust"}:${cutoff}`;
  }
  /** Hit while the risk of a duplicate is under the cut-off. */
  hit(view: TableView, seat: number): boolean {
    return bustRisk(view, seat, this.counting) < this.cutoff;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
