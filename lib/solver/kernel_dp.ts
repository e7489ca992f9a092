/**
 * The optimal-stopping DP over the round kernel (`lib/game/kernel.ts`), in
 * exact rationals: the value of optimal play from a state, and its bust and
 * Flip 7 probabilities, for any card table the kernel plays. It memoises
 * states by their key and walks every state optimal play (or a given
 * policy) can reach, so it suits small decks: it is the definition the fast
 * solvers (`solve.ts`, `actions.ts`) are checked against, and the solver of
 * a deck with a card kind they do not model (tests/new_card_test.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundKernel } from "../game/kernel.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * // numbers 0-4, +2, x2, a Second Chance and a Flip Three (the all94 model's example deck)
 * const deck = getRules().deck.map((c, k) => (k <= 4 ? c : 0));
 * for (const name of ["+2", "x2", "chance", "flip3"]) deck[getRules().cards.kindOf(name)] = 1;
 * const s = solveKernel(new RoundKernel(withRules(getRules(), { deck })));
 * assert.equal(s.value.toNumber().toFixed(6), "6.567199"); // ActionModel's optimum of the same deck
 * assert.equal(s.value.toString(), "10353682/1576575");
 * ```
 * @module
 */

import type { Decision, RoundKernel, RoundState } from "../game/kernel.ts";

/** Greatest common divisor of two non-negative big integers. */
function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/**
 * An exact rational number (a big-integer fraction in lowest terms, the
 * denominator positive).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const third = Ratio.of(1, 3);
 * assert.equal(third.add(Ratio.of(1, 6)).toString(), "1/2");
 * assert.equal(Ratio.of(3, 4).mul(Ratio.of(2)).toString(), "3/2");
 * assert.equal(Ratio.of(2, 4).compare(Ratio.of(1, 2)), 0);
 * assert.equal(Ratio.of(7, 8).toNumber(), 0.875);
 * ```
 */
export class Ratio {
  private constructor(readonly num: bigint, readonly den: bigint) {}

  /** `num / den` in lowest terms (integers, `den` not 0). */
  static of(num: number | bigint, den: number | bigint = 1): Ratio {
    let n = BigInt(num), d = BigInt(den);
    if (d === 0n) throw new RangeError("a ratio with denominator 0");
    if (d < 0n) [n, d] = [-n, -d];
    const g = gcd(n < 0n ? -n : n, d);
    return new Ratio(n / g, d / g);
  }

  /** Zero. */
  static readonly ZERO: Ratio = Ratio.of(0);

  /** The sum. */
  add(o: Ratio): Ratio {
    return Ratio.of(this.num * o.den + o.num * this.den, this.den * o.den);
  }

  /** The product. */
  mul(o: Ratio): Ratio {
    return Ratio.of(this.num * o.num, this.den * o.den);
  }

  /** -1, 0 or 1 as this is below, equal to or above `o`. */
  compare(o: Ratio): number {
    const d = this.num * o.den - o.num * this.den;
    return d < 0n ? -1 : d > 0n ? 1 : 0;
  }

  /** The value as a double (to the last digit or so). */
  toNumber(): number {
    const big = 1n << 53n;
    if (this.num < big && this.num > -big && this.den < big) {
      return Number(this.num) / Number(this.den); // correctly rounded
    }
    // scale the quotient to about 64 bits of integer, then back
    const shift = BigInt(
      Math.max(
        0,
        64 - (this.num.toString(2).length - this.den.toString(2).length),
      ),
    );
    return Number((this.num << shift) / this.den) / 2 ** Number(shift);
  }

  /** `num/den`, or `num` for a whole number. */
  toString(): string {
    return this.den === 1n ? `${this.num}` : `${this.num}/${this.den}`;
  }
}

/** What optimal play (or a policy) makes of a round from a state, exactly. */
export interface KernelValue {
  /** The expected round score. */
  readonly value: Ratio;
  /** The probability of busting. */
  readonly bust: Ratio;
  /** The probability of a Flip 7. */
  readonly flip7: Ratio;
}

/** The solution of a round by {@linkcode solveKernel}. */
export interface KernelSolution extends KernelValue {
  /** Distinct states the DP visited (every node kind). */
  readonly states: number;
  /** Decision nodes among them. */
  readonly decisions: number;
}

/**
 * A policy over kernel states: hit or stay at a decision node. The DP uses
 * the optimal one unless given another.
 */
export type KernelPolicy = (state: RoundState, kernel: RoundKernel) => Decision;

/**
 * Solve the round of `kernel` from `start` (default its initial state):
 * backward induction over every state reachable under optimal play (or
 * `policy`), in exact rationals. At a decision the optimal player hits when
 * hitting is worth strictly more than staying (the fast solvers' rule), at a
 * choose node (a Vengeance Steal or Discard of its own card) it takes the
 * best option, the first of equal ones; the bust and Flip 7 probabilities
 * are those of that policy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundKernel } from "../game/kernel.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * const deck = getRules().deck.map((c, k) => (k >= 1 && k <= 3 ? c : 0)); // a 1, two 2s, three 3s
 * const kernel = new RoundKernel(withRules(getRules(), { deck }));
 * const best = solveKernel(kernel);
 * const always = solveKernel(kernel, undefined, () => "hit");
 * assert.equal(always.bust.toString(), "1"); // six cards, three numbers: hitting on busts
 * assert.ok(best.value.compare(always.value) > 0);
 * ```
 */
export function solveKernel(
  kernel: RoundKernel,
  start: RoundState = kernel.initial(),
  policy?: KernelPolicy,
): KernelSolution {
  const memo = new Map<string, KernelValue>();
  let decisions = 0;
  const one = Ratio.of(1);
  const valueOf = (s: RoundState): KernelValue => {
    const key = kernel.key(s);
    const known = memo.get(key);
    if (known) return known;
    let v: KernelValue;
    if (kernel.isTerminal(s)) {
      v = {
        value: Ratio.of(kernel.score(s)),
        bust: s.end === "bust" ? one : Ratio.ZERO,
        flip7: s.end === "flip7" ? one : Ratio.ZERO,
      };
    } else if (kernel.node(s) === "decide") {
      decisions++;
      const hit = valueOf(kernel.apply(s, "hit"));
      const stay = valueOf(kernel.apply(s, "stay"));
      const choice = policy
        ? policy(s, kernel)
        : hit.value.compare(stay.value) > 0
        ? "hit"
        : "stay";
      v = choice === "hit" ? hit : stay;
    } else if (kernel.node(s) === "choose") {
      // a Vengeance Steal or Discard of one's own card: the best option
      // (the first of equal ones)
      let best: KernelValue | null = null;
      for (const o of kernel.options(s)) {
        const w = valueOf(kernel.apply(s, o));
        if (best === null || w.value.compare(best.value) > 0) best = w;
      }
      v = best!;
    } else {
      const outs = kernel.outcomes(s);
      let total = 0;
      for (const o of outs) total += o.count;
      let value = Ratio.ZERO, bust = Ratio.ZERO, flip7 = Ratio.ZERO;
      for (const o of outs) {
        const p = Ratio.of(o.count, total);
        const w = valueOf(o.state);
        value = value.add(p.mul(w.value));
        bust = bust.add(p.mul(w.bust));
        flip7 = flip7.add(p.mul(w.flip7));
      }
      v = { value, bust, flip7 };
    }
    memo.set(key, v);
    return v;
  };
  const v = valueOf(start);
  return { ...v, states: memo.size, decisions };
}
