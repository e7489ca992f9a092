/**
 * Seed 001's round search: a depth-limited expectiminimax over the current
 * round between two players — "me" (a max node) and one opponent (a min
 * node) — with chance nodes weighted by the exact draw pile.
 *
 * Leaves. A leaf is a state of the round, not its end: a player who has
 * stayed or busted there has a known round score, but a player still in the
 * round will go on drawing. Such a player's final round score is taken from
 * {@linkcode ContinuationLaws}: the exact law of the number-sum maximiser
 * continuing from that line (Second Chance held or not) on a full deck less
 * the line, with the modifiers in front of the player applied. The leaf value
 * is then `E[W(t0 + X, t1 + Y, s)]` over the two independent laws — the
 * probability of winning from the next round's totals, `s` the next round's
 * starting player — or, without a table (`search0`), `E[X] − E[Y]`. (Valuing
 * a leaf as if everyone banked their current line makes a two-ply search
 * myopic: it cannot see that a player who survives a draw may draw again,
 * nor that an opponent left alone in the round keeps drawing.)
 *
 * Speed: within a round the totals do not change, so the vector
 * `G(x) = E[W(t0 + x, t1 + Y, s)]` of each opponent line met at a leaf is
 * kept (filled lazily, one `x` at a time) in a small typed-array cache keyed
 * by the packed line state, and a leaf costs one pass over the decider's law.
 *
 * Card effects inside the search: each card takes effect by its row of the
 * card table as the kernel plays it — a number (a duplicate busts unless a
 * Second Chance is held, a Flip 7 ends the round with its bonus), a
 * modifier, a Second Chance (kept, or a spare one passed to the opponent if
 * it is in the round) — except two named treatments of the action cards: a
 * Freeze goes to whichever of the two the drawer prefers, and a Flip N is
 * {@linkcode SEARCH_FLIP}. The state of both lines is a frame
 * of eight integers in one preallocated array (a node reads its frame and
 * writes its children into the next) and the pile is one shared counts
 * array, so a search allocates nothing. With `opponent: "ev"` the
 * opponent's hits and stays are `ev`'s, counted from the cards not in sight
 * (kept beside the pile).
 *
 * Why this file runs past ~500 lines: it is one hot search.
 * {@linkcode SearchCore}'s recursion (`node`, `hitNode`, `leaf`, with
 * `slotOf`, `g` and `evHits`) is what every decision of a search agent
 * runs, over the frame stack and the leaf cache the class owns as private
 * typed arrays; split into files, the methods would have to expose that
 * state. Everything else the search
 * needs is elsewhere: the win table in `table.ts`, the continuation laws in
 * `rounddp.ts`, the strategy around it in `search_strategy.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SearchCore } from "./search.ts";
 * import { WTable } from "./table.ts";
 * import { getRules } from "../game/rules.ts";
 * const s = new SearchCore(WTable.symmetric(200, 2, 0.5), 2);
 * // s.load(view, me, opp, sNext) from a table; here from explicit values
 * const line = (1 << 7) | (1 << 8);
 * s.loadState([...getRules("standard").deck], 120, 150, 0, line, 0, false, 1 << 5, 0, false, true);
 * assert.ok(s.stayValue() < s.hitValue()); // 15 behind by 30: Hit
 * ```
 * @module
 */

import * as cards from "../game/cards.ts";
import { unhandledEffect } from "../game/cards.ts";
import type { TableView } from "../game/view.ts";
import { ContinuationLaws, SCORE_CAP } from "./rounddp.ts";
import type { WTable } from "./table.ts";

// The card table's constants as this module's own private bindings, read in
// the hot loops below: a private `const` is compiled in as a constant, an
// imported binding is loaded and checked at every use (engine.ts, beside
// its imports); the effects as a typed array (a frozen or exported array
// is slower to read, bench/HISTORY.md "Issue 40").
const {
  CARD_EFFECTS,
  COUNT_OF_MASK,
  EFFECT_CHANCE,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_NUMBER,
  EFFECT_PLUS,
  EFFECT_TIMES,
  FLIP7_LENGTH,
  KINDS,
  lineScore,
  MODIFIER_KINDS,
  modifierBit,
  MODIFIERS,
  NUMBER_KINDS,
} = cards;
const EFFECTS = Uint8Array.from(CARD_EFFECTS);

// module-private copies of the scoring constants the search reads at every
// leaf (contributing.md, "hot loops")
const SEVEN = FLIP7_LENGTH, MOD_BITS = MODIFIER_KINDS;

const ACTIVE = 0, DONE = 1, BUST = 2;
/**
 * A search state is a frame of eight integers in one preallocated array:
 * each seat's number mask, modifier mask, Second Chance held (0/1) and
 * status (active, done, bust). A node reads its frame; its children are
 * written into the next frame (a copy with the fields changed), so the
 * search allocates nothing.
 */
const M0 = 0, MD0 = 1, C0 = 2, A0 = 3, M1 = 4, MD1 = 5, C1 = 6, A1 = 7;
/** Integers per frame. */
const FRAME = 8;
/** Frames at most: one per node on the path (two per ply, and a leaf). */
const MAX_FRAMES = 64;
/** Opponent lines whose W-vector is cached (a power of two). */
const SLOTS = 64;
/** Width of a cached W-vector, and most distinct scores of a law: every round score is below it. */
const XW = SCORE_CAP;

/**
 * The two-player round search with reusable state.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * const pile = [...getRules("standard").deck]; // the whole deck left to draw
 * const core = new SearchCore(null); // leaves valued by the expected score difference
 * // me at 120 holding 7 and 8, the opponent at 150 holding a 5, still in
 * core.loadState(pile, 120, 150, 0, (1 << 7) | (1 << 8), 0, false, 1 << 5, 0, false, true);
 * assert.ok(core.hitValue() > core.stayValue()); // hit
 * ```
 */
export class SearchCore {
  /** Draw-pile counts by kind (the search edits and restores them). */
  readonly counts: Int32Array = new Int32Array(KINDS);
  private total = 0;
  /** Cards not in sight on the table, by kind (what `ev` counts), kept beside the pile. */
  private readonly tcounts: Int32Array = new Int32Array(KINDS);
  private ttotal = 0;
  /** The frames of the states on the search path ({@linkcode FRAME} integers each). */
  private readonly st: Int32Array = new Int32Array(FRAME * MAX_FRAMES);
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
  private readonly laws = ContinuationLaws.get();
  private pad: Float32Array | null = null;
  private stride = 0;
  // the cache of opponent W-vectors G(x), valid for (t0, t1, sNext)
  private cT0 = -1;
  private cT1 = -1;
  private cS = -1;
  private epoch = 0;
  private readonly slotKey = new Int32Array(SLOTS).fill(-1);
  private readonly slotEpoch = new Int32Array(SLOTS);
  private readonly slotLen = new Int32Array(SLOTS);
  private readonly slotY = new Int32Array(SLOTS * XW);
  private readonly slotP = new Float64Array(SLOTS * XW);
  private readonly gVal = new Float64Array(SLOTS * XW);
  private readonly gStamp = new Int32Array(SLOTS * XW);
  private readonly yScratch = new Float64Array(XW);

  /**
   * A search of `depth` plies with `table` at the leaves.
   *
   * @param table leaf values; null values leaves by the expected round-score difference
   * @param depth decision plies searched (2 = my move and the opponent's)
   * @param leafMode `continue` (default): a player still in the round at a leaf
   *   goes on by its continuation law; `bank`: everyone banks the line in
   *   front of them at a leaf (the literal reading of seed 001's text; an
   *   ablation)
   * @param opponent `min` (default): the opponent's hits and stays minimise
   *   my value; `ev`: the opponent is known to play `ev` (it hits when one
   *   more card, counted from the cards not in sight, beats its line), so
   *   its decisions are `ev`'s
   */
  constructor(
    readonly table: WTable | null,
    readonly depth = 2,
    readonly leafMode: "continue" | "bank" = "continue",
    readonly opponent: "min" | "ev" = "min",
  ) {
    this.bank = leafMode === "bank";
    this.evOpp = opponent === "ev";
  }
  private readonly bank: boolean;
  private readonly evOpp: boolean;

  /** Point the W-vector cache at this decision's totals and starter. */
  private prepare(): void {
    const w = this.table;
    if (w === null) return;
    if (this.t0 >= w.target || this.t1 >= w.target) {
      // totals past the target (a tie played on): shift both, keeping the order
      const d = Math.max(this.t0, this.t1) - w.target;
      this.t0 = Math.max(0, this.t0 - d);
      this.t1 = Math.max(0, this.t1 - d);
    }
    if (
      this.cT0 === this.t0 && this.cT1 === this.t1 && this.cS === this.sNext
    ) {
      return;
    }
    this.cT0 = this.t0;
    this.cT1 = this.t1;
    this.cS = this.sNext;
    this.pad = w.padded(this.sNext);
    this.stride = w.stride;
    this.slotKey.fill(-1);
  }

  /**
   * Load a decision from the table: `me` decides, `opp` is the opponent
   * modelled, `sNext` is 0 when `me` starts the next round, else 1.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { Game } from "../game/engine.ts";
   * import { getRules } from "../game/rules.ts";
   * import { EvStrategy } from "../strategies/ev.ts";
   * import { SumStrategy } from "../strategies/sum.ts";
   * const game = new Game(getRules("standard"), [new EvStrategy(false), new SumStrategy(20)], { seed: 1 });
   * const core = new SearchCore(null);
   * core.load(game, 0, 1, 1); // a game is a TableView: before the first card
   * assert.ok(core.hitValue() > core.stayValue()); // an empty line hits
   * ```
   */
  load(view: TableView, me: number, opp: number, sNext: number): void {
    let tot = 0, tt = 0;
    for (let k = 0; k < KINDS; k++) {
      const c = view.unseenExact(k);
      this.counts[k] = c;
      tot += c;
      const u = view.unseenTable(k);
      this.tcounts[k] = u;
      tt += u;
    }
    this.total = tot;
    this.ttotal = tt;
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
    this.prepare();
  }

  /**
   * Load a decision from explicit values (for the `decide` command and tests).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "../game/rules.ts";
   * const pile = [...getRules("standard").deck];
   * const core = new SearchCore(null);
   * const line0 = (1 << 12) | (1 << 11) | (1 << 10) | (1 << 9), line1 = 1 << 5;
   * core.loadState(pile, 120, 150, 0, line0, 0, false, line1, 0, false, true);
   * assert.ok(core.stayValue() > core.hitValue()); // 42 in front of me: stay
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
      this.tcounts[k] = pile[k];
      tot += pile[k];
    }
    this.total = tot;
    this.ttotal = tot;
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
    this.prepare();
  }

  /**
   * Value of staying now (me banks; the opponent then moves).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { WTable } from "./table.ts";
   * import { getRules } from "../game/rules.ts";
   * // leaves valued by a flat table: every value is a win probability
   * const core = new SearchCore(WTable.symmetric(200, 2, 0.5), 2);
   * core.loadState([...getRules("standard").deck], 120, 150, 0, 1 << 7, 0, false, 1 << 5, 0, false, true);
   * const v = core.stayValue();
   * assert.ok(v > 0 && v < 1);
   * ```
   */
  stayValue(): number {
    this.leaves = 0;
    const S = this.st;
    this.root();
    S[A0] = DONE;
    return this.node(this.depth - 1, 1, 0);
  }

  /**
   * Value of hitting now (expectation over the exact pile).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { WTable } from "./table.ts";
   * import { getRules } from "../game/rules.ts";
   * const core = new SearchCore(WTable.symmetric(200, 2, 0.5), 2);
   * core.loadState([...getRules("standard").deck], 120, 150, 0, 1 << 7, 0, false, 1 << 5, 0, false, true);
   * const v = core.hitValue();
   * assert.ok(v > 0 && v < 1);
   * ```
   */
  hitValue(): number {
    this.leaves = 0;
    this.root();
    return this.hitNode(this.depth, 0, 0);
  }

  /**
   * Value after a Freeze aimed by me at `who` (0 = me, 1 = the opponent).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "../game/rules.ts";
   * const core = new SearchCore(null);
   * core.loadState([...getRules("standard").deck], 120, 150, 0, (1 << 7) | (1 << 8), 0, false, 1 << 5, 0, false, true);
   * assert.ok(core.freezeValue(1) > core.freezeValue(0)); // freeze the opponent
   * assert.equal(core.freezeValue(0), core.stayValue()); // frozen is a forced stay
   * ```
   */
  freezeValue(who: number): number {
    if (who === 0) return this.stayValue(); // frozen is a forced stay
    this.leaves = 0;
    const S = this.st;
    this.root();
    if (S[A1] === ACTIVE) S[A1] = DONE;
    return this.node(this.depth - 1, 0, 0);
  }

  /** The loaded decision's state into frame 0. */
  private root(): void {
    const S = this.st;
    S[M0] = this.m0;
    S[MD0] = this.md0;
    S[C0] = this.c0;
    S[A0] = this.a0;
    S[M1] = this.m1;
    S[MD1] = this.md1;
    S[C1] = this.c1;
    S[A1] = this.a1;
  }

  /** Copy frame `f` into the next frame and return that frame's offset. */
  private child(f: number): number {
    const S = this.st, g = f + FRAME;
    for (let i = 0; i < FRAME; i++) S[g + i] = S[f + i];
    return g;
  }

  /**
   * Value of a leaf: `f7` is the seat that just made a Flip 7 (the round is
   * over: everyone banks), else -1.
   */
  private leaf(f: number, f7: number): number {
    this.leaves++;
    const S = this.st;
    const m0 = S[f + M0], md0 = S[f + MD0], c0 = S[f + C0], a0 = S[f + A0];
    const m1 = S[f + M1], md1 = S[f + MD1], c1 = S[f + C1], a1 = S[f + A1];
    const L = this.laws;
    const go = f7 < 0 && !this.bank;
    const on0 = go && a0 === ACTIVE, on1 = go && a1 === ACTIVE;
    const x0 = a0 === BUST ? 0 : lineScore(m0, md0, f7 === 0);
    const x1 = a1 === BUST ? 0 : lineScore(m1, md1, f7 === 1);
    const key0 = (m0 << 1) | c0;
    if (this.table === null) {
      const e0 = on0 ? L.mean(key0, md0) : x0;
      const e1 = on1 ? L.mean((m1 << 1) | c1, md1) : x1;
      return e0 - e1;
    }
    const pad = this.pad!, P = this.stride, t0 = this.t0;
    const code = L.code, prob = L.prob, xs = L.scores, xb = md0 * L.width;
    if (!on1) {
      const col = this.t1 + x1;
      if (!on0) return pad[(t0 + x0) * P + col];
      let acc = 0;
      for (let i = L.start[key0], e = L.start[key0 + 1]; i < e; i++) {
        acc += prob[i] * pad[(t0 + xs[xb + code[i]]) * P + col];
      }
      return acc;
    }
    const slot = this.slotOf(m1, md1, c1);
    if (!on0) return this.g(slot, x0);
    const gs = this.gStamp, gv = this.gVal;
    const ep = this.slotEpoch[slot], sb = slot * XW;
    let acc = 0;
    for (let i = L.start[key0], e = L.start[key0 + 1]; i < e; i++) {
      const x = xs[xb + code[i]];
      acc += prob[i] * (gs[sb + x] === ep ? gv[sb + x] : this.g(slot, x));
    }
    return acc;
  }

  /** The cache slot of an opponent line still in the round (filled on first use). */
  private slotOf(m1: number, md1: number, c1: number): number {
    const key = (((m1 << 1) | c1) << MOD_BITS) | md1;
    let h = Math.imul(key, 0x9e3779b1) >>> 26;
    for (let probe = 0; probe < 8; probe++) {
      const k = this.slotKey[h];
      if (k === key) return h;
      if (k === -1) break;
      h = (h + 1) & (SLOTS - 1);
    }
    // new (or evicted) slot: the opponent's law with its modifiers applied
    this.slotKey[h] = key;
    this.slotEpoch[h] = ++this.epoch;
    const L = this.laws, lk = (m1 << 1) | c1, xb = md1 * L.width;
    // entries landing on the same score are merged (a bank of S + 15 and a Flip 7 of S)
    const dense = this.yScratch, ys = this.slotY, base = h * XW;
    let n = 0;
    for (let i = L.start[lk], e = L.start[lk + 1]; i < e; i++) {
      const y = L.scores[xb + L.code[i]];
      if (dense[y] === 0) ys[base + n++] = y;
      dense[y] += L.prob[i];
    }
    for (let j = base; j < base + n; j++) {
      this.slotP[j] = dense[ys[j]];
      dense[ys[j]] = 0;
    }
    this.slotLen[h] = n;
    return h;
  }

  /** `G(x) = E[W(t0 + x, t1 + Y, s)]` for the opponent law of a slot. */
  private g(slot: number, x: number): number {
    const j = slot * XW + x;
    if (this.gStamp[j] === this.slotEpoch[slot]) return this.gVal[j];
    const pad = this.pad!, P = this.stride;
    const row = (this.t0 + x) * P + this.t1;
    const base = slot * XW, n = this.slotLen[slot];
    const ys = this.slotY, ps = this.slotP;
    let acc = 0;
    for (let i = base; i < base + n; i++) acc += ps[i] * pad[row + ys[i]];
    this.gVal[j] = acc;
    this.gStamp[j] = this.slotEpoch[slot];
    return acc;
  }

  /**
   * `ev`'s decision on a line: one more card, counted from the cards not in
   * sight ({@linkcode oneCardValue}'s rule), beats the line.
   */
  private evHits(m: number, md: number, c: number): boolean {
    const total = this.ttotal;
    const cur = lineScore(m, md, false);
    if (total <= 0) return false;
    const tc = this.tcounts;
    const saved = c ? cur : 0;
    const seventh = COUNT_OF_MASK[m] === SEVEN - 1;
    let e = 0, rest = total;
    for (let k = 0; k < NUMBER_KINDS; k++) {
      const n = tc[k];
      if (n === 0) continue;
      rest -= n;
      e += n * ((m >> k) & 1 ? saved : lineScore(m | (1 << k), md, seventh));
    }
    for (const k of MODIFIERS) {
      const n = tc[k];
      if (n === 0) continue;
      rest -= n;
      e += n * lineScore(m, md | modifierBit(k), false);
    }
    e += rest * cur;
    return e / total > cur;
  }

  /**
   * Value of a decision node (the state in frame `f`): seat `turn` picks the
   * better of hit and stay (seat 0 maximises, seat 1 minimises, or plays
   * `ev` when the opponent is modelled so); a leaf at depth 0 or when no one
   * is active.
   */
  private node(d: number, turn: number, f: number): number {
    const S = this.st;
    const a0 = S[f + A0], a1 = S[f + A1];
    if (d <= 0 || (a0 !== ACTIVE && a1 !== ACTIVE) || this.total <= 0) {
      return this.leaf(f, -1);
    }
    if (turn === 0 && a0 !== ACTIVE) turn = 1;
    else if (turn === 1 && a1 !== ACTIVE) turn = 0;
    if (turn === 1 && this.evOpp) {
      if (this.evHits(S[f + M1], S[f + MD1], S[f + C1])) {
        return this.hitNode(d, 1, f);
      }
      const g = this.child(f);
      S[g + A1] = DONE;
      return this.node(d - 1, 0, g);
    }
    const hit = this.hitNode(d, turn, f);
    const g = this.child(f);
    if (turn === 0) {
      S[g + A0] = DONE;
      const stay = this.node(d - 1, 1, g);
      return hit > stay ? hit : stay;
    }
    S[g + A1] = DONE;
    const stay = this.node(d - 1, 0, g);
    return hit < stay ? hit : stay;
  }

  /** Expectation over the next card drawn by `turn` (the state in frame `f`). */
  private hitNode(d: number, turn: number, f: number): number {
    const counts = this.counts, tcounts = this.tcounts, S = this.st;
    const total = this.total, ttotal = this.ttotal;
    if (total <= 0) return this.leaf(f, -1);
    const nd = d - 1, other = 1 - turn;
    // the drawer's fields and the other's (offsets within a frame)
    const M = turn === 0 ? M0 : M1, MD = turn === 0 ? MD0 : MD1;
    const C = turn === 0 ? C0 : C1, A = turn === 0 ? A0 : A1;
    const OC = turn === 0 ? C1 : C0, OA = turn === 0 ? A1 : A0;
    const m = S[f + M], md = S[f + MD], c = S[f + C];
    const oa = S[f + OA];
    const g = f + FRAME;
    let e = 0;
    for (let k = 0; k < KINDS; k++) {
      const n = counts[k];
      if (n === 0) continue;
      counts[k] = n - 1;
      this.total = total - 1;
      const tck = tcounts[k];
      if (tck > 0) {
        tcounts[k] = tck - 1;
        this.ttotal = ttotal - 1;
      }
      this.child(f);
      let v: number;
      const effect = EFFECTS[k] as cards.CardEffect;
      switch (effect) {
        case EFFECT_NUMBER: {
          const bit = 1 << k;
          if (m & bit) {
            // a duplicate: saved by a Second Chance (used up), else a bust
            S[g + C] = 0;
            if (!c) S[g + A] = BUST;
            v = this.node(nd, other, g);
          } else {
            S[g + M] = m | bit;
            v = COUNT_OF_MASK[m | bit] === SEVEN
              ? this.leaf(g, turn)
              : this.node(nd, other, g);
          }
          break;
        }
        case EFFECT_PLUS:
        case EFFECT_TIMES:
          S[g + MD] = md | modifierBit(k);
          v = this.node(nd, other, g);
          break;
        case EFFECT_CHANCE:
          // kept, or a spare one passed to the other while it is in the round
          if (c === 0) S[g + C] = 1;
          else if (oa === ACTIVE) S[g + OC] = 1;
          v = this.node(nd, other, g);
          break;
        case EFFECT_FREEZE:
          if (oa === ACTIVE) {
            // the drawer freezes whichever of the two is better for it
            S[g + A] = DONE;
            const self = this.node(nd, other, g);
            this.child(f);
            S[g + OA] = DONE;
            const them = this.node(nd, other, g);
            v = turn === 0
              ? (self > them ? self : them)
              : (self < them ? self : them);
          } else {
            S[g + A] = DONE;
            v = this.node(nd, other, g);
          }
          break;
        case EFFECT_FLIP: // SEARCH_FLIP: no card
          v = this.node(nd, other, g);
          break;
        default:
          unhandledEffect(effect);
      }
      counts[k] = n;
      tcounts[k] = tck;
      this.ttotal = ttotal;
      e += n * v;
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

/**
 * How the search treats a Flip N drawn: `no-card`, not expanded (the drawer's
 * line is unchanged and the turn passes). Seed 001's agent models no action
 * card ("The other special cards of the commercial game are not modelled");
 * this search plays the Freeze and the Second Chance, and keeps seed 001's
 * reading for the Flip N, whose forced cards a two-ply search cannot afford.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(SEARCH_FLIP, "no-card");
 * ```
 */
export const SEARCH_FLIP = "no-card";
