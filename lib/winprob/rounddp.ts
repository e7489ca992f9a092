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

/** Size of utility arrays: every round score is below this (checked). */
export const SCORE_CAP = 256;

/** Counts of each number in the official deck's 79 number cards. */
export const NUMBERS_DECK: readonly number[] = STANDARD_CARDS.counts.slice(
  0,
  STANDARD_CARDS.numberKinds,
);

/** The identity utility `u(x) = x` (expected score). */
export const IDENTITY_UTILITY: Float64Array = new Float64Array(SCORE_CAP).map((
  _,
  x,
) => x);

/** The card table's score of a number sum `s` with modifiers of factor `t` and `+X` sum `p`. */
function score(s: number, t: number, p: number): number {
  const x = Math.floor(s * t) + p;
  return x > 0 ? x : 0;
}

/**
 * The numbers round of a rule set with reusable buffers: the policy that
 * maximises `E[u(final score)]` from a line ({@linkcode RoundSolver.solve},
 * one sweep), the threshold and one-step policies, and, for many utilities
 * over one round, the round compiled into flat arrays and swept
 * ({@linkcode RoundSolver.compile}, {@linkcode RoundSolver.sweep}: the same
 * values to the last bit, faster, with `∂ value / ∂ u[0]` and a given
 * policy).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IDENTITY_UTILITY, NUMBERS_DECK } from "./rounddp.ts";
 * const r = new RoundSolver();
 * const hit = r.solve(IDENTITY_UTILITY, 1 << 7, false, NUMBERS_DECK); // hitting on a lone 7
 * assert.equal(hit.toFixed(4), "18.1523");
 * assert.equal(r.stay, 7);
 * assert.equal(r.hit[(1 << 7) << 1], 1); // so it hits
 * // 12, 11, 10 and 9 in front: a sum of forty-two, it stays
 * assert.ok(r.solve(IDENTITY_UTILITY, 0b1111 << 9, false, NUMBERS_DECK) < r.stay);
 * // from the empty line (which must hit), compiled
 * r.compile(0, false, NUMBERS_DECK, 0, true);
 * assert.equal(r.sweep(IDENTITY_UTILITY).toFixed(4), "18.5652");
 * assert.equal(r.d0[0].toFixed(4), "0.3135"); // P(score 0) under the policy
 * ```
 */
export class RoundSolver {
  /** Per state of the last solve or sweep: its value. */
  readonly value: Float64Array;
  /** Per state of the last solve or sweep: 1 where the policy hits. */
  readonly hit: Uint8Array;
  /** Per state of the last sweep: `∂ value / ∂ u[0]`. */
  readonly d0: Float64Array;
  /** A policy for {@linkcode sweep} to follow instead of maximising (hit flags by state), or null. */
  fixed: Uint8Array | null = null;
  /** At the root after a solve: the value of staying. */
  stay = 0;
  /** At the root after a solve: the value of hitting. */
  hitValue = 0;
  /** The states the last solve swept. */
  states = 0;
  /** The last round loaded: its start line (a mask of numbers). */
  start = 0;
  /** The last round loaded: a Second Chance held (0/1). */
  chMax = 0;
  /** The last round loaded: its modifier mask. */
  mods = 0;
  /** The last round loaded: the numbers that can come (a mask). */
  comp = 0;
  /** The last round loaded: each number's count left in the pile. */
  readonly c: Int32Array;
  // the root forced to hit, numbers left, duplicates of the start line left,
  // numbers that may still join short of a Flip 7
  private forceRoot = false;
  private n = 0;
  private dupStart = 0;
  private room = 0;
  /** The card table's number sums by mask. */
  readonly sums: Int32Array;
  /** The card table's factors by modifier mask. */
  readonly times: Int32Array | Float64Array;
  /** The card table's `+X` sums by modifier mask. */
  readonly plus: Int32Array;
  /** The rules' Flip 7 bonus. */
  readonly bonus: number;
  private readonly count: Uint8Array;
  private readonly len: number;
  private readonly mt: Int32Array | Float64Array;
  private readonly mp: Int32Array;
  private readonly mc: Int32Array;
  // the compiled round: per node (children first, the root last) its
  // state, stay score, the first of its edges and of its terminal edges, and
  // P(a hit ends on 0); per edge its target state (-1: a final score), score
  // and probability; the scratch of the compile's depth-first visit
  private nodes = 0;
  private nodeKey = new Int32Array(0);
  private nodeStay = new Int32Array(0);
  private edgeStart = new Int32Array(0);
  private termStart = new Int32Array(0);
  private zeroP = new Float64Array(0);
  private edgeTo = new Int32Array(0);
  private edgeScore = new Int32Array(0);
  private edgeP = new Float64Array(0);
  private edges = 0;
  private readonly seen: Int32Array;
  private readonly mass: Float64Array;
  private gen = 0;
  private scratchTo = new Int32Array(0);
  private scratchScore = new Int32Array(0);
  private scratchP = new Float64Array(0);

  /**
   * The round of `rules` (default the official rules): its card table's
   * numbers and modifiers, its Flip 7 length and bonus.
   *
   * @throws {InputError} for a table whose scores reach {@linkcode SCORE_CAP}
   */
  constructor(readonly rules: Rules = getRules()) {
    const t = rules.cards, k = t.numberKinds, full = (1 << k) - 1;
    this.sums = t.sumOfMask;
    // integral factors (the official table's) as integers: the fast path
    const times = t.timesOfMods;
    this.times = times.every(Number.isInteger) ? Int32Array.from(times) : times;
    this.plus = t.plusOfMods;
    this.bonus = rules.flip7Bonus;
    this.len = rules.flip7Length;
    this.count = new Uint8Array(1 << k);
    for (let m = 1; m <= full; m++) this.count[m] = this.count[m & (m - 1)] + 1;
    const top = Math.max(...times.map((_, md) => t.score(full, md, 0)));
    if (top + this.bonus >= SCORE_CAP) {
      throw new InputError(
        `rules '${rules.name}': round scores up to ${
          top + this.bonus
        }: allowed below ${SCORE_CAP}`,
      );
    }
    this.value = new Float64Array(2 << k);
    this.d0 = new Float64Array(2 << k);
    this.hit = new Uint8Array(2 << k);
    this.seen = new Int32Array(2 << k);
    this.mass = new Float64Array(2 << k);
    this.c = new Int32Array(k);
    this.mt = this.times.slice(0, t.modifierKinds.length);
    this.mp = new Int32Array(t.modifierKinds.length);
    this.mc = new Int32Array(t.modifierKinds.length);
  }

  /** Load a round: its start line, chance held, pile of numbers, modifiers in front, root forced to hit. */
  private load(
    start: number,
    chance: boolean,
    pile: ArrayLike<number>,
    mods: number,
    forceHit: boolean,
  ): void {
    const c = this.c;
    let n = 0, comp = 0, dupStart = 0;
    for (let v = 0; v < c.length; v++) {
      const x = pile[v];
      c[v] = x;
      n += x;
      if (start & (1 << v)) dupStart += x;
      else if (x > 0) comp |= 1 << v;
    }
    this.start = start;
    this.chMax = chance ? 1 : 0;
    this.mods = mods;
    this.comp = comp;
    this.n = n;
    this.dupStart = dupStart;
    this.room = this.len - 1 - this.count[start];
    this.forceRoot = forceHit;
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
    this.load(start, chance, pile, mods, forceHit);
    const c = this.c, value = this.value, hit = this.hit, count = this.count;
    const sums = this.sums, bonus = this.bonus, T = this.times, P = this.plus;
    const times = T[mods], plus = P[mods], comp = this.comp, n = this.n;
    const dupStart = this.dupStart, room = this.room, chMax = this.chMax;
    // the modifiers that can come: the line's factor and +X with each, its count
    const mt = this.mt, mp = this.mp, mc = this.mc;
    let nm = 0;
    for (let i = 0; modPile && i < mc.length; i++) {
      if (modPile[i] > 0 && (mods & (1 << i)) === 0) {
        mt[nm] = T[mods | (1 << i)];
        mp[nm] = P[mods | (1 << i)];
        mc[nm++] = modPile[i];
      }
    }
    const u0 = u[0];
    let states = 0, gain = 0;
    for (let sub = comp;; sub = (sub - 1) & comp) {
      const ks = count[sub];
      if (ks <= room) {
        const m = start | sub, left = n - ks, s = sums[m];
        const stay = u[score(s, times, plus)];
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
          if (ch === 0) {
            gain = 0;
            for (let i = 0; i < nm; i++) {
              gain += mc[i] * (u[score(s, mt[i], mp[i])] - stay);
            }
          }
          let h = gain;
          for (let f = comp & ~sub; f !== 0; f &= f - 1) {
            const v = 31 - Math.clz32(f & -f), mv = m | (1 << v);
            h += c[v] *
              (last
                ? u[score(sums[mv], times, plus) + bonus]
                : value[(mv << 1) | ch]);
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
    }
    this.states = states;
    this.stay = u[score(sums[start], times, plus)];
    if (n <= 0) this.hitValue = -Infinity;
    return this.hitValue;
  }

  /**
   * Load a round as {@linkcode solve} does (numbers only) and compile it
   * for {@linkcode sweep}: its states depth first (a node after its
   * children), each with its edges, a child's probability `count / left`.
   */
  compile(
    start: number,
    chance: boolean,
    pile: ArrayLike<number>,
    mods = 0,
    forceHit = false,
  ): void {
    this.load(start, chance, pile, mods, forceHit);
    const size = this.value.length, k = this.c.length;
    if (this.nodeKey.length < size) {
      this.nodeKey = new Int32Array(size);
      this.nodeStay = new Int32Array(size);
      this.edgeStart = new Int32Array(size + 1);
      this.termStart = new Int32Array(size);
      this.zeroP = new Float64Array(size);
      this.edgeTo = new Int32Array(size * k);
      this.edgeScore = new Int32Array(size * k);
      this.edgeP = new Float64Array(size * k);
      const depth = (this.len + 2) * k;
      this.scratchTo = new Int32Array(depth);
      this.scratchScore = new Int32Array(depth);
      this.scratchP = new Float64Array(depth);
    }
    this.gen++;
    this.nodes = this.edges = 0;
    this.visit(start, this.chMax, 0);
  }

  /** Add the node of line `m` (`ch`: a Second Chance held) after its children. */
  private visit(m: number, ch: number, depth: number): void {
    const key = (m << 1) | ch;
    if (this.seen[key] === this.gen) return;
    const c = this.c, k = c.length, sums = this.sums;
    const t = this.times[this.mods], pl = this.plus[this.mods];
    const drawn = m & ~this.start, left = this.n - this.count[drawn];
    const base = depth * k, sTo = this.scratchTo, sSc = this.scratchScore;
    const sP = this.scratchP;
    let j = 0, bust = 0;
    for (let v = 0; v < k && left > 0; v++) {
      const x = c[v] - ((drawn >> v) & 1);
      if (x <= 0) continue;
      const p = x / left, bit = 1 << v;
      let to = -1, sc = 0;
      if (m & bit) {
        if (!ch) {
          bust += p; // every duplicate busts alike: one edge for all
          continue;
        }
        this.visit(m, 0, depth + 1);
        to = m << 1;
      } else if (this.count[m | bit] === this.len) {
        sc = score(sums[m | bit], t, pl) + this.bonus;
      } else {
        this.visit(m | bit, ch, depth + 1);
        to = ((m | bit) << 1) | ch;
      }
      sTo[base + j] = to;
      sSc[base + j] = sc;
      sP[base + j++] = p;
    }
    if (bust > 0) {
      sTo[base + j] = -1;
      sSc[base + j] = 0;
      sP[base + j++] = bust;
    }
    const i = this.nodes++;
    this.nodeKey[i] = key;
    this.nodeStay[i] = score(sums[m], t, pl);
    this.edgeStart[i] = this.edges;
    let zero = 0;
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) this.termStart[i] = this.edges;
      for (let q = base; q < base + j; q++) {
        if ((sTo[q] < 0) !== (pass === 1)) continue;
        const e = this.edges++;
        this.edgeTo[e] = sTo[q];
        this.edgeScore[e] = sSc[q];
        this.edgeP[e] = sP[q];
        if (sTo[q] < 0 && sSc[q] === 0) zero += sP[q];
      }
    }
    this.zeroP[i] = zero;
    this.edgeStart[i + 1] = this.edges;
    this.seen[key] = this.gen;
  }

  /**
   * The compiled round's policy for utility `u` (or {@linkcode fixed}'s),
   * its values and their derivatives in `u[0]` (`d0`); returns the root's
   * value.
   */
  sweep(u: Float64Array): number {
    const value = this.value, hit = this.hit, d0 = this.d0, fixed = this.fixed;
    const key = this.nodeKey, stay = this.nodeStay, zp = this.zeroP;
    const es = this.edgeStart, ts = this.termStart, to = this.edgeTo;
    const esc = this.edgeScore, ep = this.edgeP, root = this.nodes - 1;
    for (let i = 0; i < this.nodes; i++) {
      const k = key[i], x = stay[i];
      let h = 0, hd = 0, go = es[i] < es[i + 1];
      if (fixed && go && fixed[k] === 1) {
        // every edge in order, the terminal zeros into the derivative
        for (let e = es[i]; e < es[i + 1]; e++) {
          const j = to[e], p = ep[e];
          if (j < 0) {
            h += p * u[esc[e]];
            if (esc[e] === 0) hd += p;
          } else {
            h += p * value[j];
            hd += p * d0[j];
          }
        }
      } else if (fixed) go = false;
      else if (go) {
        hd = zp[i];
        for (let e = es[i]; e < ts[i]; e++) {
          h += ep[e] * value[to[e]];
          hd += ep[e] * d0[to[e]];
        }
        for (let e = ts[i]; e < es[i + 1]; e++) h += ep[e] * u[esc[e]];
        go = h > u[x] || (i === root && this.forceRoot);
      }
      value[k] = go ? h : u[x];
      d0[k] = go ? hd : x === 0 ? 1 : 0;
      hit[k] = go ? 1 : 0;
    }
    return value[key[root]];
  }

  /**
   * The law of the final score from the compiled round's root under the
   * policy in {@linkcode hit} (after a {@linkcode sweep} or {@linkcode policy}).
   */
  distribution(): Float64Array {
    const dist = new Float64Array(SCORE_CAP), mass = this.mass, hit = this.hit;
    const key = this.nodeKey, es = this.edgeStart, to = this.edgeTo;
    for (let i = 0; i < this.nodes; i++) mass[key[i]] = 0;
    mass[key[this.nodes - 1]] = 1;
    for (let i = this.nodes - 1; i >= 0; i--) {
      const w = mass[key[i]];
      if (w === 0) continue;
      if (!hit[key[i]]) {
        dist[this.nodeStay[i]] += w;
        continue;
      }
      for (let e = es[i]; e < es[i + 1]; e++) {
        if (to[e] < 0) dist[this.edgeScore[e]] += w * this.edgeP[e];
        else mass[to[e]] += w * this.edgeP[e];
      }
    }
    return dist;
  }

  /**
   * Replace the last solve's (or compile's) policy by the expected-score maximiser's, a
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
  /** The entries of state `k` are `[start[k], start[k + 1])`. */
  readonly start: Int32Array;
  /** Each entry's code. */
  readonly code: Uint16Array;
  /** Each entry's probability. */
  readonly prob: Float64Array;
  /** Per state: P(no bust). */
  readonly pBank: Float64Array;
  /** Per state: E[number sum; no bust]. */
  readonly eSum: Float64Array;
  /** Per state: P(Flip 7). */
  readonly pF7: Float64Array;
  /** Per state: 1 where the policy hits. */
  readonly hit: Uint8Array;
  /** The code of a Flip 7 of sum 0 (a bank's are below it). */
  readonly f7Code: number;
  /** The code of a bust. */
  readonly bustCode: number;
  /** The codes' count. */
  readonly width: number;
  /** The final score of a code under a modifier mask: `scores[md * width + code]`. */
  readonly scores: Int32Array;
  private readonly times: Int32Array | Float64Array;
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
