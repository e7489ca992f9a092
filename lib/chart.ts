/**
 * Charts: render Observable Plot charts to deterministic files.
 *
 * - {@linkcode renderSvg} runs Plot without a browser (on a linkedom
 *   document) and returns one standalone, byte-deterministic SVG string in the
 *   project style. Our `title`, `subtitle`, `caption` and a color legend are
 *   drawn inside the SVG, so the result is always pure SVG (never Plot's HTML
 *   `<figure>`).
 * - {@linkcode svgToPng} rasterises an SVG with resvg, using the DejaVu Sans
 *   font files (Debian package `fonts-dejavu-core`) so that the same SVG
 *   gives the same PNG bytes on every machine.
 * - {@linkcode writeChart} writes `base.svg` and `base.png` atomically.
 * - {@linkcode svgDisplay} / {@linkcode showChart} display a chart inline in a
 *   Deno Jupyter notebook.
 *
 * Permissions: SVG rendering needs none. PNG rendering loads resvg's native
 * Node-API addon, which needs `--allow-read --allow-sys --allow-ffi` (resvg
 * is loaded when this module is imported only if `ffi` and `sys` are
 * already granted, so importing this module never prompts).
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg, writeChart } from "./chart.ts";
 * const options = {
 *   title: "Bust probability",
 *   marks: [Plot.lineY([0.1, 0.3, 0.5], { stroke: "steelblue" })],
 * };
 * const svg = renderSvg(options); // "<svg xmlns=..."
 * await writeChart("results/charts/bust", options); // bust.svg + bust.png
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { writeFileAtomic } from "./cli/output.ts";

/** The project chart style. Change it here, and every chart follows. */
export const CHART_STYLE = {
  /** Font stack; the first entry is the one {@linkcode svgToPng} loads. */
  fontFamily: "DejaVu Sans, Verdana, Arial, sans-serif",
  /** Base font size (axes, legends), in px. */
  fontSize: 11,
  /** Title font size, in px. */
  titleSize: 15,
  /** Subtitle and caption font size, in px. */
  subtitleSize: 11,
  /** Default chart width, in px. */
  width: 640,
  /** Outer padding around the title, legend and caption block, in px. */
  pad: 10,
  /** Text color (also what `currentColor` resolves to). */
  color: "#1a1a1a",
  /** Secondary text color (subtitle, caption). */
  muted: "#555555",
  /** Background fill. */
  background: "white",
} as const;

/** Plot's own options, plus our in-SVG `title`, `subtitle` and `caption`. */
export interface ChartOptions
  extends
    Omit<Plot.PlotOptions, "title" | "subtitle" | "caption" | "document"> {
  /** Title drawn at the top, inside the SVG. */
  title?: string;
  /** Subtitle drawn under the title, inside the SVG. */
  subtitle?: string;
  /** Caption drawn at the bottom, inside the SVG. */
  caption?: string;
}

/** Options for {@linkcode svgToPng}. */
export interface PngOptions {
  /** Pixel density: 2 (the default) renders a 640-px-wide chart as 1280 px. */
  scale?: number;
  /** Font files to load instead of the default DejaVu Sans files. */
  fontFiles?: string[];
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Default font files, searched in order (Debian: `fonts-dejavu-core`). */
const FONT_FILES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
];

/** Attributes whose numbers are geometry and get rounded. */
const NUMERIC_ATTRS = new Set([
  "d",
  "transform",
  "x",
  "y",
  "x1",
  "y1",
  "x2",
  "y2",
  "cx",
  "cy",
  "r",
  "rx",
  "ry",
  "dx",
  "dy",
  "width",
  "height",
  "points",
  "viewBox",
  "stroke-width",
  "stroke-dasharray",
  "font-size",
  "offset",
  "markerWidth",
  "markerHeight",
]);

/** Round a number to 3 decimals, shortest form, never `-0`. */
function num(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return String(r === 0 ? 0 : r);
}

const NUMBER_RE = /-?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?/gi;

function roundNumbers(value: string): string {
  return value.replace(
    NUMBER_RE,
    (m) => (/[.e]/i.test(m) ? num(Number(m)) : m),
  );
}

/** FNV-1a, 32 bits, as 8 hex digits. */
function hash(s: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/**
 * Plot numbers its clip paths, markers and patterns with process-wide
 * counters, so the same chart gets other ids the second time. Rename every id
 * by order of appearance, prefixed with a hash of the chart itself: the same
 * chart always gets the same ids, and two charts inlined in one page (a
 * notebook) never share one.
 */
function normaliseIds(svg: string): string {
  const ids = new Map<string, number>();
  for (const m of svg.matchAll(/\sid="([^"]+)"/g)) {
    if (!ids.has(m[1])) ids.set(m[1], ids.size);
  }
  if (ids.size === 0) return svg;
  const ref = /(\sid="|url\(#|href="#)([^")]+)(?=[")])/g;
  const placeholder = svg.replace(ref, (m, pre: string, id: string) => {
    const i = ids.get(id);
    return i === undefined ? m : `${pre}\u0000${i}`;
  });
  const prefix = `f7-${hash(placeholder)}-`;
  return placeholder.replaceAll("\u0000", prefix);
}

type El = SVGElement;
type PlotSvg = El & { scale(name: string): Plot.Scale | undefined };

function el(
  document: Document,
  tag: string,
  attrs: Record<string, string | number>,
  text?: string,
): El {
  const e = document.createElementNS(SVG_NS, tag) as El;
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Rough text width, for laying out legend swatches. */
function textWidth(s: string, size: number): number {
  return s.length * size * 0.62;
}

const fmt = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
const fmt3 = new Intl.NumberFormat("en-US", { maximumSignificantDigits: 3 });

function label(v: unknown): string {
  if (typeof v === "number") return fmt.format(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

const SWATCH_TYPES = new Set(["ordinal", "categorical", "point", "band"]);
const THRESHOLD_TYPES = new Set(["threshold", "quantile", "quantize"]);

/** Draw a color legend (swatches or a ramp) at y; returns its height. */
function drawLegend(
  document: Document,
  g: El,
  scale: Plot.Scale,
  width: number,
  y: number,
): number {
  const title = scale.label;
  const { fontSize, pad } = CHART_STYLE;
  const row = fontSize + 8;
  const domain = (scale.domain ?? []) as unknown[];
  const type = String(scale.type);
  if (SWATCH_TYPES.has(type) || THRESHOLD_TYPES.has(type)) {
    let items: { color: string; text: string }[];
    if (THRESHOLD_TYPES.has(type)) {
      const range = (scale.range ?? []) as string[];
      items = range.map((color, i) => ({
        color,
        text: i === 0
          ? `< ${label(domain[0])}`
          : i >= domain.length
          ? `≥ ${label(domain[domain.length - 1])}`
          : `${label(domain[i - 1])}–${label(domain[i])}`,
      }));
    } else {
      items = domain.map((v) => ({
        color: String(scale.apply(v)),
        text: label(v),
      }));
    }
    let x = pad;
    let rows = 1;
    if (title) {
      g.append(
        el(
          document,
          "text",
          { x, y: y + fontSize, "font-weight": "bold" },
          title,
        ),
      );
      x += textWidth(title, fontSize) + 10;
    }
    for (const item of items) {
      const w = fontSize + 4 + textWidth(item.text, fontSize) + 12;
      if (x + w > width - pad && x > pad) {
        x = pad;
        rows++;
      }
      const yy = y + (rows - 1) * row;
      g.append(el(document, "rect", {
        x,
        y: yy + 1,
        width: fontSize,
        height: fontSize,
        fill: item.color,
      }));
      g.append(
        el(
          document,
          "text",
          { x: x + fontSize + 4, y: yy + fontSize },
          item.text,
        ),
      );
      x += w;
    }
    return rows * row;
  }
  // Continuous: a gradient ramp sampled from the scale itself.
  const [lo, hi] = [domain[0], domain[domain.length - 1]] as number[];
  const rampW = Math.min(240, width - 2 * pad);
  const rampH = 10;
  let y0 = y;
  if (title) {
    g.append(
      el(
        document,
        "text",
        { x: pad, y: y + fontSize, "font-weight": "bold" },
        title,
      ),
    );
    y0 += row;
  }
  const grad = el(document, "linearGradient", {
    id: "legend-ramp",
    x1: 0,
    x2: 1,
    y1: 0,
    y2: 0,
  });
  const steps = 16;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const v = type === "log" ? lo * Math.pow(hi / lo, t) : lo + (hi - lo) * t;
    grad.append(
      el(document, "stop", {
        offset: num(t),
        "stop-color": String(scale.apply(v)),
      }),
    );
  }
  g.append(grad);
  g.append(el(document, "rect", {
    x: pad,
    y: y0,
    width: rampW,
    height: rampH,
    fill: "url(#legend-ramp)",
  }));
  for (
    const [t, v] of [[0, lo], [
      0.5,
      type === "log" ? Math.sqrt(lo * hi) : (lo + hi) / 2,
    ], [1, hi]]
  ) {
    g.append(el(document, "text", {
      x: pad + rampW * t,
      y: y0 + rampH + fontSize + 2,
      "text-anchor": t === 0 ? "start" : t === 1 ? "end" : "middle",
    }, fmt3.format(v)));
  }
  return y0 - y + rampH + fontSize + 8;
}

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
 * import { renderSvg } from "./chart.ts";
 * const svg = renderSvg({
 *   title: "Score by threshold",
 *   subtitle: "10 000 rounds per point",
 *   marks: [Plot.line([[15, 14.2], [20, 15.1], [25, 14.8]])],
 * });
 * svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'); // true
 * ```
 */
export function renderSvg(options: ChartOptions): string {
  const { title, subtitle, caption, ...rest } = options;
  const { document } = parseHTML("<!DOCTYPE html><html><body></body></html>");
  const plotOptions: Plot.PlotOptions = {
    width: CHART_STYLE.width,
    ...rest,
    figure: false,
    document,
  } as Plot.PlotOptions;
  // Legends: Plot would wrap them in an HTML <figure>; we draw the color one.
  let colorLegend = false;
  for (const name of Object.keys(rest) as (keyof typeof rest)[]) {
    const scale = rest[name] as { legend?: unknown } | undefined;
    if (
      scale && typeof scale === "object" && "legend" in scale && scale.legend
    ) {
      if (name !== "color") {
        throw new Error(
          `renderSvg: only color legends are supported (got ${
            String(name)
          }.legend)`,
        );
      }
      colorLegend = true;
      (plotOptions as Record<string, unknown>)[name] = {
        ...scale,
        legend: false,
      };
    }
  }
  let plot = Plot.plot(plotOptions) as unknown as PlotSvg;
  // Plot's default left margin (40 px) is sized for its own 10-px system
  // font: widen it to fit the y tick labels, unless a margin was given.
  if (rest.marginLeft === undefined && rest.margin === undefined) {
    const labels = [
      ...plot.querySelectorAll('[aria-label="y-axis tick label"] text'),
    ];
    const longest = Math.max(
      0,
      ...labels.map((t) =>
        textWidth(t.textContent ?? "", CHART_STYLE.fontSize)
      ),
    );
    const needed = Math.ceil(longest + 18);
    if (needed > 40) {
      plot = Plot.plot({
        ...plotOptions,
        marginLeft: needed,
      }) as unknown as PlotSvg;
    }
  }
  if (plot.tagName.toLowerCase() !== "svg") {
    throw new Error(`renderSvg: Plot returned <${plot.tagName}>, not <svg>`);
  }
  const svg = plot;
  const { pad, fontSize, titleSize, subtitleSize } = CHART_STYLE;
  const width = Number(svg.getAttribute("width"));
  const plotHeight = Number(svg.getAttribute("height"));

  // Header: title, subtitle, legend.
  const header = el(document, "g", { "aria-label": "header" });
  let y = 0;
  if (title) {
    y += pad + titleSize;
    header.append(el(document, "text", {
      x: pad,
      y,
      "font-size": titleSize,
      "font-weight": "bold",
      "text-anchor": "start",
    }, title));
  }
  if (subtitle) {
    y += (title ? 6 : pad) + subtitleSize;
    header.append(el(document, "text", {
      x: pad,
      y,
      "font-size": subtitleSize,
      fill: CHART_STYLE.muted,
      "text-anchor": "start",
    }, subtitle));
  }
  if (colorLegend) {
    const scale = svg.scale("color");
    const label = (rest.color as { label?: unknown } | undefined)?.label;
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

  // Move Plot's content down under the header.
  const body = el(document, "g", {
    "aria-label": "plot",
    transform: `translate(0,${top})`,
  });
  for (const child of [...svg.childNodes]) {
    if ((child as Element).tagName?.toLowerCase() === "style") continue;
    body.append(child);
  }
  let height = top + plotHeight;
  let footer: El | undefined;
  if (caption) {
    height += subtitleSize + 4;
    footer = el(document, "text", {
      x: pad,
      y: height,
      "font-size": subtitleSize,
      fill: CHART_STYLE.muted,
      "text-anchor": "start",
    }, caption);
    height += pad;
  }
  svg.append(
    el(document, "rect", { width, height, fill: CHART_STYLE.background }),
  );
  if (top) svg.append(header);
  svg.append(body);
  if (footer) svg.append(footer);

  // Root attributes: namespace, size, style.
  svg.setAttribute("xmlns", SVG_NS);
  svg.setAttribute("width", String(width));
  svg.setAttribute("height", num(height));
  svg.setAttribute("viewBox", `0 0 ${width} ${num(height)}`);
  svg.setAttribute("font-family", CHART_STYLE.fontFamily);
  svg.setAttribute("font-size", String(fontSize));
  svg.setAttribute("color", CHART_STYLE.color);

  // Round geometry; make Plot's CSS variable concrete (resvg has no CSS vars).
  for (const node of [svg, ...svg.querySelectorAll("*")]) {
    for (const attr of [...node.attributes]) {
      let v = attr.value;
      if (NUMERIC_ATTRS.has(attr.name)) v = roundNumbers(v);
      if (v.includes("var(--plot-background)")) {
        v = v.replaceAll("var(--plot-background)", CHART_STYLE.background);
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

type ResvgModule = typeof import("@resvg/resvg-js");
let resvg: ResvgModule | undefined;
let resvgError = "";

function granted(name: "ffi" | "sys"): boolean {
  try {
    return Deno.permissions.querySync({ name }).state === "granted";
  } catch {
    return false;
  }
}

if (granted("ffi") && granted("sys")) {
  try {
    resvg = await import("@resvg/resvg-js");
  } catch (e) {
    resvgError = `could not load @resvg/resvg-js: ${
      e instanceof Error ? e.message : e
    }`;
  }
} else {
  resvgError =
    "PNG rendering needs --allow-read --allow-sys --allow-ffi (resvg is a native addon)";
}

function fontFiles(): string[] {
  return FONT_FILES.filter((f) => {
    try {
      return Deno.statSync(f).isFile;
    } catch {
      return false;
    }
  });
}

/**
 * Rasterise an SVG to PNG bytes with resvg.
 *
 * Text is drawn with the DejaVu Sans font files only (system fonts are not
 * searched), so the bytes are the same on every machine that has Debian's
 * `fonts-dejavu-core`. Throws if the font files are missing, rather than
 * silently drawing a chart without text.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg, svgToPng } from "./chart.ts";
 * const png = svgToPng(renderSvg({ marks: [Plot.dot([[1, 2]])] }));
 * png[1] === 0x50; // "P" of the PNG signature
 * ```
 */
export function svgToPng(svg: string, options: PngOptions = {}): Uint8Array {
  if (!resvg) throw new Error(`svgToPng: ${resvgError}`);
  const files = options.fontFiles ?? fontFiles();
  if (files.length === 0) {
    throw new Error(
      `svgToPng: no font file found (${FONT_FILES.join(", ")}); ` +
        "install Debian's fonts-dejavu-core or pass fontFiles",
    );
  }
  const family = CHART_STYLE.fontFamily.split(",")[0].trim();
  const r = new resvg.Resvg(svg, {
    fitTo: { mode: "zoom", value: options.scale ?? 2 },
    background: CHART_STYLE.background,
    font: {
      loadSystemFonts: false,
      fontFiles: files,
      defaultFontFamily: family,
      sansSerifFamily: family,
    },
  });
  return new Uint8Array(r.render().asPng());
}

/**
 * Render a chart and write `basePath.svg` and `basePath.png`, each atomically
 * (temporary file, then rename). Parent directories are created.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { writeChart } from "./chart.ts";
 * await writeChart("results/charts/threshold", {
 *   title: "Mean round score by stop threshold",
 *   marks: [Plot.lineY([14.2, 15.1, 14.8])],
 * });
 * ```
 */
export async function writeChart(
  basePath: string,
  options: ChartOptions,
  png: PngOptions = {},
): Promise<void> {
  const svg = renderSvg(options);
  const bytes = svgToPng(svg, png);
  await writeFileAtomic(`${basePath}.svg`, svg);
  await writeFileAtomic(`${basePath}.png`, bytes);
}

/** What {@linkcode svgDisplay} returns: an object the Deno Jupyter kernel displays. */
export interface JupyterDisplayable {
  /** Called by the Deno kernel to get the MIME bundle. */
  [key: symbol]: () => Record<string, string>;
}

/**
 * Wrap an SVG string so that the Deno Jupyter kernel shows it inline when it
 * is the value of a cell (or passed to `Deno.jupyter.display`).
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { renderSvg, svgDisplay } from "./chart.ts";
 * // last expression of a notebook cell:
 * svgDisplay(renderSvg({ marks: [Plot.lineY([1, 3, 2])] }));
 * ```
 */
export function svgDisplay(svg: string): JupyterDisplayable {
  return {
    [Symbol.for("Jupyter.display")]() {
      return { "image/svg+xml": svg };
    },
  };
}

/**
 * Render a chart and wrap it for inline display in a notebook:
 * `svgDisplay(renderSvg(options))`.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import { showChart } from "./chart.ts";
 * showChart({ title: "Deck", marks: [Plot.barY([1, 2, 3])] });
 * ```
 */
export function showChart(options: ChartOptions): JupyterDisplayable {
  return svgDisplay(renderSvg(options));
}
