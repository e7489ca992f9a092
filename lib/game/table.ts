/**
 * The table the engine plays on: every seat's state within a round packed in
 * typed arrays, the cards counted by place, the scoring of a seat, the
 * {@linkcode TableView} the strategies read, and the recount that checks
 * that every card is in one place. {@linkcode Table} is the base of the
 * engine's class (`Game`, `engine.ts`, through the Vengeance edition's
 * interactive effects, `interactive.ts`): the three files are one class
 * split by subject, its state `protected` for its own subclasses only.
 *
 * A seat's state within a round is one integer word (the constants below:
 * its line a mask of number kinds — a line never holds a kind twice — and
 * their count, its Second Chance, status, bust card and Flip 7, and a flag
 * for modifiers and one for actions in front, whose kinds are counted
 * beside the word), so that the round loop reads and clears a seat in one
 * access (bench/HISTORY.md, "The round loop, session 32").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "./engine.ts";
 * import { getRules } from "./rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const g = new Game(getRules(), [makeStrategy("sum:20")], { seed: 1, stack: [5, 7] });
 * g.playRound();
 * assert.equal(g.roundScore(0), 0); // the table is cleared at the round's end
 * assert.equal(g.lastRoundOutcome(0) !== undefined, true);
 * assert.equal(g.checkConservation(), null);
 * ```
 * @module
 */

import * as cards from "./cards.ts";
import type { CardTable } from "./cards.ts";
import type { Listener } from "./events.ts";
import { Pile } from "./pile.ts";
import type { Rules } from "./rules.ts";
import * as view from "./view.ts";
import type { Strategy, TableView } from "./view.ts";

// (private bindings of imported constants: engine.ts says why)
const { EFFECT_FLIP, EFFECT_FREEZE, EFFECT_PLUS, InputError } = cards;
const { BUSTED, STAYED } = view;

/** Bits of `Table.hooks`: some seat's strategy has `newGame`, `roundEnd`. */
const HOOK_NEW_GAME = 1, HOOK_ROUND_END = 2;

/** Marks a set-aside slot whose card has been resolved. */
const CONSUMED = 255;

/**
 * How a seat takes a card (`takeCard`): the deal, a hit, one of a Flip N's
 * cards (set aside where the `actions` ruling defers), one of a Just One
 * More's (taking effect at once).
 */
const DEAL = 0, HIT = 1, FORCED = 2, ONE_MORE = 3;

// The word holds what every card table shares: a line of up to LINE_KINDS
// number kinds (the table's numbers: `rules.cards`), and a flag for each
// kind of card that lies in front of a seat in numbers the table decides
// (its modifiers, its actions), counted beside the word; 0 is an active
// seat with nothing in front.
/** Most number kinds a table the engine plays may have: the line's bits. */
const LINE_KINDS = 16;
/** Bits 0-15: the numbers of the line (bit v for number kind v). */
const LINE = (1 << LINE_KINDS) - 1;
/** Bit 16: some modifier lies in front of the seat (which: `Table.mods`). */
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
 * seat (how many of each: `Table.actions`).
 */
const ACTIONS_BIT = 1 << 26;
/** Bits 27-30: how many numbers the line holds (the bits of LINE counted). */
const COUNT_SHIFT = 27, COUNT_ONE = 1 << 27, MAX_COUNT = 15;
/** The count bits. */
const COUNT_BITS = MAX_COUNT << COUNT_SHIFT;
/** The bits of the cards in front of a seat other than its bust card. */
const FRONT_BITS = LINE | MODS_BIT | CHANCE_BIT | ACTIONS_BIT;
/** The flags of the cards counted beside the word. */
const BESIDE_BITS = MODS_BIT | ACTIONS_BIT;
/**
 * The Vengeance edition's effects held by a seat under
 * `special-transfer=stay-with-owner` (`Table.fx`): the Zero's and Lucky
 * 13's, kept by the player who drew the card.
 */
const FX_ZERO = 1, FX_LUCKY = 2;

/**
 * The seat word's layout and the engine's codes, for the other files of the
 * engine's class (`interactive.ts`, `engine.ts`, which copy them into
 * module-private constants: an exported binding is read through its cell at
 * every use, a private one is compiled in; bench/HISTORY.md, "The round
 * loop, session 33"). The kernel reads `FX_ZERO` and `FX_LUCKY`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { LAYOUT } from "./table.ts";
 * assert.equal(LAYOUT.LINE, (1 << LAYOUT.LINE_KINDS) - 1);
 * ```
 */
export const LAYOUT = Object.freeze({
  HOOK_NEW_GAME,
  HOOK_ROUND_END,
  CONSUMED,
  DEAL,
  HIT,
  FORCED,
  ONE_MORE,
  LINE_KINDS,
  LINE,
  MODS_BIT,
  CHANCE_BIT,
  STATUS_SHIFT,
  STATUS_BITS,
  BUSTED_WORD,
  FLIP7_BIT,
  BUST_SHIFT,
  BUST_BITS,
  ACTIONS_BIT,
  COUNT_SHIFT,
  COUNT_ONE,
  MAX_COUNT,
  COUNT_BITS,
  FRONT_BITS,
  BESIDE_BITS,
  FX_ZERO,
  FX_LUCKY,
});

/** Options of a game (`Game`). */
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

/**
 * Refuse a rule set whose card table or scoring the seat word cannot hold:
 * more number kinds than the line's bits, a Flip 7 length the count bits
 * cannot reach, a modifier with more than one copy (the modifiers in front
 * are a mask), or more cards to set aside than the set-aside list holds.
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
    if (k >= t.numberKinds) others += deck[k];
  }
  if (others > CONSUMED - 1) {
    bad(
      `${others} cards other than numbers: the engine plays up to ${
        CONSUMED - 1
      }`,
    );
  }
}

/** The number that busted a seat whose packed word is `w`, -1 if none. */
function bustCardOf(w: number): number {
  return ((w & BUST_BITS) >>> BUST_SHIFT) - 1;
}

/** The seats' state, the cards by place, the scoring and the table view (see the module doc). */
export abstract class Table implements TableView {
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
  protected seats: Strategy[] = [];
  // which optional hooks some seat has (HOOK_NEW_GAME | HOOK_ROUND_END)
  protected hooks = 0;
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
  declare protected onEvent: Listener | null;

  declare protected seed: number;
  declare protected stream: number;
  declare protected firstSeat: number;

  // where cards are, counted by kind: the draw pile and the discards are the
  // pile's (the deck's and the discards' tallies aliased here, read by the
  // table view on every call; the draw pile's through Pile.count)
  declare protected readonly deck: Pile;
  declare protected readonly deckCounts: Int32Array;
  declare protected readonly discardCounts: Int32Array;
  declare protected readonly frontCounts: Int32Array;
  protected frontTotal = 0;
  declare protected readonly asideCounts: Int32Array;
  protected readonly aside: Uint8Array = new Uint8Array(256);
  protected asideTop = 0;
  declare protected readonly size: number;

  // the card table (`rules.cards`), read once: what each kind does and its
  // parameter, the modifiers' bits, the face sums of a line. (A field
  // assigned in the constructor is `declare`d, so that it is created by its
  // first store, a typed array or a small integer, and the optimiser loads
  // it without checking its type; a field that starts as `undefined` is
  // checked at every use. bench/HISTORY.md, "Issue 40".)
  declare protected readonly kinds: number;
  declare protected readonly names: readonly string[];
  declare protected readonly effects: Uint8Array;
  declare protected readonly values: Float64Array;
  declare protected readonly modBits: Int32Array;
  declare protected readonly modKinds: Int32Array;
  declare protected readonly actionKinds: Int32Array;
  declare protected readonly chanceKind: number;
  declare protected readonly numbers: number;
  // the number kinds below it take the round loop's short path (every
  // number kind of a table of plain numbers, none of the Vengeance table)
  declare protected readonly fast: number;
  declare protected readonly sums: Int32Array;
  declare protected readonly cards: CardTable;
  // the modifiers' sums and whole factors by modifier mask, when every
  // modifier adds a non-negative X or multiplies by a whole factor
  // (`plainMods`: the score needs no rounding or floor)
  declare protected readonly plainMods: boolean;
  declare protected readonly multOf: Int32Array;
  declare protected readonly plusOf: Int32Array;
  // the scoring: the line count that is a Flip 7 (shifted to the word's
  // count bits) and its bonus; the word bits that send a score to the
  // card table's scoring (MODS_BIT, and the Zero's bits under the
  // Vengeance edition)
  declare protected readonly flip7Count: number;
  declare protected readonly flip7Bonus: number;
  declare protected readonly slowScore: number;

  // per seat: the packed word (LINE … COUNT_SHIFT above), the modifier mask
  // (bit i: the table's modifier i) and the actions in front, by kind
  // (`actions[seat * kinds + kind]`); the Vengeance effects a seat keeps
  // under `special-transfer=stay-with-owner` (FX_ZERO | FX_LUCKY)
  declare protected readonly seat: Int32Array;
  declare protected readonly mods: Int32Array;
  declare protected readonly actions: Uint8Array;
  declare protected readonly fx: Uint8Array;
  // game totals (whole numbers: an Int32Array adds them with an integer
  // add, a Float64Array of whole numbers with checked conversions); round
  // scores; how each seat's last round ended
  declare protected readonly totals: Int32Array;
  declare protected readonly scores: Float64Array;
  declare protected readonly lastOutcome: Uint8Array;

  protected activeCount = 0;
  protected roundOver = false;
  // true between rounds once a round (or newGame) has cleared the seats, the
  // cards in front and the set-aside cards; false while a round is played
  // (and if one was left half-played by a throwing strategy)
  protected tidy = false;
  // the rulings, read once (the Vengeance edition's only under it)
  declare protected readonly deferActions: boolean;
  declare protected readonly forcedDrawsFirst: boolean;
  declare protected readonly chanceWaits: boolean;
  declare protected readonly tiesDraw: boolean;
  declare protected readonly freshDeck: boolean;
  // the Vengeance edition: modifiers are given, played actions discarded,
  // a seat may have to hit while it holds a Zero's effect (`forcedHits`)
  declare protected readonly vengeance: boolean;
  declare protected readonly forcedHits: boolean;
  declare protected readonly emptyHits: boolean;
  declare protected readonly dealt: boolean;
  declare protected readonly forceStayed: boolean;
  declare protected readonly followCard: boolean;
  declare protected readonly brutal: boolean;
  /** Rounds played so far in this game. */
  round = 0;

  /**
   * The table of a game (`Game`'s constructor).
   *
   * @throws {InputError} for a player count the rules do not allow, an
   *   impossible stacked deck, or a card table the seat word cannot hold
   */
  constructor(rules: Rules, strategies: Strategy[], options: GameOptions) {
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
    const v = rules.edition === "vengeance", ru = rules.rulings;
    this.cards = table;
    this.kinds = table.kinds;
    this.names = table.names;
    this.effects = Uint8Array.from(table.effects);
    this.values = Float64Array.from(table.values);
    this.modBits = Int32Array.from(table.modBit);
    this.modKinds = Int32Array.from(table.modifierKinds);
    // (the Vengeance edition discards a played action: none lies in front)
    this.actionKinds = Int32Array.from(
      table.effects.flatMap((e, k) =>
        !v && (e === EFFECT_FREEZE || e === EFFECT_FLIP) ? [k] : []
      ),
    );
    this.chanceKind = table.chanceKind;
    this.numbers = table.numberKinds;
    this.fast = table.plainNumbers ? table.numberKinds : 0;
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
    this.deferActions = ru.actions === "deferred";
    this.forcedDrawsFirst = ru.setAsideOrder === "forced-draws-first";
    this.chanceWaits = ru.chanceInFlip3 === "after-the-three";
    this.tiesDraw = ru.ties === "draw";
    this.freshDeck = rules.freshDeckEachRound;
    this.vengeance = v;
    this.forcedHits = v && table.zeroMask !== 0;
    this.emptyHits = !v || ru.stayEmpty === "no";
    this.dealt = !v || ru.opening === "deal";
    this.forceStayed = v && ru.forceStayed === "yes";
    this.followCard = !v || ru.specialTransfer === "follow-card";
    this.brutal = v && ru.brutal === "on";
    // (a Zero's effect kept by its drawer, `stay-with-owner`, is not in the
    // word: every seat then takes the card table's scoring)
    this.slowScore = !v
      ? MODS_BIT
      : this.followCard
      ? MODS_BIT | table.zeroMask
      : -1;
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
    this.fx = new Uint8Array(n);
    this.totals = new Int32Array(n);
    this.scores = new Float64Array(n);
    this.lastOutcome = new Uint8Array(n);
  }

  /** No card in front of anyone or set aside, every seat clear. */
  protected clearTable(): void {
    const front = this.frontCounts, aside = this.asideCounts;
    // plain loops: TypedArray.fill costs more than these few stores per call
    for (let k = 0; k < this.kinds; k++) front[k] = aside[k] = 0;
    this.frontTotal = 0;
    this.asideTop = 0;
    this.resetSeats();
    this.fx.fill(0);
  }

  /** Clear every seat: no line, no modifiers, active again. */
  protected resetSeats(): void {
    for (let s = 0; s < this.players; s++) this.resetSeat(s);
  }

  /** Clear seat `s`: no line, no modifiers, active again. */
  protected resetSeat(s: number): void {
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
  protected statusOf(s: number): number {
    return (this.seat[s] >>> STATUS_SHIFT) & 3;
  }

  /** Active seat `s` is no longer active: `status` is STAYED, FROZEN or BUSTED. */
  protected leave(s: number, status: number): void {
    this.seat[s] = (this.seat[s] & ~STATUS_BITS) | (status << STATUS_SHIFT);
    this.activeCount--;
  }

  /** Seat `s` busts or stays, whatever its status was (an active seat leaves the round). */
  protected setStatus(s: number, status: number): void {
    if (this.isActive(s)) this.leave(s, status);
    else {
      this.seat[s] = (this.seat[s] & ~STATUS_BITS) | (status << STATUS_SHIFT);
    }
  }

  /**
   * True while seat `t` can still be dealt cards by a Flip N or a Just One
   * More: it is active, or, under the Vengeance ruling `force-stayed=yes`,
   * it has not bust.
   */
  protected inPlay(t: number): boolean {
    return this.forceStayed
      ? (this.seat[t] & STATUS_BITS) !== BUSTED_WORD
      : this.isActive(t);
  }

  /** What seat `s`, whose word is `w`, banks if it stops now (0 after a bust). */
  protected wordScore(w: number, s: number): number {
    if ((w & STATUS_BITS) === BUSTED_WORD) {
      return this.brutal ? this.cards.plusOfMods[this.mods[s]] : 0;
    }
    if (w & this.slowScore) return this.modsScore(w, s);
    return this.sums[w & LINE] + (w & FLIP7_BIT ? this.flip7Bonus : 0);
  }

  /**
   * {@linkcode wordScore} of a seat with modifiers in front (or a Zero): the
   * card table's scoring, in integers where no modifier can round or floor
   * it.
   */
  private modsScore(w: number, s: number): number {
    const flip7 = (w & FLIP7_BIT) !== 0, m = this.mods[s];
    const bonus = flip7 ? this.flip7Bonus : 0;
    if (this.vengeance) {
      return this.cards.roundScore(
        w & LINE,
        m,
        bonus,
        flip7,
        this.holdsZero(s),
        !this.brutal,
      );
    }
    return this.plainMods
      ? this.multOf[m] * this.sums[w & LINE] + this.plusOf[m] + bonus
      : this.cards.score(w & LINE, m, bonus);
  }

  /** Seat `s` holds a Zero's effect: it must hit, and scores 0 without a Flip 7. */
  protected holdsZero(s: number): boolean {
    return this.followCard
      ? (this.seat[s] & this.cards.zeroMask) !== 0
      : (this.fx[s] & FX_ZERO) !== 0;
  }

  /** Seat `s` holds a Second Chance. */
  protected holdsChance(s: number): boolean {
    return (this.seat[s] & CHANCE_BIT) !== 0;
  }

  /** Count a card as lying in front of a seat. */
  protected toFront(kind: number): void {
    this.frontCounts[kind]++;
    this.frontTotal++;
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

  /** Tell the listener seat `s` stayed. */
  protected reportStay(s: number): void {
    this.onEvent!({ type: "stay", seat: s, score: this.roundScore(s) });
  }

  /** Seat `s` stays: it leaves the round (a stay asked of it, or forced by a Just One More). */
  protected stay(s: number): void {
    this.leave(s, STAYED);
    if (this.onEvent !== null) this.reportStay(s);
  }

  /**
   * Add every card in front of seat `s` to `into` (counts by kind), clear
   * their front counts, and clear the seat: no line, no modifiers, active
   * again.
   */
  protected gatherSeat(s: number, into: Int32Array): void {
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

  /**
   * Check that every card is in exactly one place: for each kind, the draw
   * pile, the discards, what is in front of each player (recounted from the
   * seats' own state) and the set-aside cards add up to the deck.
   *
   * @returns null when conserved, else a description of the first mismatch.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Game } from "./engine.ts";
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
