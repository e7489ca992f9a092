/**
 * Targeting by win probability (docs/win-optimal.md): the value, to the seat
 * that holds a Freeze or a Flip Three, of playing it on each active player
 * ({@linkcode TargetValuer}), and `wt:<inner>`, which aims every Freeze and
 * Flip Three at the target of highest value and leaves the rest to any
 * inner strategy ({@linkcode WinTargetStrategy}).
 *
 * The round model: each player's final round score is independent of the
 * others'. A player out of the round keeps its line; a player still in
 * goes on by the maximiser's continuation law from its line
 * (`ContinuationLaws`). A Freeze banks the target's line now; a
 * Flip Three deals it three cards from the exact draw pile
 * ({@linkcode FlipThreeLaw}), a Flip 7 among them ending the round with
 * everyone banking. The value of the round's outcome is the race model's
 * `V_N(my total, the best opposing total)` ({@linkcode raceValue}), the
 * best opposing total's law the product of the opponents' distribution
 * functions. Everything is in preallocated typed arrays.
 *
 * @module
 */

import {
  EFFECT_FLIP,
  EFFECT_FREEZE,
  FLIP3,
  FREEZE,
  KINDS,
} from "../game/cards.ts";
import type { Strategy, TableView } from "../game/view.ts";
import { raceValue } from "./racevalue.ts";
import type { WTable } from "./table.ts";
import { FlipThreeLaw } from "./flip3law.ts";
import { SCORE_CAP as XW } from "./rounddp.ts";

export { FlipThreeLaw } from "./flip3law.ts";
/** Seats at most. */
const MAX_SEATS = 8;
/**
 * The win-probability value of a Freeze or a Flip N on each target.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { TargetValuer } from "./targetvalue.ts";
 * import { WTable } from "./table.ts";
 * import { FLIP3, FREEZE } from "../game/cards.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import { EvStrategy } from "../strategies/ev.ts";
 * const view = new Game(getRules("standard"), [new EvStrategy(false), new EvStrategy(false)], { seed: 1 });
 * // raceValue(n) gives the race model's table (built into .cache/ on first use);
 * // a flat table values every outcome one half
 * const v = new TargetValuer(WTable.symmetric(200, 1, 0.5));
 * assert.ok(Math.abs(v.value(view, 0, FREEZE, 1) - 0.5) < 1e-12);
 * assert.equal(v.best(view, 0, FLIP3), 0); // all equal: seat order from me
 * assert.equal(v.best(view, 0, FLIP3, 1), 1); // or the preferred seat
 * ```
 */
export class TargetValuer {
  private readonly f3 = new FlipThreeLaw();
  /** Round-score law of each seat (row `seat * XW`). */
  private readonly law = new Float64Array(MAX_SEATS * XW);
  /** Distribution of the best opposing total, then its point masses. */
  private readonly gm: Float64Array;
  private readonly pile = new Int32Array(KINDS);
  private readonly pad: Float32Array;
  private readonly stride: number;
  private readonly limit: number;

  /**
   * A valuer over the value table `table` (one side; `V(t_me, t_lead)` at
   * the next round's start).
   *
   * @param table the race model's value table for the table size
   */
  constructor(readonly table: WTable) {
    this.pad = table.padded(0);
    this.stride = table.stride;
    this.limit = table.stride; // totals below target + PAD are read directly
    this.gm = new Float64Array(this.limit + 1);
  }

  /** Seat `j`'s own law into row `j` (continuation, or its banked score). */
  private baseLaw(view: TableView, j: number): void {
    const row = j * XW, law = this.law;
    law.fill(0, row, row + XW);
    if (!view.isActive(j)) {
      law[row + view.roundScore(j)] = 1;
      return;
    }
    this.f3.addCont(
      law,
      row,
      view.lineMask(j),
      view.modMask(j),
      view.hasChance(j) ? 1 : 0,
      1,
    );
  }

  /** `V(a, b)` with the end of the game (a padded read). */
  private v(a: number, b: number): number {
    return this.pad[a * this.stride + b];
  }

  /**
   * The expected value over the laws in rows, seat `me` deciding (the
   * opponents' best total from the product of their distribution functions).
   */
  private expect(view: TableView, me: number): number {
    const n = view.players, law = this.law, gm = this.gm, lim = this.limit;
    // gm[m] = P(best opposing total <= m) for m in [0, lim)
    gm.fill(1, 0, lim);
    let lo = 0;
    for (let j = 0; j < n; j++) {
      if (j !== me && view.total(j) > lo) lo = view.total(j);
    }
    for (let j = 0; j < n; j++) {
      if (j === me) continue;
      const t = view.total(j), row = j * XW;
      let acc = 0;
      for (let m = 0; m < lim; m++) {
        const x = m - t;
        if (x >= 0 && x < XW) acc += law[row + x];
        else if (x < 0) {
          gm[m] = 0;
          continue;
        }
        gm[m] *= acc;
      }
    }
    // point masses, from the top down
    for (let m = lim - 1; m > 0; m--) gm[m] -= gm[m - 1];
    const t0 = view.total(me), row = me * XW;
    let e = 0;
    for (let x = 0; x < XW; x++) {
      const p = law[row + x];
      if (p === 0) continue;
      const a = t0 + x;
      if (a >= lim) continue;
      let acc = 0;
      for (let m = lo; m < lim; m++) {
        const q = gm[m];
        if (q !== 0) acc += q * this.v(a, m);
      }
      e += p * acc;
    }
    return e;
  }

  /** The value when the round ends now with everyone banking, `j` scoring `x`. */
  private banked(view: TableView, me: number, j: number, x: number): number {
    let best = 0;
    for (let i = 0; i < view.players; i++) {
      if (i === me) continue;
      const s = view.total(i) + (i === j ? x : view.roundScore(i));
      if (s > best) best = s;
    }
    const a = view.total(me) + (j === me ? x : view.roundScore(me));
    return this.v(Math.min(a, this.limit - 1), Math.min(best, this.limit - 1));
  }

  /**
   * Win value to `me` of playing a `kind` (a Freeze or a Flip N of the
   * rules' card table) on the active seat `target`.
   */
  value(view: TableView, me: number, kind: number, target: number): number {
    const n = view.players, effect = view.rules.cards.effects[kind];
    for (let j = 0; j < n; j++) if (j !== target) this.baseLaw(view, j);
    const row = target * XW, law = this.law;
    law.fill(0, row, row + XW);
    if (effect === EFFECT_FREEZE) {
      law[row + view.roundScore(target)] = 1;
      return this.expect(view, me);
    }
    if (effect !== EFFECT_FLIP) {
      throw new Error(
        `targetvalue: card kind ${kind} is not a Freeze or a Flip N`,
      );
    }
    for (let k = 0; k < KINDS; k++) this.pile[k] = view.unseenExact(k);
    const f3 = this.f3;
    f3.run(
      this.pile,
      view.lineMask(target),
      view.modMask(target),
      view.hasChance(target) ? 1 : 0,
      view.rules.cards.values[kind],
    );
    for (let x = 0; x < XW; x++) law[row + x] = f3.cont[x];
    let e = this.expect(view, me);
    for (let x = 0; x < XW; x++) {
      const p = f3.f7[x];
      if (p !== 0) e += p * this.banked(view, me, target, x);
    }
    return e;
  }

  /**
   * The active seat of highest value for a `kind` (ties: `prefer`, then seat
   * order from `me`); -1 when no seat is active.
   */
  best(view: TableView, me: number, kind: number, prefer = -1): number {
    let best = -1, bestV = -Infinity;
    if (prefer >= 0 && view.isActive(prefer)) {
      best = prefer;
      bestV = this.value(view, me, kind, prefer);
    }
    for (let i = 0; i < view.players; i++) {
      const s = (me + i) % view.players;
      if (s === prefer || !view.isActive(s)) continue;
      const v = this.value(view, me, kind, s);
      if (v > bestV + 1e-12) {
        bestV = v;
        best = s;
      }
    }
    return best;
  }
}

/**
 * `wt:<inner>` — the inner strategy's hits, stays and Second Chance gifts,
 * with every Freeze and Flip Three aimed by {@linkcode TargetValuer} at the
 * race model's value table of the table size (2 to 6 players; at other
 * sizes, or once a total has reached the target, the inner strategy aims).
 *
 * @example
 * ```ts
 * import { WinTargetStrategy } from "./targetvalue.ts";
 * import assert from "node:assert/strict";
 * import { EvStrategy } from "../strategies/ev.ts";
 * assert.equal(new WinTargetStrategy(new EvStrategy(false)).name, "wt:ev");
 * ```
 */
export class WinTargetStrategy implements Strategy {
  /** `wt:` and the inner strategy's name. */
  readonly name: string;
  private readonly valuers: (TargetValuer | null)[] = [];

  /**
   * @param inner the strategy that hits, stays and passes Second Chances
   * @param tables the value table of a table size (default the cached
   *   `raceValue` tables against `ev`, loaded on first use)
   * @param kinds the cards aimed by win value (default both; the inner
   *   strategy aims the others)
   * @param name the strategy's name (default `wt:` and the inner's)
   */
  constructor(
    readonly inner: Strategy,
    private readonly tables: (players: number) => WTable = (n) => raceValue(n),
    readonly kinds: readonly number[] = [FREEZE, FLIP3],
    name?: string,
  ) {
    this.name = name ?? `wt:${inner.name}`;
  }

  private valuer(n: number): TargetValuer {
    let v = this.valuers[n];
    if (!v) this.valuers[n] = v = new TargetValuer(this.tables(n));
    return v;
  }

  /** The inner strategy's decision. */
  hit(view: TableView, seat: number): boolean {
    return this.inner.hit(view, seat);
  }

  /**
   * Called, when set, at every Freeze or Flip Three this strategy aims by
   * win value (the experiment records the positions that occur).
   */
  record: ((r: TargetRecord) => void) | null = null;

  /** A Freeze or a Flip Three by win value; anything else as the inner strategy aims. */
  target(view: TableView, seat: number, kind: number): number {
    const def = this.inner.target(view, seat, kind);
    const n = view.players;
    if (!this.kinds.includes(kind) || n < 2 || n > 6) return def;
    const v = this.valuer(n);
    const T = v.table.target;
    if (T !== view.rules.target) return def;
    for (let s = 0; s < n; s++) if (view.total(s) >= T) return def;
    const t = v.best(view, seat, kind, def);
    if (this.record) {
      const values: (number | null)[] = [];
      for (let s = 0; s < n; s++) {
        values.push(view.isActive(s) ? v.value(view, seat, kind, s) : null);
      }
      this.record({
        players: n,
        kind: kind === FREEZE ? "freeze" : "flip3",
        seat,
        totals: Array.from({ length: n }, (_, s) => view.total(s)),
        lines: Array.from({ length: n }, (_, s) => view.roundScore(s)),
        numbers: Array.from({ length: n }, (_, s) => view.lineCount(s)),
        values,
        chosen: t >= 0 ? t : def,
        heuristic: def,
      });
    }
    return t >= 0 ? t : def;
  }
}

/** One targeting decision of {@linkcode WinTargetStrategy}. */
export interface TargetRecord {
  /** Table size. */
  players: number;
  /** The card. */
  kind: "freeze" | "flip3";
  /** The seat aiming it. */
  seat: number;
  /** Totals by seat. */
  totals: number[];
  /** Round scores in front of each seat. */
  lines: number[];
  /** Numbers in front of each seat. */
  numbers: number[];
  /** Win value of aiming it at each seat (null: not active). */
  values: (number | null)[];
  /** The seat chosen. */
  chosen: number;
  /** The seat the inner strategy's heuristics would have chosen. */
  heuristic: number;
}
