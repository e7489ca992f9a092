/**
 * A small, fast, seeded PRNG of our own: SFC32 (Chris Doty-Humphrey's Small
 * Fast Chaotic generator, 32-bit), seeded through SplitMix32 from a seed and a
 * stream number. The outputs for a given seed are pinned by a test, so runs
 * reproduce byte for byte on every machine.
 *
 * Seeding: the three state words are SplitMix32 (MurmurHash3 finaliser)
 * hashes of two different mixes of seed and stream and of the stream alone,
 * and the counter starts at 1. There are no warm-up steps: SFC32's usual
 * twelve exist to spread a seed written into all three words alike, and these
 * words are already mixed (`tests/rng_test.ts` checks uniformity across
 * consecutive streams). Every word depends on the stream: with the first word
 * a hash of the seed alone, the first outputs of neighbouring streams fell too
 * evenly (top-4-bit pairs of 500,000 streams: chi-square z -1.2 a seed on
 * average, -7.5 combined over 40 seeds; with both mixes, combined -0.2). A
 * reseed is in the runner's path once per round (rounds are independent
 * streams), where the twelve serial steps cost about a tenth of a solo round.
 *
 * Streams make results independent of the number of workers: game `g` of a
 * run seeded `s` always draws from stream `(s, g)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Rng } from "./rng.ts";
 * const r = new Rng(42);
 * const roll = r.below(6);
 * assert.ok(Number.isInteger(roll) && roll >= 0 && roll < 6);
 * assert.equal(new Rng(42).below(6), roll); // the same seed, the same numbers
 * ```
 * @module
 */
import { fnv1a } from "../util/io.ts";

function splitmix32(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** floor(t * n / 2^32) for an output `t` (int32) and n above 2^15, in doubles (exact). */
function wide(t: number, n: number): number {
  // times 2^-32 rather than divided by 2^32: the same double, both exact
  return Math.floor((t >>> 0) * n * 2.3283064365386963e-10);
}

/** Seeded SFC32 generator. */
export class Rng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 0;

  /**
   * A generator on stream `stream` of seed `seed`.
   *
   * @param seed any integer (taken modulo 2^32)
   * @param stream an independent stream number (default 0)
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const r = new Rng(1, 7);
   * assert.notEqual(r.next(), new Rng(1, 8).next()); // another stream of seed 1
   * ```
   */
  constructor(seed = 0, stream = 0) {
    this.reseed(seed, stream);
  }

  /**
   * Restart the generator at `(seed, stream)` without allocating: three
   * hashes, no warm-up (module doc).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const r = new Rng(1);
   * r.next();
   * r.reseed(1, 2);
   * assert.equal(r.next(), new Rng(1, 2).next());
   * ```
   */
  reseed(seed: number, stream = 0): void {
    const s = Math.floor(seed) >>> 0;
    const t = Math.floor(stream) >>> 0;
    // stored as int32 (the hashes are uint32): fields that stay small
    // integers keep next() on integer arithmetic
    this.a = splitmix32((Math.imul(s, 0x1f83d9ab) + t) ^ 0x510e527f) | 0;
    this.b = splitmix32(t ^ 0xbb67ae85) | 0;
    this.c = splitmix32((s + Math.imul(t, 0x3c6ef372)) ^ 0xa54ff53a) | 0;
    this.d = 1;
  }

  /**
   * The next 32-bit unsigned integer.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const x = new Rng(5).next();
   * assert.ok(Number.isInteger(x) && x >= 0 && x < 2 ** 32);
   * ```
   */
  next(): number {
    // below(2^32) is the output itself: times 2^32, times 2^-32, both exact
    return this.below(4294967296);
  }

  /**
   * A uniform integer in `[0, n)` for `n` up to 2^20, or 2^32 (the output
   * itself, {@linkcode Rng.next}) (multiply-shift: exact
   * in double precision, bias below n/2^32, the same on every machine).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const r = new Rng(3);
   * for (let i = 0; i < 1000; i++) assert.ok(r.below(94) < 94);
   * ```
   */
  below(n: number): number {
    // The SFC32 step is here, not in next(): the engine draws every card
    // through below(), and a step of its own keeps the whole draw within the
    // optimiser's inlining budget (a call to next() was left out of line in
    // the round loop).
    const a = this.a, b = this.b, c = this.c, d = this.d;
    const t = (((a + b) | 0) + d) | 0;
    this.d = (d + 1) | 0;
    this.a = b ^ (b >>> 9);
    this.b = (c + (c << 3)) | 0;
    this.c = ((c << 21) | (c >>> 11)) + t | 0;
    // floor(t * n / 2^32) in integer steps (a shorter wait than the double's
    // multiply and floor): t = hi * 2^16 + lo, and
    // floor((hi * n + floor(lo * n / 2^16)) / 2^16) is exact; up to n = 2^15
    // every step fits an int32; wider n in doubles, out of line
    return n <= 32768
      ? (Math.imul(t >>> 16, n) + (Math.imul(t & 0xffff, n) >>> 16)) >>> 16
      : wide(t, n);
  }

  /**
   * A uniform float in `[0, 1)` with 32 bits of randomness.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const u = new Rng(3).float();
   * assert.ok(u >= 0 && u < 1);
   * ```
   */
  float(): number {
    return this.next() / 4294967296;
  }
}

/**
 * Derive an independent 32-bit seed from a base seed and labels (FNV-1a over
 * `base/label/...`, then a final avalanche), so that experiments and
 * replicates never share a random stream.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(deriveSeed(1, "field-size", 0), 4113676501);
 * assert.notEqual(deriveSeed(1, "field-size", 1), 4113676501);
 * ```
 */
export function deriveSeed(
  base: number,
  ...labels: (string | number)[]
): number {
  // FNV-1a of the labels, then a finaliser that spreads the bits
  let h = fnv1a([base, ...labels].join("/"));
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
