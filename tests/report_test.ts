/**
 * The browsable report (`deno task report`, `results/index.html`): one
 * self-contained page with the claims table, every chart of `results/`, each
 * experiment's summary and provenance, and links to the files. The browser
 * half is in `report_browser_test.ts`.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import { policyCodes, reportHtml, writeReport } from "../experiments/report.ts";
import { claimRows } from "../experiments/claims.ts";

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
  // the claims table: every row of claims.csv (the policy table's 40 folded
  // into one line), each with its verdict
  const rows = claimRows(RESULTS);
  const table = document.querySelector("#claims ~ table.claims");
  assert.ok(table);
  const trs = [...table.querySelectorAll("tbody tr")];
  const folded = rows.filter((r) => r.id.startsWith("s000-table-")).length;
  assert.equal(trs.length, rows.length - folded + 1);
  for (const tr of trs) {
    assert.match(
      tr.querySelector("td")!.textContent ?? "",
      /^(exact|reproduced|consistent|not-reproduced|mixed)/,
    );
  }
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
    // the command that wrote the file, named in its section
    assert.ok(
      text.includes(`Written by ${p.command}`),
      `${name}: its command ${p.command}`,
    );
    // its verdicts, if it has claims
    for (const r of rows.filter((c) => c.experiment === name)) {
      assert.ok(text.includes(r.claim), `${name}: claim ${r.id}`);
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
      "claims.csv",
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

Deno.test("report: a write-up: summary and headline table first, then claims, statistics, glossary, limitations, references", () => {
  const html = reportHtml(RESULTS);
  const { document } = parseHTML(html);
  const ids = [...document.querySelectorAll("h2[id]")].map((h) => h.id);
  assert.deepEqual(
    ids.slice(0, 8),
    [
      "summary",
      "headline",
      "claims",
      "statistics",
      "glossary",
      "limitations",
      "references",
    ].concat(ids[7] ? [ids[7]] : []),
  );
  // five headline findings, each with a number and its file
  const items = [...document.querySelectorAll("ol.headlines li")];
  assert.equal(items.length, 5);
  for (const li of items) {
    assert.match(li.textContent ?? "", /\d+\.\d/);
    assert.match(li.textContent ?? "", /\.csv/);
  }
  // the headline table: policy, exact EV, % of optimum, two win shares
  const head = document.querySelector("table.headline")!;
  assert.ok(head);
  assert.match(head.textContent ?? "", /exact solo EV/);
  assert.match(head.textContent ?? "", /heads-up win share/);
  assert.match(head.textContent ?? "", /4-player win share/);
  assert.ok(head.querySelectorAll("tbody tr").length >= 6);
  // the glossary names every policy code of the CSVs, each described
  const gloss = new Map(
    [...document.querySelectorAll("table.glossary tbody tr")].map((tr) => {
      const [a, b] = [...tr.querySelectorAll("td")].map((t) => t.textContent);
      return [a, b];
    }),
  );
  const codes = policyCodes(RESULTS);
  assert.ok(codes.includes("search-bank") && codes.includes("bustscd:0.25"));
  for (const c of codes) {
    assert.ok(gloss.has(c), `glossary lacks ${c}`);
    assert.ok(
      !/see lib\/strategies/.test(gloss.get(c) ?? ""),
      `glossary: ${c} undescribed`,
    );
  }
  // references name the three sources; how to cite names a commit and command
  const refs = document.getElementById("references")!.nextElementSibling!
    .textContent ?? "";
  for (const s of ["Steve Murch", "Sacha Ryszfeld", "Eppie/flip-seven"]) {
    assert.ok(refs.includes(s), s);
  }
  assert.match(
    html,
    /How to cite\.<\/b> Flip 7 Lab, results at commit <code>[0-9a-f]{12}<\/code>/,
  );
  // the page does not claim repro wrote what it did not
  assert.doesNotMatch(html, /written by <code>deno task repro<\/code>;/);
});
