/**
 * The modifier classes of the lumped evaluation (`lumped.ts`,
 * `lumped_levels.ts`): a deck's modifier masks grouped by how many `+X`
 * cards and whether the `x2` they hold, the mass banked per class, a
 * policy's decision on a class, and the evaluation read off the banked mass.
 *
 * @module
 */

import {
  COUNT_OF_MASK,
  MULT_OF_MASK,
  PLUS_BITS,
  PLUS_OF_MASK,
  X2_BIT,
} from "../game/cards.ts";
import type { Decider, Evaluation } from "./forward.ts";
import { MODS, type SoloSpace } from "./solve.ts";

/**
 * The modifier classes of a deck: class `c = j × (X + 1) + x` holds the
 * masks with `j` of the deck's `P` `+X` cards and `x` of its `X` (0 or 1)
 * `x2`; a modifier drawn raises the class, so ascending classes are a
 * topological order within a core.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const k = new ModClasses(0b111111);
 * assert.equal(k.n, 12); // 0..5 plus cards × with or without x2
 * assert.deepEqual([...k.members[k.n - 1]], [63]);
 * ```
 */
export class ModClasses {
  /** Number of classes. */
  readonly n: number;
  /** The modifier masks of each class (subsets of the deck's modifiers). */
  readonly members: number[][];
  /** 2 when the class holds `x2`, else 1. */
  readonly mul: Float64Array;
  /** Modifier cards still in the pile (any mask of the class). */
  readonly free: Float64Array;
  /** `+X` cards in the pile. */
  readonly plusLeft: Float64Array;
  /** The class a `+X` card drawn leads to (-1: none left). */
  readonly upPlus: Int32Array;
  /** `x2` cards in the pile (0 or 1). */
  readonly x2Left: Float64Array;
  /** The class the `x2` drawn leads to (-1: none left). */
  readonly upX2: Int32Array;
  /** Per class, the distinct `+X` sums of its masks, ascending. */
  readonly plusSums: Int32Array[];
  /** Per class, the share of its masks with each of those sums. */
  readonly plusShare: Float64Array[];
  /** Class of each modifier mask (-1 outside the deck's modifiers). */
  readonly classOf: Int32Array;

  /**
   * Group the deck's modifier masks into classes.
   *
   * @param avail the deck's modifier bits (`modifiersInDeck`)
   */
  constructor(avail: number) {
    const plusBits = avail & PLUS_BITS;
    const P = COUNT_OF_MASK[plusBits];
    const X = avail & X2_BIT ? 1 : 0;
    const XS = X + 1;
    this.n = (P + 1) * XS;
    this.members = Array.from({ length: this.n }, () => []);
    this.classOf = new Int32Array(MODS).fill(-1);
    for (let mods = 0; mods < MODS; mods++) {
      if ((mods & ~avail) !== 0) continue;
      const c = COUNT_OF_MASK[mods & PLUS_BITS] * XS + (mods & X2_BIT ? 1 : 0);
      this.classOf[mods] = c;
      this.members[c].push(mods);
    }
    this.mul = new Float64Array(this.n);
    this.free = new Float64Array(this.n);
    this.plusLeft = new Float64Array(this.n);
    this.x2Left = new Float64Array(this.n);
    this.upPlus = new Int32Array(this.n).fill(-1);
    this.upX2 = new Int32Array(this.n).fill(-1);
    this.plusSums = [];
    this.plusShare = [];
    for (let c = 0; c < this.n; c++) {
      const j = Math.floor(c / XS), x = c % XS;
      this.mul[c] = MULT_OF_MASK[x ? X2_BIT : 0];
      this.plusLeft[c] = P - j;
      this.x2Left[c] = X - x;
      this.free[c] = P - j + X - x;
      if (j < P) this.upPlus[c] = c + XS;
      if (x < X) this.upX2[c] = c + 1;
      const counts = new Map<number, number>();
      for (const mods of this.members[c]) {
        const s = PLUS_OF_MASK[mods];
        counts.set(s, (counts.get(s) ?? 0) + 1);
      }
      const size = this.members[c].length;
      const sums = [...counts.keys()].sort((a, b) => a - b);
      this.plusSums.push(Int32Array.from(sums));
      this.plusShare.push(
        Float64Array.from(sums.map((s) => counts.get(s)! / size)),
      );
    }
  }
}

/**
 * Mass banked per class and number part of the score (`(x2 ? 2 : 1) × sum`,
 * plus the Flip 7 bonus), spread over the `+X` sums of the class once at the end
 * (internal, shared with `lumped_levels.ts`).
 */
export class Banked {
  readonly width: number;
  readonly acc: Float64Array;
  constructor(readonly k: ModClasses, maxScore: number) {
    this.width = maxScore + 1;
    this.acc = new Float64Array(k.n * this.width);
  }
  /** The round score's law: each class's banked mass over its `+X` sums. */
  distribution(): Float64Array {
    const dist = new Float64Array(this.width);
    const k = this.k, w = this.width;
    for (let c = 0; c < k.n; c++) {
      const sums = k.plusSums[c], share = k.plusShare[c];
      for (let b = 0; b < w; b++) {
        const q = this.acc[c * w + b];
        if (q === 0) continue;
        for (let i = 0; i < sums.length; i++) dist[b + sums[i]] += q * share[i];
      }
    }
    return dist;
  }
}

/**
 * The policy's decision on class `c` at decision slot `dslot`: 1 hit, 0
 * stay, -1 when masks of the class disagree (internal, shared with
 * `lumped_levels.ts`).
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

/** The evaluation from the banked mass (internal, shared with `lumped_levels.ts`). */
export function finish(
  space: SoloSpace,
  policy: string,
  banked: Banked,
  bust: number,
  flip7: number,
  visited: number,
): Evaluation {
  const dist = banked.distribution();
  let ev = 0, sq = 0;
  for (let s = 0; s < dist.length; s++) {
    ev += s * dist[s];
    sq += s * s * dist[s];
  }
  return {
    policy,
    model: space.model.name,
    ev,
    sd: Math.sqrt(Math.max(0, sq - ev * ev)),
    bust,
    flip7,
    distribution: dist,
    visited,
  };
}
