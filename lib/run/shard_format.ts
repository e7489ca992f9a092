/**
 * The shard format: what a shard is (`--shard I/N`) and the slice of a run it
 * owns, the partial file a shard writes (its runs, accumulators, code and
 * checksum), its name, and the canonical JSON and SHA-256 that hash specs,
 * jobs and files. Pure data and pure functions: no I/O, no state.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseShard, shardRange } from "./shard_format.ts";
 * const s = parseShard("1/3");
 * assert.deepEqual(s, { index: 1, count: 3 });
 * assert.deepEqual(shardRange(10, s.index, s.count), [3, 6]);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";

/**
 * A shard: `index` of `count` (0-based).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s: Shard = { index: 0, count: 4 };
 * assert.deepEqual(parseShard("0/4"), s);
 * ```
 */
export interface Shard {
  /** 0-based index, below `count`. */
  index: number;
  /** Number of shards, at least 1. */
  count: number;
}

/**
 * Most shards a run may be cut into.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(parseShard(`0/${MAX_SHARDS}`).count, 1_000_000);
 * assert.throws(() => parseShard(`0/${MAX_SHARDS + 1}`));
 * ```
 */
export const MAX_SHARDS = 1_000_000;

/**
 * Parse `--shard I/N` (0-based `I`, `0 ≤ I < N`, `1 ≤ N ≤ 1,000,000`).
 *
 * @throws {InputError} naming the bad value and what is allowed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(parseShard("0/4"), { index: 0, count: 4 });
 * assert.throws(() => parseShard("4/4")); // the index is below the count
 * ```
 */
export function parseShard(raw: unknown): Shard {
  const s = String(raw).trim();
  const m = /^(\d+)\/(\d+)$/.exec(s);
  const index = m ? Number(m[1]) : NaN, count = m ? Number(m[2]) : NaN;
  if (
    !m || !(count >= 1 && count <= MAX_SHARDS) || !(index >= 0) ||
    index >= count
  ) {
    throw new InputError(
      `bad --shard '${raw}': give I/N with N from 1 to ${MAX_SHARDS} and I from 0 to N-1 (e.g. 0/4)`,
    );
  }
  return { index, count };
}

/**
 * The slice `[from, to)` of a run of `total` games that shard `index` of
 * `count` plays: contiguous, deterministic, every index in exactly one shard,
 * slices differing in size by at most one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(shardRange(10, 0, 3), [0, 3]);
 * assert.deepEqual(shardRange(10, 2, 3), [6, 10]);
 * ```
 */
export function shardRange(
  total: number,
  index: number,
  count: number,
): [number, number] {
  const at = (i: number) => Number((BigInt(total) * BigInt(i)) / BigInt(count));
  return [at(index), at(index + 1)];
}

/**
 * JSON with object keys sorted at every level (undefined members left out):
 * the form that hashes and checksums are taken over.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }), '{"a":[2,{"c":4,"d":3}],"b":1}');
 * ```
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") {
    return JSON.stringify(value) ?? "null";
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => canonicalJson(v ?? null)).join(",")}]`;
  }
  const o = value as Record<string, unknown>;
  return `{${
    Object.keys(o).filter((k) => o[k] !== undefined).sort().map((k) =>
      `${JSON.stringify(k)}:${canonicalJson(o[k])}`
    ).join(",")
  }}`;
}

/**
 * SHA-256 of a string, as 64 hex digits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal((await sha256Hex("abc")).slice(0, 8), "ba7816bf");
 * assert.equal((await sha256Hex("abc")).length, 64);
 * ```
 */
export async function sha256Hex(text: string): Promise<string> {
  const d = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(text),
  );
  return Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0"))
    .join("");
}

/**
 * A batch of runs the runner is about to play, as the shard machinery sees
 * it: JSON specs, the size of each run's index range, and the runner's own
 * functions to play slices and to add accumulators.
 *
 * @example
 * ```ts
 * const b: Batch<{ n: number }> = {
 *   kind: "demo", specs: [{ seed: 1 }], counts: [10],
 *   play: (ranges) => Promise.resolve(ranges.map(([a, b]) => ({ n: b - a }))),
 *   merge: (parts) => ({ n: parts.reduce((s, p) => s + p.n, 0) }),
 * };
 * ```
 */
export interface Batch<A> {
  /** Which runner and accumulator type (e.g. `match`, `batch`). */
  kind: string;
  /** One JSON-serialisable spec per run (what defines its games). */
  specs: unknown[];
  /** Games (or rounds) of each run: run `i` has indices `[0, counts[i])`. */
  counts: number[];
  /**
   * Play slice `ranges[i]` of each run `i`; one accumulator per run. With
   * `onPiece`, also say the accumulator of each piece it played (a chunk's
   * part of a run, `[from, to)`): what a shard records so that a merge can
   * replay some of them.
   */
  play(
    ranges: [number, number][],
    onPiece?: (run: number, from: number, to: number, accum: A) => void,
  ): Promise<A[]>;
  /** Play the pieces `[from, to)` of runs `run` again: one accumulator per piece. */
  replay?(pieces: { run: number; from: number; to: number }[]): Promise<A[]>;
  /** Add accumulators of disjoint slices of one run (exact). */
  merge(parts: A[]): A;
}

/**
 * A piece of a run's slice in a partial: a chunk's games, their accumulator.
 *
 * @example
 * ```ts
 * const p: PartialPiece = { from: 0, to: 5, accum: {} };
 * ```
 */
export interface PartialPiece {
  /** First index. */
  from: number;
  /** One past the last index. */
  to: number;
  /** The runner's accumulator of these games. */
  accum: unknown;
}

/**
 * One run's slice in a partial file.
 *
 * @example
 * ```ts
 * const r: PartialRun = { spec: {}, hash: "…", seed: 1, count: 10, from: 0, to: 5, accum: {}, pieces: [] };
 * ```
 */
export interface PartialRun {
  /** The run spec, as the runner gave it. */
  spec: unknown;
  /** SHA-256 of the spec's canonical JSON. */
  hash: string;
  /** The run's seed (when its spec has one), for a reader. */
  seed: number | null;
  /** Games (or rounds) of the whole run. */
  count: number;
  /** First index played by this shard. */
  from: number;
  /** One past the last index played by this shard. */
  to: number;
  /** The runner's accumulator of the slice. */
  accum: unknown;
  /** The slice in pieces as the shard played them, in order (they add up to `accum`). */
  pieces: PartialPiece[];
}

/**
 * One intercepted batch in a partial file.
 *
 * @example
 * ```ts
 * const b: PartialBatch = { kind: "match", label: "sim", runs: [] };
 * ```
 */
export interface PartialBatch {
  /** The batch's kind (runner and accumulator type). */
  kind: string;
  /** What was running (command or experiment name), for messages. */
  label: string;
  /** Its runs, in the runner's order. */
  runs: PartialRun[];
}

/**
 * What a shard ran: enough for the merge to run it again on the merged
 * accumulators.
 *
 * @example
 * ```ts
 * const j: Job = { entry: "flip7", argv: ["sim", "-n", "1000", "-p", "ev,ev"] };
 * ```
 */
export interface Job {
  /** `flip7` (a `deno task flip7` command) or `repro`. */
  entry: "flip7" | "repro";
  /** Its arguments without `--shard`, `--out`, `--workers`, `-o`, `--no-file`. */
  argv: string[];
}

/**
 * The code that made a partial: a merge only adds partials made by its own
 * code.
 *
 * @example
 * ```ts
 * const c: ShardCode = { commit: "881b778…", dirty: false, diff: null };
 * ```
 */
export interface ShardCode {
  /** Git commit, or `unknown`. */
  commit: string;
  /** Whether the code (`CODE_PATHS` of util/version.ts) differs from it (null: unknown). */
  dirty: boolean | null;
  /** SHA-256 of the changed files' paths and contents, when dirty. */
  diff: string | null;
}

/**
 * The format tag of partial files.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(PARTIAL_FORMAT, "flip7-shard-partial/2"); // what a partial this code reads says in `format`
 * ```
 */
export const PARTIAL_FORMAT = "flip7-shard-partial/2";

/**
 * A partial file's content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const job: Job = { entry: "flip7", argv: ["sim", "-n", "10"] };
 * const p: Partial = {
 *   format: PARTIAL_FORMAT, job, job_hash: await sha256Hex(canonicalJson(job)),
 *   shard: { index: 0, count: 4 }, batches: [], code: { commit: "881b778", dirty: false, diff: null },
 *   deno: Deno.version.deno, host: "localhost", workers: 1,
 *   started: "2026-01-01T00:00:00Z", finished: "2026-01-01T00:00:01Z", elapsed_s: 1, checksum: "",
 * };
 * // its file name, from the job, its hash and the shard
 * assert.match(partialName(p.job, p.job_hash, p.shard), /^sim-[0-9a-f]{12}\.shard-0-of-4\.json$/);
 * ```
 */
export interface Partial {
  /** {@linkcode PARTIAL_FORMAT}. */
  format: string;
  /** What ran. */
  job: Job;
  /** SHA-256 of the job's canonical JSON. */
  job_hash: string;
  /** Which shard. */
  shard: Shard;
  /** The batches the job asked for, in order, with this shard's slices. */
  batches: PartialBatch[];
  /** The code that ran it. */
  code: ShardCode;
  /** Deno version. */
  deno: string;
  /** Host name. */
  host: string;
  /** Workers the shard used. */
  workers: number | null;
  /** Start time (ISO). */
  started: string;
  /** End time (ISO). */
  finished: string;
  /** Seconds. */
  elapsed_s: number;
  /** SHA-256 of the canonical JSON of every other member. */
  checksum: string;
}

/**
 * A short file-name stem for a job, e.g. `experiment-field-size`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(jobStem({ entry: "flip7", argv: ["sim", "-n", "10"] }), "sim");
 * assert.equal(jobStem({ entry: "flip7", argv: ["experiment", "field-size", "--quick"] }), "experiment-field-size");
 * ```
 */
export function jobStem(job: Job): string {
  const words = job.entry === "repro" ? ["repro"] : [job.argv[0] ?? "job"];
  if (job.argv[0] === "experiment" && job.argv[1]) words.push(job.argv[1]);
  return words.join("-").replace(/[^A-Za-z0-9_.-]+/g, "_");
}

/**
 * The partial file's name for a job and shard:
 * `STEM-HASH.shard-I-of-N.json`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(partialName({ entry: "flip7", argv: ["sim"] }, "ab12cd34ef56…", { index: 1, count: 4 }), "sim-ab12cd34ef56.shard-1-of-4.json");
 * ```
 */
export function partialName(job: Job, jobHash: string, shard: Shard): string {
  return `${jobStem(job)}-${
    jobHash.slice(0, 12)
  }.shard-${shard.index}-of-${shard.count}.json`;
}

/**
 * Pattern of partial file names (`....shard-I-of-N.json`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual("sim-ab12cd34ef56.shard-1-of-4.json".match(PARTIAL_NAME)?.slice(1), ["1", "4"]);
 * assert.ok(!PARTIAL_NAME.test("sim-ab12cd34ef56.json"));
 * ```
 */
export const PARTIAL_NAME = /\.shard-(\d+)-of-(\d+)\.json$/;

/**
 * A merged batch waiting to be consumed by the runner in a merge: per run,
 * the slices' accumulators in index order.
 *
 * @example
 * ```ts
 * const m: MergedBatch = { kind: "match", label: "sim", hashes: ["…"], parts: [[{}, {}]], samples: [] };
 * ```
 */
export interface MergedBatch {
  /** The batch's kind (runner and accumulator type). */
  kind: string;
  /** What was running, for messages. */
  label: string;
  /** Each run's spec hash. */
  hashes: string[];
  /** Per run, the slices' accumulators. */
  parts: unknown[][];
  /** Pieces drawn at random from each partial, to be played again and compared. */
  samples: { path: string; run: number; piece: PartialPiece }[];
}
