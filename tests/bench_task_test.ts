/**
 * `deno task bench` may run only what its benches run: gcc (to compile
 * bench/round_ref.c) and the compiled reference, so that round_bench.ts can
 * print the ratio ours / C (issue 26) — without `--allow-run` it printed
 * "the C reference was skipped".
 */
import assert from "node:assert/strict";

const root = new URL("../", import.meta.url);
const task = String(
  JSON.parse(Deno.readTextFileSync(new URL("deno.json", root))).tasks.bench,
);

Deno.test("bench task: runs gcc and the compiled C reference, nothing else", () => {
  const run = task.split(/\s+/).filter((w) => w.startsWith("--allow-run"));
  assert.deepEqual(run, ["--allow-run=gcc,.cache/bench/round_ref"]);
  assert.doesNotMatch(task, /(^|\s)(-A|--allow-all)(\s|$)/);
  const bench = Deno.readTextFileSync(new URL("bench/round_bench.ts", root));
  assert.match(bench, /const bin = "\.cache\/bench\/round_ref";/);
  assert.match(bench, /new Deno\.Command\("gcc"/);
});

Deno.test("bench task: the flip7 task's V8 flags, so that the round bench compiles the loop as the command does", () => {
  const tasks = JSON.parse(
    Deno.readTextFileSync(new URL("deno.json", root)),
  ).tasks;
  const v8 = (t: string) =>
    String(t).split(/\s+/).filter((w) => w.startsWith("--v8-flags="));
  assert.equal(v8(tasks.flip7).length, 1);
  assert.deepEqual(v8(tasks.bench), v8(tasks.flip7));
});
