import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  renderSvg,
  svgDisplay,
  svgToPng,
  writeChart,
} from "../lib/chart/chart.ts";

function options(): ChartOptions {
  const data = [0, 1, 2, 3, 4].flatMap((t) =>
    ["cautious", "greedy"].map((s) => ({
      t,
      s,
      v: (t * 7 + s.length) % 5 + 0.123456789,
    }))
  );
  return {
    title: "Test chart & <title>",
    subtitle: "subtitle here",
    caption: "caption here",
    color: { legend: true },
    marks: [
      Plot.lineY(data, { x: "t", y: "v", stroke: "s", marker: "circle" }),
      Plot.barY(data, {
        x: "t",
        y: "v",
        fill: "s",
        clip: true,
        fillOpacity: 0.2,
      }),
      Plot.ruleY([0]),
    ],
  };
}

Deno.test("renderSvg: same input gives identical bytes", () => {
  const a = renderSvg(options());
  const b = renderSvg(options());
  assert.equal(a, b);
  // ids are stable (Plot's own counters would differ between the two renders)
  assert.match(a, /id="f7-[0-9a-f]{8}-0"/);
  assert.doesNotMatch(a, /plot-clip-\d|plot-marker-\d/);
});

Deno.test("renderSvg: standalone SVG root with xmlns, title, no long decimals", () => {
  const svg = renderSvg(options());
  assert.ok(
    svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'),
    svg.slice(0, 80),
  );
  assert.ok(svg.trimEnd().endsWith("</svg>"));
  assert.ok(!svg.includes("<figure"));
  assert.ok(svg.includes(">Test chart &amp; &lt;title&gt;</text>"));
  assert.ok(svg.includes(">subtitle here</text>"));
  assert.ok(svg.includes(">caption here</text>"));
  assert.ok(svg.includes(">cautious</text>"), "legend swatch label");
  assert.doesNotMatch(svg, /\d\.\d{4,}/);
  assert.ok(!svg.includes("var(--"));
  const root = svg.slice(0, svg.indexOf(">"));
  assert.match(root, /width="640"/);
  assert.match(root, /viewBox="0 0 640 [\d.]+"/);
});

Deno.test("renderSvg: different charts get different ids", () => {
  const a = renderSvg(options());
  const b = renderSvg({ ...options(), title: "Another" });
  const id = (s: string) => s.match(/id="(f7-[0-9a-f]{8})-0"/)?.[1];
  assert.ok(id(a));
  assert.notEqual(id(a), id(b));
});

Deno.test("renderSvg: unsupported legends throw", () => {
  assert.throws(
    () =>
      renderSvg({
        symbol: { legend: true },
        marks: [Plot.dot([[1, 2]], { symbol: () => "a" })],
      }),
    /only color legends/,
  );
});

Deno.test("svgToPng: PNG signature, nonzero size, deterministic", () => {
  const svg = renderSvg(options());
  const png = svgToPng(svg);
  assert.deepEqual([...png.slice(0, 8)], [
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
  ]);
  assert.ok(png.length > 1000, `png is ${png.length} bytes`);
  // IHDR width at 2x scale
  const width = new DataView(png.buffer, png.byteOffset).getUint32(16);
  assert.equal(width, 1280);
  assert.deepEqual(svgToPng(svg), png);
});

Deno.test("writeChart: writes .svg and .png, no temporary files left", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-chart-" });
  try {
    await writeChart(`${dir}/sub/c`, options());
    const names = [...Deno.readDirSync(`${dir}/sub`)].map((e) => e.name).sort();
    assert.deepEqual(names, ["c.png", "c.svg"]);
    assert.equal(
      await Deno.readTextFile(`${dir}/sub/c.svg`),
      renderSvg(options()),
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("svgDisplay: Jupyter MIME bundle", () => {
  // (a full chart also gets image/png and text/html: chart_snapshot_test.ts)
  const d = svgDisplay("<svg/>");
  const bundle = d[Symbol.for("Jupyter.display")]();
  assert.deepEqual(bundle, {
    "image/svg+xml": "<svg/>",
    "text/plain": "[chart: chart]",
  });
});
