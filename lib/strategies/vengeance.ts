/**
 * The built-in strategies' play of *Flip 7: With a Vengeance*
 * (docs/vengeance.md, "The policies that play it"): the one-step value of a
 * card on the edition's scoring ({@linkcode vengeanceOneCard}, what `ev`
 * reads there), its bust risk ({@linkcode vengeanceBustRisk}) and the
 * targeting heuristics of every Vengeance choice ({@linkcode vengeanceChoose},
 * the `choose` that `sum`, `count`, `bust`, `ev` and `brfield-v` share).
 *
 * Every score is read off the rules' card table (`CardTable.roundScore`,
 * `busts`, the Zero's, Unlucky 7's and Lucky 13's masks, `flip7Length`,
 * `flip7Bonus`, the rulings `flip7-count`, `brutal` and `special-transfer`):
 * no card value is written here. A line's Zero is read from its cards (the
 * `special-transfer=follow-card` reading; under `stay-with-owner` a moved
 * Zero's effect is not seen).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { vengeanceOneCard } from "./vengeance.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // solo, dealt a 13 from the 108 cards: what one more card is worth
 * const rules = getRules("vengeance"), t = rules.cards;
 * const seen: number[] = [];
 * const probe = { name: "probe", hit: (v: TableView) => (seen.push(vengeanceOneCard(v, 0, false)), false), target: () => 0 };
 * new Game(rules, [probe], { seed: 1, stack: [t.kindOf("13")] }).playRound();
 * // 11 plain 13s bust, Lucky 13 joins (26), Unlucky 7 wipes (7), the Zero scores 0,
 * // a modifier is kept (solo), an action is worth the line as it stands
 * assert.equal(seen[0].toFixed(4), "17.2710");
 * ```
 * @module
 */

import * as cards from "../game/cards.ts";
import type { CardTable } from "../game/cards.ts";
import {
  BUSTED,
  type Choice,
  DECLINE,
  pairFirst,
  pairSecond,
  refKind,
  refSeat,
  type Strategy,
  type TableView,
} from "../game/view.ts";

const {
  EFFECT_DISCARD,
  EFFECT_FLIP,
  EFFECT_LUCKY,
  EFFECT_NUMBER,
  EFFECT_ONE_MORE,
  EFFECT_PLUS,
  EFFECT_STEAL,
  EFFECT_SWAP,
  EFFECT_TIMES,
  EFFECT_UNLUCKY,
  EFFECT_ZERO,
  unhandledEffect,
} = cards;

/** A seat's cards as the heuristics move them about (a choice is rare: plain objects). */
interface Line {
  mask: number;
  mods: number;
  count: number;
  bust: boolean;
}

function lineOf(view: TableView, t: number): Line {
  return {
    mask: view.lineMask(t),
    mods: view.modMask(t),
    count: view.lineCount(t),
    bust: view.seatStatus(t) === BUSTED,
  };
}

/** A line's round score by the rules: bust 0 (Brutal: its modifiers from 0), the Zero, ÷2, negatives, the floor, a Flip 7. */
function scoreOf(view: TableView, l: Line): number {
  const r = view.rules, t = r.cards, floor = r.rulings.brutal !== "on";
  if (l.bust) return floor ? 0 : t.score(0, l.mods, 0, false);
  const n = r.rulings.flip7Count === "ranks" ? t.ranksOfMask[l.mask] : l.count;
  const f7 = n >= r.flip7Length;
  return t.roundScore(
    l.mask,
    l.mods,
    f7 ? r.flip7Bonus : 0,
    f7,
    (l.mask & t.zeroMask) !== 0,
    floor,
  );
}

/** Card `k` leaves a line. */
function remove(t: CardTable, l: Line, k: number): void {
  if (k < t.numberKinds) {
    l.mask &= ~(1 << k);
    l.count--;
  } else l.mods &= ~t.modBit[k];
}

/** Card `k` arrives in a line (`drawn`, or moved by a Steal or Swap). */
function add(view: TableView, l: Line, k: number, drawn: boolean): void {
  const t = view.rules.cards;
  if (l.bust) return;
  if (k >= t.numberKinds) {
    l.mods |= t.modBit[k];
    return;
  }
  const bit = 1 << k;
  if (
    (t.unluckyMask & bit) !== 0 &&
    (drawn || view.rules.rulings.specialTransfer === "follow-card")
  ) {
    l.mask = bit;
    l.mods = 0;
    l.count = 1;
  } else if (t.busts(l.mask, k)) l.bust = true;
  else {
    l.mask |= bit;
    l.count++;
  }
}

/**
 * The probability that the next card busts the seat on the Vengeance table:
 * a number of a rank its line holds, unless Lucky 13 lets it in; Unlucky 7
 * never busts. `exact` counts the draw pile, else the cards not on the table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // solo, a 7 dealt: five plain 7s of 107 cards bust, Unlucky 7 does not
 * const rules = getRules("vengeance");
 * const r: number[] = [];
 * const probe = { name: "probe", hit: (v: TableView) => (r.push(vengeanceBustRisk(v, 0, true)), false), target: () => 0 };
 * new Game(rules, [probe], { seed: 1, stack: [rules.cards.kindOf("7")] }).playRound();
 * assert.equal(r[0], 5 / 107);
 * ```
 */
export function vengeanceBustRisk(
  view: TableView,
  seat: number,
  exact: boolean,
): number {
  const t = view.rules.cards;
  const total = exact ? view.unseenExactTotal() : view.unseenTableTotal();
  if (total <= 0) return 0;
  const mask = view.lineMask(seat);
  let dup = 0;
  for (let k = 0; k < t.numberKinds; k++) {
    if ((t.unluckyMask >> k) & 1 || !t.busts(mask, k)) continue;
    dup += exact ? view.unseenExact(k) : view.unseenTable(k);
  }
  return dup / total;
}

/** True when another seat can be given a modifier (not bust, or any under Brutal Mode). */
function canGive(view: TableView, seat: number): boolean {
  for (let t = 0; t < view.players; t++) {
    if (t === seat) continue;
    if (view.rules.rulings.brutal === "on" || view.seatStatus(t) !== BUSTED) {
      return true;
    }
  }
  return false;
}

/**
 * The expected round score of the seat if it takes exactly one more card
 * and then stops, on the Vengeance scoring: a number adds to the line (a
 * duplicate busts: 0, Lucky 13 lets one other 13 in, Unlucky 7 wipes the
 * line to itself, the Zero makes it 0 unless it is the Flip 7, a Flip 7 by
 * the `flip7-count` ruling adds the bonus); a modifier is given away (its
 * value: the line as it stands) unless no other seat can take it, then it
 * is the seat's own (÷2 rounded down, negatives, the floor unless Brutal);
 * an action is valued at the line as it stands.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import type { TableView } from "../game/view.ts";
 * // two seats: seat 0 dealt a 12, seat 1 a 3; seat 0 would give a modifier away
 * const rules = getRules("vengeance"), k = (n: string) => rules.cards.kindOf(n);
 * const v: number[] = [];
 * const probe = { name: "probe", hit: (w: TableView, s: number) => (s === 0 && v.push(vengeanceOneCard(w, 0, false)), false), target: () => 0 };
 * new Game(rules, [probe, probe], { seed: 1, stack: [k("12"), k("3")] }).playRound();
 * assert.ok(v[0] > 12 && v[0] < 20);
 * ```
 */
export function vengeanceOneCard(
  view: TableView,
  seat: number,
  exact: boolean,
): number {
  const t = view.rules.cards;
  const now = lineOf(view, seat), cur = scoreOf(view, now);
  const total = exact ? view.unseenExactTotal() : view.unseenTableTotal();
  if (total <= 0) return cur;
  const give = canGive(view, seat);
  let e = 0;
  for (let k = 0; k < t.kinds; k++) {
    const c = exact ? view.unseenExact(k) : view.unseenTable(k);
    if (c === 0) continue;
    const effect = t.effects[k];
    switch (effect) {
      case EFFECT_NUMBER:
      case EFFECT_ZERO:
      case EFFECT_UNLUCKY:
      case EFFECT_LUCKY:
      case EFFECT_PLUS:
      case EFFECT_TIMES: {
        if (k >= t.numberKinds && give) {
          e += c * cur;
          break;
        }
        const l = { ...now };
        add(view, l, k, true);
        e += c * scoreOf(view, l);
        break;
      }
      case EFFECT_ONE_MORE:
      case EFFECT_FLIP:
      case EFFECT_SWAP:
      case EFFECT_STEAL:
      case EFFECT_DISCARD:
      case cards.EFFECT_CHANCE:
      case cards.EFFECT_FREEZE:
        e += c * cur;
        break;
      default:
        unhandledEffect(effect);
    }
  }
  return e / total;
}

/**
 * How much each seat's change of round score counts for the chooser: its
 * own 1; the leading opponent (highest total + round score, the first from
 * the chooser's left among equals) 1; every other opponent 1/(N − 1).
 */
function weights(view: TableView, seat: number): Float64Array {
  const n = view.players, w = new Float64Array(n).fill(1 / (n - 1 || 1));
  let lead = -1, best = -Infinity;
  for (let i = 1; i < n; i++) {
    const o = (seat + i) % n;
    const x = view.total(o) + view.roundScore(o);
    if (x > best) {
      best = x;
      lead = o;
    }
  }
  if (lead >= 0) w[lead] = 1;
  w[seat] = 1;
  return w;
}

/**
 * The value of a move of cards to the chooser: its own change of round
 * score, minus each opponent's change times its weight ({@linkcode weights}).
 */
function moveValue(
  view: TableView,
  seat: number,
  w: Float64Array,
  move: (lines: Line[]) => void,
  touched: number[],
): number {
  const lines: Line[] = [];
  for (const t of touched) lines[t] ??= lineOf(view, t);
  const before = touched.map((t) => scoreOf(view, lines[t]));
  move(lines);
  let v = 0;
  const seen = new Set<number>();
  touched.forEach((t, i) => {
    if (seen.has(t)) return;
    seen.add(t);
    const d = scoreOf(view, lines[t]) - before[i];
    v += t === seat ? d : -w[t] * d;
  });
  return v;
}

/**
 * The chooser's game if the round banked as it stands, with `bonus` off
 * its own and seat `attacked`'s totals (Brutal Mode's attack; -1: none):
 * 1 when a total reaches the target and the chooser alone is on top, 0
 * when one reaches it otherwise, 1/2 when the game goes on.
 */
function outcome(
  view: TableView,
  seat: number,
  attacked: number,
  bonus: number,
): number {
  let top = -Infinity, who = -1, reached = false;
  for (let t = 0; t < view.players; t++) {
    let x = view.total(t) + view.roundScore(t);
    if (attacked >= 0 && (t === seat || t === attacked)) x -= bonus;
    if (x >= view.rules.target) reached = true;
    if (x > top) {
      top = x;
      who = t;
    } else if (x === top) who = -2; // a tie at the top
  }
  if (!reached) return 0.5;
  return who === seat ? 1 : 0;
}

/**
 * The targeting heuristics of every Vengeance choice, shared by the
 * built-in strategies. Each option is valued by how it changes the round
 * scores, read off the card table: the chooser's own change counts 1, the
 * leading opponent's (highest total + round score) −1, any other
 * opponent's −1/(N − 1). The option of highest value is taken (the
 * engine's order first among equals), so:
 *
 * - **modifier** (−2 … −10, ÷2): to the opponent it costs the most weighted
 *   points (÷2 on the biggest line, a negative on a line that has the points
 *   to lose; the floor at 0 counted); when it costs no one anything, to the
 *   leader; to oneself only when no one else may take it;
 * - **target** of Just One More or Flip Four: the leading opponent (highest
 *   total + round score, active or stayed); oneself only when no one else
 *   is in play. (Measured, not derived: valuing the forced cards by `ev`'s
 *   one step, and so taking a Flip Four oneself from an empty line, lost
 *   to the first option — the opponent — heads-up; the leader beat the
 *   player on the left at four players; docs/vengeance.md.)
 * - **steal**: the card worth most to the thief plus what its owner loses
 *   (a card that would bust the thief is worth minus its line; a number
 *   that completes a Flip 7 is worth the bonus; stealing an opponent's
 *   Zero gives its line back its points);
 * - **discard**: one's own Zero, ÷2 or largest negative when that gains more
 *   than the best card of the leader costs it, else the leader's best card;
 * - **swap**: the exchange of highest value (a burden of one's own — the
 *   Zero, ÷2, a negative, a low number — for a leader's best card);
 * - every Swap, Steal or Discard is declined, when it may be
 *   (`take-that=optional`), if no option is worth more than 0 (a Steal
 *   that busts the thief to take as much off the leader is declined);
 * - **flip7** (Brutal Mode): keep the bonus, unless giving it up and
 *   taking it off an opponent turns a game that ends this round from a
 *   loss into a win (or into a game that goes on).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import { type Choice, cardRef, type TableView } from "../game/view.ts";
 * import { SumStrategy } from "./sum.ts";
 * // seat 0 holds 12 and 5, seat 1 stayed on 9 and 3; seat 0 draws a Steal and takes the 9
 * const rules = getRules("vengeance"), k = (n: string) => rules.cards.kindOf(n);
 * const picks: number[] = [];
 * const thief = Object.assign(new SumStrategy(30), {
 *   choose(v: TableView, s: number, c: Choice) {
 *     picks.push(vengeanceChoose(v, s, c));
 *     return picks.at(-1)!;
 *   },
 * });
 * new Game(rules, [thief, new SumStrategy(12)], { seed: 1, stack: [k("12"), k("9"), k("5"), k("3"), k("steal")] }).playRound();
 * assert.deepEqual(picks.slice(0, 1), [cardRef(1, k("9"))]);
 * ```
 */
export function vengeanceChoose(
  view: TableView,
  seat: number,
  choice: Choice,
): number {
  const t = view.rules.cards, opts = choice.options;
  if (choice.type === "flip7") {
    const keep = outcome(view, seat, -1, 0);
    let best = seat, bestV = keep;
    for (const o of opts) {
      if (o === seat) continue;
      const v = outcome(view, seat, o, view.rules.flip7Bonus);
      if (v > bestV) {
        bestV = v;
        best = o;
      }
    }
    return best;
  }
  const w = weights(view, seat);
  const value = (o: number): number => {
    switch (choice.type) {
      case "modifier":
        return moveValue(view, seat, w, (l) => {
          l[o].mods |= t.modBit[choice.card];
        }, [o]) + (o === seat ? -1e-9 : 1e-9 * w[o]); // (the leader first, oneself last among equals)
      case "target": // the leading opponent; oneself only when alone
        return o === seat ? -Infinity : view.total(o) + view.roundScore(o);
      case "steal": {
        const from = refSeat(o), k = refKind(o);
        return moveValue(view, seat, w, (l) => {
          remove(t, l[from], k);
          add(view, l[seat], k, false);
        }, [from, seat]);
      }
      case "discard": {
        const from = refSeat(o), k = refKind(o);
        return moveValue(view, seat, w, (l) => remove(t, l[from], k), [from]);
      }
      case "swap": {
        const a = pairFirst(o), b = pairSecond(o);
        const sa = refSeat(a),
          ka = refKind(a),
          sb = refSeat(b),
          kb = refKind(b);
        return moveValue(view, seat, w, (l) => {
          remove(t, l[sa], ka);
          remove(t, l[sb], kb);
          add(view, l[sb], ka, false);
          add(view, l[sa], kb, false);
        }, [sa, sb]);
      }
    }
    return 0;
  };
  let best = opts[0], bestV = -Infinity;
  for (const o of opts) {
    if (o === DECLINE) continue;
    const v = value(o);
    if (v > bestV) {
      bestV = v;
      best = o;
    }
  }
  if (opts.includes(DECLINE) && bestV <= 0) return DECLINE;
  return best;
}

/**
 * `first:POLICY` — a policy with the engine's default Vengeance choices
 * (the first option of each: a modifier, a Just One More or a Flip Four to
 * the player on the left, that player's lowest number stolen or
 * discarded, the first Swap pair, the Flip 7's points kept): the baseline
 * the shared heuristics ({@linkcode vengeanceChoose}) are measured against.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SumStrategy } from "./sum.ts";
 * const s = firstOption(new SumStrategy(20));
 * assert.equal(s.name, "first:sum:20");
 * assert.equal(s.choose, undefined);
 * ```
 */
export function firstOption(inner: Strategy): Strategy {
  return {
    name: `first:${inner.name}`,
    hit: (view, seat) => inner.hit(view, seat),
    target: (view, seat, kind) => inner.target(view, seat, kind),
    newGame: inner.newGame?.bind(inner),
    roundEnd: inner.roundEnd?.bind(inner),
  };
}
