/**
 * `sum:N` — hit until the face values of your numbers total N or more, then
 * stay. Counts number cards only (modifiers do not count).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SumStrategy } from "./sum.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * const s = new SumStrategy(20);
 * assert.equal(s.name, "sum:20");
 * // 50 solo rounds: it stays only when its numbers total 20 or more, and hits only when they total less
 * const g = new Game(getRules("solo-model"), [s], { seed: 1 });
 * g.listener = (e) => {
 *   if (e.type === "stay") assert.ok(g.numberSum(0) >= 20);
 *   if (e.type === "draw" && !e.flip3) assert.ok(g.numberSum(0) < 20); // the line before the card
 * };
 * for (let r = 0; r < 50; r++) g.playRound();
 * ```
 * @module
 */

import type { Choice, Strategy, TableView } from "../game/view.ts";
import { defaultTarget } from "./targeting.ts";
import { vengeanceChoose } from "./vengeance.ts";

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
  /** The Vengeance edition's choices: the shared targeting heuristics. */
  choose(view: TableView, seat: number, choice: Choice): number {
    return vengeanceChoose(view, seat, choice);
  }
}
