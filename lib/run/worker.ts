/**
 * The worker side of {@linkcode runChunks}: installs the tables the main
 * thread built and could not write, imports the job's module, then
 * takes chunks from the shared counter and runs the named function on each,
 * posting every result as soon as it is ready, until no chunk is left.
 *
 * @example
 * It runs only as a worker thread that {@linkcode runChunks} starts, so the
 * example is not run here; tests/policy_module_test.ts ("policy module: sim
 * and round print the same bytes with 1 and 3 workers") runs it. No policy
 * module runs in this thread: each has a host thread of its own
 * (`modules.ts`).
 * ```ts ignore
 * // started by parallel.ts: new Worker(new URL("./worker.ts", import.meta.url), { type: "module" })
 * ```
 * @module
 */

// a search strategy playing here finds its table trained if missing
import "./train.ts";
import type { WorkerJob } from "./parallel.ts";
import { InputError } from "../game/cards.ts";
import { adoptKept } from "../util/kept.ts";

self.onmessage = async (e: MessageEvent<WorkerJob>) => {
  const { module, fn, args, bounds, next, kept } = e.data;
  let i = -1;
  try {
    // tables the main thread built and could not write: read, not rebuilt
    adoptKept(kept);
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
    // bad input (a policy's one-line failure) stays one line in the main thread
    const input = err instanceof InputError;
    self.postMessage({
      i,
      input,
      error: err instanceof Error
        ? input ? err.message : `${err.message}\n${err.stack}`
        : String(err),
    });
  }
};
