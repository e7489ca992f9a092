/**
 * Files and checksums, for every layer: the one atomic writer (a temporary
 * name unique per call, then a rename, so no partial file is ever left
 * behind) in its asynchronous and synchronous forms, and the one checksum
 * (FNV-1a, 32 bits).
 *
 * @example
 * ```ts
 * import { fnv1a, writeFileAtomic } from "./io.ts";
 * await writeFileAtomic("/tmp/flip7-io-example.txt", "data\n");
 * fnv1a(new TextEncoder().encode("a")); // 0xe40c292c
 * ```
 * @module
 */

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
 * await writeFileAtomic("/tmp/flip7-io-example.txt", "data\n");
 * await writeFileAtomic("/tmp/flip7-io-example.bin", new Uint8Array([1, 2]), {
 *   tmpDir: "/tmp",
 * });
 * ```
 */
export async function writeFileAtomic(
  path: string,
  data: string | Uint8Array,
  options: { tmpDir?: string } = {},
): Promise<void> {
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
 * writeFileAtomicSync("/tmp/flip7-io-example.bin", new Uint8Array([1, 2, 3]));
 * ```
 */
export function writeFileAtomicSync(
  path: string,
  data: string | Uint8Array,
  options: { tmpDir?: string } = {},
): void {
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
 * FNV-1a, 32 bits: of bytes `start..end` of a byte array, or of the UTF-16
 * code units of a string. The checksum of the caches and the hash of chart ids.
 * `from` continues a hash already begun (to hash around a gap).
 *
 * @example
 * ```ts
 * fnv1a(new TextEncoder().encode("a")); // 0xe40c292c
 * fnv1a("a"); // 0xe40c292c (the same for ASCII text)
 * fnv1a(new Uint8Array([9, 97]), 1); // 0xe40c292c
 * fnv1a(new Uint8Array([97]), 0, 1, fnv1a(new Uint8Array([]))); // 0xe40c292c
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
