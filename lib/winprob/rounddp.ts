/**
 * The numbers round, the one round DP of win-probability play: one player's
 * round over the number cards, solved exactly for a terminal utility
 * ({@linkcode RoundSolver}), and the laws of how it ends from every line
 * ({@linkcode ContinuationLaws}).
 *
 * The model is the round kernel's (`lib/game/kernel.ts`) on the number
 * cards, under two named treatments: the draw is conditioned on being a
 * number (the other cards of the pile are treated as not there, except that
 * `winprob` may value the modifiers left to first order), and a Second
 * Chance saves a duplicate that goes back into the pile (the kernel's
 * `savedDuplicate: "back-in-deck"`). The rest is the rules': the number
 * kinds and faces, the Flip 7 length and bonus, and the score of a line
 * with its modifiers, from the rules object and its card table.
 * tests/winprob_test.ts ties it to the kernel: on small decks its values
 * and laws are the kernel's exact DP's (`solveKernel`).
 *
 * A state is a line and whether a Second Chance is held,
 * `(mask << 1) | chance`; from a start line and pile the states are the
 * supersets of the line short of a Flip 7, swept children first (decreasing
 * mask order) into flat typed arrays, nothing allocated per solve. With
 * `u(x) = x` the policy is the expected-score maximiser; with
 * `u(x) = E[W(t0 + x, t1 + Y)]` a win-probability best response.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IDENTITY_UTILITY, NUMBERS_DECK, RoundSolver } from "./rounddp.ts";
 * const r = new RoundSolver();
 * // the expected score of the optimal solo policy (numbers only), from the empty line
 * assert.equal(r.solve(IDENTITY_UTILITY, 0, false, NUMBERS_DECK, 0, true).toFixed(4), "18.5652");
 * ```
 * @module
 */

import { InputError, STANDARD_CARDS } from "../game/cards.ts";
import { getRules, type Rules } from "../game/rules.ts";

/**
 * Size of utility arrays: every round score is below this.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(SCORE_CAP, 256);
 * assert.ok(ContinuationLaws.get().scores.every((x) => x < SCORE_CAP));
 * ```
 */
export const SCORE_CAP = 256;

/**
 * Counts of each number in the official deck's 79 number cards (one 0, k copies of k).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(NUMBERS_DECK.reduce((a, b) => a + b, 0), 79);
 * assert.deepEqual([NUMBERS_DECK[0], NUMBERS_DECK[12]], [1, 12]);
 * ```
 */
export const NUMBERS_DECK: readonly number[] = STANDARD_CARDS.counts.slice(
  0,
  STANDARD_CARDS.numberKinds,
);

/** The identity utility `u(x) = x` (expected score). */
export const IDENTITY_UTILITY: Float64Array = new Float64Array(SCORE_CAP).map((
  _,
  x,
) => x);

/** Number of line states `(mask << 1) | chance` of the official table. */
export const LINE_STATES = 2 << STANDARD_CARDS.numberKinds;

/** A line's score from its number sum `s`, the factor `t` and the `+X` sum `p` of its modifiers (the card table's rule). */
function score(s: number, t: number, p: number): number {
  const x = Math.floor(s * t) + p;
  return x > 0 ? x : 0;
}

/**
 * The numbers round of a rule set with reusable buffers: the policy that
 * maximises `E[u(final score)]` from a line (or follows a given policy),
 * its values, and the threshold and one-step policies.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { NUMBERS_DECK } from "./rounddp.ts";
 * const r = new RoundSolver();
 * const u = new Float64Array(256).map((_, x) => x);
 * const hit = r.solve(u, 1 << 7, false, NUMBERS_DECK); // value of hitting on a lone 7
 * assert.equal(hit.toFixed(4), "18.1523");
 * assert.equal(r.stay, 7);
 * assert.equal(r.hit[(1 << 7) << 1], 1); // so it hits
 * ```
 */
export class RoundSolver {
  /** Value of each state reached by the last solve. */
  readonly value: Float64Array;
  /** 1 when the last solve's policy hits at the state. */
  readonly hit: Uint8Array;
  /** `∂ value / ∂ u[0]` of each state after a solve with {@linkcode trackZero}. */
  readonly d0: Float64Array;
  /** Track `d0` in the solves (the best response's Newton steps). */
  trackZero = false;
  /** A policy to follow instead of maximising (hit flags by state), or null. */
  fixed: Uint8Array | null = null;
  /** Value of staying at the root, after a solve. */
  stay = 0;
  /** Value of hitting at the root (then playing on by the policy), after a solve. */
  hitValue = 0;
  /** States swept by the last solve. */
  states = 0;
  // the last round solved: its start line, chance held, modifiers, numbers
  // that can come (`comp`) and their counts, numbers left, duplicates of
  // the start line left, numbers that may still join short of a Flip 7
  start = 0;
  chMax = 0;
  mods = 0;
  comp = 0;
  private forceRoot = false;
  private n = 0;
  private dupStart = 0;
  private room = 0;
  /** Counts of each number in the solved pile. */
  readonly c: Int32Array;
  /** The card table's number sums by mask, factors and `+X` sums by modifier mask. */
  readonly sums: Int32Array;
  readonly times: Float64Array;
  readonly plus: Int32Array;
  /** The Flip 7 bonus. */
  readonly bonus: number;
  private readonly count: Uint8Array;
  private readonly len: number;
  private readonly modKinds: number;
  private readonly mm: Int32Array;
  private readonly mc: Int32Array;

  /**
   * The round of `rules` (default the official rules): its card table's
   * numbers and modifiers, its Flip 7 length and bonus.
   *
   * @throws {InputError} for a table whose scores reach {@linkcode SCORE_CAP}
   */
  constructor(readonly rules: Rules = getRules()) {
    const t = rules.cards, k = t.numberKinds;
    this.sums = t.sumOfMask;
    this.times = t.timesOfMods;
    this.plus = t.plusOfMods;
    this.bonus = rules.flip7Bonus;
    this.len = rules.flip7Length;
    this.modKinds = t.modifierKinds.length;
    this.count = new Uint8Array(1 << k);
    for (let m = 1; m < 1 << k; m++) {
      this.count[m] = this.count[m & (m - 1)] + 1;
    }
    let top = 0;
    for (let md = 0; md < this.times.length; md++) {
      top = Math.max(
        top,
        score(this.sums[(1 << k) - 1], this.times[md], this.plus[md]),
      );
    }
    if (top + this.bonus >= SCORE_CAP) {
      throw new InputError(
        `rules '${rules.name}': round scores up to ${
          top + this.bonus
        }: allowed below ${SCORE_CAP}`,
      );
    }
    this.value = new Float64Array(2 << k);
    this.hit = new Uint8Array(2 << k);
    this.d0 = new Float64Array(2 << k);
    this.c = new Int32Array(k);
    this.mm = new Int32Array(this.modKinds);
    this.mc = new Int32Array(this.modKinds);
  }

  /**
   * Solve from the line `start` (a mask of numbers; `chance`: a Second
   * Chance held; `mods`: the modifiers in front, a modifier mask) with
   * `pile[v]` copies of each number `v` left to draw, for utility `u`
   * (indexed by final score). Returns the root's hit value (`-Infinity`
   * when no number is left).
   *
   * @param forceHit the root must hit (an empty line cannot stay)
   * @param modPile counts of the modifiers left to draw (modifier-mask bit
   *   order), or null (numbers only). A modifier the line lacks is valued
   *   to first order: the state's own value plus the gain in staying utility
   *   it brings; with the draw otherwise conditioned on numbers, a hit is
   *   worth `(Σ numbers' values + Σ modifiers' gains) / numbers left`.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { NUMBERS_DECK, SCORE_CAP } from "./rounddp.ts";
   * const r = new RoundSolver();
   * const u = new Float64Array(SCORE_CAP).map((_, x) => x);
   * // 12, 11, 10 and 9 in front: a sum of forty-two
   * const mask = (1 << 12) | (1 << 11) | (1 << 10) | (1 << 9);
   * assert.ok(r.solve(u, mask, false, NUMBERS_DECK) < r.stay); // stay
   * assert.equal(r.stay, 42);
   * ```
   */
  solve(
    u: Float64Array,
    start: number,
    chance: boolean,
    pile: ArrayLike<number>,
    mods = 0,
    forceHit = false,
    modPile: ArrayLike<number> | null = null,
  ): number {
    const c = this.c, value = this.value, hit = this.hit, count = this.count;
    const sums = this.sums, bonus = this.bonus, fixed = this.fixed;
    const T = this.times, P = this.plus;
    const d0 = this.trackZero ? this.d0 : null;
    const times = this.times[mods], plus = this.plus[mods];
    let n = 0, comp = 0, dupStart = 0;
    for (let v = 0; v < c.length; v++) {
      const x = pile[v];
      c[v] = x;
      n += x;
      if (start & (1 << v)) dupStart += x;
      else if (x > 0) comp |= 1 << v;
    }
    const room = this.len - 1 - count[start]; // numbers that may join short of a Flip 7
    const chMax = chance ? 1 : 0;
    this.start = start;
    this.chMax = chMax;
    this.mods = mods;
    this.comp = comp;
    this.n = n;
    this.dupStart = dupStart;
    this.room = room;
    this.forceRoot = forceHit;
    // the modifiers that can come: the line's mask with each, and its count
    const mm = this.mm, mc = this.mc;
    let nm = 0;
    for (let i = 0; modPile && i < this.modKinds; i++) {
      if (modPile[i] > 0 && (mods & (1 << i)) === 0) {
        mm[nm] = mods | (1 << i);
        mc[nm++] = modPile[i];
      }
    }
    const u0 = u[0];
    let states = 0, gain = 0, gainD = 0;
    for (let sub = comp;; sub = (sub - 1) & comp) {
      const ks = count[sub];
      if (ks <= room) {
        const m = start | sub, left = n - ks, s = sums[m];
        const base = score(s, times, plus), stay = u[base];
        let dup = dupStart - ks;
        for (let b = sub; b !== 0; b &= b - 1) {
          dup += c[31 - Math.clz32(b & -b)];
        }
        const last = ks === room; // one more new number is a Flip 7
        for (let ch = 0; ch <= chMax; ch++) {
          const key = (m << 1) | ch;
          states++;
          let h = 0, go = false;
          if (left > 0) {
            if (ch === 0) {
              gain = gainD = 0;
              for (let i = 0; i < nm; i++) {
                const x = score(s, T[mm[i]], P[mm[i]]);
                gain += mc[i] * (u[x] - stay);
                gainD += mc[i] * ((x === 0 ? 1 : 0) - (base === 0 ? 1 : 0));
              }
            }
            h += gain;
            for (let f = comp & ~sub; f !== 0; f &= f - 1) {
              const v = 31 - Math.clz32(f & -f), mv = m | (1 << v);
              h += c[v] *
                (last
                  ? u[score(sums[mv], times, plus) + bonus]
                  : value[(mv << 1) | ch]);
            }
            if (dup > 0) h += dup * (ch ? value[m << 1] : u0);
            h /= left;
            go = fixed ? fixed[key] === 1 : h > stay || (sub === 0 && forceHit);
            if (sub === 0 && ch === chMax) this.hitValue = h;
          }
          value[key] = go ? h : stay;
          hit[key] = go ? 1 : 0;
          if (d0 && !go) d0[key] = base === 0 ? 1 : 0;
          else if (d0) {
            let hd = gainD;
            for (let f = comp & ~sub; f !== 0; f &= f - 1) {
              const v = 31 - Math.clz32(f & -f), mv = m | (1 << v);
              hd += c[v] *
                (last
                  ? (score(sums[mv], times, plus) + bonus === 0 ? 1 : 0)
                  : d0[(mv << 1) | ch]);
            }
            d0[key] = (hd + dup * (ch ? d0[m << 1] : 1)) / left;
          }
        }
      }
      if (sub === 0) break;
    }
    this.states = states;
    this.stay = u[score(sums[start], times, plus)];
    if (n <= 0) this.hitValue = -Infinity;
    return this.hitValue;
  }

  /**
   * Replace the last solve's policy by the expected-score maximiser's, a
   * threshold player's `sum:N` (hits while its number sum is below N) or the
   * one-step greedy player's (hits while one more card, then stopping,
   * beats stopping now); the root hits if the solve forced it.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { IDENTITY_UTILITY, NUMBERS_DECK } from "./rounddp.ts";
   * const r = new RoundSolver();
   * r.solve(IDENTITY_UTILITY, 0, false, NUMBERS_DECK, 0, true);
   * const line = ((1 << 12) | (1 << 9)) << 1; // a line of twelve and nine
   * assert.equal(r.hit[line], 1); // the maximiser hits on 21
   * r.policy(20);
   * assert.equal(r.hit[line], 0); // sum:20 stays
   * ```
   */
  policy(kind: "maximiser" | "greedy" | number): void {
    if (kind === "maximiser") {
      const u = IDENTITY_UTILITY, ch = this.chMax === 1;
      this.solve(u, this.start, ch, this.c, this.mods, this.forceRoot);
      return;
    }
    const c = this.c, sums = this.sums, hit = this.hit;
    const t = this.times[this.mods], p = this.plus[this.mods];
    this.each((m, left, dup, last) => {
      const s = sums[m], stay = score(s, t, p);
      let h = 0;
      for (let f = this.comp & ~m; f !== 0 && kind === "greedy"; f &= f - 1) {
        const v = 31 - Math.clz32(f & -f);
        h += (c[v] / left) *
          (score(sums[m | (1 << v)], t, p) + (last ? this.bonus : 0));
      }
      for (let ch = 0; ch <= this.chMax; ch++) {
        const g = ch ? h + (dup / left) * stay : h;
        const go = typeof kind === "number" ? s < kind : g > stay;
        hit[(m << 1) | ch] = left > 0 &&
            (go || (m === this.start && this.forceRoot))
          ? 1
          : 0;
      }
    });
  }

  /**
   * The largest final score any policy can reach from the last solve's root.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { IDENTITY_UTILITY, NUMBERS_DECK } from "./rounddp.ts";
   * const r = new RoundSolver();
   * r.solve(IDENTITY_UTILITY, 0, false, NUMBERS_DECK, 0, true);
   * assert.equal(r.maxScore(), 78); // a Flip 7 of 6 to 12, plus the bonus
   * ```
   */
  maxScore(): number {
    const sums = this.sums, t = this.times[this.mods], p = this.plus[this.mods];
    let top = 0;
    this.each((m, _left, _dup, last) => {
      top = Math.max(top, score(sums[m], t, p));
      for (let f = this.comp & ~m; f !== 0 && last; f &= f - 1) {
        const mv = m | (f & -f);
        top = Math.max(top, score(sums[mv], t, p) + this.bonus);
      }
    });
    return top;
  }

  /**
   * Calls `fn` with each line of the last solve's round, children first:
   * its mask, the numbers left, the duplicates among them, and whether one
   * more new number is a Flip 7.
   */
  each(
    fn: (m: number, left: number, dup: number, last: boolean) => void,
  ): void {
    const c = this.c, comp = this.comp;
    for (let sub = comp;; sub = (sub - 1) & comp) {
      const ks = this.count[sub];
      if (ks <= this.room) {
        let dup = this.dupStart - ks;
        for (let b = sub; b !== 0; b &= b - 1) {
          dup += c[31 - Math.clz32(b & -b)];
        }
        fn(this.start | sub, this.n - ks, dup, ks === this.room);
      }
      if (sub === 0) break;
    }
  }
}

/**
 * The laws of how a round ends from every line of a solved round
 * ({@linkcode RoundSolver}) under its policy: for each line state, the
 * sparse law of its end — a bank of number sum `S`, a Flip 7 with sum `S`,
 * or a bust — stored as codes (`S`, `f7Code + S`, `bustCode`) so that the
 * modifiers in front apply at lookup ({@linkcode scores}).
 * {@linkcode ContinuationLaws.get} gives the shared laws of the number-sum
 * maximiser (or of `sum:N`) on a full deck of numbers less its own line:
 * the search agent values a player still in the round at a leaf by them,
 * `winprob` models an opponent still in the round by them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const laws = ContinuationLaws.get();
 * const k = (1 << 7) << 1; // a line holding a 7, no Second Chance
 * let p = 0;
 * for (let i = laws.start[k]; i < laws.start[k + 1]; i++) p += laws.prob[i];
 * assert.ok(Math.abs(p - 1) < 1e-12); // a law
 * assert.equal(laws.mean(0, 0).toFixed(4), "18.5652"); // from the empty line
 * ```
 */
export class ContinuationLaws {
  /** Entries of state `k` are `[start[k], start[k + 1])`. */
  readonly start: Int32Array;
  /** Law code of each entry. */
  readonly code: Uint16Array;
  /** Probability of each entry. */
  readonly prob: Float64Array;
  /** Probability of not busting, per state. */
  readonly pBank: Float64Array;
  /** Expected number sum over the rounds that do not bust (sum × probability), per state. */
  readonly eSum: Float64Array;
  /** Probability of a Flip 7, per state. */
  readonly pF7: Float64Array;
  /** 1 when the policy hits at the state. */
  readonly hit: Uint8Array;
  /** The code of a Flip 7 of sum 0 (the codes of a bank are below it). */
  readonly f7Code: number;
  /** The code of a bust. */
  readonly bustCode: number;
  /** Codes at most: `bustCode + 1`. */
  readonly width: number;
  /** The final score of a code under a modifier mask: `scores[md * width + code]`. */
  readonly scores: Int32Array;
  private readonly times: Float64Array;
  private readonly plus: Int32Array;
  private readonly bonus: number;

  private static readonly shared = new Map<number, ContinuationLaws>();

  /**
   * The laws of the official rules' 79 numbers, built on first use (about
   * 10 ms) and shared: of the maximiser (no argument), or of the threshold
   * player `sum:N`.
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
      const s = new RoundSolver();
      s.solve(IDENTITY_UTILITY, 0, true, NUMBERS_DECK);
      if (threshold !== undefined) s.policy(threshold);
      got = new ContinuationLaws(s);
      ContinuationLaws.shared.set(key, got);
    }
    return got;
  }

  /** The laws of `s`'s last solved round under its policy (one backward pass). */
  constructor(s: RoundSolver) {
    const c = s.c, sums = s.sums, states = s.value.length;
    this.times = s.times;
    this.plus = s.plus;
    this.bonus = s.bonus;
    const F7 = this.f7Code = sums[sums.length - 1] + 2;
    const BUST = this.bustCode = 2 * F7;
    const W = this.width = BUST + 1;
    this.hit = new Uint8Array(states);
    const dense = new Float64Array(states * W);
    s.each((m, left, dup, last) => {
      for (let ch = 0; ch <= s.chMax; ch++) {
        const key = (m << 1) | ch, base = key * W;
        this.hit[key] = s.hit[key];
        if (!s.hit[key]) {
          dense[base + sums[m]] = 1;
          continue;
        }
        for (let f = s.comp & ~m; f !== 0; f &= f - 1) {
          const v = 31 - Math.clz32(f & -f), p = c[v] / left;
          if (last) dense[base + F7 + sums[m | (1 << v)]] += p;
          else {
            const cb = (((m | (1 << v)) << 1) | ch) * W;
            for (let j = 0; j < W; j++) dense[base + j] += p * dense[cb + j];
          }
        }
        if (dup > 0 && ch) {
          const p = dup / left, cb = (m << 1) * W;
          for (let j = 0; j < W; j++) dense[base + j] += p * dense[cb + j];
        } else if (dup > 0) dense[base + BUST] += dup / left;
      }
    });
    let n = 0;
    for (let i = 0; i < dense.length; i++) if (dense[i] > 0) n++;
    this.code = new Uint16Array(n);
    this.prob = new Float64Array(n);
    this.start = new Int32Array(states + 1);
    this.pBank = new Float64Array(states);
    this.eSum = new Float64Array(states);
    this.pF7 = new Float64Array(states);
    let j = 0;
    for (let key = 0; key < states; key++) {
      this.start[key] = j;
      const base = key * W;
      let pb = 0, es = 0, pf = 0;
      for (let code = 0; code < W; code++) {
        const p = dense[base + code];
        if (p > 0) {
          this.code[j] = code;
          this.prob[j++] = p;
          if (code !== BUST) {
            pb += p;
            es += p * (code >= F7 ? code - F7 : code);
            if (code >= F7) pf += p;
          }
        }
      }
      this.pBank[key] = pb;
      this.eSum[key] = es;
      this.pF7[key] = pf;
    }
    this.start[states] = j;
    this.scores = new Int32Array(this.times.length * W);
    for (let md = 0; md < this.times.length; md++) {
      for (let code = 0; code < BUST; code++) {
        const sum = code >= F7 ? code - F7 : code;
        this.scores[md * W + code] = score(sum, this.times[md], this.plus[md]) +
          (code >= F7 ? this.bonus : 0);
      }
    }
  }

  /**
   * Expected final score of a state with the modifier mask `md` in front
   * (the table's factor times the expected sum, plus its `+X` on the rounds
   * that bank: exact for the official table, whose scores need no floor).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const laws = ContinuationLaws.get();
   * assert.equal(laws.mean((1 << 5) << 1, 0).toFixed(4), "18.8812"); // from a lone 5
   * ```
   */
  mean(key: number, md: number): number {
    return this.times[md] * this.eSum[key] + this.plus[md] * this.pBank[key] +
      this.bonus * this.pF7[key];
  }

  /**
   * The law of the final score of a state with the modifier mask `md` in
   * front, dense (index: the score).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const law = ContinuationLaws.get().law(0, 0);
   * assert.equal(law[0].toFixed(4), "0.3135"); // the maximiser scores 0 that often
   * ```
   */
  law(key: number, md: number): Float64Array {
    const out = new Float64Array(SCORE_CAP), base = md * this.width;
    for (let i = this.start[key]; i < this.start[key + 1]; i++) {
      out[this.scores[base + this.code[i]]] += this.prob[i];
    }
    return out;
  }
}
