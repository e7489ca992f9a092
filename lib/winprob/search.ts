/**
 * Seed 001's round search: a depth-limited expectiminimax over the current
 * round between two players — "me" (a max node) and one opponent (a min
 * node) — with chance nodes weighted by the exact draw pile. Leaves are
 * valued by a win table at the totals the two players would have if the
 * round ended there (a busted player scores 0, anyone else banks the line in
 * front of them), or, without a table, by the round-score difference.
 *
 * Card effects inside the search: numbers (duplicate busts unless a Second
 * Chance is held, seven numbers end the round with +15), modifiers, a Second
 * Chance (kept, or passed to an opponent without one), a Freeze (the drawer
 * freezes whichever of the two is better for it), a Flip Three (treated as no
 * card: the search does not expand it). The state of both lines is passed as
 * plain integers and the pile is one shared counts array, so a search
 * allocates nothing.
 *
 * @example
 * ```ts
 * import { SearchCore } from "./search.ts";
 * import { WTable } from "./table.ts";
 * const s = new SearchCore(WTable.symmetric(200, 2, 0.5), 2);
 * // s.load(view, me, opp, sNext); s.stayValue() < s.hitValue() means Hit
 * ```
 * @module
 */

import {
  CHANCE,
  COUNT_OF_MASK,
  FLIP3,
  FREEZE,
  KINDS,
  lineScore,
  modifierBit,
  NUMBER_KINDS,
  X2,
} from "../cards.ts";
import type { TableView } from "../view.ts";
import type { WTable } from "./table.ts";

const ACTIVE = 0, DONE = 1, BUST = 2;

/** The two-player round search with reusable state. */
export class SearchCore {
  /** Draw-pile counts by kind (the search edits and restores them). */
  readonly counts = new Int32Array(KINDS);
  private total = 0;
  private t0 = 0;
  private t1 = 0;
  private sNext = 0;
  // root state
  private m0 = 0;
  private md0 = 0;
  private c0 = 0;
  private a0 = 0;
  private m1 = 0;
  private md1 = 0;
  private c1 = 0;
  private a1 = 0;
  /** Leaves evaluated by the last search (for benchmarks and tests). */
  leaves = 0;

  /**
   * @param table leaf values; null values leaves by the round-score difference
   * @param depth decision plies searched (2 = my move and the opponent's)
   */
  constructor(readonly table: WTable | null, readonly depth = 2) {}

  /**
   * Load a decision from the table: `me` decides, `opp` is the opponent
   * modelled, `sNext` is 0 when `me` starts the next round, else 1.
   *
   * @example
   * ```ts
   * core.load(game, 0, 1, 1);
   * ```
   */
  load(view: TableView, me: number, opp: number, sNext: number): void {
    let tot = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = view.unseenExact(k);
      this.counts[k] = c;
      tot += c;
    }
    this.total = tot;
    this.t0 = view.total(me);
    this.t1 = opp >= 0 ? view.total(opp) : 0;
    this.sNext = sNext;
    this.m0 = view.lineMask(me);
    this.md0 = view.modMask(me);
    this.c0 = view.hasChance(me) ? 1 : 0;
    this.a0 = seatState(view, me);
    if (opp >= 0) {
      this.m1 = view.lineMask(opp);
      this.md1 = view.modMask(opp);
      this.c1 = view.hasChance(opp) ? 1 : 0;
      this.a1 = seatState(view, opp);
    } else {
      this.m1 = this.md1 = this.c1 = 0;
      this.a1 = DONE;
    }
  }

  /**
   * Load a decision from explicit values (for the `decide` command and tests).
   *
   * @example
   * ```ts
   * core.loadState(pile, 120, 150, 0, line0, mods0, false, line1, 0, false, true);
   * ```
   */
  loadState(
    pile: ArrayLike<number>,
    t0: number,
    t1: number,
    sNext: number,
    m0: number,
    md0: number,
    c0: boolean,
    m1: number,
    md1: number,
    c1: boolean,
    oppActive: boolean,
  ): void {
    let tot = 0;
    for (let k = 0; k < KINDS; k++) {
      this.counts[k] = pile[k];
      tot += pile[k];
    }
    this.total = tot;
    this.t0 = t0;
    this.t1 = t1;
    this.sNext = sNext;
    this.m0 = m0;
    this.md0 = md0;
    this.c0 = c0 ? 1 : 0;
    this.a0 = ACTIVE;
    this.m1 = m1;
    this.md1 = md1;
    this.c1 = c1 ? 1 : 0;
    this.a1 = oppActive ? ACTIVE : DONE;
  }

  /**
   * Value of staying now (me banks; the opponent then moves).
   *
   * @example
   * ```ts
   * core.stayValue();
   * ```
   */
  stayValue(): number {
    this.leaves = 0;
    return this.node(
      this.depth - 1,
      1,
      this.m0,
      this.md0,
      this.c0,
      DONE,
      this.m1,
      this.md1,
      this.c1,
      this.a1,
    );
  }

  /**
   * Value of hitting now (expectation over the exact pile).
   *
   * @example
   * ```ts
   * core.hitValue();
   * ```
   */
  hitValue(): number {
    this.leaves = 0;
    return this.hitNode(
      this.depth,
      0,
      this.m0,
      this.md0,
      this.c0,
      this.a0,
      this.m1,
      this.md1,
      this.c1,
      this.a1,
    );
  }

  /**
   * Value after a Freeze aimed by me at `who` (0 = me, 1 = the opponent).
   *
   * @example
   * ```ts
   * core.freezeValue(1) > core.freezeValue(0); // freeze the opponent
   * ```
   */
  freezeValue(who: number): number {
    this.leaves = 0;
    if (who === 0) {
      return this.node(
        this.depth - 1,
        1,
        this.m0,
        this.md0,
        this.c0,
        DONE,
        this.m1,
        this.md1,
        this.c1,
        this.a1,
      );
    }
    return this.node(
      this.depth - 1,
      0,
      this.m0,
      this.md0,
      this.c0,
      this.a0,
      this.m1,
      this.md1,
      this.c1,
      this.a1 === ACTIVE ? DONE : this.a1,
    );
  }

  private leaf(
    m0: number,
    md0: number,
    a0: number,
    m1: number,
    md1: number,
    a1: number,
    f7: number,
  ): number {
    this.leaves++;
    const x0 = a0 === BUST ? 0 : lineScore(m0, md0, f7 === 0);
    const x1 = a1 === BUST ? 0 : lineScore(m1, md1, f7 === 1);
    const w = this.table;
    if (w === null) return x0 - x1;
    return w.value(this.t0 + x0, this.t1 + x1, this.sNext);
  }

  private node(
    d: number,
    turn: number,
    m0: number,
    md0: number,
    c0: number,
    a0: number,
    m1: number,
    md1: number,
    c1: number,
    a1: number,
  ): number {
    if (d <= 0 || (a0 !== ACTIVE && a1 !== ACTIVE) || this.total <= 0) {
      return this.leaf(m0, md0, a0, m1, md1, a1, -1);
    }
    if (turn === 0 && a0 !== ACTIVE) turn = 1;
    else if (turn === 1 && a1 !== ACTIVE) turn = 0;
    const hit = this.hitNode(d, turn, m0, md0, c0, a0, m1, md1, c1, a1);
    if (turn === 0) {
      const stay = this.node(d - 1, 1, m0, md0, c0, DONE, m1, md1, c1, a1);
      return hit > stay ? hit : stay;
    }
    const stay = this.node(d - 1, 0, m0, md0, c0, a0, m1, md1, c1, DONE);
    return hit < stay ? hit : stay;
  }

  /** Expectation over the next card drawn by `turn`. */
  private hitNode(
    d: number,
    turn: number,
    m0: number,
    md0: number,
    c0: number,
    a0: number,
    m1: number,
    md1: number,
    c1: number,
    a1: number,
  ): number {
    const counts = this.counts;
    const total = this.total;
    if (total <= 0) return this.leaf(m0, md0, a0, m1, md1, a1, -1);
    const nd = d - 1, other = 1 - turn;
    let e = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = counts[k];
      if (c === 0) continue;
      counts[k] = c - 1;
      this.total = total - 1;
      let v: number;
      if (turn === 0) {
        if (k < NUMBER_KINDS) {
          const bit = 1 << k;
          if (m0 & bit) {
            v = c0
              ? this.node(nd, other, m0, md0, 0, a0, m1, md1, c1, a1)
              : this.node(nd, other, m0, md0, 0, BUST, m1, md1, c1, a1);
          } else if (COUNT_OF_MASK[m0 | bit] === 7) {
            v = this.leaf(m0 | bit, md0, a0, m1, md1, a1, 0);
          } else {
            v = this.node(nd, other, m0 | bit, md0, c0, a0, m1, md1, c1, a1);
          }
        } else if (k <= X2) {
          v = this.node(
            nd,
            other,
            m0,
            md0 | modifierBit(k),
            c0,
            a0,
            m1,
            md1,
            c1,
            a1,
          );
        } else if (k === CHANCE) {
          v = c0 === 0
            ? this.node(nd, other, m0, md0, 1, a0, m1, md1, c1, a1)
            : this.node(
              nd,
              other,
              m0,
              md0,
              c0,
              a0,
              m1,
              md1,
              a1 === ACTIVE ? 1 : c1,
              a1,
            );
        } else if (k === FREEZE && a1 === ACTIVE) {
          const self = this.node(nd, other, m0, md0, c0, DONE, m1, md1, c1, a1);
          const them = this.node(nd, other, m0, md0, c0, a0, m1, md1, c1, DONE);
          v = self > them ? self : them;
        } else if (k === FREEZE) {
          v = this.node(nd, other, m0, md0, c0, DONE, m1, md1, c1, a1);
        } else {
          // FLIP3: not expanded
          v = this.node(nd, other, m0, md0, c0, a0, m1, md1, c1, a1);
        }
      } else {
        if (k < NUMBER_KINDS) {
          const bit = 1 << k;
          if (m1 & bit) {
            v = c1
              ? this.node(nd, other, m0, md0, c0, a0, m1, md1, 0, a1)
              : this.node(nd, other, m0, md0, c0, a0, m1, md1, 0, BUST);
          } else if (COUNT_OF_MASK[m1 | bit] === 7) {
            v = this.leaf(m0, md0, a0, m1 | bit, md1, a1, 1);
          } else {
            v = this.node(nd, other, m0, md0, c0, a0, m1 | bit, md1, c1, a1);
          }
        } else if (k <= X2) {
          v = this.node(
            nd,
            other,
            m0,
            md0,
            c0,
            a0,
            m1,
            md1 | modifierBit(k),
            c1,
            a1,
          );
        } else if (k === CHANCE) {
          v = c1 === 0
            ? this.node(nd, other, m0, md0, c0, a0, m1, md1, 1, a1)
            : this.node(
              nd,
              other,
              m0,
              md0,
              a0 === ACTIVE ? 1 : c0,
              a0,
              m1,
              md1,
              c1,
              a1,
            );
        } else if (k === FREEZE && a0 === ACTIVE) {
          const self = this.node(nd, other, m0, md0, c0, a0, m1, md1, c1, DONE);
          const them = this.node(nd, other, m0, md0, c0, DONE, m1, md1, c1, a1);
          v = self < them ? self : them;
        } else if (k === FREEZE) {
          v = this.node(nd, other, m0, md0, c0, a0, m1, md1, c1, DONE);
        } else {
          v = this.node(nd, other, m0, md0, c0, a0, m1, md1, c1, a1);
        }
      }
      counts[k] = c;
      e += c * v;
    }
    this.total = total;
    return e / total;
  }
}

/** Active, done, or scoring 0 (bust, or a line worth nothing: the same for the leaves). */
function seatState(view: TableView, seat: number): number {
  if (view.isActive(seat)) return ACTIVE;
  return view.roundScore(seat) === 0 ? BUST : DONE;
}

/** Re-exported for the strategies' targeting code. */
export { FLIP3, FREEZE };
