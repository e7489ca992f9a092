/**
 * Chart content checks over every chart the project draws: each
 * `results/*.svg` (whoever added it) and each chart in the committed
 * notebooks' outputs must pass {@linkcode checkChart}. Then each check is
 * shown to fail on the defect it guards against (the defects of issue 15),
 * and the experiment charts are held to what was fixed in them.
 */
import assert from "node:assert/strict";
import * as Plot from "@observablehq/plot";
import { parseHTML } from "linkedom";
import { renderSvg } from "../lib/chart/chart.ts";
import { checkChart, colorDistance } from "../lib/chart/check.ts";
import { experimentChartOptions } from "../experiments/charts.ts";

const ROOT = new URL("../", import.meta.url);
const text = (s: unknown) => Array.isArray(s) ? s.join("") : String(s ?? "");

const resultSvgs = [...Deno.readDirSync(new URL("results/", ROOT))]
  .filter((e) => e.isFile && e.name.endsWith(".svg"))
  .map((e) => e.name).sort();

Deno.test("chart checks: results/ has charts to check", () => {
  assert.ok(resultSvgs.length >= 8, resultSvgs.join(", "));
});

for (const name of resultSvgs) {
  Deno.test(`chart checks: results/${name}`, () => {
    const svg = Deno.readTextFileSync(new URL(`results/${name}`, ROOT));
    assert.deepEqual(checkChart(svg, name), []);
  });
}

/** Every chart output of every committed notebook. */
function notebookCharts(): { where: string; svg: string }[] {
  const out: { where: string; svg: string }[] = [];
  const dir = new URL("notebooks/", ROOT);
  for (
    const e of [...Deno.readDirSync(dir)].sort((a, b) =>
      a.name < b.name ? -1 : 1
    )
  ) {
    if (!e.name.endsWith(".ipynb")) continue;
    const nb = JSON.parse(Deno.readTextFileSync(new URL(e.name, dir)));
    nb.cells.forEach((
      c: { outputs?: { data?: Record<string, unknown> }[] },
      i: number,
    ) =>
      (c.outputs ?? []).forEach((o) => {
        const svg = o.data?.["image/svg+xml"];
        if (svg) out.push({ where: `${e.name} cell ${i}`, svg: text(svg) });
      })
    );
  }
  return out;
}

const charts = notebookCharts();
Deno.test("chart checks: the notebooks have charts to check", () => {
  assert.ok(charts.length >= 9, `${charts.length} charts`);
});
for (const { where, svg } of charts) {
  Deno.test(`chart checks: ${where}`, () => {
    assert.deepEqual(checkChart(svg, where), []);
  });
}

// ------------------------------------------------------------ each check fails on its defect

Deno.test("checkChart: a percent axis with a domain in fractions (00-tour's empty win-share chart) fails", () => {
  const rows = [{ p: "a", share: 0.4 }, { p: "b", share: 0.35 }];
  const bad = renderSvg({
    x: { percent: true, domain: [0, 0.5] },
    marks: [Plot.dot(rows, { x: "share", y: "p" })],
  });
  const problems = checkChart(bad);
  assert.ok(
    problems.some((p) => /outside the plot area/.test(p)),
    problems.join("\n"),
  );
  assert.ok(problems.some((p) => /drawn beyond/.test(p)), problems.join("\n"));
  const good = renderSvg({
    x: { percent: true, domain: [0, 50] },
    marks: [Plot.dot(rows, { x: "share", y: "p" })],
  });
  assert.deepEqual(checkChart(good), []);
});

Deno.test("checkChart: text past the right edge (win-agent's footnote, 07's subtitle) fails", () => {
  const svg = renderSvg({ marks: [Plot.dot([[1, 2]])] });
  const long = svg.replace(
    "</svg>",
    `<text x="10" y="20">${"a long footnote ".repeat(8)}</text></svg>`,
  );
  assert.match(checkChart(long).join("\n"), /drawn beyond the 640×/);
  // renderSvg wraps a long subtitle and caption instead
  const wrapped = renderSvg({
    subtitle: "a long subtitle ".repeat(10),
    caption: "a long caption ".repeat(10),
    marks: [Plot.dot([[1, 2]])],
  });
  assert.deepEqual(checkChart(wrapped), []);
});

Deno.test("checkChart: a dashed reference on the axis (win-agent's 25% fair share at the axis minimum) fails", () => {
  const rows = [{ y: "a", x: 0.3 }, { y: "b", x: 0.5 }];
  const chart = (domain?: number[]) =>
    renderSvg({
      x: { domain },
      marks: [
        Plot.tickX([{ y: "a", x: 0.25 }], {
          x: "x",
          y: "y",
          strokeDasharray: "3,2",
        }),
        Plot.dot(rows, { x: "x", y: "y" }),
      ],
    });
  assert.match(
    checkChart(chart([0.25, 0.5])).join("\n"),
    /dashed reference line lies on the frame/,
  );
  assert.deepEqual(checkChart(chart([0, 0.6])), []);
});

Deno.test("checkChart: nine legend colors (win-agent) fail; near-identical colors fail", () => {
  const rows = Array.from(
    { length: 9 },
    (_, i) => ({ x: i, y: i, c: `agent ${i}` }),
  );
  const svg = renderSvg({
    color: { legend: true },
    marks: [Plot.dot(rows, { x: "x", y: "y", fill: "c" })],
  });
  assert.match(checkChart(svg).join("\n"), /9 legend colors/);
  const close = renderSvg({
    color: { legend: true, range: ["#4269d0", "#4a6fd4"] },
    marks: [
      Plot.dot([{ x: 1, c: "a" }, { x: 2, c: "b" }], { x: "x", fill: "c" }),
    ],
  });
  assert.match(checkChart(close).join("\n"), /near-identical/);
  assert.ok(colorDistance("#4269d0", "#4a6fd4") < 20);
});

Deno.test("checkChart: a series drawn exactly under another (approx under exact) fails", () => {
  const rows = [1, 2, 3].flatMap((x) =>
    ["approx", "exact"].map((m) => ({ x, y: x * 2, m }))
  );
  const svg = renderSvg({
    color: { legend: true },
    marks: [
      Plot.line(rows, { x: "x", y: "y", stroke: "m" }),
      Plot.dot(rows, { x: "x", y: "y", fill: "m" }),
    ],
  });
  assert.match(checkChart(svg).join("\n"), /"approx".*(invisible|hidden)/);
});

Deno.test("checkChart: a legend entry without marks fails", () => {
  const svg = renderSvg({
    color: { legend: true, domain: ["a", "b"] },
    marks: [Plot.dot([{ x: 1, c: "a" }], { x: "x", fill: "c" })],
  });
  assert.match(checkChart(svg).join("\n"), /legend entry "b" .* has no mark/);
});

Deno.test("checkChart: 24000 without a thousands separator (replication) fails", () => {
  const svg = renderSvg({
    subtitle: "24000 games per run",
    marks: [Plot.dot([[1, 2]])],
  });
  assert.match(checkChart(svg).join("\n"), /"24000" .* no thousands separator/);
  const ok = renderSvg({
    subtitle: "24,000 games per run; seed 3",
    marks: [Plot.dot([[1, 2]])],
  });
  assert.deepEqual(checkChart(ok), []);
});

// ------------------------------------------------------------ the charts issue 15 found

/**
 * The defective charts as they were committed before the fixes (from
 * results/ and the notebook outputs): each check flags its defect.
 */
const DEFECTS: [string, RegExp[]][] = [
  ["00-tour-win-share.svg", [/drawn beyond the 640×/]],
  ["07-distribution.svg", [/drawn beyond the 640×/]],
  ["win-agent.svg", [/drawn beyond the 780×/, /9 legend colors/]],
  ["card-counting.svg", [/empty row.*"single rounds, 2 seats"/]],
  ["policy-ev-table.svg", [/legend entry "approx" .*hidden/]],
  ["advice.svg", [/legend entry "approx" .*hidden/]],
  ["replication.svg", [/"24000" .* no thousands separator/]],
];
for (const [file, res] of DEFECTS) {
  Deno.test(`checkChart flags issue 15's defect in the old ${file}`, () => {
    const svg = Deno.readTextFileSync(
      new URL(`tests/fixtures/issue15/${file}`, ROOT),
    );
    const problems = checkChart(svg).join("\n");
    for (const re of res) assert.match(problems, re);
  });
}

// ------------------------------------------------------------ the experiment charts

function svgOf(name: string) {
  const svg = renderSvg(experimentChartOptions(name));
  return { svg, doc: parseHTML(`<html><body>${svg}</body></html>`).document };
}

Deno.test("win-agent chart: win share in %, axis from 0, at most 8 colors, fair shares inside", () => {
  const { svg, doc } = svgOf("win-agent");
  const xlabel =
    doc.querySelector('[aria-label="x-axis label"]')?.textContent ?? "";
  assert.match(xlabel, /%/);
  const ticks = [
    ...doc.querySelectorAll('[aria-label="x-axis tick label"] text'),
  ]
    .map((t) => t.textContent);
  assert.equal(ticks[0], "0");
  assert.deepEqual(checkChart(svg), []);
});

Deno.test("card-counting chart: one unit per panel, no empty row", () => {
  const { svg, doc } = svgOf("card-counting");
  const plots = [...doc.querySelectorAll('[aria-label="plot"]')];
  assert.equal(plots.length, 2, "points and win share in separate panels");
  const labels = plots.map((p) =>
    p.querySelector('[aria-label="x-axis label"]')?.textContent ?? ""
  );
  assert.match(labels[0], /points a round/i);
  assert.match(labels[1], /percentage points/);
  for (const p of plots) {
    // every row of the panel has a dot
    const rows = [...p.querySelectorAll('[aria-label="y-axis tick"] path')]
      .map((t) =>
        Number(
          t.getAttribute("transform")?.match(/translate\([^,]+,([-\d.]+)\)/)
            ?.[1],
        )
      );
    const dots = [...p.querySelectorAll('[aria-label="dot"] circle')].map(
      (c) => {
        const g = c.parentElement?.getAttribute("transform")?.match(
          /translate\([^,]+,([-\d.]+)\)/,
        );
        return Number(c.getAttribute("cy")) + Number(g?.[1] ?? 0);
      },
    );
    assert.ok(rows.length > 0);
    for (const y of rows) {
      assert.ok(
        dots.some((d) => Math.abs(d - y) <= 6),
        `an empty row at y=${y}`,
      );
    }
  }
  assert.deepEqual(checkChart(svg), []);
});

Deno.test("replication chart: counts with a thousands separator", () => {
  const { svg } = svgOf("replication");
  assert.match(svg, /24,000 games per run/);
  assert.doesNotMatch(svg, /24000/);
});

Deno.test("policy-ev-table and advice charts: both models visible", () => {
  for (const name of ["policy-ev-table", "advice"]) {
    const { svg } = svgOf(name);
    assert.deepEqual(checkChart(svg).filter((p) => /legend/.test(p)), [], name);
  }
});
