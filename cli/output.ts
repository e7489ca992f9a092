/**
 * Command output: printed as it is produced and kept, so that the run can
 * also be written to `results/runs/<command>-<timestamp>.txt` (or `-o PATH`).
 * Files are written to a temporary name and renamed, so no partial file is
 * ever left behind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Output } from "./output.ts";
 * const out = new Output({ echo: false });
 * out.line("hello");
 * assert.equal(out.text(), "hello\n");
 * ```
 * @module
 */

/** Collects and echoes a command's output. */
export class Output {
  private readonly lines: string[] = [];
  private readonly echo: boolean;
  /** @param options `echo: false` keeps the output silent (for tests and notebooks) */
  constructor(options: { echo?: boolean } = {}) {
    this.echo = options.echo ?? true;
  }
  /** Print and keep one line (or several, joined by newlines). */
  line(s = ""): void {
    this.lines.push(s);
    if (this.echo) console.log(s);
  }
  /** Keep a line for the run file without printing it (e.g. what a player typed). */
  record(s: string): void {
    this.lines.push(s);
  }
  /** Print and keep a JSON document on one line. */
  json(value: unknown): void {
    this.line(JSON.stringify(value));
  }
  /** Everything printed so far. */
  text(): string {
    return this.lines.length ? this.lines.join("\n") + "\n" : "";
  }
}

/** The one atomic writer (see `lib/util/io.ts`), re-exported for the commands. */
export { writeFileAtomic } from "../lib/util/io.ts";

/**
 * A timestamp for run-file names, e.g. `20261129-121503`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(runStamp(new Date(0)), "19700101-000000");
 * ```
 */
export function runStamp(d = new Date()): string {
  const p = (n: number) => String(n).padStart(2, "0");
  return `${d.getUTCFullYear()}${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}-${
    p(d.getUTCHours())
  }${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}`;
}

/**
 * Progress on stderr: on a terminal, done of total and, from the second
 * second on, the time left at the pace so far; and, whatever stderr is, one
 * line with an estimate of the time left when a run will take more than ten
 * minutes at the speed of its first chunks (a `sim -n 1000000000` takes
 * days: say so before, not after).
 *
 * @example
 * ```ts
 * const p = progress("sim");
 * p(50, 100);
 * ```
 */
export function progress(label: string): (done: number, total: number) => void {
  let isTty = false;
  try {
    isTty = Deno.stderr.isTerminal();
  } catch {
    isTty = false;
  }
  const enc = new TextEncoder();
  const t0 = Date.now();
  let last = 0, estimated = false;
  return (done, total) => {
    const now = Date.now();
    if (!estimated && done > 0 && done < total) {
      estimated = true;
      const s = (Date.now() - t0) / 1000;
      const left = s * (total - done) / done;
      if (left > 600) {
        Deno.stderr.writeSync(enc.encode(
          `${isTty ? "\r" : ""}${label}: about ${
            duration(left)
          } left at the speed of the first ${done} of ${total} (in ${
            s.toFixed(1)
          } s); Ctrl-C stops it, --shard I/N splits it over machines\n`,
        ));
      }
    }
    if (!isTty) return;
    if (done < total && now - last < 200) return;
    last = now;
    const pct = total > 0 ? Math.floor((100 * done) / total) : 100;
    const left = done > 0 && done < total && now - t0 > 1000
      ? `, about ${
        Math.ceil(((now - t0) / 1000) * (total - done) / done)
      } s left`
      : "";
    Deno.stderr.writeSync(
      enc.encode(
        `\r\x1b[2K${label}: ${done}/${total} (${pct}%)${left}${
          done >= total ? "\n" : ""
        }`,
      ),
    );
  };
}

/**
 * Seconds as a rough duration: `14 min`, `5.2 h`, `3.1 days`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(duration(3 * 86400 + 9000), "3.1 days");
 * ```
 */
export function duration(s: number): string {
  if (s < 3600) return `${Math.round(s / 60)} min`;
  if (s < 86400) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} days`;
}
