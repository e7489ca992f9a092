/**
 * Honest costs: a command that can take more than about ten seconds or more
 * than 2 GiB of memory says so on stderr before it starts (an estimate
 * measured on a 2-core machine, docs/commands.md "Costs"), and, when stderr
 * is a terminal, shows the time spent beside the estimate until it is done.
 * The time is written by a helper thread, so it moves while the main thread
 * computes without pausing (a solve, a table's training). Nothing goes to
 * stdout or into a file: a command's output stays byte-identical.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const lines: string[] = [];
 * const cost = announce("solve all94", "about 1 min, 3.7 GiB of memory", { write: (l) => lines.push(l), tty: false });
 * cost.done();
 * assert.deepEqual(lines, ["flip7: solve all94: about 1 min, 3.7 GiB of memory"]);
 * ```
 * @module
 */

/** What {@linkcode announce} returns: call `done()` when the slow part ends. */
export interface Cost {
  /** Stop the terminal's clock (safe to call twice). */
  done(): void;
}

/** True when stderr is a terminal. */
export function stderrIsTerminal(): boolean {
  try {
    return Deno.stderr.isTerminal();
  } catch {
    return false;
  }
}

/** The clock's thread: the label, with `{s}` the seconds so far, every second. */
const CLOCK = `
const enc = new TextEncoder();
self.onmessage = (e) => {
  const { label, t0 } = e.data;
  setInterval(() => {
    const s = String(Math.round((Date.now() - t0) / 1000));
    // the cursor back at the line's start: a message printed meanwhile
    // writes over the clock instead of after it
    Deno.stderr.writeSync(enc.encode("\\r\\x1b[2K" + label.replace("{s}", s) + "\\r"));
  }, 1000);
};
`;

/**
 * Say what a slow step will cost, on stderr, before it starts; on a
 * terminal, keep the time spent on the same line until `done()`.
 *
 * @param label what runs, e.g. `solve all94`
 * @param estimate its cost, e.g. `about 1 min, 3.7 GiB of memory`
 * @param options where the line goes, whether stderr counts as a terminal
 *   (tests), and `clock: false` for a command that shows its own progress
 */
export function announce(
  label: string,
  estimate: string,
  options: {
    write?: (line: string) => void;
    tty?: boolean;
    clock?: boolean;
  } = {},
): Cost {
  (options.write ?? ((l: string) => console.error(l)))(
    `flip7: ${label}: ${estimate}`,
  );
  // no clock where the command shows its own progress (clock: false)
  if (options.clock === false || !(options.tty ?? stderrIsTerminal())) {
    return { done: () => {} };
  }
  let worker: Worker | null = new Worker(
    `data:application/javascript,${encodeURIComponent(CLOCK)}`,
    { type: "module" },
  );
  worker.postMessage({ label: `  ${label}: {s} s so far`, t0: Date.now() });
  return {
    done() {
      if (!worker) return;
      worker.terminate();
      worker = null;
      // the clock's line erased, so that what follows starts on a clean line
      Deno.stderr.writeSync(new TextEncoder().encode("\r\x1b[2K"));
    },
  };
}

/**
 * A duration for an estimate: `40 s`, `about 3 min`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(duration(40), "40 s");
 * assert.equal(duration(200), "3 min");
 * ```
 */
export function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds / 5) * 5)} s`;
  return `${Math.round(seconds / 60)} min`;
}

/**
 * The time the committed full-size run of each experiment took
 * (`results/NAME.json`'s `elapsed_s`; the experiments `deno task repro`
 * computes together share one figure), scaled by `scale`, as an estimate:
 * null when under ten seconds or unknown.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // one experiment of a run that computed several together: an upper bound
 * assert.match(committedCost(["rulings"], 1)!, /^up to about \d+ min: the committed full-size run computed it with \d+ others in \d+ s on 2 workers/);
 * // all of them (the experiments the committed run ran): the run's own time
 * const repro = new URL("../results/repro.json", import.meta.url);
 * const all: string[] = JSON.parse(Deno.readTextFileSync(repro)).ran;
 * assert.ok(all.includes("rulings") && all.length >= 16);
 * assert.match(committedCost(all, 1)!, /^about \d+ min: the committed full-size run took \d+ s on 2 workers/);
 * ```
 */
export function committedCost(
  names: string[],
  scale: number,
  dir = new URL("../results/", import.meta.url).pathname,
): string | null {
  let seconds = 0, workers = 0, others = 0;
  const seen = new Set<string>();
  for (const name of names) {
    let j: {
      elapsed_s?: number;
      workers?: number;
      command?: string;
      elapsed_covers?: string;
    };
    try {
      j = JSON.parse(Deno.readTextFileSync(`${dir}${name}.json`));
    } catch {
      continue;
    }
    if (typeof j.elapsed_s !== "number") continue;
    // the experiments of one repro share its elapsed time: counted once
    const key = j.command?.startsWith("deno task repro") ? j.command : name;
    if (seen.has(key)) continue;
    seen.add(key);
    // a time shared with experiments not asked for bounds this one's
    const covers = /\(([^)]*)\)/.exec(j.elapsed_covers ?? "")?.[1];
    for (const other of covers ? covers.split(", ") : []) {
      if (!names.includes(other)) others++;
    }
    seconds += j.elapsed_s;
    workers = Math.max(workers, j.workers ?? 0);
  }
  const s = seconds * scale;
  if (s < 10) return null;
  const took = others > 0
    ? `up to about ${
      duration(s)
    }: the committed full-size run computed it with ${others} others in`
    : `about ${duration(s)}: the committed full-size run took`;
  return `${took} ${Math.round(seconds)} s on ${workers} workers (results/${
    names.length === 1 ? names[0] : "NAME"
  }.json, elapsed_s)${scale !== 1 ? `, times --scale ${scale}` : ""}`;
}
