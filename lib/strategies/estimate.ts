/**
 * What the built-in strategies compute from a {@linkcode TableView}: the risk
 * that the next card busts, and the expected score of taking exactly one more
 * card and then stopping. `exact` counts the draw pile exactly (card counting);
 * otherwise only the cards on the table are taken out of the deck.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bustRisk, oneCardValue } from "./estimate.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // one seat dealt a 12 from the 94-card deck, asked whether to hit
 * const seen: number[][] = [];
 * const probe = {
 *   name: "probe",
 *   hit: (v: TableView) => (seen.push([bustRisk(v, 0, false), oneCardValue(v, 0, false), v.roundScore(0)]), false),
 *   target: () => 0,
 * };
 * new Game(getRules("standard"), [probe], { seed: 1, stack: [12] }).playRound();
 * const [[risk, oneMore, now]] = seen;
 * assert.equal(risk, 11 / 93); // eleven more 12s among 93 cards
 * assert.equal(now, 12);
 * assert.equal(oneMore.toFixed(4), "16.4731"); // more than 12: ev hits
 * ```
 * @module
 */

import * as cards from "../game/cards.ts";
import { unhandledEffect } from "../game/cards.ts";
import type { TableView } from "../game/view.ts";

// The card table's constants as this module's own private bindings, read on
// every kind of every estimate: a private `const` is compiled in as a
// constant, an imported binding is loaded and checked at every use
// (engine.ts, beside its imports).
const {
  CARD_EFFECTS,
  CHANCE,
  COUNT_OF_MASK,
  EFFECT_CHANCE,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_NUMBER,
  EFFECT_PLUS,
  EFFECT_TIMES,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  KINDS,
  modifierBit,
  NUMBER_KINDS,
  MULT_OF_MASK,
  PLUS_OF_MASK,
  SUM_OF_MASK,
} = cards;

/**
 * The kinds by what one more card of them is worth, read off the card table
 * once (numbers are the kinds below NUMBER_KINDS): a modifier changes the
 * score, a Second Chance, Freeze or Flip Three is valued at the line as it
 * stands. Three plain loops, as before the table, are faster per decision
 * than one loop switching on every kind's effect.
 */
const [MODIFIER_LIST, STAY_LIST] = (() => {
  const mods: number[] = [], stays: number[] = [];
  for (let k = 0; k < KINDS; k++) {
    const effect = CARD_EFFECTS[k];
    switch (effect) {
      case EFFECT_NUMBER:
        break;
      case EFFECT_PLUS:
      case EFFECT_TIMES:
        mods.push(k);
        break;
      case EFFECT_CHANCE: // (one more card, then stay: worth what it shows)
      case EFFECT_FREEZE:
      case EFFECT_FLIP:
        stays.push(k);
        break;
      default:
        unhandledEffect(effect);
    }
  }
  return [Int32Array.from(mods), Int32Array.from(stays)];
})();

/**
 * Probability that the next card duplicates a number the seat shows.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // a line of 11 and 12 from the 94-card deck: 10 + 11 duplicates among 92 cards
 * const risks: number[] = [];
 * const probe = {
 *   name: "probe",
 *   hit: (v: TableView) => (risks.push(bustRisk(v, 0, true)), risks.length < 2),
 *   target: () => 0,
 * };
 * new Game(getRules("standard"), [probe], { seed: 1, stack: [11, 12] }).playRound();
 * assert.deepEqual(risks, [10 / 93, 21 / 92]);
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
 * import assert from "node:assert/strict";
 * import { EvStrategy } from "./ev.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // what ev decides, at any view: hit when one more card beats the score now
 * const ev = new EvStrategy(false);
 * const rule = (v: TableView, seat: number) => oneCardValue(v, seat, false) > v.roundScore(seat);
 * const probe = { name: "probe", hit: (v: TableView, s: number) => (assert.equal(ev.hit(v, s), rule(v, s)), rule(v, s)), target: () => 0 };
 * const g = new Game(getRules("solo-model"), [probe], { seed: 2 });
 * for (let r = 0; r < 20; r++) g.playRound();
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
  const seventh = COUNT_OF_MASK[mask] === FLIP7_LENGTH - 1;
  // each score as lineScore gives it, from the line's sum in locals: number
  // k adds k to the sum (lineScore(mask | 1 << k, mods, seventh)), a
  // modifier changes the bonuses (lineScore(mask, mods | bit, false)); the
  // terms and their order as before (kind order), so the same double
  const sum = SUM_OF_MASK[mask], times = MULT_OF_MASK[mods];
  const bonus = PLUS_OF_MASK[mods] + (seventh ? FLIP7_BONUS : 0);
  let e = 0;
  for (let k = 0; k < NUMBER_KINDS; k++) {
    const c = exact ? view.unseenExact(k) : view.unseenTable(k);
    if (c === 0) continue;
    e += c * ((mask >> k) & 1 ? saved : times * (sum + k) + bonus);
  }
  for (let i = 0; i < MODIFIER_LIST.length; i++) {
    const k = MODIFIER_LIST[i];
    const c = exact ? view.unseenExact(k) : view.unseenTable(k);
    if (c === 0) continue;
    const m = mods | modifierBit(k);
    e += c * (MULT_OF_MASK[m] * sum + PLUS_OF_MASK[m]);
  }
  for (let i = 0; i < STAY_LIST.length; i++) {
    const k = STAY_LIST[i];
    e += (exact ? view.unseenExact(k) : view.unseenTable(k)) * cur;
  }
  return e / total;
}

/** Kind of the Second Chance card, re-exported for targeting code. */
export { CHANCE };
