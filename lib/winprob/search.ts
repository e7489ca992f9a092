/**
 * Seed 001's round search ({@linkcode SearchCore}): a depth-limited
 * expectiminimax over the current round between "me" (a max node) and one
 * opponent (a min node, or `ev`'s decisions), chance nodes weighted by the
 * exact draw pile (docs/winprob.md, "search").
 *
 * A leaf is a state of the round, not its end: a player who stayed or
 * busted has a known score, a player still in the round goes on by the
 * maximiser's continuation law from its line ({@linkcode ContinuationLaws},
 * its modifiers applied). The leaf is worth `E[W(t0 + X, t1 + Y, s)]`, `s`
 * the next round's starter, or without a table (`search0`) `E[X] − E[Y]`.
 * Within a round the totals do not change, so each opponent line's vector
 * `G(x) = E[W(t0 + x, t1 + Y, s)]` is kept, filled lazily, in a small cache.
 *
 * A card drawn takes effect by its row of the card table as the kernel
 * plays it (a number, a modifier, a Second Chance kept or, spare, passed to
 * the opponent in the round), but for two named treatments of the action
 * cards: a Freeze goes to whichever of the two the drawer prefers, and a
 * Flip N is {@linkcode SEARCH_FLIP}. Both lines are a frame of eight
 * integers in one preallocated array and the pile one shared counts array,
 * so a search allocates nothing. (One hot search: the recursion and the
 * cache it owns stay in this file.)
 *
 * @module
 */

import * as cards from "../game/cards.ts";
import { unhandledEffect } from "../game/cards.ts";
import type { TableView } from "../game/view.ts";
import { ContinuationLaws, SCORE_CAP } from "./rounddp.ts";
import type { WTable } from "./table.ts";

// The card table's constants as private bindings and the effects as a typed
// array, for the hot loops (engine.ts, beside its imports).
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
const SEVEN = FLIP7_LENGTH, MOD_BITS = MODIFIER_KINDS;

const ACTIVE = 0, DONE = 1, BUST = 2;
/**
 * A frame: each seat's number mask, modifier mask, Second Chance held (0/1)
 * and status; a node reads its frame and writes its children into the next.
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
  /** The loaded decision's frame. */
  private readonly root = new Int32Array(FRAME);
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

  /**
   * Load a decision from the table: `me` decides, `opp` is the opponent
   * modelled (-1: none), `sNext` is 0 when `me` starts the next round, else 1.
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
    for (let k = 0; k < KINDS; k++) {
      this.counts[k] = view.unseenExact(k);
      this.tcounts[k] = view.unseenTable(k);
    }
    const seat = (i: number, s: number) => {
      const on = s >= 0, r = this.root;
      r[4 * i + M0] = on ? view.lineMask(s) : 0;
      r[4 * i + MD0] = on ? view.modMask(s) : 0;
      r[4 * i + C0] = on && view.hasChance(s) ? 1 : 0;
      r[4 * i + A0] = !on
        ? DONE
        : view.isActive(s)
        ? ACTIVE
        : view.roundScore(s) === 0 // a bust, or a line worth nothing
        ? BUST
        : DONE;
    };
    seat(0, me);
    seat(1, opp);
    this.begin(view.total(me), opp >= 0 ? view.total(opp) : 0, sNext);
  }

  /**
   * Load a decision from explicit values: the pile by kind, the totals, the
   * starter, each line (numbers, modifiers, a Second Chance held), and
   * whether the opponent is still in the round (for `decide` and tests).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "../game/rules.ts";
   * import { WTable } from "./table.ts";
   * const pile = [...getRules("standard").deck];
   * const core = new SearchCore(null);
   * const line0 = (1 << 12) | (1 << 11) | (1 << 10) | (1 << 9), line1 = 1 << 5;
   * core.loadState(pile, 120, 150, 0, line0, 0, false, line1, 0, false, true);
   * assert.ok(core.stayValue() > core.hitValue()); // 42 in front of me: stay
   * core.loadState(pile, 120, 150, 0, (1 << 7) | (1 << 8), 0, false, line1, 0, false, true);
   * assert.ok(core.freezeValue(1) > core.freezeValue(0)); // freeze the opponent
   * assert.equal(core.freezeValue(0), core.stayValue()); // frozen is a forced stay
   * // a flat table at the leaves: win probabilities
   * const flat = new SearchCore(WTable.symmetric(200, 2, 0.5));
   * flat.loadState(pile, 120, 150, 0, 1 << 7, 0, false, line1, 0, false, true);
   * assert.ok(flat.hitValue() > 0 && flat.stayValue() < 1);
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
    for (let k = 0; k < KINDS; k++) this.counts[k] = this.tcounts[k] = pile[k];
    const a1 = oppActive ? ACTIVE : DONE;
    this.root.set([m0, md0, c0 ? 1 : 0, ACTIVE, m1, md1, c1 ? 1 : 0, a1]);
    this.begin(t0, t1, sNext);
  }

  /** Count the piles, set the totals and point the W-vector cache at them. */
  private begin(t0: number, t1: number, sNext: number): void {
    let tot = 0, tt = 0;
    for (let k = 0; k < KINDS; k++) {
      tot += this.counts[k];
      tt += this.tcounts[k];
    }
    this.total = tot;
    this.ttotal = tt;
    const w = this.table;
    if (w !== null && (t0 >= w.target || t1 >= w.target)) {
      // totals past the target (a tie played on): shift both, keeping the order
      const d = Math.max(t0, t1) - w.target;
      t0 = Math.max(0, t0 - d);
      t1 = Math.max(0, t1 - d);
    }
    this.t0 = t0;
    this.t1 = t1;
    this.sNext = sNext;
    if (
      w === null || (this.cT0 === t0 && this.cT1 === t1 && this.cS === sNext)
    ) {
      return;
    }
    this.cT0 = t0;
    this.cT1 = t1;
    this.cS = sNext;
    this.pad = w.padded(sNext);
    this.stride = w.stride;
    this.slotKey.fill(-1);
  }

  /** Value of staying now (me banks; the opponent then moves). */
  stayValue(): number {
    this.leaves = 0;
    this.st.set(this.root);
    this.st[A0] = DONE;
    return this.node(this.depth - 1, 1, 0);
  }

  /** Value of hitting now (expectation over the exact pile). */
  hitValue(): number {
    this.leaves = 0;
    this.st.set(this.root);
    return this.hitNode(this.depth, 0, 0);
  }

  /** Value after a Freeze aimed by me at `who` (0 = me, 1 = the opponent). */
  freezeValue(who: number): number {
    if (who === 0) return this.stayValue(); // frozen is a forced stay
    this.leaves = 0;
    const S = this.st;
    S.set(this.root);
    if (S[A1] === ACTIVE) S[A1] = DONE;
    return this.node(this.depth - 1, 0, 0);
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
