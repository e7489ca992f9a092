/**
 * The exact two-player best response against a score maximiser under the
 * independent-round, fresh-deck model (the public solver's model).
 *
 * Assumptions, pinned:
 * - the deck is the 79 number cards (one 0, k copies of k); every round each
 *   player draws from a full, freshly shuffled deck of their own, so the two
 *   round scores are independent and neither player sees the other's line
 *   (a round is simultaneous);
 * - the opponent plays the policy that maximises the expected round score
 *   (law `Y`, computed exactly by {@linkcode RoundGraph});
 * - after each round, if a total is at or past the target (200) the game
 *   ends: the higher total wins; equal totals (both past the target in the
 *   same round) are a draw, worth one half to each in `W` (option `ties:
 *   "loss"` counts them as losses instead);
 * - `W(t0, t1) = max over round policies of E[u(X)]`, with
 *   `u(x) = E_Y[W'(t0 + x, t1 + Y)]` and `W'` the end-of-game value past the
 *   target. The `(0, 0)` increment returns to the same state, so each state is
 *   a one-dimensional fixed point `w = g(w)`, `g` convex, piecewise linear,
 *   with slope `P(X = 0) P(Y = 0) < 1`; Newton's method on it is policy
 *   iteration and ends exactly (to 1e-14) in two or three sweeps.
 *
 * @example
 * ```ts
 * import { bestResponse } from "./bestresponse.ts";
 * const br = bestResponse({ target: 200 });
 * br.table.get(0, 0, 0); // W(0, 0), about 0.56
 * ```
 * @module
 */

import {
  IDENTITY_UTILITY,
  NUMBERS_DECK,
  RoundGraph,
  SCORE_CAP,
} from "./rounddp.ts";
import { WTable } from "./table.ts";

/** Options of {@linkcode bestResponse}. */
export interface BestResponseOptions {
  /** Target total (default 200). */
  target?: number;
  /** Value of a drawn game: one half (default) or a loss. */
  ties?: "half" | "loss";
  /** Counts of each number in the model deck (default: the 79-card deck). */
  deck?: readonly number[];
  /** The best responder plays the score maximiser too (gives exactly 1/2 by symmetry; a check). */
  selfPlay?: boolean;
}

/** What {@linkcode bestResponse} returns. */
export interface BestResponseResult {
  /** `W(t0, t1)`, one layer (no starting player in this model). */
  table: WTable;
  /** Law of the score maximiser's round score. */
  opponent: Float64Array;
  /** Expected round score of the score maximiser. */
  opponentMean: number;
  /** Sweeps used in all. */
  sweeps: number;
}

/**
 * Compute the best-response table.
 *
 * @example
 * ```ts
 * bestResponse({ target: 50 }).table.get(0, 0, 0) > 0.5; // true
 * ```
 */
export function bestResponse(
  opts: BestResponseOptions = {},
): BestResponseResult {
  const T = opts.target ?? 200;
  const tieValue = (opts.ties ?? "half") === "half" ? 0.5 : 0;
  const deck = opts.deck ?? NUMBERS_DECK;
  const g = new RoundGraph();
  g.compile(0, 0, false, deck, true);
  g.sweep(IDENTITY_UTILITY);
  const py = Float64Array.from(g.distribution());
  const opponentMean = g.value[g.n - 1];
  const ys: number[] = [];
  let maxX = 0;
  for (let y = 0; y < SCORE_CAP; y++) {
    if (py[y] > 0) {
      ys.push(y);
      maxX = y;
    }
  }
  const root = g.n - 1;
  const W = new Float64Array(T * T);
  const wv = (a: number, b: number) =>
    a >= T || b >= T ? (a > b ? 1 : a < b ? 0 : tieValue) : W[a * T + b];
  const u = new Float64Array(SCORE_CAP);
  const q = py[0];
  let sweeps = 0;
  for (let t0 = T - 1; t0 >= 0; t0--) {
    for (let t1 = T - 1; t1 >= 0; t1--) {
      for (let x = 0; x <= maxX; x++) {
        let acc = 0;
        for (const y of ys) {
          if (x === 0 && y === 0) continue;
          acc += py[y] * wv(t0 + x, t1 + y);
        }
        u[x] = acc;
      }
      const a0 = u[0];
      if (opts.selfPlay) {
        // the maximiser's own policy: value is linear in w
        let ex = 0;
        for (const x of ys) ex += py[x] * u[x];
        const wfix = ex / (1 - q * q);
        W[t0 * T + t1] = wfix;
        continue;
      }
      let w = t1 + 1 < T ? W[t0 * T + t1 + 1] : 0.5;
      for (let it = 0; it < 60; it++) {
        u[0] = a0 + q * w;
        const gw = g.sweep(u);
        sweeps++;
        const slope = q * g.d0[root];
        const next = w + (gw - w) / (1 - slope);
        if (Math.abs(gw - w) < 1e-14) {
          w = gw;
          break;
        }
        w = next;
      }
      W[t0 * T + t1] = w;
    }
  }
  const table = new WTable(T, 1, Float32Array.from(W), {
    kind: "best-response",
    model: "numbers-only deck, fresh deck per round, independent rounds",
    opponent: opts.selfPlay ? "score maximiser (self-play)" : "score maximiser",
    ties: opts.ties ?? "half",
    w00: W[0],
  });
  return { table, opponent: py, opponentMean, sweeps };
}

/**
 * `W(0, 0)` in double precision (the table stores float32; this is exact).
 *
 * @example
 * ```ts
 * w00(bestResponse({ target: 50 })); // a number in (0.5, 1)
 * ```
 */
export function w00(r: BestResponseResult): number {
  return Number(r.table.meta.w00);
}
