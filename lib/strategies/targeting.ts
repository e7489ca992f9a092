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
 * import assert from "node:assert/strict";
 * import { defaultTarget } from "./targeting.ts";
 * import { FLIP3, FREEZE } from "../game/cards.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // seat 0 is dealt 12, then draws 11 and 10 (seat 1 a 1, a 2, a 3); at each
 * // of its decisions: whom would it give a Freeze, and a Flip Three?
 * const asked: number[][] = [];
 * const hitTwice = () => {
 *   let n = 0;
 *   return { name: "probe", hit: (v: TableView, s: number) => (s === 0 && asked.push([v.roundScore(0), defaultTarget(v, 0, FREEZE), defaultTarget(v, 0, FLIP3)]), n++ < 2), target: () => 0 };
 * };
 * new Game(getRules("standard"), [hitTwice(), hitTwice()], { seed: 1, stack: [12, 1, 11, 2, 10, 3] }).playRound();
 * assert.deepEqual(asked, [
 *   [12, 1, 0], // one number, 12% bust risk: keep a Flip Three, freeze seat 1
 *   [23, 1, 1], // two numbers but a 23% risk: the Flip Three goes to seat 1
 *   [33, 0, 1], // at 33 points and a 34% risk: freeze yourself
 * ]);
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
 * import assert from "node:assert/strict";
 * import { CHANCE, FLIP3 } from "../game/cards.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // seat 1 holds a 1, then 1 and 2, then 1 2 3 (seat 0 holds 12, 11, 10 and stays at its third decision)
 * const asked: number[][] = [];
 * const hitTwice = () => {
 *   let n = 0;
 *   return { name: "probe", hit: (v: TableView, s: number) => (s === 1 && asked.push([v.lineCount(1), defaultTarget(v, 1, FLIP3), defaultTarget(v, 1, CHANCE)]), n++ < 2), target: () => 0 };
 * };
 * new Game(getRules("standard"), [hitTwice(), hitTwice()], { seed: 1, stack: [12, 1, 11, 2, 10, 3] }).playRound();
 * assert.deepEqual(asked, [
 *   [1, 1, 0], // a short, safe line keeps a Flip Three; a spare Second Chance goes to seat 0
 *   [2, 1, 0],
 *   [3, 1, -1], // three numbers, but seat 0 has stayed: no one else to take either
 * ]);
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
 * import assert from "node:assert/strict";
 * import { FLIP3 } from "../game/cards.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // seat 0 is dealt a Flip Three first: its line is empty, so it keeps it
 * const picks: number[][] = [];
 * const probe = {
 *   name: "probe",
 *   hit: (v: TableView, s: number) => (picks.push([v.lineCount(s), flipThreeTarget(v, s, 1 - s)]), false),
 *   target(v: TableView, s: number, kind: number) {
 *     const t = flipThreeTarget(v, s, 1 - s);
 *     picks.push([v.lineCount(s), t]);
 *     return kind === FLIP3 ? t : s;
 *   },
 * };
 * new Game(getRules("standard"), [probe, probe], { seed: 1, stack: [FLIP3, 5, 6, 7, 8] }).playRound();
 * // empty line: kept; after its three cards seat 0 holds 5 6 7 and would
 * // aim the next at seat 1, and seat 1, holding the 8, at seat 0
 * assert.deepEqual(picks, [[0, 0], [3, 1], [1, 0]]);
 * ```
 */
export function flipThreeTarget(
  view: TableView,
  seat: number,
  opp: number,
): number {
  return view.lineCount(seat) === 0 ? seat : opp;
}
