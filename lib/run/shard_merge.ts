/**
 * The merge of shards, all checks before any sum: a partial file read and
 * checked on its own ({@linkcode readPartial}: JSON, format, checksum, shape,
 * run hashes and ranges, accumulators possible for their slice), then the
 * partials of each job checked together ({@linkcode planMerge}: same code as
 * the merge, same runs, slices that tile every run's index range with no gap
 * and no overlap) and their accumulators lined up for the runner.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { planMerge } from "./shard_merge.ts";
 * // no partials, no jobs
 * assert.deepEqual(await planMerge([], { commit: "abc", dirty: false, diff: null }), []);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import {
  canonicalJson,
  type Job,
  jobStem,
  type MergedBatch,
  type Partial,
  PARTIAL_FORMAT,
  partialName,
  type PartialPiece,
  sha256Hex,
  type ShardCode,
  shardRange,
} from "./shard_format.ts";

/**
 * A partial file, read and checked on its own.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { writeShard } from "./shard_files.ts";
 * import { runMatch } from "./sim.ts";
 * const dir = await Deno.makeTempDir();
 * const { path } = await writeShard({ entry: "flip7", argv: ["sim", "-n", "20"] }, { index: 0, count: 2 }, dir, () => runMatch({ rules: "standard", policies: ["ev", "ev"], games: 20, seed: 1, workers: 1 }));
 * const p: LoadedPartial = await readPartial(path);
 * assert.equal(p.path, path);
 * assert.deepEqual(p.partial.shard, { index: 0, count: 2 });
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export interface LoadedPartial {
  /** Where it was read from. */
  path: string;
  /** Its content. */
  partial: Partial;
}

const accumChecks = new Map<
  string,
  (accum: unknown, size: number) => string | null
>();
const accumMerges = new Map<string, (parts: unknown[]) => unknown>();

/**
 * Register the check of a batch kind's accumulators: a merge refuses a
 * partial whose accumulator is not arithmetically possible for its slice
 * (the checksum only proves the file is whole, not honest), and a partial of
 * a kind with no check. With `merge`, the pieces of each run's slice must
 * add up to its accumulator. The runner registers `runner`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { interceptBatch } from "./shard_mode.ts";
 * import { listPartials, shardCode, writeShard } from "./shard_files.ts";
 * import type { Batch } from "./shard_format.ts";
 * // a batch kind "demo" whose accumulator counts the games of its slice
 * const batch: Batch<{ n: number }> = {
 *   kind: "demo", specs: [{ seed: 1 }], counts: [10],
 *   play: (ranges) => Promise.resolve(ranges.map(([a, b]) => ({ n: b - a }))),
 *   merge: (parts) => ({ n: parts.reduce((s, p) => s + p.n, 0) }),
 * };
 * const dir = await Deno.makeTempDir();
 * for (const index of [0, 1]) {
 *   await writeShard({ entry: "flip7", argv: ["demo"] }, { index, count: 2 }, dir, () => interceptBatch(batch));
 * }
 * const files = await listPartials([dir]), code = await shardCode();
 * registerAccumCheck("demo", (a, size) => (a as { n: number }).n === size ? null : "n ≠ size");
 * assert.equal((await planMerge(files, code)).length, 1);
 * // a check the accumulators fail: the merge refuses the partial
 * registerAccumCheck("demo", () => "never right");
 * await assert.rejects(planMerge(files, code), /never right/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function registerAccumCheck(
  kind: string,
  check: (accum: unknown, size: number) => string | null,
  merge?: (parts: unknown[]) => unknown,
): void {
  accumChecks.set(kind, check);
  if (merge) accumMerges.set(kind, merge);
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
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/sim-ab12cd34ef56.shard-0-of-2.json`, "{ not json");
 * await assert.rejects(readPartial(`${dir}/sim-ab12cd34ef56.shard-0-of-2.json`), /corrupt \(not valid JSON\)/);
 * await assert.rejects(readPartial(`${dir}/missing.shard-0-of-2.json`), /cannot be read/);
 * await Deno.remove(dir, { recursive: true });
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
      const check = accumChecks.get(b.kind);
      if (!check) {
        throw bad(path, `batch kind '${b.kind}' is not one this merge reads`);
      }
      const where = `run ${b.runs.indexOf(r) + 1} of batch ${
        p.batches.indexOf(b) + 1
      } (${b.label})`;
      const problem = check(r.accum, r.to - r.from);
      if (problem !== null) {
        throw bad(path, `impossible accumulator in ${where}: ${problem}`);
      }
      // the pieces the shard played tile the slice and add up to its sums
      if (!Array.isArray(r.pieces)) {
        throw bad(path, `corrupt (${where} has no pieces)`);
      }
      let at = r.from;
      for (const q of r.pieces) {
        if (
          !q || q.from !== at || !isInt(q.to) || q.to <= q.from || q.to > r.to
        ) {
          throw bad(
            path,
            `the pieces of ${where} do not tile its games ${r.from}-${r.to}`,
          );
        }
        const pq = check(q.accum, q.to - q.from);
        if (pq !== null) {
          throw bad(
            path,
            `impossible accumulator in a piece of ${where}: ${pq}`,
          );
        }
        at = q.to;
      }
      if (at !== r.to && r.to > r.from) {
        throw bad(
          path,
          `the pieces of ${where} do not tile its games ${r.from}-${r.to}`,
        );
      }
      const merge = accumMerges.get(b.kind);
      if (
        merge && r.pieces.length > 0 &&
        canonicalJson(merge(r.pieces.map((q) => q.accum))) !==
          canonicalJson(r.accum)
      ) {
        throw bad(
          path,
          `the pieces of ${where} do not add up to its accumulator`,
        );
      }
    }
  }
  return { path, partial: p };
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
 * import assert from "node:assert/strict";
 * import { listPartials, shardCode, writeShard } from "./shard_files.ts";
 * import { runMatch } from "./sim.ts";
 * const dir = await Deno.makeTempDir();
 * const run = () => runMatch({ rules: "standard", policies: ["ev", "ev"], games: 20, seed: 1, workers: 1 });
 * for (const index of [0, 1]) await writeShard({ entry: "flip7", argv: ["sim", "-n", "20"] }, { index, count: 2 }, dir, run);
 * const jobs: MergePlan[] = await planMerge(await listPartials([dir]), await shardCode());
 * assert.equal(jobs.length, 1); // one job, its two partials in shard order
 * assert.deepEqual(jobs[0].partials.map((l) => l.partial.shard.index), [0, 1]);
 * assert.equal(jobs[0].batches[0].parts[0].length, 2); // the run's two slices
 * await Deno.remove(dir, { recursive: true });
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
 * import assert from "node:assert/strict";
 * import { listPartials, shardCode, writeShard } from "./shard_files.ts";
 * import { runMatch } from "./sim.ts";
 * // shard 0 of 2 alone: a gap, so nothing is merged
 * const dir = await Deno.makeTempDir();
 * await writeShard({ entry: "flip7", argv: ["sim", "-n", "20"] }, { index: 0, count: 2 }, dir, () => runMatch({ rules: "standard", policies: ["ev", "ev"], games: 20, seed: 1, workers: 1 }));
 * const files = await listPartials([dir]); // paths of the partial files
 * await assert.rejects(planMerge(files, await shardCode()), /is missing \(shard 1\/2/);
 * // and partials of other code are refused
 * await assert.rejects(planMerge(files, { commit: "0000000", dirty: false, diff: null }), /foreign version/);
 * await Deno.remove(dir, { recursive: true });
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

/** A policy module recorded with different content hashes in two partials. */
function moduleDifference(
  p: Partial,
  q: Partial,
): { path: string; a: string; b: string } | null {
  const mods = (x: Partial) => {
    const m = new Map<string, string>();
    for (const b of x.batches) {
      for (const r of b.runs) {
        const rec = (r.spec as { modules?: Record<string, string> })?.modules;
        if (rec && typeof rec === "object") {
          for (const [k, v] of Object.entries(rec)) m.set(k, String(v));
        }
      }
    }
    return m;
  };
  const a = mods(p), b = mods(q);
  for (const [path, h] of a) {
    const h2 = b.get(path);
    if (h2 !== undefined && h2 !== h) return { path, a: h, b: h2 };
  }
  return null;
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
      const m = moduleDifference(first.partial, l.partial);
      if (m) {
        throw bad(
          l.path,
          `policy module '${m.path}' differs from ${first.path}'s (content ${
            m.b.slice(0, 12)
          } vs ${m.a.slice(0, 12)}): shard every part with the same module`,
        );
      }
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
    samples: [],
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
  // from each partial, pieces drawn at random (by games) to be played again
  batches.forEach((b, bi) => {
    for (const l of sorted) {
      b.samples.push(...drawPieces(l, bi));
    }
  });
  return { job: first.partial.job, jobHash, partials: sorted, batches };
}

/**
 * Pieces a merge plays again from each partial, per batch: drawn at random
 * (by games: a piece of twice the games is twice as likely), so that a
 * partial cannot know which ones. A forgery that changes a share `f` of a
 * partial's games escapes with probability about `(1 - f)^SAMPLES`; the
 * merge plays again about `SAMPLES / 64` of the games (a shard's batch is
 * cut into 64 chunks or more).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(SAMPLES, 2);
 * ```
 */
export const SAMPLES = 2;

function drawPieces(
  l: LoadedPartial,
  bi: number,
): { path: string; run: number; piece: PartialPiece }[] {
  const all = l.partial.batches[bi].runs.flatMap((r, run) =>
    r.pieces.map((piece) => ({ path: l.path, run, piece }))
  );
  const total = all.reduce((s, x) => s + x.piece.to - x.piece.from, 0);
  if (total === 0) return [];
  const picked = new Set<number>();
  const draw = new Uint32Array(SAMPLES * 2);
  crypto.getRandomValues(draw);
  for (let k = 0; k < SAMPLES; k++) {
    // a game index from two 32-bit draws (total may pass 2^32)
    let g = Math.floor(
      ((draw[2 * k] * 2 ** 32 + draw[2 * k + 1]) / 2 ** 64) * total,
    );
    for (let i = 0; i < all.length; i++) {
      const n = all[i].piece.to - all[i].piece.from;
      if (g < n) {
        picked.add(i);
        break;
      }
      g -= n;
    }
  }
  return [...picked].sort((a, b) => a - b).map((i) => all[i]);
}
