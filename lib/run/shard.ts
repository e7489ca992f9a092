/**
 * Deterministic shards of a Monte Carlo run and their exact merge.
 *
 * Every game (or round) of a run is played on its own random stream, its
 * index, so a run of `count` games can be cut anywhere. `--shard I/N` plays
 * only the contiguous slice {@linkcode shardRange}`(count, I, N)` of every
 * run and records the runner's integer accumulators in a partial file; the
 * merge checks that the partials tile every run's index range exactly once,
 * adds the accumulators and runs the normal analysis on them, so the merged
 * files are the unsharded run's.
 *
 * The runner asks {@linkcode interceptBatch} before it plays a batch of runs:
 * outside a shard or merge it gets `null` and plays as usual; in a shard it
 * plays the shard's slice of each run, records it and stops the command
 * ({@linkcode ShardStop}: no analysis, no exact figures, no file but the
 * partial); in a merge it gets the merged accumulators of the partials
 * instead of playing. Everything here is generic over the accumulator: the
 * runner hands over its `play` and `merge` functions.
 *
 * @example
 * ```ts
 * import { parseShard, shardRange } from "./shard.ts";
 * const s = parseShard("1/3"); // { index: 1, count: 3 }
 * shardRange(10, s.index, s.count); // [3, 6]
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { writeFileAtomic } from "../util/io.ts";
import { codeVersion } from "../util/version.ts";

/**
 * A shard: `index` of `count` (0-based).
 *
 * @example
 * ```ts
 * const s: Shard = { index: 0, count: 4 };
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
 * parseShard(`0/${MAX_SHARDS}`).count; // 1000000
 * ```
 */
export const MAX_SHARDS = 1_000_000;

/**
 * Parse `--shard I/N` (0-based `I`, `0 ≤ I < N`, `1 ≤ N ≤ 1,000,000`).
 *
 * @throws {InputError} naming the bad value and what is allowed.
 * @example
 * ```ts
 * parseShard("0/4"); // { index: 0, count: 4 }
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
 * shardRange(10, 0, 3); // [0, 3]
 * shardRange(10, 2, 3); // [6, 10]
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
 * canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }); // '{"a":[2,{"c":4,"d":3}],"b":1}'
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
 * (await sha256Hex("abc")).slice(0, 8); // "ba7816bf"
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
  /** Play slice `ranges[i]` of each run `i`; one accumulator per run. */
  play(ranges: [number, number][]): Promise<A[]>;
  /** Add accumulators of disjoint slices of one run (exact). */
  merge(parts: A[]): A;
}

/**
 * One run's slice in a partial file.
 *
 * @example
 * ```ts
 * const r: PartialRun = { spec: {}, hash: "…", seed: 1, count: 10, from: 0, to: 5, accum: {} };
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
  /** Whether lib/, cli/, experiments/, deno.json or deno.lock differ from it (null: unknown). */
  dirty: boolean | null;
  /** SHA-256 of those differences (`git diff HEAD`), when dirty. */
  diff: string | null;
}

/**
 * The format tag of partial files.
 *
 * @example
 * ```ts
 * declare const partial: Partial;
 * partial.format === PARTIAL_FORMAT; // true for a partial this code reads
 * ```
 */
export const PARTIAL_FORMAT = "flip7-shard-partial/1";

/**
 * A partial file's content.
 *
 * @example
 * ```ts
 * const p: Partial = JSON.parse(await Deno.readTextFile("results/shards/sim-…shard-0-of-4.json"));
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
 * Thrown by the runner in a shard once the shard's runs are recorded (and by
 * exact computations and writers, which shards leave to the merge); the shard
 * driver catches it and writes the partial.
 *
 * @example
 * ```ts
 * try { shardStopHere(); } catch (e) { e instanceof ShardStop; }
 * ```
 */
export class ShardStop extends Error {
  /** @param reason why the shard stopped here */
  constructor(reason: string) {
    super(`shard stops here: ${reason}`);
    this.name = "ShardStop";
  }
}

interface ShardMode {
  type: "shard";
  shard: Shard;
  label: string;
  batches: PartialBatch[];
}

/** A merged batch waiting to be consumed: per run, the slices' accumulators. */
interface MergedBatch {
  kind: string;
  label: string;
  hashes: string[];
  parts: unknown[][];
}

interface MergeMode {
  type: "merge";
  queue: MergedBatch[];
  used: number;
  provenance: Record<string, unknown>;
}

let mode: ShardMode | MergeMode | null = null;
/** Whether a shard is playing its slices (through {@linkcode interceptBatch}). */
let playing = false;

/**
 * Called by `runChunks`: inside a shard, parallel work that does not come
 * through {@linkcode interceptBatch} would be played whole by every shard,
 * so it is refused (one line, exit 2).
 *
 * @throws {InputError} inside a shard, outside its slices.
 * @example
 * ```ts
 * assertShardable(); // no-op outside a shard
 * ```
 */
export function assertShardable(): void {
  if (mode?.type === "shard" && !playing) {
    throw new InputError(
      `${mode.label} runs parallel work before its games that a shard cannot split (e.g. training win tables), so it cannot be sharded: run it without --shard`,
    );
  }
}

/**
 * True while a shard is running (its exact figures and files are left to the
 * merge).
 *
 * @example
 * ```ts
 * if (inShard()) console.log("partial only");
 * ```
 */
export function inShard(): boolean {
  return mode?.type === "shard";
}

/**
 * Stop a shard here (no-op outside one): exact computations and result
 * writers call it, since a shard only plays its games.
 *
 * @example
 * ```ts
 * shardStopHere("exact figures"); // throws ShardStop inside a shard
 * ```
 */
export function shardStopHere(reason = "nothing more to play"): void {
  if (mode?.type === "shard") throw new ShardStop(reason);
}

/**
 * Set the label of what runs next (an experiment's name), for the partial's
 * batches and the merge's messages.
 *
 * @example
 * ```ts
 * setShardLabel("field-size");
 * ```
 */
export function setShardLabel(label: string): void {
  if (mode?.type === "shard") mode.label = label;
}

/**
 * The provenance a merge adds to what it writes (`{}` outside a merge).
 *
 * @example
 * ```ts
 * const extra = mergeProvenance(); // { shards: {...} } in a merge
 * ```
 */
export function mergeProvenance(): Record<string, unknown> {
  return mode?.type === "merge" ? mode.provenance : {};
}

/**
 * The runner's hook: `null` outside a shard or merge (play as usual); in a
 * shard, plays the shard's slice of every run, records it and throws
 * {@linkcode ShardStop}; in a merge, returns the merged accumulators of the
 * partials (checked against the batch's specs) without playing.
 *
 * @throws {InputError} in a merge, when the partials do not hold this batch.
 * @example
 * ```ts
 * import type { RunAccum } from "./runner.ts";
 * declare const batch: Batch<RunAccum>;
 * declare function playEverything(): Promise<RunAccum[]>;
 * const got = await interceptBatch(batch);
 * const accs = got ?? await playEverything();
 * ```
 */
export async function interceptBatch<A>(batch: Batch<A>): Promise<A[] | null> {
  if (mode === null) return null;
  const hashes = await Promise.all(
    batch.specs.map((s) => sha256Hex(canonicalJson(s))),
  );
  if (mode.type === "shard") {
    const m = mode;
    const ranges = batch.counts.map((c) =>
      shardRange(c, m.shard.index, m.shard.count)
    );
    playing = true;
    let accs: A[];
    try {
      accs = await batch.play(ranges);
    } finally {
      playing = false;
    }
    m.batches.push({
      kind: batch.kind,
      label: m.label,
      runs: batch.specs.map((spec, i) => {
        const seed = (spec as { seed?: unknown })?.seed;
        return {
          spec,
          hash: hashes[i],
          seed: typeof seed === "number" ? seed : null,
          count: batch.counts[i],
          from: ranges[i][0],
          to: ranges[i][1],
          accum: accs[i],
        };
      }),
    });
    throw new ShardStop("runs recorded");
  }
  const k = mode.used;
  const got = mode.queue[k];
  if (!got) {
    throw new InputError(
      `the partials hold ${mode.queue.length} Monte Carlo batch${
        mode.queue.length === 1 ? "" : "es"
      }, but this run plays more: shard it again with this code`,
    );
  }
  if (
    got.kind !== batch.kind || got.hashes.length !== hashes.length ||
    got.hashes.some((h, i) => h !== hashes[i])
  ) {
    throw new InputError(
      `batch ${
        k + 1
      } (${got.label}) of the partials holds other runs than this code plays: shard it again with this code`,
    );
  }
  mode.used++;
  return got.parts.map((p) => batch.merge(p as A[]));
}

/**
 * Run `body` as shard `shard`: the runner records this shard's slices and
 * stops at the first batch (or at the first exact computation or file). A
 * body that runs several experiments catches {@linkcode ShardStop} per
 * experiment. Returns the recorded batches.
 *
 * @example
 * ```ts
 * declare function runSomething(): Promise<void>;
 * const batches = await recordShard({ index: 0, count: 2 }, "sim", () => runSomething());
 * ```
 */
export async function recordShard(
  shard: Shard,
  label: string,
  body: () => Promise<unknown>,
): Promise<PartialBatch[]> {
  if (mode !== null) throw new Error("a shard or merge is already running");
  const m: ShardMode = { type: "shard", shard, label, batches: [] };
  mode = m;
  try {
    await body();
  } catch (e) {
    if (!(e instanceof ShardStop)) throw e;
  } finally {
    mode = null;
  }
  return m.batches;
}

/**
 * The code version of this checkout, as partials record it.
 *
 * @example
 * ```ts
 * (await shardCode()).commit;
 * ```
 */
export async function shardCode(): Promise<ShardCode> {
  const v = await codeVersion();
  let diff: string | null = null;
  if (v.dirty) {
    try {
      const r = await new Deno.Command("git", {
        args: [
          "diff",
          "HEAD",
          "--",
          "lib",
          "cli",
          "experiments",
          "deno.json",
          "deno.lock",
        ],
        cwd: new URL("../..", import.meta.url).pathname,
        stdout: "piped",
        stderr: "null",
      }).output();
      if (r.success) {
        diff = await sha256Hex(
          new TextDecoder().decode(r.stdout) + v.changed.join("\n"),
        );
      }
    } catch {
      diff = null;
    }
  }
  return { commit: v.commit, dirty: v.dirty, diff };
}

function hostName(): string {
  try {
    return Deno.hostname();
  } catch {
    return "unknown";
  }
}

/**
 * A short file-name stem for a job, e.g. `experiment-field-size`.
 *
 * @example
 * ```ts
 * jobStem({ entry: "flip7", argv: ["sim", "-n", "10"] }); // "sim"
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
 * partialName({ entry: "flip7", argv: ["sim"] }, "ab12cd34ef56…", { index: 1, count: 4 }); // "sim-ab12cd34ef56.shard-1-of-4.json"
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
 * PARTIAL_NAME.test("sim-ab12cd34ef56.shard-1-of-4.json"); // true
 * ```
 */
export const PARTIAL_NAME = /\.shard-(\d+)-of-(\d+)\.json$/;

/**
 * Run a job as one shard and write its partial file into `outDir`
 * (atomically; a rerun of the same shard overwrites its own file only).
 *
 * @example
 * ```ts
 * import { runMatch } from "./sim.ts";
 * // shard 0 of 2 of `flip7 sim -n 100 -p ev,ev --seed 1`: the games this shard owns
 * const { path } = await writeShard(
 *   { entry: "flip7", argv: ["sim", "-n", "100", "-p", "ev,ev", "--seed", "1"] },
 *   { index: 0, count: 2 }, ".cache/shards",
 *   () => runMatch({ rules: "standard", policies: ["ev", "ev"], games: 100, seed: 1 }),
 * );
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
 * A partial file, read and checked on its own.
 *
 * @example
 * ```ts
 * const p: LoadedPartial = await readPartial("results/shards/sim-….shard-0-of-2.json");
 * ```
 */
export interface LoadedPartial {
  /** Where it was read from. */
  path: string;
  /** Its content. */
  partial: Partial;
}

const isInt = (x: unknown, min = 0): x is number =>
  typeof x === "number" && Number.isSafeInteger(x) && x >= min;

function bad(path: string, problem: string): InputError {
  return new InputError(`partial ${path}: ${problem}`);
}

/**
 * Read one partial file and check it on its own: JSON, format, checksum,
 * shape, run hashes and ranges.
 *
 * @throws {InputError} naming the file and its problem.
 * @example
 * ```ts
 * const { partial } = await readPartial("results/shards/sim-….shard-0-of-2.json");
 * ```
 */
export async function readPartial(path: string): Promise<LoadedPartial> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (e) {
    throw bad(path, `cannot be read (${(e as Error).message.split("\n")[0]})`);
  }
  let p: Partial;
  try {
    p = JSON.parse(text);
  } catch {
    throw bad(path, "corrupt (not valid JSON)");
  }
  if (p === null || typeof p !== "object" || Array.isArray(p)) {
    throw bad(path, "corrupt (not a JSON object)");
  }
  if (p.format !== PARTIAL_FORMAT) {
    throw bad(
      path,
      `format '${
        String(p.format)
      }' is not ${PARTIAL_FORMAT}: not a partial of this version of flip7`,
    );
  }
  const { checksum, ...rest } = p;
  if (
    typeof checksum !== "string" ||
    checksum !== await sha256Hex(canonicalJson(rest))
  ) {
    throw bad(path, "corrupt (checksum does not match its content)");
  }
  // A file with a valid checksum was written by writeShard; check the shape
  // anyway, so that a hand-made file cannot slip through.
  const s = p.shard;
  if (
    !s || !isInt(s.count, 1) || !isInt(s.index) || s.index >= s.count ||
    !p.job || !Array.isArray(p.job.argv) || !Array.isArray(p.batches) ||
    typeof p.job_hash !== "string" ||
    p.job_hash !== await sha256Hex(canonicalJson(p.job)) || !p.code
  ) {
    throw bad(path, "corrupt (shard, job or batches malformed)");
  }
  for (const b of p.batches) {
    if (!b || typeof b.kind !== "string" || !Array.isArray(b.runs)) {
      throw bad(path, "corrupt (a batch is malformed)");
    }
    for (const r of b.runs) {
      if (
        !r || !isInt(r.count) || !isInt(r.from) || !isInt(r.to) ||
        r.from > r.to || r.to > r.count || r.accum === undefined ||
        r.hash !== await sha256Hex(canonicalJson(r.spec))
      ) {
        throw bad(path, "corrupt (a run's range, hash or counts malformed)");
      }
      const [from, to] = shardRange(r.count, s.index, s.count);
      if (from !== r.from || to !== r.to) {
        throw bad(
          path,
          `run range ${r.from}-${r.to} is not shard ${s.index}/${s.count}'s slice ${from}-${to}`,
        );
      }
    }
  }
  return { path, partial: p };
}

/**
 * List the partial files (`*.shard-I-of-N.json`) in some directories.
 *
 * @throws {InputError} when a directory cannot be read or holds none.
 * @example
 * ```ts
 * const files = await listPartials(["results/shards"]);
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

const short = (c: ShardCode) =>
  `${c.commit.slice(0, 12)}${
    c.dirty ? ` with uncommitted changes ${String(c.diff).slice(0, 8)}` : ""
  }`;

/**
 * The partials of one job, checked to be complete and merged into what
 * {@linkcode withMergedBatches} feeds the runner.
 *
 * @example
 * ```ts
 * const jobs: MergePlan[] = await planMerge(await listPartials(["results/shards"]), await shardCode());
 * ```
 */
export interface MergePlan {
  /** The job. */
  job: Job;
  /** Its hash. */
  jobHash: string;
  /** Its partials, in shard order. */
  partials: LoadedPartial[];
  /** Merged batches, in order: per run the slices' accumulators in index order. */
  batches: MergedBatch[];
}

/**
 * Read every partial, group them by job and check each group: same code as
 * this merge, same runs, and slices that tile each run's index range with no
 * gap and no overlap. Nothing is merged unless every check passes.
 *
 * @throws {InputError} naming the first bad file and its problem (missing,
 * duplicated, overlapping, foreign-version or corrupt partial).
 * @example
 * ```ts
 * declare const files: string[]; // paths of the partial files
 * const plans = await planMerge(files, await shardCode());
 * ```
 */
export async function planMerge(
  files: string[],
  code: ShardCode,
): Promise<MergePlan[]> {
  const loaded: LoadedPartial[] = [];
  for (const f of files) loaded.push(await readPartial(f));
  for (const l of loaded) {
    const c = l.partial.code;
    if (c.commit === "unknown" || code.commit === "unknown") {
      throw bad(
        l.path,
        `code version unknown (${
          c.commit === "unknown" ? "the shard" : "this merge"
        } ran outside a git checkout), so the merge cannot check that the same code made it: run shards and merge from a git checkout`,
      );
    }
    if (
      c.commit !== code.commit || c.dirty !== code.dirty ||
      c.diff !== code.diff
    ) {
      throw bad(
        l.path,
        `foreign version: made by code ${short(c)}, this merge runs ${
          short(code)
        } (merge with the code that ran the shards)`,
      );
    }
  }
  const groups = new Map<string, LoadedPartial[]>();
  for (const l of loaded) {
    const g = groups.get(l.partial.job_hash) ?? [];
    g.push(l);
    groups.set(l.partial.job_hash, g);
  }
  const plans: MergePlan[] = [];
  for (const [jobHash, group] of groups) {
    plans.push(planGroup(jobHash, group));
  }
  return plans;
}

function planGroup(jobHash: string, group: LoadedPartial[]): MergePlan {
  const first = group[0];
  // Same batches and runs in every partial of the job.
  const shape = (p: Partial) =>
    p.batches.map((b) =>
      `${b.kind}:${b.runs.map((r) => `${r.hash}/${r.count}`).join(",")}`
    ).join(";");
  const s0 = shape(first.partial);
  for (const l of group) {
    if (shape(l.partial) !== s0) {
      throw bad(
        l.path,
        `holds other runs than ${first.path} for the same job`,
      );
    }
  }
  // Duplicates and missing shards, when every partial has the same N.
  const n = first.partial.shard.count;
  const byIndex = new Map<string, LoadedPartial>();
  for (const l of group) {
    const s = l.partial.shard;
    const k = `${s.index}/${s.count}`;
    const other = byIndex.get(k);
    if (other) {
      throw bad(l.path, `duplicate of ${other.path} (both shard ${k})`);
    }
    byIndex.set(k, l);
  }
  if (group.every((l) => l.partial.shard.count === n)) {
    for (let i = 0; i < n; i++) {
      if (!byIndex.has(`${i}/${n}`)) {
        const dir = first.path.slice(0, first.path.lastIndexOf("/") + 1);
        throw new InputError(
          `partial ${dir}${
            partialName(first.partial.job, jobHash, { index: i, count: n })
          } is missing (shard ${i}/${n} of ${
            jobStem(first.partial.job)
          }; ${group.length} of ${n} found)`,
        );
      }
    }
  }
  // The slices of every run must tile [0, count) exactly (any mix of N).
  const sorted = [...group].sort((a, b) =>
    a.partial.shard.index / a.partial.shard.count -
    b.partial.shard.index / b.partial.shard.count
  );
  const batches: MergedBatch[] = first.partial.batches.map((b, bi) => ({
    kind: b.kind,
    label: b.label,
    hashes: b.runs.map((r) => r.hash),
    parts: b.runs.map((r, ri) => {
      const slices = sorted.map((l) => ({
        l,
        run: l.partial.batches[bi].runs[ri],
      })).sort((a, b) => a.run.from - b.run.from || a.run.to - b.run.to);
      let at = 0, prev: LoadedPartial | null = null;
      for (const { l, run } of slices) {
        if (run.from > at) {
          throw new InputError(
            `partials of ${
              jobStem(first.partial.job)
            } miss indices ${at}-${run.from} of run ${ri + 1} of batch ${
              bi + 1
            } (${b.label}): a shard's partial is missing`,
          );
        }
        if (run.from < at && run.to > run.from) {
          throw bad(
            l.path,
            `indices ${run.from}-${run.to} of run ${ri + 1} of batch ${
              bi + 1
            } overlap ${prev?.path}`,
          );
        }
        at = Math.max(at, run.to);
        if (run.to > run.from) prev = l;
      }
      if (at !== r.count) {
        throw new InputError(
          `partials of ${jobStem(first.partial.job)} miss indices ${at}-${
            r.count - 1
          } of run ${ri + 1} of batch ${
            bi + 1
          } (${b.label}): a shard's partial is missing`,
        );
      }
      return slices.map((x) => x.run.accum);
    }),
  }));
  return { job: first.partial.job, jobHash, partials: sorted, batches };
}

/**
 * Run `body` (the job run again) with the runner fed the merged batches of
 * `plan` instead of playing; checks that the job consumed every batch.
 *
 * @example
 * ```ts
 * declare const plan: MergePlan;
 * declare function runTheJob(job: Job): Promise<void>;
 * await withMergedBatches(plan, () => runTheJob(plan.job));
 * ```
 */
export async function withMergedBatches<T>(
  plan: MergePlan,
  body: () => Promise<T>,
): Promise<T> {
  if (mode !== null) throw new Error("a shard or merge is already running");
  const m: MergeMode = {
    type: "merge",
    queue: plan.batches,
    used: 0,
    provenance: {
      shards: plan.partials.map((l) => ({
        file: l.path.slice(l.path.lastIndexOf("/") + 1),
        shard: `${l.partial.shard.index}/${l.partial.shard.count}`,
        host: l.partial.host,
        deno: l.partial.deno,
        workers: l.partial.workers,
        started: l.partial.started,
        finished: l.partial.finished,
        elapsed_s: l.partial.elapsed_s,
      })),
    },
  };
  mode = m;
  try {
    const out = await body();
    if (m.used !== m.queue.length) {
      throw new InputError(
        `the partials hold ${m.queue.length} batches but this run used ${m.used}: shard it again with this code`,
      );
    }
    return out;
  } finally {
    mode = null;
  }
}
