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

/**
 * Numbers states named by keys of `words` 32-bit words: each new key gets
 * the next id (0, 1, 2 …), so that values live in the caller's arrays indexed
 * by id and survive a resize. Keys are kept by id (`words` words each), the
 * ids in a flat open-addressing table at most half full (linear probing);
 * no objects per entry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const t = new WordTable(2);
 * const key = new Uint32Array([7, 0xffffffff]);
 * assert.equal(t.find(key, 0), -1);
 * assert.equal(t.add(key, 0), 0);
 * assert.equal(t.find(key, 0), 0);
 * assert.equal(t.add(new Uint32Array([7, 1]), 0), 1);
 * assert.equal(t.size, 2);
 * ```
 */
export class WordTable {
  private keys: Uint32Array;
  private slots: Int32Array;
  private mask: number;
  /** Number of keys held (the next id). */
  size = 0;

  /**
   * An empty table.
   *
   * @param words 32-bit words per key
   * @param expected keys expected (the table grows beyond it)
   */
  constructor(readonly words: number, expected = 1024) {
    let cap = 16;
    while (cap < expected * 2) cap *= 2;
    this.slots = new Int32Array(cap).fill(EMPTY);
    this.mask = cap - 1;
    this.keys = new Uint32Array(Math.max(16, expected) * words);
  }

  /** Bytes of typed-array memory used. */
  get bytes(): number {
    return this.keys.byteLength + this.slots.byteLength;
  }

  /** The hash of the key at `key[at …]`. */
  private hash(key: Uint32Array, at: number): number {
    let h = 0x811c9dc5;
    for (let w = 0; w < this.words; w++) {
      h = Math.imul(h ^ key[at + w], 0x9e3779b1);
      h ^= h >>> 15;
    }
    h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
    return (h ^ (h >>> 16)) & this.mask;
  }

  /** True when the key of `id` is the one at `key[at …]`. */
  private same(id: number, key: Uint32Array, at: number): boolean {
    const keys = this.keys, base = id * this.words;
    for (let w = 0; w < this.words; w++) {
      if (keys[base + w] !== key[at + w]) return false;
    }
    return true;
  }

  /** The id of the key at `key[at …]`, or -1. */
  find(key: Uint32Array, at: number): number {
    const slots = this.slots, mask = this.mask;
    for (let i = this.hash(key, at);; i = (i + 1) & mask) {
      const id = slots[i];
      if (id === EMPTY) return -1;
      if (this.same(id, key, at)) return id;
    }
  }

  /** Add the key at `key[at …]` (not held) and return its id. */
  add(key: Uint32Array, at: number): number {
    const id = this.size++;
    if ((id + 1) * this.words > this.keys.length) {
      const more = new Uint32Array(this.keys.length * 2);
      more.set(this.keys);
      this.keys = more;
    }
    const keys = this.keys, base = id * this.words;
    for (let w = 0; w < this.words; w++) keys[base + w] = key[at + w];
    if (this.size * 2 > this.slots.length) this.grow();
    else this.place(id);
    return id;
  }

  /** The key of `id`, copied to `out[at …]`. */
  keyOf(id: number, out: Uint32Array, at: number): void {
    const base = id * this.words;
    for (let w = 0; w < this.words; w++) out[at + w] = this.keys[base + w];
  }

  /** Put `id` in the first free slot from its key's home. */
  private place(id: number): void {
    const slots = this.slots, mask = this.mask;
    let i = this.hash(this.keys, id * this.words);
    while (slots[i] !== EMPTY) i = (i + 1) & mask;
    slots[i] = id;
  }

  /** Double the slots and place every id again. */
  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2).fill(EMPTY);
    this.mask = this.slots.length - 1;
    for (let id = 0; id < this.size; id++) this.place(id);
  }
}
