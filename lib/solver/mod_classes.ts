/**
 * The modifier classes the forward passes carry their mass in, and what
 * they share: a pass over the full chain keeps every modifier mask apart
 * (64 classes of one mask each), the lumped pass (`lumpedEvaluate`, `forward.ts`) groups the
 * masks by how many `+X` cards and whether the `x2` they hold
 * ({@linkcode ModClasses}); a policy's decision on a class, the decision
 * rule over a {@linkcode SoloView} and its class memo; and the one
 * {@linkcode finish} that turns a pass's banked mass into an
 * {@linkcode Evaluation}.
 *
 * @module
 */

import {
  COUNT_OF_MASK,
  MODS,
  MULT_OF_MASK,
  PLUS_BITS,
  PLUS_OF_MASK,
  X2_BIT,
} from "../game/cards.ts";
import type { Strategy } from "../game/view.ts";
import type { Decider, Evaluation } from "./space.ts";
import type { SoloView } from "./view.ts";

/**
 * The classes of a deck's modifier masks a forward pass keeps apart, with
 * the moves between them. Lumped (the default): class `c = j × (X + 1) + x`
 * holds the masks with `j` of the deck's `P` `+X` cards and `x` of its `X`
 * (0 or 1) `x2`; every mask its own class otherwise (`lumped = false`, the
 * full pass: class = mask, 64 of them). A modifier drawn raises the class,
 * so ascending classes are a topological order within a core.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const k = new ModClasses(0b111111);
 * assert.equal(k.n, 12); // 0..5 plus cards × with or without x2
 * assert.deepEqual([...k.members[k.n - 1]], [63]);
 * // +2 and x2, every mask apart: the 64 masks, the empty one led on by either card
 * const full = new ModClasses(0b100001, false);
 * assert.equal(full.n, 64);
 * assert.deepEqual([...full.upTo.subarray(full.upStart[0], full.upStart[1])], [1, 32]);
 * ```
 */
export class ModClasses {
  /** Number of classes. */
  readonly n: number;
  /** False: every mask its own class (its score read directly); true: the lumped classes. */
  readonly lumped: boolean;
  /** The modifier masks of each class (subsets of the deck's modifiers). */
  readonly members: number[][];
  /** Masks in each class (the states a class's mass stands for). */
  readonly memberN: Int32Array;
  /** The number sum's factor (2 with `x2`, else 1). */
  readonly mul: Float64Array;
  /** The `+X` sum of a class of one mask (0 for the lumped classes: spread at the end). */
  readonly plus: Float64Array;
  /** Modifier cards still in the pile (any mask of the class). */
  readonly free: Float64Array;
  /** The classes a modifier drawn leads to: `upTo[i]`, with `upMul[i]` copies, for `i` from `upStart[c]` to `upStart[c + 1]`. */
  readonly upStart: Int32Array;
  /** See {@linkcode upStart}. */
  readonly upTo: Int32Array;
  /** See {@linkcode upStart}. */
  readonly upMul: Float64Array;
  /**
   * The same moves grouped by how far they raise the class (`moveShift[g]`,
   * descending), each group's sources ascending (`moveSrc`, `moveMul` from
   * `moveStart[g]` to `moveStart[g + 1]`): every class then receives its
   * mass in ascending order of its sources, as a loop over the sources adds it.
   */
  readonly moveShift: Int32Array;
  /** See {@linkcode moveShift}. */
  readonly moveStart: Int32Array;
  /** See {@linkcode moveShift}. */
  readonly moveSrc: Int32Array;
  /** See {@linkcode moveShift}. */
  readonly moveMul: Float64Array;
  /** Lumped: per class, the distinct `+X` sums of its masks, ascending. */
  readonly plusSums: Int32Array[];
  /** Lumped: per class, the share of its masks with each of those sums. */
  readonly plusShare: Float64Array[];

  /**
   * The classes of a deck.
   *
   * @param avail the deck's modifier bits (`modifiersInDeck`)
   * @param lumped false: one class per mask
   */
  constructor(avail: number, lumped = true) {
    this.lumped = lumped;
    const plusBits = avail & PLUS_BITS;
    const P = COUNT_OF_MASK[plusBits];
    const X = avail & X2_BIT ? 1 : 0;
    const XS = X + 1;
    this.n = lumped ? (P + 1) * XS : MODS;
    const n = this.n;
    this.members = Array.from({ length: n }, () => []);
    for (let mods = 0; mods < MODS; mods++) {
      if ((mods & ~avail) !== 0) {
        if (!lumped) this.members[mods].push(mods); // never reached
        continue;
      }
      const c = lumped
        ? COUNT_OF_MASK[mods & PLUS_BITS] * XS + (mods & X2_BIT ? 1 : 0)
        : mods;
      this.members[c].push(mods);
    }
    this.memberN = Int32Array.from(this.members, (m) => m.length);
    this.mul = new Float64Array(n);
    this.plus = new Float64Array(n);
    this.free = new Float64Array(n);
    const ups: [number, number][][] = [];
    this.plusSums = [];
    this.plusShare = [];
    for (let c = 0; c < n; c++) {
      const up: [number, number][] = [];
      if (lumped) {
        const j = Math.floor(c / XS), x = c % XS;
        this.mul[c] = MULT_OF_MASK[x ? X2_BIT : 0];
        this.free[c] = P - j + X - x;
        if (j < P) up.push([c + XS, P - j]); // a +X card
        if (x < X) up.push([c + 1, 1]); // the x2
        const counts = new Map<number, number>();
        for (const mods of this.members[c]) {
          const s = PLUS_OF_MASK[mods];
          counts.set(s, (counts.get(s) ?? 0) + 1);
        }
        const sums = [...counts.keys()].sort((a, b) => a - b);
        this.plusSums.push(Int32Array.from(sums));
        this.plusShare.push(
          Float64Array.from(sums.map((s) => counts.get(s)! / this.memberN[c])),
        );
      } else {
        this.mul[c] = MULT_OF_MASK[c];
        this.plus[c] = PLUS_OF_MASK[c];
        for (let f = avail & ~c; f !== 0; f &= f - 1) {
          if ((c & ~avail) === 0) up.push([c | (f & -f), 1]);
          this.free[c]++;
        }
      }
      ups.push(up);
    }
    this.upStart = new Int32Array(n + 1);
    ups.forEach((u, c) => this.upStart[c + 1] = this.upStart[c] + u.length);
    this.upTo = Int32Array.from(ups.flat(), ([to]) => to);
    this.upMul = Float64Array.from(ups.flat(), ([, m]) => m);
    const moves = ups.flatMap((u, c) => u.map(([to, m]) => [to - c, c, m]))
      .sort((a, b) => b[0] - a[0] || a[1] - b[1]);
    const shifts = [...new Set(moves.map((m) => m[0]))];
    this.moveShift = Int32Array.from(shifts);
    this.moveStart = Int32Array.from(
      [...shifts.map((s) => moves.findIndex((m) => m[0] === s)), moves.length],
    );
    this.moveSrc = Int32Array.from(moves, (m) => m[1]);
    this.moveMul = Float64Array.from(moves, (m) => m[2]);
  }

  /**
   * Where a class's score starts in a pass's banked mass of `width` scores:
   * its `+X` sum for the classes of one mask (the mass is the score's law),
   * `c × width` for the lumped classes (a row each, spread by
   * {@linkcode finish}).
   */
  offsets(width: number): Float64Array {
    return this.lumped
      ? Float64Array.from(this.mul, (_, c) => c * width)
      : this.plus.slice();
  }
}

/**
 * The policy's decision on class `c` at decision slot `dslot`: 1 hit, 0
 * stay, -1 when masks of the class disagree (the lumped pass then declines).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const k = new ModClasses(63);
 * assert.equal(classDecision(() => true, k, 0, 3), 1);
 * assert.equal(classDecision((_s, mods) => mods !== 2, k, 0, 2), -1);
 * ```
 */
export function classDecision(
  decide: Decider,
  k: ModClasses,
  dslot: number,
  c: number,
): number {
  const ms = k.members[c];
  const d = decide(dslot, ms[0]);
  for (let i = 1; i < ms.length; i++) {
    if (decide(dslot, ms[i]) !== d) return -1;
  }
  return d ? 1 : 0;
}

/**
 * The evaluation a forward pass read off its banked mass `acc` (`width`
 * scores per class row: the score's law itself for classes of one mask,
 * spread over each lumped class's `+X` sums otherwise), with its bust and
 * Flip 7 probabilities and the states it visited: the one place the EV and
 * sd are computed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const k = new ModClasses(0, false);
 * const e = finish(k, Float64Array.of(0.5, 0, 0.5), 3, 0.5, 0, 4, "p", "numbers");
 * assert.equal(e.ev, 1);
 * assert.equal(e.sd, 1);
 * ```
 */
export function finish(
  k: ModClasses,
  acc: Float64Array,
  width: number,
  bust: number,
  flip7: number,
  visited: number,
  policy: string,
  model: Evaluation["model"],
): Evaluation {
  let dist = acc;
  if (k.lumped) {
    dist = new Float64Array(width);
    for (let c = 0; c < k.n; c++) {
      const sums = k.plusSums[c], share = k.plusShare[c];
      for (let b = 0; b < width; b++) {
        const q = acc[c * width + b];
        if (q === 0) continue;
        for (let i = 0; i < sums.length; i++) dist[b + sums[i]] += q * share[i];
      }
    }
  }
  let ev = 0, sq = 0;
  for (let s = 0; s < dist.length; s++) {
    ev += s * dist[s];
    sq += s * s * dist[s];
  }
  return {
    policy,
    model,
    ev,
    sd: Math.sqrt(Math.max(0, sq - ev * ev)),
    bust,
    flip7,
    distribution: dist,
    visited,
  };
}

/**
 * The policy as a decision rule over a solo view: a decision that did not
 * count cards exactly holds for every state showing the same table (memo by
 * the view's visible key), as `evaluateStrategy` asks it. The lumped passes
 * also ask such a rule for a whole modifier class at once
 * ({@linkcode classDeciderOf}).
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * import { SoloView } from "./view.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const view = new SoloView(spaceOf(getModel("numbers")));
 * const decide = viewDecider(view, makeStrategy("sum:20"));
 * if (!decide(0, 0)) throw new Error("sum:20 stays on an empty line");
 * ```
 */
export function viewDecider(view: SoloView, strategy: Strategy): Decider {
  // 0: not asked yet, 1 stay, 2 hit (zero-filled: no pass over 32 MB)
  const memo = new Uint8Array(2 ** view.keyBits);
  const decide = (slot: number, mods: number) => {
    view.set(slot, mods);
    const key = view.visibleKey();
    const known = memo[key];
    if (known !== 0) return known === 2;
    view.exactReads = 0;
    const hit = strategy.hit(view, 0);
    if (view.exactReads === 0) memo[key] = hit ? 2 : 1;
    return hit;
  };
  viewRules.set(decide, { view, strategy });
  return decide;
}

/** What {@linkcode viewDecider} built a rule from (its view and policy). */
const viewRules = new WeakMap<
  Decider,
  { view: SoloView; strategy: Strategy }
>();

/**
 * A policy's decision on a whole class at a decision slot: 1 hit, 0 stay,
 * -1 when masks of the class disagree (the lumped pass then declines).
 */
export type ClassDecider = (dslot: number, cl: number) => number;

/** Bits of the visible key that hold the modifier mask (its low bits). */
const MOD_BITS = 6;
/** Bits of a class in the class memo's key (at most 16 classes). */
const CLASS_BITS = 4;

/**
 * The class decisions of a rule, as {@linkcode classDecision} gives them
 * (the rule asked at every mask of the class). For a rule made by
 * {@linkcode viewDecider} they are also kept per visible table less the
 * modifiers: when no mask of the class counted cards exactly, every state
 * showing that table would read each mask's decision from the view memo, so
 * they decide the class alike — the same answers for a twelfth of the calls
 * on `all94` (64 masks a core and Flip Threes count, 12 classes). The view
 * memo itself is not read or written (its pages are never touched).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * import { SoloView } from "./view.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const sp = spaceOf(getModel("numbers"));
 * const k = new ModClasses(0b111111);
 * const decide = viewDecider(new SoloView(sp), makeStrategy("sum:20"));
 * const byClass = classDeciderOf(decide, k);
 * for (let s = 0; s < 50; s++) {
 *   for (let c = 0; c < k.n; c++) {
 *     assert.equal(byClass(s, c), classDecision(decide, k, s, c));
 *   }
 * }
 * // a plain rule: asked at every mask each time
 * assert.equal(classDeciderOf((_s, mods) => mods !== 2, k)(0, 2), -1);
 * ```
 */
export function classDeciderOf(decide: Decider, k: ModClasses): ClassDecider {
  if (!k.lumped) return (dslot, cl) => decide(dslot, cl) ? 1 : 0;
  const rule = viewRules.get(decide);
  if (!rule || k.n > 1 << CLASS_BITS) {
    return (dslot, cl) => classDecision(decide, k, dslot, cl);
  }
  const { view, strategy } = rule;
  const members = k.members;
  // the decision + 2 (1: the masks disagree, 2 stay, 3 hit); 0: not asked yet
  const known = new Uint8Array(2 ** (view.keyBits - MOD_BITS + CLASS_BITS));
  let lastSlot = -1, table = 0; // the pass asks a slot's classes in a row
  return (dslot, cl) => {
    if (dslot !== lastSlot) {
      lastSlot = dslot;
      table = (view.tableKey(dslot) >>> MOD_BITS) << CLASS_BITS;
    }
    const at = table | cl;
    const got = known[at];
    if (got !== 0) return got - 2;
    const ms = members[cl];
    let d = -1, shared = true;
    for (let i = 0; i < ms.length; i++) {
      // (no look in the view memo: a mask's key is asked here once, when
      // its class's key is new, unless a mask counted cards exactly)
      view.set(dslot, ms[i]);
      view.exactReads = 0;
      const hit = strategy.hit(view, 0) ? 1 : 0;
      if (view.exactReads !== 0) shared = false;
      if (i === 0) d = hit;
      else if (hit !== d) {
        d = -1;
        break;
      }
    }
    if (shared) known[at] = d + 2;
    return d;
  };
}
