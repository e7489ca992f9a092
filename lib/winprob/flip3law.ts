/**
 * What a Flip Three does to a line, exactly ({@linkcode FlipThreeLaw}): three
 * cards from an exact pile, then the number-sum maximiser's continuation.
 * The win-value targeting (`targetvalue.ts`) and the Flip Three table
 * (`flip3table.ts`) read it; `targetvalue.ts` re-exports it.
 *
 * @module
 */

import * as cards from "../game/cards.ts";
import { unhandledEffect } from "../game/cards.ts";
import { BUST_CODE, ContinuationLaws, F7_CODE } from "./rounddp.ts";

// The card table's constants as this module's own private bindings, read in
// the hot loops below: a private `const` is compiled in as a constant, an
// imported binding is loaded and checked at every use (engine.ts, beside
// its imports); the effects as a typed array (a frozen or exported array
// is slower to read, bench/HISTORY.md "Issue 40").
const {
  CARD_EFFECTS,
  COUNT_OF_MASK,
  EFFECT_CHANCE,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_NUMBER,
  EFFECT_PLUS,
  EFFECT_TIMES,
  FLIP3_DRAWS,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  KINDS,
  lineScore,
  MOD_MASK,
  MODIFIER_KINDS,
  modifierBit,
  MULT_OF_MASK,
  NUMBER_KINDS,
  PLUS_OF_MASK,
} = cards;
const EFFECTS = Uint8Array.from(CARD_EFFECTS);

// module-private copies of the scoring constants (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS, SEVEN = FLIP7_LENGTH;
/** A line's key after the cards: `(m << LINE_SHIFT) | (md << 1) | c`. */
const LINE_SHIFT = MODIFIER_KINDS + 1;

/**
 * Scratch of {@linkcode FlipThreeLaw.run}, shared (a thread runs one at a
 * time): the probability of each line `(m << LINE_SHIFT) | (md << 1) | c` reached
 * after the three cards, and the keys touched.
 */
const END_P = new Float64Array(1 << (NUMBER_KINDS + LINE_SHIFT));
const END_KEYS = new Int32Array(1 << 15);

/** Width of a round-score law (every round score is below it). */
export const XW = 256;

/**
 * What a Flip Three does to a line: three cards dealt from an exact pile
 * (all 22 kinds, without replacement), then the number-sum maximiser's
 * continuation law. A duplicate busts unless a Second Chance is held (which
 * it uses up); modifiers and a Second Chance go in front; a seventh number is
 * a Flip 7 (the round ends); a Freeze or a Flip Three among the three is set
 * aside and not modelled.
 *
 * @example
 * ```ts
 * import { FlipThreeLaw } from "./flip3law.ts";
 * import { KINDS } from "../game/cards.ts";
 * const f = new FlipThreeLaw();
 * const pile = new Int32Array(KINDS);
 * pile[5] = 4; pile[6] = 4; pile[7] = 4;
 * f.run(pile, 0, 0, 0);
 * import assert from "node:assert/strict";
 * assert.ok(Math.abs(f.pBust + f.pBank + f.pF7 - 1) < 1e-12); // a law
 * assert.equal(f.pBust.toFixed(4), "0.7781"); // three cards of 5, 6, 7 from an empty line
 * ```
 */
export class FlipThreeLaw {
  private readonly laws = ContinuationLaws.get();
  /** The line's final score on the branches where the round goes on (0: bust or a zero line). */
  readonly cont: Float64Array = new Float64Array(XW);
  /** Its score on the branches that end in a Flip 7 during the three cards. */
  readonly f7: Float64Array = new Float64Array(XW);
  /** P(bust), during the three cards or after. */
  pBust = 0;
  /** P(the round ends in this line's Flip 7), during the three cards or after. */
  pF7 = 0;
  /** P(banking a score, Flip 7 aside). */
  pBank = 0;
  private readonly pile = new Int32Array(KINDS);
  private pileTotal = 0;

  /**
   * Deal three cards to the line `(m, md, c)` from `pile` (counts by kind;
   * not changed), then continue.
   */
  run(pile: ArrayLike<number>, m: number, md: number, c: number): void {
    this.cont.fill(0);
    this.f7.fill(0);
    this.pBust = this.pF7 = this.pBank = 0;
    let tot = 0;
    for (let k = 0; k < KINDS; k++) {
      this.pile[k] = pile[k];
      tot += pile[k];
    }
    this.pileTotal = tot;
    this.forced(FLIP3_DRAWS, m, md, c, 1);
    // one continuation law per distinct line after the three cards
    const acc = END_P, keys = END_KEYS;
    for (let i = 0; i < this.ends; i++) {
      const key = keys[i];
      const p = acc[key];
      acc[key] = 0;
      this.addCont(
        this.cont,
        0,
        key >> LINE_SHIFT,
        (key >> 1) & MOD_MASK,
        key & 1,
        p,
      );
    }
    this.ends = 0;
  }
  /** Distinct lines reached after the three cards (their keys in `END_KEYS`). */
  private ends = 0;

  /** Add `p` times the continuation law of a line into `out` at `base`. */
  addCont(
    out: Float64Array,
    base: number,
    m: number,
    md: number,
    c: number,
    p: number,
  ): void {
    const L = this.laws, key = (m << 1) | c;
    const mult = MULT_OF_MASK[md], plus = PLUS_OF_MASK[md];
    for (let i = L.start[key], e = L.start[key + 1]; i < e; i++) {
      const code = L.code[i];
      const q = p * L.prob[i];
      let x: number;
      if (code === BUST_CODE) {
        x = 0;
        this.pBust += q;
      } else if (code >= F7_CODE) {
        x = mult * (code - F7_CODE) + plus + BONUS;
        this.pF7 += q;
      } else {
        x = mult * code + plus;
        this.pBank += q;
      }
      out[base + x] += q;
    }
  }

  private forced(
    left: number,
    m: number,
    md: number,
    c: number,
    p: number,
  ): void {
    const total = this.pileTotal;
    if (left === 0 || total <= 0) {
      // the continuation is added once per distinct line, after the enumeration
      const key = (m << LINE_SHIFT) | (md << 1) | c;
      if (END_P[key] === 0) END_KEYS[this.ends++] = key;
      END_P[key] += p;
      return;
    }
    const pile = this.pile;
    this.pileTotal = total - 1;
    for (let k = 0; k < KINDS; k++) {
      const n = pile[k];
      if (n === 0) continue;
      const q = (p * n) / total;
      pile[k] = n - 1;
      const effect = EFFECTS[k] as cards.CardEffect;
      switch (effect) {
        case EFFECT_NUMBER: {
          const bit = 1 << k;
          if (m & bit) {
            if (c) this.forced(left - 1, m, md, 0, q);
            else {
              this.cont[0] += q; // bust
              this.pBust += q;
            }
          } else if (COUNT_OF_MASK[m | bit] === SEVEN) {
            this.f7[lineScore(m | bit, md, true)] += q;
            this.pF7 += q;
          } else this.forced(left - 1, m | bit, md, c, q);
          break;
        }
        case EFFECT_PLUS:
        case EFFECT_TIMES:
          this.forced(left - 1, m, md | modifierBit(k), c, q);
          break;
        case EFFECT_CHANCE:
          this.forced(left - 1, m, md, 1, q);
          break;
        case EFFECT_FREEZE: // set aside, not modelled
        case EFFECT_FLIP:
          this.forced(left - 1, m, md, c, q);
          break;
        default:
          unhandledEffect(effect);
      }
      pile[k] = n;
    }
    this.pileTotal = total;
  }
}
