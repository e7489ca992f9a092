/**
 * The draw pile and the discards of one table: where the cards are that no
 * one holds, the seeded draw, the reshuffle of the discards when the pile
 * runs out, and the recount that checks them. {@linkcode Game} owns one and
 * counts the cards in front of the players and set aside itself.
 *
 * Drawing takes a uniformly random card of the live pile (a lazy
 * Fisher–Yates shuffle), which is the same in law as drawing the top card of
 * a shuffled pile, and costs one random number per card instead of a shuffle
 * per round. Stacked cards (a test's fixed deck top) come first.
 *
 * Every card of the pile is counted by kind ({@linkcode Pile.count},
 * {@linkcode Pile.counts}; stacked cards not yet drawn included) and every
 * discard in {@linkcode Pile.discards}; the engine reads both for the table
 * view, and {@linkcode Pile.check} recounts the pile array against them. A
 * draw does not touch the counts: the cards drawn since they were last read
 * lie at the end of the pile array, and a read subtracts them first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "./rules.ts";
 * const pile = new Pile(getRules("standard"), [], false);
 * pile.newGame(1, 0, false);
 * const k = pile.draw();
 * assert.ok(k >= 0);
 * assert.equal(pile.total, 93); // one card drawn from the 94
 * pile.discard(k);
 * assert.equal(pile.discardTotal, 1);
 * assert.equal(pile.check(), null);
 * ```
 * @module
 */

import { Rng } from "./rng.ts";
import { checkStack, deckSize, type Rules } from "./rules.ts";

/**
 * The draw pile and discard pile of a table (see the module doc).
 *
 * Its methods are the engine's per-card steps; they allocate nothing.
 */
export class Pile {
  /** Cards in the deck. */
  declare readonly size: number;
  /** The deck's count of each kind. */
  declare readonly deckCounts: Int32Array;
  /**
   * Cards of each kind in the draw pile (stacked cards not yet drawn
   * included), brought up to date by this read. The array stays valid until
   * the next draw.
   */
  get counts(): Int32Array {
    this.sync();
    return this.kinds;
  }
  /** Cards of `kind` in the draw pile (stacked cards not yet drawn included). */
  count(kind: number): number {
    this.sync();
    return this.kinds[kind];
  }
  // the counts by kind of pile[0..counted) and of the stacked cards not yet
  // drawn: the cards pile[n..counted) were drawn since the counts were last
  // brought up to date (draws swap each card to the end of the live part)
  declare private readonly kinds: Int32Array;
  private counted = 0;
  /** Cards in the draw pile: the live part of the array and the stacked cards not yet drawn. */
  get total(): number {
    return this.stackOnly ? this.n : this.n + this.stackLen - this.stackPos;
  }
  /** Cards of each kind in the discard pile. */
  declare readonly discards: Int32Array;
  /** Cards in the discard pile. */
  discardTotal = 0;

  // the card table's kinds and their names
  declare private readonly kindCount: number;
  declare private readonly names: readonly string[];
  private readonly rng = new Rng();
  declare private readonly stack: readonly number[];
  declare private readonly stackLen: number;
  private stackPos = 0;
  declare private readonly stackOnly: boolean;
  // 1 while a draw must take the rare path (`drawSpecial`: stacked cards
  // still to come, or `stackOnly`), else 0: one test in the common draw
  private slow = 1;
  declare private readonly reshuffles: boolean;
  private reshuffled = false;
  // the live draw pile is pile[0..n) (stacked cards excluded)
  declare private readonly pile: Uint8Array;
  private n = 0;
  declare private readonly template: Uint8Array;
  // true while the pile array is a permutation of the deck (no reshuffle
  // since the template was copied in)
  private isDeck = false;
  // the pile and the template as 8-byte words (their buffers are padded to
  // whole words): a new game copies the template in a dozen word moves. The
  // bytes are card kinds (0-21), so no word is a NaN pattern, and a typed
  // array's load and store move the bits unchanged anyway.
  declare private readonly pile64: Float64Array;
  declare private readonly tmpl64: Float64Array;

  /**
   * An empty pile for the deck of `rules` ({@linkcode Pile.newGame} fills it).
   *
   * @param rules the rule set (its deck and its `run-out` ruling)
   * @param stack cards placed, top first, on the shuffled deck (kinds)
   * @param stackOnly true: draw the stacked cards only, each taken from the
   *   pile when it is drawn (so that a card can come back by a reshuffle and
   *   be stacked again); once they are used up the pile counts as empty
   * @throws {InputError} for an impossible stacked deck
   */
  constructor(rules: Rules, stack: readonly number[], stackOnly: boolean) {
    // (a stackOnly stack may draw a card again after a reshuffle: each kind
    // need only be in the deck)
    checkStack(rules, stackOnly ? [...new Set(stack)] : stack);
    this.kindCount = rules.cards.kinds;
    this.names = rules.cards.names;
    this.kinds = new Int32Array(this.kindCount);
    this.discards = new Int32Array(this.kindCount);
    this.stack = stack;
    this.stackLen = stack.length;
    this.stackOnly = stackOnly;
    this.reshuffles = rules.rulings.runOut === "reshuffle-once";
    this.size = deckSize(rules);
    this.deckCounts = Int32Array.from(rules.deck);
    const words = (this.size + 7) >> 3;
    this.pile64 = new Float64Array(words);
    this.tmpl64 = new Float64Array(words);
    this.pile = new Uint8Array(this.pile64.buffer, 0, this.size);
    this.template = new Uint8Array(this.tmpl64.buffer, 0, this.size);
    let i = 0;
    for (let k = 0; k < this.kindCount; k++) {
      for (let c = 0; c < rules.deck[k]; c++) this.template[i++] = k;
    }
  }

  /**
   * A new game: reseed the draw, put the whole deck in the pile (in kind
   * order, so that a game depends only on its seed and stream) and empty the
   * discards.
   *
   * @param tidy true when the last round ended cleanly (the counts can be trusted)
   */
  newGame(seed: number, stream: number, tidy: boolean): void {
    this.rng.reseed(seed, stream);
    this.fill(true, tidy);
    if (!tidy || this.discardTotal > 0) this.clearDiscards();
    this.discardTotal = 0;
  }

  /** No card of any kind in the discards (their total is the caller's). */
  private clearDiscards(): void {
    // plain loops: TypedArray.fill costs more than these few stores per call
    const discards = this.discards;
    for (let k = 0; k < this.kindCount; k++) discards[k] = 0;
  }

  /** A new round: the discards may be reshuffled once again. */
  newRound(): void {
    this.reshuffled = false;
  }

  /**
   * Fill the draw pile with the whole deck (minus the stacked cards on the
   * first fill), in kind order on the first fill of a game. Draws swap the
   * drawn card to the end of the live part, so until a reshuffle the array
   * stays a permutation of the deck and a later refill is just a length reset.
   */
  private fill(first: boolean, tidy: boolean): void {
    this.sync();
    if (first || !this.isDeck) this.restoreTemplate();
    // (a whole pile between rounds already counts the deck)
    const whole = this.total === this.size;
    this.n = this.counted = this.size;
    if (!whole || !tidy) this.countDeck();
    this.setStackPos(first ? 0 : this.stackLen);
    if (first && this.stackLen > 0 && !this.stackOnly) this.setStackAside();
  }

  /** The pile counts the whole deck (the pile array holds it whole: `n` is `size`). */
  private countDeck(): void {
    const counts = this.kinds, deck = this.deckCounts;
    for (let k = 0; k < this.kindCount; k++) counts[k] = deck[k];
    this.counted = this.n;
  }

  /** Subtract the cards drawn since the counts were last brought up to date. */
  private sync(): void {
    if (this.counted === this.n) return;
    const pile = this.pile, counts = this.kinds;
    for (let p = this.n; p < this.counted; p++) counts[pile[p]]--;
    this.counted = this.n;
  }

  /** The next stacked card to draw is `stack[p]` (none from `stackLen` on). */
  private setStackPos(p: number): void {
    this.stackPos = p;
    this.slow = this.stackOnly || p < this.stackLen ? 1 : 0;
  }

  /** Move the stacked cards out of the shuffled part; they stay counted in the pile. */
  private setStackAside(): void {
    for (const k of this.stack) {
      for (let j = 0; j < this.n; j++) {
        if (this.pile[j] === k) {
          this.pile[j] = this.pile[this.n - 1];
          this.pile[--this.n] = k;
          break;
        }
      }
    }
    this.counted = this.n; // still counted: the stacked cards are not drawn
  }

  /**
   * Put the pile array back in kind order (the template), word by word: a
   * dozen moves, cheaper over a round of about five cards than logging each
   * draw's swap and undoing the log, dearer over a round of one card
   * (bench/HISTORY.md, "Issue 26, session 37").
   */
  private restoreTemplate(): void {
    const pile = this.pile64, template = this.tmpl64, words = pile.length;
    for (let w = 0; w < words; w++) pile[w] = template[w];
    this.isDeck = true;
  }

  /**
   * Draw the next card: a stacked card, else a uniform card of the live
   * pile; -1 when the pile is empty (a {@linkcode Pile.reshuffle} may refill
   * it) or, with `stackOnly`, once the stacked cards are used up.
   */
  draw(): number {
    // (stacked cards and the empty pile out of line, so that the common
    // case stays small enough to inline into the engine's round loop)
    const n = this.n - 1;
    if (n < 0 || this.slow !== 0) return this.drawSpecial();
    const pile = this.pile;
    const i = this.rng.below(n + 1);
    const k = pile[i];
    pile[i] = pile[n];
    pile[n] = k;
    this.n = n;
    return k;
  }

  /** {@linkcode Pile.draw} of a stacked card, or -1 from an empty (or `stackOnly`) pile. */
  private drawSpecial(): number {
    if (this.stackOnly) return this.drawStackOnly();
    if (this.stackPos < this.stackLen) {
      const k = this.stack[this.stackPos];
      this.setStackPos(this.stackPos + 1);
      this.kinds[k]--;
      return k;
    }
    return -1;
  }

  /**
   * With `stackOnly`: the next stacked card, taken out of the pile; -1 once
   * the stacked cards are used up, or when the pile is empty (a reshuffle
   * may bring the card back).
   *
   * @throws {Error} for a stacked card the pile does not hold
   */
  private drawStackOnly(): number {
    if (this.stackPos >= this.stackLen || this.n === 0) return -1;
    const k = this.stack[this.stackPos];
    const pile = this.pile, n = this.n - 1;
    let j = n;
    while (j >= 0 && pile[j] !== k) j--;
    if (j < 0) {
      throw new Error(
        `stacked card ${this.names[k]} (card ${
          this.stackPos + 1
        }) is not in the pile`,
      );
    }
    pile[j] = pile[n];
    pile[n] = k;
    this.n = n;
    this.setStackPos(this.stackPos + 1);
    return k;
  }

  /**
   * Shuffle the discards into a new draw pile, if the rules allow it now
   * (`run-out=reshuffle-once`, not yet this round, not `stackOnly` with its
   * stacked cards used up, and
   * there are discards).
   *
   * @returns the cards of the new pile, 0 when there is no reshuffle
   */
  reshuffle(): number {
    if (
      !this.reshuffles || (this.stackOnly && this.stackPos >= this.stackLen) ||
      this.discardTotal === 0 ||
      this.reshuffled
    ) return 0;
    this.sync();
    let n = 0;
    for (let k = 0; k < this.kindCount; k++) {
      const c = this.discards[k];
      for (let j = 0; j < c; j++) this.pile[n++] = k;
      this.kinds[k] += c;
      this.discards[k] = 0;
    }
    this.n = this.counted = n;
    this.isDeck = false;
    this.discardTotal = 0;
    this.reshuffled = true;
    return n;
  }

  /** Count a card onto the discard pile. */
  discard(kind: number): void {
    this.discards[kind]++;
    this.discardTotal++;
  }

  /** The caller has added `n` cards to {@linkcode Pile.discards} (by kind). */
  discarded(n: number): void {
    this.discardTotal += n;
  }

  /**
   * Every card is back in the pile (a fresh deck for the next round): the
   * cards in front of the players, the discards and the pile's own. `front`,
   * the caller's count of the cards in front of the players by kind, is
   * zeroed (on a fresh deck every card in front was drawn this round).
   */
  gatherAll(front: Int32Array): void {
    if (this.discardTotal > 0) {
      // (counted back with the rest below)
      this.clearDiscards();
      this.discardTotal = 0;
    }
    if (!this.isDeck || this.stackLen > 0) {
      this.gatherScrambled(front);
      return;
    }
    // the array is still a permutation of the deck and the cards drawn
    // since it was whole are its tail [n, size): count back those the counts
    // have subtracted, [counted, size) (none when nobody read them), and
    // clear the front counts of them all (the few cards of a round, not
    // every kind)
    const pile = this.pile, counts = this.kinds, size = this.size;
    for (let p = this.counted; p < size; p++) counts[pile[p]]++;
    for (let p = this.n; p < size; p++) front[pile[p]] = 0;
    this.n = this.counted = size;
  }

  /** {@linkcode Pile.gatherAll} after a reshuffle, or with stacked cards (they lie in the tail too). */
  private gatherScrambled(front: Int32Array): void {
    for (let k = 0; k < this.kindCount; k++) front[k] = 0;
    if (this.isDeck) {
      this.n = this.size;
      this.countDeck();
      this.setStackPos(this.stackLen);
    } else this.fill(false, false);
  }

  /**
   * Recount the pile array (and the stacked cards not yet drawn) by kind into
   * `into` (zeroed first).
   */
  recount(into: Int32Array): void {
    for (let k = 0; k < this.kindCount; k++) into[k] = 0;
    for (let j = 0; j < this.n; j++) into[this.pile[j]]++;
    if (this.stackOnly) return; // (its stacked cards are in the pile)
    for (let j = this.stackPos; j < this.stack.length; j++) {
      into[this.stack[j]]++;
    }
  }

  /**
   * Check the pile's own tallies: the pile array recounted against
   * {@linkcode Pile.counts}, the totals against the counts, no negative
   * discards.
   *
   * @returns null when they agree, else a description of the first mismatch
   */
  check(): string | null {
    const pile = new Int32Array(this.kindCount);
    this.recount(pile);
    const counts = this.counts;
    let pileTotal = 0, discardTotal = 0;
    for (let k = 0; k < this.kindCount; k++) {
      if (pile[k] !== counts[k]) {
        return `pile count of ${this.names[k]}: ${counts[k]} counted, ${
          pile[k]
        } in the pile`;
      }
      if (this.discards[k] < 0) return `negative discards of ${k}`;
      pileTotal += pile[k];
      discardTotal += this.discards[k];
    }
    if (pileTotal !== this.total) return "pile total is off";
    if (discardTotal !== this.discardTotal) return "discard total is off";
    return null;
  }
}
