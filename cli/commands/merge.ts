/**
 * `flip7 merge DIR... [--out DIR] [--workers N]`: add up the partial files
 * of shards (`--shard I/N`) and write what the unsharded run writes.
 *
 * Every partial is checked first: valid JSON with a matching checksum, made
 * by this code (commit and uncommitted changes), and together complete — the
 * slices of every run tile its index range with no gap and no overlap. A
 * missing, duplicated, overlapping, foreign-version or corrupt partial prints
 * one line naming the file and the problem, exits 2 and writes nothing. Then
 * each job runs again with the runner fed the added accumulators instead of
 * playing: same analysis, same exact (solver) figures computed here, same
 * CSV, SVG, PNG and JSON (whose provenance also lists the shards).
 *
 * @example
 * ```sh
 * deno task flip7 experiment field-size --quick --shard 0/2
 * deno task flip7 experiment field-size --quick --shard 1/2
 * deno task flip7 merge results/shards --out results
 * ```
 * @module
 */

import { parseArgs } from "node:util";
import { InputError } from "../../lib/game/cards.ts";
import {
  canonicalJson,
  listPartials,
  type MergePlan,
  planMerge,
  shardCode,
  withMergedBatches,
} from "../../lib/run/shard.ts";
import { EXPERIMENTS } from "../../experiments/mod.ts";
import type { Values } from "../args.ts";
import { jobArgv } from "../shard.ts";
import { reproJobArgv } from "../repro_shard.ts";
import type { Command } from "../command.ts";
import { WORKERS } from "../common.ts";
import { checkOutputDir } from "../guard.ts";
// the runner registers the check of its accumulators (a merge reads them)
import "../../lib/run/runner.ts";
import type { Output } from "../output.ts";

/**
 * The `merge` command over a command list, read when it runs (the registry
 * passes its own loader, so this module need not import the registry that
 * lists it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const merge = mergeCommandOver(() => []);
 * assert.equal(merge.name, "merge");
 * ```
 */
export function mergeCommandOver(
  commands: () => readonly Command[] | Promise<readonly Command[]>,
): Command {
  return {
    name: "merge",
    summary:
      "Add up the partial files of --shard I/N runs and write what the unsharded run writes.",
    usage: "merge DIR... [--out DIR] [--workers N]",
    options: {
      out: { type: "string" },
      ...WORKERS,
    },
    positionals: true,
    async run({ values, positionals, out }) {
      if (positionals.length === 0) {
        throw new InputError(
          "missing DIR: give the directories holding the shards' *.shard-I-of-N.json partials",
        );
      }
      // a folder given twice would be its own duplicate
      const seen = new Map<string, string>();
      for (const d of positionals) {
        const k = d.replace(/\/+$/, "").replace(/^\.\//, "") || "/";
        const first = seen.get(k);
        if (first !== undefined) {
          throw new InputError(
            `folder '${d}' is given twice (as '${first}' and '${d}'): give each folder of partials once`,
          );
        }
        seen.set(k, d);
      }
      // the output folder is checked before any partial is read
      if (typeof values.out === "string") checkOutputDir(values.out, "--out");
      const files = await listPartials(positionals);
      const plans = await planMerge(files, await shardCode());
      const list = plans.length > 0 ? await commands() : [];
      for (const plan of plans) {
        await runPlan(plan, values, out, list);
      }
    },
  };
}

/** A partial whose job is not one a shard of this code writes. */
function notProduced(plan: MergePlan): InputError {
  return new InputError(
    `partial ${plan.partials[0].path}: its job '${
      plan.job.argv.join(" ").slice(0, 60)
    }' is not one a shard of this code writes (merge runs only what a shard recorded)`,
  );
}

/** The argv of a repro partial must be what `reproJobArgv` gives back. */
function checkReproArgv(plan: MergePlan): void {
  let again: string[] = [];
  try {
    const p = parseArgs({
      args: plan.job.argv,
      options: {
        seed: { type: "string" },
        quick: { type: "boolean" },
        scale: { type: "string" },
        all: { type: "boolean" },
      },
      allowPositionals: true,
      strict: true,
    });
    const names = EXPERIMENTS.map((e) => e.name);
    if (p.positionals.every((n) => names.includes(n))) {
      again = reproJobArgv(
        p.values as Values,
        p.positionals.length ? p.positionals : undefined,
      );
    }
  } catch { /* refused below */ }
  if (canonicalJson(again) !== canonicalJson(plan.job.argv)) {
    throw notProduced(plan);
  }
}

async function runPlan(
  plan: MergePlan,
  values: Record<string, unknown>,
  out: Output,
  commands: readonly Command[],
): Promise<void> {
  const workers = typeof values.workers === "string"
    ? ["--workers", values.workers]
    : [];
  const outDir = typeof values.out === "string" ? ["--out", values.out] : [];
  // the commands that write files into --out DIR (sim and round print)
  const writes = plan.job.entry === "repro" ||
    ["experiment", "sweep"].includes(plan.job.argv[0]);
  const extra = [...workers, ...(writes ? outDir : [])];
  const shards = plan.partials.map((l) =>
    `${l.partial.shard.index}/${l.partial.shard.count}@${l.partial.host}`
  );
  if (plan.job.entry === "repro") {
    checkReproArgv(plan);
    const { main } = await import("../repro.ts");
    const code = await withMergedBatches(
      plan,
      () => main([...plan.job.argv, ...extra]),
    );
    if (code !== 0) {
      throw new InputError(`merging the repro shards failed (exit ${code})`);
    }
  } else {
    const [name, ...args] = plan.job.argv;
    const cmd = commands.find((c) => c.name === name);
    // only a command a shard runs (its --shard), with the argv a shard writes
    if (!cmd || cmd.name === "merge" || !("shard" in cmd.options)) {
      throw new InputError(
        `partial ${plan.partials[0].path}: command '${
          String(name).slice(0, 40)
        }' cannot be merged (a partial holds sim, round, experiment or sweep)`,
      );
    }
    let again: string[] = [];
    try {
      const p = parseArgs({
        args,
        options: cmd.options,
        allowPositionals: true,
        strict: true,
      });
      again = jobArgv(cmd, p.positionals, p.values as Values);
    } catch { /* not an argv of this command: refused below */ }
    if (canonicalJson(again) !== canonicalJson(plan.job.argv)) {
      throw notProduced(plan);
    }
    const parsed = parseArgs({
      args: [...args, ...extra],
      options: cmd.options,
      allowPositionals: true,
      strict: true,
    });
    await withMergedBatches(
      plan,
      () =>
        Promise.resolve(
          cmd.run({
            values: parsed.values as Record<string, string | boolean>,
            positionals: parsed.positionals,
            out,
          }),
        ),
    );
  }
  out.line(
    `merged ${plan.partials.length} partials of '${
      [...(plan.job.entry === "repro" ? ["repro"] : []), ...plan.job.argv]
        .join(" ")
    }' (shards ${shards.join(", ")})`,
  );
}
