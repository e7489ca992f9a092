/**
 * `flip7 experiment NAME [--seed S] [--quick] [--workers N] [--out DIR]`:
 * run one of the experiments that reproduce seed 000's claims, writing
 * `NAME.csv`, `NAME.svg`, `NAME.png` and `NAME.json` into `results/` (or
 * `--out DIR`). `flip7 experiment list` names them.
 *
 * @example
 * ```sh
 * deno task flip7 experiment field-size --seed 1 --quick
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";
import type {
  Experiment,
  RunExperimentOptions,
} from "../../lib/experiment/experiment.ts";
import type { Output } from "../output.ts";
import type { Command } from "../command.ts";
import { experimentName, plainNumber, scaleOption } from "../args.ts";
import { SEED, seedOf, WORKERS, workersOf } from "../common.ts";
import { announce, committedCost } from "../cost.ts";
import { progress } from "../output.ts";
import { checkOutputDir } from "../guard.ts";

/**
 * The `experiment` command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "../main.ts";
 * const dir = await Deno.makeTempDir();
 * assert.equal(await main(["experiment", "round-law", "--quick", "--out", dir, "--no-file"]), 0);
 * for (const ext of ["csv", "svg", "png", "json"]) {
 *   assert.ok(Deno.statSync(`${dir}/round-law.${ext}`).isFile);
 * }
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export const experimentCommand: Command = {
  name: "experiment",
  summary:
    "Reproduce one claim of seed 000 into results/NAME.{csv,svg,png,json} ('experiment list' names them).",
  usage:
    `experiment NAME|list [--seed S] [--quick | --scale X] [--workers N] [--out DIR]`,
  options: {
    ...SEED,
    ...WORKERS,
    quick: { type: "boolean" },
    scale: { type: "string" },
    out: { type: "string" },
  },
  positionals: true,
  async run({ values, positionals, out }) {
    // Loaded here, so that the other commands do not load Plot and resvg.
    const { EXPERIMENT_NAMES, EXPERIMENTS, findExperiment } = await import(
      "../../experiments/mod.ts"
    );
    experimentName(
      positionals,
      "experiment",
      `${EXPERIMENT_NAMES.join(", ")}, list`,
    );
    // every option is checked, even for `list`
    const seed = seedOf(values);
    const workers = workersOf(values);
    const quick = values.quick === true;
    const scale = scaleOption(values);
    if (positionals[0] === "list") {
      for (const e of EXPERIMENTS) out.line(`${e.name.padEnd(22)} ${e.claim}`);
      return;
    }
    const exp = findExperiment(positionals[0]);
    const outDir = typeof values.out === "string" ? values.out : "results";
    checkOutputDir(outDir, "--out");
    const bar = progress(exp.name);
    const cost = quick ? null : committedCost([exp.name], scale);
    if (cost) announce(`experiment ${exp.name}`, cost, { clock: false });
    const argv = [
      "deno task flip7 experiment",
      exp.name,
      `--seed ${seed}`,
      ...(quick ? ["--quick"] : []),
      // a plain decimal (never 1e-9), so that the recorded command reruns
      ...(scale !== 1 ? [`--scale ${plainNumber(scale)}`] : []),
      ...(outDir !== "results" ? [`--out ${outDir}`] : []),
    ].join(" ");
    await runAndReport(exp, {
      seed,
      quick,
      scale,
      workers,
      outDir,
      command: argv,
      onProgress: (_label, done, total) => bar(done, total),
    }, out);
  },
};

/**
 * Run an experiment into its output folder and print its summary and the
 * files written (the timing on stderr, so that stdout is byte-identical for
 * the same seed); a folder that cannot be written or a PNG that cannot be
 * rendered is one line. Shared by `experiment` and `sweep`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Output } from "../output.ts";
 * import { findExperiment } from "../../experiments/mod.ts";
 * const dir = await Deno.makeTempDir();
 * const out = new Output({ echo: false });
 * await runAndReport(findExperiment("round-law")!, { seed: 1, quick: true, workers: 1, outDir: dir, command: "demo" }, out);
 * assert.ok(out.text().includes(`${dir}/round-law.csv`));
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function runAndReport(
  exp: Experiment,
  options: RunExperimentOptions,
  out: Output,
): Promise<void> {
  const { runExperiment } = await import("../../lib/experiment/experiment.ts");
  let report;
  try {
    report = await runExperiment(exp, options);
  } catch (e) {
    if (
      e instanceof Deno.errors.NotCapable ||
      e instanceof Deno.errors.PermissionDenied ||
      e instanceof Deno.errors.NotFound
    ) {
      throw new InputError(
        `cannot write into --out '${options.outDir}' (${
          e.message.split("\n")[0]
        }): give a writable directory, e.g. results`,
      );
    }
    if (e instanceof Error && e.message.startsWith("svgToPng:")) {
      throw new InputError(
        `cannot render the PNG chart (${e.message}): run with --allow-read`,
      );
    }
    throw e;
  }
  for (const l of report.result.summary) out.line(l);
  out.line(`wrote ${report.files.join(", ")}`);
  // timing goes to stderr: stdout is byte-identical for the same seed
  console.error(`elapsed ${report.elapsed.toFixed(1)} s`);
}
