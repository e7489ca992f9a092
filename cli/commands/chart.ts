/**
 * `flip7 chart NAME [--format svg|png|pdf] [--width W] [--scale S]
 * [--theme light|dark] [--out PATH]`: re-render an experiment's chart from
 * `results/NAME.csv` and `results/NAME.json`, without rerunning it. Writes
 * `results/NAME.FORMAT` unless `--out` is given (atomically).
 *
 * @example
 * ```sh
 * deno task flip7 chart field-size --format pdf --out results/field-size-print.pdf
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";
import type { Command } from "../command.ts";
import { experimentName } from "../args.ts";
import { writeFileAtomic } from "../output.ts";
import { checkOutputFile } from "../guard.ts";

const FORMATS = ["svg", "png", "pdf"];
const THEMES = ["light", "dark"];

function numberOption(
  raw: unknown,
  name: string,
  lo: number,
  hi: number,
): number | undefined {
  if (raw === undefined) return undefined;
  const s = String(raw).trim();
  const v = Number(s);
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s) || !(v >= lo && v <= hi)) {
    throw new InputError(
      `bad --${name} '${raw}': give a number from ${lo} to ${hi}`,
    );
  }
  return v;
}

/**
 * The `chart` command.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "../main.ts";
 * // from results/round-law.csv and .json, into a temporary folder
 * const dir = await Deno.makeTempDir();
 * const png = `${dir}/round-law.png`;
 * assert.equal(await main(["chart", "round-law", "--format", "png", "--scale", "1", "--out", png, "--no-file"]), 0);
 * const bytes = await Deno.readFile(png);
 * assert.deepEqual([...bytes.subarray(1, 4)], [80, 78, 71]); // "PNG"
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export const chartCommand: Command = {
  name: "chart",
  summary:
    "Re-render an experiment's chart from results/NAME.csv and .json, as SVG, PNG or PDF, at another width, scale or theme.",
  usage:
    "chart NAME [--format svg|png|pdf] [--width W] [--scale S] [--theme light|dark] [--out PATH]",
  options: {
    format: { type: "string" },
    width: { type: "string" },
    scale: { type: "string" },
    theme: { type: "string" },
    out: { type: "string" },
  },
  positionals: true,
  runFile: false,
  async run({ values, positionals, out }) {
    const { renderExperimentChart } = await import(
      "../../experiments/charts.ts"
    );
    const { EXPERIMENT_NAMES: names, findExperiment } = await import(
      "../../experiments/mod.ts"
    );
    const name = experimentName(positionals, "chart", names.join(", "));
    findExperiment(name); // an unknown name is named before the other checks
    const format = String(values.format ?? "svg");
    if (!FORMATS.includes(format)) {
      throw new InputError(
        `bad --format '${format}': allowed ${FORMATS.join(", ")}`,
      );
    }
    const theme = String(values.theme ?? "light");
    if (!THEMES.includes(theme)) {
      throw new InputError(
        `bad --theme '${theme}': allowed ${THEMES.join(", ")}`,
      );
    }
    const width = numberOption(values.width, "width", 200, 4000);
    const scale = numberOption(values.scale, "scale", 0.25, 10);
    if (scale !== undefined && format !== "png") {
      throw new InputError(
        `--scale ${values.scale} with --format ${format}: --scale sets the PNG's pixel density, give --format png`,
      );
    }
    // the output path is checked before anything is read or rendered: never
    // a result, cache or tracked file (but the chart's own file), never a
    // folder that does not exist (it is not created)
    const own = `results/${name}.${format}`;
    const path = typeof values.out === "string" ? values.out : own;
    checkOutputFile(path, "--out", {
      replace: [own],
      example: `/tmp/${name}.${format}`,
    });
    if (!path.toLowerCase().endsWith(`.${format}`)) {
      throw new InputError(
        `bad --out '${path}': a ${format.toUpperCase()} chart goes to a file ending in .${format} (e.g. ${own})`,
      );
    }
    const { bytes } = await renderExperimentChart(name, {
      format: format as "svg" | "png" | "pdf",
      width,
      scale,
      theme: theme as "light" | "dark",
    });
    try {
      await writeFileAtomic(path, bytes);
    } catch (e) {
      throw new InputError(
        `cannot write --out '${path}' (${
          e instanceof Error ? e.message.split("\n")[0] : e
        })`,
      );
    }
    out.line(`wrote ${path} (${bytes.length} bytes)`);
  },
};
