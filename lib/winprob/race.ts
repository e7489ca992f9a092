/**
 * The N-player race model with exact round laws (docs/win-optimal.md): a
 * game of rounds in which each player's round score is drawn, independently,
 * from the exact solo law of the round policy it picks at the start of the
 * round given all totals; after the round in which someone reaches the
 * target the highest total wins, a tie at the top worth `1/k` to each of the
 * `k` tied. Heads-up exactly ({@linkcode solveRace2}; each state's self-loop
 * solved in closed form per policy, so one backward sweep), three slots
 * ({@linkcode solveRace3}: exact for three players, the field-leader and
 * best-of-the-rest reduction beyond), a Monte Carlo of the full model
 * ({@linkcode simulateRace}) and the law of a field leader's gain
 * ({@linkcode leaderLaw}). Either solver takes `fixed` to evaluate a given
 * choice table instead of maximising.
 *
 * @module
 */

import { Rng } from "../game/rng.ts";

/** A solved (or evaluated) race table. */
export interface RaceSolution {
  /** Target total. */
  target: number;
  /** Number of table dimensions (2: `t0, t1`; 3: `t0, p, q`). */
  dims: 2 | 3;
  /** Win probability of the table's player at each state (index `t0 * T + t1` or `(t0 * T + p) * T + q`). */
  w: Float64Array;
  /** Index in the family of the round policy chosen at each state. */
  choice: Uint8Array;
  /** Seconds spent. */
  seconds: number;
}

/**
 * Laws on one support: each as a dense array as long as the longest, and
 * the top score each reaches.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const { P, hi, S } = denseLaws([[0.5, 0.5], [1]]);
 * assert.equal(S, 2);
 * assert.deepEqual([...P[1]], [1, 0]);
 * assert.deepEqual([...hi], [1, 0]);
 * ```
 */
export function denseLaws(
  laws: readonly ArrayLike<number>[],
): { P: Float64Array[]; hi: Int32Array; S: number } {
  const S = Math.max(0, ...laws.map((l) => l.length));
  const P = laws.map((l) => {
    const out = new Float64Array(S);
    out.set(l);
    return out;
  });
  const hi = Int32Array.from(P, (l) => {
    let h = l.length - 1;
    while (h > 0 && !(l[h] > 0)) h--;
    return h;
  });
  return { P, hi, S };
}

/** The cumulative law of `l`, its last entry infinite, and a draw from it at `u` in [0, 1). */
function cdf(l: ArrayLike<number>): Float64Array {
  const c = new Float64Array(l.length);
  let acc = 0;
  for (let i = 0; i < l.length; i++) c[i] = acc += l[i];
  c[l.length - 1] = Infinity;
  return c;
}
function draw(c: Float64Array, u: number): number {
  let i = 0;
  while (u >= c[i]) i++;
  return i;
}

/**
 * Heads-up: the best response (or, with `fixed`, the value of a given choice
 * table) against an opponent whose every round score follows `opp`.
 *
 * @param family the laws of the policies the player may pick each round
 * @param opp the opponent's round law
 * @param target the target total (default 200)
 * @param fixed a choice per state (index into `family`) to evaluate instead of maximising
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const coin = new Float64Array([0.5, 0.5]);
 * assert.equal(solveRace2([coin], coin, 3).w[0].toFixed(12), "0.500000000000");
 * // a sure point a round against the coin: ahead or level at every round
 * const sure = new Float64Array([0, 1]);
 * assert.ok(solveRace2([sure], coin, 3).w[0] > 0.5);
 * ```
 */
export function solveRace2(
  family: readonly ArrayLike<number>[],
  opp: ArrayLike<number>,
  target = 200,
  fixed?: Uint8Array,
): RaceSolution {
  const t0s = performance.now();
  const T = target, K = family.length;
  const { P: [Q, ...P], hi, S } = denseLaws([opp, ...family]);
  const A = T + S, hiQ = hi[0], hiP = hi.subarray(1), q0 = Q[0];
  // B(a, t1) = E_Y[W(a, t1 + Y)], row t1, column a (contiguous in a)
  const B = new Float64Array(T * A);
  for (let t1 = 0; t1 < T; t1++) {
    for (let a = T; a < A; a++) {
      let acc = 0;
      for (let y = 0; y <= hiQ; y++) {
        const b = t1 + y;
        acc += Q[y] * (a > b ? 1 : a === b ? 0.5 : 0);
      }
      B[t1 * A + a] = acc;
    }
  }
  const W = new Float64Array(T * T);
  const choice = new Uint8Array(T * T);
  for (let t0 = T - 1; t0 >= 0; t0--) {
    for (let t1 = T - 1; t1 >= 0; t1--) {
      let r = 0;
      const ymax = Math.min(hiQ, T - 1 - t1);
      for (let y = 1; y <= ymax; y++) r += Q[y] * W[t0 * T + t1 + y];
      const row = t1 * A + t0;
      let best = -1, bk = 0;
      const k0 = fixed ? fixed[t0 * T + t1] : 0;
      const k1 = fixed ? k0 + 1 : K;
      for (let k = k0; k < k1; k++) {
        const p = P[k], hi = hiP[k];
        let c = p[0] * r;
        for (let x = 1; x <= hi; x++) c += p[x] * B[row + x];
        const w = c / (1 - p[0] * q0);
        if (w > best) {
          best = w;
          bk = k;
        }
      }
      W[t0 * T + t1] = best;
      choice[t0 * T + t1] = bk;
      B[row] = q0 * best + r;
    }
  }
  return {
    target: T,
    dims: 2,
    w: W,
    choice,
    seconds: (performance.now() - t0s) / 1000,
  };
}

/**
 * Three slots: the player (`t0`, picks from `family`), an opponent `p`
 * whose rounds follow `lawP` and a slot `q` whose rounds follow `lawQ`
 * (three players exactly when the two laws are the same; the N ≥ 4
 * reduction otherwise). A tie at the top is worth `1/k` to each of `k` tied.
 *
 * @param family the laws of the policies the player may pick each round
 * @param lawP the round law of slot `p`
 * @param lawQ the round law of slot `q`
 * @param target the target total (default 200)
 * @param fixed a choice per state to evaluate instead of maximising
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const coin = new Float64Array([0.5, 0.5]);
 * assert.ok(Math.abs(solveRace3([coin], coin, coin, 3).w[0] - 1 / 3) < 1e-12); // by symmetry
 * ```
 */
export function solveRace3(
  family: readonly ArrayLike<number>[],
  lawP: ArrayLike<number>,
  lawQ: ArrayLike<number>,
  target = 200,
  fixed?: Uint8Array,
): RaceSolution {
  const t0s = performance.now();
  const T = target, K = family.length;
  const { P: [Y, Z, ...P], hi, S } = denseLaws([lawP, lawQ, ...family]);
  const A = T + S, hiY = hi[0], hiZ = hi[1], hiP = hi.subarray(2);
  const y0 = Y[0], z0 = Z[0];
  // the same law in both slots: W(t0, p, q) = W(t0, q, p), half the work
  // (a fixed table is evaluated everywhere, as it need not be symmetric)
  let symmetric = !fixed;
  for (let s = 0; s < S && symmetric; s++) symmetric = Y[s] === Z[s];
  const TT = T * T;
  // B(a, p, q) = E[W(a, p + Y, q + Z)], index (p * T + q) * A + a
  const B = new Float64Array(TT * A);
  // terminal columns a >= T from the two laws' cdfs
  const cY = new Float64Array(S + 1), cZ = new Float64Array(S + 1);
  for (let s = 0; s < S; s++) {
    cY[s + 1] = cY[s] + Y[s];
    cZ[s + 1] = cZ[s] + Z[s];
  }
  const below = (c: Float64Array, d: number) => d <= 0 ? 0 : c[Math.min(d, S)];
  const at = (l: Float64Array, d: number) => d < 0 || d >= S ? 0 : l[d];
  for (let p = 0; p < T; p++) {
    for (let q = 0; q < T; q++) {
      const base = (p * T + q) * A;
      for (let a = T; a < A; a++) {
        const lb = below(cY, a - p), eb = at(Y, a - p);
        const lc = below(cZ, a - q), ec = at(Z, a - q);
        B[base + a] = lb * lc + (eb * lc + lb * ec) / 2 + eb * ec / 3;
      }
    }
  }
  const W = new Float64Array(TT * T);
  const choice = new Uint8Array(TT * T);
  const D = new Float64Array(TT);
  for (let t0 = T - 1; t0 >= 0; t0--) {
    const layer = t0 * TT;
    for (let p = T - 1; p >= 0; p--) {
      for (let q = T - 1; q >= 0; q--) {
        const cell = p * T + q;
        // rD = Σ_{z>0} Z(z) W(t0, p, q + z); beyond the target: a loss
        let rD = 0;
        const zmax = Math.min(hiZ, T - 1 - q);
        for (let z = 1; z <= zmax; z++) rD += Z[z] * W[layer + cell + z];
        // rB = Σ_{y>0} Y(y) D(t0, p + y, q)
        let rB = 0;
        const ymax = Math.min(hiY, T - 1 - p);
        for (let y = 1; y <= ymax; y++) rB += Y[y] * D[cell + y * T];
        const known = y0 * rD + rB;
        const self = y0 * z0;
        const row = cell * A + t0;
        let best = -1, bk = 0;
        if (symmetric && q > p) {
          // the mirror cell (q, p) is in a row already done
          best = W[layer + q * T + p];
          bk = choice[layer + q * T + p];
        } else {
          const k0 = fixed ? fixed[layer + cell] : 0;
          const k1 = fixed ? k0 + 1 : K;
          for (let k = k0; k < k1; k++) {
            const pk = P[k], hi = hiP[k];
            let c = pk[0] * known;
            for (let x = 1; x <= hi; x++) c += pk[x] * B[row + x];
            const w = c / (1 - pk[0] * self);
            if (w > best) {
              best = w;
              bk = k;
            }
          }
        }
        W[layer + cell] = best;
        choice[layer + cell] = bk;
        const d = z0 * best + rD;
        D[cell] = d;
        B[row] = y0 * d + rB;
      }
    }
  }
  return {
    target: T,
    dims: 3,
    w: W,
    choice,
    seconds: (performance.now() - t0s) / 1000,
  };
}

/**
 * The law of the largest of `n` independent draws of `law`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual([...maxLaw([0.5, 0.5], 2)], [0.25, 0.75]);
 * assert.deepEqual([...maxLaw([0.5, 0.5], 1)], [0.5, 0.5]);
 * ```
 */
export function maxLaw(law: ArrayLike<number>, n: number): Float64Array {
  const S = law.length;
  const out = new Float64Array(S);
  let c = 0, prev = 0;
  for (let s = 0; s < S; s++) {
    c += law[s];
    const f = Math.pow(Math.min(c, 1), n);
    out[s] = Math.max(0, f - prev);
    prev = f;
  }
  return out;
}

/**
 * The two slot laws of the three-slot table for N players against a field
 * whose every round follows `law`: slot `p` (the field's leader) plays `law`;
 * slot `q` stands for the other N − 2 players, all taken to be at the best of
 * their totals, so its round gain is the largest of N − 2 draws (exact for
 * N = 3).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const [p, q] = reductionLaws([0.5, 0.5], 4);
 * assert.deepEqual([...p], [0.5, 0.5]); // the leader plays the law
 * assert.deepEqual([...q], [0.25, 0.75]); // the best of the other two draws
 * ```
 */
export function reductionLaws(
  law: ArrayLike<number>,
  players: number,
): [Float64Array, Float64Array] {
  if (players < 3) throw new Error("the three-slot table needs 3+ players");
  return [Float64Array.from(law), maxLaw(law, players - 2)];
}

/**
 * Index of the three-slot table for a player at `t0` against opponents at
 * `totals` (the player's own total left out): `p` the highest, `q` the
 * second highest.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // the leader 30 and the best of the rest 20
 * assert.equal(slotIndex(10, [5, 30, 20], 200), (10 * 200 + 30) * 200 + 20);
 * ```
 */
export function slotIndex(
  t0: number,
  totals: ArrayLike<number>,
  T: number,
): number {
  let a = -1, b = -1;
  for (let i = 0; i < totals.length; i++) {
    const t = totals[i];
    if (t > a) {
      b = a;
      a = t;
    } else if (t > b) b = t;
  }
  if (b < 0) b = 0;
  return (t0 * T + a) * T + b;
}

/** What {@linkcode simulateRace} returns. */
export interface RaceSimulation {
  /** Games simulated. */
  games: number;
  /** Mean of the player's game value (1 a win, 1/k a k-way tie at the top, 0 a loss). */
  mean: number;
  /** Standard error of the mean. */
  se: number;
}

/**
 * Monte Carlo of the full N-player race model (every total kept, no
 * reduction): the player (seat 0) plays the policy `choose(t0, others)`
 * picks each round, with the laws of `family`; the other N − 1 players'
 * rounds follow `field`. Seeded; no allocation per round.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const coin = new Float64Array([0.5, 0.5]);
 * const s = simulateRace(3, [coin], () => 0, coin, 5, 1000, 1);
 * assert.equal(s.games, 1000);
 * assert.ok(Math.abs(s.mean - 1 / 3) < 4 * s.se); // 1/3 by symmetry
 * assert.deepEqual(simulateRace(3, [coin], () => 0, coin, 5, 1000, 1), s); // seeded
 * ```
 */
export function simulateRace(
  players: number,
  family: readonly ArrayLike<number>[],
  choose: (t0: number, others: Int32Array) => number,
  field: ArrayLike<number>,
  target: number,
  games: number,
  seed: number,
): RaceSimulation {
  const cf = family.map(cdf), cq = cdf(field);
  const rng = new Rng(seed, 0);
  const others = new Int32Array(players - 1);
  let sum = 0, sq = 0;
  for (let g = 0; g < games; g++) {
    rng.reseed(seed, g);
    let t0 = 0;
    others.fill(0);
    for (;;) {
      const k = choose(t0, others);
      t0 += draw(cf[k], rng.float());
      let top = 0;
      for (let i = 0; i < others.length; i++) {
        others[i] += draw(cq, rng.float());
        if (others[i] > top) top = others[i];
      }
      if (t0 >= target || top >= target) {
        let v = 0;
        if (t0 > top) v = 1;
        else if (t0 === top) {
          let tied = 1;
          for (let i = 0; i < others.length; i++) if (others[i] === t0) tied++;
          v = 1 / tied;
        }
        sum += v;
        sq += v * v;
        break;
      }
    }
  }
  const mean = sum / games;
  return {
    games,
    mean,
    se: Math.sqrt(Math.max(0, sq / games - mean * mean) / games),
  };
}

/**
 * The law of the per-round gain of the leading total of `m` players whose
 * rounds all follow `law`, measured by a seeded Monte Carlo of their race
 * (every round of `games` games, until a total reaches `target`): the
 * opponent of the heads-up table that stands for a field of `m` (the
 * "field leader" reduction of four to six players). Gains are counted from
 * the leader's total before the round to the leading total after it, which
 * may be another player's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const coin = new Float64Array([0.5, 0.5]);
 * const law = leaderLaw(coin, 1, 10, 1000, 1);
 * assert.ok(Math.abs(law[1] - 0.5) < 0.05); // one player: its own law
 * assert.ok(Math.abs(law[0] + law[1] - 1) < 1e-12);
 * ```
 */
export function leaderLaw(
  law: ArrayLike<number>,
  m: number,
  target: number,
  games: number,
  seed: number,
): Float64Array {
  const S = law.length, c = cdf(law);
  const hist = new Float64Array(S);
  const t = new Int32Array(m);
  const rng = new Rng(seed, 0);
  let rounds = 0;
  for (let g = 0; g < games; g++) {
    rng.reseed(seed, g);
    t.fill(0);
    let lead = 0;
    while (lead < target) {
      let next = 0;
      for (let i = 0; i < m; i++) {
        t[i] += draw(c, rng.float());
        if (t[i] > next) next = t[i];
      }
      hist[Math.min(next - lead, S - 1)]++;
      rounds++;
      lead = next;
    }
  }
  for (let i = 0; i < S; i++) hist[i] /= rounds;
  return hist;
}
