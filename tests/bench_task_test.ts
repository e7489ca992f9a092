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

/** Run `deno ARGS` in the project's root: exit code, stdout, stderr. */
function deno(
  args: string[],
  env?: Record<string, string>,
): { code: number; out: string; err: string } {
  const out = new Deno.Command("deno", { args, cwd: root, env }).outputSync();
  return {
    code: out.code,
    out: new TextDecoder().decode(out.stdout),
    err: new TextDecoder().decode(out.stderr),
  };
}

const hasGcc = (() => {
  try {
    return new Deno.Command("gcc", { args: ["--version"], stdout: "null" })
      .outputSync().success;
  } catch {
    return false;
  }
})();

Deno.test({
  name:
    "bench:round: the C loop (through FFI) and the runner play the same rounds, block by block; a bad count is refused",
  ignore: !hasGcc,
  fn() {
    const tasks = JSON.parse(
      Deno.readTextFileSync(new URL("deno.json", root)),
    ).tasks;
    const v8 = (t: string) =>
      String(t).split(/\s+/).filter((w) => w.startsWith("--v8-flags="));
    assert.deepEqual(v8(tasks["bench:round"]), v8(tasks.flip7));
    // the task's own command, with the library built in a temporary folder
    // (FLIP7_CACHE_DIR), not in the repository's .cache/
    const tmp = Deno.makeTempDirSync({ prefix: "flip7-bench-" });
    const words = String(tasks["bench:round"]).split(/\s+/);
    assert.ok(words.includes("--allow-write=.cache"));
    assert.ok(words.includes("--allow-env=FLIP7_CACHE_DIR"));
    const flags = words.slice(2, -1).map((w) =>
      w === "--allow-write=.cache" ? `--allow-write=${tmp}` : w
    );
    const run = (arg: string) =>
      deno(["run", ...flags, words.at(-1)!, arg], { FLIP7_CACHE_DIR: tmp });
    const ok = run("400000");
    assert.equal(ok.code, 0, ok.err);
    // the sums of the 400,000 rounds (the runner's own figures, checked
    // against the C loop's by the script)
    assert.match(
      ok.out,
      /C 8111645 222845749 86117 4; JavaScript 8111645 222845749 86117 4: the same rounds/,
    );
    assert.match(
      ok.out,
      /block ratio JavaScript \/ C: median \d+\.\d\d \(95% interval/,
    );
    const bad = run("7");
    assert.equal(bad.code, 2);
    assert.equal(
      bad.err.trim(),
      "bad rounds '7': allowed a positive multiple of 40 up to 2^30",
    );
    Deno.removeSync(tmp, { recursive: true });
  },
});

Deno.test("bench/round_ab.ts: two checkouts' runners on the same rounds in one process; bad arguments exit 2 with one line", () => {
  const dir = new URL(".", root).pathname;
  const run = (...args: string[]) =>
    deno(["run", "--allow-read", "bench/round_ab.ts", ...args]);
  // the same checkout twice: the same rounds; a ratio and its interval
  const same = run(dir, ".", "40000");
  assert.equal(same.code, 0, same.err);
  assert.match(
    same.out,
    /^new \/ old: median block ratio \d+\.\d{3} \(95% interval \d+\.\d{3}-\d+\.\d{3}\); seconds old \d+\.\d{3}, new \d+\.\d{3}; the same rounds\n$/,
  );
  const games = run(
    dir,
    ".",
    "400",
    '{"rules":"standard","policies":["ev","sum:20"],"mode":"game"}',
  );
  assert.equal(games.code, 0, games.err);
  assert.match(games.out, /; the same rounds\n$/);
  for (
    const [args, msg] of [
      [[dir, ".", "41"], "bad rounds '41': allowed a positive multiple of 40"],
      [
        [dir, ".", "400", "{x"],
        "bad spec '{x': allowed a policy or a JSON run spec",
      ],
      [
        [dir],
        "usage: round_ab.ts OLD NEW [ROUNDS] [SPEC]: two checkouts needed",
      ],
      [
        [dir, ".", "400", "sum:x"],
        "bad spec 'sum:x': bad parameter in 'sum:x': sum:N needs a whole number N from 0 to 1000",
      ],
    ] as const
  ) {
    const r = run(...args);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.err.trim(), msg);
  }
  const missing = run("/nonexistent-checkout", ".", "400");
  assert.equal(missing.code, 2);
  assert.match(
    missing.err,
    /^bad checkout '\/nonexistent-checkout': no runner at /,
  );
  assert.equal(missing.err.trim().split("\n").length, 1);
});
