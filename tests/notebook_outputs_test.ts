/**
 * What the committed notebooks show a reader, whatever the viewer:
 * every chart output carries the PNG beside the SVG (and an HTML `<img>` of
 * it, what Debian's nbconvert exports), no output is a stderr box, and the
 * claim notebooks label their quick run and show the committed full-size
 * result, asserting on it.
 */
import assert from "node:assert/strict";

const DIR = new URL("../notebooks/", import.meta.url);
const text = (s: unknown) => Array.isArray(s) ? s.join("") : String(s ?? "");

interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, string | string[]>;
}
interface Cell {
  cell_type: string;
  source: string | string[];
  outputs?: Output[];
}

const notebooks = [...Deno.readDirSync(DIR)]
  .filter((e) => /^\d\d-.*\.ipynb$/.test(e.name))
  .map((e) => ({
    name: e.name.replace(/\.ipynb$/, ""),
    cells: JSON.parse(Deno.readTextFileSync(new URL(e.name, DIR)))
      .cells as Cell[],
  }))
  .sort((a, b) => a.name.localeCompare(b.name));

for (const { name, cells } of notebooks) {
  Deno.test(`notebook outputs: ${name}: every chart has PNG, SVG and an HTML image; no stderr`, () => {
    const outputs = cells.flatMap((c) => c.outputs ?? []);
    const charts = outputs.filter((o) => o.data?.["image/svg+xml"]);
    assert.ok(charts.length > 0, "no chart");
    for (const o of charts) {
      const png = text(o.data?.["image/png"]);
      assert.ok(
        png.startsWith("iVBORw0KGgo"),
        `chart without image/png: re-execute with tools/run_notebooks.sh --inplace notebooks/${name}.ipynb`,
      );
      assert.match(
        text(o.data?.["text/html"]),
        /^<img src="data:image\/png;base64,/,
        "chart without an HTML image",
      );
    }
    const stderr = outputs.filter((o) => o.name === "stderr");
    assert.deepEqual(stderr.map((o) => text(o.text)), [], "stderr output");
  });
}

/** The claim notebooks whose quick run sits beside the committed result. */
const CLAIMS: Record<string, string> = {
  "01-policy-ev-table": "policy-ev-table",
  "02-optimal-distribution": "optimal-distribution",
  "04-card-counting": "card-counting",
  "06-replication": "replication",
  "07-solver-vs-simulation": "solver-vs-simulation",
  "08-win-agent": "win-agent",
  "10-deck-variants": "deck-variants",
};

for (const [nb, exp] of Object.entries(CLAIMS)) {
  Deno.test(`notebook outputs: ${nb} labels its quick run and asserts on results/${exp}.csv`, () => {
    const cells = notebooks.find((n) => n.name === nb)?.cells;
    assert.ok(cells, `${nb}.ipynb missing`);
    const md = cells.filter((c) => c.cell_type === "markdown").map((c) =>
      text(c.source)
    ).join("\n");
    assert.match(md, /^## A quick run$/m);
    assert.match(md, /^## The committed full-size result$/m);
    const code = cells.filter((c) => c.cell_type === "code");
    const i = code.findIndex((c) =>
      text(c.source).includes(`committedResult("${exp}")`)
    );
    assert.ok(i >= 0, "no committedResult");
    assert.match(
      text(code[i].source),
      /assert\.equal\(full\.provenance\.quick, false/,
    );
    // the committed chart is shown
    assert.ok(
      (code[i].outputs ?? []).some((o) => o.data?.["image/svg+xml"]),
      "the committed chart is not shown",
    );
    // later cells assert on the committed rows
    const later = code.slice(i + 1).map((c) => text(c.source)).join("\n");
    assert.match(
      later,
      /full\.(rows|provenance)[\s\S]*assert|assert[\s\S]*full\.(rows|provenance)/,
    );
    // the quick run says what it is
    const printed = code.flatMap((c) => c.outputs ?? []).map((o) =>
      text(o.text)
    )
      .join("\n");
    assert.match(
      printed,
      /quick run \((small counts: not the published figures|all exact: the same figures as the full-size run)\)/,
    );
  });
}

Deno.test("notebook outputs: 01 sweeps odd sum thresholds too and names sum:25 the best sum rule", () => {
  const cells = notebooks.find((n) => n.name === "01-policy-ev-table")!.cells;
  const printed = cells.flatMap((c) => c.outputs ?? []).map((o) => text(o.text))
    .join("\n");
  const m = /best stand on sum N: sum:(\d+), (\d+\.\d+)/.exec(printed);
  assert.ok(m, "no best sum rule printed");
  assert.equal(m[1], "25");
  // better than the table's best sum rule, sum:24 (results/policy-ev-table.csv)
  const csv = Deno.readTextFileSync(
    new URL("../results/policy-ev-table.csv", import.meta.url),
  );
  const sum24 = Number(/^approx,sum:24,[^,]*,([\d.]+),/m.exec(csv)![1]);
  assert.ok(Number(m[2]) > sum24, `${m[2]} against sum:24's ${sum24}`);
});
