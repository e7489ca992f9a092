/**
 * The symmetric equilibrium of the heads-up race model (`race.ts`) over a
 * family of round policies, and its exploitability (docs/win-optimal.md,
 * `breq`). The game is constant-sum and every transition but the self-loop
 * raises `t0 + t1`, so it is solved backwards over `t0 + t1`: at each state
 * `v = val(A + c cᵀ v)` (`c` the laws' P(0)) by Newton's method on `v`, each
 * step an exact matrix game ({@linkcode MatrixGame}); the mirror state gets
 * `1 − v`. The exploitability is measured by the exact best response to the
 * equilibrium's mixtures ({@linkcode bestResponseToMixed}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { solveEquilibrium } from "./equilibrium.ts";
 * // two round policies: score 0 or 1 on a coin, or 1 for sure (laws of the round score)
 * const coin = new Float64Array([0.5, 0.5]);
 * const sure = new Float64Array([0, 1]);
 * const eq = solveEquilibrium([coin, sure], 4);
 * assert.equal(eq.v[0], 0.5); // a symmetric game: one half from 0–0
 * assert.deepEqual([...eq.mix.subarray(0, 2)], [0, 1]); // and "sure" at 0–0, unmixed
 * assert.equal(eq.mixedStates, 0);
 * ```
 * @module
 */

import { denseLaws } from "./race.ts";

/** A solved heads-up equilibrium. */
export interface Equilibrium {
  /** Target total. */
  target: number;
  /** `v[t0 * T + t1]`: the equilibrium value for the player at `t0`. */
  v: Float64Array;
  /** `mix[(t0 * T + t1) * K + k]`: that player's probability of policy `k`. */
  mix: Float32Array;
  /** States whose equilibrium mixes two or more policies. */
  mixedStates: number;
  /** Seconds spent. */
  seconds: number;
}

/**
 * A zero-sum matrix game solver for square games up to `K`, with its
 * buffers allocated once.
 *
 * @example
 * ```ts
 * const g = new MatrixGame(2);
 * const p = new Float64Array(2), q = new Float64Array(2);
 * import assert from "node:assert/strict";
 * // matching pennies: value one half, both players mix evenly
 * assert.ok(Math.abs(g.solve(new Float64Array([1, 0, 0, 1]), 2, p, q) - 0.5) < 1e-12);
 * assert.ok(Math.abs(p[0] - 0.5) < 1e-12 && Math.abs(q[0] - 0.5) < 1e-12);
 * // a saddle point: row 0 dominates, the column player picks column 1
 * assert.equal(g.solve(new Float64Array([2, 1, 0, 0]), 2, p, q), 1);
 * assert.deepEqual([...p, ...q], [1, 0, 0, 1]);
 * ```
 */
export class MatrixGame {
  private readonly tab: Float64Array;
  private readonly basis: Int32Array;
  /**
   * Allocate the buffers once.
   *
   * @param maxK the largest game this instance solves
   */
  constructor(readonly maxK: number) {
    this.tab = new Float64Array((maxK + 1) * (2 * maxK + 1));
    this.basis = new Int32Array(maxK);
  }

  /**
   * The value of the game `M` (row-major, `K × K`, the row player
   * maximises), with the row player's optimal mixture in `p` and the
   * column player's in `q`.
   */
  solve(M: Float64Array, K: number, p: Float64Array, q: Float64Array): number {
    // a pure saddle point
    let maximin = -Infinity, bi = 0;
    for (let i = 0; i < K; i++) {
      let m = Infinity;
      for (let j = 0; j < K; j++) m = Math.min(m, M[i * K + j]);
      if (m > maximin) {
        maximin = m;
        bi = i;
      }
    }
    let minimax = Infinity, bj = 0, lo = Infinity;
    for (let j = 0; j < K; j++) {
      let m = -Infinity;
      for (let i = 0; i < K; i++) {
        const x = M[i * K + j];
        if (x > m) m = x;
        if (x < lo) lo = x;
      }
      if (m < minimax) {
        minimax = m;
        bj = j;
      }
    }
    p.fill(0, 0, K);
    q.fill(0, 0, K);
    if (maximin >= minimax - 1e-15) {
      p[bi] = 1;
      q[bj] = 1;
      return maximin;
    }
    // max Σw s.t. M'w <= 1, w >= 0, M' = M + shift > 0
    const shift = 1 - lo;
    const W = 2 * K + 1;
    const t = this.tab, basis = this.basis;
    t.fill(0, 0, (K + 1) * W);
    for (let i = 0; i < K; i++) {
      for (let j = 0; j < K; j++) t[i * W + j] = M[i * K + j] + shift;
      t[i * W + K + i] = 1;
      t[i * W + 2 * K] = 1;
      basis[i] = K + i;
    }
    for (let j = 0; j < K; j++) t[K * W + j] = -1;
    for (let it = 0; it < 50 * K; it++) {
      // entering column: most negative reduced cost (Bland's rule late on)
      let e = -1, best = -1e-12;
      const bland = it > 10 * K;
      for (let j = 0; j < 2 * K; j++) {
        const r = t[K * W + j];
        if (r < best) {
          e = j;
          if (bland) break;
          best = r;
        }
      }
      if (e < 0) break;
      let l = -1, ratio = Infinity;
      for (let i = 0; i < K; i++) {
        const a = t[i * W + e];
        if (a > 1e-12) {
          const r = t[i * W + 2 * K] / a;
          if (
            r < ratio - 1e-15 ||
            (bland && r <= ratio && l >= 0 && basis[i] < basis[l])
          ) {
            ratio = r;
            l = i;
          }
        }
      }
      if (l < 0) break; // unbounded: cannot happen with M' > 0
      const pv = t[l * W + e];
      for (let j = 0; j < W; j++) t[l * W + j] /= pv;
      for (let i = 0; i <= K; i++) {
        if (i === l) continue;
        const f = t[i * W + e];
        if (f === 0) continue;
        for (let j = 0; j < W; j++) t[i * W + j] -= f * t[l * W + j];
      }
      basis[l] = e;
    }
    let sw = 0;
    for (let i = 0; i < K; i++) {
      if (basis[i] < K) {
        q[basis[i]] = t[i * W + 2 * K];
        sw += t[i * W + 2 * K];
      }
    }
    let su = 0;
    for (let i = 0; i < K; i++) {
      p[i] = Math.max(0, t[K * W + K + i]);
      su += p[i];
    }
    for (let j = 0; j < K; j++) q[j] /= sw;
    for (let i = 0; i < K; i++) p[i] /= su;
    return 1 / sw - shift;
  }
}

/** Tie-at-the-end value for the player at `a` against `b` (one of them past the target). */
function end(a: number, b: number): number {
  return a > b ? 1 : a < b ? 0 : 0.5;
}

/**
 * Solve the symmetric heads-up equilibrium over `family` to `target`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const coin = new Float64Array([0.5, 0.5]);
 * const eq = solveEquilibrium([coin], 3);
 * assert.equal(eq.v[0], 0.5);
 * assert.equal(eq.v.length, 3 * 3); // one value per state (t0, t1)
 * ```
 */
export function solveEquilibrium(
  family: readonly ArrayLike<number>[],
  target = 200,
): Equilibrium {
  const t0s = performance.now();
  const T = target, K = family.length;
  const { P, hi, S } = denseLaws(family);
  const A = T + S;
  const c = Float64Array.from(P.map((p) => p[0]));
  const V = new Float64Array(T * T);
  const mix = new Float32Array(T * T * K);
  // B[(j * T + t1) * A + a] = Σ_y P_j(y) V(a, t1 + y) (terminal past T)
  const B = new Float64Array(K * T * A);
  for (let j = 0; j < K; j++) {
    for (let t1 = 0; t1 < T; t1++) {
      for (let a = T; a < A; a++) {
        let acc = 0;
        for (let y = 0; y <= hi[j]; y++) acc += P[j][y] * end(a, t1 + y);
        B[(j * T + t1) * A + a] = acc;
      }
    }
  }
  const vext = (a: number, b: number) =>
    a >= T || b >= T ? end(a, b) : V[a * T + b];
  /** Finish B_j(a, b) for every j once V(a, b) is known. */
  const finish = (a: number, b: number) => {
    for (let j = 0; j < K; j++) {
      const pj = P[j];
      let acc = 0;
      for (let y = 0; y <= hi[j]; y++) acc += pj[y] * vext(a, b + y);
      B[(j * T + b) * A + a] = acc;
    }
  };
  const Am = new Float64Array(K * K), M = new Float64Array(K * K);
  const r = new Float64Array(K);
  const p = new Float64Array(K), q = new Float64Array(K);
  const game = new MatrixGame(K);
  let mixedStates = 0;
  for (let s = 2 * T - 2; s >= 0; s--) {
    for (let t0 = Math.max(0, s - T + 1); 2 * t0 <= s; t0++) {
      const t1 = s - t0;
      // r_j = Σ_{y>0} P_j(y) V(t0, t1 + y)
      for (let j = 0; j < K; j++) {
        let acc = 0;
        for (let y = 1; y <= hi[j]; y++) acc += P[j][y] * vext(t0, t1 + y);
        r[j] = acc;
      }
      for (let k = 0; k < K; k++) {
        const pk = P[k];
        for (let j = 0; j < K; j++) {
          const row = (j * T + t1) * A + t0;
          let acc = pk[0] * r[j];
          for (let x = 1; x <= hi[k]; x++) acc += pk[x] * B[row + x];
          Am[k * K + j] = acc;
        }
      }
      // v = val(A + c cᵀ v) by Newton's method
      let v = 0.5;
      for (let it = 0; it < 60; it++) {
        for (let k = 0; k < K; k++) {
          for (let j = 0; j < K; j++) {
            M[k * K + j] = Am[k * K + j] + c[k] * c[j] * v;
          }
        }
        const g = game.solve(M, K, p, q);
        let pc = 0, qc = 0;
        for (let k = 0; k < K; k++) {
          pc += p[k] * c[k];
          qc += q[k] * c[k];
        }
        const next = v + (g - v) / (1 - pc * qc);
        if (Math.abs(g - v) < 1e-13) {
          v = g;
          break;
        }
        v = next;
      }
      V[t0 * T + t1] = v;
      V[t1 * T + t0] = 1 - v;
      let np = 0, nq = 0;
      for (let k = 0; k < K; k++) {
        mix[(t0 * T + t1) * K + k] = p[k];
        mix[(t1 * T + t0) * K + k] = q[k];
        if (p[k] > 1e-9) np++;
        if (q[k] > 1e-9) nq++;
      }
      if (np > 1) mixedStates++;
      if (nq > 1 && t1 !== t0) mixedStates++;
      finish(t0, t1);
      if (t1 !== t0) finish(t1, t0);
    }
  }
  return {
    target: T,
    v: V,
    mix,
    mixedStates,
    seconds: (performance.now() - t0s) / 1000,
  };
}

/**
 * The exact best response (over `family`) to an opponent who, at the
 * responder's state `(t0, t1)`, plays the mixture `mix` gives at its own
 * state `(t1, t0)`: the responder's win probability at every state.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const coin = new Float64Array([0.5, 0.5]);
 * const sure = new Float64Array([0, 1]);
 * // against the equilibrium the best response gets one half: it is not exploitable
 * const eq = solveEquilibrium([coin, sure], 4);
 * assert.ok(Math.abs(bestResponseToMixed([coin, sure], eq.mix, 4)[0] - 0.5) < 1e-12);
 * // against an opponent who always plays the coin it gets far more
 * const alwaysCoin = new Float32Array(4 * 4 * 2).map((_, i) => i % 2 === 0 ? 1 : 0);
 * assert.equal(bestResponseToMixed([coin, sure], alwaysCoin, 4)[0], 0.96875);
 * ```
 */
export function bestResponseToMixed(
  family: readonly ArrayLike<number>[],
  mix: Float32Array,
  target = 200,
): Float64Array {
  const T = target, K = family.length;
  const { P, hi, S } = denseLaws(family);
  const W = new Float64Array(T * T);
  const wext = (a: number, b: number) =>
    a >= T || b >= T ? end(a, b) : W[a * T + b];
  const Q = new Float64Array(S);
  const inner = new Float64Array(S);
  for (let t0 = T - 1; t0 >= 0; t0--) {
    for (let t1 = T - 1; t1 >= 0; t1--) {
      // the opponent's round law at this state
      Q.fill(0);
      let qhi = 0;
      for (let j = 0; j < K; j++) {
        const m = mix[(t1 * T + t0) * K + j];
        if (m <= 0) continue;
        for (let y = 0; y <= hi[j]; y++) Q[y] += m * P[j][y];
        qhi = Math.max(qhi, hi[j]);
      }
      let xhi = 0;
      for (let k = 0; k < K; k++) xhi = Math.max(xhi, hi[k]);
      for (let x = 0; x <= xhi; x++) {
        let acc = 0;
        for (let y = x === 0 ? 1 : 0; y <= qhi; y++) {
          acc += Q[y] * wext(t0 + x, t1 + y);
        }
        inner[x] = acc;
      }
      let best = -1;
      for (let k = 0; k < K; k++) {
        const pk = P[k];
        let acc = 0;
        for (let x = 0; x <= hi[k]; x++) acc += pk[x] * inner[x];
        const w = acc / (1 - pk[0] * Q[0]);
        if (w > best) best = w;
      }
      W[t0 * T + t1] = best;
    }
  }
  return W;
}
