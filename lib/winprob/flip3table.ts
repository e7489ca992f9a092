/**
 * What a Flip Three does to its target, by the number of cards it holds —
 * the table of the public solver's chapter 5 (GitHub Eppie/flip-seven,
 * `ch5_actions`), computed exactly in our round model on either pile.
 *
 * The target plays the number-sum maximiser ({@linkcode ContinuationLaws}:
 * the exact optimum of the 79-number round). Its lines of `k` numbers are
 * weighted by the probability that the maximiser ever holds them (from an
 * empty line, exactly, on the 79 numbers), as the public solver weights its
 * states. At each such line the Flip Three deals three cards from the pile
 * ({@linkcode FlipThreeLaw}: `numbers`, the 79 number cards less the line —
 * the public solver's model; `all94`, the whole 94-card deck less the line,
 * so modifiers and Second Chances among the three count, a Freeze or Flip
 * Three among them set aside), and the maximiser continues. A Freeze on the
 * same line banks its number sum: it denies `E[base] − sum`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { flipThreeTable } from "./flip3table.ts";
 * const rows = flipThreeTable("numbers");
 * assert.deepEqual(rows.map((r) => r.k), [0, 1, 2, 3, 4, 5, 6]);
 * assert.equal(rows[0].reach, 1); // every round starts from the empty line
 * assert.equal(rows[0].base.toFixed(4), "18.5652"); // the maximiser's round on the 79 numbers
 * assert.ok(rows.every((r) => r.dMean <= 1e-9)); // the public solver: "never a gift"
 * ```
 * @module
 */

import {
  COUNT_OF_MASK,
  KINDS,
  NUMBER_KINDS,
  SUM_OF_MASK,
} from "../game/cards.ts";
import { STANDARD_DECK } from "../game/rules.ts";
import { ContinuationLaws, NUMBERS_DECK } from "./rounddp.ts";
import { FlipThreeLaw } from "./targetvalue.ts";

/** One row: the target holds `k` numbers. */
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
 * The table for `k` = 0 to 6, the three cards dealt from the `pile` named.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const rows = flipThreeTable("all94");
 * assert.equal(rows.length, 7);
 * // with modifiers and Second Chances among the three cards, a Flip Three
 * // on an empty line is a gift, and the worst harm is at three or four cards
 * assert.ok(rows[0].dMean > 0);
 * assert.ok(rows[3].dMean < -5 && rows[4].dMean < -5);
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
    if (r === 0 || COUNT_OF_MASK[m] >= 7 || !L.hit[m << 1]) continue;
    const left = deckTotal - COUNT_OF_MASK[m];
    for (let v = 0; v < NUMBER_KINDS; v++) {
      const bit = 1 << v;
      if (m & bit) continue;
      const p = NUMBERS_DECK[v] / left;
      if (COUNT_OF_MASK[m | bit] < 7) reach[m | bit] += r * p;
    }
  }
  const full = pile === "all94" ? STANDARD_DECK : null;
  const counts = new Int32Array(KINDS);
  const f3 = new FlipThreeLaw();
  const rows: FlipThreeRow[] = [];
  for (let k = 0; k <= 6; k++) {
    let w = 0, base = 0, after = 0, bust = 0, f7 = 0, denies = 0;
    for (let m = 0; m < N; m++) {
      const r = reach[m];
      if (r === 0 || COUNT_OF_MASK[m] !== k) continue;
      for (let v = 0; v < KINDS; v++) {
        const c = v < NUMBER_KINDS
          ? (full ? full[v] : NUMBERS_DECK[v])
          : (full ? full[v] : 0);
        counts[v] = c - (v < NUMBER_KINDS && (m >> v) & 1 ? 1 : 0);
      }
      const u = L.mean(m << 1, 1, 0);
      f3.run(counts, m, 0, 0);
      let e = 0;
      for (let x = 0; x < f3.cont.length; x++) {
        e += x * (f3.cont[x] + f3.f7[x]);
      }
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
