/**
 * Re-render an experiment's chart from what it wrote — `results/NAME.csv`
 * and `results/NAME.json` — without rerunning it: at another width, theme or
 * pixel scale, as SVG, PNG (with a DPI tag) or PDF. Behind
 * `deno task flip7 chart NAME`, the snapshot tests and the report.
 *
 * @example
 * ```ts
 * import { renderExperimentChart } from "./charts.ts";
 * const { bytes } = await renderExperimentChart("field-size", { format: "pdf" });
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";
import { renderSvg, svgToPdf, svgToPng } from "../lib/chart/chart.ts";
import type { ChartOptions, Experiment } from "../lib/experiment/experiment.ts";
import { parseRows } from "../lib/experiment/experiment.ts";
import { EXPERIMENTS, findExperiment } from "./mod.ts";

/**
 * Output formats of {@linkcode renderExperimentChart}.
 *
 * @example
 * ```ts
 * CHART_FORMATS.includes("pdf"); // true
 * ```
 */
export const CHART_FORMATS = ["svg", "png", "pdf"] as const;

/**
 * Options of {@linkcode renderExperimentChart}.
 *
 * @example
 * ```ts
 * const o: RenderChartOptions = { format: "png", scale: 3, theme: "dark" };
 * ```
 */
export interface RenderChartOptions {
  /** `svg` (default), `png` or `pdf`. */
  format?: (typeof CHART_FORMATS)[number];
  /** Chart width in px (default: the experiment's own). */
  width?: number;
  /** PNG pixels per chart px (default 2; the PNG is tagged 96 × scale DPI). */
  scale?: number;
  /** `light` (default) or `dark`. */
  theme?: "light" | "dark";
  /** Where NAME.csv and NAME.json are (default `results`). */
  dir?: string;
}

/**
 * The experiments that can be re-rendered: every one (each has a chart
 * function).
 *
 * @example
 * ```ts
 * chartableExperiments().map((e) => e.name); // ["policy-ev-table", ...]
 * ```
 */
export function chartableExperiments(): Experiment[] {
  return EXPERIMENTS;
}

/**
 * The chart options of an experiment from its CSV and JSON in `dir`, with
 * the width and theme applied.
 *
 * @throws {InputError} for an unknown name or missing result files.
 * @example
 * ```ts
 * const options = experimentChartOptions("advice", { theme: "dark" });
 * ```
 */
export function experimentChartOptions(
  name: string,
  options: RenderChartOptions = {},
): ChartOptions {
  const exp = findExperiment(name);
  const dir = (options.dir ?? "results").replace(/\/+$/, "");
  let csv: string, json: string;
  try {
    csv = Deno.readTextFileSync(`${dir}/${name}.csv`);
    json = Deno.readTextFileSync(`${dir}/${name}.json`);
  } catch (e) {
    throw new InputError(
      `cannot read ${dir}/${name}.csv and .json (${
        e instanceof Error ? e.message.split("\n")[0] : e
      }): run 'deno task flip7 experiment ${name}' first`,
    );
  }
  const chart = exp.chart(parseRows(csv), JSON.parse(json));
  return {
    ...chart,
    ...(options.width !== undefined ? { width: options.width } : {}),
    ...(options.theme !== undefined ? { theme: options.theme } : {}),
  };
}

/**
 * Render an experiment's chart from its committed CSV and JSON.
 *
 * @example
 * ```ts
 * const { bytes, svg } = await renderExperimentChart("replication", { format: "png", scale: 3 });
 * ```
 */
export async function renderExperimentChart(
  name: string,
  options: RenderChartOptions = {},
): Promise<{ svg: string; bytes: Uint8Array }> {
  const svg = renderSvg(experimentChartOptions(name, options));
  const format = options.format ?? "svg";
  const bytes = format === "svg"
    ? new TextEncoder().encode(svg)
    : format === "png"
    ? svgToPng(svg, { scale: options.scale ?? 2 })
    : await svgToPdf(svg);
  return { svg, bytes };
}

/**
 * A committed result: the rows of `DIR/NAME.csv`, the provenance of
 * `DIR/NAME.json` (default: the repository's `results/`, whatever the
 * working directory), and the experiment's chart drawn from them — what a
 * notebook shows beside its quick run, and asserts on.
 *
 * @throws {InputError} as {@linkcode experimentChartOptions}.
 * @example
 * ```ts
 * const full = committedResult("replication");
 * full.provenance.quick; // false: a full-size run
 * full.rows.length; // 20
 * ```
 */
export function committedResult(
  name: string,
  dir: string = new URL("../results", import.meta.url).pathname,
): {
  rows: ReturnType<typeof parseRows>;
  provenance: Record<string, unknown>;
  chart: ChartOptions;
} {
  const chart = experimentChartOptions(name, { dir });
  const base = `${dir.replace(/\/+$/, "")}/${name}`;
  return {
    rows: parseRows(Deno.readTextFileSync(`${base}.csv`)),
    provenance: JSON.parse(Deno.readTextFileSync(`${base}.json`)),
    chart,
  };
}
