/**
 * `bust:P` and `bustc:P` — hit while the chance that the next card duplicates
 * a number you show stays under P. `bust` reads only the table; `bustc` counts
 * the discard pile exactly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BustStrategy } from "./bust.ts";
 * import { bustRisk } from "./estimate.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * const s = new BustStrategy(0.25, false);
 * assert.equal(s.name, "bust:0.25");
 * // 50 solo rounds: it stays only when the risk is 25% or more, and hits only when it is under
 * const g = new Game(getRules("solo-model"), [s], { seed: 1 });
 * g.listener = (e) => {
 *   if (e.type === "stay") assert.ok(bustRisk(g, 0, false) >= 0.25);
 *   if (e.type === "draw" && !e.flip3) assert.ok(bustRisk(g, 0, false) < 0.25); // the line before the card
 * };
 * for (let r = 0; r < 50; r++) g.playRound();
 * ```
 * @module
 */

import type { Choice, Strategy, TableView } from "../game/view.ts";
import { bustRisk } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";
import { vengeanceChoose } from "./vengeance.ts";

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
  /** The Vengeance edition's choices: the shared targeting heuristics. */
  choose(view: TableView, seat: number, choice: Choice): number {
    return vengeanceChoose(view, seat, choice);
  }
}
