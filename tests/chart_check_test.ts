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
// Every check, the edge check (no mark into the frame's top or right edge)
// included: the notebooks leave room above their highest marks.
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

Deno.test("checkChart: a label less than a pixel past the left edge (advice's longest rule name) fails", () => {
  const svg = renderSvg({ marks: [Plot.dot([[1, 2]])] });
  const cut = svg.replace(
    "</svg>",
    `<text x="-1.5" y="30" text-anchor="start">Second Chance: always hit</text></svg>`,
  );
  assert.match(checkChart(cut).join("\n"), /drawn beyond the 640×/);
  const inside = svg.replace(
    "</svg>",
    `<text x="2" y="30" text-anchor="start">Second Chance: always hit</text></svg>`,
  );
  assert.deepEqual(checkChart(inside), []);
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

Deno.test("checkChart: a bar into the frame top (optimal-distribution's P(0)) or an interval into its right edge fails", () => {
  const bars = [{ s: 0, p: 0.32 }, { s: 25, p: 0.05 }];
  const chart = (domain?: number[]) =>
    renderSvg({
      y: { domain },
      marks: [Plot.rectY(bars, { x1: "s", x2: (d) => d.s + 1, y: "p" })],
    });
  assert.match(checkChart(chart()).join("\n"), /run into the plot area's top/);
  assert.deepEqual(checkChart(chart([0, 0.35])), []);
  const ci = (domain?: number[]) =>
    renderSvg({
      x: { domain },
      marks: [Plot.link([{ a: 0.1, b: 0.5, y: 1 }], {
        x1: "a",
        x2: "b",
        y1: "y",
        y2: "y",
      })],
    });
  assert.match(checkChart(ci()).join("\n"), /right edge/);
  assert.deepEqual(checkChart(ci([0, 0.6])), []);
  // a translucent shaded band across the frame is not data
  const band = renderSvg({
    y: { domain: [0, 1] },
    marks: [
      Plot.rect([{ a: 1, b: 2 }], {
        x1: "a",
        x2: "b",
        y1: 0,
        y2: 1,
        fillOpacity: 0.2,
      }),
      Plot.dot([[1.5, 0.5]]),
    ],
  });
  assert.deepEqual(checkChart(band), []);
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

Deno.test("win-agent chart: a plot per setting on its own axis, win share in %, seed 001's method in a colour of its own, rows by opponent", () => {
  const { svg, doc } = svgOf("win-agent");
  const plots = [...doc.querySelectorAll('[aria-label="plot"]')];
  assert.equal(plots.length, 4, "duel, heads-up, ablations, four players");
  for (const p of plots) {
    const xlabel = p.querySelector('[aria-label="x-axis label"]')
      ?.textContent ?? "";
    assert.match(xlabel, /%/);
  }
  // the duel's axis is not stretched from 0 (27 rows on 0-80% hid the bars)
  const ticks = [
    ...plots[0].querySelectorAll('[aria-label="x-axis tick label"] text'),
  ].map((t) => Number(t.textContent));
  assert.ok(ticks[0] >= 40, `duel axis starts at ${ticks[0]}`);
  const legend = [
    ...doc.querySelectorAll('[aria-label="color legend"] text'),
  ].map((t) => t.textContent ?? "");
  assert.ok(legend.some((t) => /^search-bank/.test(t)), legend.join(", "));
  assert.ok(legend.some((t) => /ablations/.test(t)), legend.join(", "));
  // rows grouped by opponent: every "vs sum:37" before every "vs ev"
  const rows = [
    ...plots[0].querySelectorAll('[aria-label="y-axis tick label"] text'),
  ].map((t) => t.textContent ?? "");
  const lastSum = Math.max(
    ...rows.map((r, i) => /vs sum:37$/.test(r) ? i : -1),
  );
  const firstEv = rows.findIndex((r) => / vs ev$/.test(r));
  assert.ok(lastSum < firstEv, rows.join(" | "));
  assert.deepEqual(checkChart(svg), []);
});

Deno.test("card-counting chart: one unit per panel, the levels beside the differences, no empty row", () => {
  const { svg, doc } = svgOf("card-counting");
  const plots = [...doc.querySelectorAll('[aria-label="plot"]')];
  assert.equal(
    plots.length,
    3,
    "levels, points difference and win share in separate panels",
  );
  const labels = plots.map((p) =>
    p.querySelector('[aria-label="x-axis label"]')?.textContent ?? ""
  );
  assert.match(labels[0], /points a round/i);
  assert.match(labels[1], /points a round \(evc − ev\)/i);
  assert.match(labels[2], /percentage points/);
  // the single-round levels are drawn, with seed 000's 20.21
  assert.match(svg, /seed 000: 20\.21/);
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
