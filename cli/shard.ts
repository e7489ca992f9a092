/**
 * `--shard I/N [--out DIR]` for a command: {@linkcode shardable} wraps a
 * command so that, with `--shard`, it plays only shard `I` of `N` of every
 * run and writes one partial file into `--out DIR` (default
 * `results/shards/`) instead of its results; `flip7 merge` adds the partials
 * up and writes what the unsharded command writes.
 *
 * @example
 * ```ts
 * import { shardable } from "./shard.ts";
 * import { simCommand } from "./commands/sim.ts";
 * const sim = shardable(simCommand); // sim ... --shard 0/4 --out results/shards
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";
import { type Job, parseShard, writeShard } from "../lib/run/shard.ts";
import type { Values } from "./args.ts";
import type { Command } from "./command.ts";
import { Output } from "./output.ts";
import { checkOutputDir } from "./guard.ts";

/**
 * Where partials go by default.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(shardOut({}) === SHARD_DIR, true);
 * ```
 */
export const SHARD_DIR = "results/shards";

/** Options a job's identity leaves out (they do not change its games). */
const NOT_IN_JOB = ["shard", "out", "workers", "o", "no-file", "help"];

/**
 * The arguments that rebuild a parsed command line (options in the command's
 * order), leaving out `--shard`, `--out`, `--workers`, `-o`, `--no-file`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { simCommand } from "./commands/sim.ts";
 * assert.deepEqual(jobArgv(simCommand, [], { n: "100", p: "ev,ev", shard: "0/2" }), ["sim", "-n", "100", "-p", "ev,ev"]);
 * ```
 */
export function jobArgv(
  cmd: Command,
  positionals: string[],
  values: Values,
): string[] {
  const argv = [cmd.name, ...positionals];
  for (const k of Object.keys(cmd.options)) {
    const v = values[k];
    if (NOT_IN_JOB.includes(k) || v === undefined || v === false) continue;
    const flag = k.length === 1 ? `-${k}` : `--${k}`;
    for (const x of Array.isArray(v) ? v : [v]) {
      if (x === true) argv.push(flag);
      else if (x !== false) argv.push(flag, String(x));
    }
  }
  return argv;
}

/**
 * The `--out DIR` of a shard (default {@linkcode SHARD_DIR}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(shardOut({}), "results/shards");
 * ```
 */
export function shardOut(values: Values): string {
  const o = values.out;
  if (typeof o === "string" && o.trim() === "") {
    throw new InputError(
      `bad --out '': give the folder of the partial file, e.g. --out ${SHARD_DIR}`,
    );
  }
  return typeof o === "string" ? o : SHARD_DIR;
}

/**
 * Wrap a command with `--shard I/N [--out DIR]`. Without `--shard` it runs
 * as before (an `--out` the command does not have itself is refused).
 *
 * @example
 * ```ts
 * import { roundCommand } from "./commands/round.ts";
 * const round = shardable(roundCommand);
 * ```
 */
export function shardable(cmd: Command): Command {
  const ownOut = "out" in cmd.options;
  return {
    ...cmd,
    usage: `${cmd.usage} [--shard I/N [--out DIR]]`,
    options: {
      ...cmd.options,
      shard: { type: "string" },
      out: { type: "string" },
    },
    async run(ctx) {
      const { values, positionals, out } = ctx;
      if (values.shard === undefined) {
        if (!ownOut && values.out !== undefined) {
          throw new InputError(
            `--out '${values.out}' for ${cmd.name} goes with --shard I/N (the directory of the partial file)`,
          );
        }
        return await cmd.run(ctx);
      }
      const shard = parseShard(values.shard);
      if (cmd.name === "experiment" && positionals[0] === "list") {
        throw new InputError(
          "'experiment list' with --shard: give an experiment NAME to shard",
        );
      }
      const dir = shardOut(values);
      // the partial's folder is checked before any game is played
      checkOutputDir(dir, "--out");
      const inner: Values = { ...values };
      delete inner.shard;
      delete inner.out;
      const job: Job = {
        entry: "flip7",
        argv: jobArgv(cmd, positionals, values),
      };
      const workers = typeof values.workers === "string"
        ? Number(values.workers)
        : undefined;
      const { path, partial } = await writeShard(
        job,
        shard,
        dir,
        () =>
          Promise.resolve(
            cmd.run({
              values: inner,
              positionals,
              out: new Output({ echo: false }),
            }),
          ),
        {
          workers,
          label: cmd.name === "experiment" ? positionals[0] : cmd.name,
        },
      ).catch((e) => {
        if (
          e instanceof Deno.errors.NotCapable ||
          e instanceof Deno.errors.PermissionDenied
        ) {
          throw new InputError(
            `cannot write the partial into --out '${dir}' (${
              e.message.split("\n")[0]
            }): give a writable directory, e.g. ${SHARD_DIR}`,
          );
        }
        throw e;
      });
      const runs = partial.batches.reduce((s, b) => s + b.runs.length, 0);
      const games = partial.batches.reduce(
        (s, b) => s + b.runs.reduce((t, r) => t + r.to - r.from, 0),
        0,
      );
      out.line(
        `shard ${shard.index}/${shard.count}: ${games} games (or rounds) of ${runs} run${
          runs === 1 ? "" : "s"
        } in ${partial.elapsed_s.toFixed(1)} s`,
      );
      out.line(`wrote ${path}`);
    },
  };
}
