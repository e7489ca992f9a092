/**
 * Indexes from a packed core key (a non-negative 31-bit integer) to a slot:
 * {@linkcode IntTable}, a flat open-addressing hash table (linear probing,
 * power-of-two capacity, no deletion, no objects per entry), and
 * {@linkcode DenseIndex}, a plain array for keys that are small enough.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { IntTable } from "./table.ts";
 * const t = new IntTable(4);
 * t.set(123456789, 7);
 * assert.equal(t.get(123456789), 7);
 * assert.equal(t.get(5), -1);
 * ```
 * @module
 */

/**
 * Maps a core key to its slot; -1 for an unknown key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const idx: CoreIndex = new DenseIndex(16);
 * assert.equal(idx.get(5), -1);
 * ```
 */
export interface CoreIndex {
  /** Number of keys held. */
  readonly size: number;
  /** The slot of `key`, or -1. */
  get(key: number): number;
  /** Bytes of typed-array memory used. */
  readonly bytes: number;
}

const EMPTY = -1;

/**
 * A flat open-addressing hash table from non-negative int32 keys to int32
 * values, kept at most half full.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const t = new IntTable();
 * for (let k = 0; k < 1000; k++) t.set(k * 7919, k);
 * assert.equal(t.size, 1000);
 * assert.equal(t.get(7919 * 3), 3);
 * ```
 */
export class IntTable implements CoreIndex {
  private keys: Int32Array;
  private vals: Int32Array;
  private shift: number;
  private mask: number;
  /** Number of keys held. */
  size = 0;

  /**
   * An empty table.
   *
   * @param expected number of keys expected (the table grows beyond it)
   */
  constructor(expected = 16) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.keys = new Int32Array(cap).fill(EMPTY);
    this.vals = new Int32Array(cap);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
  }

  /** Capacity in slots. */
  get capacity(): number {
    return this.keys.length;
  }

  /** Bytes of typed-array memory used. */
  get bytes(): number {
    return this.keys.byteLength + this.vals.byteLength;
  }

  /** The first slot probed for `key` (Fibonacci hashing). */
  private home(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** The value of `key`, or -1. */
  get(key: number): number {
    const keys = this.keys, mask = this.mask;
    let i = this.home(key);
    for (;;) {
      const k = keys[i];
      if (k === key) return this.vals[i];
      if (k === EMPTY) return -1;
      i = (i + 1) & mask;
    }
  }

  /** True when `key` is held. */
  has(key: number): boolean {
    return this.findSlot(key) >= 0;
  }

  /** The slot holding `key`, or -1 (linear probing from its home). */
  private findSlot(key: number): number {
    const keys = this.keys, mask = this.mask;
    let i = this.home(key);
    for (;;) {
      const k = keys[i];
      if (k === key) return i;
      if (k === EMPTY) return -1;
      i = (i + 1) & mask;
    }
  }

  /**
   * Set `key` to `value`; returns true when the key is new.
   *
   * @throws {RangeError} for a negative key.
   */
  set(key: number, value: number): boolean {
    if (key < 0) {
      throw new RangeError(`IntTable keys must be non-negative, got ${key}`);
    }
    const keys = this.keys, mask = this.mask;
    let i = this.home(key);
    for (;;) {
      const k = keys[i];
      if (k === key) {
        this.vals[i] = value;
        return false;
      }
      if (k === EMPTY) break;
      i = (i + 1) & mask;
    }
    keys[i] = key;
    this.vals[i] = value;
    this.size++;
    if (this.size * 2 > keys.length) this.grow();
    return true;
  }

  /** Doubles the capacity and re-inserts every key. */
  private grow(): void {
    const oldKeys = this.keys, oldVals = this.vals;
    const cap = oldKeys.length * 2;
    this.keys = new Int32Array(cap).fill(EMPTY);
    this.vals = new Int32Array(cap);
    this.mask = cap - 1;
    this.shift = 32 - Math.log2(cap);
    this.size = 0;
    for (let i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] !== EMPTY) this.set(oldKeys[i], oldVals[i]);
    }
  }
}

/**
 * A dense index for keys below `2 ** bits`: one int32 per possible key.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const d = new DenseIndex(16);
 * d.set(40000, 2);
 * assert.equal(d.get(40000), 2);
 * ```
 */
export class DenseIndex implements CoreIndex {
  private readonly slots: Int32Array;
  /** Number of keys held. */
  size = 0;
  /** @param bits keys are below `2 ** bits` */
  constructor(bits: number) {
    this.slots = new Int32Array(2 ** bits).fill(EMPTY);
  }
  /** Bytes of typed-array memory used. */
  get bytes(): number {
    return this.slots.byteLength;
  }
  /** The slot of `key`, or -1. */
  get(key: number): number {
    return key >= 0 && key < this.slots.length ? this.slots[key] : -1;
  }
  /** Set the slot of `key`. */
  set(key: number, value: number): void {
    if (this.slots[key] === EMPTY) this.size++;
    this.slots[key] = value;
  }
}
