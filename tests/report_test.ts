/**
 * The browsable report (`deno task report`, `results/index.html`): one
 * self-contained page with the claims table, every chart of `results/`, each
 * experiment's summary and provenance, and links to the files. The browser
 * half is in `report_browser_test.ts`.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { reportHtml, writeReport } from "../cli/report.ts";

const RESULTS = new URL("../results", import.meta.url).pathname;

Deno.test("report: claims table, every chart, provenance, links; self-contained", () => {
  const html = reportHtml(RESULTS);
  const { document } = parseHTML(html);
  const svgs = [...Deno.readDirSync(RESULTS)].filter((e) =>
    e.name.endsWith(".svg")
  ).map((e) => e.name.slice(0, -4)).sort();
  const charts = [...document.querySelectorAll("figure.chart")].map((f) =>
    f.getAttribute("data-chart")
  ).sort();
  assert.deepEqual(charts, svgs);
  for (const f of document.querySelectorAll("figure.chart")) {
    assert.ok(f.querySelector("svg"), "chart inline");
  }
  // the claims table of CLAIMS.md, every line of it
  const claims = Deno.readTextFileSync(`${RESULTS}/CLAIMS.md`).split("\n")
    .filter((l) => l.startsWith("| ") && !l.startsWith("| ---")).length - 1;
  const table = document.querySelector("#claims + p + table, #claims ~ table");
  assert.ok(table);
  assert.equal(table.querySelectorAll("tbody tr").length, claims);
  // each experiment: summary, provenance with commit and seeds, CSV link
  for (const name of svgs) {
    const json = `${RESULTS}/${name}.json`;
    let p: Record<string, unknown>;
    try {
      p = JSON.parse(Deno.readTextFileSync(json));
    } catch {
      continue;
    }
    const sec = document.getElementById(name)!;
    assert.ok(sec, name);
    const text = sec.textContent ?? "";
    const commit = String((p.code as Record<string, unknown>).commit);
    assert.ok(text.includes(commit.slice(0, 12)), `${name}: commit`);
    assert.ok(text.includes(`base seed ${p.seed}`), `${name}: seed`);
    assert.ok(text.includes(`${p.elapsed_s} s`), `${name}: time`);
    for (const line of (p.summary as string[]).slice(0, 2)) {
      assert.ok(text.includes(line), `${name}: summary line ${line}`);
    }
    assert.ok(sec.querySelector(`a[href="${name}.csv"]`), `${name}: CSV link`);
  }
  // nothing loaded from elsewhere
  assert.doesNotMatch(html, /<script|<link |src="http|href="http/);
});

Deno.test("report: writeReport writes DIR/index.html atomically", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-report-" });
  try {
    for (const f of ["advice.svg", "advice.json", "advice.csv", "CLAIMS.md"]) {
      Deno.copyFileSync(`${RESULTS}/${f}`, `${dir}/${f}`);
    }
    assert.equal(await writeReport(dir), `${dir}/index.html`);
    const names = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
    assert.deepEqual(names, [
      "CLAIMS.md",
      "advice.csv",
      "advice.json",
      "advice.svg",
      "index.html",
    ]);
    assert.match(Deno.readTextFileSync(`${dir}/index.html`), /id="advice"/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("report: the committed results/index.html is the report of results/", () => {
  assert.equal(
    Deno.readTextFileSync(`${RESULTS}/index.html`),
    reportHtml(RESULTS),
    "run deno task report",
  );
});
