/**
 * The Vengeance policies of GitHub Eppie/flip-seven (C++), transcribed from
 * `include/flip7_vengeance.hpp` (docs/vengeance.md, "The public projects'
 * policies"): one hit/stay rule every player uses (`wants_hit`) and three
 * targeting policies (`VTP_SELF`, `VTP_RANDOM`, `VTP_ADVERSARIAL`).
 *
 * `wants_hit`: hit with no number card; stay when the pile is empty; with
 * `pb` the pile's share of plain numbers whose value the line holds at its
 * limit and a bonus of 15 when the line holds six numbers, hit iff
 * (1 − pb)·(6.5 + bonus) > pb·sum (the raw number sum).
 *
 * - `cpp:self` (C++'s "naive"): modifiers, Just One More and Flip Four on
 *   oneself; declines Swap, Steal and Discard;
 * - `cpp:random`: a modifier to a random player not bust, Just One More and
 *   Flip Four to a random active player (oneself included), a random Swap,
 *   Steal and Discard from a random opponent holding numbers (its highest
 *   number one can hold, else its highest; Discard its highest);
 * - `cpp:adversarial`: the leader is the opponent not bust of the highest
 *   total (ties to the lowest seat); modifiers and Just One More to the
 *   leader, Flip Four to the active opponent with the most numbers, Steal the
 *   leader's highest number one can hold (else its highest), Discard the
 *   leader's highest number, Swap the pair of numbers of best C++ score
 *   (declined unless above 0); with no leader, oneself (or declined).
 *
 * "Random" is a hash of the table (the pile's counts, the lines, the totals,
 * the round and the seat), so a game depends only on its seed and stream.
 * What our engine cannot play: C++ aims its adversarial Just One More at a
 * leader who stayed and the card then does nothing (the drawer is not
 * stopped); under `force-stayed=no` our engine lists only active players,
 * so we give it to the active opponent of the highest total (else oneself).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cppStrategy, cppWantsHit } from "./vengeance_cpp.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * const rules = getRules("vengeance-cpp"), t = rules.cards;
 * const stack = ["12", "3", "11", "4"].map((n) => t.kindOf(n));
 * const g = new Game(rules, [cppStrategy("self"), cppStrategy("self")], { seed: 1, stack });
 * // every stay is wants_hit's: (1 - pb)(6.5 + bonus) <= pb * sum
 * let stays = 0;
 * g.listener = (e) => {
 *   if (e.type === "stay") stays++, assert.equal(cppWantsHit(g, e.seat), false);
 * };
 * g.playRound();
 * assert.ok(stays > 0);
 * assert.equal(cppStrategy("adversarial").name, "cpp:adversarial");
 * ```
 * @module
 */

import { InputError, VENGEANCE_CARDS } from "../game/cards.ts";
import {
  ACTIVE,
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
import { atLimit, receive } from "./vengeance_go.ts";

const T = VENGEANCE_CARDS;
const ONE_MORE = T.kindOf("onemore");

/** C++'s `wants_hit`, every player's hit/stay rule. */
export function cppWantsHit(view: TableView, seat: number): boolean {
  const n = view.lineCount(seat);
  if (n === 0) return true;
  const pile = view.unseenExactTotal();
  if (pile === 0) return false;
  const line = view.lineMask(seat);
  let bad = 0;
  for (let v = 1; v <= 13; v++) {
    if (atLimit(line, v)) bad += view.unseenExact(v);
  }
  const pb = bad / pile;
  const bonus = n === view.rules.flip7Length - 1 ? view.rules.flip7Bonus : 0;
  return (1 - pb) * (6.5 + bonus) > pb * view.numberSum(seat);
}

/** A number from the table's state, for the `random` policy's draws. */
function tableHash(view: TableView, seat: number, salt: number): number {
  let h = Math.imul(seat + 1, 0x9e3779b1) ^ salt;
  const mix = (x: number) => {
    h = Math.imul(h ^ x, 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  };
  mix(view.round);
  mix(view.unseenExactTotal());
  for (let k = 0; k < T.kinds; k++) mix(view.unseenExact(k));
  for (let t = 0; t < view.players; t++) {
    mix(view.lineMask(t));
    mix(view.modMask(t));
    mix(view.total(t));
    mix(view.seatStatus(t));
  }
  return h >>> 0;
}

/** C++'s `leader_other`: the opponent not bust of the highest total; -1 for none. */
function leaderOther(view: TableView, seat: number): number {
  let who = -1, best = -Infinity;
  for (let t = 0; t < view.players; t++) {
    if (t === seat || view.seatStatus(t) === BUSTED) continue;
    if (view.total(t) > best) {
      best = view.total(t);
      who = t;
    }
  }
  return who;
}

/** The option taking `victim`'s number C++ would: the highest the thief can hold, else the highest. */
function stealFrom(
  view: TableView,
  seat: number,
  victim: number,
  options: readonly number[],
): number {
  const mine = view.lineMask(seat);
  let hold = DECLINE, holdV = -1, any = DECLINE, anyV = -1;
  for (const o of options) {
    if (o === DECLINE || refSeat(o) !== victim) continue;
    const k = refKind(o), v = T.values[k];
    if (v > anyV) [any, anyV] = [o, v];
    if (receive(mine, k) >= 0 && v > holdV) [hold, holdV] = [o, v];
  }
  return hold !== DECLINE ? hold : any;
}

/** The option discarding `victim`'s highest number. */
function highestOf(victim: number, options: readonly number[]): number {
  let best = DECLINE, bestV = -1;
  for (const o of options) {
    if (o === DECLINE || refSeat(o) !== victim) continue;
    const v = T.values[refKind(o)];
    if (v > bestV) [best, bestV] = [o, v];
  }
  return best;
}

/**
 * C++'s adversarial Swap score of a pair: for each of the two players,
 * d = 200 if the swap busts it, else its number sum's change; counted −d
 * for the chooser and +d for anyone else.
 */
function swapScore(view: TableView, seat: number, pair: number): number {
  const a = pairFirst(pair), b = pairSecond(pair);
  const side = (give: number, get: number): number => {
    const s = refSeat(give);
    const line = view.lineMask(s) & ~(1 << refKind(give));
    const after = receive(line, refKind(get));
    const d = after < 0
      ? 200
      : T.values[refKind(get)] - T.values[refKind(give)];
    return s === seat ? -d : d;
  };
  return side(a, b) + side(b, a);
}

/** C++'s three targeting policies. */
export type CppTargeting = "self" | "random" | "adversarial";

/** One of C++'s targeting policies, with `wants_hit`. */
class CppStrategy implements Strategy {
  readonly name: string;
  constructor(private readonly policy: CppTargeting) {
    this.name = `cpp:${policy}`;
  }
  hit(view: TableView, seat: number): boolean {
    return cppWantsHit(view, seat);
  }
  target(_view: TableView, seat: number): number {
    return seat; // the official edition's cards never reach these policies
  }
  choose(view: TableView, seat: number, c: Choice): number {
    const o = c.options;
    const real = o.filter((x) => x !== DECLINE);
    const or = (x: number, fallback: number) => o.includes(x) ? x : fallback;
    const selfOr = o.includes(seat) ? seat : o[0];
    if (this.policy === "self") {
      if (c.type === "modifier" || c.type === "target") return selfOr;
      return o.includes(DECLINE) ? DECLINE : o[0];
    }
    if (this.policy === "random") {
      const pick = (xs: readonly number[]) =>
        xs[tableHash(view, seat, c.type.length * 31 + c.card) % xs.length];
      if (c.type === "modifier" || c.type === "target" || c.type === "swap") {
        return real.length > 0 ? pick(real) : o[0];
      }
      if (c.type === "flip7") return seat;
      const victims = [...new Set(real.map(refSeat))].filter((t) => t !== seat)
        .sort((x, y) => x - y);
      if (victims.length === 0) return or(DECLINE, o[0]);
      const v = pick(victims);
      const r = c.type === "steal"
        ? stealFrom(view, seat, v, o)
        : highestOf(v, o);
      return r !== DECLINE ? r : or(DECLINE, o[0]);
    }
    // adversarial
    const leader = leaderOther(view, seat);
    switch (c.type) {
      case "modifier":
        return leader >= 0 ? or(leader, selfOr) : selfOr;
      case "target": {
        if (c.card === ONE_MORE) {
          if (leader >= 0 && o.includes(leader)) return leader;
          // C++ would waste the card on a leader who stayed: not playable here
          let who = -1, best = -Infinity;
          for (const t of o) {
            if (t !== seat && view.total(t) > best) {
              [who, best] = [t, view.total(t)];
            }
          }
          return who >= 0 ? who : selfOr;
        }
        let who = -1, most = -1;
        for (let t = 0; t < view.players; t++) {
          if (t === seat || view.seatStatus(t) !== ACTIVE || !o.includes(t)) {
            continue;
          }
          if (view.lineCount(t) > most) [who, most] = [t, view.lineCount(t)];
        }
        return who >= 0 ? who : selfOr;
      }
      case "steal": {
        const r = leader >= 0 ? stealFrom(view, seat, leader, o) : DECLINE;
        return r !== DECLINE ? r : or(DECLINE, o[0]);
      }
      case "discard": {
        const r = leader >= 0 ? highestOf(leader, o) : DECLINE;
        return r !== DECLINE ? r : or(DECLINE, o[0]);
      }
      case "swap": {
        let best = DECLINE, bestS = 0;
        for (const p of real) {
          const s = swapScore(view, seat, p);
          if (s > bestS) [best, bestS] = [p, s];
        }
        return best !== DECLINE ? best : or(DECLINE, o[0]);
      }
      case "flip7":
        return seat;
    }
  }
}

/**
 * Build one of C++'s policies from its spec (without the `cpp:` prefix):
 * `self`, `random` or `adversarial`.
 *
 * @throws {InputError} naming the bad spec and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cppStrategy } from "./vengeance_cpp.ts";
 * assert.equal(cppStrategy("random").name, "cpp:random");
 * assert.throws(() => cppStrategy("naive"), /cpp:naive/);
 * ```
 */
export function cppStrategy(spec: string): Strategy {
  if (spec === "self" || spec === "random" || spec === "adversarial") {
    return new CppStrategy(spec);
  }
  throw new InputError(
    `unknown policy 'cpp:${spec}': allowed cpp:self, cpp:random, cpp:adversarial`,
  );
}
