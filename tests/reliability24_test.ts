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
 * Item 4 and the README's promise, through every command of the flip7 task
 * that runs policies (`play`, `watch`, `sim`, `round`, `evaluate`, `sweep`;
 * `experiment` and `decide` take no policy): a module that tries to run a
 * program, load native code, write outside results/ or reach the network
 * (`fetch`, and imports: a remote URL, a `jsr:` or an `npm:` package not in
 * the lock file, which Deno would download and write into `deno.lock`) or
 * start a worker of its own (whose errors Deno prints with a stack trace) or
 * use `localStorage` or `caches` (which Deno keeps on disk, outside results/,
 * with no permission asked) is refused in one line, exit 2, and nothing is
 * written.
 *
 * Row "unclear" (its last item): `repro` printed its timing on stdout;
 * progress and timing go to stderr, so stdout is the same bytes on every run.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  hasStackTrace,
  listFiles,
  spawnCli,
  task,
  TASK_FLAGS,
} from "./cli_harness.ts";
import { slow } from "./tier.ts";

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

Deno.test(
  slow(
    "row duplicate work: a corrupt or foreign win table is rebuilt once with --workers 2, and the workers read what was written",
  ),
  async () => {
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
        const builds = count(
          r.stderr,
          /best-response table .* computing it now/,
        );
        assert.equal(
          builds,
          1,
          `${damage}: built ${builds} times\n${r.stderr}`,
        );
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
  },
);

Deno.test(
  slow(
    "row duplicate work: the exact solve in a cache folder the task may not write is done once with --workers 2, the workers get it in memory",
  ),
  async () => {
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
  },
);

/** The permissions of `deno task repro` (see deno.json). */
const REPRO_FLAGS: string[] = (() => {
  const cfg = JSON.parse(
    Deno.readTextFileSync(new URL("../deno.json", import.meta.url)),
  );
  return String(cfg.tasks.repro).split(/\s+/).filter((w) => w.startsWith("--"));
})();

Deno.test(
  slow(
    "row unclear: repro prints its timing on stderr, never on stdout (stdout byte-identical run to run)",
  ),
  async () => {
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
          /^repro: 1 experiment; the verdicts in results(\/again)?\/CLAIMS\.md; report results(\/again)?\/index\.html$/m,
        );
        runs.push(r.stdout.replaceAll("results/again", "results"));
      }
      assert.equal(runs[0], runs[1], "the same bytes on stdout");
    } finally {
      Deno.removeSync(cwd, { recursive: true });
    }
  },
);

const ROOT = new URL("../", import.meta.url).pathname;
const SNAP_PWNED = `${ROOT}tests/snapshots/pwned.svg`;

/** Policy modules that try each escape at load time, and what refuses it. */
function loadEscapes(outside: string): Record<string, [string, RegExp]> {
  const play = `hit: (v, s) => v.numberSum(s) < 20`;
  const mod = (pre: string) =>
    `${pre}\nexport default () => ({ name: "x", ${play} });\n`;
  const perm = (what: string) =>
    new RegExp(`was refused a permission: Requires ${what} access`);
  return {
    "run_git.js": [
      mod(
        `new Deno.Command("git", { args: ["-c", "alias.x=!touch pwned", "x"] }).outputSync();`,
      ),
      perm("run"),
    ],
    "run_node.js": [
      mod(
        `import { execSync } from "node:child_process";\nexecSync("touch pwned");`,
      ),
      perm("(run|env)"),
    ],
    "ffi.js": [
      mod(
        `Deno.dlopen("libc.so.6", { getpid: { parameters: [], result: "i32" } });`,
      ),
      perm("ffi"),
    ],
    "write_tmp.js": [
      mod(
        `Deno.writeTextFileSync(${JSON.stringify(`${outside}/pwned`)}, "x");`,
      ),
      perm("write"),
    ],
    "write_snapshot.js": [
      mod(`Deno.writeTextFileSync(${JSON.stringify(SNAP_PWNED)}, "x");`),
      perm("write"),
    ],
    "fetch.js": [mod(`await fetch("http://127.0.0.1:45671/");`), perm("net")],
    "worker.js": [
      mod(
        `new Worker(${
          JSON.stringify(
            `data:text/javascript,Deno.writeTextFileSync(${
              JSON.stringify(`${outside}/pwned3`)
            }, "x")`,
          )
        }, { type: "module" });\nawait new Promise((r) => setTimeout(r, 200));`,
      ),
      /was refused a permission: a policy may not start a worker/,
    ],
    "storage.js": [
      mod(`localStorage.setItem("pwned", "x");`),
      /was refused a permission: a policy may not use localStorage/,
    ],
    "cache_api.js": [
      mod(`await caches.open("pwned");`),
      /was refused a permission: a policy may not use caches/,
    ],
    "import_url.js": [
      mod(`await import("https://deno.land/std@0.224.0/path/mod.ts");`),
      // the policy's thread may import nothing remote (its `import` right)
      /was refused a permission: Requires import access to "deno\.land:443"/,
    ],
    "import_jsr.js": [
      mod(`await import("jsr:@std/path@1");`),
      /(failed to load|was refused a permission): .*(--no-remote|cached-only|jsr|import access)/,
    ],
    "import_npm.js": [
      mod(`await import("npm:left-pad@1.3.0");`),
      /failed to load: .*left-pad/,
    ],
  };
}

Deno.test(
  slow(
    "item 4: every command that runs policies refuses each escape of a policy module in one line, exit 2, nothing written (deno.lock unchanged)",
  ),
  async () => {
    const dir = Deno.makeTempDirSync({ prefix: "flip7-escape-all-" });
    const outside = Deno.makeTempDirSync({ prefix: "flip7-outside-" });
    const lock = Deno.readFileSync(`${ROOT}deno.lock`);
    try {
      const mods = loadEscapes(outside);
      for (const [name, [src]] of Object.entries(mods)) {
        Deno.writeTextFileSync(`${dir}/${name}`, src);
      }
      const before = listFiles(dir);
      for (const [name, [, want]] of Object.entries(mods)) {
        const m = `./${name}`;
        for (
          const args of [
            ["play", "-p", m],
            ["watch", "-p", `${m},ev`, "--seed", "1"],
            ["sim", "-n", "2000", "-p", `${m},ev`, "--workers", "2"],
            ["round", "-n", "200", "-p", `${m},ev,ev`],
            ["evaluate", "-p", m, "--model", "numbers"],
            [
              "sweep",
              "-p",
              `${m},ev`,
              "-n",
              "20",
              "--players",
              "2",
              "--out",
              "results/sw",
            ],
          ]
        ) {
          const what = `${name} ${args[0]}`;
          const r = await task(args, dir, { timeoutMs: NO_KILL });
          assert.equal(r.code, 2, `${what}: ${r.stdout}${r.stderr}`);
          const lines = r.stderr.trim().split("\n");
          assert.equal(lines.length, 1, `${what}: ${r.stderr}`);
          assert.match(lines[0], /^flip7: policy module '\.\/\w+\.js' /, what);
          assert.match(lines[0], want, what);
          assert.ok(!hasStackTrace(r.stderr), r.stderr);
          assert.equal(r.stdout, "", what);
        }
      }
      assert.deepEqual(listFiles(dir), before, "nothing written");
      assert.deepEqual(listFiles(outside), []);
      assert.throws(() => Deno.statSync(SNAP_PWNED));
      assert.deepEqual(
        Deno.readFileSync(`${ROOT}deno.lock`),
        lock,
        "deno.lock",
      );
    } finally {
      Deno.removeSync(dir, { recursive: true });
      Deno.removeSync(outside, { recursive: true });
    }
  },
);

/** The paragraphs of a markdown file (blank-line separated, lines joined). */
function paragraphs(text: string): string[] {
  return text.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, " "));
}

Deno.test("row promise not kept: module-level state is the one named exception to the determinism promise, where the promise is made", () => {
  // a promise of the same output whatever the workers, in the README or in a
  // paragraph about policy modules, names the exception
  const promise =
    /(same bytes|byte-identical|same output)[^.]*--workers|--workers[^.]*(same bytes|byte-identical|same output)/;
  const files = [
    "README.md",
    ...[...Deno.readDirSync(`${ROOT}docs`)].map((e) => `docs/${e.name}`)
      .filter((f) => f.endsWith(".md")),
  ];
  let checked = 0;
  for (const f of files) {
    for (const p of paragraphs(Deno.readTextFileSync(`${ROOT}${f}`))) {
      if (!promise.test(p)) continue;
      if (f !== "README.md" && !/\bmodule\b/.test(p)) continue;
      checked++;
      assert.match(
        p,
        /module level|module-level/,
        `${f}: a promise without the module-level exception: ${
          p.slice(0, 200)
        }`,
      );
    }
  }
  // the README's promise and the module paragraphs of strategies.md and
  // your-policy.md; policy-modules.md states the exception in its own section
  assert.ok(checked >= 3, `${checked} promises found`);
  const doc = Deno.readTextFileSync(`${ROOT}docs/policy-modules.md`);
  assert.match(doc, /## State and determinism/);
  assert.match(doc, /State kept at \*\*module level\*\*/);
});
