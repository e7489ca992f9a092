/**
 * Exact one-player round dynamic programming over number cards with a
 * terminal utility: from a line (a mask of numbers, fixed modifiers, maybe a
 * Second Chance) and the exact counts of numbers left to draw, the best
 * Hit/Stay policy for `E[u(final round score)]`, its value, and the law of the
 * final score under it.
 *
 * The model: only number cards are drawn (other cards in the pile are treated
 * as not there: the draw is conditioned on being a number); a duplicate busts
 * (final score 0) unless a Second Chance is held, which it then uses up; seven
 * distinct numbers end the round with the 15-point bonus. The state graph
 * (supersets of the line, at most 2 × 2^13 nodes) is compiled once into flat
 * typed arrays, children first, so that any utility is then a linear sweep.
 * With `u(x) = x` the policy is the expected-score maximiser; with
 * `u(x) = E[W(t0 + x, t1 + Y)]` it is a win-probability best response.
 *
 * This file holds the pile-aware solver `winprob` plays with
 * ({@linkcode RoundSolver}); the compiled state graph is `roundgraph.ts`, the
 * continuation laws `continuation.ts`, both re-exported here.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundGraph } from "./rounddp.ts"; // re-exported from roundgraph.ts
 * const g = new RoundGraph();
 * g.compile(0, 0, false, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], true);
 * const u = new Float64Array(256).map((_, x) => x);
 * // the expected score of the optimal solo policy (numbers only)
 * assert.equal(g.sweep(u).toFixed(4), "18.5652");
 * ```
 * @module
 */

import {
  COUNT_OF_MASK,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  MODIFIER_KINDS,
  MODIFIERS,
  NUMBER_KINDS,
  plusValue,
  SUM_OF_MASK,
  X2_BIT,
} from "../game/cards.ts";
import { LINE_STATES } from "./continuation.ts";

// module-private copies of the scoring constants (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS, SEVEN = FLIP7_LENGTH;
/** Index of `x2` in a modifier pile (`+2 … +10, x2`: the modifiers' bit order). */
const X2_INDEX = 31 - Math.clz32(X2_BIT);
/** The `+X` value of each modifier of a modifier pile (0 for `x2`). */
const PLUS_VALUES = Int32Array.from(MODIFIERS, plusValue);

export * from "./roundgraph.ts";
export * from "./continuation.ts";

/**
 * The exact pile-aware round solver of `winprob`: from a line (number mask,
 * Second Chance held) and the exact counts of each number left to draw, the
 * policy maximising `E[u(final score)]`, by one backward sweep over the
 * supersets of the line in decreasing mask order (children first), into flat
 * typed arrays indexed by line state — no graph is built and nothing is
 * allocated. Draws are conditioned on being numbers (other cards are treated
 * as not there, except that the modifiers left may be valued to first order:
 * see `modPile`); a duplicate busts unless a Second Chance is held, which it
 * uses up (the duplicate stays in the pile, as in the solver); seven numbers
 * end the round with +15.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NUMBERS_DECK } from "./rounddp.ts";
 * const r = new RoundSolver();
 * const u = new Float64Array(256).map((_, x) => x);
 * const hit = r.solve(u, 1 << 7, false, NUMBERS_DECK, 1, 0); // value of hitting on a lone 7
 * assert.equal(hit.toFixed(4), "18.1523");
 * assert.equal(r.stay, 7);
 * ```
 */
export class RoundSolver {
  /** Value of each state reached by the last solve (`(mask << 1) | chance`). */
  readonly value: Float64Array = new Float64Array(LINE_STATES);
  /** 1 when the last solve's policy hits at the state. */
  readonly hit: Uint8Array = new Uint8Array(LINE_STATES);
  /** Value of staying at the root, after a solve. */
  stay = 0;
  /** Value of hitting at the root (then playing on optimally), after a solve. */
  hitValue = 0;
  /** States swept by the last solve. */
  states = 0;
  private readonly c = new Int32Array(NUMBER_KINDS);
  private readonly pv = new Int32Array(MODIFIER_KINDS);
  private readonly pc = new Int32Array(MODIFIER_KINDS);

  /**
   * Solve from the root line `start` for utility `u` (indexed by final score).
   * Returns the root's hit value (`-Infinity` when no number is left).
   *
   * @param mult 2 when an `x2` is in front of the player, else 1
   * @param plus the `+X` bonuses in front of the player
   * @param forceHit the root must hit (an empty line cannot stay)
   * @param modPile counts of the modifiers `+2 … +10, x2` left to draw, or
   *   null (numbers only). A modifier drawn is valued to first order: the
   *   state's own value plus the gain in staying utility it brings
   *   (`u[score with it] − u[score]`); with the draw otherwise conditioned on
   *   numbers, a hit from a state is worth `(Σ numbers' values + Σ modifiers'
   *   gains) / numbers left`.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { NUMBERS_DECK, SCORE_CAP } from "./rounddp.ts";
   * const r = new RoundSolver();
   * const u = new Float64Array(SCORE_CAP).map((_, x) => x);
   * // 12, 11, 10 and 9 in front: a sum of forty-two
   * const mask = (1 << 12) | (1 << 11) | (1 << 10) | (1 << 9);
   * const hitBetter = r.solve(u, mask, false, NUMBERS_DECK, 1, 0) > r.stay;
   * assert.equal(r.stay, 42);
   * assert.equal(hitBetter, false); // four high numbers: stay
   * ```
   */
  solve(
    u: Float64Array,
    start: number,
    chance: boolean,
    pile: ArrayLike<number>,
    mult: number,
    plus: number,
    forceHit = false,
    modPile: ArrayLike<number> | null = null,
  ): number {
    const c = this.c, value = this.value, hit = this.hit;
    // modifiers that can come: +k values (with counts) and the x2's count
    const pv = this.pv, pc = this.pc;
    let np = 0, cx = 0;
    if (modPile) {
      for (let i = 0; i < MODIFIER_KINDS; i++) {
        if (i !== X2_INDEX && modPile[i] > 0) {
          pv[np] = PLUS_VALUES[i];
          pc[np++] = modPile[i];
        }
      }
      if (mult === 1) cx = modPile[X2_INDEX];
    }
    let n = 0, comp = 0, dupStart = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) {
      const x = pile[v];
      c[v] = x;
      n += x;
      if (start & (1 << v)) dupStart += x;
      else if (x > 0) comp |= 1 << v;
    }
    const k0 = COUNT_OF_MASK[start];
    const room = SEVEN - 1 - k0; // numbers that may still be added without ending the round
    const u0 = u[0];
    const chMax = chance ? 1 : 0;
    let states = 0, bonus = 0;
    let sub = comp;
    while (true) {
      const ks = COUNT_OF_MASK[sub];
      if (ks <= room) {
        const m = start | sub;
        const left = n - ks;
        const base = mult * SUM_OF_MASK[m] + plus;
        const stay = u[base];
        let dup = dupStart - ks;
        for (let b = sub; b !== 0; b &= b - 1) {
          dup += c[31 - Math.clz32(b & -b)];
        }
        const last = ks === room; // one more new number is a Flip 7
        for (let ch = 0; ch <= chMax; ch++) {
          const key = (m << 1) | ch;
          states++;
          if (left <= 0) {
            value[key] = stay;
            hit[key] = 0;
            continue;
          }
          let h = 0;
          if (ch === 0) {
            bonus = 0;
            for (let i = 0; i < np; i++) {
              bonus += pc[i] * (u[base + pv[i]] - stay);
            }
            if (cx > 0) bonus += cx * (u[base + SUM_OF_MASK[m]] - stay);
          }
          h += bonus;
          for (let f = comp & ~sub; f !== 0; f &= f - 1) {
            const v = 31 - Math.clz32(f & -f);
            h += c[v] *
              (last
                ? u[base + mult * v + BONUS]
                : value[((m | (1 << v)) << 1) | ch]);
          }
          if (dup > 0) h += dup * (ch ? value[m << 1] : u0);
          h /= left;
          if (h > stay || (sub === 0 && forceHit)) {
            value[key] = h;
            hit[key] = 1;
          } else {
            value[key] = stay;
            hit[key] = 0;
          }
          if (sub === 0 && ch === chMax) this.hitValue = h;
        }
      }
      if (sub === 0) break;
      sub = (sub - 1) & comp;
    }
    this.states = states;
    this.stay = u[mult * SUM_OF_MASK[start] + plus];
    if (n <= 0) this.hitValue = -Infinity;
    return this.hitValue;
  }
}
