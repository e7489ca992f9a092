/**
 * The committed notebooks, checked without Jupyter (`deno task test:notebooks`
 * executes them): each is nbformat 4 on the Deno kernel, opens with a
 * markdown introduction and a parameter cell that reads `FLIP7_FULL`, imports
 * the library and the experiments only through the package's sub-path
 * exports (`@flip7/lab`, `@flip7/lab/solver`, ..., as `deno.json` names them:
 * a notebook reads like a user's code, and no relative path into `lib/` or
 * `experiments/`, no remote code), asserts, and carries the outputs of one clean top-to-bottom
 * run: execution counts 1, 2, 3, ... in order, no error output, no terminal
 * color codes, at least one inline SVG chart and one table.
 */
import assert from "node:assert/strict";

const DIR = new URL("../notebooks/", import.meta.url);

/** The specifiers of the package's exports: `@flip7/lab`, `@flip7/lab/solver`, ... */
const PACKAGE: Set<string> = (() => {
  const cfg = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  );
  return new Set(
    Object.keys(cfg.exports).map((k) => cfg.name + k.replace(/^\./, "")),
  );
})();

/** Whether a notebook may import `spec`: the package, node:, or Plot. */
export function allowedImport(spec: string): boolean {
  return PACKAGE.has(spec) || /^node:/.test(spec) ||
    spec === "@observablehq/plot";
}

/** Every notebook the workbench promises, by name. */
const REQUIRED = [
  "00-tour",
  "01-policy-ev-table",
  "02-optimal-distribution",
  "03-field-size",
  "04-card-counting",
  "05-advice",
  "06-replication",
  "07-solver-vs-simulation",
  "08-win-agent",
  "09-your-policy",
  "10-deck-variants",
];

interface Output {
  output_type: string;
  name?: string;
  text?: string | string[];
  data?: Record<string, string | string[]>;
  ename?: string;
}

interface Cell {
  cell_type: string;
  source: string | string[];
  execution_count?: number | null;
  outputs?: Output[];
}

interface Notebook {
  nbformat: number;
  metadata: {
    kernelspec?: { name?: string; language?: string };
    language_info?: { name?: string };
  };
  cells: Cell[];
}

const text = (s: string | string[] | undefined) =>
  Array.isArray(s) ? s.join("") : s ?? "";

function notebooks(): { name: string; nb: Notebook }[] {
  const out: { name: string; nb: Notebook }[] = [];
  for (const e of Deno.readDirSync(DIR)) {
    if (!e.isFile || !e.name.endsWith(".ipynb")) continue;
    out.push({
      name: e.name.replace(/\.ipynb$/, ""),
      nb: JSON.parse(Deno.readTextFileSync(new URL(e.name, DIR))),
    });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name));
}

Deno.test("notebooks: the import rule", () => {
  assert.ok(PACKAGE.has("@flip7/lab") && PACKAGE.has("@flip7/lab/solver"));
  for (const ok of ["@flip7/lab", "@flip7/lab/notebook", "node:fs"]) {
    assert.ok(allowedImport(ok), ok);
  }
  for (
    const bad of [
      "../lib/chart/chart.ts",
      "../experiments/charts.ts",
      "@flip7/lab/nothing",
      "@flip7/lab/lib/chart.ts",
      "https://example.com/x.ts",
    ]
  ) assert.ok(!allowedImport(bad), bad);
});

Deno.test("notebooks: every promised notebook is there", () => {
  const names = notebooks().map((n) => n.name);
  for (const r of REQUIRED) assert.ok(names.includes(r), `missing ${r}.ipynb`);
});

for (const { name, nb } of notebooks()) {
  if (!/^\d\d-/.test(name) || name.startsWith("99-")) continue;
  Deno.test(`notebooks: ${name} runs on the Deno kernel, with parameters, asserts, a chart and a table`, () => {
    assert.equal(nb.nbformat, 4);
    assert.equal(nb.metadata.kernelspec?.name, "deno");
    assert.equal(nb.metadata.language_info?.name, "typescript");
    assert.equal(
      nb.cells[0].cell_type,
      "markdown",
      "opens with an introduction",
    );
    const code = nb.cells.filter((c) => c.cell_type === "code");
    assert.match(
      text(code[0].source),
      /const FULL = Deno\.env\.get\("FLIP7_FULL"\) === "1";/,
      "the first code cell is the parameter cell",
    );
    const src = code.map((c) => text(c.source)).join("\n");
    assert.match(src, /import assert from "node:assert\/strict";/);
    assert.match(src, /assert\.(ok|equal|deepEqual)\(/);
    for (const m of src.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
      assert.ok(
        allowedImport(m[1]),
        `${name} imports ${m[1]}: only ${
          [...PACKAGE].join(", ")
        }, node: and @observablehq/plot`,
      );
    }
    // Outputs of one clean run, top to bottom.
    code.forEach((c, i) =>
      assert.equal(
        c.execution_count,
        i + 1,
        `${name}: cell ${i + 1} not executed in order`,
      )
    );
    const outputs = code.flatMap((c) => c.outputs ?? []);
    for (const o of outputs) {
      assert.notEqual(o.output_type, "error", `${name}: ${o.ename}`);
      const all = text(o.text) + Object.values(o.data ?? {}).map(text).join("");
      assert.ok(
        !all.includes("\u001b["),
        `${name}: terminal color codes in an output`,
      );
    }
    assert.ok(
      outputs.some((o) => text(o.data?.["image/svg+xml"]).startsWith("<svg")),
      `${name}: no inline SVG chart`,
    );
    assert.ok(
      outputs.some((o) => text(o.data?.["text/html"]).startsWith("<table>")),
      `${name}: no table`,
    );
  });
}
