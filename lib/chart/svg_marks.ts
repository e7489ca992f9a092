/**
 * Reading a rendered chart's SVG for the chart checks (`check.ts`): which
 * elements are data marks and where they are drawn (translations, clipping,
 * inherited attributes), colors as Lab and their distances, and the box of
 * everything drawn.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { colorDistance } from "./svg_marks.ts";
 * assert.equal(colorDistance("#000000", "#000000"), 0);
 * ```
 * @module
 */

import { drawnBBox } from "./chart.ts";

/** Mark groups (Plot's `aria-label`s) whose elements are data marks. */
const DATA_MARKS = new Set([
  "dot",
  "line",
  "link",
  "bar",
  "rect",
  "tick",
  "area",
  "cell",
  "arrow",
  "vector",
]);

/** A box: left, top, right, bottom. */
export type Box = [number, number, number, number];

/** The translation of an element and its ancestors (`transform="translate(x, y)"`). */
export function translateOf(el: Element): [number, number] {
  let x = 0, y = 0;
  for (let e: Element | null = el; e; e = e.parentElement) {
    const t = e.getAttribute("transform");
    if (!t) continue;
    for (const m of t.matchAll(/translate\(\s*([-\d.e]+)[\s,]*([-\d.e]*)\)/g)) {
      x += Number(m[1]);
      y += Number(m[2] || 0);
    }
  }
  return [x, y];
}

/** Points of an element in SVG coordinates (translations only). */
export function points(el: Element): [number, number][] {
  const [tx, ty] = translateOf(el);
  const n = (a: string) => Number(el.getAttribute(a) ?? 0);
  const tag = el.tagName.toLowerCase();
  let pts: [number, number][] = [];
  if (tag === "circle" || tag === "ellipse") pts = [[n("cx"), n("cy")]];
  else if (tag === "rect") {
    pts = [[n("x"), n("y")], [n("x") + n("width"), n("y") + n("height")]];
  } else if (tag === "line") pts = [[n("x1"), n("y1")], [n("x2"), n("y2")]];
  else if (tag === "path") {
    const d = el.getAttribute("d") ?? "";
    // Absolute moves and lines (what Plot draws for lines, links, ticks).
    for (const m of d.matchAll(/[ML]\s*([-\d.e]+)[\s,]+([-\d.e]+)/g)) {
      pts.push([Number(m[1]), Number(m[2])]);
    }
  }
  return pts.map(([x, y]) => [x + tx, y + ty]);
}

/** An attribute of an element or its nearest ancestor that sets it. */
export function inherited(el: Element, attr: string): string | null {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const v = e.getAttribute(attr);
    if (v !== null) return v;
  }
  return null;
}

/** Whether an element or an ancestor is clipped (`clip-path`). */
export function clipped(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.getAttribute("clip-path")) return true;
  }
  return false;
}

/** The mark group (Plot's `aria-label`) an element is drawn in, if any. */
export function markGroup(el: Element): string | null {
  for (let e: Element | null = el.parentElement; e; e = e.parentElement) {
    // templates (line markers, clip paths, gradients) are not placed marks
    const tag = e.tagName.toLowerCase();
    if (tag === "marker" || tag === "defs" || tag === "clippath") return null;
    const label = e.getAttribute("aria-label");
    if (label !== null && DATA_MARKS.has(label)) return label;
    if (label === "plot") return null;
  }
  return null;
}

/** A color as `#rrggbb` when it is `#rrggbb` or `rgb(r, g, b)`, else lower-cased. */
export function colorOf(v: string | null): string {
  const c = (v ?? "").trim().toLowerCase();
  const m = c.match(/^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/);
  if (!m) return c;
  return "#" + m.slice(1).map((x) => Number(x).toString(16).padStart(2, "0"))
    .join("");
}

/** A `#rrggbb` color in CIE Lab (D65), or null for anything else. */
export function hexToLab(hex: string): [number, number, number] | null {
  const m = hex.trim().match(/^#([0-9a-f]{6})$/i);
  if (!m) return null;
  const c = [0, 2, 4].map((i) => {
    const v = parseInt(m[1].slice(i, i + 2), 16) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  const xyz = [
    (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.95047,
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2],
    (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.08883,
  ].map((t) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116));
  return [
    116 * xyz[1] - 16,
    500 * (xyz[0] - xyz[1]),
    200 * (xyz[1] - xyz[2]),
  ];
}

/**
 * CIE76 color distance (ΔE in Lab) between two `#rrggbb` colors; NaN when
 * either is not in that form.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(colorDistance("#4269d0", "#4269d0"), 0);
 * assert.equal(Math.round(colorDistance("#000000", "#ffffff")), 100);
 * ```
 */
export function colorDistance(a: string, b: string): number {
  const la = hexToLab(a), lb = hexToLab(b);
  if (!la || !lb) return NaN;
  return Math.hypot(la[0] - lb[0], la[1] - lb[1], la[2] - lb[2]);
}

/**
 * Bounding box of everything drawn, with text laid out in DejaVu Sans (the
 * font the PNGs use) and without the background: [left, top, right, bottom].
 *
 * @example
 * ```ts
 * import { drawnBox } from "./svg_marks.ts";
 * import assert from "node:assert/strict";
 * const box = drawnBox('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect x="2" y="3" width="4" height="5"/></svg>');
 * assert.deepEqual(box, [2, 3, 6, 8]);
 * ```
 */
export function drawnBox(svg: string): Box | null {
  // Drop the background rect (a rect with only width, height and fill).
  const bare = svg.replace(
    /<rect fill="[^"]*" height="[\d.]+" width="[\d.]+"\s*(\/>|><\/rect>)/,
    "",
  );
  return drawnBBox(bare);
}
