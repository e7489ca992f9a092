/**
 * Running the command line in tests: in-process (fast: `main` with console
 * output captured) or as the `flip7` task would (a spawned `deno run` with
 * the task's own permissions, in a given folder).
 *
 * @example
 * ```ts
 * const r = await cli(["rules", "--no-file"]);
 * r.code; // 0
 * ```
 * @module
 */
import { main } from "../cli/main.ts";

/** What a run printed and returned. */
export interface CliRun {
  /** Exit code. */
  code: number;
  /** Everything printed to stdout. */
  stdout: string;
  /** Everything printed to stderr (or an uncaught error, with its stack). */
  stderr: string;
  /** True when the run threw instead of returning an exit code. */
  threw: boolean;
}

let busy = false;

/**
 * Run `main(args)` in this process, capturing `console.log` and
 * `console.error`. An uncaught error is returned as `threw` with its stack
 * in `stderr` (the real command line would print it as a stack trace).
 *
 * @example
 * ```ts
 * const r = await cli(["sim", "-n", "5", "-p", "ev,ev", "--no-file"]);
 * ```
 */
export async function cli(args: string[]): Promise<CliRun> {
  if (busy) throw new Error("cli() is not re-entrant");
  busy = true;
  const out: string[] = [], err: string[] = [];
  const log = console.log, error = console.error;
  console.log = (...a: unknown[]) => out.push(a.map(String).join(" "));
  console.error = (...a: unknown[]) => err.push(a.map(String).join(" "));
  try {
    const code = await main(args);
    return {
      code,
      stdout: out.map((l) => l + "\n").join(""),
      stderr: err.map((l) => l + "\n").join(""),
      threw: false,
    };
  } catch (e) {
    return {
      code: 1,
      stdout: out.map((l) => l + "\n").join(""),
      stderr: err.join("\n") + "\n" +
        (e instanceof Error ? e.stack ?? e.message : String(e)),
      threw: true,
    };
  } finally {
    console.log = log;
    console.error = error;
    busy = false;
  }
}

/** The permissions of `deno task flip7` (see deno.json). */
export const TASK_FLAGS: string[] = (() => {
  // read from deno.json, so that the tests run with the task's own rights
  const cfg = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  );
  const words = String(cfg.tasks.flip7).split(/\s+/);
  return words.filter((w) => w.startsWith("--"));
})();

const MAIN = new URL("../cli/main.ts", import.meta.url).pathname;

/**
 * Run the command line in a subprocess with the given permission flags, in
 * `cwd` (default: this process's), with stdin closed, killed after
 * `timeoutMs`: exit code and output as a user sees them.
 *
 * @example
 * ```ts
 * const r = await spawnCli(["rules", "--no-file"], { flags: ["--allow-read"] });
 * ```
 */
export async function spawnCli(
  args: string[],
  options: {
    flags: string[];
    cwd?: string;
    timeoutMs?: number;
    env?: Record<string, string>;
  },
): Promise<CliRun & { timedOut: boolean }> {
  const p = new Deno.Command(Deno.execPath(), {
    args: ["run", ...options.flags, MAIN, ...args],
    cwd: options.cwd,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", ...options.env },
  }).spawn();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    try {
      p.kill("SIGKILL");
    } catch { /* already gone */ }
  }, options.timeoutMs ?? 600_000);
  const r = await p.output();
  clearTimeout(timer);
  const dec = new TextDecoder();
  return {
    code: r.code,
    stdout: dec.decode(r.stdout),
    stderr: dec.decode(r.stderr),
    threw: false,
    timedOut,
  };
}

/**
 * Run the command line as `deno task flip7` does, in `cwd`, with stdin
 * closed, killed after `timeoutMs`.
 *
 * @example
 * ```ts
 * const r = await task(["rules"], "/tmp/x");
 * ```
 */
export function task(
  args: string[],
  cwd: string,
  options: { timeoutMs?: number; env?: Record<string, string> } = {},
): Promise<CliRun & { timedOut: boolean }> {
  return spawnCli(args, {
    flags: TASK_FLAGS,
    cwd,
    timeoutMs: options.timeoutMs ?? 60_000,
    env: options.env,
  });
}

/**
 * True when text holds a stack trace (`at file:line` frames or "Uncaught").
 *
 * @example
 * ```ts
 * hasStackTrace("error: Uncaught Error: x\n    at f (file:///a.ts:1:2)"); // true
 * ```
 */
export function hasStackTrace(text: string): boolean {
  return /\bat \S*[:(]\S*:\d+|\bUncaught\b/.test(text);
}

/**
 * Every file under `dir` (relative paths), for "nothing was written" checks.
 *
 * @example
 * ```ts
 * listFiles("/tmp/x"); // ["results/runs/rules-....txt"]
 * ```
 */
export function listFiles(dir: string, prefix = ""): string[] {
  const out: string[] = [];
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(dir)];
  } catch {
    return out;
  }
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory) {
      out.push(`${rel}/`, ...listFiles(`${dir}/${e.name}`, rel));
    } else out.push(rel);
  }
  return out.sort();
}
