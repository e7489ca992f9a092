/**
 * `count:N` — hit until you hold N distinct numbers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CountStrategy } from "./count.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * const s = new CountStrategy(4);
 * assert.equal(s.name, "count:4");
 * // 50 solo rounds: it stays only when it shows 4 numbers, and hits only when fewer
 * const g = new Game(getRules("solo-model"), [s], { seed: 1 });
 * g.listener = (e) => {
 *   if (e.type === "stay") assert.ok(g.lineCount(0) >= 4);
 *   if (e.type === "draw" && !e.flip3) assert.ok(g.lineCount(0) < 4); // the line before the card
 * };
 * for (let r = 0; r < 50; r++) g.playRound();
 * ```
 * @module
 */

import type { Choice, Strategy, TableView } from "../game/view.ts";
import { defaultTarget } from "./targeting.ts";
import { vengeanceChoose } from "./vengeance.ts";

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
  /** The Vengeance edition's choices: the shared targeting heuristics. */
  choose(view: TableView, seat: number, choice: Choice): number {
    return vengeanceChoose(view, seat, choice);
  }
}
