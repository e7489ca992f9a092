/**
 * The browsable report (`deno task report`, `results/index.html`): one
 * self-contained page with the claims table, every chart of `results/`, each
 * experiment's summary and provenance, and links to the files. The browser
 * half is in `report_browser_test.ts`.
 */
import assert from "node:assert/strict";
import { parseHTML } from "linkedom";
import {
  policyCodes,
  reportFiles,
  reportHtml,
  writeReport,
} from "../experiments/report.ts";
import { claimRows } from "../experiments/claims.ts";
import { REGISTERED } from "../experiments/names.ts";
import { EXPERIMENT_NAMES } from "../experiments/mod.ts";
import { main as reportMain } from "../cli/report.ts";
import {
  defineExperiment,
  writeExperiment,
} from "../lib/experiment/experiment.ts";
import { InputError } from "../lib/game/cards.ts";
import { digest } from "../lib/util/sources.ts";

/** A copy of results/ in a temporary folder (the report reads every file). */
function copyResults(): string {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-report-" });
  for (const e of Deno.readDirSync(RESULTS)) {
    if (e.isFile) Deno.copyFileSync(`${RESULTS}/${e.name}`, `${dir}/${e.name}`);
  }
  return dir;
}

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
      /^(exact|reproduced|consistent|inconclusive|not-reproduced|not-comparable|mixed)/,
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
  // how to cite names the commit of the last full run: every file agrees
  const repro = JSON.parse(Deno.readTextFileSync(`${RESULTS}/repro.json`));
  assert.ok(
    html.includes(
      `How to cite.</b> Flip 7 Lab, results at commit <code>${
        repro.code.commit.slice(0, 12)
      }</code>`,
    ),
    "the committed results name one commit",
  );
  // the page does not claim repro wrote what it did not
  assert.doesNotMatch(html, /written by <code>deno task repro<\/code>;/);
});

Deno.test("report: the registry of experiment names is the experiments'", () => {
  assert.deepEqual([...REGISTERED].sort(), [...EXPERIMENT_NAMES].sort());
});

Deno.test("report: only the registered experiments' charts, checked (issue 41, row 7)", () => {
  const dir = copyResults();
  try {
    // a stray chart is not an experiment: not inlined, no section
    Deno.writeTextFileSync(
      `${dir}/planted.svg`,
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const html = reportHtml(dir);
    assert.doesNotMatch(html, /data-chart="planted"|id="planted"|alert\(1\)/);
    assert.doesNotMatch(html, /<script/);
    // and how to cite names it as a file no experiment wrote
    assert.match(html, /files no experiment wrote: planted\.svg/);
    // a registered chart with a script, an event handler or an external
    // reference is refused, naming the file
    const svg = Deno.readTextFileSync(`${dir}/advice.svg`);
    for (
      const [bad, what] of [
        ["<g><script>alert(1)</script></g>", /<script>/],
        ['<g onmouseover="alert(1)"></g>', /event handler onmouseover/],
        ['<image href="http://example.com/x.png"/>', /<image>/],
        ['<g fill="url(http://example.com/x)"></g>', /url\(http/],
      ] as const
    ) {
      // the edit made as a hostile user would: the chart and, so that its
      // digest still agrees, its JSON
      const edited = svg.replace("</svg>", `${bad}</svg>`);
      Deno.writeTextFileSync(`${dir}/advice.svg`, edited);
      const p = JSON.parse(Deno.readTextFileSync(`${RESULTS}/advice.json`));
      Deno.writeTextFileSync(
        `${dir}/advice.json`,
        JSON.stringify({
          ...p,
          digests: { ...p.digests, "advice.svg": digest(edited) },
        }),
      );
      assert.throws(
        () => reportHtml(dir),
        (e: Error) =>
          e instanceof InputError &&
          /advice\.svg: not a chart/.test(e.message) &&
          what.test(e.message),
      );
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("report: unknown options and damaged CSVs are one line, exit 2, nothing written (issue 41, row 16)", async () => {
  const dir = copyResults();
  const errors: string[] = [];
  const orig = console.error;
  console.error = (m: string) => errors.push(m);
  try {
    const before = Deno.statSync(`${dir}/index.html`).mtime;
    assert.equal(await reportMain(["--ot", dir]), 2);
    assert.equal(await reportMain(["--out", dir, "extra"]), 2);
    assert.deepEqual(errors.map((e) => e.split("\n").length), [1, 1]);
    assert.match(errors[0], /^report: unknown option '--ot'/);
    for (
      const [damage, message] of [
        ["", /advice\.csv is empty/],
        ["model,numbers_showing\n1,2,3\n", /advice\.csv is damaged/],
      ] as const
    ) {
      Deno.writeTextFileSync(`${dir}/advice.csv`, damage);
      errors.length = 0;
      assert.equal(await reportMain(["--out", dir]), 2);
      assert.equal(errors.length, 1);
      assert.match(errors[0], message);
    }
    // a CSV that parses but is not the one its JSON was written with
    Deno.writeTextFileSync(
      `${dir}/advice.csv`,
      Deno.readTextFileSync(`${RESULTS}/advice.csv`).replace(
        "21.052178",
        "21.052179",
      ),
    );
    errors.length = 0;
    assert.equal(await reportMain(["--out", dir]), 2);
    assert.match(
      errors[0],
      /advice\.csv is not the file advice\.json was written with/,
    );
    assert.deepEqual(Deno.statSync(`${dir}/index.html`).mtime, before);
  } finally {
    console.error = orig;
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("report: nothing rewritten when nothing but the time and commit changed (issue 41, row 10)", async () => {
  const dir = copyResults();
  try {
    // the report: a second run leaves its files as they were
    await writeReport(dir);
    const t = Deno.statSync(`${dir}/index.html`).mtime;
    await new Promise((r) => setTimeout(r, 20));
    await writeReport(dir);
    assert.deepEqual(Deno.statSync(`${dir}/index.html`).mtime, t);
    // an experiment written twice: the second run keeps the first JSON
    const hello = defineExperiment({
      name: "hello",
      claim: "-",
      plan: () => ({}),
      analyse: () => ({
        columns: ["x"],
        rows: [{ x: 1 }],
        summary: [],
        claims: [],
        provenance: { seeds: [] },
      }),
      chart: () => ({ marks: [] }),
    });
    const opts = {
      seed: 1,
      quick: true,
      workers: 1,
      outDir: dir,
      command: "test",
    };
    const write = async () =>
      await writeExperiment(hello, { plan: {}, accs: [] } as never, opts, {
        started: new Date(),
        t0: performance.now(),
      });
    await write();
    const first = Deno.readTextFileSync(`${dir}/hello.json`);
    await new Promise((r) => setTimeout(r, 20));
    await write();
    assert.equal(Deno.readTextFileSync(`${dir}/hello.json`), first);
    // a change of content rewrites it
    await writeExperiment(hello, { plan: {}, accs: [] } as never, {
      ...opts,
      command: "test 2",
    }, { started: new Date(), t0: performance.now() });
    assert.match(Deno.readTextFileSync(`${dir}/hello.json`), /"test 2"/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("report: how to cite names one commit only when every file is that commit's", () => {
  const dir = copyResults();
  const cite = () => {
    const html = reportHtml(dir);
    return html.slice(html.indexOf('<h2 id="cite">'), html.indexOf("<section"));
  };
  try {
    const repro = JSON.parse(Deno.readTextFileSync(`${dir}/repro.json`));
    assert.match(cite(), /results at commit <code>[0-9a-f]{12}<\/code>/);
    // an experiment's file from other code: no commit, the files listed
    const fs = JSON.parse(Deno.readTextFileSync(`${dir}/field-size.json`));
    Deno.writeTextFileSync(
      `${dir}/field-size.json`,
      JSON.stringify(
        { ...fs, code: { ...fs.code, sources: "0000000000000000" } },
        null,
        2,
      ) + "\n",
    );
    assert.match(
      cite(),
      /No single commit can be cited: 1 experiment file not from the code at/,
    );
    assert.match(
      cite(),
      /field-size\.json<\/td><td><code>[0-9a-f]{12}<\/code>/,
    );
    Deno.copyFileSync(`${RESULTS}/field-size.json`, `${dir}/field-size.json`);
    // a stray file
    Deno.writeTextFileSync(`${dir}/notes.txt`, "x");
    assert.match(cite(), /files no experiment wrote: notes\.txt/);
    Deno.removeSync(`${dir}/notes.txt`);
    // the full run from uncommitted code
    Deno.writeTextFileSync(
      `${dir}/repro.json`,
      JSON.stringify({ ...repro, code: { ...repro.code, dirty: true } }),
    );
    assert.match(cite(), /written from uncommitted code/);
    // the report's files changed since (here: a digest recorded otherwise)
    Deno.writeTextFileSync(
      `${dir}/repro.json`,
      JSON.stringify({
        ...repro,
        report: { ...repro.report, "claims.csv": "x" },
      }),
    );
    assert.match(cite(), /claims\.csv differ from what the report wrote at/);
    // and the digests repro.json records are the report's own
    Deno.copyFileSync(`${RESULTS}/repro.json`, `${dir}/repro.json`);
    assert.deepEqual(reportFiles(dir).digests, repro.report);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});
