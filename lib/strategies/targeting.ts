/**
 * The targeting heuristics every built-in strategy shares (seed 000's):
 * freeze yourself when you are sitting on points and the next flip is
 * dangerous, otherwise freeze whoever is closest to Flip 7; take a Flip Three
 * yourself only when your line is short and safe, otherwise hand it to the
 * biggest threat; pass a spare Second Chance to whoever is furthest behind.
 *
 * Thresholds: "sitting on points" is a round score of 15 or more, "dangerous"
 * a table-counted bust risk of 25% or more; "short and safe" is at most two
 * numbers and a bust risk under 15%; the biggest threat has the highest total
 * plus round score; "closest to Flip 7" has the most numbers (ties: higher
 * round score, then seat order).
 *
 * @example
 * ```ts
 * import { defaultTarget } from "./targeting.ts";
 * // const t = defaultTarget(view, seat, FREEZE);
 * ```
 * @module
 */

import { CHANCE, FREEZE } from "../game/cards.ts";
import type { TableView } from "../game/view.ts";
import { bustRisk } from "./estimate.ts";

function bestOther(
  view: TableView,
  seat: number,
  score: (t: number) => number,
): number {
  let best = -1, bestScore = -Infinity;
  for (let i = 1; i <= view.players; i++) {
    const t = (seat + i) % view.players;
    if (t === seat || !view.isActive(t)) continue;
    const sc = score(t);
    if (sc > bestScore) {
      bestScore = sc;
      best = t;
    }
  }
  return best;
}

/**
 * The shared choice of target for a Freeze, a Flip Three or a spare Second Chance.
 *
 * @example
 * ```ts
 * // defaultTarget(view, 0, FLIP3) returns 0 for a short, safe line
 * ```
 */
export function defaultTarget(
  view: TableView,
  seat: number,
  kind: number,
): number {
  if (kind === CHANCE) {
    let best = -1, lowest = Infinity;
    for (let i = 1; i < view.players; i++) {
      const t = (seat + i) % view.players;
      if (!view.isActive(t) || view.hasChance(t)) continue;
      if (view.total(t) < lowest) {
        lowest = view.total(t);
        best = t;
      }
    }
    return best;
  }
  const meActive = view.isActive(seat);
  const risk = meActive ? bustRisk(view, seat, false) : 1;
  if (kind === FREEZE) {
    if (meActive && view.roundScore(seat) >= 15 && risk >= 0.25) return seat;
    const t = bestOther(
      view,
      seat,
      (o) => view.lineCount(o) * 1000 + view.roundScore(o),
    );
    return t >= 0 ? t : seat;
  }
  if (meActive && view.lineCount(seat) <= 2 && risk < 0.15) return seat;
  const t = bestOther(view, seat, (o) => view.total(o) + view.roundScore(o));
  return t >= 0 ? t : seat;
}

/**
 * The win-probability agents' Flip Three: keep it while your own line is
 * empty (the first forced draw cannot bust you, and the three cards come at
 * once, before a Freeze can bank a short line), otherwise aim it at `opp`.
 * Chosen by simulation, not derived: the exact one-player model of the
 * round cannot see the tempo of three cards at once, and valued by it the
 * Flip Three went to the opponent even from an empty line, which lost about
 * 0.9 points of win share against `ev` (README, "Win-probability play").
 *
 * @example
 * ```ts
 * // flipThreeTarget(view, 0, 1) is 0 while seat 0 has no card in front
 * ```
 */
export function flipThreeTarget(
  view: TableView,
  seat: number,
  opp: number,
): number {
  return view.lineCount(seat) === 0 ? seat : opp;
}
