/**
 * What a Flip N does to a line, exactly ({@linkcode FlipThreeLaw}): the N
 * cards (the Flip card's row value: 3 for the Flip Three) from an exact
 * pile, then the number-sum maximiser's continuation; and the public
 * solver's Flip Three table built on it ({@linkcode flipThreeTable}). The
 * win-value targeting (`targetvalue.ts`) reads the law.
 * tests/winprob_kernel_test.ts ties the law to the kernel's Flip N.
 *
 * @module
 */

import * as cards from "../game/cards.ts";
import { unhandledEffect } from "../game/cards.ts";
import { STANDARD_DECK } from "../game/rules.ts";
import { ContinuationLaws, NUMBERS_DECK, SCORE_CAP } from "./rounddp.ts";

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
  SUM_OF_MASK,
  FLIP7_LENGTH,
  KINDS,
  lineScore,
  MOD_MASK,
  MODIFIER_KINDS,
  modifierBit,
  NUMBER_KINDS,
} = cards;
const EFFECTS = Uint8Array.from(CARD_EFFECTS);

// module-private copies of the scoring constants (contributing.md, "hot loops")
const SEVEN = FLIP7_LENGTH;
/** A line's key after the cards: `(m << LINE_SHIFT) | (md << 1) | c`. */
const LINE_SHIFT = MODIFIER_KINDS + 1;

/**
 * Scratch of {@linkcode FlipThreeLaw.run}, shared (a thread runs one at a
 * time): the probability of each line `(m << LINE_SHIFT) | (md << 1) | c` reached
 * after the cards, and the keys touched.
 */
const END_P = new Float64Array(1 << (NUMBER_KINDS + LINE_SHIFT));
const END_KEYS = new Int32Array(END_P.length);

/**
 * What a Flip N does to a line: N cards dealt from an exact pile (every
 * kind, without replacement; fewer if the pile runs out), then the
 * number-sum maximiser's continuation law. The cards take effect as the
 * kernel's do: a duplicate busts unless a Second Chance is held (which it
 * uses up, the duplicate discarded); modifiers and a Second Chance go in
 * front; a seventh number is a Flip 7 (the round ends). One treatment of its
 * own: a Freeze or a Flip N among the cards is set aside and dropped (the
 * kernel would then freeze the line, or flip more cards).
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
  readonly cont: Float64Array = new Float64Array(SCORE_CAP);
  /** Its score on the branches that end in a Flip 7 during the cards. */
  readonly f7: Float64Array = new Float64Array(SCORE_CAP);
  /** P(bust), during the cards or after. */
  pBust = 0;
  /** P(the round ends in this line's Flip 7), during the cards or after. */
  pF7 = 0;
  /** P(banking a score, Flip 7 aside). */
  pBank = 0;
  private readonly pile = new Int32Array(KINDS);
  private pileTotal = 0;

  /**
   * Deal `draws` cards (default a Flip Three's) to the line `(m, md, c)`
   * from `pile` (counts by kind; not changed), then continue.
   */
  run(
    pile: ArrayLike<number>,
    m: number,
    md: number,
    c: number,
    draws = FLIP3_DRAWS,
  ): void {
    this.cont.fill(0);
    this.f7.fill(0);
    this.pBust = this.pF7 = this.pBank = 0;
    let tot = 0;
    for (let k = 0; k < KINDS; k++) {
      this.pile[k] = pile[k];
      tot += pile[k];
    }
    this.pileTotal = tot;
    this.forced(draws, m, md, c, 1);
    // one continuation law per distinct line after the cards
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
  /** Distinct lines reached after the cards (their keys in `END_KEYS`). */
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
    const L = this.laws, key = (m << 1) | c, xb = md * L.width;
    for (let i = L.start[key], e = L.start[key + 1]; i < e; i++) {
      const code = L.code[i], q = p * L.prob[i];
      if (code === L.bustCode) this.pBust += q;
      else if (code >= L.f7Code) this.pF7 += q;
      else this.pBank += q;
      out[base + L.scores[xb + code]] += q;
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
        case EFFECT_FREEZE: // set aside and dropped
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

/** One row of {@linkcode flipThreeTable}: the target holds `k` numbers. */
export interface FlipThreeRow {
  /** Numbers held. */
  k: number;
  /** Probability that the maximiser ever holds `k` numbers (before deciding). */
  reach: number;
  /** Expected final round score from those lines, no card played. */
  base: number;
  /** Expected final round score after a Flip Three there. */
  flip3: number;
  /** `flip3 − base`. */
  dMean: number;
  /** P(bust) after the Flip Three (during its cards or after). */
  pBust: number;
  /** P(Flip 7) after it. */
  pF7: number;
  /** What a Freeze there denies: `base − sum` on average. */
  freezeDenies: number;
}

/**
 * What a Flip Three does to its target by the number of cards it holds, `k`
 * = 0 to 6 — the table of the public solver's chapter 5 (GitHub
 * Eppie/flip-seven, `ch5_actions`), exact in our round model. The target
 * plays the number-sum maximiser; its lines of `k` numbers are weighted by
 * the probability that the maximiser ever holds them (from an empty line, on
 * the 79 numbers), as the public solver weights its states. At each line
 * the Flip Three deals three cards ({@linkcode FlipThreeLaw}) from the
 * `pile` named: `numbers`, the 79 number cards less the line (the public
 * solver's model), or `all94`, the whole deck less the line. A Freeze on
 * the same line banks its number sum: it denies `E[base] − sum`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const rows = flipThreeTable("numbers");
 * assert.deepEqual(rows.map((r) => r.k), [0, 1, 2, 3, 4, 5, 6]);
 * assert.equal(rows[0].base.toFixed(4), "18.5652"); // the maximiser's round on the 79 numbers
 * assert.ok(rows.every((r) => r.dMean <= 1e-9)); // the public solver: "never a gift"
 * // with modifiers and Second Chances among the three cards, a gift to an empty line
 * assert.ok(flipThreeTable("all94")[0].dMean > 0);
 * ```
 */
export function flipThreeTable(pile: "numbers" | "all94"): FlipThreeRow[] {
  const L = ContinuationLaws.get();
  const N = 1 << NUMBER_KINDS;
  // reach of each number mask under the maximiser, on the 79 numbers
  const reach = new Float64Array(N);
  reach[0] = 1;
  let deckTotal = 0;
  for (let v = 0; v < NUMBER_KINDS; v++) deckTotal += NUMBERS_DECK[v];
  for (let m = 0; m < N; m++) {
    const r = reach[m];
    if (r === 0 || COUNT_OF_MASK[m] >= SEVEN || !L.hit[m << 1]) continue;
    const left = deckTotal - COUNT_OF_MASK[m];
    for (let v = 0; v < NUMBER_KINDS; v++) {
      const bit = 1 << v;
      if (m & bit) continue;
      const p = NUMBERS_DECK[v] / left;
      if (COUNT_OF_MASK[m | bit] < SEVEN) reach[m | bit] += r * p;
    }
  }
  const counts = new Int32Array(KINDS);
  const f3 = new FlipThreeLaw();
  const rows: FlipThreeRow[] = [];
  for (let k = 0; k < SEVEN; k++) {
    let w = 0, base = 0, after = 0, bust = 0, f7 = 0, denies = 0;
    for (let m = 0; m < N; m++) {
      const r = reach[m];
      if (r === 0 || COUNT_OF_MASK[m] !== k) continue;
      for (let v = 0; v < KINDS; v++) {
        const c = pile === "all94" ? STANDARD_DECK[v] : (NUMBERS_DECK[v] ?? 0);
        counts[v] = c - ((m >> v) & 1);
      }
      const u = L.mean(m << 1, 0);
      f3.run(counts, m, 0, 0);
      let e = 0;
      for (let x = 0; x < SCORE_CAP; x++) e += x * (f3.cont[x] + f3.f7[x]);
      w += r;
      base += r * u;
      after += r * e;
      bust += r * f3.pBust;
      f7 += r * f3.pF7;
      denies += r * (u - SUM_OF_MASK[m]);
    }
    rows.push({
      k,
      reach: w,
      base: base / w,
      flip3: after / w,
      dMean: (after - base) / w,
      pBust: bust / w,
      pF7: f7 / w,
      freezeDenies: denies / w,
    });
  }
  return rows;
}
