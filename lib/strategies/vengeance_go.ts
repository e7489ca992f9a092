/**
 * The Vengeance policies of GitHub 2222-42/flip7_strategy (Go), transcribed
 * from `internal/vengeance/domain/strategy/{strategies,targeting}.go` and
 * `deck.go` (docs/vengeance.md, "The public projects' policies"): its five
 * hit/stay rules and the one target selector all five share.
 *
 * - `go:cautious`: stay on a number sum over 18, else stay when the hit risk
 *   is over 10%, else hit;
 * - `go:aggressive`: hit with six ranks or more, else stay on a risk over
 *   40%, else stay on a sum over 50, else hit;
 * - `go:heuristic:N` (Go's Heuristic-N): stay on a number sum of N or more;
 * - `go:ev` (ExpectedValue): hit when one more card raises the round score
 *   in expectation over the draw pile (the discards when it is empty),
 *   modifiers counted only when no other player is still in the round,
 *   actions as no change;
 * - `go:adaptive`: `go:aggressive`'s hit/stay when behind (an opponent 25
 *   or more ahead, or one at 160 or more and ahead), else `go:ev`'s.
 *
 * Every one hits with an empty number row. The hit risk (`EstimateHitRisk`)
 * is the draw pile's share of plain numbers whose rank the line holds at its
 * limit. The targets: a modifier to the opponent (not bust) of the highest
 * round score; Just One More to the opponent with the most ranks if five or
 * more, else the opponent of the highest total; Flip Four to the opponent
 * likeliest to bust in its four cards if 50% or more, else the highest total;
 * Steal, Discard and Swap by Go's card values (`stealValue`,
 * `discardValue`, `burdenValue`). Under Brutal Mode, `go:aggressive`,
 * `go:ev` and `go:adaptive` take a Flip 7's 15 points off the other player
 * of the highest total, the others keep them.
 *
 * Where ours differs (docs/vengeance.md): Go's Flip Four risk is 500
 * time-seeded shuffles of the pile; ours is the exact probability of the
 * same event. Go lists a player's cards in the order they arrived; our
 * options list them by kind, so "first in the row" (ties, Go's
 * `FirstLegalSwapPair` and Steal fallback) is the lowest kind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { goStrategy } from "./vengeance_go.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * // heuristic:26 stays on 12 + 13 + 1 = 26; cautious on 2 + 3 + 4 + 5 + 6 = 20 (over 18)
 * const rules = getRules("vengeance-go"), t = rules.cards;
 * const stack = ["12", "2", "13", "3", "1", "4", "5", "6", "8"].map((n) => t.kindOf(n));
 * const g = new Game(rules, [goStrategy("heuristic:26"), goStrategy("cautious")], { seed: 1, stack });
 * assert.deepEqual(Array.from(g.playRound()), [26, 20]);
 * ```
 * @module
 */

import { VENGEANCE_CARDS } from "../game/cards.ts";
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
import { InputError } from "../game/cards.ts";

const T = VENGEANCE_CARDS;
/** The special numbers' kinds. */
export const ZERO: number = T.kindOf("zero"),
  UNLUCKY7: number = T.kindOf("unlucky7"),
  LUCKY13: number = T.kindOf("lucky13");
const HALF = T.kindOf("/2");
const ONE_MORE = T.kindOf("onemore");
const NUMBER_KINDS = T.numberKinds;

/** The rank of a number kind (Unlucky 7 is a 7, Lucky 13 a 13). */
export function rankOf(kind: number): number {
  return kind === UNLUCKY7 ? 7 : kind === LUCKY13 ? 13 : kind;
}

function bits(m: number): number {
  let c = 0;
  while (m) {
    m &= m - 1;
    c++;
  }
  return c;
}

/**
 * Distinct ranks of a line (Go's `DistinctRanks`): Lucky 13 and a 13 are
 * one rank.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { distinctRanks, LUCKY13 } from "./vengeance_go.ts";
 * assert.equal(distinctRanks(1 << 13 | 1 << LUCKY13 | 1 << 2), 2);
 * ```
 */
export function distinctRanks(line: number): number {
  const both = (line >> 13 & 1) & (line >> LUCKY13 & 1);
  return bits(line) - both;
}

/** How many cards of `rank` the line holds. */
function held(line: number, rank: number): number {
  if (rank === 7) return (line >> 7 & 1) + (line >> UNLUCKY7 & 1);
  if (rank === 13) return (line >> 13 & 1) + (line >> LUCKY13 & 1);
  return line >> rank & 1;
}

/** True when a plain `rank` card would bust the line (it is held at its limit). */
export function atLimit(line: number, rank: number): boolean {
  const limit = rank === 13 && (line >> LUCKY13 & 1) ? 2 : 1;
  return held(line, rank) >= limit;
}

/**
 * Go's `EstimateHitRisk`: the draw pile's share of plain numbers whose rank
 * the line holds at its limit (the Zero, Unlucky 7 and Lucky 13 never count
 * as bust cards). The view's pile is the discards when the pile is empty.
 */
export function goHitRisk(view: TableView, seat: number): number {
  const total = view.unseenExactTotal();
  if (total === 0) return 0;
  const line = view.lineMask(seat);
  let bad = 0;
  for (let r = 1; r <= 13; r++) {
    if (atLimit(line, r)) bad += view.unseenExact(r);
  }
  return bad / total;
}

/**
 * The line after a number kind arrives, or -1 for a bust: Unlucky 7 wipes
 * the line to itself; a rank at its limit busts (Lucky 13 allows a second
 * 13, arriving first or second).
 */
export function receive(line: number, kind: number): number {
  if (kind === UNLUCKY7) return 1 << UNLUCKY7;
  const r = rankOf(kind);
  const limit = r === 13 && ((line >> LUCKY13 & 1) || kind === LUCKY13) ? 2 : 1;
  return held(line, r) >= limit ? -1 : line | 1 << kind;
}

/** True when the line is a Flip 7 under the view's `flip7-count`. */
export function isFlip7(view: TableView, line: number): boolean {
  const n = view.rules.rulings.flip7Count === "ranks"
    ? distinctRanks(line)
    : bits(line);
  return n >= view.rules.flip7Length;
}

/** The round score of a line and modifiers, by the card table's scoring. */
export function lineScore(view: TableView, line: number, mods: number): number {
  const flip7 = isFlip7(view, line);
  return view.rules.cards.roundScore(
    line,
    mods,
    flip7 ? view.rules.flip7Bonus : 0,
    flip7,
    (line & 1 << ZERO) !== 0,
    view.rules.rulings.brutal !== "on",
  );
}

/**
 * Go's ExpectedValue: the expected change of the round score if one more
 * card is taken (over the pile, or the discards when it is empty), a bust
 * losing the round score, a modifier counted only when no other player is
 * still in the round (it is then kept), an action no change; a bust scores
 * 0 (under Brutal Mode its modifiers from 0). Under Brutal
 * Mode with other players in the round, the Flip 7 bonus is not counted
 * (Go's ExpectedValue gives it away as an attack).
 */
export function goExpectedGain(view: TableView, seat: number): number {
  const total = view.unseenExactTotal();
  if (total === 0) return 0;
  const line = view.lineMask(seat), mods = view.modMask(seat);
  const now = view.roundScore(seat);
  let alone = true;
  for (let t = 0; t < view.players; t++) {
    if (t !== seat && view.seatStatus(t) !== BUSTED) alone = false;
  }
  const noBonus = !alone && view.rules.rulings.brutal === "on";
  const mk = view.rules.cards.modifierKinds;
  // a bust scores 0, or under Brutal Mode its modifiers from 0
  const bust = view.rules.rulings.brutal === "on"
    ? view.rules.cards.score(0, mods, 0, false)
    : 0;
  let gain = 0;
  for (let k = 0; k < NUMBER_KINDS; k++) {
    const c = view.unseenExact(k);
    if (c === 0) continue;
    const next = receive(line, k);
    if (next < 0) {
      gain += c * (bust - now);
      continue;
    }
    let s = lineScore(view, next, k === UNLUCKY7 ? 0 : mods);
    if (noBonus && isFlip7(view, next)) s -= view.rules.flip7Bonus;
    gain += c * (s - now);
  }
  if (alone) {
    for (let i = 0; i < mk.length; i++) {
      const c = view.unseenExact(mk[i]);
      if (c > 0) gain += c * (lineScore(view, line, mods | 1 << i) - now);
    }
  }
  return gain / total;
}

/**
 * The exact chance that a line busts in a Flip Four: over the next
 * min(4, pile) cards of the pile, numbers applied as they come (Unlucky 7
 * wiping), any other card using up a draw (Go estimates the same by 500
 * shuffles).
 */
export function flipFourRisk(view: TableView, seat: number): number {
  const counts = new Int32Array(NUMBER_KINDS);
  let total = 0;
  for (let k = 0; k < NUMBER_KINDS; k++) {
    counts[k] = view.unseenExact(k);
    total += counts[k];
  }
  const all = view.unseenExactTotal();
  const draws = Math.min(4, all);
  // before an Unlucky 7 wipes the line, the line and the draws left fix the
  // cards gone (the new numbers in the line, the rest other cards): memoise
  const memo = new Map<number, number>();
  const walk = (
    line: number,
    left: number,
    pile: number,
    wiped: boolean,
  ): number => {
    if (left === 0 || pile === 0) return 0;
    const key = line * 8 + left;
    if (!wiped) {
      const m = memo.get(key);
      if (m !== undefined) return m;
    }
    let numbers = 0, p = 0;
    for (let k = 0; k < NUMBER_KINDS; k++) {
      const c = counts[k];
      if (c === 0) continue;
      numbers += c;
      const next = receive(line, k);
      if (next < 0) {
        p += c / pile;
        continue;
      }
      counts[k]--;
      p += c / pile *
        walk(next, left - 1, pile - 1, wiped || k === UNLUCKY7);
      counts[k]++;
    }
    const other = pile - numbers;
    if (other > 0) p += other / pile * walk(line, left - 1, pile - 1, wiped);
    if (!wiped) memo.set(key, p);
    return p;
  };
  return total === 0 ? 0 : walk(view.lineMask(seat), draws, all, false);
}

/** Go's `stealValue`: Lucky 13 100, a number its rank, anything else -1. */
export function stealValue(kind: number): number {
  if (kind === LUCKY13) return 100;
  if (kind === ZERO || kind === UNLUCKY7 || kind >= NUMBER_KINDS) return -1;
  return kind;
}

/** Go's `discardValue` of a card in front of `owner`, for `seat`. */
export function discardValue(
  kind: number,
  owner: number,
  seat: number,
): number {
  const mod = kind >= NUMBER_KINDS;
  if (owner === seat) {
    if (kind === ZERO) return 80;
    if (kind === HALF) return 50;
    if (mod) return -T.values[kind];
    if (kind === LUCKY13) return -100;
    return -rankOf(kind);
  }
  if (kind === LUCKY13) return 100;
  if (kind === ZERO) return -50;
  if (mod) return -20;
  return rankOf(kind);
}

/** Go's `burdenValue` of one's own card: Zero 100, ÷2 40, -N N, Unlucky 7 5, else 0. */
export function burdenValue(kind: number): number {
  if (kind === ZERO) return 100;
  if (kind === HALF) return 40;
  if (kind >= NUMBER_KINDS) return -T.values[kind];
  return kind === UNLUCKY7 ? 5 : 0;
}

/**
 * Absolute seat order, then numbers before modifiers, then kind (the
 * order of Go's face-up list, with kind for arrival).
 */
function refOrder(ref: number): number {
  return refSeat(ref) * 256 + refKind(ref);
}

/** The option of highest value; ties to the first in `order`. */
function best(
  options: readonly number[],
  value: (o: number) => number,
  order: (o: number) => number,
): number {
  let bestO = DECLINE, bestV = -Infinity, bestK = Infinity;
  for (const o of options) {
    if (o === DECLINE) continue;
    const v = value(o), k = order(o);
    if (v > bestV || (v === bestV && k < bestK)) {
      bestO = o;
      bestV = v;
      bestK = k;
    }
  }
  return bestO;
}

/** The opponent (among `seats`) of the highest total; ties to the lowest seat; -1 for none. */
function highestTotal(
  view: TableView,
  seat: number,
  seats: readonly number[],
): number {
  const others = seats.filter((t) => t !== seat && t !== DECLINE);
  if (others.length === 0) return -1;
  return best(others, (t) => view.total(t), (t) => t);
}

/**
 * Go's `DefaultTargetSelector` (shared by the five policies): the choice
 * of {@linkcode Strategy.choose}.
 *
 * @param attack under Brutal Mode, take a Flip 7's points off the leader
 * @param ffMin the Flip Four risk from which it aims at the riskiest
 *   opponent (Go's `FlipFourRiskMin`, 0.50)
 */
export function goChoose(
  view: TableView,
  seat: number,
  choice: Choice,
  attack: boolean,
  ffMin = 0.5,
): number {
  const o = choice.options;
  const first = o[0];
  switch (choice.type) {
    case "modifier": {
      const alive = o.filter((t) =>
        t !== seat && view.seatStatus(t) !== BUSTED
      );
      if (alive.length > 0) {
        return best(alive, (t) => view.roundScore(t), (t) => t);
      }
      const dead = o.filter((t) => t !== seat);
      return dead.length > 0
        ? best(dead, (t) => view.total(t), (t) => t)
        : o.includes(seat)
        ? seat
        : first;
    }
    case "target": {
      const others = o.filter((t) => t !== seat);
      if (others.length === 0) return first;
      if (choice.card === ONE_MORE) {
        const most = best(
          others,
          (t) => distinctRanks(view.lineMask(t)),
          (t) => t,
        );
        if (distinctRanks(view.lineMask(most)) >= 5) return most;
      } else {
        const risk = new Map(others.map((t) => [t, flipFourRisk(view, t)]));
        const risky = best(others, (t) => risk.get(t)!, (t) => t);
        if (risk.get(risky)! >= ffMin) return risky;
      }
      return highestTotal(view, seat, others);
    }
    case "steal": {
      const theirs = o.filter((r) => r !== DECLINE && refSeat(r) !== seat);
      if (theirs.length === 0) return first; // the engine's fallback: one's own card
      return best(theirs, (r) => stealValue(refKind(r)), refOrder);
    }
    case "discard":
      return best(
        o,
        (r) => discardValue(refKind(r), refSeat(r), seat),
        refOrder,
      );
    case "swap":
      return goSwap(seat, o);
    case "flip7":
      return attack ? highestTotal(view, seat, o) : seat;
  }
}

/**
 * Go's Swap: one's own card of highest burden against the opponent's card
 * of highest steal value when both are above 0, else the first legal pair
 * (the first face-up card in seat order and the first of another player).
 */
function goSwap(seat: number, options: readonly number[]): number {
  const refs = new Set<number>();
  for (const p of options) {
    if (p === DECLINE) continue;
    refs.add(pairFirst(p));
    refs.add(pairSecond(p));
  }
  const cards = [...refs].sort((a, b) => refOrder(a) - refOrder(b));
  const mine = cards.filter((r) => refSeat(r) === seat);
  const theirs = cards.filter((r) => refSeat(r) !== seat);
  const pairOf = (a: number, b: number): number =>
    options.find((p) =>
      p !== DECLINE &&
      ((pairFirst(p) === a && pairSecond(p) === b) ||
        (pairFirst(p) === b && pairSecond(p) === a))
    ) ?? DECLINE;
  if (mine.length > 0 && theirs.length > 0) {
    const m = best(mine, (r) => burdenValue(refKind(r)), refOrder);
    const t = best(theirs, (r) => stealValue(refKind(r)), refOrder);
    if (burdenValue(refKind(m)) > 0 && stealValue(refKind(t)) > 0) {
      const p = pairOf(m, t);
      if (p !== DECLINE) return p;
    }
  }
  const a = cards[0];
  const b = cards.find((r) => refSeat(r) !== refSeat(a));
  const p = b === undefined ? DECLINE : pairOf(a, b);
  return p !== DECLINE ? p : options[0];
}

/** Go's five policies' names (the catalogue order of its evaluation). */
export const GO_POLICIES = [
  "cautious",
  "aggressive",
  "heuristic",
  "ev",
  "adaptive",
] as const;

/** Go's Cautious: stay over 18, or on a hit risk over 10%. */
function cautiousHit(v: TableView, s: number): boolean {
  if (v.numberSum(s) > 18) return false;
  return goHitRisk(v, s) <= 0.10;
}

/** Go's Aggressive: hit with six ranks, else stay on a risk over 40% or a sum over 50. */
function aggressiveHit(v: TableView, s: number): boolean {
  if (distinctRanks(v.lineMask(s)) >= 6) return true;
  if (goHitRisk(v, s) > 0.40) return false;
  return v.numberSum(s) <= 50;
}

/** Go's Adaptive's test: an opponent 25 ahead, or at 160 or more and ahead. */
function behind(v: TableView, s: number): boolean {
  const own = v.total(s);
  for (let t = 0; t < v.players; t++) {
    if (t === s) continue;
    const x = v.total(t);
    if (x >= own + 25 || (x >= 160 && x > own)) return true;
  }
  return false;
}

/** One of Go's policies as a {@linkcode Strategy}. */
class GoStrategy implements Strategy {
  readonly name: string;
  constructor(
    spec: string,
    private readonly rule: (v: TableView, s: number) => boolean,
    private readonly attack: boolean,
    private readonly ffMin = 0.5,
  ) {
    this.name = `go:${spec}`;
  }
  hit(view: TableView, seat: number): boolean {
    if (view.lineCount(seat) === 0) return true;
    return this.rule(view, seat);
  }
  target(_view: TableView, seat: number): number {
    return seat; // the official edition's cards never reach these policies
  }
  choose(view: TableView, seat: number, choice: Choice): number {
    return goChoose(view, seat, choice, this.attack, this.ffMin);
  }
}

/**
 * Build one of Go's policies from its spec (without the `go:` prefix):
 * `cautious`, `aggressive`, `heuristic:N`, `ev` or `adaptive`; and the two
 * variants of `ev` its evaluation plays: `ev-ff:P` (Flip Four aimed at the
 * riskiest opponent from a risk of P, Go's `NewExpectedValueStrategyWithRisk`)
 * and `ev-take` (under Brutal Mode a Flip 7's 15 points kept, Go's
 * `NewExpectedValueStrategyTakeBonus`).
 *
 * @throws {InputError} naming the bad spec and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { goStrategy } from "./vengeance_go.ts";
 * assert.equal(goStrategy("heuristic:26").name, "go:heuristic:26");
 * assert.throws(() => goStrategy("bold"), /go:bold/);
 * ```
 */
export function goStrategy(spec: string): Strategy {
  const h = /^heuristic:(\d{1,3})$/.exec(spec);
  if (h) {
    const n = Number(h[1]);
    return new GoStrategy(spec, (v, s) => v.numberSum(s) < n, false);
  }
  const ev = (v: TableView, s: number) =>
    v.unseenExactTotal() > 0 && goExpectedGain(v, s) > 0;
  const ff = /^ev-ff:(0|1|0?\.\d+)$/.exec(spec);
  if (ff) return new GoStrategy(spec, ev, true, Number(ff[1]));
  if (spec === "ev-take") return new GoStrategy(spec, ev, false);
  switch (spec) {
    case "cautious":
      return new GoStrategy(spec, cautiousHit, false);
    case "aggressive":
      return new GoStrategy(spec, aggressiveHit, true);
    case "ev":
      return new GoStrategy(spec, ev, true);
    case "adaptive":
      return new GoStrategy(
        spec,
        (v, s) => behind(v, s) ? aggressiveHit(v, s) : ev(v, s),
        true,
      );
  }
  throw new InputError(
    `unknown policy 'go:${spec}': allowed go:cautious, go:aggressive, go:heuristic:N, go:ev, go:adaptive, go:ev-ff:P, go:ev-take`,
  );
}
