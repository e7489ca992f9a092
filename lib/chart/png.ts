/**
 * PNG rendering of an SVG chart with resvg (WebAssembly), using the DejaVu
 * Sans font files of the npm package `dejavu-fonts-ttf`, so that the same SVG
 * gives the same PNG bytes on every machine; the PNG's DPI chunk; and the
 * drawn bounding box the chart checks read. `chart.ts` re-exports it.
 *
 * Permissions: `--allow-read` (the WebAssembly renderer and the font files);
 * no native code is loaded. The renderer loads with this module when it may
 * read files, so that {@linkcode svgToPng} is synchronous.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pngDpi, svgToPng } from "./png.ts";
 * const png = svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
 * assert.equal(Math.round(pngDpi(png)!), 192); // 96 x the default scale 2
 * ```
 * @module
 */

import { createRequire } from "node:module";
// the font files' package, in the module graph so that it is fetched
import "dejavu-fonts-ttf/package.json" with { type: "json" };
import { CHART_STYLE, type PngOptions } from "./theme.ts";

/** Default font files, searched in order (Debian: `fonts-dejavu-core`). */
export const FONT_FILES: string[] = [
  "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
  "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
];

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
