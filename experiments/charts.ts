/**
 * Re-render an experiment's chart from what it wrote — `results/NAME.csv`
 * and `results/NAME.json` — without rerunning it: at another width, theme or
 * pixel scale, as SVG, PNG (with a DPI tag) or PDF. Behind
 * `deno task flip7 chart NAME`, the snapshot tests and the report.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderExperimentChart } from "./charts.ts";
 * const { bytes, svg } = await renderExperimentChart("field-size", { format: "pdf" });
 * assert.equal(new TextDecoder().decode(bytes.subarray(0, 5)), "%PDF-");
 * assert.ok(svg.startsWith("<svg"));
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
 * import assert from "node:assert/strict";
 * assert.deepEqual(CHART_FORMATS, ["svg", "png", "pdf"]);
 * ```
 */
export const CHART_FORMATS = ["svg", "png", "pdf"] as const;

/**
 * Options of {@linkcode renderExperimentChart}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const o: RenderChartOptions = { format: "png", scale: 3, theme: "dark" };
 * assert.ok(CHART_FORMATS.includes(o.format!));
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
 * import assert from "node:assert/strict";
 * import { EXPERIMENTS } from "./mod.ts";
 * assert.equal(chartableExperiments()[0].name, "policy-ev-table");
 * assert.equal(chartableExperiments().length, EXPERIMENTS.length);
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
 * import assert from "node:assert/strict";
 * const options = experimentChartOptions("advice", { theme: "dark", width: 500 });
 * assert.equal(options.theme, "dark");
 * assert.equal(options.width, 500);
 * assert.throws(() => experimentChartOptions("advice", { dir: "no-such-dir" }), /cannot read no-such-dir\/advice.csv/);
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
  // damaged files are named, never drawn as an empty or partial chart: the
  // JSON must parse, and the CSV must have the columns and the row count the
  // JSON records
  const damaged = (file: string, why: string) =>
    new InputError(
      `${dir}/${name}.${file} is damaged (${why}): restore it (git checkout ${dir}/${name}.${file}) or rerun 'deno task flip7 experiment ${name}'`,
    );
  let meta: Record<string, unknown>;
  try {
    meta = JSON.parse(json);
  } catch {
    throw damaged("json", "not valid JSON");
  }
  if (meta === null || typeof meta !== "object" || Array.isArray(meta)) {
    throw damaged("json", "not a JSON object");
  }
  if (csv.charCodeAt(0) === 0xfeff) throw damaged("csv", "a byte-order mark");
  const header = csv.slice(0, Math.max(0, csv.indexOf("\n"))).replace(
    /\r$/,
    "",
  );
  const rows = parseRows(csv);
  if (Array.isArray(meta.columns) && header !== meta.columns.join(",")) {
    throw damaged(
      "csv",
      `its header is not the ${meta.columns.length} columns ${name}.json lists`,
    );
  }
  if (typeof meta.rows === "number" && rows.length !== meta.rows) {
    throw damaged(
      "csv",
      `${rows.length} rows where ${name}.json records ${meta.rows}`,
    );
  }
  let chart: ReturnType<typeof exp.chart>;
  try {
    chart = exp.chart(rows, meta as never);
  } catch (e) {
    throw damaged(
      "csv",
      `its chart cannot be drawn: ${
        e instanceof Error ? e.message.split("\n")[0] : e
      }`,
    );
  }
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
 * import assert from "node:assert/strict";
 * import { pngDpi } from "../lib/chart/chart.ts";
 * const { bytes } = await renderExperimentChart("replication", { format: "png", scale: 3 });
 * assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]); // "PNG"
 * assert.equal(Math.round(pngDpi(bytes)!), 288); // 96 × scale
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
 * import assert from "node:assert/strict";
 * const full = committedResult("replication");
 * assert.equal(full.provenance.quick, false); // a full-size run
 * assert.equal(full.rows.length, 40); // 20 seeds × two readings of bust:0.25
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
