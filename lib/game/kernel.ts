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
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_NUMBER,
  EFFECT_PLUS,
  EFFECT_TIMES,
  InputError,
  unhandledEffect,
} from "./cards.ts";
import type { Rules } from "./rules.ts";

/**
 * How a lone player's round treats what the rules leave to the other
 * players: named, so that a model can say which it uses. The first value of
 * each is the engine's (a solo table plays it so).
 */
export interface SoloTreatments {
  /**
   * A Freeze or Flip N: `self`, played on the player (the only active
   * player must take it, seeds 002-004; the engine's rule for one seat).
   */
  readonly actionTarget: "self";
  /**
   * A Second Chance drawn while holding one: `discard` (it goes to another
   * active player without one, and there is none; the engine's rule).
   */
  readonly spareChance: "discard";
  /**
   * The duplicate a Second Chance saves: `discard` with the Second Chance
   * (the rules), or `back-in-deck` (seed 000's approximation, the `approx`
   * model: the Second Chance is discarded, the duplicate goes back into the
   * draw pile).
   */
  readonly savedDuplicate: "discard" | "back-in-deck";
}

/**
 * The solo treatments as a table, like the rulings' (`rulings.ts`): each
 * treatment's values and who reads it so, the default first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(SOLO_TREATMENTS.map((t) => t.key), ["actionTarget", "spareChance", "savedDuplicate"]);
 * assert.deepEqual(DEFAULT_TREATMENTS, { actionTarget: "self", spareChance: "discard", savedDuplicate: "discard" });
 * ```
 */
export const SOLO_TREATMENTS: readonly {
  readonly key: keyof SoloTreatments;
  readonly summary: string;
  readonly values: readonly { value: string; source: string }[];
}[] = [
  {
    key: "actionTarget",
    summary: "Whom a Freeze or Flip N is played on in a solo round.",
    values: [{
      value: "self",
      source:
        "The only active player must take it (seeds 002-004); the engine with one seat; the all94 model.",
    }],
  },
  {
    key: "spareChance",
    summary: "A Second Chance drawn while holding one, in a solo round.",
    values: [{
      value: "discard",
      source:
        "Passed to another active player without one, else discarded (seeds 002-004); alone there is none. Every solo model.",
    }],
  },
  {
    key: "savedDuplicate",
    summary: "The duplicate number a Second Chance saves.",
    values: [
      {
        value: "discard",
        source:
          "Discarded with the Second Chance (seeds 002-004); the engine; every solo model but approx.",
      },
      {
        value: "back-in-deck",
        source:
          "Seed 000's solver: the Second Chance is used up, the duplicate stays in the deck (the approx model).",
      },
    ],
  },
];

/** The engine's treatments (the first value of each). */
export const DEFAULT_TREATMENTS: SoloTreatments = Object.freeze({
  actionTarget: "self",
  spareChance: "discard",
  savedDuplicate: "discard",
});

/** A decision of the player: draw a card, or stop and bank. */
export type Decision = "hit" | "stay";

/** The outcome of a draw node when no card is left to draw: the round ends. */
export const RUN_OUT: number = -1;

/**
 * What kind of node a state is: `draw` (a chance node: the next card,
 * {@linkcode RoundKernel.outcomes}), `decide` (the player hits or stays,
 * {@linkcode RoundKernel.legal}), or `end` (terminal,
 * {@linkcode RoundKernel.score}).
 */
export type NodeKind = "draw" | "decide" | "end";

/** How a round ended: bust, a Flip 7, stayed, frozen, or the cards ran out. */
export type RoundEnd = "bust" | "flip7" | "stay" | "freeze" | "run-out";

/**
 * One Flip N sequence in progress (innermost last in
 * {@linkcode RoundState.program}): the cards it still owes, the cards set
 * aside during it (their kinds in the order flipped, -1 once resolved), and
 * where its resolution stands.
 */
export interface Frame {
  /** Cards still to flip in the current run of forced draws. */
  readonly owed: number;
  /** The set-aside cards, in the order flipped (-1: resolved). */
  readonly aside: readonly number[];
  /**
   * `draw`: flipping its cards; `first`: resolving its set-aside Flip Ns
   * before the rest (`set-aside-order=forced-draws-first`), the cards of
   * one being flipped while `owed` is above 0; `resolve`: resolving the
   * set-aside cards in order.
   */
  readonly stage: "draw" | "first" | "resolve";
  /** The next set-aside card to look at (in `first` and `resolve`). */
  readonly pos: number;
}

/**
 * A state of a solo round. Counts are by kind of the rules' card table;
 * a state is frozen, and {@linkcode RoundKernel.key} names it.
 */
export interface RoundState {
  /** What the state is: a chance node, a decision, or the end. */
  readonly node: NodeKind;
  /** At a draw node: the card is one of a Flip N's (else the deal or a hit). */
  readonly forced: boolean;
  /** The draw pile, by kind. */
  readonly pile: readonly number[];
  /** The discards, by kind. */
  readonly discards: readonly number[];
  /** True once the discards were shuffled into a new pile this round. */
  readonly reshuffled: boolean;
  /** The numbers of the line (bit k: number kind k). */
  readonly line: number;
  /** The modifiers in front (bit i: the table's modifier kind `modifierKinds[i]`). */
  readonly mods: number;
  /** A Second Chance in front. */
  readonly chance: boolean;
  /** The Freezes and Flip Ns played on the player, by kind. */
  readonly played: readonly number[];
  /** The number kind that busted the player, -1 if none. */
  readonly bustCard: number;
  /** How the round ended (null while it goes on). */
  readonly end: RoundEnd | null;
  /** The Flip N sequences in progress, innermost last (empty at a decision). */
  readonly program: readonly Frame[];
}

/** One outcome of a draw node: a card (or {@linkcode RUN_OUT}), its copies, and the state it leads to. */
export interface Outcome {
  /** The card's kind, or {@linkcode RUN_OUT}. */
  readonly card: number;
  /** Copies of it the draw can be: its probability is `count / total`. */
  readonly count: number;
  /** The state after it (the program run on to the next node). */
  readonly state: RoundState;
}

/** A mutable copy of a state while a card takes effect. */
interface Work {
  pile: number[];
  discards: number[];
  reshuffled: boolean;
  line: number;
  mods: number;
  chance: boolean;
  played: number[];
  bustCard: number;
  end: RoundEnd | null;
  program: {
    owed: number;
    aside: number[];
    stage: Frame["stage"];
    pos: number;
  }[];
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
    const ru = rules.rulings;
    this.defer = ru.actions === "deferred";
    this.flipsFirst = ru.setAsideOrder === "forced-draws-first";
    this.chanceWaits = ru.chanceInFlip3 === "after-the-three";
    this.reshuffles = ru.runOut === "reshuffle-once";
  }

  /**
   * The state before the deal: `pile` (default the rules' deck) in the draw
   * pile, nothing in front, no discards; a draw node.
   */
  initial(pile: readonly number[] = this.rules.deck): RoundState {
    return this.position({ pile });
  }

  /**
   * A player's position between cards, at its turn: what is in front
   * (`line`, `mods`, `chance`, `played`; default nothing), the draw pile and
   * the discards (default the rules' deck and none). A decision node, or a
   * draw node when nothing is in front (as before the deal). How the
   * cards in front got there is not checked.
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
   * The decisions at a decision node: hit or stay (a player with nothing in
   * front is at a draw node instead: the engine does not ask). None
   * elsewhere.
   */
  legal(state: RoundState): Decision[] {
    return state.node === "decide" ? ["hit", "stay"] : [];
  }

  /**
   * What the player banks if the round ends now: 0 after a bust, else the
   * card table's score of the line and modifiers, plus the Flip 7 bonus for
   * a Flip 7.
   */
  score(state: RoundState): number {
    if (state.end === "bust") return 0;
    return this.cards.score(
      state.line,
      state.mods,
      state.end === "flip7" ? this.rules.flip7Bonus : 0,
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
   * draw node, a {@linkcode Decision} at a decision node. A card takes
   * effect and the pending program runs on to the next node.
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
    this.place(w, action, state.forced);
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

  /** Card `k` arrives in front of the player (`forced`: one of a Flip N's cards). */
  private place(w: Work, k: number, forced: boolean): void {
    const t = this.cards, effect = t.effects[k];
    switch (effect) {
      case EFFECT_NUMBER: {
        const bit = 1 << k;
        if (w.line & bit) {
          if (w.chance) { // saved: the Second Chance and the duplicate go
            w.chance = false;
            w.discards[t.chanceKind]++;
            if (this.treatments.savedDuplicate === "discard") w.discards[k]++;
            else w.pile[k]++;
          } else {
            w.bustCard = k;
            w.end = "bust";
          }
        } else {
          w.line |= bit;
          if (popCount(w.line) >= this.rules.flip7Length) w.end = "flip7";
        }
        return;
      }
      case EFFECT_PLUS:
      case EFFECT_TIMES:
        w.mods |= t.modBit[k];
        return;
      case EFFECT_CHANCE:
        if (forced && this.chanceWaits) this.setAside(w, k);
        else this.takeChance(w);
        return;
      case EFFECT_FREEZE:
      case EFFECT_FLIP:
        if (forced && this.defer) this.setAside(w, k);
        else this.resolveAction(w, k);
        return;
      default:
        unhandledEffect(effect);
    }
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

  /** A Freeze or Flip N is played on the player (actionTarget: self). */
  private resolveAction(w: Work, k: number): void {
    w.played[k]++;
    if (this.cards.effects[k] === EFFECT_FREEZE) w.end = "freeze";
    else this.startFlip(w, k);
  }

  /** A Flip N card played on the player starts its sequence. */
  private startFlip(w: Work, k: number): void {
    w.program.push({
      owed: this.cards.values[k],
      aside: [],
      stage: "draw",
      pos: 0,
    });
  }

  /**
   * Run the program on from `w` to the next node: the end (the set-aside
   * cards still waiting discarded), a forced draw, or a decision.
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
      const f = w.program[w.program.length - 1];
      if (!f) {
        const front = w.line !== 0 || w.mods !== 0 || w.chance ||
          w.played.some((c) => c > 0);
        return front ? finish(w, "decide", false) : finish(w, "draw", false);
      }
      if (f.owed > 0) return finish(w, "draw", true);
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
      // resolve: the set-aside cards in the order flipped
      let j = f.pos;
      while (j < f.aside.length && f.aside[j] < 0) j++;
      if (j === f.aside.length) {
        w.program.pop();
        continue;
      }
      const k = f.aside[j];
      f.aside[j] = -1;
      f.pos = j + 1;
      if (this.cards.effects[k] === EFFECT_CHANCE) this.takeChance(w);
      else this.resolveAction(w, k);
    }
  }
}

/** Set bits of a mask. */
function popCount(m: number): number {
  let c = 0;
  for (; m !== 0; m &= m - 1) c++;
  return c;
}

/** A mutable copy of a state. */
function thaw(s: RoundState): Work {
  return {
    pile: s.pile.slice(),
    discards: s.discards.slice(),
    reshuffled: s.reshuffled,
    line: s.line,
    mods: s.mods,
    chance: s.chance,
    played: s.played.slice(),
    bustCard: s.bustCard,
    end: s.end,
    program: s.program.map((f) => ({ ...f, aside: f.aside.slice() })),
  };
}

/** The state of a work copy at a node. */
function finish(w: Work, node: NodeKind, forced: boolean): RoundState {
  return freeze({
    node,
    forced,
    pile: w.pile,
    discards: w.discards,
    reshuffled: w.reshuffled,
    line: w.line,
    mods: w.mods,
    chance: w.chance,
    played: w.played,
    bustCard: w.bustCard,
    end: w.end,
    program: w.program,
  });
}

/** Freeze a state and everything in it. */
function freeze(s: RoundState): RoundState {
  Object.freeze(s.pile);
  Object.freeze(s.discards);
  Object.freeze(s.played);
  for (const f of s.program) {
    Object.freeze(f.aside);
    Object.freeze(f);
  }
  Object.freeze(s.program);
  return Object.freeze(s);
}
