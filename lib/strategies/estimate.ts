/**
 * What the built-in strategies compute from a {@linkcode TableView}: the risk
 * that the next card busts, and the expected score of taking exactly one more
 * card and then stopping. `exact` counts the draw pile exactly (card counting);
 * otherwise only the cards on the table are taken out of the deck.
 *
 * @example
 * ```ts
 * import { bustRisk, oneCardValue } from "./estimate.ts";
 * // const risk = bustRisk(view, seat, false);
 * ```
 * @module
 */

import {
  CHANCE,
  KINDS,
  lineScore,
  modifierBit,
  NUMBER_KINDS,
  PLUS2,
  X2,
} from "../game/cards.ts";
import { COUNT_OF_MASK } from "../game/cards.ts";
import type { TableView } from "../game/view.ts";

/**
 * Probability that the next card duplicates a number the seat shows.
 *
 * @example
 * ```ts
 * // bustRisk(view, 0, true) < 0.25
 * ```
 */
export function bustRisk(
  view: TableView,
  seat: number,
  exact: boolean,
): number {
  const total = exact ? view.unseenExactTotal() : view.unseenTableTotal();
  if (total <= 0) return 0;
  let m = view.lineMask(seat), dup = 0;
  while (m) {
    const v = 31 - Math.clz32(m & -m);
    dup += exact ? view.unseenExact(v) : view.unseenTable(v);
    m &= m - 1;
  }
  return dup / total;
}

/**
 * Expected round score if the seat takes exactly one more card and then stops.
 * Action cards and Second Chance are valued at the current score (they can be
 * passed on or kept); a duplicate with a Second Chance in hand is a save.
 *
 * @example
 * ```ts
 * // oneCardValue(view, 0, false) > view.roundScore(0) means "hit" for ev
 * ```
 */
export function oneCardValue(
  view: TableView,
  seat: number,
  exact: boolean,
): number {
  const cur = view.roundScore(seat);
  const total = exact ? view.unseenExactTotal() : view.unseenTableTotal();
  if (total <= 0) return cur;
  const mask = view.lineMask(seat), mods = view.modMask(seat);
  const saved = view.hasChance(seat) ? cur : 0;
  const seventh = COUNT_OF_MASK[mask] === 6;
  let e = 0;
  for (let k = 0; k < NUMBER_KINDS; k++) {
    const c = exact ? view.unseenExact(k) : view.unseenTable(k);
    if (c === 0) continue;
    e += c *
      ((mask >> k) & 1 ? saved : lineScore(mask | (1 << k), mods, seventh));
  }
  for (let k = PLUS2; k <= X2; k++) {
    const c = exact ? view.unseenExact(k) : view.unseenTable(k);
    if (c === 0) continue;
    e += c * lineScore(mask, mods | modifierBit(k), false);
  }
  for (let k = X2 + 1; k < KINDS; k++) {
    const c = exact ? view.unseenExact(k) : view.unseenTable(k);
    e += c * cur;
  }
  return e / total;
}

/** Kind of the Second Chance card, re-exported for targeting code. */
export { CHANCE };
