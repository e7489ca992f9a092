/**
 * `winprob` — plays the exact best-response table `W(t0, t1)` of the
 * independent-round model ({@linkcode bestResponse}) on the real table: at
 * each decision it solves its own round exactly (an optimal-stopping DP over
 * the numbers it can still draw, exact pile counts, its modifiers and Second
 * Chance held) for the terminal utility `u(x) = E_Y[W(t0 + x, t1 + Y)]`,
 * where `Y` is the opponent's final round score: known once the opponent has
 * stayed, busted or been frozen, else the law of a score maximiser
 * continuing from the opponent's line on the same pile. With more than two
 * players the opponent is the other seat with the highest total plus round
 * score. Targeting uses the shared heuristics.
 *
 * The table is loaded from `.cache/winprob/br-numbers.wtab`, computed (about
 * 40 s, message on stderr) and saved when missing.
 *
 * @example
 * ```ts
 * import { WinProbStrategy } from "./winprob.ts";
 * const w = new WinProbStrategy();
 * ```
 * @module
 */

import { KINDS, NUMBER_KINDS } from "../cards.ts";
import type { Strategy, TableView } from "../view.ts";
import { bestResponse } from "../winprob/bestresponse.ts";
import { IDENTITY_UTILITY, RoundGraph, SCORE_CAP } from "../winprob/rounddp.ts";
import { bestResponsePath, WTable } from "../winprob/table.ts";
import { oneCardValue } from "./estimate.ts";
import { mainOpponent } from "./search.ts";
import { defaultTarget } from "./targeting.ts";

let cached: WTable | null = null;

/**
 * The best-response table: from memory, `.cache`, or computed now and saved.
 *
 * @example
 * ```ts
 * brTable().target; // 200
 * ```
 */
export function brTable(): WTable {
  if (cached) return cached;
  const path = bestResponsePath("numbers");
  let w = WTable.loadSync(path);
  if (!w) {
    console.error(
      `flip7: no best-response table at ${path}; computing it now (about 40 s)`,
    );
    w = bestResponse().table;
    Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    const tmp = `${path}.tmp-${Deno.pid}-${
      Math.random().toString(36).slice(2)
    }`;
    Deno.writeFileSync(tmp, w.encode());
    Deno.renameSync(tmp, path);
  }
  cached = w;
  return w;
}

/**
 * Use this table for `winprob` in this thread (tests).
 *
 * @example
 * ```ts
 * setBrTable(bestResponse({ target: 200 }).table);
 * ```
 */
export function setBrTable(w: WTable): void {
  cached = w;
}

/** The advice for one decision. */
export interface WinAdvice {
  /** Win value of staying now. */
  stay: number;
  /** Win value of hitting now (then playing on optimally). */
  hit: number;
}

/** The decision machinery of `winprob`, reusable by `decide`. */
export class WinProbCore {
  private readonly me = new RoundGraph();
  private readonly them = new RoundGraph();
  private readonly u = new Float64Array(SCORE_CAP);
  private readonly py = new Float64Array(SCORE_CAP);
  private readonly nums = new Int32Array(NUMBER_KINDS);

  /** @param table the W table (default: the best-response table) */
  constructor(private readonly table: WTable | null = null) {}

  /**
   * Stay and Hit values for `seat` against `opp`.
   *
   * @example
   * ```ts
   * const a = new WinProbCore().advise(view, 0, 1); a.hit > a.stay;
   * ```
   */
  advise(view: TableView, seat: number, opp: number): WinAdvice {
    const w = this.table ?? brTable();
    for (let v = 0; v < NUMBER_KINDS; v++) this.nums[v] = view.unseenExact(v);
    const py = this.py;
    py.fill(0);
    if (view.isActive(opp)) {
      this.them.compile(
        view.lineMask(opp),
        view.modMask(opp),
        view.hasChance(opp),
        this.nums,
        view.cardsInFront(opp) === 0,
      );
      this.them.sweep(IDENTITY_UTILITY);
      py.set(this.them.distribution());
    } else {
      py[view.roundScore(opp)] = 1;
    }
    return this.solve(
      w,
      view.total(seat),
      view.total(opp),
      view.lineMask(seat),
      view.modMask(seat),
      view.hasChance(seat),
      view.roundScore(seat),
    );
  }

  /**
   * Stay and Hit values from explicit values; call after {@linkcode setOpponentLaw}
   * or {@linkcode advise} filled the opponent's law and the pile.
   *
   * @example
   * ```ts
   * core.solve(w, 150, 180, mask, 0, false, 21);
   * ```
   */
  solve(
    w: WTable,
    t0: number,
    t1: number,
    mask: number,
    mods: number,
    chance: boolean,
    score: number,
  ): WinAdvice {
    const u = this.u, py = this.py;
    let lo = SCORE_CAP, hi = -1;
    for (let y = 0; y < SCORE_CAP; y++) {
      if (py[y] > 0) {
        if (y < lo) lo = y;
        hi = y;
      }
    }
    for (let x = 0; x < SCORE_CAP; x++) {
      let acc = 0;
      for (let y = lo; y <= hi; y++) {
        const p = py[y];
        if (p > 0) acc += p * w.value(t0 + x, t1 + y, 0);
      }
      u[x] = acc;
    }
    this.me.compile(mask, mods, chance, this.nums, false);
    this.me.sweep(u);
    return { stay: u[score], hit: this.me.rootHitValue(u) };
  }

  /**
   * Set the pile's number counts and the opponent's final-score law directly.
   *
   * @example
   * ```ts
   * core.setOpponentLaw(pileNumbers, law);
   * ```
   */
  setOpponentLaw(pile: ArrayLike<number>, law: ArrayLike<number>): void {
    for (let v = 0; v < NUMBER_KINDS; v++) this.nums[v] = pile[v];
    this.py.fill(0);
    for (let y = 0; y < law.length && y < SCORE_CAP; y++) this.py[y] = law[y];
  }
}

/** Plays the best-response table. */
export class WinProbStrategy implements Strategy {
  /** `winprob`. */
  readonly name = "winprob";
  private readonly core: WinProbCore;
  /** @param table the W table (default: the best-response table) */
  constructor(table: WTable | null = null) {
    this.core = new WinProbCore(table);
  }
  /** Hit when it raises the win value. */
  hit(view: TableView, seat: number): boolean {
    const opp = mainOpponent(view, seat);
    if (opp < 0) return oneCardValue(view, seat, true) > view.roundScore(seat);
    const a = this.core.advise(view, seat, opp);
    return a.hit > a.stay;
  }
  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}

/** Number of card kinds, re-exported for callers building piles. */
export { KINDS };
