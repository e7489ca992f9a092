/**
 * Content checks for the project's charts (the SVGs of {@linkcode renderSvg}):
 * what a reader would notice looking at one, found from the SVG itself.
 *
 * {@linkcode checkChart} returns one line per problem (none: the chart passes):
 *
 * - **drawn outside the SVG**: the bounding box of everything drawn (text laid
 *   out with the real DejaVu Sans glyphs by resvg) must lie within the SVG's
 *   width and height — a cut title, subtitle or caption, or marks thousands
 *   of pixels away, fail.
 * - **marks outside the plot area**: every data mark (dots, lines, links,
 *   bars, ticks, areas, cells) must lie inside the plot area that
 *   {@linkcode renderSvg} records on each plot (`data-frame`), i.e. the axis
 *   domains contain the data. Clipped marks are exempt.
 * - **reference line on the frame**: a dashed rule or tick (a fair share, a
 *   threshold) lying on the frame's edge reads as an axis, not a reference.
 * - **legend entries**: each color-legend swatch must match a mark of its
 *   color that is not entirely covered by a later mark of another color (a
 *   dot under a dot of another color as large, a line under the same line);
 *   at most {@linkcode MAX_CATEGORIES} categories, each pair of colors at
 *   least {@linkcode MIN_COLOR_DISTANCE} apart (CIE76 ΔE).
 * - **empty categories**: on an axis of categories (tick labels that are not
 *   numbers), every category has a mark — no empty row.
 * - **numbers**: integers of five digits or more in the title, subtitle or
 *   caption carry a thousands separator (24,000, not 24000).
 *
 * Needs `--allow-read --allow-sys --allow-ffi` (resvg, as for PNG rendering).
 *
 * @example
 * ```ts
 * import { checkChart } from "./check.ts";
 * const problems = checkChart(Deno.readTextFileSync("results/advice.svg"));
 * problems; // [] when the chart is sound
 * ```
 * @module
 */

import { parseHTML } from "linkedom";
import { Resvg } from "@resvg/resvg-js";

/**
 * Most categories a color legend may have before colors blur together.
 *
 * @example
 * ```ts
 * MAX_CATEGORIES; // 8
 * ```
 */
export const MAX_CATEGORIES = 8;

/**
 * Smallest color distance (CIE76 ΔE in Lab) between two legend swatches.
 *
 * @example
 * ```ts
 * colorDistance("#4269d0", "#efb118") >= MIN_COLOR_DISTANCE; // true
 * ```
 */
export const MIN_COLOR_DISTANCE = 20;

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

const FONT_FILES = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
];

type Box = [number, number, number, number]; // left, top, right, bottom

function translateOf(el: Element): [number, number] {
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
function points(el: Element): [number, number][] {
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

function inherited(el: Element, attr: string): string | null {
  for (let e: Element | null = el; e; e = e.parentElement) {
    const v = e.getAttribute(attr);
    if (v !== null) return v;
  }
  return null;
}

function clipped(el: Element): boolean {
  for (let e: Element | null = el; e; e = e.parentElement) {
    if (e.getAttribute("clip-path")) return true;
  }
  return false;
}

function markGroup(el: Element): string | null {
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
function colorOf(v: string | null): string {
  const c = (v ?? "").trim().toLowerCase();
  const m = c.match(/^rgb\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)\s*\)$/);
  if (!m) return c;
  return "#" + m.slice(1).map((x) => Number(x).toString(16).padStart(2, "0"))
    .join("");
}

function hexToLab(hex: string): [number, number, number] | null {
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
 * colorDistance("#4269d0", "#4269d0"); // 0
 * colorDistance("#000000", "#ffffff"); // 100
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
 * import { drawnBox } from "./check.ts";
 * drawnBox('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect x="2" y="3" width="4" height="5"/></svg>');
 * // [2, 3, 6, 8]
 * ```
 */
export function drawnBox(svg: string): Box | null {
  // Drop the background rect (a rect with only width, height and fill).
  const bare = svg.replace(
    /<rect fill="[^"]*" height="[\d.]+" width="[\d.]+"\s*(\/>|><\/rect>)/,
    "",
  );
  const files = FONT_FILES.filter((f) => {
    try {
      return Deno.statSync(f).isFile;
    } catch {
      return false;
    }
  });
  const r = new Resvg(bare, {
    font: {
      loadSystemFonts: false,
      fontFiles: files,
      defaultFontFamily: "DejaVu Sans",
      sansSerifFamily: "DejaVu Sans",
    },
  });
  const b = r.getBBox();
  if (!b) return null;
  return [b.x, b.y, b.x + b.width, b.y + b.height];
}

/**
 * Check a chart's content; returns one line per problem (see the module
 * documentation for what is checked). `name` prefixes each line.
 *
 * @example
 * ```ts
 * import { renderSvg } from "./chart.ts";
 * import * as Plot from "@observablehq/plot";
 * checkChart(renderSvg({ marks: [Plot.dot([[1, 2]])] })); // []
 * checkChart(renderSvg({ x: { domain: [0, 1] }, marks: [Plot.dot([[50, 2]])] }));
 * // ["1 dot mark(s) outside the plot area, e.g. at (...)"]
 * ```
 */
export function checkChart(svg: string, name = ""): string[] {
  const problems: string[] = [];
  const say = (s: string) => problems.push(name ? `${name}: ${s}` : s);
  const { document } = parseHTML(`<!DOCTYPE html><html><body>${svg}</body>`);
  const root = document.querySelector("svg");
  if (!root) return [name ? `${name}: not an SVG` : "not an SVG"];
  const W = Number(root.getAttribute("width"));
  const H = Number(root.getAttribute("height"));
  const TOL = 1;

  // 1. Nothing drawn beyond the SVG's width or height.
  const box = drawnBox(svg);
  if (box) {
    const [l, t, r, b] = box;
    if (l < -TOL || t < -TOL || r > W + TOL || b > H + TOL) {
      say(
        `drawn beyond the ${W}×${H} SVG: content spans x ${l.toFixed(0)}–${
          r.toFixed(0)
        }, y ${t.toFixed(0)}–${b.toFixed(0)}`,
      );
    }
  }
  // Which text lies beyond the edges (estimated), to name it.
  for (const t of [...root.querySelectorAll("text")] as Element[]) {
    const [tx, ty] = translateOf(t);
    const x = Number(t.getAttribute("x") ?? 0) + tx;
    const y = Number(t.getAttribute("y") ?? 0) + ty;
    if (x < -TOL || x > W + TOL || y < -TOL || y > H + TOL) {
      say(`text "${t.textContent}" starts outside the SVG`);
    }
  }

  // 2. Data marks inside the plot area; 3. reference lines off the frame.
  const plots = [...root.querySelectorAll('[aria-label="plot"]')] as Element[];
  for (const plot of plots) {
    const frame = plot.getAttribute("data-frame");
    if (!frame) continue;
    const [x0, y0, x1, y1] = frame.split(",").map(Number);
    const outside: string[] = [];
    let count = 0;
    for (const el of [...plot.querySelectorAll("*")] as Element[]) {
      const group = markGroup(el);
      if (!group || clipped(el)) continue;
      const tag = el.tagName.toLowerCase();
      if (!["circle", "rect", "line", "path", "ellipse"].includes(tag)) {
        continue;
      }
      for (const [x, y] of points(el)) {
        if (x < x0 - TOL || x > x1 + TOL || y < y0 - TOL || y > y1 + TOL) {
          count++;
          if (outside.length < 3) {
            outside.push(`${group} at (${x.toFixed(0)},${y.toFixed(0)})`);
          }
          break;
        }
      }
    }
    if (count) {
      say(
        `${count} data mark(s) outside the plot area [${x0},${y0}]–[${x1},${y1}], e.g. ${
          outside.join(", ")
        }`,
      );
    }
    for (const el of [...plot.querySelectorAll("[stroke-dasharray]")]) {
      const g = el as Element;
      const targets = g.children.length ? [...g.children] : [g];
      for (const c of targets as Element[]) {
        const pts = points(c);
        if (pts.length < 2) continue;
        const vertical = Math.abs(pts[0][0] - pts[1][0]) < 0.5;
        const horizontal = Math.abs(pts[0][1] - pts[1][1]) < 0.5;
        const onX = vertical &&
          (Math.abs(pts[0][0] - x0) < 1 || Math.abs(pts[0][0] - x1) < 1);
        const onY = horizontal &&
          (Math.abs(pts[0][1] - y0) < 1 || Math.abs(pts[0][1] - y1) < 1);
        if (onX || onY) {
          say(
            `a dashed reference line lies on the frame's edge at (${
              pts[0][0].toFixed(0)
            },${pts[0][1].toFixed(0)}): widen the axis domain`,
          );
          break;
        }
      }
    }
  }

  // 4. Legend entries visible and distinct.
  const legend = root.querySelector('[aria-label="color legend"]');
  if (legend) {
    // swatches of a categorical legend (a ramp's gradient is not one)
    const swatches = ([...legend.querySelectorAll("rect")] as Element[]).map(
      (r) => ({
        color: colorOf(r.getAttribute("fill")),
        text: (r.nextElementSibling?.textContent ?? "").trim(),
      }),
    ).filter((w) => /^#[0-9a-f]{6}$/.test(w.color));
    if (swatches.length > MAX_CATEGORIES) {
      say(
        `${swatches.length} legend colors (at most ${MAX_CATEGORIES} can be told apart)`,
      );
    }
    for (let i = 0; i < swatches.length; i++) {
      for (let j = i + 1; j < swatches.length; j++) {
        const d = colorDistance(swatches[i].color, swatches[j].color);
        if (d < MIN_COLOR_DISTANCE) {
          say(
            `legend colors of "${swatches[i].text}" and "${
              swatches[j].text
            }" are near-identical (ΔE ${d.toFixed(1)})`,
          );
        }
      }
    }
    const marks =
      (plots.flatMap((p) => [...p.querySelectorAll("*")]) as Element[])
        .filter((e) =>
          markGroup(e) !== null &&
          ["circle", "rect", "path", "line", "ellipse"].includes(
            e.tagName.toLowerCase(),
          )
        )
        .map((e, order) => ({
          e,
          order,
          fill: (inherited(e, "fill") ?? "").toLowerCase(),
          stroke: (inherited(e, "stroke") ?? "").toLowerCase(),
          tag: e.tagName.toLowerCase(),
          pts: points(e),
          r: Number(e.getAttribute("r") ?? 0),
          d: e.getAttribute("d"),
        }));
    const covered = (m: (typeof marks)[number], color: string) =>
      marks.some((o) => {
        if (o.order <= m.order) return false;
        if (o.fill === color || o.stroke === color) return false;
        if (m.tag === "circle" && o.tag === "circle") {
          const opaque = o.fill !== "" && o.fill !== "none";
          const dist = Math.hypot(
            m.pts[0][0] - o.pts[0][0],
            m.pts[0][1] - o.pts[0][1],
          );
          // a sliver under a pixel wide does not show
          return opaque && dist + m.r <= o.r + 1;
        }
        if (m.tag === "path" && o.tag === "path" && m.d) {
          const sameAt = m.pts.length === o.pts.length &&
            m.pts.every((p, k) =>
              Math.abs(p[0] - o.pts[k][0]) < 0.01 &&
              Math.abs(p[1] - o.pts[k][1]) < 0.01
            );
          return sameAt && o.pts.length > 0;
        }
        return false;
      });
    for (const s of swatches) {
      const mine = marks.filter((m) =>
        m.fill === s.color || m.stroke === s.color
      );
      const hidden = mine.filter((m) => covered(m, s.color));
      const dots = mine.filter((m) => m.tag === "circle");
      const hiddenDots = hidden.filter((m) => m.tag === "circle");
      if (mine.length === 0) {
        say(`legend entry "${s.text}" (${s.color}) has no mark`);
      } else if (hidden.length === mine.length) {
        say(
          `legend entry "${s.text}" (${s.color}) is invisible: every mark of it is drawn under a mark of another color`,
        );
      } else if (hiddenDots.length > 0) {
        say(
          `legend entry "${s.text}" (${s.color}): ${hiddenDots.length} of ${dots.length} dots hidden under dots of another color`,
        );
      }
    }
  }

  // 5. Every category of a categorical axis has a mark (no empty row).
  const allMarks = (plots.length ? plots : [root]).flatMap((p) =>
    [...p.querySelectorAll("*")] as Element[]
  ).filter((e) => markGroup(e) !== null).flatMap(points);
  for (const axis of ["x", "y"] as const) {
    const labels = [
      ...root.querySelectorAll(`[aria-label="${axis}-axis tick label"] text`),
    ] as Element[];
    const texts = labels.map((t) => (t.textContent ?? "").trim());
    const categorical = texts.some((t) =>
      t !== "" && !/^[−-]?[\d.,]+%?$/.test(t)
    );
    if (!categorical) continue;
    const ticks = ([
      ...root.querySelectorAll(`[aria-label="${axis}-axis tick"] path`),
    ] as Element[]).map((t) => {
      const [x, y] = translateOf(t);
      return axis === "x" ? x : y;
    });
    const sorted = [...new Set(ticks)].sort((a, b) => a - b);
    const gaps = sorted.slice(1).map((v, i) => v - sorted[i]).filter((g) =>
      g > 0.5
    );
    const half = gaps.length ? Math.min(...gaps) / 2 : Infinity;
    const empty = ticks.map((v, i) => ({ v, text: texts[i] ?? "" })).filter((
      t,
    ) =>
      !allMarks.some(([x, y]) => Math.abs((axis === "x" ? x : y) - t.v) <= half)
    );
    if (empty.length) {
      say(
        `${empty.length} empty ${
          axis === "y" ? "row" : "column"
        }(s) on the ${axis} axis: ${
          empty.slice(0, 3).map((t) => `"${t.text}"`).join(", ")
        }`,
      );
    }
  }

  // 6. Thousands separators in the header and caption.
  const prose = [
    ...root.querySelectorAll('[aria-label="header"] > text'),
    ...root.querySelectorAll('[aria-label="caption"] text'),
  ] as Element[];
  for (const t of prose) {
    const bare = (t.textContent ?? "").match(/(?<![\d.,:\/#-])\d{5,}(?![\d.])/);
    if (bare) {
      say(`"${bare[0]}" in "${t.textContent}" has no thousands separator`);
    }
  }
  return problems;
}
