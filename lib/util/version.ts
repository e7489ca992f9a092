/**
 * Which code produced a result: the package version, the git commit and
 * whether lib/, cli/, experiments/, deno.json or deno.lock differ from it.
 *
 * Everything is read from the files themselves — `.git/HEAD`, the refs and
 * the index (`.git/index`, formats 2 to 4; a worktree's `.git` file is
 * followed) — and the code files are hashed as git hashes blobs, so no
 * program is run (`deno task flip7` has no `--allow-run`). A file is
 * "changed" when its content differs from the index's blob, when the index
 * lists it and it is gone, or when it lies in those folders and the index
 * does not list it. Changes staged in the index but not committed are not
 * seen (the index is compared with the files, not with the commit's tree).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { codeVersion } from "./version.ts";
 * const { version } = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
 * assert.equal((await codeVersion()).version, version);
 * ```
 * @module
 */

/**
 * Which code produced a result.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const v: CodeVersion = await codeVersion();
 * assert.match(v.commit, /^([0-9a-f]{40}|unknown)$/);
 * ```
 */
export interface CodeVersion {
  /** Package version from `deno.json`. */
  version: string;
  /** Git commit (HEAD), or `unknown`. */
  commit: string;
  /**
   * True when a file of {@linkcode CODE_PATHS} differs from the index; null
   * when the repository could not be read.
   */
  dirty: boolean | null;
  /** The files that differ, as `M path`, `D path` or `?? path` lines. */
  changed: string[];
  /**
   * SHA-256 over the changed files' paths and contents (null when nothing
   * changed or the repository could not be read): two checkouts with the
   * same commit and the same hash run the same code.
   */
  changedHash?: string | null;
}

/** The folders and files whose changes make the code "dirty". */
export const CODE_PATHS = [
  "lib",
  "cli",
  "experiments",
  "deno.json",
  "deno.lock",
];

/** Where a repository's files are. */
interface Repo {
  /** The working tree (no trailing slash). */
  root: string;
  /** The git folder of this working tree (HEAD, index). */
  gitDir: string;
  /** The shared git folder (refs, packed-refs). */
  commonDir: string;
}

function readText(path: string): string | null {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return null;
  }
}

/** The repository whose working tree holds `root` (the code's own by default). */
function repoAt(root: string): Repo | null {
  root = root.replace(/\/+$/, "") || "/";
  let gitDir = `${root}/.git`;
  try {
    if (Deno.statSync(gitDir).isFile) {
      const m = /^gitdir: (.+)$/m.exec(readText(gitDir) ?? "");
      if (!m) return null;
      const g = m[1].trim();
      gitDir = g.startsWith("/") ? g : `${root}/${g}`;
    }
  } catch {
    return null;
  }
  const common = readText(`${gitDir}/commondir`)?.trim();
  const commonDir = common
    ? (common.startsWith("/") ? common : `${gitDir}/${common}`)
    : gitDir;
  return { root, gitDir, commonDir };
}

const CODE_ROOT = new URL("../..", import.meta.url).pathname.replace(
  /\/+$/,
  "",
);

/** The code's own repository, or null outside a git checkout. */
function codeRepo(): Repo | null {
  return repoAt(CODE_ROOT);
}

function readHead(repo: Repo): string {
  const head = readText(`${repo.gitDir}/HEAD`)?.trim();
  if (!head) return "unknown";
  if (!head.startsWith("ref: ")) {
    return /^[0-9a-f]{40,64}$/.test(head) ? head : "unknown";
  }
  const ref = head.slice(5).trim();
  for (const dir of [repo.gitDir, repo.commonDir]) {
    const v = readText(`${dir}/${ref}`)?.trim();
    if (v && /^[0-9a-f]{40,64}$/.test(v)) return v;
  }
  const packed = readText(`${repo.commonDir}/packed-refs`) ?? "";
  const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
  return line ? line.split(" ")[0] : "unknown";
}

/** One index entry: the blob id (hex) of a tracked file. */
type IndexMap = Map<string, string>;

const indexCache = new Map<string, { mtime: number; map: IndexMap }>();

/**
 * The paths git tracks (relative to the working tree) with their blob ids,
 * read from the index file; null when it cannot be read or parsed.
 */
function readIndex(repo: Repo): IndexMap | null {
  const file = `${repo.gitDir}/index`;
  let bytes: Uint8Array;
  let mtime = 0;
  try {
    mtime = Deno.statSync(file).mtime?.getTime() ?? 0;
    const hit = indexCache.get(file);
    if (hit && hit.mtime === mtime && mtime !== 0) return hit.map;
    bytes = Deno.readFileSync(file);
  } catch {
    return null;
  }
  const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 12 || dv.getUint32(0) !== 0x44495243) return null; // DIRC
  const version = dv.getUint32(4), count = dv.getUint32(8);
  if (version < 2 || version > 4) return null;
  const dec = new TextDecoder();
  const map: IndexMap = new Map();
  let at = 12, prev = "";
  try {
    for (let i = 0; i < count; i++) {
      const start = at;
      const mode = dv.getUint32(start + 24);
      const sha = Array.from(
        bytes.subarray(start + 40, start + 60),
        (b) => b.toString(16).padStart(2, "0"),
      ).join("");
      const flags = dv.getUint16(start + 60);
      at = start + 62;
      if (version >= 3 && (flags & 0x4000)) at += 2;
      let name: string;
      if (version === 4) {
        // prefix compression: strip N bytes of the previous name, add a suffix
        let n = 0, b = bytes[at++];
        n = b & 0x7f;
        while (b & 0x80) {
          b = bytes[at++];
          n = ((n + 1) << 7) | (b & 0x7f);
        }
        const end = bytes.indexOf(0, at);
        if (end < 0) return null;
        name = prev.slice(0, prev.length - n) +
          dec.decode(bytes.subarray(at, end));
        at = end + 1;
      } else {
        const end = bytes.indexOf(0, at);
        if (end < 0) return null;
        name = dec.decode(bytes.subarray(at, end));
        // 1 to 8 NULs pad the entry to a multiple of 8 bytes
        at = start + Math.floor((end - start + 8) / 8) * 8;
      }
      prev = name;
      // gitlinks (submodules) have no blob of their own
      if ((mode >>> 12) !== 0o16) map.set(name, sha);
    }
  } catch {
    return null;
  }
  indexCache.set(file, { mtime, map });
  return map;
}

/**
 * True when git tracks `path` in the code's repository (false outside it or
 * when its index cannot be read). Reads the index; runs no program.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isTrackedPath("README.md"), true); // in a clone of the repository
 * ```
 */
export function isTrackedPath(path: string): boolean {
  const rel = repoRelative(path);
  if (rel === null) return false;
  const repo = codeRepo();
  const index = repo ? readIndex(repo) : null;
  return index?.has(rel) ?? false;
}

/**
 * True when git tracks a file inside folder `dir` of the code's repository.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(holdsTrackedFiles("lib"), true); // in a clone of the repository
 * ```
 */
export function holdsTrackedFiles(dir: string): boolean {
  const rel = repoRelative(dir);
  if (rel === null) return false;
  const repo = codeRepo();
  const index = repo ? readIndex(repo) : null;
  if (!index) return false;
  if (rel === "") return index.size > 0;
  const prefix = rel.replace(/\/+$/, "") + "/";
  for (const k of index.keys()) if (k.startsWith(prefix)) return true;
  return false;
}

/** `path` relative to the code's working tree, or null when outside it. */
function repoRelative(path: string): string | null {
  let abs = path.startsWith("/") ? path : `${Deno.cwd()}/${path}`;
  // normalise `.` and `..` segments
  const parts: string[] = [];
  for (const seg of abs.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  abs = "/" + parts.join("/");
  try {
    // a path through a symlinked folder: compare real paths
    const dir = abs.slice(0, abs.lastIndexOf("/")) || "/";
    abs = `${Deno.realPathSync(dir)}${abs.slice(abs.lastIndexOf("/"))}`;
  } catch { /* a missing folder: keep the path as written */ }
  let root = CODE_ROOT;
  try {
    root = Deno.realPathSync(CODE_ROOT);
  } catch { /* keep */ }
  if (abs === root) return "";
  return abs.startsWith(root + "/") ? abs.slice(root.length + 1) : null;
}

async function digestHex(
  algo: string,
  data: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const d = await crypto.subtle.digest(algo, data);
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/** Git's blob id of some bytes (SHA-1 of `blob N\0` and the bytes). */
async function blobId(data: Uint8Array<ArrayBuffer>): Promise<string> {
  const head = new TextEncoder().encode(`blob ${data.length}\0`);
  const all = new Uint8Array(head.length + data.length);
  all.set(head);
  all.set(data, head.length);
  return await digestHex("SHA-1", all);
}

function walk(root: string, rel: string, out: string[]): void {
  let entries: Deno.DirEntry[];
  try {
    entries = [...Deno.readDirSync(`${root}/${rel}`)];
  } catch {
    return;
  }
  for (const e of entries) {
    const p = `${rel}/${e.name}`;
    if (e.isDirectory) walk(root, p, out);
    else if (e.isFile && !e.name.endsWith(".tmp")) out.push(p);
  }
}

function inCode(path: string): boolean {
  return CODE_PATHS.some((c) => path === c || path.startsWith(`${c}/`));
}

/**
 * The code files that differ from the index, with a hash of their content.
 * Null when the repository cannot be read.
 */
async function changedFiles(
  repo: Repo,
): Promise<{ changed: string[]; hash: string | null } | null> {
  const index = readIndex(repo);
  if (!index) return null;
  const lines: string[] = [];
  const hashed: string[] = [];
  const seen = new Set<string>();
  for (const [path, sha] of index) {
    if (!inCode(path)) continue;
    seen.add(path);
    let data: Uint8Array<ArrayBuffer>;
    try {
      data = Deno.readFileSync(`${repo.root}/${path}`);
    } catch {
      lines.push(`D ${path}`);
      hashed.push(`${path}\0deleted`);
      continue;
    }
    const id = await blobId(data);
    if (id !== sha) {
      lines.push(`M ${path}`);
      hashed.push(`${path}\0${id}`);
    }
  }
  const files: string[] = [];
  for (const c of CODE_PATHS) {
    try {
      const st = Deno.statSync(`${repo.root}/${c}`);
      if (st.isDirectory) walk(repo.root, c, files);
      else files.push(c);
    } catch { /* absent */ }
  }
  for (const f of files.sort()) {
    if (seen.has(f)) continue;
    lines.push(`?? ${f}`);
    hashed.push(
      `${f}\0${await blobId(Deno.readFileSync(`${repo.root}/${f}`))}`,
    );
  }
  const hash = hashed.length === 0 ? null : await digestHex(
    "SHA-256",
    new TextEncoder().encode(hashed.join("\n")),
  );
  return { changed: lines, hash };
}

/**
 * The package version, the git commit and whether the code differs from it,
 * read from the repository's files (no program is run).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const v = await codeVersion();
 * const git = new Deno.Command("git", { args: ["rev-parse", "HEAD"] }).outputSync();
 * assert.equal(v.commit, new TextDecoder().decode(git.stdout).trim()); // git's HEAD
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
  const repo = codeRepo();
  if (!repo) {
    return {
      version,
      commit: "unknown",
      dirty: null,
      changed: [],
      changedHash: null,
    };
  }
  const commit = readHead(repo);
  let c: { changed: string[]; hash: string | null } | null = null;
  try {
    c = await changedFiles(repo);
  } catch {
    c = null;
  }
  return {
    version,
    commit,
    dirty: c === null ? null : c.changed.length > 0,
    changed: c?.changed ?? [],
    changedHash: c?.hash ?? null,
  };
}
