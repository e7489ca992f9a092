/**
 * `count:N` — hit until you hold N distinct numbers.
 *
 * @example
 * ```ts
 * import { CountStrategy } from "./count.ts";
 * const s = new CountStrategy(4);
 * ```
 * @module
 */

import type { Strategy, TableView } from "../game/view.ts";
import { defaultTarget } from "./targeting.ts";

/** Stand on N numbers. */
export class CountStrategy implements Strategy {
  /** The spec, `count:N`. */
  readonly name: string;
  /** @param threshold stay once the line holds this many numbers */
  constructor(readonly threshold: number) {
    this.name = `count:${threshold}`;
  }
  /** Hit while the line holds fewer numbers than the threshold. */
  hit(view: TableView, seat: number): boolean {
    return view.lineCount(seat) < this.threshold;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
