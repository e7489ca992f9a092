/**
 * Which code produced a result: the package version, the git commit and
 * whether lib/, cli/, experiments/, deno.json or deno.lock differ from it.
 *
 * @example
 * ```ts
 * import { codeVersion } from "./version.ts";
 * (await codeVersion()).version; // "0.1.0"
 * ```
 * @module
 */

/**
 * Which code produced a result.
 *
 * @example
 * ```ts
 * const v: CodeVersion = await codeVersion();
 * ```
 */
export interface CodeVersion {
  /** Package version from `deno.json`. */
  version: string;
  /** Git commit (HEAD), or `unknown`. */
  commit: string;
  /**
   * True when `lib/`, `cli/`, `experiments/`, `deno.json` or `deno.lock` differ from
   * the commit; null when git could not be run.
   */
  dirty: boolean | null;
  /** The files that differ (git status lines), when git could be run. */
  changed: string[];
}

function canRun(command: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "run", command }).state ===
      "granted";
  } catch {
    return false;
  }
}

async function git(args: string[]): Promise<string | null> {
  try {
    const root = new URL("../..", import.meta.url).pathname;
    const r = await new Deno.Command("git", {
      args,
      cwd: root,
      stdout: "piped",
      stderr: "null",
    }).output();
    return r.success ? new TextDecoder().decode(r.stdout) : null;
  } catch {
    return null;
  }
}

function readHead(): string {
  try {
    const dir = new URL("../../.git/", import.meta.url);
    const head = Deno.readTextFileSync(new URL("HEAD", dir)).trim();
    if (!head.startsWith("ref: ")) return head;
    const ref = head.slice(5);
    try {
      return Deno.readTextFileSync(new URL(ref, dir)).trim();
    } catch {
      const packed = Deno.readTextFileSync(new URL("packed-refs", dir));
      const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
      return line ? line.split(" ")[0] : "unknown";
    }
  } catch {
    return "unknown";
  }
}

/**
 * The package version, the git commit and whether the code differs from it.
 * Uses `git` when it may be run, else reads `.git/HEAD` (then `dirty` is null).
 *
 * @example
 * ```ts
 * const v = await codeVersion();
 * v.commit; // "5391f98..." or "unknown"
 * ```
 */
export async function codeVersion(): Promise<CodeVersion> {
  let version = "unknown";
  try {
    const cfg = JSON.parse(
      Deno.readTextFileSync(new URL("../../deno.json", import.meta.url)),
    );
    version = String(cfg.version ?? "unknown");
  } catch {
    // no deno.json readable: leave unknown
  }
  if (canRun("git")) {
    const head = await git(["rev-parse", "HEAD"]);
    const status = await git([
      "status",
      "--porcelain",
      "--",
      "lib",
      "cli",
      "experiments",
      "deno.json",
      "deno.lock",
    ]);
    if (head) {
      const changed = status === null
        ? []
        : status.split("\n").map((l) => l.trim()).filter((l) => l !== "");
      return {
        version,
        commit: head.trim(),
        dirty: status === null ? null : changed.length > 0,
        changed,
      };
    }
  }
  return { version, commit: readHead(), dirty: null, changed: [] };
}
