/**
 * The shard and merge modes of a process and the runner's hooks into them.
 *
 * The runner asks {@linkcode interceptBatch} before it plays a batch of runs:
 * outside a shard or merge it gets `null` and plays as usual; in a shard
 * ({@linkcode recordShard}) it plays the shard's slice of each run, records
 * it and stops the command ({@linkcode ShardStop}: no analysis, no exact
 * figures, no file but the partial); in a merge
 * ({@linkcode withMergedBatches}) it gets the merged accumulators of the
 * partials instead of playing. One mode at a time, process-wide.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { inShard, recordShard } from "./shard_mode.ts";
 * assert.equal(inShard(), false);
 * const batches = await recordShard({ index: 0, count: 2 }, "demo", () => {
 *   assert.equal(inShard(), true);
 *   return Promise.resolve();
 * });
 * assert.deepEqual(batches, []); // nothing intercepted
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import {
  type Batch,
  canonicalJson,
  type MergedBatch,
  type PartialBatch,
  type PartialPiece,
  sha256Hex,
  type Shard,
  shardRange,
} from "./shard_format.ts";
import type { MergePlan } from "./shard_merge.ts";

/**
 * Thrown by the runner in a shard once the shard's runs are recorded (and by
 * exact computations and writers, which shards leave to the merge); the shard
 * driver catches it and writes the partial.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // inside a shard it throws ShardStop, which recordShard catches: the shard ends there
 * const batches = await recordShard({ index: 0, count: 2 }, "demo", () => {
 *   try {
 *     shardStopHere();
 *   } catch (e) {
 *     assert.ok(e instanceof ShardStop);
 *     throw e;
 *   }
 *   return Promise.resolve();
 * });
 * assert.deepEqual(batches, []);
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
 * import assert from "node:assert/strict";
 * assertShardable(); // no-op outside a shard
 * // inside one, before any batch is played, it refuses
 * await assert.rejects(recordShard({ index: 0, count: 2 }, "demo", () => Promise.resolve(assertShardable())), /cannot be sharded/);
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
 * import assert from "node:assert/strict";
 * assert.equal(inShard(), false);
 * await recordShard({ index: 1, count: 2 }, "demo", () => Promise.resolve(assert.equal(inShard(), true)));
 * ```
 */
export function inShard(): boolean {
  return mode?.type === "shard";
}

/**
 * True while a merge runs a job again on the partials' sums: a policy
 * module named there is not loaded (its runs are not played).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(inMerge(), false);
 * ```
 */
export function inMerge(): boolean {
  return mode?.type === "merge";
}

/**
 * Stop a shard here (no-op outside one): exact computations and result
 * writers call it, since a shard only plays its games.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * shardStopHere("exact figures"); // nothing outside a shard
 * await recordShard({ index: 0, count: 2 }, "demo", () => {
 *   assert.throws(() => shardStopHere("exact figures"), ShardStop);
 *   return Promise.resolve();
 * });
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
 * import assert from "node:assert/strict";
 * setShardLabel("field-size"); // nothing outside a shard
 * // inside, it names the shard in assertShardable's message
 * await assert.rejects(
 *   recordShard({ index: 0, count: 2 }, "demo", () => {
 *     setShardLabel("field-size");
 *     assertShardable();
 *     return Promise.resolve();
 *   }),
 *   /^InputError: field-size runs parallel work/,
 * );
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
 * import assert from "node:assert/strict";
 * assert.deepEqual(mergeProvenance(), {}); // outside a merge; in one, the shards' provenance
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
 * import assert from "node:assert/strict";
 * import type { Batch } from "./shard_format.ts";
 * // a batch of one run of 10 "games" whose accumulator counts them
 * const batch: Batch<{ n: number }> = {
 *   kind: "demo", specs: [{ seed: 1 }], counts: [10],
 *   play: (ranges) => Promise.resolve(ranges.map(([a, b]) => ({ n: b - a }))),
 *   merge: (parts) => ({ n: parts.reduce((s, p) => s + p.n, 0) }),
 * };
 * const playEverything = () => batch.play([[0, 10]]);
 * // outside a shard or merge: null, and the caller plays everything
 * assert.equal(await interceptBatch(batch), null);
 * assert.deepEqual((await interceptBatch(batch)) ?? await playEverything(), [{ n: 10 }]);
 * // in shard 1 of 2 it plays games 5 to 9 only, records them, and the shard stops
 * const recorded = await recordShard({ index: 1, count: 2 }, "demo", async () => {
 *   await interceptBatch(batch);
 *   assert.fail("not reached");
 * });
 * assert.deepEqual(recorded[0].runs.map((r) => [r.from, r.to, r.accum]), [[5, 10, { n: 5 }]]);
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
    const pieces = batch.specs.map(() => [] as PartialPiece[]);
    try {
      accs = await batch.play(ranges, (run, from, to, accum) => {
        pieces[run].push({ from, to, accum: structuredClone(accum) });
      });
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
          // a batch that does not say its pieces: the slice is one
          pieces: pieces[i].length > 0
            ? pieces[i].sort((a, b) => a.from - b.from)
            : ranges[i][1] > ranges[i][0]
            ? [{
              from: ranges[i][0],
              to: ranges[i][1],
              accum: structuredClone(accs[i]),
            }]
            : [],
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
  await replaySamples(batch, got, k + 1);
  return got.parts.map((p) => batch.merge(p as A[]));
}

/**
 * Play again the pieces the merge drew from each partial and compare each
 * with what the partial says: a partial whose sums are not what its games
 * give (accumulators swapped between seats, made up with a checksum
 * recomputed) is refused. Runs that seat a policy module are not played
 * again: a merge runs no code a partial names.
 */
async function replaySamples<A>(
  batch: Batch<A>,
  got: MergedBatch,
  number: number,
): Promise<void> {
  const todo = got.samples.filter((x) => {
    const spec = batch.specs[x.run] as { modules?: unknown } | null;
    return !(spec && typeof spec === "object" && spec.modules);
  });
  if (!batch.replay || todo.length === 0) return;
  const again = await batch.replay(
    todo.map((x) => ({ run: x.run, from: x.piece.from, to: x.piece.to })),
  );
  todo.forEach((x, i) => {
    if (canonicalJson(again[i]) !== canonicalJson(x.piece.accum)) {
      throw new InputError(
        `partial ${x.path}: its games ${x.piece.from}-${
          x.piece.to - 1
        } of run ${
          x.run + 1
        } of batch ${number} (${got.label}), played again, do not give the sums it holds: it is not what a shard of this code wrote`,
      );
    }
  });
}

/**
 * Run `body` as shard `shard`: the runner records this shard's slices and
 * stops at the first batch (or at the first exact computation or file). A
 * body that runs several experiments catches {@linkcode ShardStop} per
 * experiment. Returns the recorded batches.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runMatch } from "./sim.ts";
 * // shard 0 of 2 of a 20-game match: its games 0 to 9, recorded
 * const batches = await recordShard({ index: 0, count: 2 }, "sim", () =>
 *   runMatch({ rules: "standard", policies: ["ev", "ev"], games: 20, seed: 1, workers: 1 }));
 * assert.equal(batches.length, 1);
 * assert.deepEqual([batches[0].runs[0].from, batches[0].runs[0].to], [0, 10]);
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
 * Run `body` (the job run again) with the runner fed the merged batches of
 * `plan` instead of playing; checks that the job consumed every batch.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { listPartials, shardCode, writeShard } from "./shard_files.ts";
 * import type { Job } from "./shard_format.ts";
 * import { planMerge } from "./shard_merge.ts";
 * import { runMatch } from "./sim.ts";
 * // a 20-game match in two shards written to a temp folder, then merged
 * const run = () => runMatch({ rules: "standard", policies: ["ev", "sum:20"], games: 20, seed: 1, workers: 1 });
 * const job: Job = { entry: "flip7", argv: ["sim", "-n", "20", "-p", "ev,sum:20", "--seed", "1"] };
 * const dir = await Deno.makeTempDir();
 * for (const index of [0, 1]) await writeShard(job, { index, count: 2 }, dir, run);
 * const [plan] = await planMerge(await listPartials([dir]), await shardCode());
 * // the run again, its batches answered by the shards' accumulators: the unsharded result
 * const merged = await withMergedBatches(plan, run);
 * assert.deepEqual(merged.rows, (await run()).rows);
 * assert.equal(merged.games, 20);
 * await Deno.remove(dir, { recursive: true });
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
