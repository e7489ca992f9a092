/**
 * Checks the command line makes before any work, and the run file it writes
 * after: every output path (`-o`, `--out`, the run log) is checked first —
 * not empty, not a folder, its folder present and writable (by the file
 * system and by Deno's permissions), not a result or a file under version
 * control — so that a bad path costs one line and exit code 2, never a
 * finished computation. Run logs are written without overwriting anything:
 * a name already taken gets a numbered suffix.
 *
 * @example
 * ```ts
 * import { checkOutputFile, writeRunLog } from "./guard.ts";
 * checkOutputFile("/tmp/run.txt", "-o");
 * await writeRunLog("results/runs", "sim-20261201-120000", "text\n");
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";
import { clip } from "./args.ts";

const NOT_ALLOWED =
  "not allowed to write there (the flip7 task may write only under results/ and .cache/)";

/**
 * One line naming a file-system error's cause (without the operation and
 * path Deno appends; the caller names the path).
 *
 * @example
 * ```ts
 * fsCause(new Error("Read-only file system (os error 30): open 'x'")); // "Read-only file system (os error 30)"
 * ```
 */
export function fsCause(e: unknown): string {
  if (e instanceof Deno.errors.NotCapable) {
    return NOT_ALLOWED;
  }
  const m = e instanceof Error ? e.message.split("\n")[0] : String(e);
  return m.replace(/: (open|mkdir|rename|link|remove|stat|write)[^]*$/, "");
}

/**
 * True when Deno's permissions let this process write `path`.
 *
 * @example
 * ```ts
 * mayWrite("results/x.txt");
 * ```
 */
export function mayWrite(path: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "write", path }).state ===
      "granted";
  } catch {
    return false;
  }
}

function parentOf(path: string): string {
  const i = path.replace(/\/+$/, "").lastIndexOf("/");
  return i < 0 ? "." : i === 0 ? "/" : path.slice(0, i);
}

function statOrNull(path: string): Deno.FileInfo | null {
  try {
    return Deno.statSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw new InputError(
      `cannot use '${clip(path)}': ${
        e instanceof Deno.errors.NotCapable
          ? "not allowed to read it (the command's permissions)"
          : fsCause(e)
      }`,
    );
  }
}

/** Probe that a folder really accepts a new file (read-only file systems, permissions). */
function probeFolder(dir: string, flag: string, path: string): void {
  if (!mayWrite(dir)) {
    throw new InputError(
      `cannot write ${flag} '${
        clip(path)
      }': not allowed to write there (the flip7 task may write only under results/ and .cache/)`,
    );
  }
  const probe = `${dir}/.flip7-probe-${Deno.pid}-${
    Math.random().toString(36).slice(2)
  }`;
  try {
    Deno.writeFileSync(probe, new Uint8Array(0), { createNew: true });
    Deno.removeSync(probe);
  } catch (e) {
    throw new InputError(
      `cannot write ${flag} '${clip(path)}': folder '${
        clip(dir)
      }' is not writable (${fsCause(e)})`,
    );
  }
}

/**
 * True when git tracks `path` (false when git cannot be asked).
 *
 * @example
 * ```ts
 * isTracked("README.md"); // true in a clone
 * ```
 */
export function isTracked(path: string): boolean {
  try {
    const r = new Deno.Command("git", {
      // asked from the file's own folder, so that any repository it lies in answers
      args: [
        "ls-files",
        "--error-unmatch",
        "--",
        path.slice(path.lastIndexOf("/") + 1),
      ],
      cwd: parentOf(path),
      stdout: "null",
      stderr: "null",
    }).outputSync();
    return r.code === 0;
  } catch {
    return false;
  }
}

/** True for a path inside `results/` but outside `results/runs/` (relative or absolute). */
function isResultPath(path: string): boolean {
  const p = path.replace(/^\.\//, "");
  return /(^|\/)results\//.test(p) && !/(^|\/)results\/runs\//.test(p);
}

/**
 * Check a file the run will write (`-o PATH`) before any work: a path, not
 * a folder, in an existing writable folder, not a result file and not under
 * version control.
 *
 * @throws {InputError} one line naming the path and the reason.
 * @example
 * ```ts
 * checkOutputFile("/tmp/run.txt", "-o");
 * ```
 */
export function checkOutputFile(path: string, flag: string): void {
  if (path.trim() === "") {
    throw new InputError(
      `bad ${flag} '': give a file path, e.g. ${flag} run.txt`,
    );
  }
  if (path.endsWith("/")) {
    throw new InputError(
      `bad ${flag} '${clip(path)}': it names a folder; give a file path`,
    );
  }
  const st = statOrNull(path);
  if (st?.isDirectory) {
    throw new InputError(
      `bad ${flag} '${clip(path)}': it is a folder; give a file path`,
    );
  }
  if (st) {
    if (isResultPath(path) || isTracked(path)) {
      throw new InputError(
        `refusing ${flag} '${clip(path)}': it is ${
          isResultPath(path) ? "a result" : "under version control"
        }; give a new file (run logs go to results/runs/)`,
      );
    }
  }
  const dir = parentOf(path);
  const dst = statOrNull(dir);
  if (!dst) {
    throw new InputError(
      `bad ${flag} '${clip(path)}': folder '${clip(dir)}' does not exist`,
    );
  }
  if (!dst.isDirectory) {
    throw new InputError(
      `bad ${flag} '${clip(path)}': '${clip(dir)}' is not a folder`,
    );
  }
  probeFolder(dir, flag, path);
}

/**
 * Check (and create, when it is missing) a folder the run will write
 * into (`--out DIR`) before any work.
 *
 * @throws {InputError} one line naming the folder and the reason.
 * @example
 * ```ts
 * checkOutputDir("results", "--out");
 * ```
 */
export function checkOutputDir(dir: string, flag: string): void {
  if (dir.trim() === "") {
    throw new InputError(`bad ${flag} '': give a folder, e.g. ${flag} results`);
  }
  const st = statOrNull(dir);
  if (st && !st.isDirectory) {
    throw new InputError(
      `bad ${flag} '${clip(dir)}': it is a file, not a folder`,
    );
  }
  if (!st) {
    if (!mayWrite(dir)) {
      throw new InputError(
        `cannot write ${flag} '${clip(dir)}': ${NOT_ALLOWED}`,
      );
    }
    try {
      Deno.mkdirSync(dir, { recursive: true });
    } catch (e) {
      throw new InputError(
        `cannot create ${flag} '${clip(dir)}': ${fsCause(e)}`,
      );
    }
  }
  probeFolder(dir, flag, dir);
}

/**
 * Check the default run-log folder before any work (it is created only
 * when the run log is written).
 *
 * @throws {InputError} when it cannot be written, suggesting `--no-file`.
 * @example
 * ```ts
 * checkRunLogDir("results/runs");
 * ```
 */
export function checkRunLogDir(dir: string): void {
  try {
    if (!mayWrite(dir)) throw new Deno.errors.NotCapable("write");
    // nothing is created now (a run refused later leaves no trace): the
    // nearest existing folder is probed, when the permissions reach it
    let d = dir;
    for (let i = 0; i < 64 && !statOrNull(d); i++) d = parentOf(d);
    if (d === dir || mayWrite(d)) probeFolder(d, "run log", dir);
  } catch (e) {
    const why = e instanceof InputError
      ? e.message.replace(/^cannot write run log '[^']*': /, "")
      : fsCause(e);
    throw new InputError(
      `cannot write the run log into '${dir}' (${why}): give -o PATH or --no-file`,
    );
  }
}

let counter = 0;

/**
 * Write a run log as `dir/base.txt`, or `dir/base-2.txt`, `-3`, ... when
 * that name is taken: the text goes to a temporary file that is then
 * hard-linked to the first free name (a link never replaces a file), so two
 * runs started in the same second never overwrite each other and no partial
 * file is left. Returns the path written.
 *
 * @example
 * ```ts
 * await writeRunLog("results/runs", "rules-20261201-120000", "text\n");
 * ```
 */
export async function writeRunLog(
  dir: string,
  base: string,
  text: string,
): Promise<string> {
  const tmp = `${dir}/.${base}.tmp-${Deno.pid}-${++counter}-${
    Math.random().toString(36).slice(2)
  }`;
  await Deno.mkdir(dir, { recursive: true });
  await Deno.writeTextFile(tmp, text);
  try {
    for (let i = 1;; i++) {
      const path = `${dir}/${base}${i === 1 ? "" : `-${i}`}.txt`;
      try {
        await Deno.link(tmp, path);
        return path;
      } catch (e) {
        if (!(e instanceof Deno.errors.AlreadyExists) || i > 10000) throw e;
      }
    }
  } finally {
    await Deno.remove(tmp).catch(() => {});
  }
}
