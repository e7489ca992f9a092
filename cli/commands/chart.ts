/**
 * `flip7 chart NAME [--format svg|png|pdf] [--width W] [--scale S]
 * [--theme light|dark] [--out PATH]`: re-render an experiment's chart from
 * `results/NAME.csv` and `results/NAME.json`, without rerunning it. Writes
 * `results/NAME.FORMAT` unless `--out` is given (atomically).
 *
 * @example
 * ```sh
 * deno task flip7 chart field-size --format pdf --out /tmp/field-size.pdf
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";
import type { Command } from "../command.ts";
import { experimentName } from "../args.ts";
import { writeFileAtomic } from "../output.ts";

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
 * import { main } from "../main.ts";
 * await main(["chart", "advice", "--format", "png", "--scale", "3"]);
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
    const { EXPERIMENT_NAMES: names } = await import(
      "../../experiments/mod.ts"
    );
    const name = experimentName(positionals, "chart", names.join(", "));
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
    const path = typeof values.out === "string" && values.out.trim() !== ""
      ? values.out
      : `results/${name}.${format}`;
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
