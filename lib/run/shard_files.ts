/**
 * The files of shards and their provenance: the code version a partial
 * records ({@linkcode shardCode}, read from `.git` by `util/version.ts`), a
 * job run as one shard and written as its partial file
 * ({@linkcode writeShard}, atomically), and the partial files of some
 * directories ({@linkcode listPartials}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shardCode } from "./shard_files.ts";
 * const code = await shardCode();
 * assert.equal(code.diff === null, code.dirty !== true); // a diff hash only when dirty
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { writeFileAtomic } from "../util/io.ts";
import { codeVersion } from "../util/version.ts";
import {
  canonicalJson,
  type Job,
  jobStem,
  type Partial,
  PARTIAL_FORMAT,
  PARTIAL_NAME,
  partialName,
  sha256Hex,
  type Shard,
  type ShardCode,
} from "./shard_format.ts";
import { recordShard } from "./shard_mode.ts";

/**
 * The code version of this checkout, as partials record it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const code = await shardCode();
 * assert.equal(typeof code.commit, "string"); // the checked-out commit (or "unknown" outside git)
 * assert.equal(typeof code.dirty === "boolean" || code.dirty === null, true);
 * ```
 */
export async function shardCode(): Promise<ShardCode> {
  const v = await codeVersion();
  // the changed files' content hash, read without running git
  return {
    commit: v.commit,
    dirty: v.dirty,
    diff: v.dirty ? v.changedHash ?? null : null,
  };
}

function hostName(): string {
  try {
    return Deno.hostname();
  } catch {
    return "unknown";
  }
}

/**
 * Run a job as one shard and write its partial file into `outDir`
 * (atomically; a rerun of the same shard overwrites its own file only).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runMatch } from "./sim.ts";
 * // shard 0 of 2 of `flip7 sim -n 20 -p ev,ev --seed 1`: the games this shard owns
 * const dir = await Deno.makeTempDir();
 * const { path, partial } = await writeShard(
 *   { entry: "flip7", argv: ["sim", "-n", "20", "-p", "ev,ev", "--seed", "1"] },
 *   { index: 0, count: 2 }, dir,
 *   () => runMatch({ rules: "standard", policies: ["ev", "ev"], games: 20, seed: 1, workers: 1 }),
 * );
 * assert.match(path, /\/sim-[0-9a-f]{12}\.shard-0-of-2\.json$/);
 * const [run] = partial.batches[0].runs;
 * assert.deepEqual([run.from, run.to, run.count], [0, 10, 20]); // the first half of the games
 * assert.equal(JSON.parse(await Deno.readTextFile(path)).checksum, partial.checksum); // written
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeShard(
  job: Job,
  shard: Shard,
  outDir: string,
  body: () => Promise<unknown>,
  options: { workers?: number; label?: string } = {},
): Promise<{ path: string; partial: Partial }> {
  const started = new Date();
  const t0 = performance.now();
  // the code version as the shard starts, i.e. the code it has loaded
  const code = await shardCode();
  const batches = await recordShard(
    shard,
    options.label ?? jobStem(job),
    body,
  );
  const jobHash = await sha256Hex(canonicalJson(job));
  const body0: Omit<Partial, "checksum"> = {
    format: PARTIAL_FORMAT,
    job,
    job_hash: jobHash,
    shard,
    batches,
    code,
    deno: Deno.version.deno,
    host: hostName(),
    workers: options.workers ?? null,
    started: started.toISOString(),
    finished: new Date().toISOString(),
    elapsed_s: Math.round(performance.now() - t0) / 1000,
  };
  const partial: Partial = {
    ...body0,
    checksum: await sha256Hex(canonicalJson(body0)),
  };
  const path = `${outDir.replace(/\/+$/, "")}/${
    partialName(job, jobHash, shard)
  }`;
  await writeFileAtomic(path, JSON.stringify(partial) + "\n");
  return { path, partial };
}

/**
 * List the partial files (`*.shard-I-of-N.json`) in some directories.
 *
 * @throws {InputError} when a directory cannot be read or holds none.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/sim-ab12cd34ef56.shard-1-of-2.json`, "{}");
 * await Deno.writeTextFile(`${dir}/sim-ab12cd34ef56.shard-0-of-2.json`, "{}");
 * await Deno.writeTextFile(`${dir}/notes.txt`, "");
 * const files = await listPartials([dir]);
 * assert.deepEqual(files, [0, 1].map((i) => `${dir}/sim-ab12cd34ef56.shard-${i}-of-2.json`));
 * await Deno.remove(`${dir}/sim-ab12cd34ef56.shard-0-of-2.json`);
 * await Deno.remove(`${dir}/sim-ab12cd34ef56.shard-1-of-2.json`);
 * await assert.rejects(listPartials([dir]), /no partial files/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function listPartials(dirs: string[]): Promise<string[]> {
  const files: string[] = [];
  for (const d of dirs) {
    const dir = d.replace(/\/+$/, "") || "/";
    const here: string[] = [];
    try {
      for await (const e of Deno.readDir(dir)) {
        if (e.isFile && PARTIAL_NAME.test(e.name)) {
          here.push(`${dir}/${e.name}`);
        }
      }
    } catch (e) {
      throw new InputError(
        `cannot read directory '${d}' (${
          (e as Error).message.split("\n")[0]
        }): give directories holding *.shard-I-of-N.json partials`,
      );
    }
    if (here.length === 0) {
      throw new InputError(
        `no partial files (*.shard-I-of-N.json) in '${d}': give the --out directory of the shards`,
      );
    }
    files.push(...here.sort());
  }
  return files;
}
