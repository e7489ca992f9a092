/**
 * Cache files built in this thread that could not be written (a read-only or
 * full cache folder, a folder the task may not write), kept in memory so
 * that the worker threads of the same run read them from here instead of
 * building them again. The caches read through {@linkcode readCacheFileSync}
 * and record a failed write with {@linkcode keepUnwritten}; the thread pool
 * of `lib/run/parallel.ts` hands {@linkcode keptFiles} to each worker, which
 * installs them with {@linkcode adoptKept} before it plays. The bytes are
 * those the file would have held, so the reader checks them as it checks a
 * file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { adoptKept, keepUnwritten, keptFiles, readCacheFileSync } from "./kept.ts";
 * keepUnwritten("/nonexistent/demo.bin", new Uint8Array([7]));
 * assert.deepEqual(readCacheFileSync("/nonexistent/demo.bin"), new Uint8Array([7]));
 * // a worker: installs what the main thread kept
 * adoptKept(keptFiles());
 * assert.equal(keptFiles().length, 1);
 * ```
 * @module
 */

const kept = new Map<string, Uint8Array>();

/**
 * Record the bytes of a cache file that could not be written, so that later
 * reads of `path` in this thread, and in the workers it starts, get them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * keepUnwritten("/nonexistent/a.bin", new Uint8Array([1, 2]));
 * assert.deepEqual(readCacheFileSync("/nonexistent/a.bin"), new Uint8Array([1, 2]));
 * ```
 */
export function keepUnwritten(path: string, bytes: Uint8Array | string): void {
  kept.set(
    path,
    typeof bytes === "string" ? new TextEncoder().encode(bytes) : bytes,
  );
}

/**
 * Forget a kept file (its write succeeded after all).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * keepUnwritten("/nonexistent/b.bin", new Uint8Array([1]));
 * forgetKept("/nonexistent/b.bin");
 * assert.throws(() => readCacheFileSync("/nonexistent/b.bin"), Deno.errors.NotFound);
 * ```
 */
export function forgetKept(path: string): void {
  kept.delete(path);
}

/**
 * The largest file a cache reader reads: a bigger one is not a cache file of
 * this code (the largest, the `all94` solver cache, is about 16 MB), and is
 * refused by its size before any byte of it is read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_CACHE_BYTES, 2 ** 30);
 * ```
 */
export const MAX_CACHE_BYTES = 2 ** 30;

/**
 * The bytes of a cache file: those kept for it in this thread if its write
 * failed, otherwise the file's (throwing as `Deno.readFileSync` does, and
 * an error saying so for a file over {@linkcode MAX_CACHE_BYTES}, which is
 * never read).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.throws(() => readCacheFileSync("/nonexistent/c.bin"), Deno.errors.NotFound);
 * ```
 */
export function readCacheFileSync(path: string): Uint8Array {
  const got = kept.get(path);
  if (got) return got;
  const size = Deno.statSync(path).size;
  if (size > MAX_CACHE_BYTES) {
    throw new Error(
      `too large for a cache file: ${
        (size / 2 ** 30).toFixed(1)
      } GiB, at most ${MAX_CACHE_BYTES / 2 ** 30} GiB`,
    );
  }
  return Deno.readFileSync(path);
}

/**
 * Every kept file, as `[path, bytes]` pairs to post to a worker.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * keepUnwritten("/nonexistent/d.bin", new Uint8Array([4]));
 * assert.ok(keptFiles().some(([p]) => p === "/nonexistent/d.bin"));
 * ```
 */
export function keptFiles(): [string, Uint8Array][] {
  return [...kept];
}

/**
 * Install files kept by another thread (a worker, from its job message).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * adoptKept([["/nonexistent/e.bin", new Uint8Array([5])]]);
 * assert.deepEqual(readCacheFileSync("/nonexistent/e.bin"), new Uint8Array([5]));
 * ```
 */
export function adoptKept(files: readonly [string, Uint8Array][]): void {
  for (const [path, bytes] of files) kept.set(path, bytes);
}
