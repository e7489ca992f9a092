/**
 * What a result records of the code that made it (issue 42, "cite one
 * commit"): the module graph whose hash `code.sources` is (it contains every
 * local module `deno info` finds, and the worker modules it cannot see), the
 * hash's response to a change, the keep rule of provenance files, and the
 * committed results' provenance.
 */
import assert from "node:assert/strict";
import { sourceFiles, sourcesHash } from "../lib/util/sources.ts";
import { sameContent } from "../lib/experiment/provenance.ts";
import { EXPERIMENTS } from "../experiments/mod.ts";

const ROOT = new URL("../", import.meta.url);
const RESULTS = new URL("../results", import.meta.url).pathname;

function denoInfo(entry: string): string[] {
  const out = new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", entry],
    cwd: ROOT.pathname,
  }).outputSync();
  const info = JSON.parse(new TextDecoder().decode(out.stdout));
  return (info.modules as { specifier: string }[])
    .map((m) => m.specifier)
    .filter((s) => s.startsWith(ROOT.href))
    .map((s) => s.slice(ROOT.href.length));
}

Deno.test("sources: an experiment's graph holds every module deno info finds, and its workers", () => {
  for (const name of ["field-size", "win-agent", "deck-variants"]) {
    const entry = `experiments/${name}.ts`;
    const mine = sourceFiles([new URL(entry, ROOT).href]);
    for (const f of denoInfo(entry)) {
      assert.ok(mine.includes(f), `${name}: ${f}`);
    }
    // what deno info cannot see: the worker modules named by URL
    assert.ok(mine.includes("lib/run/worker.ts"), name);
    assert.ok(mine.includes("deno.lock"), name);
  }
});

Deno.test("sources: the hash changes with any file of the graph", () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-sources-" });
  try {
    Deno.writeTextFileSync(
      `${dir}/a.ts`,
      'import { b } from "./b.ts";\nexport const a = b;\n',
    );
    Deno.writeTextFileSync(`${dir}/b.ts`, "export const b = 1;\n");
    Deno.writeTextFileSync(`${dir}/c.ts`, "export const c = 1;\n");
    const a = new URL(`file://${dir}/a.ts`).href;
    const h1 = sourcesHash([a]);
    Deno.writeTextFileSync(`${dir}/c.ts`, "export const c = 2;\n"); // not imported
    assert.equal(sourcesHash([a]), h1);
    Deno.writeTextFileSync(`${dir}/b.ts`, "export const b = 2;\n");
    assert.notEqual(sourcesHash([a]), h1);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("provenance: kept when only the time and the checkout differ", () => {
  const p = {
    rows: 1,
    command: "deno task repro --all --seed 1",
    started: "a",
    elapsed_s: 1,
    workers: 2,
    code: { commit: "x", dirty: false, changed: [], sources: "s" },
  };
  const text = JSON.stringify(p);
  assert.ok(
    sameContent(text, {
      ...p,
      started: "b",
      elapsed_s: 9,
      workers: 1,
      code: { ...p.code, commit: "y" },
    }),
  );
  assert.ok(!sameContent(text, { ...p, command: "deno task repro --seed 1" }));
  assert.ok(!sameContent(text, { ...p, code: { ...p.code, sources: "t" } }));
  // a file from uncommitted code gives way to one from a commit
  const dirty = JSON.stringify({ ...p, code: { ...p.code, dirty: true } });
  assert.ok(!sameContent(dirty, p));
  assert.ok(sameContent(text, { ...p, code: { ...p.code, dirty: true } }));
  assert.ok(!sameContent("{damaged", p));
});

Deno.test("provenance: every committed experiment file records its code and digests; repro.json every experiment's", () => {
  const repro = JSON.parse(Deno.readTextFileSync(`${RESULTS}/repro.json`));
  assert.deepEqual(
    Object.keys(repro.sources).sort(),
    EXPERIMENTS.map((e) => e.name).sort(),
  );
  for (const e of EXPERIMENTS) {
    const p = JSON.parse(Deno.readTextFileSync(`${RESULTS}/${e.name}.json`));
    assert.match(p.code.sources, /^[0-9a-f]{16}$/, e.name);
    assert.equal(
      p.code.sources,
      repro.sources[e.name],
      `${e.name}: its code at the cited commit`,
    );
    assert.deepEqual(Object.keys(p.digests).sort(), [
      `${e.name}.csv`,
      `${e.name}.png`,
      `${e.name}.svg`,
    ]);
  }
});
