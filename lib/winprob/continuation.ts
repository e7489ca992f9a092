/**
 * The continuation laws of a player part-way through a round (numbers only):
 * how the number-sum maximiser, or a threshold player, ends its round from
 * every line, stored as law codes ({@linkcode codeScore}) so that the
 * modifiers in front of the player apply at lookup. The search agent values
 * a player still in the round at a leaf by them; `winprob` models an
 * opponent still in the round by them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ContinuationLaws } from "./continuation.ts";
 * // from an empty line, the maximiser's expected round score
 * assert.equal(ContinuationLaws.get().mean(0, 1, 0).toFixed(4), "18.5652");
 * ```
 * @module
 */

import {
  COUNT_OF_MASK,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  NUMBER_KINDS,
  SUM_OF_MASK,
} from "../game/cards.ts";
import { SCORE_CAP } from "./roundgraph.ts";

// module-private copies of the scoring constants (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS, SEVEN = FLIP7_LENGTH;

/**
 * Counts of each number in the full 79-card numbers-only deck (one 0, k copies of k).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(NUMBERS_DECK.reduce((a, b) => a + b, 0), 79);
 * assert.equal(NUMBERS_DECK[12], 12);
 * assert.equal(NUMBERS_DECK[0], 1);
 * ```
 */
export const NUMBERS_DECK: readonly number[] = Array.from(
  { length: NUMBER_KINDS },
  (_, v) => (v === 0 ? 1 : v),
);

/** The identity utility `u(x) = x` (expected score). */
export const IDENTITY_UTILITY: Float64Array = new Float64Array(SCORE_CAP).map((
  _,
  x,
) => x);

/** Number of line states `(mask << 1) | chance`. */
export const LINE_STATES = 1 << (NUMBER_KINDS + 1);

/** Law code of a bust (scores 0 whatever the modifiers). */
export const BUST_CODE = 160;
/** Law codes `F7_CODE + S` are a Flip 7 with number sum `S`; codes below are a bank of `S`. */
export const F7_CODE = 80;

/**
 * The final score a law code is worth with a modifier multiplier and flat
 * bonus: a bust 0, a bank of `S` `mult·S + plus`, a Flip 7 that plus 15.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(codeScore(F7_CODE + 40, 2, 4), 99); // 2 × 40 + 4 + 15
 * assert.equal(codeScore(20, 2, 4), 44);
 * assert.equal(codeScore(BUST_CODE, 2, 4), 0);
 * ```
 */
export function codeScore(code: number, mult: number, plus: number): number {
  if (code === BUST_CODE) return 0;
  return code >= F7_CODE
    ? mult * (code - F7_CODE) + plus + BONUS
    : mult * code + plus;
}

/**
 * The law of the final round score of the number-sum maximiser (or of a
 * threshold player `sum:N`) continuing from every line: for each line state `(mask << 1) | chance` (at most six
 * numbers, a Second Chance held or not), the sparse law of how its round ends
 * — a bank of number sum `S`, a Flip 7 with sum `S`, or a bust — when it
 * draws from a full deck of numbers less its own line and hits exactly when
 * that raises its expected number sum (plus 15 for a Flip 7). A Second Chance
 * saves one duplicate (the duplicate stays in the deck, as in the solver).
 *
 * Built once (about 10 ms) by one backward sweep over the 8,192 states; laws
 * are stored as codes ({@linkcode codeScore}) so that any modifiers in front of
 * the player are applied at lookup. The search agent values a player still in
 * the round at a leaf by this law, `winprob` models an opponent still in the
 * round by it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const laws = ContinuationLaws.get();
 * const k = (1 << 7) << 1; // a line holding a 7, no Second Chance
 * let p = 0;
 * for (let i = laws.start[k]; i < laws.start[k + 1]; i++) p += laws.prob[i];
 * assert.ok(Math.abs(p - 1) < 1e-12); // a law
 * ```
 */
export class ContinuationLaws {
  /** Entries of state `k` are `[start[k], start[k + 1])`. */
  readonly start: Int32Array = new Int32Array(LINE_STATES + 1);
  /** Law code of each entry. */
  readonly code: Uint8Array;
  /** Probability of each entry. */
  readonly prob: Float64Array;
  /** Probability of not busting, per state. */
  readonly pBank: Float64Array = new Float64Array(LINE_STATES);
  /** Expected number sum over the rounds that do not bust (sum × probability), per state. */
  readonly eSum: Float64Array = new Float64Array(LINE_STATES);
  /** Probability of a Flip 7, per state. */
  readonly pF7: Float64Array = new Float64Array(LINE_STATES);
  /** 1 when the maximiser hits at the state. */
  readonly hit: Uint8Array = new Uint8Array(LINE_STATES);
  /** Largest law code used plus one (the dense width). */
  static readonly WIDTH: number = BUST_CODE + 1;

  private static readonly shared = new Map<number, ContinuationLaws>();

  /**
   * The laws for the 79-number deck, built on first use and shared: of the
   * maximiser (no argument), or of the threshold player `sum:N`.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * assert.equal(ContinuationLaws.get().hit[(1 << 12) << 1], 1); // a lone 12 hits
   * assert.equal(ContinuationLaws.get(37).hit[(0b1100000000000) << 1], 1); // 23 < 37
   * assert.equal(ContinuationLaws.get(), ContinuationLaws.get()); // shared
   * ```
   */
  static get(threshold?: number): ContinuationLaws {
    const key = threshold ?? -1;
    let got = ContinuationLaws.shared.get(key);
    if (!got) {
      got = new ContinuationLaws(NUMBERS_DECK, threshold);
      ContinuationLaws.shared.set(key, got);
    }
    return got;
  }

  /**
   * Builds the laws (use {@linkcode ContinuationLaws.get} for the shared ones).
   *
   * @param deck counts of each number (0–12) in the deck
   * @param threshold the player hits while its number sum is below this
   *   (`sum:N`); without it, the number-sum maximiser
   */
  constructor(deck: readonly number[], threshold?: number) {
    const W = ContinuationLaws.WIDTH;
    const dense = new Float64Array(LINE_STATES * W);
    const ev = new Float64Array(LINE_STATES);
    let total = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) total += deck[v];
    const FULL = (1 << NUMBER_KINDS) - 1;
    for (let m = FULL; m >= 0; m--) {
      const k = COUNT_OF_MASK[m];
      if (k >= SEVEN) continue;
      const s = SUM_OF_MASK[m];
      const left = total - k;
      let dup = 0;
      for (let v = 0; v < NUMBER_KINDS; v++) {
        if (m & (1 << v)) dup += deck[v] - 1;
      }
      for (let ch = 0; ch < 2; ch++) {
        const key = (m << 1) | ch;
        const base = key * W;
        let h = 0;
        if (left > 0) {
          for (let v = 0; v < NUMBER_KINDS; v++) {
            const c = deck[v];
            if (c === 0 || m & (1 << v)) continue;
            h += c *
              (k === SEVEN - 1
                ? s + v + BONUS
                : ev[((m | (1 << v)) << 1) | ch]);
          }
          h += dup * (ch ? ev[m << 1] : 0);
          h /= left;
        }
        if (left > 0 && (threshold === undefined ? h > s : s < threshold)) {
          ev[key] = h;
          this.hit[key] = 1;
          for (let v = 0; v < NUMBER_KINDS; v++) {
            const c = deck[v];
            if (c === 0 || m & (1 << v)) continue;
            const p = c / left;
            if (k === SEVEN - 1) dense[base + F7_CODE + s + v] += p;
            else {
              const cb = (((m | (1 << v)) << 1) | ch) * W;
              for (let j = 0; j < W; j++) dense[base + j] += p * dense[cb + j];
            }
          }
          if (dup > 0) {
            const p = dup / left;
            if (ch) {
              const cb = (m << 1) * W;
              for (let j = 0; j < W; j++) dense[base + j] += p * dense[cb + j];
            } else dense[base + BUST_CODE] += p;
          }
        } else {
          ev[key] = s;
          dense[base + s] = 1;
        }
      }
    }
    let n = 0;
    for (let i = 0; i < dense.length; i++) if (dense[i] > 0) n++;
    this.code = new Uint8Array(n);
    this.prob = new Float64Array(n);
    let j = 0;
    for (let key = 0; key < LINE_STATES; key++) {
      this.start[key] = j;
      const base = key * W;
      let pb = 0, es = 0, pf = 0;
      for (let c = 0; c < W; c++) {
        const p = dense[base + c];
        if (p > 0) {
          this.code[j] = c;
          this.prob[j++] = p;
          if (c !== BUST_CODE) {
            pb += p;
            es += p * (c >= F7_CODE ? c - F7_CODE : c);
            if (c >= F7_CODE) pf += p;
          }
        }
      }
      this.pBank[key] = pb;
      this.eSum[key] = es;
      this.pF7[key] = pf;
    }
    this.start[LINE_STATES] = j;
  }

  /**
   * Expected final score of a state with a modifier multiplier and bonus.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const laws = ContinuationLaws.get();
   * assert.equal(laws.mean((1 << 5) << 1, 1, 0).toFixed(4), "18.8812"); // from a lone 5
   * assert.equal(laws.mean(0, 1, 0).toFixed(4), "18.5652"); // from an empty line
   * ```
   */
  mean(key: number, mult: number, plus: number): number {
    return mult * this.eSum[key] + plus * this.pBank[key] +
      BONUS * this.pF7[key];
  }
}
