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
 * - **marks running into the frame**: no data mark reaches the plot area's
 *   top edge (a bar cut by the frame, a peak flattened against it), and no
 *   horizontal bar or interval reaches its right edge: the domain must
 *   leave room.
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
 * Needs `--allow-read` (resvg as WebAssembly and the fonts, as for PNG rendering).
 *
 * @example
 * ```ts
 * import { checkChart } from "./check.ts";
 * import assert from "node:assert/strict";
 * const problems = checkChart(Deno.readTextFileSync(new URL("../../results/advice.svg", import.meta.url)));
 * assert.deepEqual(problems, []); // the committed chart is sound
 * ```
 * @module
 */

import { parseHTML } from "linkedom";
import {
  clipped,
  colorDistance,
  colorOf,
  drawnBox,
  inherited,
  markGroup,
  points,
  translateOf,
} from "./svg_marks.ts";

export { colorDistance, drawnBox } from "./svg_marks.ts";

/**
 * Most categories a color legend may have before colors blur together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_CATEGORIES, 8);
 * ```
 */
export const MAX_CATEGORIES = 8;

/**
 * Smallest color distance (CIE76 ΔE in Lab) between two legend swatches.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { colorDistance } from "./check.ts";
 * assert.ok(colorDistance("#4269d0", "#efb118") >= MIN_COLOR_DISTANCE);
 * assert.equal(MIN_COLOR_DISTANCE, 20);
 * ```
 */
export const MIN_COLOR_DISTANCE = 20;

/**
 * Options of {@linkcode checkChart}.
 *
 * @example
 * ```ts
 * const o: CheckOptions = { edges: false };
 * ```
 */
export interface CheckOptions {
  /**
   * Check that no mark runs into the frame's top or right edge (default
   * true; off only for charts drawn before the check existed, e.g. the
   * committed outputs of notebooks not yet re-executed).
   */
  edges?: boolean;
}

/**
 * Check a chart's content; returns one line per problem (see the module
 * documentation for what is checked). `name` prefixes each line.
 *
 * @example
 * ```ts
 * import { renderSvg } from "./chart.ts";
 * import * as Plot from "@observablehq/plot";
 * import assert from "node:assert/strict";
 * assert.deepEqual(checkChart(renderSvg({ marks: [Plot.dot([[1, 2]])] })), []);
 * const problems = checkChart(renderSvg({ x: { domain: [0, 1] }, marks: [Plot.dot([[50, 2]])] }));
 * assert.ok(problems.some((p) => p.startsWith("1 data mark(s) outside the plot area")), problems.join("; "));
 * ```
 */
export function checkChart(
  svg: string,
  name = "",
  options: CheckOptions = {},
): string[] {
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
    // no tolerance: half a pixel past the edge cuts a glyph in the PNG
    if (l < 0 || t < 0 || r > W || b > H) {
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
    // 2b. Nothing runs into the frame's top (a bar or interval cut by it, a
    // peak flattened against it): the domain should leave room above the
    // data. The bottom and left edges are where bars start, so not checked;
    // on the right, bars and intervals must not reach the edge either.
    let atTop = 0, atRight = 0;
    const touching: string[] = [];
    for (const el of [...plot.querySelectorAll("*")] as Element[]) {
      const group = markGroup(el);
      if (!group || clipped(el)) continue;
      const tag = el.tagName.toLowerCase();
      if (!["circle", "rect", "line", "path"].includes(tag)) continue;
      const pts = points(el);
      // a translucent band across the whole frame (a shaded range) is not
      // data
      const opacity = Number(inherited(el, "fill-opacity") ?? 1);
      if (
        tag === "rect" && pts.length === 2 && opacity < 1 &&
        ((pts[0][1] <= y0 + 0.5 && pts[1][1] >= y1 - 0.5) ||
          (pts[0][0] <= x0 + 0.5 && pts[1][0] >= x1 - 0.5))
      ) continue;
      const r = tag === "circle" ? Number(el.getAttribute("r") ?? 0) : 0;
      const top = pts.some(([, y]) => y - r <= y0 + 0.5);
      // horizontal bars (from the left edge) and horizontal intervals
      const across = tag === "rect"
        ? pts.length === 2 && pts[0][0] <= x0 + 0.5
        : group === "link" && pts.length >= 2 &&
          Math.abs(pts[0][1] - pts[pts.length - 1][1]) < 0.5;
      const right = across && pts.some(([x]) => x >= x1 - 0.5);
      if (top) atTop++;
      if (right) atRight++;
      if ((top || right) && touching.length < 3) {
        const [x, y] = pts[0] ?? [0, 0];
        touching.push(`${group} at (${x.toFixed(0)},${y.toFixed(0)})`);
      }
    }
    if (atTop + atRight && options.edges !== false) {
      say(
        `${atTop + atRight} data mark(s) run into the plot area's ${
          atTop ? "top" : "right"
        } edge (${y0}${atTop ? "" : `, x ${x1}`}), e.g. ${
          touching.join(", ")
        }: leave room in the domain (nice, or a wider domain)`,
      );
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
  // (plot by plot: the panels of a chart have axes of their own)
  for (const scope of plots.length ? plots : [root]) {
    const allMarks = ([...scope.querySelectorAll("*")] as Element[])
      .filter((e) => markGroup(e) !== null).flatMap(points);
    for (const axis of ["x", "y"] as const) {
      const labels = [
        ...scope.querySelectorAll(
          `[aria-label="${axis}-axis tick label"] text`,
        ),
      ] as Element[];
      const texts = labels.map((t) => (t.textContent ?? "").trim());
      const categorical = texts.some((t) =>
        t !== "" && !/^[−-]?[\d.,]+%?$/.test(t)
      );
      if (!categorical) continue;
      const ticks = ([
        ...scope.querySelectorAll(`[aria-label="${axis}-axis tick"] path`),
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
        !allMarks.some(([x, y]) =>
          Math.abs((axis === "x" ? x : y) - t.v) <= half
        )
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
