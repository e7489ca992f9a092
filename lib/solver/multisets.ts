/**
 * The multisets of saved duplicates a Second Chance model tracks (internal
 * to the solver): every multiset of at most a few values, indexed so that
 * adding a value always raises the index, with their counts, sizes and the
 * add table. `model.ts` re-exports {@linkcode MULTISET_COUNT}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MULTISET_COUNT } from "./multisets.ts";
 * assert.equal(MULTISET_COUNT, 364); // 1 + 11 + 66 + 286
 * ```
 * @module
 */

import { NUMBER_KINDS } from "../game/cards.ts";

/**
 * The multisets of at most `maxSize` values among `values` (ascending), ordered
 * by size and then lexicographically, so that adding a value always raises the
 * index. For the official deck (values 2..12, three Second Chances) these are
 * the 364 multisets of the `exact` model, in the same order as always.
 */
export class Multisets {
  readonly list: number[][];
  /** `count[i * 13 + v]`: copies of `v` in multiset `i`. */
  readonly count: Uint8Array;
  /** `size[i]`: size of multiset `i`. */
  readonly size: Uint8Array;
  /** `add[i * 13 + v]`: index of multiset `i` plus `v`, or -1. */
  readonly add: Int32Array;
  private readonly byKey = new Map<string, number>();

  constructor(values: readonly number[], maxSize: number, limit: number) {
    const out: number[][] = [[]];
    for (let size = 1; size <= maxSize; size++) {
      const rec = (from: number, acc: number[]) => {
        if (out.length > limit) return;
        if (acc.length === size) {
          out.push(acc.slice());
          return;
        }
        for (let i = from; i < values.length; i++) {
          acc.push(values[i]);
          rec(i, acc);
          acc.pop();
        }
      };
      rec(0, []);
    }
    this.list = out;
    out.forEach((m, i) => this.byKey.set(m.join(","), i));
    if (out.length > limit) {
      this.count = new Uint8Array(0);
      this.size = new Uint8Array(0);
      this.add = new Int32Array(0);
      return;
    }
    this.count = new Uint8Array(out.length * NUMBER_KINDS);
    out.forEach((ms, i) => {
      for (const v of ms) this.count[i * NUMBER_KINDS + v]++;
    });
    this.size = Uint8Array.from(out.map((m) => m.length));
    this.add = new Int32Array(out.length * NUMBER_KINDS).fill(-1);
    out.forEach((ms, i) => {
      if (ms.length >= maxSize) return;
      for (const v of values) {
        this.add[i * NUMBER_KINDS + v] = this.indexOf([...ms, v]);
      }
    });
  }

  indexOf(values: number[]): number {
    const key = values.slice().sort((a, b) => a - b).join(",");
    return this.byKey.get(key) ?? -1;
  }
}

/** The official deck's multisets (for {@linkcode MULTISET_COUNT}). */
const STANDARD_MULTISETS = new Multisets(
  [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
  3,
  1 << 20,
);

/**
 * Number of saved-duplicate multisets of the official deck (364).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MULTISET_COUNT, 364); // = 1 + 11 + 66 + 286
 * ```
 */
export const MULTISET_COUNT: number = STANDARD_MULTISETS.list.length;

/** Bits needed to write the numbers 0..n. */
export function bitsFor(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}
