/**
 * Snapshot tests of the experiment charts, as Observable Plot does: each
 * experiment with a chart function has a committed golden SVG,
 * `tests/snapshots/NAME.svg`, rendered from the committed
 * `results/NAME.csv` and `results/NAME.json`; a changed chart is a reviewed
 * diff of that file. The committed `results/NAME.svg` must be the same chart
 * (what `runExperiment` wrote is what `flip7 chart NAME` re-renders).
 *
 * To accept a changed chart (after looking at it):
 *
 *     UPDATE_SNAPSHOTS=1 deno task test tests/chart_snapshot_test.ts
 *
 * (or `deno task flip7 chart NAME --out tests/snapshots/NAME.svg`).
 * Also here: the `flip7 chart` command (formats, DPI tag, PDF, bad input)
 * and the notebook MIME bundle.
 */
import assert from "node:assert/strict";
import { spawnCli } from "./cli_harness.ts";
import * as Plot from "@observablehq/plot";
import { pngDpi, renderSvg, svgDisplay, svgToPng } from "../lib/chart/chart.ts";
import {
  chartableExperiments,
  renderExperimentChart,
} from "../experiments/charts.ts";
import { EXPERIMENTS } from "../experiments/mod.ts";
import { runExperiment } from "../lib/experiment/experiment.ts";

const ROOT = new URL("../", import.meta.url);

/** Where two texts first differ, with some context. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `character ${i}: got "${a.slice(i - 40, i + 60)}", want "${
    b.slice(i - 40, i + 60)
  }"`;
}
const UPDATE = Deno.env.get("UPDATE_SNAPSHOTS") === "1";

Deno.test("snapshots: the seed-000 experiments, win-agent, deck-variants and round-law have chart functions", () => {
  const names = chartableExperiments().map((e) => e.name);
  for (
    const n of [
      "policy-ev-table",
      "optimal-distribution",
      "field-size",
      "card-counting",
      "advice",
      "replication",
      "solver-vs-simulation",
      "win-agent",
      "deck-variants",
      "round-law",
    ]
  ) assert.ok(names.includes(n), `${n} has no chart function`);
});

for (const exp of chartableExperiments()) {
  Deno.test(`snapshots: ${exp.name}.svg`, async () => {
    const { svg } = await renderExperimentChart(exp.name);
    const golden = new URL(`tests/snapshots/${exp.name}.svg`, ROOT);
    if (UPDATE) Deno.writeTextFileSync(golden, svg);
    let want: string;
    try {
      want = Deno.readTextFileSync(golden);
    } catch {
      throw new Error(
        `no snapshot tests/snapshots/${exp.name}.svg: look at the chart, then UPDATE_SNAPSHOTS=1 deno task test tests/chart_snapshot_test.ts`,
      );
    }
    assert.ok(
      svg === want,
      `${exp.name}: the chart differs from tests/snapshots/${exp.name}.svg at ${
        firstDifference(svg, want)
      }; if the change is wanted, UPDATE_SNAPSHOTS=1 deno task test tests/chart_snapshot_test.ts`,
    );
    const committed = Deno.readTextFileSync(
      new URL(`results/${exp.name}.svg`, ROOT),
    );
    assert.ok(
      committed === svg,
      `results/${exp.name}.svg is not the chart of results/${exp.name}.csv: deno task flip7 chart ${exp.name} (and --format png)`,
    );
  });
}

Deno.test("runExperiment draws the chart from the CSV it wrote (= flip7 chart)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-snap-" });
  try {
    const exp = EXPERIMENTS.find((e) => e.name === "replication")!;
    await runExperiment(exp, {
      seed: 1,
      quick: true,
      workers: 1,
      outDir: dir,
      command: "test",
    });
    const { svg } = await renderExperimentChart("replication", { dir });
    assert.equal(Deno.readTextFileSync(`${dir}/replication.svg`), svg);
    assert.match(svg, /600 games per run/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("renderExperimentChart: width, theme, PNG scale with DPI, PDF", async () => {
  const light = await renderExperimentChart("advice");
  const wide = await renderExperimentChart("advice", { width: 900 });
  assert.match(wide.svg.slice(0, wide.svg.indexOf(">")), / width="900"/);
  const dark = await renderExperimentChart("advice", { theme: "dark" });
  assert.match(dark.svg, /fill="#15171a"/);
  assert.notEqual(dark.svg, light.svg);
  const png = await renderExperimentChart("advice", {
    format: "png",
    scale: 3,
  });
  const view = new DataView(png.bytes.buffer, png.bytes.byteOffset);
  assert.equal(view.getUint32(16), 640 * 3);
  assert.equal(Math.round(pngDpi(png.bytes)!), 288);
  const pdf = await renderExperimentChart("field-size", { format: "pdf" });
  const head = new TextDecoder().decode(pdf.bytes.subarray(0, 8));
  assert.match(head, /^%PDF-1\.\d/);
  assert.ok(pdf.bytes.length > 5000);
  const again = await renderExperimentChart("field-size", { format: "pdf" });
  assert.deepEqual(again.bytes, pdf.bytes, "PDF bytes deterministic");
});

Deno.test("svgToPng: DPI tag 96 × scale", () => {
  const svg = renderSvg({ marks: [Plot.dot([[1, 2]])] });
  assert.equal(Math.round(pngDpi(svgToPng(svg))!), 192);
  assert.equal(Math.round(pngDpi(svgToPng(svg, { scale: 1 }))!), 96);
});

Deno.test("svgDisplay: SVG, PNG, an HTML <img> of the PNG, and text", () => {
  const svg = renderSvg({ title: "T", marks: [Plot.dot([[1, 2]])] });
  const bundle = svgDisplay(svg)[Symbol.for("Jupyter.display")]();
  assert.equal(bundle["image/svg+xml"], svg);
  const png = Uint8Array.from(
    atob(bundle["image/png"]),
    (c) => c.charCodeAt(0),
  );
  assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
  assert.match(
    bundle["text/html"],
    /^<img src="data:image\/png;base64,[A-Za-z0-9+/=]+" alt="T" width="640">$/,
  );
  assert.equal(bundle["text/plain"], "[chart: T]");
});

function flip7(args: string[]) {
  return spawnCli(args, {
    flags: [
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-sys",
      "--allow-ffi",
    ],
    cwd: ROOT.pathname,
  });
}

Deno.test("flip7 chart: PDF to --out; bad name, format, theme, width, scale: one line, exit 2", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-chart-" });
  try {
    const ok = await flip7([
      "chart",
      "field-size",
      "--format",
      "pdf",
      "--out",
      `${dir}/x.pdf`,
    ]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(ok.stdout, /wrote .*x\.pdf/);
    assert.equal(
      new TextDecoder().decode(
        Deno.readFileSync(`${dir}/x.pdf`).subarray(0, 5),
      ),
      "%PDF-",
    );
    const bad: [string[], RegExp][] = [
      [["chart", "nope"], /unknown experiment 'nope': allowed .*field-size/],
      [
        ["chart", "advice", "--format", "gif"],
        /bad --format 'gif': allowed svg, png, pdf/,
      ],
      [
        ["chart", "advice", "--theme", "blue"],
        /bad --theme 'blue': allowed light, dark/,
      ],
      [["chart", "advice", "--width", "-3"], /bad --width '-3'/],
      [
        ["chart", "advice", "--format", "png", "--scale", "x"],
        /bad --scale 'x'/,
      ],
      [["chart"], /missing experiment NAME: allowed/],
    ];
    for (const [args, re] of bad) {
      const r = await flip7([...args, "--out", `${dir}/bad.out`]);
      assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
      assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
      assert.match(r.stderr, re);
    }
    assert.deepEqual([...Deno.readDirSync(dir)].map((e) => e.name), ["x.pdf"]);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
