/**
 * `ev` and `evc` — hit whenever taking one more card and then stopping beats
 * standing now: a one-step lookahead over the unseen cards. `ev` reads only
 * the table; `evc` counts the discard pile exactly.
 *
 * @example
 * ```ts
 * import { EvStrategy } from "./ev.ts";
 * const e = new EvStrategy(false);
 * ```
 * @module
 */

import type { Strategy, TableView } from "../game/view.ts";
import { oneCardValue } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";

/** One-step expected-score lookahead. */
export class EvStrategy implements Strategy {
  /** `ev` or `evc`. */
  readonly name: string;
  /** @param counting count the discards exactly (`evc`) */
  constructor(readonly counting: boolean) {
    this.name = counting ? "evc" : "ev";
  }
  /** Hit when one more card raises the expected round score. */
  hit(view: TableView, seat: number): boolean {
    return oneCardValue(view, seat, this.counting) > view.roundScore(seat);
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
