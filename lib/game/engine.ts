/**
 * The game engine: the full official multiplayer rules, deterministic from a
 * seed. One engine serves the command line, the experiments, the notebooks and
 * the agents.
 *
 * Every card's effect and parameter, the Flip 7 length and bonus come from
 * the rules' card table (`rules.cards`, `cards.ts`) and scoring: a table
 * with a kind the official deck lacks (a Flip Four, a `-4`) is played as it
 * is, where its effect is one the engine knows.
 *
 * State is packed into typed arrays: a seat's state within a round is one
 * integer word (its line a mask of number kinds — a line never holds a
 * number twice — and their count, its Second Chance, status, bust card and
 * Flip 7, and a flag for modifiers and one for actions in front, whose
 * kinds are counted beside the word; the `LINE` … `COUNT_SHIFT` constants
 * below), and every place a card can be is counted by kind, so that card
 * conservation can be checked at any moment
 * ({@linkcode Game.checkConservation}). The draw pile
 * and the discards, with the seeded draw and the reshuffle, are a
 * {@linkcode Pile} (`pile.ts`); every card a seat takes goes through one
 * method, `takeCard` (draw, reshuffle or end the round when the cards run
 * out, report the card, receive it).
 *
 * Why this file is long (~1,250 lines, past the ~500 of the rest of lib/):
 * `Game` is one hot loop, the inner loop of every simulation (a solo round
 * costs a few hundred nanoseconds, bench/engine_bench.ts). Its rule steps —
 * the deal, the turns, the card effects, Flip Three and its set-aside cards,
 * the end of a round, the table view the strategies read on every decision —
 * all read and write the same private typed arrays of the seats; split
 * across files they would need that state made public or reached through a
 * call per access.
 * What is not the rules, the draw pile and the discards, is `pile.ts`.
 *
 * Rulings (`rulings.ts`): every point where the official texts are silent is
 * read from `rules.rulings` — whether actions flipped during a Flip Three
 * wait (`actions`), the order the waiting ones resolve in
 * (`set-aside-order`), whether a Second Chance flipped during a Flip Three
 * waits with them (`chance-in-flip3`), running out of cards (`run-out`) and
 * ties at the top (`ties`).
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
import type { CardEffect, CardTable } from "./cards.ts";
import type { GameEvent, Listener } from "./events.ts";
import { Pile } from "./pile.ts";
import type { Rules } from "./rules.ts";
import * as view from "./view.ts";
import type { Strategy, TableView } from "./view.ts";

// The imported constants and functions as this module's own private
// bindings, not as named imports: V8 compiles a module's private `const`
// into the code that reads it as a constant, but loads an imported binding
// (or an exported one, even in its own module) from the binding's cell, and
// checks that it is initialised, at every use; a round reads a dozen of
// them (bench/HISTORY.md, "The round loop, session 33").
const {
  EFFECT_CHANCE,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_NUMBER,
  EFFECT_PLUS,
  EFFECT_TIMES,
  InputError,
  unhandledEffect,
} = cards;
const { BUSTED, FROZEN, STAYED } = view;

/** Bits of `Game.hooks`: some seat's strategy has `newGame`, `roundEnd`. */
const HOOK_NEW_GAME = 1, HOOK_ROUND_END = 2;

/** Marks a set-aside slot whose card has been resolved. */
const CONSUMED = 255;

/** How a seat takes a card (`takeCard`): the deal, a hit, a Flip Three's draws. */
const DEAL = 0, HIT = 1, FORCED = 2;

// A seat's state within a round in one 31-bit word (`Game.seat`), so that
// the round loop reads and clears a seat in one access (bench/HISTORY.md,
// "The round loop, session 32"); 0 is an active seat with nothing in front.
// The word holds what every card table shares: a line of up to LINE_KINDS
// number kinds (the table's numbers: `rules.cards`), and a flag for each
// kind of card that lies in front of a seat in numbers the table decides
// (its modifiers, its actions), counted beside the word.
/** Most number kinds a table the engine plays may have: the line's bits. */
const LINE_KINDS = 16;
/** Bits 0-15: the numbers of the line (bit v for number kind v). */
const LINE = (1 << LINE_KINDS) - 1;
/** Bit 16: some modifier lies in front of the seat (which: `Game.mods`). */
const MODS_BIT = 1 << 16;
/** Bit 17: a Second Chance in front of the seat. */
const CHANCE_BIT = 1 << 17;
/** Bits 18-19: the status (ACTIVE 0, STAYED, FROZEN, BUSTED). */
const STATUS_SHIFT = 18, STATUS_BITS = 3 << 18;
/** The status bits of a busted seat. */
const BUSTED_WORD = BUSTED << STATUS_SHIFT;
/** Bit 20: the seat has a Flip 7. */
const FLIP7_BIT = 1 << 20;
/** Bits 21-25: the number kind that busted the seat, plus one (0: none). */
const BUST_SHIFT = 21, BUST_BITS = 31 << 21;
/**
 * Bit 26: some action card (a Freeze, a Flip Three) lies in front of the
 * seat (how many of each: `Game.actions`).
 */
const ACTIONS_BIT = 1 << 26;
/** Bits 27-30: how many numbers the line holds (the bits of LINE counted). */
const COUNT_SHIFT = 27, COUNT_ONE = 1 << 27, MAX_COUNT = 15;
/** The bits of the cards in front of a seat other than its bust card. */
const FRONT_BITS = LINE | MODS_BIT | CHANCE_BIT | ACTIONS_BIT;
/** The flags of the cards counted beside the word. */
const BESIDE_BITS = MODS_BIT | ACTIONS_BIT;

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

/** Options of a {@linkcode Game}. */
export interface GameOptions {
  /** Seed of the game's random stream (default 0). */
  seed?: number;
  /** Stream number (default 0): game `g` of a run uses stream `g`. */
  stream?: number;
  /** Cards placed, top first, on the shuffled deck (kinds, see `cards.ts`). */
  stack?: readonly number[];
  /** Receives every event; when absent no event is built. */
  listener?: Listener | null;
  /** Seat that is first in round 1 (default 0); it passes left each round. */
  firstSeat?: number;
  /**
   * True: the stacked cards are the only draws, each taken from the pile
   * when it is drawn (after a reshuffle, from the discards shuffled into
   * it); once they are used up the pile counts as empty (the round ends
   * with a `deck_exhausted` event), so that a test can drive the engine card
   * by card (tests/kernel_test.ts); default false.
   */
  stackOnly?: boolean;
}

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
 * Refuse a rule set whose card table or scoring the seat word cannot hold:
 * more number kinds than the line's bits, a Flip 7 length the count bits
 * cannot reach, a modifier with more than one copy (the modifiers in front
 * are a mask), or more action cards than the set-aside list holds.
 */
function checkTable(rules: Rules): void {
  const t = rules.cards, deck = rules.deck;
  const bad = (why: string): never => {
    throw new InputError(`rules '${rules.name}': ${why}`);
  };
  if (deck.length !== t.kinds) {
    bad(`a deck of ${deck.length} kinds for a card table of ${t.kinds}`);
  }
  if (t.numberKinds > LINE_KINDS) {
    bad(`${t.numberKinds} number kinds: the engine plays up to ${LINE_KINDS}`);
  }
  const len = rules.flip7Length;
  if (!Number.isInteger(len) || len < 1 || len > MAX_COUNT) {
    bad(`a Flip 7 of ${len} numbers: allowed 1 to ${MAX_COUNT}`);
  }
  let others = 0;
  for (let k = 0; k < t.kinds; k++) {
    if (t.modBit[k] !== 0 && deck[k] > 1) {
      bad(`${deck[k]} copies of the modifier '${t.names[k]}': allowed 0 or 1`);
    }
    if (k >= t.numberKinds && t.modBit[k] === 0) others += deck[k];
  }
  if (others > CONSUMED - 1) {
    bad(`${others} action cards: the engine plays up to ${CONSUMED - 1}`);
  }
}

/** The number that busted a seat whose packed word is `w`, -1 if none. */
function bustCardOf(w: number): number {
  return ((w & BUST_BITS) >>> BUST_SHIFT) - 1;
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
export class Game implements TableView {
  /** The rules in play. */
  declare readonly rules: Rules;
  /** Number of seats. */
  declare readonly players: number;
  /**
   * The strategy of each seat. To change the seats assign an array (the same
   * one after changing it will do): the game notes then which seats have the
   * optional `newGame` and `roundEnd` hooks, so that a round does not look
   * them up on every seat.
   */
  get strategies(): Strategy[] {
    return this.seats;
  }
  set strategies(list: Strategy[]) {
    this.seats = list;
    this.hooks = 0;
    for (const st of list) {
      if (st.newGame !== undefined) this.hooks |= HOOK_NEW_GAME;
      if (st.roundEnd !== undefined) this.hooks |= HOOK_ROUND_END;
    }
  }
  private seats: Strategy[] = [];
  // which optional hooks some seat has (HOOK_NEW_GAME | HOOK_ROUND_END)
  private hooks = 0;
  /** Event listener, or null. */
  get listener(): Listener | null {
    return this.onEvent;
  }
  set listener(f: Listener | null) {
    this.onEvent = f ?? null;
  }
  // the listener, tested as `this.onEvent !== null` on every card: one
  // comparison, where V8 compiles a truthiness test of a field it has no
  // type for into half a dozen (bench/HISTORY.md, "Issue 26, session 37")
  declare private onEvent: Listener | null;

  declare private seed: number;
  declare private stream: number;
  declare private firstSeat: number;

  // where cards are, counted by kind: the draw pile and the discards are the
  // pile's (the deck's and the discards' tallies aliased here, read by the
  // table view on every call; the draw pile's through Pile.count)
  declare private readonly deck: Pile;
  declare private readonly deckCounts: Int32Array;
  declare private readonly discardCounts: Int32Array;
  declare private readonly frontCounts: Int32Array;
  private frontTotal = 0;
  declare private readonly asideCounts: Int32Array;
  private readonly aside = new Uint8Array(256);
  private asideTop = 0;
  declare private readonly size: number;

  // the card table (`rules.cards`), read once: what each kind does and its
  // parameter, the modifiers' bits, the face sums of a line. (A field
  // assigned in the constructor is `declare`d, so that it is created by its
  // first store, a typed array or a small integer, and the optimiser loads
  // it without checking its type; a field that starts as `undefined` is
  // checked at every use. bench/HISTORY.md, "Issue 40".)
  declare private readonly kinds: number;
  declare private readonly names: readonly string[];
  declare private readonly effects: Uint8Array;
  declare private readonly values: Float64Array;
  declare private readonly modBits: Int32Array;
  declare private readonly modKinds: Int32Array;
  declare private readonly actionKinds: Int32Array;
  declare private readonly chanceKind: number;
  declare private readonly numbers: number;
  declare private readonly sums: Int32Array;
  declare private readonly cards: CardTable;
  // the modifiers' sums and whole factors by modifier mask, when every
  // modifier adds a non-negative X or multiplies by a whole factor
  // (`plainMods`: the score needs no rounding or floor)
  declare private readonly plainMods: boolean;
  declare private readonly multOf: Int32Array;
  declare private readonly plusOf: Int32Array;
  // the scoring: the line count that is a Flip 7 (shifted to the word's
  // count bits) and its bonus
  declare private readonly flip7Count: number;
  declare private readonly flip7Bonus: number;

  // per seat: the packed word (LINE … COUNT_SHIFT above), the modifier mask
  // (bit i: the table's modifier i) and the actions in front, by kind
  // (`actions[seat * kinds + kind]`)
  declare private readonly seat: Int32Array;
  declare private readonly mods: Int32Array;
  declare private readonly actions: Uint8Array;
  // whole numbers below MAX_ROUNDS x 171 < 2^31; an Int32Array adds them
  // with an integer add (a Float64Array of whole numbers: checked conversions)
  declare private readonly totals: Int32Array;
  declare private readonly scores: Float64Array;
  declare private readonly lastOutcome: Uint8Array;

  private activeCount = 0;
  private roundOver = false;
  // true between rounds once a round (or newGame) has cleared the seats, the
  // cards in front and the set-aside cards; false while a round is played
  // (and if one was left half-played by a throwing strategy)
  private tidy = false;
  // the rulings, read once
  declare private readonly deferActions: boolean;
  declare private readonly forcedDrawsFirst: boolean;
  declare private readonly chanceWaits: boolean;
  declare private readonly tiesDraw: boolean;
  declare private readonly freshDeck: boolean;
  /** Rounds played so far in this game. */
  round = 0;

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
    const n = strategies.length;
    if (n < rules.minPlayers || n > rules.maxPlayers) {
      throw new InputError(
        `${n} player${
          n === 1 ? "" : "s"
        } given: the '${rules.name}' rules allow ${rules.minPlayers} to ${rules.maxPlayers}`,
      );
    }
    this.rules = rules;
    const table = rules.cards;
    checkTable(rules);
    this.cards = table;
    this.kinds = table.kinds;
    this.names = table.names;
    this.effects = Uint8Array.from(table.effects);
    this.values = Float64Array.from(table.values);
    this.modBits = Int32Array.from(table.modBit);
    this.modKinds = Int32Array.from(table.modifierKinds);
    this.actionKinds = Int32Array.from(
      table.effects.flatMap((e, k) =>
        e === EFFECT_FREEZE || e === EFFECT_FLIP ? [k] : []
      ),
    );
    this.chanceKind = table.chanceKind;
    this.numbers = table.numberKinds;
    this.sums = table.sumOfMask;
    this.plainMods = table.modifierKinds.every((k) =>
      table.effects[k] === EFFECT_PLUS
        ? table.values[k] >= 0
        : Number.isInteger(table.values[k])
    );
    this.multOf = Int32Array.from(table.timesOfMods, Math.trunc);
    this.plusOf = table.plusOfMods;
    this.flip7Count = rules.flip7Length << COUNT_SHIFT;
    this.flip7Bonus = rules.flip7Bonus;
    this.frontCounts = new Int32Array(this.kinds);
    this.asideCounts = new Int32Array(this.kinds);
    const ru = rules.rulings;
    this.deferActions = ru.actions === "deferred";
    this.forcedDrawsFirst = ru.setAsideOrder === "forced-draws-first";
    this.chanceWaits = ru.chanceInFlip3 === "after-the-three";
    this.tiesDraw = ru.ties === "draw";
    this.freshDeck = rules.freshDeckEachRound;
    this.players = n;
    this.strategies = strategies;
    this.onEvent = options.listener ?? null;
    this.seed = options.seed ?? 0;
    this.stream = options.stream ?? 0;
    this.deck = new Pile(
      rules,
      options.stack ?? [],
      options.stackOnly ?? false,
    );
    this.firstSeat = options.firstSeat ?? 0;
    this.size = this.deck.size;
    this.deckCounts = this.deck.deckCounts;
    this.discardCounts = this.deck.discards;
    this.seat = new Int32Array(n);
    this.mods = new Int32Array(n);
    this.actions = new Uint8Array(n * this.kinds);
    this.totals = new Int32Array(n);
    this.scores = new Float64Array(n);
    this.lastOutcome = new Uint8Array(n);
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

  /** No card in front of anyone or set aside, every seat clear. */
  private clearTable(): void {
    const front = this.frontCounts, aside = this.asideCounts;
    // plain loops: TypedArray.fill costs more than these few stores per call
    for (let k = 0; k < this.kinds; k++) front[k] = aside[k] = 0;
    this.frontTotal = 0;
    this.asideTop = 0;
    this.resetSeats();
  }

  /** Clear every seat: no line, no modifiers, active again. */
  private resetSeats(): void {
    for (let s = 0; s < this.players; s++) this.resetSeat(s);
  }

  /** Clear seat `s`: no line, no modifiers, active again. */
  private resetSeat(s: number): void {
    if (this.seat[s] & BESIDE_BITS) this.clearBeside(s);
    this.seat[s] = 0;
  }

  /** Clear the modifiers and the actions in front of seat `s` (kept beside its word). */
  private clearBeside(s: number): void {
    this.mods[s] = 0;
    const acts = this.actionKinds, base = s * this.kinds;
    for (let i = 0; i < acts.length; i++) this.actions[base + acts[i]] = 0;
  }

  /** The status of seat `s` (ACTIVE, STAYED, FROZEN, BUSTED). */
  private statusOf(s: number): number {
    return (this.seat[s] >>> STATUS_SHIFT) & 3;
  }

  /** Seat `s` is no longer active: `status` is STAYED, FROZEN or BUSTED. */
  private leave(s: number, status: number): void {
    this.seat[s] = (this.seat[s] & ~STATUS_BITS) | (status << STATUS_SHIFT);
    this.activeCount--;
  }

  /** What seat `s`, whose word is `w`, banks if it stops now (0 after a bust). */
  private wordScore(w: number, s: number): number {
    if ((w & STATUS_BITS) === BUSTED_WORD) return 0;
    if (w & MODS_BIT) return this.modsScore(w, s);
    return this.sums[w & LINE] + (w & FLIP7_BIT ? this.flip7Bonus : 0);
  }

  /**
   * {@linkcode wordScore} of a seat with modifiers in front: the card
   * table's scoring, in integers where no modifier can round or floor it.
   */
  private modsScore(w: number, s: number): number {
    const bonus = w & FLIP7_BIT ? this.flip7Bonus : 0, m = this.mods[s];
    return this.plainMods
      ? this.multOf[m] * this.sums[w & LINE] + this.plusOf[m] + bonus
      : this.cards.score(w & LINE, m, bonus);
  }

  /** Seat `s` holds a Second Chance. */
  private holdsChance(s: number): boolean {
    return (this.seat[s] & CHANCE_BIT) !== 0;
  }

  // ---- TableView -------------------------------------------------------

  /** Bit mask of the distinct numbers in a seat's line (bit v for number v). */
  lineMask(seat: number): number {
    return this.seat[seat] & LINE;
  }
  /** How many number cards a seat's line holds. */
  lineCount(seat: number): number {
    return this.seat[seat] >>> COUNT_SHIFT;
  }
  /** Sum of the face values in a seat's line. */
  numberSum(seat: number): number {
    return this.sums[this.seat[seat] & LINE];
  }
  /** Bit mask of the modifiers in front of a seat (bit i: the table's modifier i, `+2` bit 0 … `x2` bit 5). */
  modMask(seat: number): number {
    return this.mods[seat];
  }
  /** True when the seat holds a Second Chance. */
  hasChance(seat: number): boolean {
    return this.holdsChance(seat);
  }
  /** Cards in front of the seat (numbers, modifiers, Second Chance, actions played on it). */
  cardsInFront(seat: number): number {
    const w = this.seat[seat];
    let m = this.mods[seat], c = w >>> COUNT_SHIFT;
    while (m) {
      c++;
      m &= m - 1;
    }
    if (w & ACTIONS_BIT) {
      const acts = this.actionKinds, base = seat * this.kinds;
      for (let i = 0; i < acts.length; i++) c += this.actions[base + acts[i]];
    }
    return c + (w & CHANCE_BIT ? 1 : 0) + (w & BUST_BITS ? 1 : 0);
  }
  /** What the seat would bank if it stopped now (0 after a bust). */
  roundScore(seat: number): number {
    return this.wordScore(this.seat[seat], seat);
  }
  /** The seat's game total before this round. */
  total(seat: number): number {
    return this.totals[seat];
  }
  /** True while the seat is still in the round (not stayed, frozen or bust). */
  isActive(seat: number): boolean {
    return (this.seat[seat] & STATUS_BITS) === 0;
  }
  /** Copies of `kind` not visible on the table (deck minus cards in front of anyone). */
  unseenTable(kind: number): number {
    return this.deckCounts[kind] - this.frontCounts[kind];
  }
  /** Total of {@linkcode unseenTable} over all kinds. */
  unseenTableTotal(): number {
    return this.size - this.frontTotal;
  }
  /** Copies of `kind` the next card can be: exact count of the draw pile. */
  unseenExact(kind: number): number {
    return this.deck.total > 0
      ? this.deck.count(kind)
      : this.discardCounts[kind];
  }
  /** Total of {@linkcode unseenExact} over all kinds. */
  unseenExactTotal(): number {
    const deck = this.deck;
    return deck.total > 0 ? deck.total : deck.discardTotal;
  }

  /** A seat's status: ACTIVE, STAYED, FROZEN or BUSTED. */
  seatStatus(seat: number): number {
    return this.statusOf(seat);
  }

  /** How the seat's last completed round ended: OUT_BANKED, OUT_BUST or OUT_FLIP7. */
  lastRoundOutcome(seat: number): number {
    return this.lastOutcome[seat];
  }

  /** Number of seats still active in the round. */
  activeSeats(): number {
    return this.activeCount;
  }

  /** The seat that is first in the current (or next) round. */
  firstOfRound(round = this.round): number {
    // (no division while the seat needs no wrapping: a solo table, early rounds)
    const f = this.firstSeat + round - 1;
    return f >= 0 && f < this.players ? f : f % this.players;
  }

  /** Cards in the draw pile. */
  pileSize(): number {
    return this.deck.total;
  }

  /** Cards in the discard pile. */
  discardSize(): number {
    return this.deck.discardTotal;
  }

  /**
   * Copies of `kind` in the draw pile (what {@linkcode unseenExact} reads
   * while the pile is not empty): for tests and tools that compare the
   * engine with a model card by card.
   */
  pileCount(kind: number): number {
    return this.deck.count(kind);
  }

  /** Copies of `kind` in the discard pile (for tests and tools, as {@linkcode pileCount}). */
  discardCount(kind: number): number {
    return this.discardCounts[kind];
  }

  /** True once the current round has ended. */
  isRoundOver(): boolean {
    return this.roundOver;
  }

  // ---- cards -------------------------------------------------------------

  /**
   * Seat `s` takes the next card (`how`: the deal, a hit or a Flip Three's
   * draw) and it takes effect. When the pile is empty the discards are
   * reshuffled into it if the `run-out` ruling allows (module doc,
   * "Termination"); else the round ends.
   *
   * @returns false when there was no card (the round is over)
   */
  private takeCard(s: number, how: number): boolean {
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
   * line (bench/HISTORY.md, "The round loop, session 31").
   */
  private place(s: number, k: number, inFlip3: boolean): void {
    if (k >= this.numbers) {
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

  /** Tell the listener seat `s` took card `k` (`how`: the deal, a hit or a Flip Three's draw). */
  private reportCard(s: number, k: number, how: number): void {
    this.onEvent!(
      how === DEAL ? { type: "deal", seat: s, card: this.names[k] } : {
        type: "draw",
        seat: s,
        card: this.names[k],
        flip3: how === FORCED,
      },
    );
  }

  /** Count a card as lying in front of a seat. */
  private toFront(kind: number): void {
    this.frontCounts[kind]++;
    this.frontTotal++;
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
    for (let s = first, deal = n; !this.roundOver && this.activeCount > 0;) {
      const w = this.seat[s];
      if ((w & STATUS_BITS) === 0) { // active
        // (a seat with nothing in front cannot stay)
        if (deal > 0 || (w & FRONT_BITS) === 0 || this.seats[s].hit(this, s)) {
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

  /** A card other than a number arrives in front of seat `s` (from a hit, the deal or a Flip Three). */
  private receiveOther(s: number, k: number, inFlip3: boolean): void {
    const effect = this.effects[k] as CardEffect;
    switch (effect) {
      case EFFECT_NUMBER: // (place takes numbers itself)
        this.place(s, k, inFlip3);
        return;
      case EFFECT_PLUS:
      case EFFECT_TIMES:
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
        if (inFlip3 && this.deferActions) this.setAside(s, k);
        else this.resolveAction(s, k);
        return;
      default:
        unhandledEffect(effect);
    }
  }

  /** A card waits until the Flip Three's three cards are done. */
  private setAside(s: number, k: number): void {
    this.asideCounts[k]++;
    this.aside[this.asideTop++] = k;
    if (this.onEvent !== null) {
      this.onEvent({ type: "set_aside", seat: s, card: this.names[k] });
    }
  }

  /** Seat `s` draws a number its line holds: a Second Chance saves it, or it busts. */
  private duplicate(s: number, k: number): void {
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
      this.leave(s, BUSTED);
      this.toFront(k);
      if (this.onEvent !== null) {
        this.onEvent({ type: "bust", seat: s, card: this.names[k] });
      }
    }
  }

  /** Seat `s` has seven numbers: a Flip 7, the round is over. */
  private sevenNumbers(s: number): void {
    this.seat[s] |= FLIP7_BIT;
    this.roundOver = true;
    if (this.onEvent !== null) {
      this.onEvent({ type: "flip7", seat: s, score: this.roundScore(s) });
    }
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

  /** Seat `s` plays a Freeze or Flip Three (a Flip N) on a seat of its choice. */
  private resolveAction(s: number, k: number): void {
    const t = this.actionTarget(s, k);
    const effect = this.effects[k];
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
        if (this.roundOver || !this.isActive(t)) {
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
      if (!this.roundOver && this.isActive(t)) {
        if (this.effects[k] === EFFECT_CHANCE) this.takeChance(t);
        else this.resolveAction(t, k);
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
      if (this.roundOver || !this.isActive(t)) break;
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
    this.roundOver = true;
    this.tidy = true;
    if (this.onEvent !== null) this.reportRoundEnd();
  }

  // (the rare parts of a round out of line, so that its common steps fit the
  // optimiser's inlining budget: bench/HISTORY.md, "The round loop, session 32")

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

  /** Tell the listener seat `s` stayed. */
  private reportStay(s: number): void {
    this.onEvent!({ type: "stay", seat: s, score: this.roundScore(s) });
  }

  /**
   * Add every card in front of seat `s` to `into` (counts by kind), clear
   * their front counts, and clear the seat: no line, no modifiers, active
   * again.
   */
  private gatherSeat(s: number, into: Int32Array): void {
    const front = this.frontCounts, w = this.seat[s];
    let m = w & LINE;
    while (m) {
      const v = 31 - Math.clz32(m & -m);
      into[v]++;
      front[v] = 0;
      m &= m - 1;
    }
    if (w & MODS_BIT) {
      const kinds = this.modKinds;
      for (let md = this.mods[s]; md !== 0; md &= md - 1) {
        const k = kinds[31 - Math.clz32(md & -md)];
        into[k]++;
        front[k] = 0;
      }
    }
    if (w & CHANCE_BIT) {
      into[this.chanceKind]++;
      front[this.chanceKind] = 0;
    }
    const b = bustCardOf(w);
    if (b >= 0) {
      into[b]++;
      front[b] = 0;
    }
    if (w & ACTIONS_BIT) {
      const acts = this.actionKinds, base = s * this.kinds;
      for (let i = 0; i < acts.length; i++) {
        const a = acts[i], c = this.actions[base + a];
        if (c) {
          into[a] += c;
          front[a] = 0;
        }
      }
    }
    this.resetSeat(s);
  }

  // ---- a whole game --------------------------------------------------------

  /** True when the game is over after the last completed round. */
  isGameOver(): boolean {
    let best = -1, count = 0;
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
    let best = -1, who: number | null = null;
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

  /**
   * Check that every card is in exactly one place: for each kind, the draw
   * pile, the discards, what is in front of each player (recounted from the
   * seats' own state) and the set-aside actions add up to the deck.
   *
   * @returns null when conserved, else a description of the first mismatch.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "./rules.ts";
   * import { makeStrategy } from "../run/registry.ts";
   * const g = new Game(getRules(), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
   * g.playRound();
   * assert.equal(g.checkConservation(), null);
   * ```
   */
  checkConservation(): string | null {
    const kinds = this.kinds, names = this.names;
    const front = new Int32Array(kinds);
    for (let s = 0; s < this.players; s++) {
      const w = this.seat[s];
      let count = 0;
      for (let v = 0; v < this.numbers; v++) {
        if (w & (1 << v)) {
          front[v]++;
          count++;
        }
      }
      if (
        w >>> COUNT_SHIFT !== count ||
        (w & LINE) >>> this.numbers !== 0
      ) {
        return `seat ${s}: the line's count bits disagree with its numbers`;
      }
      const md = this.mods[s];
      if (((w & MODS_BIT) !== 0) !== (md !== 0)) {
        return `seat ${s}: the modifiers bit disagrees with the modifiers in front`;
      }
      this.modKinds.forEach((k, i) => {
        if (md & (1 << i)) front[k]++;
      });
      if (w & CHANCE_BIT) front[this.chanceKind]++;
      const b = bustCardOf(w);
      if (b >= 0) front[b]++;
      let acted = 0;
      for (const a of this.actionKinds) {
        const c = this.actions[s * kinds + a];
        front[a] += c;
        acted += c;
      }
      if (((w & ACTIONS_BIT) !== 0) !== (acted > 0)) {
        return `seat ${s}: the actions bit disagrees with the actions in front`;
      }
    }
    // the pile and the discards check their own tallies (Pile.check)
    const bad = this.deck.check();
    if (bad !== null) return bad;
    const pile = this.deck.counts;
    const aside = new Int32Array(kinds);
    for (let j = 0; j < this.asideTop; j++) {
      if (this.aside[j] !== CONSUMED) aside[this.aside[j]]++;
    }
    let frontTotal = 0;
    for (let k = 0; k < kinds; k++) {
      if (front[k] !== this.frontCounts[k]) {
        return `front count of ${names[k]}: ${this.frontCounts[k]} counted, ${
          front[k]
        } in front of players`;
      }
      if (aside[k] !== this.asideCounts[k]) {
        return `set-aside count of ${names[k]} is off`;
      }
      const sum = pile[k] + this.discardCounts[k] + front[k] + aside[k];
      if (sum !== this.deckCounts[k]) {
        return `${names[k]}: ${sum} cards found, the deck has ${
          this.deckCounts[k]
        }`;
      }
      frontTotal += front[k];
    }
    if (frontTotal !== this.frontTotal) return "front total is off";
    return null;
  }
}

/** Convenience: the event type re-exported for engine users. */
export type { GameEvent };
