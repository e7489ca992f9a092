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
/** Observable Plot's options, which a chart's options extend (see Plot's documentation). */
export type PlotOptions = Plot.PlotOptions;
import type { JupyterDisplayable } from "./display.ts";
import { fnv1a, writeFileAtomic } from "../util/io.ts";
import { createRequire } from "node:module";
// the font files' package, in the module graph so that it is fetched
import "dejavu-fonts-ttf/package.json" with { type: "json" };

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

/**
 * The colours of a theme (see {@linkcode THEMES}).
 *
 * @example
 * ```ts
 * const sepia: ChartTheme = { color: "#3b2f2f", muted: "#7a6a5a", background: "#f4ecd8" };
 * ```
 */
export interface ChartTheme {
  /** Text color (also what `currentColor` resolves to). */
  color: string;
  /** Secondary text color (subtitle, caption). */
  muted: string;
  /** Background fill. */
  background: string;
}

/**
 * The chart themes: `light` (the default, {@linkcode CHART_STYLE}'s colours)
 * and `dark`. Marks drawn in `currentColor` follow the theme.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(THEMES.dark.background, "#15171a");
 * assert.equal(THEMES.light.background, CHART_STYLE.background);
 * ```
 */
export const THEMES: Record<"light" | "dark", ChartTheme> = {
  light: {
    color: CHART_STYLE.color,
    muted: CHART_STYLE.muted,
    background: CHART_STYLE.background,
  },
  dark: { color: "#e8e8e8", muted: "#b0b0b0", background: "#15171a" },
};

/**
 * One panel of a chart of several stacked plots (see
 * {@linkcode ChartOptions.panels}).
 *
 * @example
 * ```ts
 * const p: PanelOptions = { heading: "Points", x: { label: "points" }, marks: [] };
 * ```
 */
export interface PanelOptions
  extends Omit<PlotOptions, "title" | "subtitle" | "caption" | "document"> {
  /** Heading drawn above the panel. */
  heading?: string;
}

/** Plot's own options, plus our in-SVG `title`, `subtitle` and `caption`. */
export interface ChartOptions
  extends Omit<PlotOptions, "title" | "subtitle" | "caption" | "document"> {
  /** Title drawn at the top, inside the SVG (wrapped to the width). */
  title?: string;
  /** Subtitle drawn under the title, inside the SVG (wrapped to the width). */
  subtitle?: string;
  /** Caption drawn at the bottom, inside the SVG (wrapped to the width). */
  caption?: string;
  /** Colour theme (default `light`). */
  theme?: "light" | "dark";
  /**
   * Several plots stacked under one header, each with its own scales (for
   * figures in different units); each panel's options are merged over the
   * chart's own Plot options. The color legend comes from the first panel
   * that has one.
   */
  panels?: PanelOptions[];
}

/** Options for {@linkcode svgToPng}. */
export interface PngOptions {
  /**
   * Pixel density: 2 (the default) renders a 640-px-wide chart as 1280 px.
   * The PNG carries a `pHYs` chunk of 96 × scale DPI, so the image keeps the
   * chart's size in CSS pixels (inches) when placed in a document.
   */
  scale?: number;
  /** Font files to load instead of the default DejaVu Sans files. */
  fontFiles?: string[];
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Default font files, searched in order (Debian: `fonts-dejavu-core`). */
const FONT_FILES: string[] = [
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
  return fnv1a(s).toString(16).padStart(8, "0");
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
 * Legends: Plot would wrap them in an HTML <figure>; we draw the color one.
 * Turns them off in `options` and returns the color scale's options if it
 * asked for one.
 */
function takeLegends(
  options: Plot.PlotOptions,
): { label?: unknown } | undefined {
  let color: { label?: unknown } | undefined;
  for (const name of Object.keys(options) as (keyof Plot.PlotOptions)[]) {
    const scale = options[name] as { legend?: unknown } | undefined;
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
      color = scale as { label?: unknown };
      (options as Record<string, unknown>)[name] = { ...scale, legend: false };
    }
  }
  return color;
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

/** Split text into lines no wider than `max` (by the width estimate). */
function wrap(text: string, size: number, max: number): string[] {
  const out: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const next = line ? `${line} ${word}` : word;
    if (line && textWidth(next, size) > max) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/**
 * resvg compiled to WebAssembly (no native code: PNG rendering needs no
 * `--allow-ffi`), initialised once on first use from the package's own
 * `.wasm` file. It draws the same PNG bytes as resvg's Node-API addon of
 * the same version (2.6.2), checked on every committed chart at scales 1,
 * 2 and 3.
 */
let resvgReady: typeof import("@resvg/resvg-wasm") | null = null;

let resvgError = "";

function resvg(): typeof import("@resvg/resvg-wasm") {
  if (resvgReady) return resvgReady;
  throw new Error(`svgToPng: ${resvgError || "resvg is not loaded"}`);
}

/**
 * Load and initialise the WebAssembly PNG renderer (idempotent). Needs
 * `--allow-read` only.
 *
 * @example
 * ```ts
 * await loadPngRenderer();
 * ```
 */
export async function loadPngRenderer(): Promise<void> {
  if (resvgReady) return;
  const mod = await import("@resvg/resvg-wasm");
  const wasm = Deno.readFileSync(
    npmRequire().resolve("@resvg/resvg-wasm/index_bg.wasm"),
  );
  try {
    await mod.initWasm(wasm);
  } catch (e) {
    // initialised already (another copy of this module in the process)
    if (!/already initialized/i.test(String(e))) throw e;
  }
  resvgReady = mod;
}

function npmRequire(): NodeRequire {
  return createRequire(import.meta.url);
}

// loaded with this module when it may read files (so that svgToPng is
// synchronous); importing this module never prompts
try {
  if (Deno.permissions.querySync({ name: "read" }).state === "granted") {
    await loadPngRenderer();
  } else {resvgError =
      "PNG rendering needs --allow-read (the resvg WebAssembly file and the fonts)";}
} catch (e) {
  resvgError = `could not load @resvg/resvg-wasm: ${
    e instanceof Error ? e.message.split("\n")[0] : e
  }`;
}

/**
 * The DejaVu Sans font files: the npm package `dejavu-fonts-ttf` (part of
 * the module graph, so `deno install` or the first run fetches it; no apt
 * step), else Debian's `fonts-dejavu-core`. Both draw the same PNG bytes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(fontFiles()[0].endsWith("DejaVuSans.ttf"));
 * ```
 */
export function fontFiles(): string[] {
  const names = ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"];
  const isFile = (f: string) => {
    try {
      return Deno.statSync(f).isFile;
    } catch {
      return false;
    }
  };
  let npm: string[] = [];
  try {
    const dir = npmRequire().resolve("dejavu-fonts-ttf/package.json")
      .replace(/package\.json$/, "ttf/");
    npm = names.map((n) => dir + n);
  } catch { /* not installed: the system's files */ }
  if (npm.length && npm.every(isFile)) return npm;
  return FONT_FILES.filter(isFile);
}

const fontData = new Map<string, Uint8Array>();

function fontBuffers(files: string[]): Uint8Array[] {
  return files.map((f) => {
    let b = fontData.get(f);
    if (!b) fontData.set(f, b = Deno.readFileSync(f));
    return b;
  });
}

/**
 * Rasterise an SVG to PNG bytes with resvg (WebAssembly, loaded with this
 * module when it may read files; else call {@linkcode loadPngRenderer}).
 *
 * Text is drawn with the DejaVu Sans font files only (system fonts are not
 * searched: {@linkcode fontFiles}), so the bytes are the same on every
 * machine. Throws if the font files are missing, rather than silently
 * drawing a chart without text.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { renderSvg, svgToPng } from "./chart.ts";
 * const png = svgToPng(renderSvg({ marks: [Plot.dot([[1, 2]])] }));
 * assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]); // the PNG signature
 * ```
 */
export function svgToPng(svg: string, options: PngOptions = {}): Uint8Array {
  const r0 = resvg();
  const files = options.fontFiles ?? fontFiles();
  if (files.length === 0) {
    throw new Error(
      `svgToPng: no font file found (the npm package dejavu-fonts-ttf, or ${
        FONT_FILES.join(", ")
      }); pass fontFiles`,
    );
  }
  const family = CHART_STYLE.fontFamily.split(",")[0].trim();
  const r = new r0.Resvg(svg, {
    fitTo: { mode: "zoom", value: options.scale ?? 2 },
    background: CHART_STYLE.background,
    font: {
      loadSystemFonts: false,
      fontBuffers: fontBuffers(files),
      defaultFontFamily: family,
      sansSerifFamily: family,
    },
  });
  const png = new Uint8Array(r.render().asPng());
  r.free();
  return withDpi(png, 96 * (options.scale ?? 2));
}

/**
 * The bounding box of what an SVG draws (resvg's `getBBox`, with the chart
 * fonts), as `[x0, y0, x1, y1]`, or null when it draws nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(drawnBBox('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect x="1" y="2" width="3" height="4"/></svg>')?.map(Math.round), [1, 2, 4, 6]);
 * ```
 */
export function drawnBBox(
  svg: string,
): [number, number, number, number] | null {
  const r0 = resvg();
  const r = new r0.Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontBuffers: fontBuffers(fontFiles()),
      defaultFontFamily: "DejaVu Sans",
      sansSerifFamily: "DejaVu Sans",
    },
  });
  const b = r.getBBox();
  r.free();
  if (!b) return null;
  return [b.x, b.y, b.x + b.width, b.y + b.height];
}

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * Set a PNG's pixel density: insert (or replace) its `pHYs` chunk, right
 * after `IHDR`, with `dpi` pixels per inch on both axes.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { pngDpi, renderSvg, svgToPng, withDpi } from "./chart.ts";
 * const png = withDpi(svgToPng(renderSvg({ marks: [Plot.dot([[1, 2]])] })), 300);
 * assert.equal(Math.round(pngDpi(png)!), 300);
 * ```
 */
export function withDpi(png: Uint8Array, dpi: number): Uint8Array {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  const chunks: Uint8Array[] = [png.subarray(0, 8)];
  let at = 8;
  while (at < png.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const chunk = png.subarray(at, at + 12 + len);
    at += 12 + len;
    if (type === "pHYs") continue;
    chunks.push(chunk);
    if (type === "IHDR") {
      const ppm = Math.round(dpi / 0.0254);
      const c = new Uint8Array(21);
      const v = new DataView(c.buffer);
      v.setUint32(0, 9);
      c.set([0x70, 0x48, 0x59, 0x73], 4); // "pHYs"
      v.setUint32(8, ppm);
      v.setUint32(12, ppm);
      c[16] = 1; // unit: metre
      v.setUint32(17, crc32(c.subarray(4, 17)));
      chunks.push(c);
    }
  }
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/**
 * A PNG's pixel density in DPI from its `pHYs` chunk, or null without one.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { pngDpi, renderSvg, svgToPng } from "./chart.ts";
 * const dpi = pngDpi(svgToPng(renderSvg({ marks: [Plot.dot([[1, 2]])] }), { scale: 2 }));
 * assert.equal(Math.round(dpi!), 192); // 96 × scale
 * assert.equal(pngDpi(new Uint8Array(8)), null); // no pHYs chunk
 * ```
 */
export function pngDpi(png: Uint8Array): number | null {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let at = 8;
  while (at + 8 <= png.length) {
    const len = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    if (type === "pHYs" && png[at + 16] === 1) {
      return view.getUint32(at + 8) * 0.0254;
    }
    if (type === "IDAT") return null;
    at += 12 + len;
  }
  return null;
}

/**
 * Convert a chart's SVG to a one-page PDF of the chart's size (1 px = 1 pt),
 * with pdfkit and svg-to-pdfkit: vector shapes, and text set in the embedded
 * DejaVu Sans (the npm package `dejavu-fonts-ttf`). No browser or DOM is needed, and the
 * document carries a fixed creation date, so the bytes do not depend on the
 * time of the run.
 *
 * @example
 * ```ts
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * import { renderSvg, svgToPdf } from "./chart.ts";
 * const pdf = await svgToPdf(renderSvg({ marks: [Plot.dot([[1, 2]])] }));
 * assert.equal(new TextDecoder().decode(pdf.subarray(0, 5)), "%PDF-");
 * ```
 */
export async function svgToPdf(svg: string): Promise<Uint8Array> {
  const files = fontFiles();
  if (files.length < 2) {
    throw new Error(
      `svgToPdf: font files missing (the npm package dejavu-fonts-ttf, or ${
        FONT_FILES.join(", ")
      })`,
    );
  }
  const [{ default: PDFDocument }, { default: SVGtoPDF }] = await Promise.all([
    import("pdfkit"),
    import("svg-to-pdfkit"),
  ]);
  const size = (name: string) =>
    Number(
      svg.slice(0, svg.indexOf(">")).match(
        new RegExp(`\\s${name}="([\\d.]+)"`),
      )?.[1] ?? NaN,
    );
  const w = size("width"), h = size("height");
  if (!(w > 0 && h > 0)) throw new Error("svgToPdf: the SVG has no size");
  const epoch = new Date(0);
  const doc = new PDFDocument({
    size: [w, h],
    margin: 0,
    info: { CreationDate: epoch, ModDate: epoch, Producer: "Flip 7 Lab" },
  });
  doc.registerFont("chart", files[0]);
  doc.registerFont("chart-bold", files[1]);
  const parts: Uint8Array[] = [];
  doc.on("data", (c: Uint8Array) => parts.push(new Uint8Array(c)));
  const ended = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  SVGtoPDF(doc, svg, 0, 0, {
    width: w,
    height: h,
    assumePt: true, // 1 px of the chart = 1 pt of the page
    fontCallback: (_family: string, bold: boolean) =>
      bold ? "chart-bold" : "chart",
  });
  doc.end();
  await ended;
  const out = new Uint8Array(parts.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of parts) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

/**
 * Render a chart and write `basePath.svg` and `basePath.png`, each atomically
 * (temporary file, then rename). Parent directories are created.
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
  await writeFileAtomic(`${basePath}.svg`, svg);
  await writeFileAtomic(`${basePath}.png`, bytes);
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
      if (!resvg) return bundle;
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
