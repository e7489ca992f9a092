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
 * The code is split by concern: `shard_format.ts` (the shard, its slice,
 * the partial file's content and name, hashing), `shard_mode.ts` (the
 * runner's hooks and the shard and merge modes), `shard_merge.ts` (reading,
 * checking and lining up partials) and `shard_files.ts` (provenance, writing
 * and listing partial files). This module re-exports them all.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseShard, shardRange } from "./shard.ts";
 * const s = parseShard("1/3");
 * assert.deepEqual(shardRange(10, s.index, s.count), [3, 6]);
 * ```
 * @module
 */

export * from "./shard_format.ts";
export * from "./shard_mode.ts";
export * from "./shard_merge.ts";
export * from "./shard_files.ts";
