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
 * (`rounddp.ts` holds the pile-aware solver `winprob` plays with and
 * re-exports this file and `continuation.ts`.)
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundGraph } from "./roundgraph.ts";
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
  FLIP7_LENGTH,
  lineScore,
  NUMBER_KINDS,
} from "../game/cards.ts";

/**
 * Size of utility arrays: every round score is below this.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { F7_CODE, codeScore } from "./continuation.ts";
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
 * import { NUMBERS_DECK } from "./continuation.ts";
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
   * import { NUMBERS_DECK } from "./continuation.ts";
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
          if (COUNT_OF_MASK[m2] === FLIP7_LENGTH) {
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
   * import { NUMBERS_DECK } from "./continuation.ts";
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
   * import { NUMBERS_DECK } from "./continuation.ts";
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
   * import { NUMBERS_DECK } from "./continuation.ts";
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
