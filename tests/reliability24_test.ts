/**
 * Issue 24, round two: the rows whose regression tests `issue24_test.ts`
 * lacked.
 *
 * Row "duplicate work": a table a run needs and cannot read (a damaged or
 * foreign win table, a missing solver cache in a folder the task may not
 * write) is built once per run, not once per thread. The main thread plays
 * its first chunk before the workers are sent the job, so they read the table
 * it wrote, or get it in memory when it could not be written
 * (`lib/util/kept.ts`). Each build prints one line on stderr before it
 * starts, so the test counts those lines; on the old code `--workers 2`
 * printed two of each.
 *
 * Row "unclear" (its last item): `repro` printed its timing on stdout;
 * progress and timing go to stderr, so stdout is the same bytes on every run.
 *
 * @module
 */
import assert from "node:assert/strict";
import { hasStackTrace, spawnCli, TASK_FLAGS } from "./cli_harness.ts";

/** Never killed: the test waits for the run however loaded the machine is. */
const NO_KILL = 2 ** 31 - 1;

/** How many lines of `text` match `re`. */
function count(text: string, re: RegExp): number {
  return text.split("\n").filter((l) => re.test(l)).length;
}

/** The flip7 task's run in `cwd`, its cache in `cache`. */
function run(args: string[], cwd: string, cache: string) {
  return spawnCli([...args, "--no-file"], {
    flags: TASK_FLAGS,
    cwd,
    timeoutMs: NO_KILL,
    env: { FLIP7_CACHE_DIR: cache },
  });
}

Deno.test("row duplicate work: a corrupt or foreign win table is rebuilt once with --workers 2, and the workers read what was written", async () => {
  const cwd = Deno.makeTempDirSync({ prefix: "flip7-builds-" });
  try {
    const cache = `${cwd}/.cache`; // the task may write here
    const table = `${cache}/winprob/v5/br-numbers-sum25.wtab`;
    Deno.mkdirSync(`${cache}/winprob/v5`, { recursive: true });
    const sim = [
      "sim",
      "-n",
      "200",
      "-p",
      "brsum:25,sum:25",
      "--rules",
      "duel",
      "--seed",
      "1",
      "--workers",
      "2",
    ];
    for (const damage of ["corrupt", "foreign"]) {
      if (damage === "corrupt") Deno.writeTextFileSync(table, "junk\n");
      else {
        // the table the first run wrote, its header naming another opponent
        const bytes = Deno.readFileSync(table);
        const text = new TextDecoder().decode(bytes.subarray(0, 400));
        const at = text.indexOf('"sum:25"');
        assert.ok(at > 0, "the header names the opponent");
        bytes.set(new TextEncoder().encode('"sum:26"'), at);
        Deno.writeFileSync(table, bytes);
      }
      const r = await run(sim, cwd, cache);
      assert.equal(r.code, 0, r.stderr);
      const builds = count(r.stderr, /best-response table .* computing it now/);
      assert.equal(builds, 1, `${damage}: built ${builds} times\n${r.stderr}`);
      assert.match(
        r.stderr,
        new RegExp(damage === "corrupt" ? "corrupt" : "stale|corrupt"),
      );
      // written once: a second run builds nothing and prints the same table
      const again = await run(sim, cwd, cache);
      assert.equal(again.code, 0, again.stderr);
      assert.equal(count(again.stderr, /computing it now/), 0, again.stderr);
      assert.equal(again.stdout, r.stdout);
    }
  } finally {
    Deno.removeSync(cwd, { recursive: true });
  }
});

Deno.test("row duplicate work: the exact solve in a cache folder the task may not write is done once with --workers 2, the workers get it in memory", async () => {
  const cwd = Deno.makeTempDirSync({ prefix: "flip7-builds-ro-" });
  try {
    const cache = Deno.makeTempDirSync({ prefix: "flip7-ro-cache-" }); // outside results/ and .cache/
    try {
      const sim = ["sim", "-n", "200", "-p", "dp,sum:25", "--seed", "1"];
      const two = await run([...sim, "--workers", "2"], cwd, cache);
      assert.equal(two.code, 0, two.stderr);
      const solves = count(
        two.stderr,
        /solver cache .* solving the 'exact' model/,
      );
      assert.equal(solves, 1, `solved ${solves} times\n${two.stderr}`);
      assert.equal(count(two.stderr, /could not write the solver cache/), 1);
      assert.deepEqual([...Deno.readDirSync(cache)], [], "nothing written");
      // the same games as one thread playing them all
      const one = await run([...sim, "--workers", "1"], cwd, cache);
      assert.equal(one.code, 0, one.stderr);
      assert.equal(two.stdout, one.stdout);
    } finally {
      Deno.removeSync(cache, { recursive: true });
    }
  } finally {
    Deno.removeSync(cwd, { recursive: true });
  }
});

/** The permissions of `deno task repro` (see deno.json). */
const REPRO_FLAGS: string[] = (() => {
  const cfg = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  );
  return String(cfg.tasks.repro).split(/\s+/).filter((w) => w.startsWith("--"));
})();

Deno.test("row unclear: repro prints its timing on stderr, never on stdout (stdout byte-identical run to run)", async () => {
  const cwd = Deno.makeTempDirSync({ prefix: "flip7-repro-out-" });
  try {
    const runs = [];
    for (const out of ["results", "results/again"]) {
      const p = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          ...REPRO_FLAGS,
          new URL("../cli/repro.ts", import.meta.url).pathname,
          "replication",
          "--quick",
          "--seed",
          "1",
          "--out",
          out,
        ],
        cwd,
        stdin: "null",
        env: { NO_COLOR: "1" },
      }).output();
      const dec = new TextDecoder();
      const r = {
        code: p.code,
        stdout: dec.decode(p.stdout),
        stderr: dec.decode(p.stderr),
      };
      assert.equal(r.code, 0, r.stderr);
      assert.ok(!hasStackTrace(r.stderr), r.stderr);
      // no seconds on stdout: "in 6.2 s", "analysed in", "computed in"
      assert.doesNotMatch(r.stdout, /\d s\b|\bin \d+(\.\d+)? ?s\b|elapsed/);
      assert.match(r.stderr, /repro: done in \d+\.\d s on \d+ workers?/);
      assert.match(
        r.stdout,
        /^repro: 1 experiment; report results(\/again)?\/index\.html$/m,
      );
      runs.push(r.stdout.replaceAll("results/again", "results"));
    }
    assert.equal(runs[0], runs[1], "the same bytes on stdout");
  } finally {
    Deno.removeSync(cwd, { recursive: true });
  }
});
