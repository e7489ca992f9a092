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
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundGraph } from "./rounddp.ts";
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
  lineScore,
  NUMBER_KINDS,
  SUM_OF_MASK,
} from "../game/cards.ts";

/**
 * Size of utility arrays: every round score is below this.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const u = new Float64Array(SCORE_CAP).map((_, x) => x); // u(x) = x: expected score
 * assert.equal(u.length, 256);
 * assert.ok(codeScore(F7_CODE + 78, 2, 40) < SCORE_CAP); // the largest score there is
 * ```
 */
export const SCORE_CAP = 256;

const MAX_NODES = 2 << NUMBER_KINDS;
const MAX_EDGES = MAX_NODES * NUMBER_KINDS;

/**
 * A compiled round state graph with reusable buffers (no allocation per solve).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const g = new RoundGraph();
 * g.compile(0, 0, false, NUMBERS_DECK, true); // an empty line, the full numbers deck
 * const best = g.sweep(new Float64Array(SCORE_CAP).map((_, x) => x));
 * assert.equal(best.toFixed(4), "18.5652"); // the best expected score
 * assert.equal(g.distribution()[0].toFixed(4), "0.3135"); // P(final score 0) under that policy
 * ```
 */
export class RoundGraph {
  /** Number of nodes; the root is node `n - 1`. */
  n = 0;
  /** Line mask of each node. */
  readonly mask: Int32Array = new Int32Array(MAX_NODES);
  /** Score if the node stays. */
  readonly score: Int32Array = new Int32Array(MAX_NODES);
  /** 1 when the node may hit (numbers left), else 0. */
  readonly canHit: Uint8Array = new Uint8Array(MAX_NODES);
  /**
   * Edges of node i are `[edgeStart[i], edgeStart[i+1])`: first the edges to
   * child nodes, then, from `termStart[i]`, the terminal edges.
   */
  readonly edgeStart: Int32Array = new Int32Array(MAX_NODES + 1);
  /** First terminal edge of each node. */
  readonly termStart: Int32Array = new Int32Array(MAX_NODES);
  /** Probability that a hit from the node ends the round at once on 0 (a bust). */
  readonly zeroP: Float64Array = new Float64Array(MAX_NODES);
  /** Child node of an edge, or -1 for a terminal edge. */
  readonly edgeTo: Int32Array = new Int32Array(MAX_EDGES);
  /** Terminal score of a terminal edge. */
  readonly edgeScore: Int32Array = new Int32Array(MAX_EDGES);
  /** Probability of an edge. */
  readonly edgeP: Float64Array = new Float64Array(MAX_EDGES);
  /** Value of each node after {@linkcode sweep}. */
  readonly value: Float64Array = new Float64Array(MAX_NODES);
  /** d value / d u[0] of each node after {@linkcode sweep}. */
  readonly d0: Float64Array = new Float64Array(MAX_NODES);
  /** 1 when the policy hits at the node after {@linkcode sweep}. */
  readonly hit: Uint8Array = new Uint8Array(MAX_NODES);
  /** Probability of each final score after {@linkcode distribution}. */
  readonly dist: Float64Array = new Float64Array(SCORE_CAP);
  /** The largest final score any policy can reach from the root. */
  maxScore = 0;

  private readonly index = new Int32Array(MAX_NODES);
  private readonly stamp = new Int32Array(MAX_NODES);
  private gen = 0;
  private nEdges = 0;
  private readonly counts = new Int32Array(NUMBER_KINDS);
  private readonly mass = new Float64Array(MAX_NODES);
  // per-depth scratch for a node's edges while its children are compiled
  private readonly scratchTo = new Int32Array(16 * NUMBER_KINDS);
  private readonly scratchScore = new Int32Array(16 * NUMBER_KINDS);
  private readonly scratchP = new Float64Array(16 * NUMBER_KINDS);
  private start = 0;
  private mods = 0;
  private numbersLeft = 0;
  private forceRoot = false;

  /**
   * Build the graph from a line: `start` mask, modifier mask, Second Chance
   * held, and the counts of each number (0–12) left to draw.
   *
   * @param forceHit the root must hit (an empty line cannot stay)
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const g = new RoundGraph();
   * // a lone 7 in front of the player, the other 78 numbers to draw
   * const counts = NUMBERS_DECK.map((c, v) => (v === 7 ? c - 1 : c));
   * g.compile(1 << 7, 0, false, counts, false);
   * assert.equal(g.score[g.n - 1], 7); // the root banks 7
   * ```
   */
  compile(
    start: number,
    mods: number,
    chance: boolean,
    counts: ArrayLike<number>,
    forceHit = false,
  ): void {
    this.gen++;
    this.n = 0;
    this.nEdges = 0;
    this.start = start;
    this.mods = mods;
    this.forceRoot = forceHit;
    let total = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) {
      this.counts[v] = counts[v];
      total += counts[v];
    }
    this.numbersLeft = total;
    this.maxScore = 0;
    this.visit(start, chance ? 1 : 0, 0);
  }

  /**
   * Adds the node of line `m` (`ch`: a Second Chance held) and, first, its
   * successors; returns its index (a node already added this compile is reused).
   */
  private visit(m: number, ch: number, depth: number): number {
    const key = (m << 1) | ch;
    if (this.stamp[key] === this.gen) return this.index[key];
    const drawn = m & ~this.start;
    const left = this.numbersLeft - COUNT_OF_MASK[drawn];
    const base = depth * NUMBER_KINDS;
    let k = 0;
    if (left > 0) {
      let bust = 0;
      for (let v = 0; v < NUMBER_KINDS; v++) {
        const c = this.counts[v] - ((drawn >> v) & 1);
        if (c <= 0) continue;
        const p = c / left;
        const bit = 1 << v;
        let to = -1, sc = 0;
        if (m & bit) {
          if (ch) to = this.visit(m, 0, depth + 1);
          else {
            // every duplicate busts alike: one edge for all of them
            bust += p;
            continue;
          }
        } else {
          const m2 = m | bit;
          if (COUNT_OF_MASK[m2] === 7) {
            sc = lineScore(m2, this.mods, true);
            if (sc > this.maxScore) this.maxScore = sc;
          } else to = this.visit(m2, ch, depth + 1);
        }
        this.scratchTo[base + k] = to;
        this.scratchScore[base + k] = sc;
        this.scratchP[base + k] = p;
        k++;
      }
      if (bust > 0) {
        this.scratchTo[base + k] = -1;
        this.scratchScore[base + k] = 0;
        this.scratchP[base + k] = bust;
        k++;
      }
    }
    const i = this.n++;
    this.mask[i] = m;
    this.score[i] = lineScore(m, this.mods, false);
    if (this.score[i] > this.maxScore) this.maxScore = this.score[i];
    this.canHit[i] = k > 0 ? 1 : 0;
    this.edgeStart[i] = this.nEdges;
    let zero = 0;
    for (let pass = 0; pass < 2; pass++) {
      if (pass === 1) this.termStart[i] = this.nEdges;
      for (let j = 0; j < k; j++) {
        const to = this.scratchTo[base + j];
        if ((to < 0) !== (pass === 1)) continue;
        const e = this.nEdges++;
        this.edgeTo[e] = to;
        this.edgeScore[e] = this.scratchScore[base + j];
        this.edgeP[e] = this.scratchP[base + j];
        if (to < 0 && this.edgeScore[e] === 0) zero += this.edgeP[e];
      }
    }
    this.zeroP[i] = zero;
    this.edgeStart[i + 1] = this.nEdges;
    this.stamp[key] = this.gen;
    this.index[key] = i;
    return i;
  }

  /**
   * The optimal policy for utility `u` (indexed by final score): fills
   * `value`, `hit` and `d0`, and returns the root value.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const g = new RoundGraph();
   * g.compile(1 << 7, 0, false, NUMBERS_DECK.map((c, v) => (v === 7 ? c - 1 : c)));
   * const u = new Float64Array(SCORE_CAP).map((_, x) => x);
   * const best = g.sweep(u);
   * assert.equal(best.toFixed(4), "18.7317");
   * assert.equal(g.hit[g.n - 1], 1); // it hits on a lone 7
   * ```
   */
  sweep(u: Float64Array): number {
    const n = this.n;
    const value = this.value, d0 = this.d0, hit = this.hit;
    const es = this.edgeStart,
      ts = this.termStart,
      et = this.edgeTo,
      esc = this.edgeScore,
      ep = this.edgeP,
      zp = this.zeroP,
      canHit = this.canHit,
      score = this.score;
    const force = this.forceRoot;
    for (let i = 0; i < n; i++) {
      const sc = score[i];
      const stay = u[sc];
      if (canHit[i] === 0) {
        value[i] = stay;
        d0[i] = sc === 0 ? 1 : 0;
        hit[i] = 0;
        continue;
      }
      let h = 0, hd = zp[i];
      const t = ts[i], end = es[i + 1];
      for (let e = es[i]; e < t; e++) {
        const to = et[e], p = ep[e];
        h += p * value[to];
        hd += p * d0[to];
      }
      for (let e = t; e < end; e++) h += ep[e] * u[esc[e]];
      if (h > stay || (i === n - 1 && force)) {
        value[i] = h;
        d0[i] = hd;
        hit[i] = 1;
      } else {
        value[i] = stay;
        d0[i] = sc === 0 ? 1 : 0;
        hit[i] = 0;
      }
    }
    return value[n - 1];
  }

  /**
   * The law of the final score from the root under the last swept policy
   * (into `dist`).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const g = new RoundGraph();
   * g.compile(0, 0, false, NUMBERS_DECK, true);
   * g.sweep(new Float64Array(SCORE_CAP).map((_, x) => x));
   * const d = g.distribution();
   * assert.equal(d, g.dist);
   * assert.equal(g.dist[0].toFixed(4), "0.3135"); // probability of scoring 0
   * assert.ok(Math.abs(d.reduce((a, b) => a + b, 0) - 1) < 1e-12);
   * ```
   */
  distribution(): Float64Array {
    const n = this.n, mass = this.mass, dist = this.dist;
    dist.fill(0);
    mass.fill(0, 0, n);
    mass[n - 1] = 1;
    for (let i = n - 1; i >= 0; i--) {
      const w = mass[i];
      if (w === 0) continue;
      if (!this.hit[i]) {
        dist[this.score[i]] += w;
        continue;
      }
      for (let e = this.edgeStart[i]; e < this.edgeStart[i + 1]; e++) {
        const to = this.edgeTo[e];
        if (to < 0) dist[this.edgeScore[e]] += w * this.edgeP[e];
        else mass[to] += w * this.edgeP[e];
      }
    }
    return dist;
  }

  /**
   * Value of hitting at the root (whatever the policy prefers), after a sweep.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const g = new RoundGraph();
   * g.compile(1 << 7, 0, false, NUMBERS_DECK.map((c, v) => (v === 7 ? c - 1 : c)));
   * const u = new Float64Array(SCORE_CAP).map((_, x) => x);
   * g.sweep(u);
   * assert.ok(g.rootHitValue(u) > u[g.score[g.n - 1]]); // hit is better than 7
   * ```
   */
  rootHitValue(u: Float64Array): number {
    const i = this.n - 1;
    if (!this.canHit[i]) return -Infinity;
    let h = 0;
    for (let e = this.edgeStart[i]; e < this.edgeStart[i + 1]; e++) {
      const to = this.edgeTo[e];
      h += this.edgeP[e] * (to < 0 ? u[this.edgeScore[e]] : this.value[to]);
    }
    return h;
  }
}

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
    ? mult * (code - F7_CODE) + plus + 15
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
      if (k >= 7) continue;
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
            h += c * (k === 6 ? s + v + 15 : ev[((m | (1 << v)) << 1) | ch]);
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
            if (k === 6) dense[base + F7_CODE + s + v] += p;
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
    return mult * this.eSum[key] + plus * this.pBank[key] + 15 * this.pF7[key];
  }
}

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
  private readonly pv = new Int32Array(5);
  private readonly pc = new Int32Array(5);

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
      for (let i = 0; i < 5; i++) {
        if (modPile[i] > 0) {
          pv[np] = 2 * (i + 1);
          pc[np++] = modPile[i];
        }
      }
      if (mult === 1) cx = modPile[5];
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
    const room = 6 - k0; // numbers that may still be added without ending the round
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
                ? u[base + mult * v + 15]
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
