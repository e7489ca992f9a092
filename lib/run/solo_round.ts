/**
 * The one-seat round of a deck without Freeze or Flip Three, played for
 * speed: what the runner's one-seat `round` runs play when the rules allow it
 * ({@linkcode soloRoundFits}), instead of `Game.newGame` then
 * `Game.playRound` of `lib/game/engine.ts`, with the same cards and the same
 * decisions — round `k` from the deck in kind order on random stream
 * `(seed, k)`, every card drawn by the engine's rule (a uniform position of
 * the live pile, swapped to its end), the policy asked through a
 * {@linkcode TableView} that reads what the engine's would, the round scored
 * as the engine scores it. `tests/solo_round_test.ts` plays the same rounds
 * both ways for every registry policy that plays solo and asserts the same
 * scores, outcomes and views.
 *
 * What it leaves out is what such a round cannot reach: no action card is
 * played on a seat, a spare Second Chance has nobody to go to (it is
 * discarded), and the pile cannot run out (the deck is larger than the most
 * cards one round can draw: 7 numbers, a duplicate, every modifier, every
 * Second Chance and a duplicate each saves). Strategies with `newGame` or
 * `roundEnd` hooks go through the engine.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * import { makeStrategy } from "./registry.ts";
 * import { SoloRound, soloRoundFits } from "./solo_round.ts";
 * const rules = getRules("solo-model");
 * const s = makeStrategy("sum:20");
 * assert.ok(soloRoundFits(rules, s));
 * const r = new SoloRound(rules, s);
 * const score = r.play(1, 0); // round 0 of seed 1
 * assert.ok(score === 0 || score >= 20);
 * assert.equal(r.play(1, 0), score); // the same stream, the same round
 * ```
 * @module
 */

import {
  CHANCE,
  COUNT_OF_MASK,
  FLIP3,
  FREEZE,
  KINDS,
  NUMBER_KINDS,
  PLUS2,
  PLUS_OF_MASK,
  SUM_OF_MASK,
  X2,
  X2_BIT,
} from "../game/cards.ts";
import { OUT_BANKED, OUT_BUST, OUT_FLIP7 } from "../game/engine.ts";
import { Rng } from "../game/rng.ts";
import type { Rules } from "../game/rules.ts";
import { ACTIVE, type Strategy, type TableView } from "../game/view.ts";

/**
 * True when a one-seat round of `rules` played by `strategy` can go through
 * {@linkcode SoloRound}: no Freeze or Flip Three in the deck, at most one
 * copy of each modifier, a deck larger than the most cards a round can draw,
 * and a strategy without `newGame` or `roundEnd` hooks.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * import { makeStrategy } from "./registry.ts";
 * assert.ok(soloRoundFits(getRules("solo-model"), makeStrategy("bust:0.25")));
 * assert.ok(!soloRoundFits(getRules("standard"), makeStrategy("bust:0.25"))); // Freeze, Flip Three
 * ```
 */
export function soloRoundFits(rules: Rules, strategy: Strategy): boolean {
  const d = rules.deck;
  if (d[FREEZE] !== 0 || d[FLIP3] !== 0) return false;
  let size = 0, mods = 0;
  for (let k = 0; k < KINDS; k++) size += d[k];
  for (let k = PLUS2; k <= X2; k++) {
    if (d[k] > 1) return false;
    mods += d[k];
  }
  const most = 7 + 1 + mods + 2 * d[CHANCE];
  return size > most && !strategy.newGame && !strategy.roundEnd;
}

/**
 * One seat's rounds from a fresh deck (module doc): {@linkcode play} plays
 * round `k` of a seed and returns its score; the outcome is
 * {@linkcode outcome}. It is the {@linkcode TableView} the strategy is
 * asked through.
 */
export class SoloRound implements TableView {
  /** The rules in play. */
  readonly rules: Rules;
  /** One seat. */
  readonly players = 1;
  /** Always the first round of a game. */
  readonly round = 1;
  /** OUT_BANKED, OUT_BUST or OUT_FLIP7: how the last round ended. */
  outcome = OUT_BANKED;
  private readonly strategy: Strategy;
  private readonly rng = new Rng(0);
  private readonly deck: Int32Array;
  private readonly pile: Uint8Array;
  private readonly counts: Int32Array;
  private readonly size: number;
  private pileN = 0;
  private mask = 0;
  private mods = 0;
  private chance = 0;
  private status = ACTIVE;
  // the position each draw of the round took its card from
  private readonly pos: Int32Array;
  // false while a round is played (and after one a strategy's throw cut short)
  private clean = true;

  /**
   * @param rules rules that {@linkcode soloRoundFits}
   * @param strategy the seat's strategy
   */
  constructor(rules: Rules, strategy: Strategy) {
    this.rules = rules;
    this.strategy = strategy;
    this.deck = Int32Array.from(rules.deck);
    let size = 0;
    for (let k = 0; k < KINDS; k++) size += rules.deck[k];
    this.size = size;
    this.pile = new Uint8Array(size);
    this.counts = Int32Array.from(rules.deck);
    this.pileN = size;
    this.pos = new Int32Array(size);
    this.restart();
  }

  /**
   * Play round `k` of seed `seed` and return its score.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "../game/rules.ts";
   * import { makeStrategy } from "./registry.ts";
   * const r = new SoloRound(getRules("solo-model"), makeStrategy("count:3"));
   * const x = r.play(7, 3);
   * assert.equal(x === 0, r.outcome === 1); // 0 exactly when it busted (OUT_BUST)
   * ```
   */
  play(seed: number, k: number): number {
    const rng = this.rng, pile = this.pile, counts = this.counts;
    const strategy = this.strategy, size = this.size, pos = this.pos;
    if (!this.clean) this.restart();
    this.clean = false;
    rng.reseed(seed, k);
    // the pile is the deck in kind order: draws below only swap positions,
    // and are undone in reverse at the end
    let n = size;
    let mask = 0, mods = 0, chance = 0, outcome = OUT_BANKED;
    this.mask = this.mods = this.chance = 0;
    this.status = ACTIVE;
    for (let first = true;; first = false) {
      // the deal, then a hit while the strategy asks for one (a seat always
      // has a card in front after the deal)
      if (!first) {
        this.pileN = n;
        this.mask = mask;
        this.mods = mods;
        this.chance = chance;
        if (!strategy.hit(this, 0)) break;
      }
      const i = rng.below(n);
      pos[size - n] = i;
      const c = pile[i];
      pile[i] = pile[--n];
      pile[n] = c;
      counts[c]--;
      if (c < NUMBER_KINDS) {
        const bit = 1 << c;
        if ((mask & bit) === 0) {
          mask |= bit;
          if (COUNT_OF_MASK[mask] === 7) {
            outcome = OUT_FLIP7;
            break;
          }
        } else if (chance) chance = 0;
        else {
          outcome = OUT_BUST;
          break;
        }
      } else if (c === CHANCE) chance = 1; // a spare one is discarded
      else mods |= 1 << (c - PLUS2);
    }
    // undo the swaps, last first: the pile is the deck in kind order again
    for (let p = n; p < size; p++) counts[pile[p]]++;
    for (let j = size - n - 1; j >= 0; j--) {
      const i = pos[j], last = size - 1 - j;
      const c = pile[last];
      pile[last] = pile[i];
      pile[i] = c;
    }
    this.clean = true;
    this.pileN = size;
    this.mask = mask;
    this.mods = mods;
    this.chance = chance;
    this.outcome = outcome;
    if (outcome === OUT_BUST) return 0;
    const sum = SUM_OF_MASK[mask];
    return (mods & X2_BIT ? 2 * sum : sum) + PLUS_OF_MASK[mods & 31] +
      (outcome === OUT_FLIP7 ? 15 : 0);
  }

  /** The pile back in kind order, every card in it (after a round cut short). */
  private restart(): void {
    let i = 0;
    for (let k = 0; k < KINDS; k++) {
      this.counts[k] = this.deck[k];
      for (let c = 0; c < this.deck[k]; c++) this.pile[i++] = k;
    }
  }

  /** Bit mask of the distinct numbers in the line. */
  lineMask(_seat: number): number {
    return this.mask;
  }
  /** Number cards in the line. */
  lineCount(_seat: number): number {
    return COUNT_OF_MASK[this.mask];
  }
  /** Sum of the line's face values. */
  numberSum(_seat: number): number {
    return SUM_OF_MASK[this.mask];
  }
  /** The modifiers held. */
  modMask(_seat: number): number {
    return this.mods;
  }
  /** True when a Second Chance is held. */
  hasChance(_seat: number): boolean {
    return this.chance === 1;
  }
  /** Cards in front: numbers, modifiers, a Second Chance. */
  cardsInFront(_seat: number): number {
    return COUNT_OF_MASK[this.mask] + COUNT_OF_MASK[this.mods] + this.chance;
  }
  /** What the seat would bank if it stopped now. */
  roundScore(_seat: number): number {
    const sum = SUM_OF_MASK[this.mask];
    return (this.mods & X2_BIT ? 2 * sum : sum) + PLUS_OF_MASK[this.mods & 31];
  }
  /** The game total before this round: 0 (every round starts a game). */
  total(_seat: number): number {
    return 0;
  }
  /** True while the round is on. */
  isActive(_seat: number): boolean {
    return this.status === ACTIVE;
  }
  /** ACTIVE while the round is on. */
  seatStatus(_seat: number): number {
    return this.status;
  }
  /** The first seat: the only one. */
  firstOfRound(): number {
    return 0;
  }
  /** Copies of `kind` not in front of the seat. */
  unseenTable(kind: number): number {
    return this.deck[kind] - this.inFront(kind);
  }
  /** Cards not in front of the seat. */
  unseenTableTotal(): number {
    return this.size - this.cardsInFront(0);
  }
  /** Copies of `kind` in the pile. */
  unseenExact(kind: number): number {
    return this.counts[kind];
  }
  /** Cards in the pile. */
  unseenExactTotal(): number {
    return this.pileN;
  }

  private inFront(kind: number): number {
    if (kind < NUMBER_KINDS) return (this.mask >>> kind) & 1;
    if (kind <= X2) return (this.mods >>> (kind - PLUS2)) & 1;
    return kind === CHANCE ? this.chance : 0;
  }
}
