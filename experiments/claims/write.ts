/**
 * Files that belong together, written as a unit: the claims table's
 * `claims.csv` and `CLAIMS.md`, and with them the report's `index.html`.
 * Every file is staged under a temporary name beside its target first; only
 * when all are staged are they renamed into place (a rename within a folder
 * needs no space), so a full disk or a target that cannot be replaced leaves
 * every old file as it was and no temporary file behind.
 *
 * A local writer: the project's staged multi-file writer is planned for
 * `lib/util/io.ts` (issue 41, row 9); until then the report uses this one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = Deno.makeTempDirSync();
 * await writeFilesTogether([[`${dir}/a.txt`, "a"], [`${dir}/b.txt`, "b"]]);
 * assert.equal(Deno.readTextFileSync(`${dir}/b.txt`), "b");
 * // b/ is a folder, not a file: nothing is replaced, nothing left behind
 * Deno.removeSync(`${dir}/b.txt`);
 * Deno.mkdirSync(`${dir}/b.txt`);
 * await assert.rejects(writeFilesTogether([[`${dir}/a.txt`, "A"], [`${dir}/b.txt`, "B"]]));
 * assert.equal(Deno.readTextFileSync(`${dir}/a.txt`), "a");
 * assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name).sort(), ["a.txt", "b.txt"]);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 * @module
 */

/**
 * Write `[path, text]` pairs as a unit: all staged, then all renamed. A
 * target that exists and is not a file is refused before anything is written.
 */
export async function writeFilesTogether(
  files: [string, string][],
): Promise<void> {
  for (const [path] of files) {
    let info: Deno.FileInfo | null = null;
    try {
      info = await Deno.lstat(path);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    if (info && !info.isFile) {
      throw new Error(`${path} exists and is not a file`);
    }
  }
  const staged: string[] = [];
  try {
    for (const [path, text] of files) {
      const tmp = `${path}.tmp-${Deno.pid}-${
        Math.random().toString(36).slice(2)
      }`;
      staged.push(tmp);
      await Deno.writeTextFile(tmp, text);
    }
  } catch (e) {
    for (const tmp of staged) await Deno.remove(tmp).catch(() => {});
    throw e;
  }
  for (const [i, [path]] of files.entries()) {
    await Deno.rename(staged[i], path);
  }
}
