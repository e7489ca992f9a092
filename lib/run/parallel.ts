/**
 * Deterministic parallel runs over Web Workers.
 *
 * A job is a function `fn(args, from, to)` (returning its result or a promise
 * of it) exported by some module; the range
 * `[0, total)` is cut into chunks whose boundaries depend only on `total`, the
 * chunks are handed to workers, and the results come back in chunk order.
 * Since every game or round draws from its own random stream (its index), the
 * merged result is byte-identical whatever the number of workers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runChunks } from "./parallel.ts";
 * import type { playBatchChunk } from "./runner.ts";
 * const parts = await runChunks<Awaited<ReturnType<typeof playBatchChunk>>>({
 *   module: new URL("./runner.ts", import.meta.url).href,
 *   fn: "playBatchChunk",
 *   args: { runs: [{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 100, mode: "game" }] },
 *   total: 100,
 *   workers: 1,
 * });
 * // the chunks' results in chunk order: every game of the run once
 * assert.equal(parts.flat().reduce((n, p) => n + p.acc.games, 0), 100);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { assertShardable } from "./shard.ts";
import { keptFiles } from "../util/kept.ts";

/** A job description for {@linkcode runChunks}. */
export interface ChunkJob {
  /** URL of the module that exports the job function. */
  module: string;
  /** Name of the exported function `(args, from, to) => result`. */
  fn: string;
  /** Structured-clonable arguments. */
  args: unknown;
  /** Size of the index range. */
  total: number;
  /** Number of workers (default: the number of cores; 1 runs in this thread). */
  workers?: number;
  /** Number of chunks (default: up to 64, depending only on `total`). */
  chunks?: number;
  /** Called after each chunk with (done, total) indices. */
  onProgress?: (done: number, total: number) => void;
}

/** Default worker count: the number of cores this machine reports. */
export function defaultWorkers(): number {
  return Math.max(1, navigator.hardwareConcurrency || 1);
}

/**
 * The chunk boundaries for a range: they depend only on `total` and `chunks`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(chunkBounds(10, 3), [[0, 3], [3, 6], [6, 10]]);
 * ```
 */
export function chunkBounds(
  total: number,
  chunks?: number,
): [number, number][] {
  const c = Math.max(1, Math.min(chunks ?? 64, total));
  const out: [number, number][] = [];
  for (let i = 0; i < c; i++) {
    const a = Math.floor((total * i) / c),
      b = Math.floor((total * (i + 1)) / c);
    if (b > a) out.push([a, b]);
  }
  return out;
}

type JobFn = (args: unknown, from: number, to: number) => unknown;
// A job function may return its result or a promise of it.

/**
 * What a worker is sent: the job and the shared chunk counter. Every thread
 * (this one and the workers) takes the next chunk by `Atomics.add` on the
 * counter until none is left, so no thread waits to be handed work.
 *
 * @example
 * ```ts
 * const job: WorkerJob = {
 *   module: new URL("./runner.ts", import.meta.url).href,
 *   fn: "playBatchChunk",
 *   args: { runs: [] },
 *   bounds: chunkBounds(100, 4),
 *   next: new Int32Array(new SharedArrayBuffer(4)),
 *   kept: [],
 * };
 * ```
 */
export interface WorkerJob {
  /** URL of the module that exports the job function. */
  module: string;
  /** Name of the exported job function. */
  fn: string;
  /** Structured-clonable arguments. */
  args: unknown;
  /** The chunk boundaries. */
  bounds: [number, number][];
  /** One Int32 on a SharedArrayBuffer: the index of the next chunk to take. */
  next: Int32Array;
  /**
   * The cache files this thread built but could not write
   * (`lib/util/kept.ts`): the worker reads them from here, never builds them
   * again.
   */
  kept: [string, Uint8Array][];
}

/**
 * The fewest chunks a job may ask for and still have its workers get the
 * job only after this thread's first chunk (see {@linkcode runChunks}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(HAND_OFF_CHUNKS, 64); // the runner's game batches have at least 64
 * ```
 */
export const HAND_OFF_CHUNKS = 64;

/**
 * Run a chunked job, in parallel when more than one worker is asked for:
 * `workers` threads in all, this one playing chunks beside `workers - 1` Web
 * Workers. Every thread takes the next unplayed chunk as it finishes one.
 * Results are returned in chunk order.
 *
 * A job cut into at least {@linkcode HAND_OFF_CHUNKS} chunks (asked for, or
 * the default: the runner's game batches, whose strategies load their
 * tables lazily, even when fewer games leave fewer chunks) starts its workers at
 * once but sends them the job only when this thread has played its first
 * chunk: a table that chunk built (a missing or damaged win table, solver
 * cache or trained search table) is then in the cache folder for them to
 * read, or, when it could not be written there, is handed to them in memory
 * (`lib/util/kept.ts`), so no table is built twice. A chunk is then a small
 * part of the work, and the workers' own start-up overlaps it. A job of fewer,
 * larger chunks (an experiment's separate tasks) sends the job at once.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // any module exporting fn(args, from, to), here a data URL that sums its range
 * const module = "data:text/javascript,export const work = (_a, from, to) => (to - from) * (from + to - 1) / 2;";
 * const parts = await runChunks<number>({ module, fn: "work", args: {}, total: 100, workers: 2 });
 * assert.equal(parts.reduce((a, b) => a + b, 0), 4950); // 0 + 1 + ... + 99
 * ```
 */
export async function runChunks<R>(job: ChunkJob): Promise<R[]> {
  assertShardable(); // a shard plays only through the runner's batches
  const bounds = chunkBounds(job.total, job.chunks);
  const results = new Array<R>(bounds.length);
  const threads = Math.min(job.workers ?? defaultWorkers(), bounds.length);
  const fn = (await import(job.module))[job.fn] as JobFn;
  if (typeof fn !== "function") {
    throw new Error(`${job.module} has no function ${job.fn}`);
  }
  let done = 0, finished = 0;
  const record = (i: number, result: R) => {
    results[i] = result;
    finished++;
    done += bounds[i][1] - bounds[i][0];
    job.onProgress?.(done, job.total);
  };
  const next = new Int32Array(new SharedArrayBuffer(4));
  const workers: Worker[] = [];
  // lets the workers' results (and their progress) in between two chunks here
  const tick = new MessageChannel();
  try {
    let failure: Error | null = null;
    let settle: (() => void) | null = null;
    const check = () => {
      if (failure || finished === bounds.length) settle?.();
    };
    const fail = (e: Error) => {
      failure ??= e;
      Atomics.store(next, 0, bounds.length); // nobody takes another chunk
      check();
    };
    for (let k = 1; k < threads; k++) {
      const w = new Worker(new URL("./worker.ts", import.meta.url).href, {
        type: "module",
      });
      workers.push(w);
      w.onmessage = (e: MessageEvent) => {
        const { i, result, error, input } = e.data;
        if (error) fail(input ? new InputError(error) : new Error(error));
        else record(i, result as R);
        check();
      };
      w.onerror = (e) => {
        e.preventDefault();
        fail(new Error(e.message));
      };
    }
    // the job goes to the workers after this thread's first chunk, with the
    // tables it built and could not write (a job of many chunks), or now
    let sent = false;
    const send = () => {
      if (sent) return;
      sent = true;
      const kept = keptFiles();
      for (const w of workers) {
        w.postMessage(
          {
            module: job.module,
            fn: job.fn,
            args: job.args,
            bounds,
            next,
            kept,
          } satisfies WorkerJob,
        );
      }
    };
    if ((job.chunks ?? HAND_OFF_CHUNKS) < HAND_OFF_CHUNKS) send();
    let wake: (() => void) | null = null;
    tick.port1.onmessage = () => wake?.();
    for (;;) {
      const i = Atomics.add(next, 0, 1);
      if (i >= bounds.length || failure) break;
      record(i, await fn(job.args, bounds[i][0], bounds[i][1]) as R);
      send();
      if (workers.length > 0) {
        await new Promise<void>((r) => {
          wake = r;
          tick.port2.postMessage(0);
        });
      }
    }
    send();
    await new Promise<void>((resolve) => {
      settle = resolve;
      check();
    });
    if (failure) throw failure;
  } finally {
    tick.port1.close();
    for (const w of workers) w.terminate();
  }
  return results;
}
