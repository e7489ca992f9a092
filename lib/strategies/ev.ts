/**
 * `ev` and `evc` — hit whenever taking one more card and then stopping beats
 * standing now: a one-step lookahead over the unseen cards. `ev` reads only
 * the table; `evc` counts the discard pile exactly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EvStrategy } from "./ev.ts";
 * import { oneCardValue } from "./estimate.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * const s = new EvStrategy(false);
 * assert.equal(s.name, "ev");
 * // 50 solo rounds: it stays only when one more card is worth no more than its score, and hits only when it is worth more
 * const g = new Game(getRules("solo-model"), [s], { seed: 1 });
 * g.listener = (e) => {
 *   if (e.type === "stay") assert.ok(oneCardValue(g, 0, false) <= g.roundScore(0));
 *   if (e.type === "draw" && !e.flip3) assert.ok(oneCardValue(g, 0, false) > g.roundScore(0)); // the line before the card
 * };
 * for (let r = 0; r < 50; r++) g.playRound();
 * ```
 * @module
 */

import type { Choice, Strategy, TableView } from "../game/view.ts";
import { oneCardValue } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";
import { vengeanceChoose, vengeanceOneCard } from "./vengeance.ts";

/** One-step expected-score lookahead. */
export class EvStrategy implements Strategy {
  /** `ev` or `evc`. */
  readonly name: string;
  /** @param counting count the discards exactly (`evc`) */
  constructor(readonly counting: boolean) {
    this.name = counting ? "evc" : "ev";
  }
  /**
   * Hit when one more card raises the expected round score (on the
   * Vengeance edition's scoring there: {@linkcode vengeanceOneCard}).
   */
  hit(view: TableView, seat: number): boolean {
    const one = view.rules.edition === "vengeance"
      ? vengeanceOneCard(view, seat, this.counting)
      : oneCardValue(view, seat, this.counting);
    return one > view.roundScore(seat);
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
