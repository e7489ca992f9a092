/**
 * The Vengeance edition's effects in the engine (docs/vengeance.md): the
 * rank rule of its special numbers (the Zero, Unlucky 7's wipe, Lucky 13's
 * second 13), modifiers given to a player of the drawer's choice, Just One
 * More, the target of a Flip Four, Swap, Steal and Discard, and Brutal
 * Mode's Flip 7 attack — every choice asked of the strategies through
 * {@linkcode Strategy.choose} with its legal options. Part of the engine's
 * class (`Table` ← `Interactive` ← `Game`, `table.ts`, `engine.ts`); the
 * official edition never reaches this code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "./engine.ts";
 * import { getRules } from "./rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * // seat 0 is dealt a 12, seat 1 a 3; seat 0 hits a Steal and takes the 3
 * const rules = getRules("vengeance"), t = rules.cards;
 * const stack = ["12", "3", "steal"].map((n) => t.kindOf(n));
 * const g = new Game(rules, [makeStrategy("sum:14"), makeStrategy("sum:1")], { seed: 1, stack });
 * const scores = g.playRound();
 * assert.equal(scores[0] >= 15, true); // 12 + 3, then it stays or hits on
 * assert.equal(g.checkConservation(), null);
 * ```
 * @module
 */

import * as cards from "./cards.ts";
import type { TableEffect } from "./cards.ts";
import type { Rules } from "./rules.ts";
import { type GameOptions, LAYOUT, Table } from "./table.ts";
import * as view from "./view.ts";
import type { ChoiceType, Strategy } from "./view.ts";

// (private bindings of imported constants: engine.ts says why)
const { EFFECT_DISCARD, EFFECT_STEAL, EFFECT_SWAP, InputError } = cards;
const {
  BUSTED_WORD,
  CONSUMED,
  COUNT_BITS,
  COUNT_ONE,
  COUNT_SHIFT,
  FX_LUCKY,
  FX_ZERO,
  LINE,
  MODS_BIT,
  ONE_MORE,
  STATUS_BITS,
} = LAYOUT;
const { cardRef, DECLINE, pairFirst, pairSecond, refKind, refSeat, swapPair } =
  view;

/** The lowest set bit's index. */
function low(m: number): number {
  return 31 - Math.clz32(m & -m);
}

/** The Vengeance edition's effects (see the module doc).
 *
 * @internal
 */
export abstract class Interactive extends Table {
  /** Seat `s` takes the next card, `how` it takes it (`engine.ts`). */
  protected abstract takeCard(s: number, how: number): boolean;
  /** Seat `s` has a duplicate: a Second Chance saves it, or it busts (`engine.ts`). */
  protected abstract duplicate(s: number, k: number): void;
  /** Seat `s` has a Flip 7: the round is over (`engine.ts`). */
  protected abstract sevenNumbers(s: number): void;
  // Brutal Mode's attacks of this round: pairs of the seat that gave up its
  // Flip 7 bonus and the seat whose total loses it
  protected readonly attacks: number[] = [];
  // the Vengeance rulings only these effects read
  declare private readonly byRanks: boolean;
  declare private readonly numbersOnly: boolean;
  declare private readonly optional: boolean;
  declare private readonly discardOwn: boolean;
  declare private readonly stealOwn: boolean;

  /** The table of a game, with the Vengeance rulings of its effects (`Game`'s constructor). */
  constructor(rules: Rules, strategies: Strategy[], options: GameOptions) {
    super(rules, strategies, options);
    const ru = rules.rulings, v = this.vengeance;
    this.byRanks = v && ru.flip7Count === "ranks";
    this.numbersOnly = v && ru.takeThatCards === "numbers-only";
    this.optional = v && ru.takeThat === "optional";
    this.discardOwn = v && ru.discardOwn === "yes";
    this.stealOwn = v && ru.stealOwn === "yes";
  }

  /** True when seat `t` has bust. */
  protected busted(t: number): boolean {
    return (this.seat[t] & STATUS_BITS) === BUSTED_WORD;
  }

  /**
   * Seat `s` chooses one of `options` (the first when it is the only one,
   * or when the strategy has no `choose`).
   *
   * @throws {InputError} when the strategy chooses another value
   */
  protected ask(
    s: number,
    type: ChoiceType,
    card: number,
    options: number[],
  ): number {
    const st = this.seats[s];
    if (options.length === 1 || st.choose === undefined) return options[0];
    const c = st.choose(
      this,
      s,
      Object.freeze({ type, card, options: Object.freeze(options) }),
    );
    if (!options.includes(c)) {
      throw new InputError(
        `strategy ${st.name} chose ${c} for a ${type} choice: allowed ${
          options.join(", ")
        }`,
      );
    }
    return c;
  }

  /**
   * Number kind `k` arrives in seat `s`'s line (`drawn`: by a draw; else
   * moved there by a Swap or Steal). Unlucky 7 drawn (or moved, under
   * `special-transfer=follow-card`) wipes the line and never busts;
   * otherwise a card of a rank the line holds busts it unless a Lucky card
   * allows a second; seven cards (or ranks, `flip7-count=ranks`) are a
   * Flip 7.
   */
  protected receiveNumber(s: number, k: number, drawn: boolean): void {
    const t = this.cards, bit = 1 << k, special = drawn || this.followCard;
    let wiped = -1;
    if ((t.unluckyMask & bit) !== 0 && special) wiped = this.wipe(s);
    else {
      const w = this.seat[s];
      if ((w & t.rankMask[k]) !== 0) {
        const lucky = this.followCard
          ? undefined
          : (t.rankMask[k] & t.luckyMask) !== 0 &&
            ((this.fx[s] & FX_LUCKY) !== 0 || (drawn && (t.luckyMask & bit)));
        if (t.busts(w & LINE, k, lucky === undefined ? undefined : !!lucky)) {
          this.duplicate(s, k);
          return;
        }
      }
    }
    const v = (this.seat[s] | bit) + COUNT_ONE;
    this.seat[s] = v;
    this.toFront(k);
    if (!this.followCard && drawn) {
      if (t.zeroMask & bit) this.fx[s] |= FX_ZERO;
      if (t.luckyMask & bit) this.fx[s] |= FX_LUCKY;
    }
    if (wiped >= 0 && this.onEvent !== null) {
      this.onEvent({ type: "wipe", seat: s, cards: wiped });
    }
    const count = this.byRanks ? t.ranksOfMask[v & LINE] : v >>> COUNT_SHIFT;
    if (count >= this.rules.flip7Length) this.sevenNumbers(s);
  }

  /**
   * Unlucky 7: every number and modifier in front of seat `s` goes to the
   * discards (and its kept effects); returns how many cards.
   */
  private wipe(s: number): number {
    const w = this.seat[s];
    let n = 0;
    for (let m = w & LINE; m !== 0; m &= m - 1) {
      this.discardFront(low(m));
      n++;
    }
    for (let md = this.mods[s]; md !== 0; md &= md - 1) {
      this.discardFront(this.modKinds[low(md)]);
      n++;
    }
    this.mods[s] = 0;
    this.seat[s] = w & ~(LINE | MODS_BIT | COUNT_BITS);
    this.fx[s] = 0;
    return n;
  }

  /** A card in front of a player goes to the discards. */
  private discardFront(k: number): void {
    this.frontCounts[k]--;
    this.frontTotal--;
    this.deck.discard(k);
  }

  /** Modifier `k` drawn by (or set aside for) seat `s`: given to a seat of its choice. */
  protected giveModifier(s: number, k: number): void {
    const options: number[] = [];
    for (let i = 1, n = this.players; i <= n; i++) {
      const t = (s + i) % n;
      if (this.brutal || !this.busted(t)) options.push(t);
    }
    const r = this.ask(s, "modifier", k, options);
    this.keepModifier(r, k);
    if (this.onEvent !== null) {
      this.onEvent({ type: "give", seat: s, target: r, card: this.names[k] });
    }
  }

  /** Modifier `k` now lies in front of seat `r`. */
  private keepModifier(r: number, k: number): void {
    this.mods[r] |= this.modBits[k];
    this.seat[r] |= MODS_BIT;
    this.toFront(k);
  }

  /**
   * The seat seat `s` plays a Just One More or a Flip Four (`k`) on, of its
   * choice among the seats in play (not bust, or only active ones under
   * `force-stayed=no`); the card goes to the discards. -1 when there is
   * none (the card is discarded with no effect).
   */
  protected playedTarget(s: number, k: number): number {
    const options: number[] = [];
    for (let i = 1, n = this.players; i <= n; i++) {
      const t = (s + i) % n;
      if (this.inPlay(t)) options.push(t);
    }
    this.deck.discard(k);
    if (options.length === 0) {
      this.fizzle(s, k, false);
      return -1;
    }
    const t = this.ask(s, "target", k, options);
    if (this.onEvent !== null) {
      this.onEvent({ type: "play", seat: s, target: t, card: this.names[k] });
    }
    return t;
  }

  /** Just One More (`k`): its target takes N cards, then stays (unless it bust or the round ended). */
  protected oneMore(s: number, k: number): void {
    const t = this.playedTarget(s, k);
    if (t < 0) return;
    for (let i = 0, n = this.values[k]; i < n; i++) {
      if (this.roundOver || !this.inPlay(t)) break;
      if (!this.takeCard(t, ONE_MORE)) break;
    }
    if (!this.roundOver && this.isActive(t)) this.stay(t);
  }

  /** A Swap, Steal or Discard (`k`) drawn by (or set aside for) seat `s`: discarded, then played. */
  protected takeThat(s: number, k: number): void {
    this.deck.discard(k);
    const effect = this.effects[k] as TableEffect;
    if (effect === EFFECT_STEAL) this.steal(s, k);
    else if (effect === EFFECT_DISCARD) this.discardOne(s, k);
    else if (effect === EFFECT_SWAP) this.swap(s, k);
    else throw new Error(`${this.names[k]} is no Swap, Steal or Discard`);
  }

  /** The card had no legal card to take (or was declined): it is discarded with no effect. */
  private fizzle(s: number, k: number, declined: boolean): void {
    if (this.onEvent !== null) {
      this.onEvent({ type: "fizzle", seat: s, card: this.names[k], declined });
    }
  }

  /**
   * The face-up cards Swap, Steal and Discard can take, as card refs: the
   * seats not bust from seat `s`'s left round the table (`others`), then
   * its own (`own`); a seat's numbers by kind, then its modifiers (not
   * under `take-that-cards=numbers-only`).
   */
  private faceUp(s: number, others: boolean, own: boolean): number[] {
    const out: number[] = [];
    for (let i = 1, n = this.players; i <= n; i++) {
      const t = (s + i) % n;
      if ((t === s ? !own : !others) || this.busted(t)) continue;
      for (let m = this.seat[t] & LINE; m !== 0; m &= m - 1) {
        out.push(cardRef(t, low(m)));
      }
      if (this.numbersOnly) continue;
      for (let md = this.mods[t]; md !== 0; md &= md - 1) {
        out.push(cardRef(t, this.modKinds[low(md)]));
      }
    }
    return out;
  }

  /** Seat `s` chooses among `options` (a DECLINE added when the card is optional); -1: none or declined. */
  private pick(s: number, k: number, type: ChoiceType, options: number[]) {
    if (options.length === 0) {
      this.fizzle(s, k, false);
      return -1;
    }
    if (this.optional) options.push(DECLINE);
    const r = this.ask(s, type, k, options);
    if (r === DECLINE) this.fizzle(s, k, true);
    return r;
  }

  /** Steal: seat `s` takes a face-up card of another player (its own, under `steal-own=yes`, when no other shows one). */
  private steal(s: number, k: number): void {
    let options = this.faceUp(s, true, false);
    if (options.length === 0 && this.stealOwn) {
      options = this.faceUp(s, false, true);
    }
    const r = this.pick(s, k, "steal", options);
    if (r < 0) return;
    // (each event before the move: every card is in one place when it is told)
    const from = refSeat(r), c = refKind(r);
    if (this.onEvent !== null) {
      this.onEvent({ type: "steal", seat: s, from, card: this.names[c] });
    }
    this.removeCard(from, c);
    this.arrive(s, c);
  }

  /** Discard: a face-up card of a player not bust (its own too, under `discard-own=yes`) goes to the discards. */
  private discardOne(s: number, k: number): void {
    const r = this.pick(s, k, "discard", this.faceUp(s, true, this.discardOwn));
    if (r < 0) return;
    const from = refSeat(r), c = refKind(r);
    if (this.onEvent !== null) {
      this.onEvent({ type: "discard", seat: s, from, card: this.names[c] });
    }
    this.removeCard(from, c);
    this.deck.discard(c);
  }

  /** Swap: two face-up cards of two different players not bust change places, each received by its new owner. */
  private swap(s: number, k: number): void {
    const refs = this.faceUp(s, true, true), pairs: number[] = [];
    for (let i = 0; i < refs.length; i++) {
      for (let j = i + 1; j < refs.length; j++) {
        if (refSeat(refs[i]) !== refSeat(refs[j])) {
          pairs.push(swapPair(refs[i], refs[j]));
        }
      }
    }
    const p = this.pick(s, k, "swap", pairs);
    if (p < 0) return;
    const a = pairFirst(p), b = pairSecond(p);
    const sa = refSeat(a), ka = refKind(a), sb = refSeat(b), kb = refKind(b);
    if (this.onEvent !== null) {
      this.onEvent({
        type: "swap",
        seat: s,
        first: sa,
        card1: this.names[ka],
        second: sb,
        card2: this.names[kb],
      });
    }
    // the two cards wait set aside while the first arrives (so that every
    // card is in one place when an event of that arrival is told)
    this.removeCard(sa, ka);
    this.removeCard(sb, kb);
    const top = this.asideTop;
    this.aside[top] = ka;
    this.aside[top + 1] = kb;
    this.asideCounts[ka]++;
    this.asideCounts[kb]++;
    this.asideTop = top + 2;
    this.fromAside(top);
    this.arrive(sb, ka);
    this.fromAside(top + 1);
    this.arrive(sa, kb);
    this.asideTop = top;
  }

  /** The set-aside card at `j` leaves the list. */
  private fromAside(j: number): void {
    this.asideCounts[this.aside[j]]--;
    this.aside[j] = CONSUMED;
  }

  /** Card `c` leaves the front of seat `t` (its line or its modifiers). */
  private removeCard(t: number, c: number): void {
    if (c < this.numbers) {
      this.seat[t] = (this.seat[t] & ~(1 << c)) - COUNT_ONE;
    } else {
      const m = this.mods[t] & ~this.modBits[c];
      this.mods[t] = m;
      if (m === 0) this.seat[t] &= ~MODS_BIT;
    }
    this.frontCounts[c]--;
    this.frontTotal--;
  }

  /** A card moved by a Swap or Steal arrives in front of seat `t`. */
  private arrive(t: number, c: number): void {
    if (c < this.numbers) this.receiveNumber(t, c, false);
    else this.keepModifier(t, c);
  }

  /**
   * Brutal Mode: seat `s` has a Flip 7 and chooses who takes its bonus:
   * itself, or another seat, whose total loses it once the round is banked.
   */
  protected flip7Points(s: number): void {
    if (this.players === 1) return;
    const options = [s];
    for (let i = 1, n = this.players; i < n; i++) options.push((s + i) % n);
    const t = this.ask(s, "flip7", -1, options);
    if (t === s) return;
    this.attacks.push(s, t);
    if (this.onEvent !== null) {
      this.onEvent({
        type: "attack",
        seat: s,
        target: t,
        points: this.flip7Bonus,
      });
    }
  }

  /** Brutal Mode, after the round is banked: each attack moves a Flip 7 bonus off its target's total. */
  protected settleAttacks(): void {
    const a = this.attacks, bonus = this.flip7Bonus;
    for (let i = 0; i < a.length; i += 2) {
      this.scores[a[i]] -= bonus;
      this.totals[a[i]] -= bonus;
      this.scores[a[i + 1]] -= bonus;
      this.totals[a[i + 1]] -= bonus;
    }
    a.length = 0;
  }
}
