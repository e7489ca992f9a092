/**
 * The exact two-player best response under the independent-round,
 * fresh-deck model (the public solver's), and its variants
 * (docs/winprob.md, "Best response"). By default each player draws every
 * round from a full deck of the 79 number cards of its own, the opponent
 * plays the expected-score maximiser (law `Y`, {@linkcode opponentLaw}),
 * and past the target (200) the higher total wins, equal totals worth one
 * half: `W(t0, t1) = max over round policies of E[u(X)]`,
 * `u(x) = E_Y[W(t0 + x, t1 + Y)]` ({@linkcode RoundSolver}). The `(0, 0)`
 * round returns to the same state, a fixed point `w = g(w)` with `g` convex,
 * piecewise linear and of slope below 1: Newton's method on it is policy
 * iteration, exact (to 1e-14) in two or three sweeps. `W(0, 0) = 0.559345`,
 * the public solver's 0.5593.
 *
 * @module
 */

import { InputError, STANDARD_CARDS } from "../game/cards.ts";
import {
  IDENTITY_UTILITY,
  NUMBERS_DECK,
  RoundSolver,
  SCORE_CAP,
} from "./rounddp.ts";
import { WTable } from "./table.ts";

/** Options of {@linkcode bestResponse}. */
export interface BestResponseOptions {
  /** Target total (default 200). */
  target?: number;
  /**
   * A draw (equal totals past the target): worth one half (default), a loss,
   * a win, or played on with further rounds until the totals differ.
   */
  ties?: "half" | "loss" | "win" | "continue";
  /** Counts of each number in the model deck (default: the 79-card deck). */
  deck?: readonly number[];
  /**
   * The opponent: the exact expected-score maximiser (default), the
   * one-step greedy player (hits while one more card, then stopping, beats
   * stopping now), or a threshold player `sum:N` (given as N).
   */
  opponent?: OpponentKind;
  /**
   * The law of the opponent's round score given outright (`law[s]` =
   * P(score = s), scores below 256), instead of the law of `opponent` on
   * `deck`: e.g. the all-cards law, the 94-card optimum's
   * (`roundLaw(getModel("all94")).distribution`, `lib/solver/law.ts`), for an
   * opponent whose every round follows it. The responder still plays the
   * number-cards round of `deck`. Not with `selfPlay`.
   */
  opponentLaw?: ArrayLike<number>;
  /** The responder sees the opponent's finished round before playing its own. */
  sees?: boolean;
  /**
   * Rounds in turn, the responder first, and the first player to reach the
   * target wins at once (no draws). `W` is then the value with the responder
   * to play; {@linkcode BestResponseResult.second} holds the value with the
   * opponent to play.
   */
  immediate?: boolean;
  /** The best responder plays the opponent's policy too (gives exactly 1/2 by symmetry; a check). */
  selfPlay?: boolean;
  /**
   * Value every round score above this at 0 (a certain loss) in the default
   * model: with 62, the opponent maximiser's top score, this is the earlier
   * version's bug (its utility stopped at the opponent's top score), which
   * gave 0.5563.
   */
  zeroAbove?: number;
}

/** What {@linkcode bestResponse} returns. */
export interface BestResponseResult {
  /** `W(t0, t1)`, one layer (no starting player in this model). */
  table: WTable;
  /** `W(0, 0)` in double precision. */
  w00: number;
  /** With `immediate`: `W(0, 0)` when the opponent plays the first round (else null). */
  second: number | null;
  /** Law of the opponent's round score. */
  opponent: Float64Array;
  /** Expected round score of the opponent. */
  opponentMean: number;
  /** Sweeps used in all. */
  sweeps: number;
}

/** An opponent of the model: the maximiser, the greedy player, or a threshold `sum:N`. */
export type OpponentKind = "maximiser" | "greedy" | number;

/**
 * The law of the opponent's round score on a fresh deck: the exact
 * expected-score maximiser, the one-step greedy player (hits while one more
 * card, then stopping, beats stopping now), or a threshold player (hits until
 * its number sum reaches N).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const max = opponentLaw("maximiser");
 * assert.equal(max[0].toFixed(4), "0.3135"); // probability of scoring 0
 * assert.ok(Math.abs(max.reduce((a, b) => a + b, 0) - 1) < 1e-9);
 * assert.ok(opponentLaw(37)[0] > 0.6); // sum:37 busts far more often
 * ```
 */
export function opponentLaw(
  kind: OpponentKind,
  deck: readonly number[] = NUMBERS_DECK,
): Float64Array {
  return maximiser(deck, kind).distribution();
}

/** The round from the empty line compiled, swept for the score and set to `kind`'s policy. */
function maximiser(deck: ArrayLike<number>, kind: OpponentKind): RoundSolver {
  const g = new RoundSolver();
  g.compile(0, false, deck, 0, true);
  g.sweep(IDENTITY_UTILITY);
  if (kind !== "maximiser") g.policy(kind);
  return g;
}

/** A round law given outright, checked, as a dense array of {@linkcode SCORE_CAP}. */
function givenLaw(law: ArrayLike<number>): Float64Array {
  if (law.length > SCORE_CAP) {
    throw new InputError(
      `an opponent round law with ${law.length} scores: allowed at most ${SCORE_CAP}`,
    );
  }
  const py = new Float64Array(SCORE_CAP);
  let total = 0;
  for (let s = 0; s < law.length; s++) {
    if (!(law[s] >= 0)) {
      throw new InputError(
        `bad probability ${
          law[s]
        } of score ${s} in an opponent round law: allowed numbers from 0`,
      );
    }
    py[s] = law[s];
    total += law[s];
  }
  if (Math.abs(total - 1) > 1e-6) {
    throw new InputError(
      `an opponent round law that sums to ${total}: allowed laws summing to 1`,
    );
  }
  return py;
}

/**
 * Compute the best-response table (see the module notes and {@linkcode BestResponseOptions}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // to 200 points W(0, 0) = 0.559345 (tests/winprob_test.ts under FLIP7_LONG=1); to 20 it is quick
 * const br = bestResponse({ target: 20 });
 * assert.equal(br.w00.toFixed(4), "0.5855");
 * assert.equal(br.table.get(0, 0, 0).toFixed(4), "0.5855"); // the float32 table
 * assert.equal(br.opponentMean.toFixed(4), "18.5652"); // the maximiser's mean round score
 * // playing the opponent's own policy gives one half, by symmetry
 * assert.ok(Math.abs(bestResponse({ target: 20, selfPlay: true }).w00 - 0.5) < 1e-12);
 * // against sum:37, which busts two rounds in three, more
 * assert.ok(bestResponse({ target: 12, opponent: 37 }).w00 > bestResponse({ target: 12 }).w00);
 * ```
 */
export function bestResponse(
  opts: BestResponseOptions = {},
): BestResponseResult {
  const T = opts.target ?? 200;
  const ties = opts.ties ?? "half";
  const deck = opts.deck ?? NUMBERS_DECK;
  if (opts.opponentLaw && opts.selfPlay) {
    throw new InputError(
      "selfPlay plays the opponent's policy, which a given round law does not have: allowed one of opponentLaw and selfPlay",
    );
  }
  const py = opts.opponentLaw
    ? givenLaw(opts.opponentLaw)
    : opponentLaw(opts.opponent ?? "maximiser", deck);
  let opponentMean = 0;
  const ys: number[] = [];
  for (let y = 0; y < SCORE_CAP; y++) {
    if (py[y] > 0) {
      ys.push(y);
      opponentMean += y * py[y];
    }
  }
  const q = py[0];
  // the responder's round from the empty line, compiled for many utilities
  const g = maximiser(deck, opts.opponent ?? "maximiser");
  // every score a round can end on (a Flip 7 of every number at the most)
  const maxX = STANDARD_CARDS.score(
    STANDARD_CARDS.sumOfMask.length - 1,
    0,
    g.bonus,
  );
  if (opts.selfPlay) g.fixed = g.hit.slice(); // the responder plays the opponent's
  const u = new Float64Array(SCORE_CAP);
  let sweeps = 0;
  const sweep = (): number => {
    sweeps++;
    return g.sweep(u);
  };
  /**
   * Solve `w = C + D · V(w)`, where `V(w)` is the round value with
   * `u[0] = A + B · w` (the rest of `u` already set). Newton's method.
   */
  const fixedPoint = (
    A: number,
    B: number,
    C: number,
    D: number,
    guess: number,
  ): number => {
    let w = guess;
    for (let it = 0; it < 100; it++) {
      u[0] = A + B * w;
      const gw = C + D * sweep();
      const slope = D * B * g.d0[0];
      if (Math.abs(gw - w) < 1e-14) return gw;
      w = w + (gw - w) / (1 - slope);
    }
    return w;
  };

  // value of equal totals past the target
  let tieValue = ties === "half" ? 0.5 : ties === "win" ? 1 : 0;
  if (ties === "continue") {
    // a round from a tie: P(X > Y) + P(X = Y) · V, V the value of a tie
    const cdf = new Float64Array(SCORE_CAP + 1);
    for (let y = 0; y < SCORE_CAP; y++) cdf[y + 1] = cdf[y] + py[y];
    for (let x = 1; x <= maxX; x++) u[x] = -1; // set below with V
    const tieRound = (v: number): number => {
      for (let x = 0; x <= maxX; x++) u[x] = cdf[x] + py[x] * v;
      return sweep();
    };
    let v = 0.5;
    for (let it = 0; it < 100; it++) {
      const gv = tieRound(v);
      // slope: d/dv of E[P(Y = X) v] under the swept policy = P(X = Y)
      const dist = g.distribution();
      let pEq = 0;
      for (let x = 0; x <= maxX; x++) pEq += dist[x] * py[x];
      if (Math.abs(gv - v) < 1e-14) {
        v = gv;
        break;
      }
      v = v + (gv - v) / (1 - pEq);
    }
    tieValue = v;
  }

  const W = new Float64Array(T * T);
  const end = (a: number, b: number) =>
    a > b ? 1 : a < b ? 0 : opts.immediate ? 0.5 : tieValue;
  const wv = (a: number, b: number) =>
    a >= T || b >= T ? end(a, b) : W[a * T + b];
  let second: number | null = null;

  if (opts.immediate) {
    // A = responder to play (stored in W), B = opponent to play
    const Bt = new Float64Array(T * T);
    for (let t0 = T - 1; t0 >= 0; t0--) {
      for (let t1 = T - 1; t1 >= 0; t1--) {
        // B(t0, t1) = q·A(t0, t1) + c
        let c = 0;
        for (const y of ys) {
          if (y === 0) continue;
          c += py[y] * (t1 + y >= T ? 0 : W[t0 * T + t1 + y]);
        }
        for (let x = 1; x <= maxX; x++) {
          u[x] = t0 + x >= T ? 1 : Bt[(t0 + x) * T + t1];
        }
        const guess = t1 + 1 < T ? W[t0 * T + t1 + 1] : 0.5;
        const a = fixedPoint(c, q, 0, 1, guess);
        W[t0 * T + t1] = a;
        Bt[t0 * T + t1] = q * a + c;
      }
    }
    second = Bt[0];
  } else if (opts.sees) {
    // R(b) = value of the responder's round once the opponent's total is b
    const R = new Float64Array(T + SCORE_CAP);
    for (let t0 = T - 1; t0 >= 0; t0--) {
      for (let b = T + SCORE_CAP - 1; b >= T; b--) {
        for (let x = 0; x <= maxX; x++) u[x] = end(t0 + x, b);
        R[b] = sweep();
      }
      for (let t1 = T - 1; t1 >= 0; t1--) {
        let c = 0;
        for (const y of ys) if (y > 0) c += py[y] * R[t1 + y];
        for (let x = 1; x <= maxX; x++) u[x] = wv(t0 + x, t1);
        const guess = t1 + 1 < T ? W[t0 * T + t1 + 1] : 0.5;
        const w = fixedPoint(0, 1, c, q, guess);
        W[t0 * T + t1] = w;
        // R at b = t1 for the rows' smaller t1: the round with u[0] = w
        u[0] = w;
        R[t1] = sweep();
      }
    }
  } else {
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
        if (opts.zeroAbove !== undefined) {
          for (let x = opts.zeroAbove + 1; x <= maxX; x++) u[x] = 0;
        }
        const guess = t1 + 1 < T ? W[t0 * T + t1 + 1] : 0.5;
        W[t0 * T + t1] = fixedPoint(u[0], q, 0, 1, guess);
      }
    }
  }
  const table = new WTable(T, 1, Float32Array.from(W), {
    kind: "best-response",
    model: "numbers-only deck, fresh deck per round, independent rounds",
    opponent: (opts.selfPlay ? "self-play: " : "") +
      (opts.opponentLaw
        ? `a given round law (mean ${opponentMean.toFixed(4)})`
        : typeof opts.opponent === "number"
        ? `sum:${opts.opponent}`
        : opts.opponent ?? "maximiser"),
    ties,
    sees: opts.sees === true,
    immediate: opts.immediate === true,
    ...(opts.zeroAbove !== undefined ? { zeroAbove: opts.zeroAbove } : {}),
    w00: W[0],
  });
  return { table, w00: W[0], second, opponent: py, opponentMean, sweeps };
}
