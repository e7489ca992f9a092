/**
 * One exact round kernel: the definition of one player's round, in the
 * style of OpenSpiel's games (a game object apart from its states; chance
 * nodes that list their outcomes with exact probabilities; decision nodes
 * that list their legal actions). OpenSpiel's `is_chance_node`,
 * `chance_outcomes`, `legal_actions`, `apply_action`, `is_terminal` and
 * `returns` are {@linkcode RoundKernel.node}, {@linkcode RoundKernel.outcomes}
 * (copies rather than probabilities, so that they stay exact),
 * {@linkcode RoundKernel.legal}, {@linkcode RoundKernel.apply} (which returns
 * a new state: states are values), {@linkcode RoundKernel.isTerminal} and
 * {@linkcode RoundKernel.score}. It reads
 * the rules only — the card table (`rules.cards`: every kind's effect and
 * parameter), the deck, the Flip 7 length and bonus and the rulings — so a
 * table with a new row (a Flip Four, a `-4`) is played as it is.
 *
 * It is the reference the fast paths are checked against: the engine
 * (`engine.ts`) card by card (tests/kernel_test.ts), the solver's models
 * and win-probability play's round laws (which later work builds on it).
 * Generic and clear rather than fast: a state is a plain frozen object,
 * every step builds a new one.
 *
 * **A round, solo.** The player is dealt one card (a draw node that is no
 * decision), then hits or stays ({@linkcode RoundKernel.legal}) while active;
 * a player with nothing in front must hit (a draw node again). A card takes
 * effect by its row: a number joins the line, busts as a duplicate unless a
 * Second Chance is held (which saves it: both are discarded), or makes a
 * Flip 7 with the rules' `flip7Length` numbers; a modifier goes in front; a
 * Second Chance is kept (a spare one treated by {@linkcode SoloTreatments});
 * a Freeze banks the score; a Flip N makes the player flip N cards. The
 * rulings (`rulings.ts`) that apply to a round are read as the engine reads
 * them:
 *
 * - `actions`: a Freeze or Flip N flipped during a Flip N waits until its
 *   cards are flipped (`deferred`), or resolves at once (`immediate`);
 * - `set-aside-order`: the waiting cards resolve in the order flipped
 *   (`drawn`: a Flip N flips its cards, its own waiting cards resolving
 *   after those; a Freeze banks and drops what waits after it), or every
 *   Flip N first, its cards joining the sequence, then the rest
 *   (`forced-draws-first`);
 * - `chance-in-flip3`: a Second Chance flipped during a Flip N can save at
 *   once (`at-once`) or waits with the actions (`after-the-three`);
 * - `run-out`: when a card is needed and the pile is empty, the discards
 *   become the pile once a round (`reshuffle-once`), else the round ends
 *   with the player banking (`end-round`, or a second run-out).
 *
 * A bust, a Flip 7 or a Freeze ends the round at once, during a Flip N too;
 * the cards still waiting are discarded.
 *
 * **The Vengeance edition** (`rules.edition`, docs/vengeance.md): the
 * special numbers take effect by the card table's rank rule (the Zero must
 * be hit on and scores 0 without a Flip 7; Unlucky 7 discards the line and
 * the modifiers; Lucky 13 lets a second 13 in; a Flip 7 of seven cards or
 * seven ranks, `flip7-count`); a modifier is kept (the only player not
 * bust must keep it), set aside in a Flip Four like an action under
 * `actions=deferred`; a Just One More makes the player take its card at
 * once and then stay (the set-aside cards of an enclosing Flip Four still
 * resolve); a played action goes to the discards; a Swap has no effect; a
 * Steal or Discard of the player's own card (`steal-own`, `discard-own`)
 * is a choose node ({@linkcode RoundKernel.options}) under the treatment
 * `ownCard=choose`; Brutal Mode scores below zero and a bust its
 * modifiers. The state then also carries the effects kept under
 * `special-transfer=stay-with-owner` (`fx`), whether the player stayed
 * while forced cards are still to come (`stayed`), and the choice asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundKernel } from "./kernel.ts";
 * import { getRules, withRules } from "./rules.ts";
 * // a 4-card deck: a 1, two 2s and a Second Chance
 * const deck = getRules().deck.map((_, k) => [0, 1, 2][k] ?? 0);
 * deck[getRules().cards.kindOf("chance")] = 1;
 * const k = new RoundKernel(withRules(getRules(), { deck }));
 * let s = k.initial();
 * assert.equal(k.node(s), "draw"); // the deal
 * const deal = k.outcomes(s);
 * assert.deepEqual(deal.map((o) => [o.card, o.count]), [[1, 1], [2, 2], [21, 1]]);
 * s = k.apply(s, 2); // dealt a 2
 * assert.deepEqual(k.legal(s), ["hit", "stay"]);
 * assert.equal(k.score(s), 2);
 * s = k.apply(k.apply(s, "hit"), 2); // the other 2: bust
 * assert.equal(k.isTerminal(s), true);
 * assert.equal(s.end, "bust");
 * assert.equal(k.score(s), 0);
 * ```
 * @module
 */

import {
  type CardTable,
  EFFECT_CHANCE,
  EFFECT_DISCARD,
  EFFECT_FLIP,
  EFFECT_FREEZE,
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
  type TableEffect,
  unhandledEffect,
} from "./cards.ts";
import {
  type Decision,
  DEFAULT_TREATMENTS,
  finish,
  freeze,
  type NodeKind,
  type Outcome,
  type Pending,
  popCount,
  type RoundState,
  RUN_OUT,
  type SoloTreatments,
  thaw,
  type Work,
} from "./kernel_state.ts";
import type { Rules } from "./rules.ts";
import { LAYOUT } from "./table.ts";
import { DECLINE } from "./view.ts";

export {
  DEFAULT_TREATMENTS,
  RUN_OUT,
  SOLO_TREATMENTS,
} from "./kernel_state.ts";
export type {
  Decision,
  Frame,
  NodeKind,
  Outcome,
  Pending,
  RoundEnd,
  RoundState,
  SoloTreatments,
} from "./kernel_state.ts";

const { FX_LUCKY, FX_ZERO } = LAYOUT;

/** The lowest set bit's index. */
function low(m: number): number {
  return 31 - Math.clz32(m & -m);
}

/**
 * The round kernel of a rule set: states, their nodes, outcomes, legal
 * decisions and scores (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "./rules.ts";
 * // the official deck: a dealt Flip Three makes three forced draws
 * const k = new RoundKernel(getRules());
 * const flip3 = k.rules.cards.kindOf("flip3");
 * const s = k.apply(k.initial(), flip3);
 * assert.equal(k.node(s), "draw");
 * assert.equal(s.forced, true);
 * assert.deepEqual(s.program.map((f) => f.owed), [3]);
 * assert.equal(k.outcomes(s).reduce((n, o) => n + o.count, 0), 93);
 * ```
 */
export class RoundKernel {
  /** The card table. */
  readonly cards: CardTable;
  /** The solo treatments in force. */
  readonly treatments: SoloTreatments;
  private readonly defer: boolean;
  private readonly flipsFirst: boolean;
  private readonly chanceWaits: boolean;
  private readonly reshuffles: boolean;
  // the Vengeance edition's rules and rulings (the official edition's
  // values when it is not)
  private readonly vengeance: boolean;
  private readonly byRanks: boolean;
  private readonly forceStayed: boolean;
  private readonly numbersOnly: boolean;
  private readonly optional: boolean;
  private readonly discardOwn: boolean;
  private readonly stealOwn: boolean;
  private readonly followCard: boolean;
  private readonly emptyHits: boolean;
  private readonly dealt: boolean;
  private readonly brutal: boolean;

  /**
   * The kernel of `rules` (its card table, deck, Flip 7 length and bonus,
   * rulings), under the solo treatments `treatments` (default: the
   * engine's).
   *
   * @throws {InputError} for a deck that does not fit the card table, or
   *   with two copies of a modifier
   */
  constructor(
    readonly rules: Rules,
    treatments: Partial<SoloTreatments> = {},
  ) {
    this.cards = rules.cards;
    if (rules.deck.length !== this.cards.kinds) {
      throw new InputError(
        `rules '${rules.name}': a deck of ${rules.deck.length} kinds for a card table of ${this.cards.kinds}`,
      );
    }
    rules.deck.forEach((c, k) => {
      if (this.cards.modBit[k] !== 0 && c > 1) {
        throw new InputError(
          `rules '${rules.name}': ${c} copies of the modifier '${
            this.cards.names[k]
          }': allowed 0 or 1 (the modifiers in front are a set)`,
        );
      }
    });
    this.treatments = { ...DEFAULT_TREATMENTS, ...treatments };
    const ru = rules.rulings, v = rules.edition === "vengeance";
    this.defer = ru.actions === "deferred";
    this.flipsFirst = !v && ru.setAsideOrder === "forced-draws-first";
    this.chanceWaits = !v && ru.chanceInFlip3 === "after-the-three";
    this.reshuffles = ru.runOut === "reshuffle-once";
    this.vengeance = v;
    this.byRanks = v && ru.flip7Count === "ranks";
    this.forceStayed = v && ru.forceStayed === "yes";
    this.numbersOnly = v && ru.takeThatCards === "numbers-only";
    this.optional = v && ru.takeThat === "optional";
    this.discardOwn = v && ru.discardOwn === "yes";
    this.stealOwn = v && ru.stealOwn === "yes";
    this.followCard = !v || ru.specialTransfer === "follow-card";
    this.emptyHits = !v || ru.stayEmpty === "no";
    this.dealt = !v || ru.opening === "deal";
    this.brutal = v && ru.brutal === "on";
  }

  /**
   * The state before the deal: `pile` (default the rules' deck) in the draw
   * pile, nothing in front, no discards; a draw node (a decision under the
   * Vengeance rulings `opening=first-turn` and `stay-empty=yes`).
   */
  initial(pile: readonly number[] = this.rules.deck): RoundState {
    const s = this.position({ pile });
    // (with nothing in front a player may stay under `stay-empty=yes`, but
    // the deal comes first: under `opening=first-turn` there is none)
    return s.node === "decide" && this.dealt
      ? freeze({ ...s, node: "draw" })
      : s;
  }

  /**
   * A player's position between cards, at its turn: what is in front
   * (`line`, `mods`, `chance`, `played`, the kept effects `fx`; default
   * nothing), the draw pile and the discards (default the rules' deck and
   * none). A decision node, or a draw node when the player must hit (as
   * before the deal). How the cards in front got there is not checked.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "./rules.ts";
   * const k = new RoundKernel(getRules());
   * // a 7 and a 12 in front, the rest of the deck in the pile
   * const pile = getRules().deck.map((c, kind) => kind === 7 || kind === 12 ? c - 1 : c);
   * const s = k.position({ line: (1 << 7) | (1 << 12), pile });
   * assert.equal(k.node(s), "decide");
   * assert.equal(k.score(s), 19);
   * const bust = k.outcomes(k.apply(s, "hit")).filter((o) => o.state.end === "bust");
   * assert.deepEqual(bust.map((o) => [o.card, o.count]), [[7, 6], [12, 11]]);
   * ```
   */
  position(p: {
    pile?: readonly number[];
    discards?: readonly number[];
    line?: number;
    mods?: number;
    chance?: boolean;
    played?: readonly number[];
    fx?: number;
  }): RoundState {
    const zero = new Array<number>(this.cards.kinds).fill(0);
    const w: Work = {
      pile: (p.pile ?? this.rules.deck).slice(),
      discards: (p.discards ?? zero).slice(),
      reshuffled: false,
      line: p.line ?? 0,
      mods: p.mods ?? 0,
      chance: p.chance ?? false,
      played: (p.played ?? zero).slice(),
      bustCard: -1,
      end: null,
      program: [],
      fx: p.fx ?? 0,
      stayed: false,
      choice: null,
    };
    return this.settle(w);
  }

  /** The kind of node `state` is. */
  node(state: RoundState): NodeKind {
    return state.node;
  }

  /** True when the round is over. */
  isTerminal(state: RoundState): boolean {
    return state.node === "end";
  }

  /**
   * The decisions at a decision node: hit or stay (a player who must hit
   * is at a draw node instead: the engine does not ask). None elsewhere.
   */
  legal(state: RoundState): Decision[] {
    return state.node === "decide" ? ["hit", "stay"] : [];
  }

  /**
   * The options at a choose node (a Vengeance Steal or Discard of the
   * player's own card): the card kinds it may take, in kind order, then
   * DECLINE (-1) where the card may be declined; the engine asks the
   * strategy the same list. None elsewhere.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "./rules.ts";
   * const rules = getRules("vengeance"), t = rules.cards;
   * const k = new RoundKernel(rules);
   * // a 5 and a 9 in front, then a Discard: which of the two goes?
   * const line = 1 << t.kindOf("5") | 1 << t.kindOf("9");
   * const s = k.apply(k.apply(k.position({ line }), "hit"), t.kindOf("discard"));
   * assert.equal(k.node(s), "choose");
   * assert.deepEqual(k.options(s), [t.kindOf("5"), t.kindOf("9")]);
   * assert.equal(k.score(k.apply(s, t.kindOf("5"))), 9);
   * ```
   */
  options(state: RoundState): number[] {
    return state.choice ? state.choice.options.slice() : [];
  }

  /**
   * What the player banks if the round ends now: after a bust 0 (Brutal
   * Mode: its modifiers), else the card table's round score of the line
   * and modifiers (a Zero's effect, the Flip 7 bonus for a Flip 7).
   */
  score(state: RoundState): number {
    if (state.end === "bust") {
      return this.brutal ? this.cards.plusOfMods[state.mods] : 0;
    }
    const flip7 = state.end === "flip7";
    return this.cards.roundScore(
      state.line,
      state.mods,
      flip7 ? this.rules.flip7Bonus : 0,
      flip7,
      this.zeroHeld(state),
      !this.brutal,
    );
  }

  /**
   * The outcomes of a draw node, in kind order: each card the draw can be,
   * its copies (the probability is copies over their total: exact
   * rationals), and the state it leads to. From an empty pile the discards
   * are reshuffled first where the `run-out` ruling allows; with no card at
   * all the one outcome is {@linkcode RUN_OUT}.
   *
   * @throws {Error} at a node that is not a draw node
   */
  outcomes(state: RoundState): Outcome[] {
    if (state.node !== "draw") {
      throw new Error(
        `outcomes of a ${state.node} node: only draw nodes have them`,
      );
    }
    const from = this.drawPile(state);
    if (from === null) {
      return [{ card: RUN_OUT, count: 1, state: this.apply(state, RUN_OUT) }];
    }
    const out: Outcome[] = [];
    from.forEach((c, k) => {
      if (c > 0) out.push({ card: k, count: c, state: this.apply(state, k) });
    });
    return out;
  }

  /**
   * The state after an action: a card kind (or {@linkcode RUN_OUT}) at a
   * draw node, a {@linkcode Decision} at a decision node, an option at a
   * choose node. A card takes effect and the pending program runs on to
   * the next node.
   *
   * @throws {Error} for an action the node does not allow
   */
  apply(state: RoundState, action: number | Decision): RoundState {
    if (state.node === "decide") {
      if (action === "stay") {
        return freeze({ ...state, node: "end", end: "stay" });
      }
      if (action === "hit") {
        return freeze({ ...state, node: "draw", forced: false });
      }
      throw new Error(`action ${action} at a decision: allowed hit, stay`);
    }
    if (state.node === "choose") {
      const c = state.choice!;
      if (typeof action !== "number" || !c.options.includes(action)) {
        throw new Error(
          `option ${action} at a choice: allowed ${c.options.join(", ")}`,
        );
      }
      const w = thaw(state);
      w.choice = null;
      this.takeOwn(w, c.type, action);
      return this.settle(w);
    }
    if (state.node !== "draw" || typeof action !== "number") {
      throw new Error(`action ${action} at a ${state.node} node`);
    }
    const w = thaw(state);
    const from = this.drawPile(state);
    if (action === RUN_OUT) {
      if (from !== null) throw new Error("no run-out: there are cards to draw");
      w.end = "run-out";
      return this.settle(w);
    }
    if (from === null || !(from[action] > 0)) {
      throw new Error(`card ${action} cannot be drawn here`);
    }
    if (from !== state.pile) {
      // the pile is empty: the discards become the pile
      w.pile = w.discards;
      w.discards = new Array<number>(this.cards.kinds).fill(0);
      w.reshuffled = true;
    }
    w.pile[action]--;
    const top = w.program[w.program.length - 1];
    if (state.forced && top) top.owed--;
    // (a Flip N's card may be set aside, a Just One More's takes effect)
    this.place(w, action, state.forced && top !== undefined && !top.oneMore);
    return this.settle(w);
  }

  /**
   * A name of a state, the same for equal states: the memo key of a
   * solver over kernel states.
   */
  key(state: RoundState): string {
    return JSON.stringify(state);
  }

  /** The pile the next card comes from: the pile, the discards after a reshuffle, or null (none). */
  private drawPile(state: RoundState): readonly number[] | null {
    if (state.pile.some((c) => c > 0)) return state.pile;
    if (
      this.reshuffles && !state.reshuffled && state.discards.some((c) => c > 0)
    ) return state.discards;
    return null;
  }

  /** The player holds a Zero's effect: it must hit, and scores 0 without a Flip 7. */
  private zeroHeld(s: { line: number; fx: number }): boolean {
    return this.followCard
      ? (s.line & this.cards.zeroMask) !== 0
      : (s.fx & FX_ZERO) !== 0;
  }

  /** The player can still be given forced cards (not bust; active, unless `force-stayed=yes`). */
  private inPlay(w: Work): boolean {
    return this.forceStayed || !w.stayed;
  }

  /** Card `k` arrives in front of the player (`inFlip`: one of a Flip N's cards). */
  private place(w: Work, k: number, inFlip: boolean): void {
    const t = this.cards, effect = t.effects[k] as TableEffect;
    switch (effect) {
      case EFFECT_NUMBER:
      case EFFECT_ZERO:
      case EFFECT_UNLUCKY:
      case EFFECT_LUCKY:
        this.receive(w, k, true);
        return;
      case EFFECT_PLUS:
      case EFFECT_TIMES: // (a Vengeance modifier is kept: modifierTarget)
        if (this.vengeance && inFlip && this.defer) this.setAside(w, k);
        else w.mods |= t.modBit[k];
        return;
      case EFFECT_CHANCE:
        if (inFlip && this.chanceWaits) this.setAside(w, k);
        else this.takeChance(w);
        return;
      case EFFECT_FREEZE:
      case EFFECT_FLIP:
      case EFFECT_ONE_MORE:
      case EFFECT_SWAP:
      case EFFECT_STEAL:
      case EFFECT_DISCARD:
        if (inFlip && this.defer) this.setAside(w, k);
        else this.resolveAction(w, k);
        return;
      default:
        unhandledEffect(effect);
    }
  }

  /**
   * Number kind `k` joins the line (`drawn`; else it is the player's own
   * card re-taken by a Steal): Unlucky 7 discards the line and the
   * modifiers; a card of a rank the line holds busts, unless a Second
   * Chance saves it or a Lucky card allows a second; seven cards (or ranks,
   * `flip7-count=ranks`) are a Flip 7.
   */
  private receive(w: Work, k: number, drawn: boolean): void {
    const t = this.cards, bit = 1 << k;
    if ((t.unluckyMask & bit) !== 0 && (drawn || this.followCard)) {
      for (let m = w.line; m !== 0; m &= m - 1) w.discards[low(m)]++;
      for (let m = w.mods; m !== 0; m &= m - 1) {
        w.discards[t.modifierKinds[low(m)]]++;
      }
      w.line = w.mods = w.fx = 0;
    } else if ((w.line & t.rankMask[k]) !== 0) {
      const lucky = this.followCard
        ? undefined
        : (t.rankMask[k] & t.luckyMask) !== 0 &&
          ((w.fx & FX_LUCKY) !== 0 || (drawn && (t.luckyMask & bit) !== 0));
      if (t.busts(w.line, k, lucky)) {
        if (w.chance) { // saved: the Second Chance and the duplicate go
          w.chance = false;
          w.discards[t.chanceKind]++;
          if (this.treatments.savedDuplicate === "discard") w.discards[k]++;
          else w.pile[k]++;
        } else {
          w.bustCard = k;
          w.end = "bust";
        }
        return;
      }
    }
    w.line |= bit;
    if (!this.followCard && drawn) {
      if (t.zeroMask & bit) w.fx |= FX_ZERO;
      if (t.luckyMask & bit) w.fx |= FX_LUCKY;
    }
    const count = this.byRanks ? t.ranksOfMask[w.line] : popCount(w.line);
    if (count >= this.rules.flip7Length) w.end = "flip7";
  }

  /** A card waits in the current Flip N sequence's list. */
  private setAside(w: Work, k: number): void {
    w.program[w.program.length - 1].aside.push(k);
  }

  /** The player receives a Second Chance: keeps it, or a spare one is discarded. */
  private takeChance(w: Work): void {
    if (!w.chance) w.chance = true;
    else w.discards[this.cards.chanceKind]++; // spareChance: discard
  }

  /**
   * An action card is played on the player (actionTarget: self). A Freeze
   * or a Flip N of the official edition lies in front of it; the Vengeance
   * edition's go to the discards (a Flip Four or Just One More with no
   * effect on a player who stayed, under `force-stayed=no`; a Swap with
   * none; a Steal or Discard of its own card per `steal-own`,
   * `discard-own`).
   */
  private resolveAction(w: Work, k: number): void {
    const effect = this.cards.effects[k] as TableEffect;
    if (
      effect === EFFECT_FREEZE || (effect === EFFECT_FLIP && !this.vengeance)
    ) {
      w.played[k]++;
      if (effect === EFFECT_FREEZE) w.end = "freeze";
      else this.startFlip(w, k, false);
      return;
    }
    w.discards[k]++;
    if (effect === EFFECT_FLIP || effect === EFFECT_ONE_MORE) {
      if (this.inPlay(w)) this.startFlip(w, k, effect === EFFECT_ONE_MORE);
    } else if (effect === EFFECT_STEAL) {
      if (this.stealOwn) this.ownChoice(w, "steal");
    } else if (effect === EFFECT_DISCARD) {
      if (this.discardOwn) this.ownChoice(w, "discard");
    } else if (effect !== EFFECT_SWAP) {
      throw new Error(`${this.cards.names[k]} is no action`);
    }
  }

  /** A Flip N (or a Just One More, `oneMore`) played on the player starts its sequence. */
  private startFlip(w: Work, k: number, oneMore: boolean): void {
    w.program.push({
      oneMore,
      owed: this.cards.values[k],
      aside: [],
      stage: "draw",
      pos: 0,
    });
  }

  /**
   * A Steal or Discard of the player's own card: its face-up cards (the
   * numbers by kind, then the modifiers unless `take-that-cards=numbers-only`)
   * and DECLINE when it may decline; a choose node when there is a choice
   * (treatment `ownCard=choose`), else the one option or Go's preference.
   */
  private ownChoice(w: Work, type: Pending["type"]): void {
    const t = this.cards, options: number[] = [];
    for (let m = w.line; m !== 0; m &= m - 1) options.push(low(m));
    if (!this.numbersOnly) {
      for (let m = w.mods; m !== 0; m &= m - 1) {
        options.push(t.modifierKinds[low(m)]);
      }
    }
    if (options.length === 0) return; // nothing to take: no effect
    if (this.optional) options.push(DECLINE);
    if (options.length === 1) this.takeOwn(w, type, options[0]);
    else if (this.treatments.ownCard === "go-order") {
      this.takeOwn(w, type, this.goOrder(type, options));
    } else w.choice = { type, options };
  }

  /**
   * Go's preference among the player's own cards (2222-42/flip7_strategy,
   * `discardValue`; Steal's fallback: the line's first card, Unlucky 7 when
   * held, which it heads): never declining.
   */
  private goOrder(type: Pending["type"], options: number[]): number {
    const t = this.cards;
    if (type === "steal") {
      return options.find((c) => c >= 0 && (t.unluckyMask & 1 << c)) ??
        options[0];
    }
    const value = (c: number): number => {
      const e = t.effects[c] as TableEffect, v = t.values[c];
      if (e === EFFECT_ZERO) return 80;
      if (e === EFFECT_TIMES) return v < 1 ? 50 : -20;
      if (e === EFFECT_PLUS) return -v;
      if (e === EFFECT_LUCKY) return -100;
      return -v;
    };
    let best = options[0];
    for (const c of options) {
      if (c >= 0 && (best < 0 || value(c) > value(best))) best = c;
    }
    return best;
  }

  /** The player's own card `c` is discarded, or stolen back (taken off and received again); DECLINE does nothing. */
  private takeOwn(w: Work, type: Pending["type"], c: number): void {
    if (c === DECLINE) return;
    const t = this.cards;
    if (c < t.numberKinds) w.line &= ~(1 << c);
    else w.mods &= ~t.modBit[c];
    if (type === "discard") w.discards[c]++;
    else if (c < t.numberKinds) this.receive(w, c, false);
    else w.mods |= t.modBit[c];
  }

  /**
   * Run the program on from `w` to the next node: the end (the set-aside
   * cards still waiting discarded), a choice, a forced draw, or a decision.
   */
  private settle(w: Work): RoundState {
    for (;;) {
      if (w.end !== null) {
        for (const f of w.program) {
          for (const k of f.aside) if (k >= 0) w.discards[k]++;
        }
        w.program = [];
        return finish(w, "end", false);
      }
      if (w.choice !== null) return finish(w, "choose", false);
      const f = w.program[w.program.length - 1];
      if (!f) {
        if (w.stayed) { // (a Just One More made the player stay)
          w.end = "stay";
          continue;
        }
        const front = w.line !== 0 || w.mods !== 0 || w.chance ||
          w.played.some((c) => c > 0);
        const hits = (!front && this.emptyHits) || this.zeroHeld(w);
        return finish(w, hits ? "draw" : "decide", false);
      }
      if (f.owed > 0) {
        if (this.inPlay(w)) return finish(w, "draw", true);
        f.owed = 0; // the player stayed: its forced cards stop
      }
      if (f.oneMore) { // its card taken: the player stays
        w.program.pop();
        w.stayed = true;
        continue;
      }
      if (f.stage === "draw") {
        f.stage = this.flipsFirst ? "first" : "resolve";
        f.pos = 0;
      }
      if (f.stage === "first") {
        let j = f.pos;
        while (
          j < f.aside.length &&
          (f.aside[j] < 0 || this.cards.effects[f.aside[j]] !== EFFECT_FLIP)
        ) j++;
        if (j < f.aside.length) {
          const k = f.aside[j];
          f.aside[j] = -1;
          f.pos = j + 1;
          w.played[k]++;
          f.owed = this.cards.values[k]; // its cards join this sequence
          continue;
        }
        f.stage = "resolve";
        f.pos = 0;
      }
      // resolve: the set-aside cards in the order flipped (dropped for a
      // player no longer in play)
      let j = f.pos;
      while (j < f.aside.length && f.aside[j] < 0) j++;
      if (j === f.aside.length) {
        w.program.pop();
        continue;
      }
      const k = f.aside[j];
      f.aside[j] = -1;
      f.pos = j + 1;
      const e = this.cards.effects[k];
      if (!this.inPlay(w)) w.discards[k]++;
      else if (e === EFFECT_CHANCE) this.takeChance(w);
      else if (e === EFFECT_PLUS || e === EFFECT_TIMES) {
        w.mods |= this.cards.modBit[k];
      } else this.resolveAction(w, k);
    }
  }
}
