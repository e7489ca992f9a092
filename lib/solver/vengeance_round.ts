/**
 * A solo Vengeance round on packed registers: the round kernel's rules
 * (`lib/game/kernel.ts`, the Vengeance edition under the solo treatments)
 * re-stated over a small `Int32Array` slot per state — the draw pile by kind,
 * the line, the modifiers held, the kept effects, the forced sequences in
 * progress — so that a solver walks millions of states without building an
 * object per step, and names each state by a few packed 32-bit words.
 *
 * What the kernel's state has and this one derives: the discards (before the
 * one reshuffle of `run-out=reshuffle-once` they are the deck less the pile
 * and what is in front or set aside; after it they no longer matter, a second
 * run-out ending the round), the set-aside cards already resolved (a Flip
 * Four's list is kept as a queue of the cards still waiting), the card that
 * busted (a bust scores 0, Brutal Mode its modifiers). The effects are read
 * off the card table's rows (`rules.cards`): every count, face value,
 * modifier and number of forced cards comes from there.
 *
 * The cards with no effect solo — a Swap, a Steal under `steal-own=no`, a
 * Discard under `discard-own=no` — are one kind in the pile (the first of
 * them holds all their copies): they act alike wherever they are drawn (a
 * dead draw, one of a Flip Four's four), so only their number matters.
 *
 * Only the Vengeance edition's cards are played (no Second Chance or Freeze
 * may be in the deck), under the solo treatments `modifierTarget=self`,
 * `swap=no-effect` and `ownCard=choose`; every ruling value of the edition is
 * read as the kernel reads it (tests/vengeance_solve_test.ts checks the two
 * against each other on small decks under each value).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * const round = new VengeanceRound(getRules("vengeance"));
 * const s = round.scratch(2);
 * round.initial(s, 0);
 * assert.equal(s[round.reg.NODE], DRAW); // the deal
 * round.copy(s, 0, 1);
 * round.draw(s, round.size, round.rules.cards.kindOf("9")); // (offsets, not slots)
 * assert.equal(s[round.reg.NODE + round.size], DECIDE);
 * assert.equal(round.score(s, round.size, END_STAY), 9);
 * ```
 * @module
 */

import {
  type CardTable,
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
  InputError,
} from "../game/cards.ts";
import {
  DEFAULT_TREATMENTS,
  popCount,
  type SoloTreatments,
} from "../game/kernel_state.ts";
import type { Rules } from "../game/rules.ts";
import { LAYOUT } from "../game/table.ts";
import { DECLINE } from "../game/view.ts";

const { FX_LUCKY, FX_ZERO } = LAYOUT;

/** Node kinds of a packed state (`reg.NODE`): a chance node. */
export const DRAW = 0;
/** A decision: hit or stay. */
export const DECIDE = 1;
/** A choice of one of the player's cards (a Steal or Discard of its own). */
export const CHOOSE = 2;
/** The round is over. */
export const END = 3;

/** How a round ended (`reg.END`): not yet. */
export const END_NONE = 0;
/** A bust. */
export const END_BUST = 1;
/** A Flip 7. */
export const END_FLIP7 = 2;
/** The player stayed. */
export const END_STAY = 3;
/** The cards ran out. */
export const END_RUN_OUT = 4;

/** A pending choice (`reg.CHOICE`): a Steal of the player's own card. */
export const CHOICE_STEAL = 1;
/** A Discard of the player's own card. */
export const CHOICE_DISCARD = 2;

/** A frame's fields, from its first register. */
const F_ONE_MORE = 0, F_OWED = 1, F_LEN = 2, F_ASIDE = 3;

/** The lowest set bit's index. */
function low(m: number): number {
  return 31 - Math.clz32(m & -m);
}

/** Bits to hold the values 0 … `n`. */
function bitsFor(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}

/**
 * A solo Vengeance round on packed registers (see the module doc). A state
 * is the `size` registers of a slot of an `Int32Array` ({@linkcode scratch});
 * the methods act on the slot at an offset, a multiple of `size`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * const round = new VengeanceRound(getRules("vengeance"));
 * assert.equal(round.words, 6); // a state of the 108-card deck in 6 words of 32 bits
 * ```
 */
export class VengeanceRound {
  /** The card table. */
  readonly cards: CardTable;
  /** Registers per state. */
  readonly size: number;
  /** 32-bit words of a packed state. */
  readonly words: number;
  /** The register of each field (the pile's counts are registers 0 … kinds − 1). */
  readonly reg: {
    readonly LINE: number;
    readonly MODS: number;
    readonly FX: number;
    readonly RESHUFFLED: number;
    readonly STAYED: number;
    readonly END: number;
    readonly NODE: number;
    readonly FORCED: number;
    readonly CHOICE: number;
    readonly FRAMES: number;
  };
  /** The deck, by kind. */
  readonly deck: Int32Array;
  /** Cards in the deck. */
  readonly total: number;
  private readonly kinds: number;
  private readonly frame0: number;
  private readonly frameSize: number;
  private readonly maxFrames: number;
  private readonly maxAside: number;
  // the packing: register, width, word, shift of each field
  private readonly fReg: Int32Array;
  private readonly fBits: Int32Array;
  private readonly fWord: Int32Array;
  private readonly fShift: Int32Array;
  private readonly effects: Int32Array;
  // the rulings (the kernel's names)
  private readonly defer: boolean;
  private readonly reshuffles: boolean;
  private readonly byRanks: boolean;
  private readonly forceStayed: boolean;
  private readonly numbersOnly: boolean;
  /** A Steal or Discard of one's own card may be declined (`take-that=optional`). */
  readonly optional: boolean;
  private readonly discardOwn: boolean;
  private readonly stealOwn: boolean;
  private readonly followCard: boolean;
  private readonly emptyHits: boolean;
  private readonly dealt: boolean;
  /** Brutal Mode: no floor, a bust scores its modifiers. */
  readonly brutal: boolean;
  /** True when the draw pile can run out within a round (a small deck). */
  readonly canRunOut: boolean;

  /**
   * The packed round of `rules` (the Vengeance edition) under `treatments`.
   *
   * @throws {InputError} for another edition, a deck that does not fit the
   *   card table, a card the packed round does not play (a Second Chance, a
   *   Freeze), a modifier twice, or `ownCard=go-order`
   */
  constructor(
    readonly rules: Rules,
    treatments: Partial<SoloTreatments> = {},
  ) {
    const t = rules.cards;
    this.cards = t;
    if (rules.edition !== "vengeance") {
      throw new InputError(
        `rules '${rules.name}': the packed solo solver plays the vengeance edition only (allowed: a vengeance preset; the ${rules.edition} edition's solver is 'solve --model')`,
      );
    }
    const tr = { ...DEFAULT_TREATMENTS, ...treatments };
    if (tr.ownCard !== "choose") {
      throw new InputError(
        `treatment ownCard=${tr.ownCard}: the packed solo solver takes ownCard=choose only (the kernel's solveKernelFloat plays go-order)`,
      );
    }
    if (rules.deck.length !== t.kinds) {
      throw new InputError(
        `rules '${rules.name}': a deck of ${rules.deck.length} kinds for a card table of ${t.kinds}`,
      );
    }
    this.kinds = t.kinds;
    this.deck = Int32Array.from(rules.deck);
    this.total = rules.deck.reduce((a, b) => a + b, 0);
    this.effects = Int32Array.from(t.effects);
    let maxAside = 0, frames = 0;
    rules.deck.forEach((c, k) => {
      const e = t.effects[k];
      if (c > 0 && !this.plays(e)) {
        throw new InputError(
          `rules '${rules.name}': card '${
            t.names[k]
          }' in the deck: the packed solo solver plays numbers, modifiers, Flip N, Just One More, Swap, Steal and Discard`,
        );
      }
      if (t.modBit[k] !== 0 && c > 1) {
        throw new InputError(
          `rules '${rules.name}': ${c} copies of the modifier '${
            t.names[k]
          }': allowed 0 or 1 (the modifiers in front are a set)`,
        );
      }
      if (c > 0 && (e === EFFECT_FLIP || e === EFFECT_ONE_MORE)) {
        frames += c;
        if (e === EFFECT_FLIP) maxAside = Math.max(maxAside, t.values[k]);
      }
    });
    const ru = rules.rulings;
    // the pile runs out only on a deck with fewer numbers than a round can
    // take (a line's worth, again after each Unlucky 7, and one per Discard
    // more); after the reshuffle its Flip Fours and Just One Mores come again
    let numbers = 0, lives = 1, discards = 0;
    rules.deck.forEach((c, k) => {
      const e = t.effects[k];
      if (k < t.numberKinds) numbers += c;
      if (e === EFFECT_UNLUCKY) lives += c;
      if (e === EFFECT_DISCARD || e === EFFECT_STEAL) discards += c;
    });
    this.canRunOut = numbers <= lives * (rules.flip7Length + 1) + discards;
    if (this.canRunOut && ru.runOut === "reshuffle-once") frames *= 2;
    // the cards with no effect solo (a Swap; a Steal under steal-own=no, a
    // Discard under discard-own=no) are one kind: the first of them holds
    // their copies
    const dead = (e: number) =>
      e === EFFECT_SWAP || (e === EFFECT_STEAL && ru.stealOwn !== "yes") ||
      (e === EFFECT_DISCARD && ru.discardOwn !== "yes");
    let first = -1;
    rules.deck.forEach((c, k) => {
      if (c === 0 || !dead(t.effects[k])) return;
      if (first < 0) first = k;
      else {
        this.deck[first] += c;
        this.deck[k] = 0;
      }
    });
    this.defer = ru.actions === "deferred";
    this.reshuffles = ru.runOut === "reshuffle-once";
    this.byRanks = ru.flip7Count === "ranks";
    this.forceStayed = ru.forceStayed === "yes";
    this.numbersOnly = ru.takeThatCards === "numbers-only";
    this.optional = ru.takeThat === "optional";
    this.discardOwn = ru.discardOwn === "yes";
    this.stealOwn = ru.stealOwn === "yes";
    this.followCard = ru.specialTransfer === "follow-card";
    this.emptyHits = ru.stayEmpty === "no";
    this.dealt = ru.opening === "deal";
    this.brutal = ru.brutal === "on";
    // the registers
    const k0 = t.kinds;
    this.reg = Object.freeze({
      LINE: k0,
      MODS: k0 + 1,
      FX: k0 + 2,
      RESHUFFLED: k0 + 3,
      STAYED: k0 + 4,
      END: k0 + 5,
      NODE: k0 + 6,
      FORCED: k0 + 7,
      CHOICE: k0 + 8,
      FRAMES: k0 + 9,
    });
    this.frame0 = k0 + 10;
    this.maxFrames = frames;
    this.maxAside = maxAside;
    this.frameSize = F_ASIDE + maxAside;
    this.size = this.frame0 + frames * this.frameSize;
    // the packing, field by field (no field across two words)
    const fields: [number, number][] = [];
    for (let k = 0; k < k0; k++) fields.push([k, bitsFor(this.deck[k])]);
    const r = this.reg;
    fields.push(
      [r.LINE, t.numberKinds],
      [r.MODS, t.modifierKinds.length],
      [r.FX, this.followCard ? 0 : 2],
      [r.RESHUFFLED, this.reshuffles && this.canRunOut ? 1 : 0],
      [r.STAYED, 1],
      [r.END, 0], // (only states that go on are packed)
      [r.NODE, 2],
      [r.FORCED, 1],
      [r.CHOICE, 2],
      [r.FRAMES, bitsFor(frames)],
    );
    const codeBits = bitsFor(k0 - t.numberKinds);
    for (let f = 0; f < frames; f++) {
      const b = this.frame0 + f * this.frameSize;
      fields.push(
        [b + F_ONE_MORE, 1],
        [b + F_OWED, bitsFor(Math.max(maxAside, 1))],
        [b + F_LEN, bitsFor(maxAside)],
      );
      for (let i = 0; i < maxAside; i++) {
        fields.push([b + F_ASIDE + i, codeBits]);
      }
    }
    const live = fields.filter(([, b]) => b > 0);
    this.fReg = new Int32Array(live.length);
    this.fBits = new Int32Array(live.length);
    this.fWord = new Int32Array(live.length);
    this.fShift = new Int32Array(live.length);
    let word = 0, shift = 0;
    live.forEach(([reg, bits], i) => {
      if (shift + bits > 32) [word, shift] = [word + 1, 0];
      this.fReg[i] = reg;
      this.fBits[i] = bits;
      this.fWord[i] = word;
      this.fShift[i] = shift;
      shift += bits;
    });
    this.words = word + 1;
  }

  /** True for an effect the packed round plays. */
  private plays(e: number): boolean {
    return e === EFFECT_NUMBER || e === EFFECT_ZERO || e === EFFECT_UNLUCKY ||
      e === EFFECT_LUCKY || e === EFFECT_PLUS || e === EFFECT_TIMES ||
      e === EFFECT_FLIP || e === EFFECT_ONE_MORE || e === EFFECT_SWAP ||
      e === EFFECT_STEAL || e === EFFECT_DISCARD;
  }

  /** Registers for `slots` states. */
  scratch(slots: number): Int32Array {
    return new Int32Array(slots * this.size);
  }

  /** Copy the state at slot `from` to slot `to` (slot numbers, not offsets). */
  copy(s: Int32Array, from: number, to: number): void {
    s.copyWithin(to * this.size, from * this.size, (from + 1) * this.size);
  }

  /** Pack the state at offset `o` into `key` (its `words` words from `at`). */
  pack(s: Int32Array, o: number, key: Uint32Array, at = 0): void {
    for (let w = 0; w < this.words; w++) key[at + w] = 0;
    const n = this.fReg.length;
    for (let i = 0; i < n; i++) {
      key[at + this.fWord[i]] |= s[o + this.fReg[i]] << this.fShift[i];
    }
  }

  /** Unpack `key` (from `at`) into the state at offset `o` (a state that goes on). */
  unpack(key: Uint32Array, at: number, s: Int32Array, o: number): void {
    s.fill(0, o, o + this.size);
    const n = this.fReg.length;
    for (let i = 0; i < n; i++) {
      const b = this.fBits[i];
      s[o + this.fReg[i]] = (key[at + this.fWord[i]] >>> this.fShift[i]) &
        (b === 32 ? -1 : (1 << b) - 1);
    }
  }

  /** The state before the deal, at offset `o`: the full deck in the pile, nothing in front (the kernel's `initial`). */
  initial(s: Int32Array, o: number): void {
    s.fill(0, o, o + this.size);
    s.set(this.deck, o);
    this.settle(s, o);
    // (with nothing in front a player may stay under `stay-empty=yes`, but
    // the deal comes first: under `opening=first-turn` there is none)
    if (s[o + this.reg.NODE] === DECIDE && this.dealt) {
      s[o + this.reg.NODE] = DRAW;
    }
  }

  /** Cards in the draw pile of the state at `o`. */
  pileSize(s: Int32Array, o: number): number {
    let n = 0;
    for (let k = 0; k < this.kinds; k++) n += s[o + k];
    return n;
  }

  /**
   * At a draw node with an empty pile: turn the discards into the pile (the
   * one reshuffle of `run-out=reshuffle-once`) and return true, or return
   * false (no card left: the round runs out).
   */
  reshuffle(s: Int32Array, o: number): boolean {
    if (!this.reshuffles || s[o + this.reg.RESHUFFLED] !== 0) return false;
    // the discards: the deck less what is in front and set aside
    const t = this.cards, r = this.reg;
    let n = 0;
    for (let k = 0; k < this.kinds; k++) s[o + k] = this.deck[k];
    for (let m = s[o + r.LINE]; m !== 0; m &= m - 1) s[o + low(m)]--;
    for (let m = s[o + r.MODS]; m !== 0; m &= m - 1) {
      s[o + t.modifierKinds[low(m)]]--;
    }
    const nf = s[o + r.FRAMES];
    for (let f = 0; f < nf; f++) {
      const b = o + this.frame0 + f * this.frameSize;
      for (let i = 0; i < s[b + F_LEN]; i++) {
        s[o + s[b + F_ASIDE + i] - 1 + t.numberKinds]--;
      }
    }
    for (let k = 0; k < this.kinds; k++) n += s[o + k];
    if (n === 0) return false;
    s[o + r.RESHUFFLED] = 1;
    return true;
  }

  /** The round runs out at the draw node at `o`: it ends, the player banking. */
  runOut(s: Int32Array, o: number): void {
    s[o + this.reg.END] = END_RUN_OUT;
    this.settle(s, o);
  }

  /** Card `k` is drawn at the draw node at `o` (from its pile) and takes effect; the state runs on to the next node. */
  draw(s: Int32Array, o: number, k: number): void {
    const r = this.reg;
    s[o + k]--;
    const nf = s[o + r.FRAMES];
    const forced = s[o + r.FORCED] !== 0 && nf > 0;
    let inFlip = false;
    if (forced) {
      const b = o + this.frame0 + (nf - 1) * this.frameSize;
      s[b + F_OWED]--;
      inFlip = s[b + F_ONE_MORE] === 0;
    }
    this.place(s, o, k, inFlip);
    this.settle(s, o);
  }

  /** The player hits at the decision at `o`. */
  hit(s: Int32Array, o: number): void {
    s[o + this.reg.NODE] = DRAW;
    s[o + this.reg.FORCED] = 0;
  }

  /**
   * The options of the choice at `o`, written to `out` (from `at`): the
   * line's number kinds, then the modifiers' kinds unless
   * `take-that-cards=numbers-only`, then DECLINE (-1) where the card may be
   * declined — the kernel's order. Returns how many.
   */
  options(s: Int32Array, o: number, out: Int32Array, at: number): number {
    let n = 0;
    const t = this.cards;
    for (let m = s[o + this.reg.LINE]; m !== 0; m &= m - 1) {
      out[at + n++] = low(m);
    }
    if (!this.numbersOnly) {
      for (let m = s[o + this.reg.MODS]; m !== 0; m &= m - 1) {
        out[at + n++] = t.modifierKinds[low(m)];
      }
    }
    if (this.optional && n > 0) out[at + n++] = DECLINE;
    return n;
  }

  /** Option `c` is taken at the choice at `o`; the state runs on. */
  choose(s: Int32Array, o: number, c: number): void {
    const type = s[o + this.reg.CHOICE];
    s[o + this.reg.CHOICE] = 0;
    this.takeOwn(s, o, type, c);
    this.settle(s, o);
  }

  /** The number sum of the line at `o`. */
  numberSum(s: Int32Array, o: number): number {
    return this.cards.sumOfMask[s[o + this.reg.LINE]];
  }

  /**
   * What the player banks at `o` if the round ends as `end` (the state's
   * own end at an end node): a bust 0 (Brutal Mode: its modifiers), else the
   * card table's round score.
   */
  score(s: Int32Array, o: number, end: number = s[o + this.reg.END]): number {
    const mods = s[o + this.reg.MODS];
    if (end === END_BUST) return this.brutal ? this.cards.plusOfMods[mods] : 0;
    const flip7 = end === END_FLIP7;
    return this.cards.roundScore(
      s[o + this.reg.LINE],
      mods,
      flip7 ? this.rules.flip7Bonus : 0,
      flip7,
      this.zeroHeld(s, o),
      !this.brutal,
    );
  }

  /** The lowest and highest round score possible (the range of a law). */
  scoreRange(): { min: number; max: number } {
    const t = this.cards;
    let all = 0, present = 0;
    for (let k = 0; k < t.numberKinds; k++) {
      if (this.deck[k] > 0) all |= 1 << k;
    }
    t.modifierKinds.forEach((k, i) => {
      if (this.deck[k] > 0) present |= 1 << i;
    });
    let lowPlus = 0, highPlus = 0, highTimes = 1;
    for (let m = 0; m < t.plusOfMods.length; m++) {
      if ((m & ~present) !== 0) continue;
      lowPlus = Math.min(lowPlus, t.plusOfMods[m]);
      highPlus = Math.max(highPlus, t.plusOfMods[m]);
      highTimes = Math.max(highTimes, t.timesOfMods[m]);
    }
    return {
      min: this.brutal ? lowPlus : 0,
      max: Math.floor(t.sumOfMask[all] * highTimes) + highPlus +
        this.rules.flip7Bonus,
    };
  }

  /** The player holds a Zero's effect: it must hit, and scores 0 without a Flip 7. */
  private zeroHeld(s: Int32Array, o: number): boolean {
    return this.followCard
      ? (s[o + this.reg.LINE] & this.cards.zeroMask) !== 0
      : (s[o + this.reg.FX] & FX_ZERO) !== 0;
  }

  /** The player can still be given forced cards (active, or stayed under `force-stayed=yes`). */
  private inPlay(s: Int32Array, o: number): boolean {
    return this.forceStayed || s[o + this.reg.STAYED] === 0;
  }

  /** Card `k` arrives in front of the player (`inFlip`: one of a Flip N's cards). */
  private place(s: Int32Array, o: number, k: number, inFlip: boolean): void {
    const e = this.effects[k];
    if (
      e === EFFECT_NUMBER || e === EFFECT_ZERO || e === EFFECT_UNLUCKY ||
      e === EFFECT_LUCKY
    ) {
      this.receive(s, o, k, true);
    } else if (e === EFFECT_PLUS || e === EFFECT_TIMES) {
      if (inFlip && this.defer) this.setAside(s, o, k);
      else s[o + this.reg.MODS] |= this.cards.modBit[k];
    } else if (inFlip && this.defer) this.setAside(s, o, k);
    else this.resolveAction(s, o, k);
  }

  /**
   * Number kind `k` joins the line (`drawn`, else re-taken by a Steal):
   * Unlucky 7 wipes, a duplicate busts unless Lucky 13 allows it, seven
   * cards (or ranks) are a Flip 7 — the kernel's `receive`.
   */
  private receive(s: Int32Array, o: number, k: number, drawn: boolean): void {
    const t = this.cards, r = this.reg, bit = 1 << k;
    const line = s[o + r.LINE];
    if ((t.unluckyMask & bit) !== 0 && (drawn || this.followCard)) {
      s[o + r.LINE] = s[o + r.MODS] = s[o + r.FX] = 0; // to the discards
    } else if ((line & t.rankMask[k]) !== 0) {
      const fx = s[o + r.FX];
      const lucky = this.followCard
        ? undefined
        : (t.rankMask[k] & t.luckyMask) !== 0 &&
          ((fx & FX_LUCKY) !== 0 || (drawn && (t.luckyMask & bit) !== 0));
      if (t.busts(line, k, lucky)) {
        s[o + r.END] = END_BUST;
        return;
      }
    }
    const now = s[o + r.LINE] | bit;
    s[o + r.LINE] = now;
    if (!this.followCard && drawn) {
      if (t.zeroMask & bit) s[o + r.FX] |= FX_ZERO;
      if (t.luckyMask & bit) s[o + r.FX] |= FX_LUCKY;
    }
    const count = this.byRanks ? t.ranksOfMask[now] : popCount(now);
    if (count >= this.rules.flip7Length) s[o + r.END] = END_FLIP7;
  }

  /** Card `k` waits in the current Flip N's queue. */
  private setAside(s: Int32Array, o: number, k: number): void {
    const b = o + this.frame0 + (s[o + this.reg.FRAMES] - 1) * this.frameSize;
    s[b + F_ASIDE + s[b + F_LEN]++] = k - this.cards.numberKinds + 1;
  }

  /** An action card played on the player (it goes to the discards). */
  private resolveAction(s: Int32Array, o: number, k: number): void {
    const e = this.effects[k]; // (the card goes to the discards)
    if (e === EFFECT_FLIP || e === EFFECT_ONE_MORE) {
      if (this.inPlay(s, o)) {
        const nf = s[o + this.reg.FRAMES]++;
        const b = o + this.frame0 + nf * this.frameSize;
        s[b + F_ONE_MORE] = e === EFFECT_ONE_MORE ? 1 : 0;
        s[b + F_OWED] = this.cards.values[k];
        s[b + F_LEN] = 0;
      }
    } else if (e === EFFECT_STEAL) {
      if (this.stealOwn) this.ownChoice(s, o, CHOICE_STEAL);
    } else if (e === EFFECT_DISCARD) {
      if (this.discardOwn) this.ownChoice(s, o, CHOICE_DISCARD);
    }
  }

  /** A Steal or Discard of the player's own card: no effect, the one option, or a choice. */
  private ownChoice(s: Int32Array, o: number, type: number): void {
    const r = this.reg;
    const n = popCount(s[o + r.LINE]) +
      (this.numbersOnly ? 0 : popCount(s[o + r.MODS]));
    if (n === 0) return; // nothing to take: no effect
    if (n === 1 && !this.optional) {
      const line = s[o + r.LINE];
      this.takeOwn(
        s,
        o,
        type,
        line !== 0 ? low(line) : this.cards.modifierKinds[low(s[o + r.MODS])],
      );
    } else s[o + r.CHOICE] = type;
  }

  /** The player's own card `c` is discarded, or stolen back; DECLINE does nothing. */
  private takeOwn(s: Int32Array, o: number, type: number, c: number): void {
    if (c === DECLINE) return;
    const t = this.cards, r = this.reg;
    if (c < t.numberKinds) s[o + r.LINE] &= ~(1 << c);
    else s[o + r.MODS] &= ~t.modBit[c];
    if (type === CHOICE_STEAL) {
      if (c < t.numberKinds) this.receive(s, o, c, false);
      else s[o + r.MODS] |= t.modBit[c];
    }
  }

  /** The innermost forced sequence ends (its registers cleared). */
  private popFrame(s: Int32Array, o: number): void {
    const nf = --s[o + this.reg.FRAMES];
    const b = o + this.frame0 + nf * this.frameSize;
    s.fill(0, b, b + this.frameSize);
  }

  /** Run the program on from the state at `o` to the next node (the kernel's `settle`). */
  settle(s: Int32Array, o: number): void {
    const r = this.reg, t = this.cards;
    for (;;) {
      if (s[o + r.END] !== END_NONE) {
        // the waiting cards go to the discards
        while (s[o + r.FRAMES] > 0) this.popFrame(s, o);
        s[o + r.NODE] = END;
        s[o + r.FORCED] = 0;
        s[o + r.CHOICE] = 0;
        s[o + r.STAYED] = 0;
        return;
      }
      if (s[o + r.CHOICE] !== 0) {
        s[o + r.NODE] = CHOOSE;
        s[o + r.FORCED] = 0;
        return;
      }
      const nf = s[o + r.FRAMES];
      if (nf === 0) {
        if (s[o + r.STAYED] !== 0) { // (a Just One More made the player stay)
          s[o + r.END] = END_STAY;
          continue;
        }
        const front = s[o + r.LINE] !== 0 || s[o + r.MODS] !== 0;
        const hits = (!front && this.emptyHits) || this.zeroHeld(s, o);
        s[o + r.NODE] = hits ? DRAW : DECIDE;
        s[o + r.FORCED] = 0;
        return;
      }
      const b = o + this.frame0 + (nf - 1) * this.frameSize;
      if (s[b + F_OWED] > 0) {
        if (this.inPlay(s, o)) {
          s[o + r.NODE] = DRAW;
          s[o + r.FORCED] = 1;
          return;
        }
        s[b + F_OWED] = 0; // the player stayed: its forced cards stop
      }
      if (s[b + F_ONE_MORE] !== 0) { // its card taken: the player stays
        this.popFrame(s, o);
        s[o + r.STAYED] = 1;
        continue;
      }
      // its cards flipped: the set-aside cards resolve in order
      const len = s[b + F_LEN];
      if (len === 0) {
        this.popFrame(s, o);
        continue;
      }
      const k = s[b + F_ASIDE] - 1 + t.numberKinds;
      for (let i = 1; i < len; i++) s[b + F_ASIDE + i - 1] = s[b + F_ASIDE + i];
      s[b + F_ASIDE + len - 1] = 0;
      s[b + F_LEN] = len - 1;
      const e = this.effects[k];
      if (!this.inPlay(s, o)) continue; // dropped: to the discards
      if (e === EFFECT_PLUS || e === EFFECT_TIMES) {
        s[o + r.MODS] |= t.modBit[k];
      } else this.resolveAction(s, o, k);
    }
  }
}
