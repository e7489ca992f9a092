/**
 * The charts the report inlines, checked: a chart of `results/` is inlined
 * only if it is made of the elements and attributes our charts use, with no
 * script, no event handler, no external reference and no entity
 * declaration (issue 41, row 7). Anything else is refused with one line
 * naming the file: a planted or edited chart is not shown, and not hidden
 * either.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const ok = '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="url(#g)" width="1"/></svg>';
 * assert.equal(checkedSvg(`<?xml version="1.0"?>\n${ok}`, "a.svg"), ok);
 * assert.throws(() => checkedSvg('<svg><script>alert(1)</script></svg>', "a.svg"), /a\.svg: .*<script>/);
 * assert.throws(() => checkedSvg('<svg onload="x()"></svg>', "a.svg"), /event handler onload/);
 * assert.throws(() => checkedSvg('<svg><image href="http://x/y.png"/></svg>', "a.svg"), /<image>/);
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";

/** The elements of our charts (Observable Plot's SVG, resvg-safe). */
const ELEMENTS = new Set([
  "svg",
  "g",
  "path",
  "rect",
  "circle",
  "ellipse",
  "line",
  "polyline",
  "polygon",
  "text",
  "tspan",
  "title",
  "desc",
  "defs",
  "style",
  "clipPath",
  "linearGradient",
  "radialGradient",
  "stop",
  "marker",
  "pattern",
  "symbol",
]);

/** A reference that leaves the page: anything but `#id`. */
const EXTERNAL = /url\(\s*(?!['"]?#)|@import|javascript:|expression\(/i;

/**
 * The SVG text to inline (its XML declaration dropped), or an
 * {@linkcode InputError} naming the file and what is not allowed.
 */
export function checkedSvg(text: string, path: string): string {
  const svg = text.replace(/^<\?xml[^>]*\?>\s*/, "");
  const bad = (what: string) =>
    new InputError(
      `${path}: not a chart the report inlines (${what}); rerun its experiment`,
    );
  if (/<!(?!--)/.test(svg) || /<\?/.test(svg)) {
    throw bad("a declaration or processing instruction");
  }
  for (const m of svg.matchAll(/<([a-zA-Z][\w:.-]*)([^>]*)>/g)) {
    const [, name, attrs] = m;
    if (!ELEMENTS.has(name)) throw bad(`<${name}>`);
    for (const a of attrs.matchAll(/([\w:.-]+)\s*=\s*("[^"]*"|'[^']*')/g)) {
      const [, key, quoted] = a;
      const value = quoted.slice(1, -1);
      if (/^on/i.test(key)) throw bad(`event handler ${key}`);
      if (/(^|:)href$/i.test(key) && !value.startsWith("#")) {
        throw bad(`${key}="${value}"`);
      }
      if (EXTERNAL.test(value)) throw bad(`${key}="${value}"`);
    }
  }
  for (const m of svg.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
    if (EXTERNAL.test(m[1]) || /<\w/.test(m[1])) {
      throw bad("an external reference in <style>");
    }
  }
  return svg;
}
