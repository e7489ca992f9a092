/**
 * `winprob` (docs/winprob.md): plays the best-response table `W(t0, t1)`
 * of the independent-round model ({@linkcode bestResponse}) on the real
 * table. At each decision it solves its own round exactly
 * ({@linkcode RoundSolver}: exact pile, its modifiers and Second Chance, the
 * modifiers left valued to first order) for `u(x) = E_Y[W(t0 + x, t1 + Y)]`,
 * `Y` the opponent's final round score: known once it is out, else the law of
 * the maximiser (or `sum:N`) continuing from its line
 * ({@linkcode ContinuationLaws}). With more than two players the opponent is
 * the other seat with the highest total plus round score. A Freeze is aimed
 * by win value, a Flip Three by {@linkcode flipThreeTarget}.
 *
 * Fast and exact: `u` is filled lazily from a padded table; if one card then
 * staying beats staying now, hitting is optimal and the DP is skipped; a
 * solved policy is kept for the later decisions of the round whose pile is
 * the solved one less the numbers drawn since. The tables come from
 * `provide.ts` (`.cache/winprob/v5/br-numbers[-sumN].wtab`, computed when
 * missing).
 *
 * @module
 */

import {
  COUNT_OF_MASK,
  FLIP3,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  FREEZE,
  MOD_MASK,
  MODIFIER_KINDS,
  MODIFIERS,
  MULT_OF_MASK,
  NUMBER_KINDS,
  PLUS_OF_MASK,
  SUM_OF_MASK,
} from "../game/cards.ts";
import type { Strategy, TableView } from "../game/view.ts";
import { ContinuationLaws, RoundSolver, SCORE_CAP } from "./rounddp.ts";
import { brTable } from "./provide.ts";
import type { WTable } from "./table.ts";
import { oneCardValue } from "../strategies/estimate.ts";
import { mainOpponent } from "./search_strategy.ts";
import { defaultTarget, flipThreeTarget } from "../strategies/targeting.ts";

// the best-response tables are provided by lib/winprob/provide.ts
// (re-exported here for the callers that knew them here)
export { brTable, brTableIdentity, setBrTable } from "./provide.ts";

/** Options of {@linkcode WinProbCore} and {@linkcode WinProbStrategy}. */
export interface WinProbOptions {
  /** The W table (default: the best-response table of the opponent model). */
  table?: WTable | null;
  /** Value the modifiers left to draw in the round DP (default true). */
  modifiers?: boolean;
  /**
   * The opponent model: the score maximiser (default), or a known threshold
   * player `sum:N` (given as N) — then the table is the best response to
   * `sum:N` and an opponent still in the round follows `sum:N`'s law.
   */
  opponent?: "maximiser" | number;
  /**
   * How the strategy aims a Freeze: by win value (default,
   * {@linkcode WinProbCore.freezeOpponent}) or by the shared heuristics (an
   * ablation).
   */
  freeze?: "value" | "shared";
  /**
   * How it aims a Flip Three: kept on an empty line, else at the opponent
   * (default, {@linkcode flipThreeTarget}); by the shared heuristics; or
   * always at the opponent (ablations).
   */
  flipThree?: "empty-line" | "shared" | "opponent";
}

/** The advice for one decision. */
export interface WinAdvice {
  /** Win value of staying now. */
  stay: number;
  /** Win value of hitting now (then playing on optimally). */
  hit: number;
}

/**
 * A bound on the round score: every number (0..12) in the line, with every
 * modifier and the Flip 7 bonus.
 */
const MAX_SCORE =
  MULT_OF_MASK[MOD_MASK] * SUM_OF_MASK[(1 << NUMBER_KINDS) - 1] +
  PLUS_OF_MASK[MOD_MASK] + FLIP7_BONUS;

/**
 * The decision machinery of `winprob`, reusable by `decide`: Hit or Stay
 * ({@linkcode WinProbCore.shouldHit}, the fast way), the two win values
 * ({@linkcode WinProbCore.advise}, the full DP), and where a Freeze goes
 * ({@linkcode WinProbCore.freezeOpponent}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bestResponse } from "./bestresponse.ts";
 * import { FREEZE } from "../game/cards.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const table = bestResponse({ target: 20 }).table;
 * const core = new WinProbCore({ table }), w = new WinProbStrategy({ table });
 * const g = new Game(withRules(getRules("duel"), { target: 20 }), [makeStrategy("ev"), makeStrategy("ev")], { seed: 4 });
 * // after each of seat 0's draws with both seats in the round
 * let asked = 0;
 * g.listener = (e) => {
 *   if (e.type !== "draw" || e.seat !== 0 || !g.isActive(0) || !g.isActive(1)) return;
 *   const a = core.advise(g, 0, 1); // the win values of staying and hitting
 *   assert.ok(a.stay >= 0 && a.stay <= 1);
 *   if (a.hit !== a.stay) assert.equal(core.shouldHit(g, 0, 1), a.hit > a.stay);
 *   // would a Freeze go to seat 1? winprob's target says the same
 *   assert.equal(w.target(g, 0, FREEZE), core.freezeOpponent(g, 0, 1) ? 1 : 0);
 *   asked++;
 * };
 * for (let i = 0; i < 3; i++) g.playGame();
 * assert.ok(asked > 0 && core.solves > 0);
 * ```
 */
export class WinProbCore {
  private readonly solver = new RoundSolver();
  private readonly laws: ContinuationLaws;
  private readonly threshold: number | undefined;
  private readonly table: WTable | null;
  private readonly u = new Float64Array(SCORE_CAP);
  private readonly uStamp = new Int32Array(SCORE_CAP);
  private uGen = 0;
  private readonly ys: Int32Array;
  private readonly ps: Float64Array;
  private ny = 0;
  private readonly nums = new Int32Array(NUMBER_KINDS);
  /** Modifiers `+2 … +10, x2` left to draw (null when they are not modelled). */
  private readonly modPile: Int32Array | null;
  private pad: Float32Array = new Float32Array(0);
  private stride = 0;
  private t0 = 0;
  private t1 = 0;
  // what the kept policy was solved for
  private readonly solvedPile = new Int32Array(NUMBER_KINDS);
  private readonly solvedMods6 = new Int32Array(MODIFIER_KINDS);
  private solvedValid = false;
  private solvedT0 = 0;
  private solvedT1 = 0;
  private solvedOpp = 0;
  private solvedMods = 0;
  private solvedStart = -1;
  private solvedPad: Float32Array | null = null;
  private solvedChance = 0;
  /** Full DP solves run (for benchmarks and tests). */
  solves = 0;
  /** Decisions settled by the one-card lower bound. */
  bounded = 0;
  /** Decisions read from a kept policy. */
  reused = 0;

  /**
   * The machinery for one table and opponent model.
   *
   * @param opts table, modifiers and opponent model (see {@linkcode WinProbOptions})
   */
  constructor(opts: WinProbOptions = {}) {
    this.table = opts.table ?? null;
    this.modPile = opts.modifiers === false
      ? null
      : new Int32Array(MODIFIER_KINDS);
    const o = opts.opponent ?? "maximiser";
    this.threshold = o === "maximiser" ? undefined : o;
    this.laws = ContinuationLaws.get(this.threshold);
    this.ys = new Int32Array(this.laws.width);
    this.ps = new Float64Array(this.laws.width);
  }

  /** Load the totals, the opponent's law and the pile; returns the opponent's packed state. */
  private load(
    view: TableView,
    seat: number,
    opp: number,
    sNext: number,
  ): number {
    const w = this.table ?? brTable(this.threshold);
    this.pad = w.padded(sNext);
    this.stride = w.stride;
    // totals past the target (a tie played on): shift both, keeping the order
    let a = view.total(seat), b = view.total(opp);
    if (a >= w.target || b >= w.target) {
      const d = Math.max(a, b) - w.target;
      a = Math.max(0, a - d);
      b = Math.max(0, b - d);
    }
    this.t0 = a;
    this.t1 = b;
    for (let v = 0; v < NUMBER_KINDS; v++) this.nums[v] = view.unseenExact(v);
    const mp = this.modPile;
    if (mp) {
      for (let i = 0; i < MODIFIER_KINDS; i++) {
        mp[i] = view.unseenExact(MODIFIERS[i]);
      }
    }
    this.uGen++;
    if (view.isActive(opp)) {
      const m = view.lineMask(opp), md = view.modMask(opp);
      const ch = view.hasChance(opp) ? 1 : 0;
      const L = this.laws, key = (m << 1) | ch, base = md * L.width;
      let n = 0;
      for (let i = L.start[key], e = L.start[key + 1]; i < e; i++) {
        this.ys[n] = L.scores[base + L.code[i]];
        this.ps[n++] = L.prob[i];
      }
      this.ny = n;
      return (1 << 24) | (key << MODIFIER_KINDS) | md;
    }
    this.ys[0] = view.roundScore(opp);
    this.ps[0] = 1;
    this.ny = 1;
    return this.ys[0];
  }

  /** `u(x)`, filled on first use in this decision. */
  private ux(x: number): number {
    if (this.uStamp[x] === this.uGen) return this.u[x];
    const row = (this.t0 + x) * this.stride + this.t1;
    const pad = this.pad, ys = this.ys, ps = this.ps;
    let acc = 0;
    for (let j = 0; j < this.ny; j++) acc += ps[j] * pad[row + ys[j]];
    this.u[x] = acc;
    this.uStamp[x] = this.uGen;
    return acc;
  }

  /** Fill `u` on every score the round can end on, then run the DP. */
  private fullSolve(m: number, ch: boolean, md: number, force: boolean): void {
    // the top score: a Flip 7 of 0..12 with every modifier (x2 and +30)
    for (let x = 0; x <= MAX_SCORE; x++) this.ux(x);
    this.solver.solve(this.u, m, ch, this.nums, md, force, this.modPile);
    this.solves++;
  }

  /**
   * Hit or Stay for `seat` against `opp` — the exact DP's decision, the fast
   * way; with no number left to draw it hits when any card is left.
   */
  shouldHit(view: TableView, seat: number, opp: number, sNext = 0): boolean {
    const oppKey = this.load(view, seat, opp, sNext);
    const nums = this.nums;
    let n = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) n += nums[v];
    if (n === 0) return view.unseenExactTotal() > 0; // no number can come: no bust
    const m = view.lineMask(seat), md = view.modMask(seat);
    const ch = view.hasChance(seat);
    const mult = MULT_OF_MASK[md], plus = PLUS_OF_MASK[md];
    const sum = SUM_OF_MASK[m], base = mult * sum + plus;
    const stay = this.ux(base);
    // lower bound: one card, then stay
    const seventh = COUNT_OF_MASK[m] === FLIP7_LENGTH - 1;
    let lb = 0, dup = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) {
      const c = nums[v];
      if (c === 0) continue;
      if (m & (1 << v)) dup += c;
      else lb += c * this.ux(base + mult * v + (seventh ? FLIP7_BONUS : 0));
    }
    const mp = this.modPile;
    if (mp) {
      // a modifier the line lacks: its score with it (one it holds: none left)
      for (let i = 0; i < MODIFIER_KINDS; i++) {
        const mb = md | (1 << i);
        if (mp[i] > 0 && mb !== md) {
          const x = MULT_OF_MASK[mb] * sum + PLUS_OF_MASK[mb];
          lb += mp[i] * (this.ux(x) - stay);
        }
      }
    }
    lb = (lb + dup * (ch ? stay : this.ux(0))) / n;
    if (lb > stay) {
      this.bounded++;
      return true;
    }
    // a kept policy of this round?
    if (
      this.solvedValid && this.solvedPad === this.pad &&
      this.solvedT0 === this.t0 &&
      this.solvedT1 === this.t1 && this.solvedOpp === oppKey &&
      this.solvedMods === md && (m & this.solvedStart) === this.solvedStart &&
      (ch ? 1 : 0) <= this.solvedChance
    ) {
      const drawn = m & ~this.solvedStart;
      let same = true;
      if (mp) {
        for (let i = 0; i < MODIFIER_KINDS && same; i++) {
          same = mp[i] === this.solvedMods6[i];
        }
      }
      for (let v = 0; v < NUMBER_KINDS && same; v++) {
        same = nums[v] === this.solvedPile[v] - ((drawn >> v) & 1);
      }
      if (same) {
        this.reused++;
        return this.solver.hit[(m << 1) | (ch ? 1 : 0)] === 1;
      }
    }
    this.fullSolve(m, ch, md, false);
    this.solvedValid = true;
    this.solvedPad = this.pad;
    this.solvedT0 = this.t0;
    this.solvedT1 = this.t1;
    this.solvedOpp = oppKey;
    this.solvedMods = md;
    this.solvedStart = m;
    this.solvedChance = ch ? 1 : 0;
    this.solvedPile.set(nums);
    if (mp) this.solvedMods6.set(mp);
    return this.solver.hitValue > this.solver.stay;
  }

  /**
   * Stay and Hit values for `seat` against `opp` (always the full DP; the hit
   * value is `-Infinity` when no number is left to draw).
   */
  advise(
    view: TableView,
    seat: number,
    opp: number,
    sNext = 0,
  ): WinAdvice {
    this.load(view, seat, opp, sNext);
    this.solveLine(view, seat, false);
    return { stay: this.solver.stay, hit: this.solver.hitValue };
  }

  /** The full DP from `seat`'s line against the loaded law (the kept policy is dropped). */
  private solveLine(view: TableView, seat: number, forceHit: boolean): void {
    this.solvedValid = false;
    this.fullSolve(
      view.lineMask(seat),
      view.hasChance(seat),
      view.modMask(seat),
      forceHit,
    );
  }

  /** Win value of `seat` playing on from its line against the loaded law (max of stay and hit). */
  private playOn(view: TableView, seat: number): number {
    const empty = view.cardsInFront(seat) === 0;
    this.solveLine(view, seat, empty);
    return empty
      ? this.solver.hitValue
      : Math.max(this.solver.stay, this.solver.hitValue);
  }

  /**
   * Whether `seat` should freeze `opp` rather than itself (both active), for
   * win value: frozen itself, its line banks now (the stay value against the
   * opponent's law); freezing `opp` fixes the opponent's round score at its
   * line, and `seat` then plays on alone (the DP's value).
   */
  freezeOpponent(
    view: TableView,
    seat: number,
    opp: number,
    sNext = 0,
  ): boolean {
    this.load(view, seat, opp, sNext);
    const m = view.lineMask(seat), md = view.modMask(seat);
    const self = this.ux(
      MULT_OF_MASK[md] * SUM_OF_MASK[m] + PLUS_OF_MASK[md],
    );
    this.ys[0] = view.roundScore(opp);
    this.ps[0] = 1;
    this.ny = 1;
    this.uGen++;
    return this.playOn(view, seat) > self;
  }
}

/**
 * The ablations of `winprob`, by spec: each changes one part of the agent
 * (how it aims a Flip Three or a Freeze, or whether its round DP values the
 * modifiers left to draw).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(WINPROB_ABLATIONS["winprob/no-modifiers"], { modifiers: false });
 * assert.equal(Object.keys(WINPROB_ABLATIONS).length, 4);
 * ```
 */
export const WINPROB_ABLATIONS: Readonly<Record<string, WinProbOptions>> = {
  "winprob/flip3-shared": { flipThree: "shared" },
  "winprob/flip3-opponent": { flipThree: "opponent" },
  "winprob/freeze-shared": { freeze: "shared" },
  "winprob/no-modifiers": { modifiers: false },
};

/**
 * Plays the best-response table.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(new WinProbStrategy().name, "winprob"); // against a score maximiser
 * assert.equal(new WinProbStrategy({ opponent: 25 }).name, "brsum:25"); // against sum:25
 * ```
 */
export class WinProbStrategy implements Strategy {
  /** `winprob`, or `brsum:N` against a known `sum:N`. */
  readonly name: string;
  /** The decision machinery (its counters show how decisions were settled). */
  readonly core: WinProbCore;
  /**
   * The agent for one table and opponent model.
   *
   * @param opts table, modifiers and opponent model (see {@linkcode WinProbOptions})
   */
  constructor(opts: WinProbOptions = {}) {
    this.core = new WinProbCore(opts);
    const o = opts.opponent ?? "maximiser";
    this.name = o === "maximiser" ? "winprob" : `brsum:${o}`;
    this.freeze = opts.freeze ?? "value";
    this.flipThree = opts.flipThree ?? "empty-line";
  }
  private readonly freeze: "value" | "shared";
  private readonly flipThree: "empty-line" | "shared" | "opponent";
  /** Hit when it raises the win value. */
  hit(view: TableView, seat: number): boolean {
    const opp = mainOpponent(view, seat);
    if (opp < 0) return oneCardValue(view, seat, true) > view.roundScore(seat);
    return this.core.shouldHit(view, seat, opp);
  }
  /**
   * A Freeze for win value ({@linkcode WinProbCore.freezeOpponent}), a Flip
   * Three by {@linkcode flipThreeTarget}, a spare Second Chance by the
   * shared heuristics.
   */
  target(view: TableView, seat: number, kind: number): number {
    const opp = mainOpponent(view, seat);
    if (opp < 0 || !view.isActive(seat) || !view.isActive(opp)) {
      return defaultTarget(view, seat, kind);
    }
    if (kind === FREEZE && this.freeze === "value") {
      return this.core.freezeOpponent(view, seat, opp) ? opp : seat;
    }
    if (kind === FLIP3 && this.flipThree !== "shared") {
      return this.flipThree === "opponent"
        ? opp
        : flipThreeTarget(view, seat, opp);
    }
    return defaultTarget(view, seat, kind);
  }
}
