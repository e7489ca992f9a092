/**
 * Files and checksums, for every layer: the one atomic writer (a temporary
 * name unique per call, then a rename, so no partial file is ever left
 * behind) in its asynchronous and synchronous forms, the writer of files
 * that belong together (all staged, then renamed together, or none), the
 * check every writer makes of where a path really leads, and the one
 * checksum (FNV-1a, 32 bits).
 *
 * Paths are judged by what they are: a path inside `results/` or `.cache/`
 * (of the working folder, or a cache folder registered with
 * {@linkcode guardFolder}) must lead, symbolic links followed at every
 * component and at the file itself, to a place inside that folder; any other
 * path that a link leads elsewhere must lead where the process may write.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fnv1a, writeFileAtomic } from "./io.ts";
 * const dir = await Deno.makeTempDir();
 * await writeFileAtomic(`${dir}/a/example.txt`, "data\n"); // the folder a/ is made
 * assert.equal(await Deno.readTextFile(`${dir}/a/example.txt`), "data\n");
 * assert.equal(fnv1a(new TextEncoder().encode("a")), 0xe40c292c);
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import { InputError } from "./errors.ts";

/** Folders whose files must stay inside them, besides `results` and `.cache` of the working folder. */
const guarded = new Set<string>();

/**
 * Register a folder whose files must stay inside it (a cache folder): a
 * path in it that a symbolic link leads out of is refused by every writer.
 *
 * @example
 * ```ts
 * guardFolder("/tmp/my-cache");
 * ```
 */
export function guardFolder(dir: string): void {
  guarded.add(lexical(dir));
}

/** `path` made absolute and normalised without touching the file system. */
function lexical(path: string): string {
  const p = path.startsWith("/") ? path : `${Deno.cwd()}/${path}`;
  const parts: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  return "/" + parts.join("/");
}

/**
 * Where `path` really leads: the real path of its longest existing part
 * (every symbolic link resolved, the file itself included), and the rest
 * appended as written (it does not exist yet).
 */
function realOf(path: string): string {
  const abs = path.startsWith("/") ? path : `${Deno.cwd()}/${path}`;
  const segs = abs.split("/").filter((x) => x !== "" && x !== ".");
  for (let n = segs.length; n >= 0; n--) {
    const head = "/" + segs.slice(0, n).join("/");
    let real: string;
    try {
      real = Deno.realPathSync(head);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) {
        // a link that leads nowhere: where it would lead
        try {
          const to = Deno.readLinkSync(head);
          const at = to.startsWith("/")
            ? to
            : `${head.slice(0, head.lastIndexOf("/"))}/${to}`;
          return lexical([realOf(at), ...segs.slice(n)].join("/"));
        } catch { /* not a link: look further up */ }
        continue;
      }
      // a place the process may not look at (Deno asks for all rights on
      // /proc): judged as written, and refused by the write itself
      return lexical(abs);
    }
    return lexical([real, ...segs.slice(n)].join("/"));
  }
  return lexical(abs);
}

const inside = (p: string, dir: string) => p === dir || p.startsWith(dir + "/");

function mayWriteReal(path: string): boolean {
  try {
    return Deno.permissions.querySync({ name: "write", path }).state ===
      "granted";
  } catch {
    return false;
  }
}

/**
 * Check where a path a writer is about to write really leads, and return
 * that real path. A path inside `results/` or `.cache/` of the working
 * folder (or a registered folder) must stay inside it; any other path that
 * a symbolic link leads elsewhere must lead where the process may write.
 *
 * @throws {InputError} one line naming the path and where it leads.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = Deno.makeTempDirSync();
 * assert.equal(checkWriteTarget(`${dir}/a/b.txt`), `${Deno.realPathSync(dir)}/a/b.txt`);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function checkWriteTarget(path: string): string {
  const abs = lexical(path);
  const real = realOf(path);
  const cwd = Deno.cwd();
  const roots = [`${cwd}/results`, `${cwd}/.cache`, ...guarded].map(lexical);
  for (const root of roots) {
    if (!inside(abs, root)) continue;
    const realRoot = realOf(root);
    if (!inside(real, realRoot)) {
      const name = root.startsWith(cwd + "/")
        ? root.slice(cwd.length + 1)
        : root;
      throw new InputError(
        `cannot write '${path}': a symbolic link leads it out of ${name}/ (to '${real}'); the task writes only inside results/ and .cache/`,
      );
    }
    return real;
  }
  if (real !== abs && !mayWriteReal(real)) {
    throw new InputError(
      `cannot write '${path}': a symbolic link leads it to '${real}', where the task may not write (only inside results/ and .cache/)`,
    );
  }
  return real;
}

/**
 * A temporary name beside `path` (or in `tmpDir`), unique per call: worker
 * threads share the process id.
 */
function tempName(path: string, tmpDir?: string): string {
  const slash = path.lastIndexOf("/");
  const stem = tmpDir ? `${tmpDir}/${path.slice(slash + 1)}` : path;
  return `${stem}.tmp-${Deno.pid}-${Math.random().toString(36).slice(2)}`;
}

/**
 * Write a file atomically: to a temporary file first (beside the file, or in
 * `options.tmpDir` when the process may write only the file itself, not its
 * folder), then rename it into place. Creates the folder when missing. No
 * partial file is ever left behind.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await writeFileAtomic(`${dir}/example.txt`, "data\n");
 * await writeFileAtomic(`${dir}/example.bin`, new Uint8Array([1, 2]), { tmpDir: dir });
 * assert.deepEqual(await Deno.readFile(`${dir}/example.bin`), new Uint8Array([1, 2]));
 * // nothing but the two files: each temporary name was renamed
 * assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["example.bin", "example.txt"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { tmpDir?: string } = {},
): Promise<void> {
  checkWriteTarget(path);
  if (options.tmpDir) checkWriteTarget(`${options.tmpDir}/x`);
  const slash = path.lastIndexOf("/");
  if (slash > 0) await Deno.mkdir(path.slice(0, slash), { recursive: true });
  if (options.tmpDir) await Deno.mkdir(options.tmpDir, { recursive: true });
  const tmp = tempName(path, options.tmpDir);
  try {
    if (typeof data === "string") await Deno.writeTextFile(tmp, data);
    else await Deno.writeFile(tmp, data);
    await Deno.rename(tmp, path);
  } catch (e) {
    await Deno.remove(tmp).catch(() => {});
    throw e;
  }
}

/**
 * {@linkcode writeFileAtomic}, synchronously (for the caches that lazy
 * strategies fill and cannot await).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = Deno.makeTempDirSync();
 * writeFileAtomicSync(`${dir}/example.bin`, new Uint8Array([1, 2, 3]));
 * assert.deepEqual(Deno.readFileSync(`${dir}/example.bin`), new Uint8Array([1, 2, 3]));
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function writeFileAtomicSync(
  path: string,
  data: string | Uint8Array,
  options: { tmpDir?: string } = {},
): void {
  checkWriteTarget(path);
  if (options.tmpDir) checkWriteTarget(`${options.tmpDir}/x`);
  const slash = path.lastIndexOf("/");
  if (slash > 0) Deno.mkdirSync(path.slice(0, slash), { recursive: true });
  if (options.tmpDir) Deno.mkdirSync(options.tmpDir, { recursive: true });
  const tmp = tempName(path, options.tmpDir);
  try {
    if (typeof data === "string") Deno.writeTextFileSync(tmp, data);
    else Deno.writeFileSync(tmp, data);
    Deno.renameSync(tmp, path);
  } catch (e) {
    try {
      Deno.removeSync(tmp);
    } catch { /* nothing to clean */ }
    throw e;
  }
}

/**
 * Write files that belong together as a unit: each to a temporary name
 * beside it, then all renamed into place. When a temporary cannot be
 * written (a full disk) every temporary is removed and no file is
 * replaced; when a rename fails the files already renamed are put back as
 * they were (kept by hard links until the end). Folders are created.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await writeFilesAtomic([[`${dir}/a.csv`, "x\n1\n"], [`${dir}/a.json`, "{}\n"]]);
 * assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["a.csv", "a.json"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeFilesAtomic(
  files: readonly [string, string | Uint8Array][],
): Promise<void> {
  for (const [path] of files) checkWriteTarget(path);
  const staged: [string, string][] = [];
  const drop = async (paths: string[]) => {
    for (const p of paths) await Deno.remove(p).catch(() => {});
  };
  try {
    for (const [path, data] of files) {
      const slash = path.lastIndexOf("/");
      if (slash > 0) {
        await Deno.mkdir(path.slice(0, slash), { recursive: true });
      }
      const tmp = tempName(path);
      staged.push([tmp, path]);
      if (typeof data === "string") await Deno.writeTextFile(tmp, data);
      else await Deno.writeFile(tmp, data);
    }
  } catch (e) {
    await drop(staged.map(([tmp]) => tmp));
    if (e instanceof Deno.errors.NotCapable) throw e; // said by the caller
    const at = staged.at(-1)?.[1] ?? files[0][0];
    const cause = (e instanceof Error ? e.message : String(e)).split("\n")[0]
      .replace(/: (open|write|mkdir)[^]*$/, "");
    throw new InputError(
      `cannot write '${at}' (${cause}): none of its ${files.length} files was written or replaced`,
    );
  }
  // the files being replaced, kept until every rename is done
  const kept: [string, string][] = [];
  const done: string[] = [];
  try {
    for (const [, path] of staged) {
      const old = `${tempName(path)}.old`;
      try {
        await Deno.link(path, old);
        kept.push([old, path]);
      } catch (e) {
        if (!(e instanceof Deno.errors.NotFound)) throw e;
      }
    }
    for (const [tmp, path] of staged) {
      await Deno.rename(tmp, path);
      done.push(path);
    }
  } catch (e) {
    const back = new Map(kept.map(([old, path]) => [path, old]));
    for (const path of done) {
      const old = back.get(path);
      if (old) await Deno.rename(old, path).catch(() => {});
      else await Deno.remove(path).catch(() => {});
    }
    await drop([...staged.map(([tmp]) => tmp), ...kept.map(([old]) => old)]);
    throw e;
  }
  await drop(kept.map(([old]) => old));
}

/**
 * FNV-1a, 32 bits: of bytes `start..end` of a byte array, or of the UTF-16
 * code units of a string. The checksum of the caches and the hash of chart ids.
 * `from` continues a hash already begun (to hash around a gap).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(fnv1a(new TextEncoder().encode("a")), 0xe40c292c);
 * assert.equal(fnv1a("a"), 0xe40c292c); // the same for ASCII text
 * assert.equal(fnv1a(new Uint8Array([9, 97]), 1), 0xe40c292c);
 * assert.equal(fnv1a(new Uint8Array([97]), 0, 1, fnv1a(new Uint8Array([]))), 0xe40c292c);
 * ```
 */
export function fnv1a(
  data: Uint8Array | string,
  start = 0,
  end: number = data.length,
  from = 0x811c9dc5,
): number {
  let h = from;
  if (typeof data === "string") {
    for (let i = start; i < end; i++) {
      h = Math.imul(h ^ data.charCodeAt(i), 0x01000193);
    }
  } else {
    for (let i = start; i < end; i++) h = Math.imul(h ^ data[i], 0x01000193);
  }
  return h >>> 0;
}
