/**
 * Charts: render Observable Plot charts to deterministic files.
 *
 * - {@linkcode renderSvg} runs Plot without a browser (on a linkedom
 *   document) and returns one standalone, byte-deterministic SVG string in the
 *   project style. Our `title`, `subtitle`, `caption` and a color legend are
 *   drawn inside the SVG, so the result is always pure SVG (never Plot's HTML
 *   `<figure>`).
 * - {@linkcode svgToPng} rasterises an SVG with resvg (WebAssembly), using
 *   the DejaVu Sans font files of the npm package `dejavu-fonts-ttf` so that
 *   the same SVG gives the same PNG bytes on every machine.
 * - {@linkcode writeChart} writes `base.svg` and `base.png` atomically.
 * - {@linkcode svgDisplay} / {@linkcode showChart} display a chart inline in a
 *   Deno Jupyter notebook.
 *
 * Permissions: SVG rendering needs none. PNG rendering needs `--allow-read`
 * (the WebAssembly renderer and the font files); no native code is loaded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg, writeChart } from "./chart.ts";
 * const options = {
 *   title: "Bust probability",
 *   marks: [Plot.lineY([0.1, 0.3, 0.5], { stroke: "steelblue" })],
 * };
 * const svg = renderSvg(options);
 * assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
 * assert.ok(svg.includes(">Bust probability</text>"));
 * const dir = await Deno.makeTempDir(); // e.g. results/charts in a real run
 * await writeChart(`${dir}/bust`, options);
 * assert.equal(await Deno.readTextFile(`${dir}/bust.svg`), svg);
 * assert.ok(Deno.statSync(`${dir}/bust.png`).size > 0);
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import type { JupyterDisplayable } from "./display.ts";
import { writeFilesAtomic } from "../util/io.ts";
import {
  CHART_STYLE,
  type ChartOptions,
  type PanelOptions,
  type PngOptions,
  THEMES,
} from "./theme.ts";
import {
  type El,
  el,
  normaliseIds,
  num,
  NUMERIC_ATTRS,
  type PlotSvg,
  roundNumbers,
  SVG_NS,
  textWidth,
  wrap,
} from "./svg_dom.ts";
import { drawLegend, takeLegends } from "./legend.ts";
import { svgToPng } from "./png.ts";

// the theme, the PNG and the PDF renderers, one door with the SVG renderer
export {
  CHART_STYLE,
  type ChartOptions,
  type ChartTheme,
  type PanelOptions,
  type PlotOptions,
  type PngOptions,
  THEMES,
} from "./theme.ts";
export {
  drawnBBox,
  fontFiles,
  loadPngRenderer,
  pngDpi,
  svgToPng,
  withDpi,
} from "./png.ts";
export { svgToPdf } from "./pdf.ts";

/**
 * Render a Plot chart to a standalone SVG string in the project style.
 *
 * Takes Plot's options (without `document`, which is supplied) plus our
 * `title`, `subtitle` and `caption`, drawn inside the SVG. A color legend
 * (`color: { legend: true }`) is drawn inside the SVG too; other legends are
 * not supported. The output has `xmlns`, a white background, rounded numbers
 * and stable ids: the same options always give the same bytes.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { renderSvg } from "./chart.ts";
 * const svg = renderSvg({
 *   title: "Score by threshold",
 *   subtitle: "10 000 rounds per point",
 *   marks: [Plot.line([[15, 14.2], [20, 15.1], [25, 14.8]])],
 * });
 * assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
 * assert.ok(svg.includes(">10 000 rounds per point</text>"));
 * ```
 */
export function renderSvg(options: ChartOptions): string {
  const { title, subtitle, caption, theme: themeName, panels, ...rest } =
    options;
  const theme = THEMES[themeName ?? "light"];
  if (!theme) throw new Error(`renderSvg: unknown theme '${themeName}'`);
  const { document } = parseHTML("<!DOCTYPE html><html><body></body></html>");
  const common: Plot.PlotOptions = {
    width: CHART_STYLE.width,
    ...rest,
    figure: false,
    document,
  } as Plot.PlotOptions;
  const specs: PanelOptions[] = panels ? panels : [{}];
  let colorLegend: { label?: unknown } | undefined;
  const plots = specs.map((panel) => {
    const { heading, ...own } = panel;
    const merged = { ...common, ...own } as Plot.PlotOptions;
    const legend = takeLegends(merged);
    if (legend && !colorLegend) colorLegend = legend;
    return { heading, svg: plotWithMargin(merged) };
  });
  const svg = plots[0].svg;
  for (const { svg: p } of plots) {
    if (p.tagName.toLowerCase() !== "svg") {
      throw new Error(`renderSvg: Plot returned <${p.tagName}>, not <svg>`);
    }
  }
  const { pad, fontSize, titleSize, subtitleSize } = CHART_STYLE;
  const width = Number(svg.getAttribute("width"));

  // Header: title, subtitle, legend; long lines are wrapped to the width.
  const header = el(document, "g", { "aria-label": "header" });
  let y = 0;
  const lines = (
    text: string,
    size: number,
    attrs: Record<string, string | number>,
    first: number,
  ) => {
    wrap(text, size, width - 2 * pad).forEach((line, i) => {
      y += (i === 0 ? first : 4) + size;
      header.append(el(document, "text", {
        x: pad,
        y,
        "font-size": size,
        "text-anchor": "start",
        ...attrs,
      }, line));
    });
  };
  if (title) lines(title, titleSize, { "font-weight": "bold" }, pad);
  if (subtitle) {
    lines(subtitle, subtitleSize, { fill: theme.muted }, title ? 6 : pad);
  }
  if (colorLegend) {
    const legendPlot = plots.find((p) => p.svg.scale("color"))?.svg;
    const scale = legendPlot?.scale("color");
    const label = colorLegend.label;
    if (scale) {
      if (typeof label === "string") scale.label = label;
      const g = el(document, "g", {
        "aria-label": "color legend",
        "text-anchor": "start",
      });
      y += y ? 8 : pad;
      y += drawLegend(document, g, scale, width, y);
      header.append(g);
    }
  }
  if (y > 0) y += 10;
  const top = y;

  // Move Plot's content down under the header (panels one under another).
  const bodies: El[] = [];
  let height = top;
  for (const { heading, svg: p } of plots) {
    if (heading) {
      height += 8 + fontSize;
      bodies.push(el(document, "text", {
        x: pad,
        y: height,
        "font-weight": "bold",
        "text-anchor": "start",
        "aria-label": "panel heading",
      }, heading));
      height += 4;
    }
    const body = el(document, "g", {
      "aria-label": "plot",
      transform: `translate(0,${height})`,
      "data-frame": frameOf(p, height),
    });
    for (const child of [...p.childNodes]) {
      if ((child as Element).tagName?.toLowerCase() === "style") continue;
      body.append(child);
    }
    bodies.push(body);
    height += Number(p.getAttribute("height"));
  }
  const footer: El[] = [];
  if (caption) {
    for (const line of wrap(caption, subtitleSize, width - 2 * pad)) {
      height += subtitleSize + 4;
      footer.push(el(document, "text", {
        x: pad,
        y: height,
        "font-size": subtitleSize,
        fill: theme.muted,
        "text-anchor": "start",
      }, line));
    }
    height += pad;
  }
  svg.append(el(document, "rect", { width, height, fill: theme.background }));
  if (top) svg.append(header);
  for (const b of bodies) svg.append(b);
  if (footer.length) {
    const g = el(document, "g", { "aria-label": "caption" });
    for (const f of footer) g.append(f);
    svg.append(g);
  }

  // Root attributes: namespace, size, style.
  svg.setAttribute("xmlns", SVG_NS);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", num(height));
  svg.setAttribute("viewBox", `0 0 ${width} ${num(height)}`);
  svg.setAttribute("font-family", CHART_STYLE.fontFamily);
  svg.setAttribute("font-size", String(fontSize));
  svg.setAttribute("color", theme.color);

  // Round geometry; make Plot's CSS variable concrete (resvg has no CSS vars).
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      let v = attr.value;
      if (NUMERIC_ATTRS.has(attr.name)) v = roundNumbers(v);
      if (v.includes("var(--plot-background)")) {
        v = v.replaceAll("var(--plot-background)", theme.background);
      }
      if (v !== attr.value) node.setAttribute(attr.name, v);
    }
  }

  // Fixed root attribute order: xmlns first, then the rest sorted (linkedom
  // serialises attributes in reverse order of setting).
  const rootAttrs = [...svg.attributes]
    .filter((a) => a.name !== "xmlns")
    .map((a) => [a.name, a.value] as const)
    .sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
  for (const [name] of rootAttrs) svg.removeAttribute(name);
  svg.removeAttribute("xmlns");
  for (const [name, value] of rootAttrs) svg.setAttribute(name, value);
  svg.setAttribute("xmlns", SVG_NS);
  return normaliseIds(svg.outerHTML) + "\n";
}

/**
 * Plot the options. Plot's default left margin (40 px) is sized for its own
 * 10-px system font: widen it to fit the y tick labels, unless a margin was
 * given.
 */
function plotWithMargin(options: Plot.PlotOptions): PlotSvg {
  const plot = Plot.plot(options) as unknown as PlotSvg;
  if (options.marginLeft !== undefined || options.margin !== undefined) {
    return plot;
  }
  const labels = [
    ...plot.querySelectorAll('[aria-label="y-axis tick label"] text'),
  ];
  const longest = Math.max(
    0,
    ...labels.map((t) => textWidth(t.textContent ?? "", CHART_STYLE.fontSize)),
  );
  const needed = Math.ceil(longest + 18);
  if (needed <= 40) return plot;
  return Plot.plot({ ...options, marginLeft: needed }) as unknown as PlotSvg;
}

/**
 * The plot area (the frame inside the margins) in the coordinates of the
 * final SVG, as "left,top,right,bottom": what the chart checks test marks
 * against ({@linkcode ../lib/chart_check.ts}).
 */
function frameOf(plot: PlotSvg, dy: number): string {
  const w = Number(plot.getAttribute("width"));
  const h = Number(plot.getAttribute("height"));
  const range = (name: string, lo: number, hi: number): [number, number] => {
    const s = plot.scale(name);
    const r = s?.range as number[] | undefined;
    if (!r || r.length < 2 || typeof r[0] !== "number") return [lo, hi];
    const a = Math.min(r[0], r[r.length - 1]);
    const b = Math.max(r[0], r[r.length - 1]);
    return [a, b];
  };
  // Facets are translated copies of the frame: along a faceted direction,
  // the frame is the whole plot.
  const [x0, x1] = plot.scale("fx") ? [0, w] : range("x", 0, w);
  const [y0, y1] = plot.scale("fy") ? [0, h] : range("y", 0, h);
  return [x0, y0 + dy, x1, y1 + dy].map(num).join(",");
}

/**
 * Render a chart and write `basePath.svg` and `basePath.png` together
 * (both to temporary files, then renamed, or neither). Parent directories
 * are created.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { writeChart } from "./chart.ts";
 * const dir = await Deno.makeTempDir(); // e.g. results/charts in a real run
 * await writeChart(`${dir}/charts/threshold`, {
 *   title: "Mean round score by stop threshold",
 *   marks: [Plot.lineY([14.2, 15.1, 14.8])],
 * });
 * assert.deepEqual([...Deno.readDirSync(`${dir}/charts`)].map((e) => e.name).sort(), ["threshold.png", "threshold.svg"]);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function writeChart(
  basePath: string,
  options: ChartOptions,
  png: PngOptions = {},
): Promise<void> {
  const svg = renderSvg(options);
  const bytes = svgToPng(svg, png);
  await writeFilesAtomic([[`${basePath}.svg`, svg], [
    `${basePath}.png`,
    bytes,
  ]]);
}

/** What {@linkcode svgDisplay} returns (one type with the tables of `lib/chart/display.ts`). */
export type { JupyterDisplayable } from "./display.ts";

/**
 * Wrap an SVG string so that the Deno Jupyter kernel shows it inline when it
 * is the value of a cell (or passed to `Deno.jupyter.display`).
 *
 * The MIME bundle carries the chart for every viewer: `image/svg+xml` (the
 * vector chart), `image/png` (at 2×, when PNG rendering is available),
 * `text/html` (an `<img>` of the PNG — what an HTML export shows: Debian 12's
 * `jupyter nbconvert` 6.5 strips the shapes out of inline SVG, and viewers
 * that prefer HTML or distrust SVG still show an image) and `text/plain`
 * (the chart's title).
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { renderSvg, svgDisplay } from "./chart.ts";
 * // last expression of a notebook cell:
 * const shown = svgDisplay(renderSvg({ title: "Rounds", marks: [Plot.lineY([1, 3, 2])] }));
 * const bundle = shown[Symbol.for("Jupyter.display")](); // what the Deno kernel calls
 * assert.equal(bundle["text/plain"], "[chart: Rounds]");
 * ```
 */
export function svgDisplay(svg: string): JupyterDisplayable {
  return {
    [Symbol.for("Jupyter.display")]() {
      const title = svg.match(/<text[^>]*font-weight="bold"[^>]*>([^<]*)</)
        ?.[1] ?? "chart";
      const bundle: Record<string, string> = {
        "image/svg+xml": svg,
        "text/plain": `[chart: ${title}]`,
      };
      let png: string;
      try {
        png = encodeBase64(svgToPng(svg));
      } catch {
        return bundle; // not an SVG resvg can draw: the SVG alone
      }
      const width = svg.slice(0, svg.indexOf(">")).match(/\swidth="([\d.]+)"/)
        ?.[1];
      bundle["image/png"] = png;
      bundle["text/html"] = `<img src="data:image/png;base64,${png}" alt="${
        title.replaceAll('"', "&quot;")
      }"${width ? ` width="${width}"` : ""}>`;
      return bundle;
    },
  };
}

function encodeBase64(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(s);
}

/**
 * Render a chart and wrap it for inline display in a notebook:
 * `svgDisplay(renderSvg(options))`.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { showChart } from "./chart.ts";
 * const bundle = showChart({ title: "Deck", marks: [Plot.barY([1, 2, 3])] })[Symbol.for("Jupyter.display")]();
 * assert.ok(bundle["image/svg+xml"].includes(">Deck</text>"));
 * ```
 */
export function showChart(options: ChartOptions): JupyterDisplayable {
  return svgDisplay(renderSvg(options));
}
