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
 * import assert from "node:assert/strict";
 * import { checkOutputFile, writeRunLog } from "./guard.ts";
 * checkOutputFile("/tmp/run.txt", "-o");
 * const dir = await Deno.makeTempDir(); // results/runs in a real run
 * assert.equal(await writeRunLog(dir, "sim-20261201-120000", "text\n"), `${dir}/sim-20261201-120000.txt`);
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";
import { defaultCacheDir } from "../lib/solver/cache.ts";
import { checkWriteTarget } from "../lib/util/io.ts";
import { holdsTrackedFiles, isTrackedPath } from "../lib/util/version.ts";
import { clip } from "./args.ts";

/** The results folder, relative to the working folder. */
const RESULTS_DIR = "results";

const NOT_ALLOWED =
  "not allowed to write there (the flip7 task may write only under results/ and .cache/)";

/**
 * One line naming a file-system error's cause (without the operation and
 * path Deno appends; the caller names the path).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(fsCause(new Error("Read-only file system (os error 30): open 'x'")), "Read-only file system (os error 30)");
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

function statOrNull(path: string, shown = path): Deno.FileInfo | null {
  try {
    return Deno.statSync(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw new InputError(
      `cannot use '${clip(shown)}': ${
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
 * True when git tracks `path` in the code's repository (read from its index;
 * no program is run).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isTracked("README.md"), true); // in a clone
 * ```
 */
export function isTracked(path: string): boolean {
  return isTrackedPath(path);
}

/** `path` without `./` segments and doubled slashes. */
function tidy(path: string): string {
  return path.replace(/\/+/g, "/").replace(/(^|\/)\.\//g, "$1")
    .replace(/\/+$/, "");
}

function absolute(path: string): string {
  const p = path.startsWith("/") ? path : `${Deno.cwd()}/${path}`;
  const parts: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return "/" + parts.join("/");
}

/** True for a path inside a `results/` folder (relative or absolute). */
function isResultPath(path: string): boolean {
  return /(^|\/)results\//.test(tidy(path));
}

/** True for a path inside the cache folder (`.cache/` or `FLIP7_CACHE_DIR`). */
function isCachePath(path: string): boolean {
  if (/(^|\/)\.cache\//.test(tidy(path))) return true;
  const dir = absolute(defaultCacheDir());
  return absolute(path).startsWith(dir + "/");
}

/**
 * Why an existing file must not be replaced by an output, or null: a result
 * (a run log under `results/runs/` included), a cache file, or a file under
 * version control.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(protectedFile("results/field-size.csv"), "a result");
 * ```
 */
export function protectedFile(path: string): string | null {
  if (/(^|\/)results\/runs\//.test(tidy(path))) return "an existing run log";
  if (isResultPath(path)) return "a result";
  if (isCachePath(path)) return "a cache file";
  if (isTracked(path)) return "under version control";
  return null;
}

/**
 * Check a file the run will write (`-o PATH`, `chart --out PATH`) before
 * any work: a path, not a folder, in an existing writable folder (never
 * created), and — when the file exists — not a result, a run log, a cache
 * file or a file under version control, unless it is one of `replace` (the
 * command's own default output).
 *
 * @throws {InputError} one line naming the path and the reason.
 * @example
 * ```ts
 * checkOutputFile("/tmp/run.txt", "-o");
 * ```
 */
export function checkOutputFile(
  path: string,
  flag: string,
  options: { replace?: string[]; example?: string } = {},
): void {
  if (path.trim() === "") {
    throw new InputError(
      `bad ${flag} '': give a file path, e.g. ${flag} ${
        options.example ?? "run.txt"
      }`,
    );
  }
  if (path.endsWith("/")) {
    throw new InputError(
      `bad ${flag} '${clip(path)}': it names a folder; give a file path`,
    );
  }
  // judged by where it leads (symbolic links followed), not as written
  const real = checkWriteTarget(path);
  const st = statOrNull(real, path);
  if (st?.isDirectory) {
    throw new InputError(
      `bad ${flag} '${clip(path)}': it is a folder; give a file path`,
    );
  }
  if (st) {
    const own = (options.replace ?? []).some((r) =>
      absolute(r) === absolute(path)
    );
    const why = own ? null : protectedFile(path) ?? protectedFile(real);
    if (why) {
      throw new InputError(
        `refusing ${flag} '${
          clip(path)
        }': it is ${why} and would be overwritten; give a new file`,
      );
    }
  }
  const dir = parentOf(path);
  const dst = statOrNull(parentOf(real), dir);
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
  probeFolder(parentOf(real), flag, path);
}

/**
 * Check a folder the run will write into (`--out DIR`) before any work:
 * not empty, not a file, not a folder of tracked files (but `results`),
 * writable; a missing folder is not created here (its nearest existing
 * parent is probed).
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
  // judged by where it leads (symbolic links followed), not as written
  const real = checkWriteTarget(dir);
  const st = statOrNull(real, dir);
  if (st && !st.isDirectory) {
    throw new InputError(
      `bad ${flag} '${clip(dir)}': it is a file, not a folder`,
    );
  }
  // results/ is where results are rewritten; any other folder holding
  // tracked files (tests/snapshots, lib, the repository itself) is refused
  if (
    st && real !== absolute(RESULTS_DIR) && !isResultPath(`${real}/`) &&
    holdsTrackedFiles(real)
  ) {
    throw new InputError(
      `refusing ${flag} '${
        clip(dir)
      }': it holds files under version control that would be overwritten; give results or a new folder`,
    );
  }
  if (!st) {
    if (!mayWrite(dir)) {
      throw new InputError(
        `cannot write ${flag} '${clip(dir)}': ${NOT_ALLOWED}`,
      );
    }
    // nothing is created now (a run refused later leaves no trace): the
    // nearest existing folder is probed; the writers create the rest
    let d = parentOf(real);
    for (let i = 0; i < 64 && !statOrNull(d); i++) d = parentOf(d);
    const dst = statOrNull(d);
    if (dst && !dst.isDirectory) {
      throw new InputError(
        `bad ${flag} '${clip(dir)}': '${clip(d)}' is a file, not a folder`,
      );
    }
    if (mayWrite(d)) probeFolder(d, flag, dir);
    return;
  }
  probeFolder(real, flag, dir);
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
    checkWriteTarget(`${dir}/x`);
    if (!mayWrite(dir)) throw new Deno.errors.NotCapable("write");
    // nothing is created now (a run refused later leaves no trace): the
    // nearest existing folder is probed, when the permissions reach it
    let d = dir;
    for (let i = 0; i < 64 && !statOrNull(d); i++) d = parentOf(d);
    if (d === dir || mayWrite(d)) probeFolder(d, "run log", dir);
  } catch (e) {
    const why = e instanceof InputError
      ? e.message.replace(/^cannot write (run log )?'[^']*': /, "")
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
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir(); // results/runs in a real run
 * assert.equal(await writeRunLog(dir, "rules-20261201-120000", "one\n"), `${dir}/rules-20261201-120000.txt`);
 * assert.equal(await writeRunLog(dir, "rules-20261201-120000", "two\n"), `${dir}/rules-20261201-120000-2.txt`);
 * await Deno.remove(dir, { recursive: true });
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
  checkWriteTarget(tmp);
  await Deno.mkdir(dir, { recursive: true });
  try {
    // inside the try: a write that fails (a full disk) leaves no temporary
    await Deno.writeTextFile(tmp, text);
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
