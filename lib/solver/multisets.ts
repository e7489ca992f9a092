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

/**
 * Number of multisets of at most `maxSize` values drawn from `values` distinct
 * values: the sum over sizes `k` of C(values + k - 1, k). Counted, not built
 * (building the official deck's 364 took ~4 ms of every command's start-up).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Multisets, multisetCount } from "./multisets.ts";
 * assert.equal(multisetCount(11, 3), 364); // 1 + 11 + 66 + 286
 * assert.equal(multisetCount(4, 2), new Multisets([2, 3, 4, 5], 2, 1000).list.length);
 * ```
 */
export function multisetCount(values: number, maxSize: number): number {
  let total = 0, c = 1; // c = C(values + k - 1, k)
  for (let k = 0; k <= maxSize; k++) {
    total += c;
    c = (c * (values + k)) / (k + 1);
  }
  return total;
}

/**
 * Number of saved-duplicate multisets of the official deck (364): up to three
 * of its eleven values 2..12.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Multisets } from "./multisets.ts";
 * assert.equal(MULTISET_COUNT, 364); // = 1 + 11 + 66 + 286
 * const built = new Multisets([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], 3, 1 << 20);
 * assert.equal(built.list.length, MULTISET_COUNT);
 * ```
 */
export const MULTISET_COUNT: number = multisetCount(11, 3);

/** Bits needed to write the numbers 0..n. */
export function bitsFor(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}
