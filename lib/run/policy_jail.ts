/**
 * The jail of a policy module: a Web Worker that `modules.ts` starts with
 * Deno permissions of its own (read the project and the module's folder;
 * no write, network, environment, system information, programs or native
 * code), which starts the module's host (`policy_host.ts`) as a
 * `node:worker_threads` worker: that worker keeps the jail's permissions
 * and has a heap limit (`resourceLimits`), so a module that allocates
 * without end is stopped there, not by a fatal error of the process. The
 * host posts no message (the wire is its only way out); when it ends (it
 * exited, ran out of memory or failed), the jail marks the wire dead and
 * wakes the engine's thread. Memory outside the heap (array buffers) has no V8
 * limit: the jail ends a host during whose one decision the process grew by
 * more than twice the heap limit and 128 MB (sampled every 100 ms; growth
 * spread over many short decisions is not seen).
 *
 * @example
 * It runs only as the worker `modules.ts` starts; tests/issue41_test.ts runs it.
 * ```ts ignore
 * new Worker(new URL("./policy_jail.ts", import.meta.url), { type: "module", deno: { permissions: { read: [root], write: false } } });
 * ```
 * @module
 */

import { Worker as NodeWorker } from "node:worker_threads";
import { C, Dead, newWire, writeText } from "./policy_wire.ts";

/** What the jail is sent. */
export interface JailStart {
  /** The wire. */
  sab: SharedArrayBuffer;
  /** The module's URL. */
  url: string;
  /** Heap limit of the host, MB. */
  heapMb: number;
}

/**
 * How much a host may grow the process in one decision, MB: twice its heap
 * (its heap itself may grow the process by more than the heap limit before
 * V8 stops it) and 128 MB.
 *
 * @example
 * ```ts ignore
 * outsideMb(1024); // 2176
 * ```
 */
export function outsideMb(heapMb: number): number {
  return 2 * heapMb + 128;
}

self.onmessage = (e: MessageEvent<JailStart>) => {
  const { sab, url, heapMb } = e.data;
  const wire = newWire(sab);
  let ended = false;
  const end = (how: number, code: number, text: string) => {
    if (ended) return;
    ended = true;
    writeText(wire.deadText, wire.ctl, C.DEAD_LEN, text);
    Atomics.store(wire.ctl, C.DEAD_CODE, code);
    Atomics.store(wire.ctl, C.DEAD, how);
    Atomics.notify(wire.ctl, C.ANS);
    Atomics.notify(wire.ctl, C.LOAD);
    self.postMessage({ dead: how, code, text });
  };
  let host: NodeWorker;
  try {
    host = new NodeWorker(new URL("./policy_host.ts", import.meta.url), {
      workerData: { sab, url },
      resourceLimits: {
        maxOldGenerationSizeMb: heapMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, heapMb >> 4)),
      },
    });
  } catch (err) {
    end(Dead.ERROR, 0, err instanceof Error ? err.message : String(err));
    return;
  }
  host.on("error", (err: unknown) => {
    const code = (err as { code?: unknown })?.code;
    if (code === "ERR_WORKER_OUT_OF_MEMORY") end(Dead.MEMORY, 0, "");
    else {
      let text = "an error";
      try {
        text = err instanceof Error ? err.message : String(err);
      } catch { /* a value that cannot be shown */ }
      end(Dead.ERROR, 0, text);
    }
  });
  host.on("exit", (code: number) => end(Dead.EXIT, code | 0, ""));
  // memory outside the heap (array buffers) has no V8 limit: a decision
  // during which the process grows by more than the heap limit ends it
  let req = -1, base = 0;
  const watch = setInterval(() => {
    if (ended) return clearInterval(watch);
    const r = Atomics.load(wire.ctl, C.REQ);
    if (r === Atomics.load(wire.ctl, C.ANS)) return void (req = -1);
    const rss = Deno.memoryUsage().rss;
    if (r !== req) [req, base] = [r, rss];
    else if (rss - base > outsideMb(heapMb) * 2 ** 20) {
      end(Dead.MEMORY, 1, "");
      host.terminate();
    }
  }, 100);
};
