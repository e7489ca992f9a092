/**
 * Small SVG helpers of the chart renderer (internal to `lib/chart/`): number
 * rounding and stable ids that make an SVG byte-deterministic, element
 * building, the text-width estimate, label formatting and wrapping.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { num, roundNumbers, wrap } from "./svg_dom.ts";
 * assert.equal(num(-0.0001), "0");
 * assert.equal(roundNumbers("M0.12345,1 L2.5,3"), "M0.123,1 L2.5,3");
 * assert.deepEqual(wrap("a bb ccc", 10, 30), ["a bb", "ccc"]); // 0.62 em a character
 * ```
 * @module
 */

import type * as Plot from "@observablehq/plot";
import { fnv1a } from "../util/io.ts";

export const SVG_NS = "http://www.w3.org/2000/svg";

/** Attributes whose numbers are geometry and get rounded. */
export const NUMERIC_ATTRS = new Set([
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
export function num(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return String(r === 0 ? 0 : r);
}

const NUMBER_RE = /-?(?:\d+\.\d*|\.\d+|\d+)(?:e[-+]?\d+)?/gi;

export function roundNumbers(value: string): string {
  return value.replace(
    NUMBER_RE,
    (m) => (/[.e]/i.test(m) ? num(Number(m)) : m),
  );
}

/** FNV-1a, 32 bits, as 8 hex digits. */
export function hash(s: string): string {
  return fnv1a(s).toString(16).padStart(8, "0");
}

/**
 * Plot numbers its clip paths, markers and patterns with process-wide
 * counters, so the same chart gets other ids the second time. Rename every id
 * by order of appearance, prefixed with a hash of the chart itself: the same
 * chart always gets the same ids, and two charts inlined in one page (a
 * notebook) never share one.
 */
export function normaliseIds(svg: string): string {
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

export type El = SVGElement;
export type PlotSvg = El & { scale(name: string): Plot.Scale | undefined };

export function el(
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
export function textWidth(s: string, size: number): number {
  return s.length * size * 0.62;
}

export const fmt = new Intl.NumberFormat("en-US", { maximumFractionDigits: 3 });
export const fmt3 = new Intl.NumberFormat("en-US", {
  maximumSignificantDigits: 3,
});

export function label(v: unknown): string {
  if (typeof v === "number") return fmt.format(v);
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  return String(v);
}

/** Split text into lines no wider than `max` (by the width estimate). */
export function wrap(text: string, size: number, max: number): string[] {
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
