/**
 * PDF rendering of an SVG chart (pdfkit and svg-to-pdfkit, the DejaVu Sans
 * fonts embedded, a fixed creation date so that the bytes are
 * deterministic). `chart.ts` re-exports it.
 *
 * @module
 */

import { FONT_FILES, fontFiles } from "./png.ts";

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
