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
 * import { RoundGraph } from "./rounddp.ts";
 * const g = new RoundGraph();
 * g.compile(0, 0, false, [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], true);
 * const u = new Float64Array(256).map((_, x) => x);
 * g.sweep(u); // expected score of the optimal solo policy, about 25.6
 * ```
 * @module
 */

import { COUNT_OF_MASK, lineScore, NUMBER_KINDS } from "../cards.ts";

/** Size of utility arrays: every round score is below this. */
export const SCORE_CAP = 256;

const MAX_NODES = 2 << NUMBER_KINDS;
const MAX_EDGES = MAX_NODES * NUMBER_KINDS;

/** A compiled round state graph with reusable buffers (no allocation per solve). */
export class RoundGraph {
  /** Number of nodes; the root is node `n - 1`. */
  n = 0;
  /** Line mask of each node. */
  readonly mask = new Int32Array(MAX_NODES);
  /** Score if the node stays. */
  readonly score = new Int32Array(MAX_NODES);
  /** 1 when the node may hit (numbers left), else 0. */
  readonly canHit = new Uint8Array(MAX_NODES);
  /** Edges of node i are `[edgeStart[i], edgeStart[i+1])`. */
  readonly edgeStart = new Int32Array(MAX_NODES + 1);
  /** Child node of an edge, or -1 for a terminal edge. */
  readonly edgeTo = new Int32Array(MAX_EDGES);
  /** Terminal score of a terminal edge. */
  readonly edgeScore = new Int32Array(MAX_EDGES);
  /** Probability of an edge. */
  readonly edgeP = new Float64Array(MAX_EDGES);
  /** Value of each node after {@linkcode sweep}. */
  readonly value = new Float64Array(MAX_NODES);
  /** d value / d u[0] of each node after {@linkcode sweep}. */
  readonly d0 = new Float64Array(MAX_NODES);
  /** 1 when the policy hits at the node after {@linkcode sweep}. */
  readonly hit = new Uint8Array(MAX_NODES);
  /** Probability of each final score after {@linkcode distribution}. */
  readonly dist = new Float64Array(SCORE_CAP);

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
   * g.compile(1 << 7, 0, false, counts, false);
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
    this.visit(start, chance ? 1 : 0, 0);
  }

  private visit(m: number, ch: number, depth: number): number {
    const key = (m << 1) | ch;
    if (this.stamp[key] === this.gen) return this.index[key];
    const drawn = m & ~this.start;
    const left = this.numbersLeft - COUNT_OF_MASK[drawn];
    const base = depth * NUMBER_KINDS;
    let k = 0;
    if (left > 0) {
      for (let v = 0; v < NUMBER_KINDS; v++) {
        const c = this.counts[v] - ((drawn >> v) & 1);
        if (c <= 0) continue;
        const p = c / left;
        const bit = 1 << v;
        let to = -1, sc = 0;
        if (m & bit) {
          if (ch) to = this.visit(m, 0, depth + 1);
          else sc = 0;
        } else {
          const m2 = m | bit;
          if (COUNT_OF_MASK[m2] === 7) sc = lineScore(m2, this.mods, true);
          else to = this.visit(m2, ch, depth + 1);
        }
        this.scratchTo[base + k] = to;
        this.scratchScore[base + k] = sc;
        this.scratchP[base + k] = p;
        k++;
      }
    }
    const i = this.n++;
    this.mask[i] = m;
    this.score[i] = lineScore(m, this.mods, false);
    this.canHit[i] = k > 0 ? 1 : 0;
    this.edgeStart[i] = this.nEdges;
    for (let j = 0; j < k; j++) {
      const e = this.nEdges++;
      this.edgeTo[e] = this.scratchTo[base + j];
      this.edgeScore[e] = this.scratchScore[base + j];
      this.edgeP[e] = this.scratchP[base + j];
    }
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
   * const best = g.sweep(u);
   * ```
   */
  sweep(u: Float64Array): number {
    const n = this.n;
    const value = this.value, d0 = this.d0, hit = this.hit;
    const es = this.edgeStart,
      et = this.edgeTo,
      esc = this.edgeScore,
      ep = this.edgeP,
      score = this.score;
    for (let i = 0; i < n; i++) {
      const sc = score[i];
      const stay = u[sc];
      if (this.canHit[i] === 0) {
        value[i] = stay;
        d0[i] = sc === 0 ? 1 : 0;
        hit[i] = 0;
        continue;
      }
      let h = 0, hd = 0;
      for (let e = es[i]; e < es[i + 1]; e++) {
        const to = et[e], p = ep[e];
        if (to < 0) {
          h += p * u[esc[e]];
          if (esc[e] === 0) hd += p;
        } else {
          h += p * value[to];
          hd += p * d0[to];
        }
      }
      if (h > stay || (i === n - 1 && this.forceRoot)) {
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
   * g.sweep(u); g.distribution(); g.dist[0]; // probability of scoring 0
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
   * g.sweep(u); g.rootHitValue(u) > u[g.score[g.n - 1]]; // hit is better
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

/** Counts of each number in the full 79-card numbers-only deck (one 0, k copies of k). */
export const NUMBERS_DECK: readonly number[] = Array.from(
  { length: NUMBER_KINDS },
  (_, v) => (v === 0 ? 1 : v),
);

/** The identity utility `u(x) = x` (expected score). */
export const IDENTITY_UTILITY: Float64Array = new Float64Array(SCORE_CAP).map((
  _,
  x,
) => x);
