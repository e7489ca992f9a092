/**
 * `sum:N` — hit until the face values of your numbers total N or more, then
 * stay. Counts number cards only (modifiers do not count).
 *
 * @example
 * ```ts
 * import { SumStrategy } from "./sum.ts";
 * const s = new SumStrategy(20);
 * ```
 * @module
 */

import type { Strategy, TableView } from "../game/view.ts";
import { defaultTarget } from "./targeting.ts";

/** Stand on a number sum of N. */
export class SumStrategy implements Strategy {
  /** The spec, `sum:N`. */
  readonly name: string;
  /** @param threshold stay once the number sum reaches this */
  constructor(readonly threshold: number) {
    this.name = `sum:${threshold}`;
  }
  /** Hit while the number sum is below the threshold. */
  hit(view: TableView, seat: number): boolean {
    return view.numberSum(seat) < this.threshold;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
