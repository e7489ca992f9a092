/**
 * The worker side of {@linkcode runChunks}: imports the job's module and runs
 * the named function on the given range.
 *
 * @example
 * ```ts
 * // started by parallel.ts: new Worker(new URL("./worker.ts", import.meta.url), { type: "module" })
 * ```
 * @module
 */

const modules = new Map<string, Record<string, unknown>>();

self.onmessage = async (e: MessageEvent) => {
  const { i, module, fn, args, from, to } = e.data;
  try {
    let mod = modules.get(module);
    if (!mod) {
      mod = await import(module) as Record<string, unknown>;
      modules.set(module, mod);
    }
    const f = mod[fn] as (a: unknown, f: number, t: number) => unknown;
    const result = await f(args, from, to);
    self.postMessage({ i, result });
  } catch (err) {
    self.postMessage({
      i,
      error: err instanceof Error
        ? `${err.message}\n${err.stack}`
        : String(err),
    });
  }
};
