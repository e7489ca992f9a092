/**
 * `deno task repro ... --shard I/N [--out DIR]`: shard `I` of `N` of a
 * reproduction. The run's one pool of games (every experiment's runs) is
 * played for this shard's slice of each run only (no exact figures, no
 * results); the slices go into one partial file in `--out DIR` (default `results/shards/`), which
 * `deno task flip7 merge` adds up with the other shards' into the
 * reproduction's files.
 *
 * @example
 * ```sh
 * deno task repro --quick --shard 0/2 --out .cache/shards
 * deno task repro --quick --shard 1/2 --out .cache/shards
 * deno task flip7 merge .cache/shards --out .cache/quick
 * ```
 * @module
 */

import { intOption, scaleOption, type Values } from "./args.ts";
import { shardOut } from "./shard.ts";
import { executePlans } from "../lib/experiment/experiment.ts";
import { defaultWorkers } from "../lib/run/parallel.ts";
import {
  parseShard,
  setShardLabel,
  ShardStop,
  shardStopHere,
  writeShard,
} from "../lib/run/shard.ts";
import { DEFAULT_EXPERIMENTS, EXPERIMENTS } from "../experiments/mod.ts";

/**
 * The argv a repro shard records for its job (what a merge runs again): the
 * experiments named, `--all`, the seed, `--quick` and `--scale`, in that
 * order. A merge accepts only a partial whose argv this gives back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(reproJobArgv({ quick: true }, ["round-law"]), ["round-law", "--seed", "1", "--quick"]);
 * ```
 */
export function reproJobArgv(
  values: Values,
  only: string[] | undefined,
): string[] {
  const seed = intOption(values, "seed", {
    min: 0,
    max: 4294967295,
    default: 1,
  });
  const scale = scaleOption(values);
  return [
    ...(only ?? []),
    ...(values.all === true ? ["--all"] : []),
    "--seed",
    String(seed),
    ...(values.quick === true ? ["--quick"] : []),
    ...(scale !== 1 ? ["--scale", String(scale)] : []),
  ];
}

/**
 * Run one shard of a reproduction and write its partial file.
 *
 * @example
 * ```ts ignore
 * // a shard plays its share of whole experiments' runs (and refuses one
 * // with work it cannot split): tests/shard_test.ts runs two shards of
 * // `replication --quick` and merges them into the unsharded files
 * const path = await reproShard({ quick: true, shard: "0/2", out: ".cache/shards" }, [], ["replication"]);
 * ```
 */
export async function reproShard(
  values: Values,
  _positionals: string[],
  only: string[] | undefined,
): Promise<string> {
  const shard = parseShard(values.shard);
  const seed = intOption(values, "seed", {
    min: 0,
    max: 4294967295,
    default: 1,
  });
  const quick = values.quick === true;
  const scale = scaleOption(values);
  const workers = intOption(values, "workers", {
    min: 1,
    max: 64,
    default: defaultWorkers(),
  });
  const all = values.all === true;
  const exps = only
    ? only.map((n) => EXPERIMENTS.find((e) => e.name === n)!)
    : all
    ? EXPERIMENTS
    : DEFAULT_EXPERIMENTS;
  const argv = reproJobArgv(values, only);
  const { path, partial } = await writeShard(
    { entry: "repro", argv },
    shard,
    shardOut(values),
    async () => {
      // the experiments' runs are one pool, as `repro` plays them
      setShardLabel(exps.length === 1 ? exps[0].name : "repro");
      try {
        await executePlans(exps, { seed, quick, scale, workers });
        shardStopHere();
      } catch (e) {
        if (!(e instanceof ShardStop)) throw e;
      }
    },
    { workers, label: "repro" },
  );
  const games = partial.batches.reduce(
    (s, b) => s + b.runs.reduce((t, r) => t + r.to - r.from, 0),
    0,
  );
  console.log(
    `repro shard ${shard.index}/${shard.count}: ${games} games (or rounds) of ${exps.length} experiments in ${
      partial.elapsed_s.toFixed(1)
    } s`,
  );
  console.log(`wrote ${path}`);
  return path;
}
