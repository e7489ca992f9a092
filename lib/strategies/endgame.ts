/**
 * `endgame` — `ev` with race awareness. While every total is more than 60
 * below the target it plays `ev`. After that:
 * - leading (or level): it coasts — stays once its total plus this round's
 *   score reaches the target, and otherwise hits only when `ev` would and the
 *   bust risk is under 20%;
 * - trailing: it gambles — while this round has not yet made up the gap to
 *   the leader it hits while the bust risk is under 50%; after that it hits
 *   when `ev` would or the risk is under 30%.
 *
 * @example
 * ```ts
 * import { EndgameStrategy } from "./endgame.ts";
 * const e = new EndgameStrategy();
 * ```
 * @module
 */

import type { Strategy, TableView } from "../game/view.ts";
import { bustRisk, oneCardValue } from "./estimate.ts";
import { defaultTarget } from "./targeting.ts";

/** Race-aware `ev`. */
export class EndgameStrategy implements Strategy {
  /** `endgame`. */
  readonly name = "endgame";
  /** See the module doc for the rule. */
  hit(view: TableView, seat: number): boolean {
    const target = view.rules.target;
    let others = -Infinity;
    for (let t = 0; t < view.players; t++) {
      if (t !== seat && view.total(t) > others) others = view.total(t);
    }
    const mine = view.total(seat);
    const cur = view.roundScore(seat);
    const evHit = oneCardValue(view, seat, false) > cur;
    if (Math.max(mine, others) < target - 60) return evHit;
    const risk = bustRisk(view, seat, false);
    if (mine >= others) {
      if (mine + cur >= target) return false;
      return evHit && risk < 0.2;
    }
    if (mine + cur <= others) return risk < 0.5;
    return evHit || risk < 0.3;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
