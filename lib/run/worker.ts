/**
 * The worker side of {@linkcode runChunks}: imports the job's module, then
 * takes chunks from the shared counter and runs the named function on each,
 * posting every result as soon as it is ready, until no chunk is left.
 *
 * @example
 * ```ts
 * // started by parallel.ts: new Worker(new URL("./worker.ts", import.meta.url), { type: "module" })
 * ```
 * @module
 */

// a search strategy playing here finds its table trained if missing
import "./train.ts";
import type { WorkerJob } from "./parallel.ts";

self.onmessage = async (e: MessageEvent<WorkerJob>) => {
  const { module, fn, args, bounds, next } = e.data;
  let i = -1;
  try {
    const f = (await import(module))[fn] as (
      a: unknown,
      from: number,
      to: number,
    ) => unknown;
    while ((i = Atomics.add(next, 0, 1)) < bounds.length) {
      self.postMessage({
        i,
        result: await f(args, bounds[i][0], bounds[i][1]),
      });
    }
  } catch (err) {
    self.postMessage({
      i,
      error: err instanceof Error
        ? `${err.message}\n${err.stack}`
        : String(err),
    });
  }
};
