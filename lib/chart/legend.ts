/**
 * The colour legend of a chart, drawn inside the SVG (swatches for ordinal
 * scales, a ramp for continuous ones): Plot's own legends are HTML, which a
 * standalone SVG cannot hold (internal to `lib/chart/`).
 *
 * @module
 */

import type * as Plot from "@observablehq/plot";
import { CHART_STYLE } from "./theme.ts";
import { type El, el, fmt3, label, num, textWidth } from "./svg_dom.ts";

export const SWATCH_TYPES = new Set([
  "ordinal",
  "categorical",
  "point",
  "band",
]);
export const THRESHOLD_TYPES = new Set(["threshold", "quantile", "quantize"]);

/** Draw a color legend (swatches or a ramp) at y; returns its height. */
export function drawLegend(
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
 * Legends: Plot would wrap them in an HTML <figure>; we draw the color one.
 * Turns them off in `options` and returns the color scale's options if it
 * asked for one.
 */
export function takeLegends(
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
