/**
 * The game engine: the full official multiplayer rules and those of *Flip 7:
 * With a Vengeance*, deterministic from a seed. One engine serves the
 * command line, the experiments, the notebooks and the agents.
 *
 * Every card's effect and parameter, the Flip 7 length and bonus come from
 * the rules' card table (`rules.cards`, `cards.ts`) and scoring: a table
 * with a kind the official deck lacks (a Flip Four, a `-4`) is played as it
 * is, where its effect is one the engine knows.
 *
 * The engine's class is one class in three files, split by subject:
 * `table.ts` (`Table`: the seats' packed state, the cards counted by place,
 * the scoring, the table view the strategies read, the conservation
 * check), `interactive.ts` (`Interactive`: the Vengeance edition's special
 * numbers, modifiers given, Just One More, Swap, Steal, Discard, the
 * choices they ask of the strategies, Brutal Mode), and this file (`Game`:
 * the round loop, the official edition's card effects, Flip N and its
 * set-aside cards, the end of a round, a whole game). Every card a seat
 * takes goes through one method, `takeCard` (draw, reshuffle or end the
 * round when the cards run out, report the card, receive it). The draw
 * pile and the discards, with the seeded draw and the reshuffle, are a
 * {@linkcode Pile} (`pile.ts`). `Game` is one hot loop, the inner loop of
 * every simulation (a solo round costs a few hundred nanoseconds,
 * bench/engine_bench.ts): its steps read and write the same typed arrays of
 * the seats, so the three files share them as `protected` state.
 *
 * Rulings (`rulings.ts`): every point where the texts are silent is read
 * from `rules.rulings` — officially whether actions flipped during a Flip
 * Three wait (`actions`), the order the waiting ones resolve in
 * (`set-aside-order`), whether a Second Chance flipped during a Flip Three
 * waits with them (`chance-in-flip3`), running out of cards (`run-out`) and
 * ties at the top (`ties`); the Vengeance edition's fourteen are in
 * docs/vengeance.md.
 *
 * Termination (the official rules are silent on running out of cards; the
 * default `run-out=reshuffle-once`): when the draw pile runs out, the
 * discards are shuffled into a new pile at most once a round; if the pile
 * runs out again in the same round, or there are no discards to shuffle, the
 * round ends and every active player banks what they show (with
 * `run-out=end-round` there is no reshuffle at all). A round therefore draws at most twice the deck's size. With the
 * 79-number deck this never happens to ten players or fewer (at a second
 * run-out every number would be in front of a player — at most six in a line
 * plus one bust card each — or discarded by one of the three Second Chances
 * since the reshuffle: 7p + 3 < 79), so it only ends rounds that could
 * otherwise cycle forever (eighteen always-hitting seats passing Second
 * Chances around a two-card pile). A game also ends after
 * {@linkcode MAX_ROUNDS} rounds, the leader winning (a draw if tied).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "./engine.ts";
 * import { getRules } from "./rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const g = new Game(getRules("standard"), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
 * const result = g.playGame();
 * assert.equal(result.totals.length, 2);
 * assert.ok(Math.max(...result.totals) >= 200); // the target
 * ```
 * @module
 */

import * as cards from "./cards.ts";
import type { TableEffect } from "./cards.ts";
import type { GameEvent } from "./events.ts";
import { Interactive } from "./interactive.ts";
import type { Rules } from "./rules.ts";
import { type GameOptions, LAYOUT } from "./table.ts";
import * as view from "./view.ts";
import type { Strategy } from "./view.ts";

// The imported constants and functions as this module's own private
// bindings, not as named imports: V8 compiles a module's private `const`
// into the code that reads it as a constant, but loads an imported binding
// (or an exported one, even in its own module) from the binding's cell, and
// checks that it is initialised, at every use; a round reads a dozen of
// them (bench/HISTORY.md, "The round loop, session 33").
const {
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
  unhandledEffect,
} = cards;
const { BUSTED, FROZEN, STAYED } = view;
const {
  ACTIONS_BIT,
  BUST_SHIFT,
  BUSTED_WORD,
  CHANCE_BIT,
  CONSUMED,
  COUNT_ONE,
  DEAL,
  FLIP7_BIT,
  FORCED,
  FRONT_BITS,
  HIT,
  HOOK_NEW_GAME,
  HOOK_ROUND_END,
  MODS_BIT,
  STATUS_BITS,
} = LAYOUT;

/**
 * Rounds after which a game ends whatever the totals (a guard: games of real
 * policies end after about ten rounds).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules, withRules } from "./rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * // a target no one reaches: the game stops after MAX_ROUNDS rounds
 * const rules = withRules(getRules(), { target: 1e9 });
 * assert.equal(new Game(rules, [makeStrategy("sum:1000")]).playGame().rounds, MAX_ROUNDS);
 * ```
 */
export const MAX_ROUNDS = 10000;

/** Seat status within a round (defined beside the TableView that reports it). */
export { ACTIVE, BUSTED, FROZEN, STAYED } from "./view.ts";
/** How a seat's last completed round ended (see {@linkcode Game.lastRoundOutcome}). */
export const OUT_BANKED = 0, OUT_BUST = 1, OUT_FLIP7 = 2;
// (private copies for the end of a round: exported bindings are read through their cells, see the imports above)
const BANKED = OUT_BANKED, BUST_OUT = OUT_BUST, FLIP7_OUT = OUT_FLIP7;

export type { GameOptions } from "./table.ts";

/** The outcome of a game. */
export interface GameResult {
  /** Final totals in seat order. */
  totals: number[];
  /** Winning seat, or null for a draw (or a game stopped by a round limit with a tie). */
  winner: number | null;
  /** Rounds played. */
  rounds: number;
  /** Sum of each seat's round scores (equals totals). */
  points: number[];
}

/**
 * A game of Flip 7 between strategies, one per seat.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "./rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const g = new Game(getRules("solo-model"), [makeStrategy("sum:20")], { seed: 7 });
 * g.newGame();
 * const score = g.playRound()[0];
 * assert.ok(score === 0 || score >= 20); // bust, or stayed at 20 or more
 * ```
 */
export class Game extends Interactive {
  /**
   * A new game at a table (no round played yet).
   *
   * @param rules the rule set
   * @param strategies one strategy per seat
   * @param options seed, stream, stacked deck, listener
   * @throws {InputError} for a player count the rules do not allow, an
   *   impossible stacked deck, or a card table the seat word cannot hold
   */
  constructor(
    rules: Rules,
    strategies: Strategy[],
    options: GameOptions = {},
  ) {
    super(rules, strategies, options);
    this.newGame();
  }

  /**
   * Start a new game, optionally on another seed/stream, keeping the seats.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "./rules.ts";
   * import { makeStrategy } from "../run/registry.ts";
   * const g = new Game(getRules(), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
   * g.newGame({ seed: 3, stream: 12 });
   * const first = g.playGame().totals;
   * g.newGame({ seed: 3, stream: 12 });
   * assert.deepEqual(g.playGame().totals, first); // the same stream, the same game
   * ```
   */
  newGame(
    options: { seed?: number; stream?: number; firstSeat?: number } = {},
  ): void {
    if (options.seed !== undefined) this.seed = options.seed;
    if (options.stream !== undefined) this.stream = options.stream;
    if (options.firstSeat !== undefined) this.firstSeat = options.firstSeat;
    // the whole deck in the pile, in kind order, so that a game depends only
    // on its seed and stream; no discards
    this.deck.newGame(this.seed, this.stream, this.tidy);
    // a round was cut short (or this is the first game): clear everything
    // (between rounds the front and the set-aside are empty and the seats clear)
    if (!this.tidy) this.clearTable();
    const totals = this.totals, scores = this.scores;
    for (let s = 0; s < this.players; s++) totals[s] = scores[s] = 0;
    this.round = 0;
    this.roundOver = true;
    this.tidy = true;
    if (this.hooks & HOOK_NEW_GAME) this.newGameHooks();
  }

  /** Tell the strategies that have the hook that a game starts. */
  private newGameHooks(): void {
    for (let s = 0; s < this.players; s++) this.seats[s].newGame?.(this, s);
  }

  // ---- cards -------------------------------------------------------------

  /**
   * Seat `s` takes the next card (`how`: the deal, a hit, a Flip N's or a
   * Just One More's draw) and it takes effect. When the pile is empty the discards are
   * reshuffled into it if the `run-out` ruling allows (module doc,
   * "Termination"); else the round ends.
   *
   * @returns false when there was no card (the round is over)
   */
  protected takeCard(s: number, how: number): boolean {
    let k = this.deck.draw();
    if (k < 0 && (k = this.runOut()) < 0) return false;
    if (this.onEvent !== null) this.reportCard(s, k, how);
    this.place(s, k, how === FORCED);
    return true;
  }

  /**
   * Card `k` arrives in front of seat `s` (`inFlip3`: one of a Flip Three's
   * draws): the common case, a number joining the line, in a few stores
   * here; a duplicate, a seventh number and every other kind of card out of
   * line (bench/HISTORY.md, "The round loop, session 31"), and every card
   * of a table whose numbers are not plain (the Vengeance edition's).
   */
  private place(s: number, k: number, inFlip3: boolean): void {
    if (k >= this.fast) {
      this.receiveOther(s, k, inFlip3);
      return;
    }
    const w = this.seat[s], bit = 1 << k;
    if ((w & bit) !== 0) {
      this.duplicate(s, k);
      return;
    }
    const v = (w | bit) + COUNT_ONE;
    this.seat[s] = v;
    this.frontCounts[k]++;
    this.frontTotal++;
    if (v >= this.flip7Count) this.sevenNumbers(s);
  }

  /**
   * The pile is empty: reshuffle the discards into it and draw, or (when the
   * ruling or the discards do not allow it) end the round.
   *
   * @returns the card drawn, -1 when the round is over
   */
  private runOut(): number {
    const n = this.deck.reshuffle();
    if (n === 0) {
      this.roundOver = true;
      if (this.onEvent !== null) this.onEvent({ type: "deck_exhausted" });
      return -1;
    }
    if (this.onEvent !== null) this.onEvent({ type: "reshuffle", cards: n });
    return this.deck.draw();
  }

  /** Tell the listener seat `s` took card `k` (`how`: the deal, a hit, a forced draw). */
  private reportCard(s: number, k: number, how: number): void {
    this.onEvent!(
      how === DEAL ? { type: "deal", seat: s, card: this.names[k] } : {
        type: "draw",
        seat: s,
        card: this.names[k],
        flip3: how >= FORCED,
      },
    );
  }

  // ---- one round ---------------------------------------------------------

  /**
   * Play one round and return the round scores (a view valid until the next round).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "./rules.ts";
   * import { makeStrategy } from "../run/registry.ts";
   * const g = new Game(getRules(), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
   * g.newGame();
   * const scores = g.playRound();
   * assert.equal(scores.length, 2);
   * assert.equal(g.round, 1);
   * ```
   */
  playRound(): Float64Array {
    const n = this.players;
    this.round++;
    this.activeCount = n;
    this.roundOver = false;
    this.tidy = false;
    this.deck.newRound();
    const first = this.firstOfRound();
    if (this.onEvent !== null) {
      this.onEvent({ type: "round_start", round: this.round, first });
    }
    // the deal (the first n steps: one card to each seat in turn, actions
    // resolved at once), then the turns, round the table from the first
    // seat, skipping seats that are out, until none is active or the round
    // is over (the seat runs round without a division)
    // (under the Vengeance ruling `opening=first-turn` there is no deal)
    const deals = this.dealt ? n : 0;
    for (
      let s = first, deal = deals;
      !this.roundOver && this.activeCount > 0;
    ) {
      const w = this.seat[s];
      if ((w & STATUS_BITS) === 0) { // active
        // (a seat with nothing in front cannot stay, unless `stay-empty=yes`;
        // one that holds a Zero's effect must hit)
        if (
          deal > 0 || (w & FRONT_BITS) === 0 && this.emptyHits ||
          this.forcedHits && this.holdsZero(s) || this.seats[s].hit(this, s)
        ) {
          if (!this.takeCard(s, deal > 0 ? DEAL : HIT)) break;
        } else {
          this.leave(s, STAYED);
          if (this.onEvent !== null) this.reportStay(s);
        }
      }
      deal--;
      if (++s === n) s = 0;
    }
    this.endRound();
    return this.scores;
  }

  /**
   * A card off the short path arrives in front of seat `s` (from a hit, the
   * deal, a Flip N or a Just One More; `inFlip3`: one of a Flip N's cards,
   * set aside where the `actions` ruling defers it).
   */
  private receiveOther(s: number, k: number, inFlip3: boolean): void {
    const effect = this.effects[k] as TableEffect;
    switch (effect) {
      case EFFECT_NUMBER:
      case EFFECT_ZERO:
      case EFFECT_UNLUCKY:
      case EFFECT_LUCKY:
        this.receiveNumber(s, k, true);
        return;
      case EFFECT_PLUS:
      case EFFECT_TIMES:
        if (this.vengeance) { // given to a player of its choice
          if (inFlip3 && this.deferActions) this.setAside(s, k);
          else this.giveModifier(s, k);
          return;
        }
        this.mods[s] |= this.modBits[k];
        this.seat[s] |= MODS_BIT;
        this.toFront(k);
        return;
      case EFFECT_CHANCE:
        if (inFlip3 && this.chanceWaits) this.setAside(s, k);
        else this.takeChance(s);
        return;
      case EFFECT_FREEZE:
      case EFFECT_FLIP:
      case EFFECT_ONE_MORE:
      case EFFECT_SWAP:
      case EFFECT_STEAL:
      case EFFECT_DISCARD:
        if (inFlip3 && this.deferActions) this.setAside(s, k);
        else this.resolveAction(s, k);
        return;
      default:
        unhandledEffect(effect);
    }
  }

  /** A card waits until the Flip N's cards are done. */
  private setAside(s: number, k: number): void {
    this.asideCounts[k]++;
    this.aside[this.asideTop++] = k;
    if (this.onEvent !== null) {
      this.onEvent({ type: "set_aside", seat: s, card: this.names[k] });
    }
  }

  /** Seat `s` draws a number its line holds: a Second Chance saves it, or it busts. */
  protected duplicate(s: number, k: number): void {
    if (this.holdsChance(s)) {
      this.seat[s] &= ~CHANCE_BIT;
      this.frontCounts[this.chanceKind]--;
      this.frontTotal--;
      this.deck.discard(this.chanceKind);
      this.deck.discard(k);
      if (this.onEvent !== null) {
        this.onEvent({ type: "save", seat: s, card: this.names[k] });
      }
    } else {
      this.seat[s] |= (k + 1) << BUST_SHIFT;
      this.setStatus(s, BUSTED);
      this.toFront(k);
      if (this.onEvent !== null) {
        this.onEvent({ type: "bust", seat: s, card: this.names[k] });
      }
    }
  }

  /** Seat `s` has seven numbers: a Flip 7, the round is over. */
  protected sevenNumbers(s: number): void {
    this.seat[s] |= FLIP7_BIT;
    this.roundOver = true;
    if (this.onEvent !== null) {
      this.onEvent({ type: "flip7", seat: s, score: this.roundScore(s) });
    }
    if (this.brutal) this.flip7Points(s);
  }

  /** Seat `s` receives a Second Chance: keeps it, or passes on a spare. */
  private takeChance(s: number): void {
    if (!this.holdsChance(s)) {
      this.seat[s] |= CHANCE_BIT;
      this.toFront(this.chanceKind);
    } else {
      this.passChance(s);
    }
  }

  /** Give a spare Second Chance on, or discard it. */
  private passChance(s: number): void {
    const n = this.players;
    let eligible = 0, only = -1;
    for (let t = 0; t < n; t++) {
      if (t !== s && (this.seat[t] & (STATUS_BITS | CHANCE_BIT)) === 0) {
        eligible++;
        only = t;
      }
    }
    if (eligible === 0) {
      this.deck.discard(this.chanceKind);
      if (this.onEvent !== null) {
        this.onEvent({ type: "chance_discarded", seat: s });
      }
      return;
    }
    let t = only;
    if (eligible > 1) {
      t = this.seats[s].target(this, s, this.chanceKind);
      if (
        t === s || !(t >= 0 && t < n) ||
        (this.seat[t] & (STATUS_BITS | CHANCE_BIT)) !== 0
      ) {
        throw new InputError(
          `strategy ${
            this.seats[s].name
          } passed a Second Chance to an illegal seat ${t}: it goes to another active seat without one`,
        );
      }
    }
    this.seat[t] |= CHANCE_BIT;
    this.toFront(this.chanceKind);
    if (this.onEvent !== null) {
      this.onEvent({ type: "pass", seat: s, target: t });
    }
  }

  /**
   * Seat `s` plays an action card on a seat of its choice: a Freeze or a
   * Flip N (a Flip Three); the Vengeance edition's (a Flip Four, a Just One
   * More, a Swap, Steal or Discard) as `interactive.ts` plays them.
   */
  private resolveAction(s: number, k: number): void {
    const effect = this.effects[k] as TableEffect;
    if (effect === EFFECT_ONE_MORE) return this.oneMore(s, k);
    if (effect === EFFECT_SWAP || effect === EFFECT_STEAL) {
      return this.takeThat(s, k);
    }
    if (effect === EFFECT_DISCARD) return this.takeThat(s, k);
    if (this.vengeance && effect === EFFECT_FLIP) {
      // a Flip Four goes to the discards, on a target of the drawer's choice
      const t = this.playedTarget(s, k);
      if (t >= 0) this.flipThree(t, k);
      return;
    }
    const t = this.actionTarget(s, k);
    this.playedOn(t, k);
    if (effect === EFFECT_FREEZE) {
      this.leave(t, FROZEN);
      if (this.onEvent !== null) {
        this.onEvent({
          type: "freeze",
          seat: s,
          target: t,
          score: this.roundScore(t),
        });
      }
    } else if (effect === EFFECT_FLIP) {
      if (this.onEvent !== null) {
        this.onEvent({ type: "flip_three", seat: s, target: t });
      }
      this.flipThree(t, k);
    } else {
      throw new Error(`${this.names[k]} is not an action played on a seat`);
    }
  }

  /** Action card `k` now lies in front of seat `t`, its target. */
  private playedOn(t: number, k: number): void {
    this.toFront(k);
    this.actions[t * this.kinds + k]++;
    this.seat[t] |= ACTIONS_BIT;
  }

  /** The seat seat `s` plays action `k` on: itself when alone, else its strategy's choice (checked). */
  private actionTarget(s: number, k: number): number {
    let t = s;
    if (this.activeCount > 1 || !this.isActive(s)) {
      if (this.activeCount === 1) {
        for (let j = 0; j < this.players; j++) {
          if (this.isActive(j)) t = j;
        }
      } else {
        t = this.seats[s].target(this, s, k);
        if (!(t >= 0 && t < this.players) || !this.isActive(t)) {
          throw new InputError(
            `strategy ${this.seats[s].name} aimed ${
              this.names[k]
            } at an inactive or unknown seat ${t}`,
          );
        }
      }
    }
    return t;
  }

  /**
   * Seat `t` flips the cards of Flip N card `k` (its row's N: three for a
   * Flip Three), then resolves what it set aside: in the order flipped
   * (`set-aside-order=drawn`), or every Flip N first — the N more cards of
   * one played on `t` join this sequence, its set-aside cards this list —
   * and then the rest in the order flipped (`forced-draws-first`). A
   * set-aside card of a seat that is out (or of a round that is over) is
   * dropped.
   */
  private flipThree(t: number, k: number): void {
    const start = this.asideTop;
    this.forcedDraws(t, k);
    if (this.forcedDrawsFirst) {
      for (let j = start; j < this.asideTop; j++) {
        const f = this.aside[j];
        if (f === CONSUMED || this.effects[f] !== EFFECT_FLIP) continue;
        this.aside[j] = CONSUMED;
        this.asideCounts[f]--;
        if (this.roundOver || !this.inPlay(t)) {
          this.drop(t, f);
          continue;
        }
        const u = this.actionTarget(t, f);
        this.playedOn(u, f);
        if (this.onEvent !== null) {
          this.onEvent({ type: "flip_three", seat: t, target: u });
        }
        if (u === t) this.forcedDraws(t, f);
        else this.flipThree(u, f); // its own sequence, above this list
      }
    }
    const end = this.asideTop;
    for (let j = start; j < end; j++) {
      const k = this.aside[j];
      if (k === CONSUMED) continue;
      this.aside[j] = CONSUMED;
      this.asideCounts[k]--;
      if (!this.roundOver && this.inPlay(t)) {
        const e = this.effects[k];
        if (e === EFFECT_CHANCE) this.takeChance(t);
        else if (e === EFFECT_PLUS || e === EFFECT_TIMES) {
          this.giveModifier(t, k);
        } else this.resolveAction(t, k);
      } else {
        this.drop(t, k);
      }
      this.asideTop = end; // nested Flip Threes used the space above `end`
    }
    this.asideTop = start;
  }

  /** A set-aside card that can no longer be played goes to the discards. */
  private drop(t: number, k: number): void {
    this.deck.discard(k);
    if (this.onEvent !== null) {
      this.onEvent({ type: "dropped", seat: t, card: this.names[k] });
    }
  }

  /** Seat `t` flips the N cards of Flip N card `k` (stopping when it is out or the round is over). */
  private forcedDraws(t: number, k: number): void {
    for (let i = 0, n = this.values[k]; i < n; i++) {
      if (this.roundOver || !this.inPlay(t)) break;
      if (!this.takeCard(t, FORCED)) break;
    }
  }

  /** End the round: tell the strategies, add each round score to its total, record how each seat ended. */
  private endRound(): void {
    const n = this.players;
    if (this.hooks & HOOK_ROUND_END) this.roundEndHooks();
    // every card goes back (a fresh deck for the next round: the pile counts
    // them, from what it drew), or every card in front of a player is
    // discarded
    const fresh = this.freshDeck;
    // one pass over the seats: score, outcome, the cards gathered, the seat cleared
    for (let s = 0; s < n; s++) {
      const w = this.seat[s];
      const sc = this.wordScore(w, s);
      this.scores[s] = sc;
      this.totals[s] += sc;
      this.lastOutcome[s] = (w & STATUS_BITS) === BUSTED_WORD
        ? BUST_OUT
        : w & FLIP7_BIT
        ? FLIP7_OUT
        : BANKED;
      if (fresh) this.resetSeat(s);
      else this.gatherSeat(s, this.discardCounts);
    }
    if (fresh) this.deck.gatherAll(this.frontCounts);
    else this.deck.discarded(this.frontTotal);
    this.frontTotal = 0;
    if (this.vengeance) this.endVengeance();
    this.roundOver = true;
    this.tidy = true;
    if (this.onEvent !== null) this.reportRoundEnd();
  }

  // (the rare parts of a round out of line, so that its common steps fit the
  // optimiser's inlining budget: bench/HISTORY.md, "The round loop, session 32")

  /** The Vengeance edition's end of a round: Brutal Mode's attacks settled, the kept effects cleared. */
  private endVengeance(): void {
    if (this.attacks.length > 0) this.settleAttacks();
    this.fx.fill(0);
  }

  /** Tell the strategies that have the hook that the round has ended. */
  private roundEndHooks(): void {
    for (let s = 0; s < this.players; s++) this.seats[s].roundEnd?.(this, s);
  }

  /** Tell the listener the round has ended. */
  private reportRoundEnd(): void {
    this.onEvent!({
      type: "round_end",
      round: this.round,
      scores: Array.from(this.scores),
      totals: Array.from(this.totals),
    });
  }

  // ---- a whole game --------------------------------------------------------

  /** True when the game is over after the last completed round. */
  isGameOver(): boolean {
    let best = -Infinity, count = 0; // (Brutal Mode's totals can be negative)
    for (let s = 0; s < this.players; s++) {
      const t = this.totals[s];
      if (t > best) {
        best = t;
        count = 1;
      } else if (t === best) count++;
    }
    if (best < this.rules.target) return false;
    return count === 1 || this.tiesDraw;
  }

  /** The leader's seat, or null when the top is tied. */
  leader(): number | null {
    let best = -Infinity, who: number | null = null;
    for (let s = 0; s < this.players; s++) {
      const t = this.totals[s];
      if (t > best) {
        best = t;
        who = s;
      } else if (t === best) who = null;
    }
    return who;
  }

  /**
   * Play a whole game from its start (or the rest of it).
   *
   * @param maxRounds stop after this many rounds even if nobody has won
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "./rules.ts";
   * import { makeStrategy } from "../run/registry.ts";
   * const g = new Game(getRules(), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
   * const { winner, totals } = g.playGame();
   * assert.equal(totals[winner!], Math.max(...totals));
   * ```
   */
  playGame(maxRounds = Infinity): GameResult {
    if (this.round > 0 && this.isGameOver()) this.newGame();
    const limit = Math.min(maxRounds, MAX_ROUNDS);
    while (this.round < limit) {
      this.playRound();
      if (this.isGameOver()) break;
    }
    const totals = Array.from(this.totals);
    const winner = this.isGameOver() ? this.leader() : this.leader();
    if (this.onEvent !== null) {
      this.onEvent({
        type: "game_end",
        rounds: this.round,
        totals,
        winner,
      });
    }
    return { totals, winner, rounds: this.round, points: totals.slice() };
  }

  /** Game totals so far, in seat order. */
  totalsNow(): number[] {
    return Array.from(this.totals);
  }
}

/** Convenience: the event type re-exported for engine users. */
export type { GameEvent };
