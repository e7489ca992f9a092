/**
 * Regression tests for issue 41 ("a real trust boundary; no command loses a
 * file"), one or more per numbered row the trust branch owns (rows 7, 10
 * and 16 are the report's: tests/report_test.ts). Each replays the row as
 * the issue gives it and fails on the code before the fix (run once against
 * the tree of main at 929a277).
 *
 * The policy-module rows spawn the flip7 task as it runs (its permissions,
 * the project's deno.json), since what they check is what a module can do
 * to the process that plays it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { hasStackTrace, listFiles, task } from "./cli_harness.ts";
import { slow } from "./tier.ts";

const ROOT = new URL("../", import.meta.url).pathname;

/** One line on stderr, exit 2, no stack trace. */
function oneLine(
  r: { code: number; stdout: string; stderr: string; timedOut?: boolean },
  want: RegExp,
  what = "",
): void {
  assert.equal(r.timedOut ?? false, false, `${what}: killed on its timer`);
  assert.equal(r.code, 2, `${what}: exit ${r.code}: ${r.stdout}${r.stderr}`);
  const lines = r.stderr.trim().split("\n");
  assert.equal(lines.length, 1, `${what}: ${r.stderr}`);
  assert.match(lines[0], want, what);
  assert.ok(!hasStackTrace(r.stderr), `${what}: ${r.stderr}`);
}

/** A policy module in `dir`; `hit` is the body of `hit(v, s)`. */
function policy(dir: string, name: string, pre: string, hit: string): string {
  Deno.writeTextFileSync(
    `${dir}/${name}`,
    `${pre}\nexport default () => ({ name: "x", hit: (v, s) => { ${hit} }, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s });\n`,
  );
  return `./${name}`;
}

/** Lines that carry figures, with the module's name made one. */
function figures(out: string, names: string[]): string {
  let s = out.replace(/elapsed [\d.]+ s/g, "").replace(
    /"elapsed_s":[\d.]+/g,
    "",
  );
  for (const n of names) s = s.replaceAll(n, "P");
  return s.replace(/ +/g, " "); // the columns' widths follow the names
}

const HONEST = `return v.numberSum(s) < 20;`;

Deno.test("row 2: a module's prototype patches, toJSON, a stack getter and Deno.env.set change no printed figure", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-i41-cheat-" });
  try {
    const honest = policy(dir, "honest.js", "", HONEST);
    // every cheat of the row, each tried on its own
    const cheat = policy(
      dir,
      "cheat.js",
      `import { Game } from ${JSON.stringify(`${ROOT}lib/game/engine.ts`)};
const tries = [
  () => { Game.prototype.leader = function () { return 0; }; },
  () => { Object.prototype.toJSON = function () { return 0.999; }; },
  () => Object.defineProperty(Object.prototype, "stack", { get() { return "x"; }, configurable: true }),
  () => { Math.random = () => 0; },
  () => { JSON.stringify = () => "{}"; },
  () => { Array.prototype.push = function () { return 0; }; },
];
for (const t of tries) { try { t(); } catch {} }`,
      HONEST,
    );
    for (
      const args of [
        ["sim", "-n", "2000", "-p", "MOD,ev,optimal", "--seed", "1", "--json"],
        ["sim", "-n", "2000", "-p", "MOD,ev", "--seed", "2", "--workers", "2"],
        ["round", "-n", "3000", "-p", "MOD,ev", "--seed", "3", "--json"],
      ]
    ) {
      const outs = [];
      for (const m of [honest, cheat]) {
        const r = await task(
          [...args.map((a) => a.replace("MOD", m)), "--no-file"],
          dir,
        );
        assert.equal(r.code, 0, r.stderr);
        outs.push(figures(r.stdout, [honest, cheat]));
      }
      assert.equal(outs[1], outs[0], `the cheat plays as honest: ${args}`);
    }
    // the environment (FLIP7_CACHE_DIR redirected the solver caches)
    const env = policy(
      dir,
      "env.js",
      `Deno.env.set("FLIP7_CACHE_DIR", "/tmp");`,
      HONEST,
    );
    oneLine(
      await task(["sim", "-n", "100", "-p", `${env},dp`, "--no-file"], dir),
      /^flip7: policy module '\.\/env\.js' was refused a permission: Requires env access/,
      "Deno.env.set",
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row 3: a module cannot rewrite a solver cache (it may write nothing)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-i41-cache-" });
  try {
    Deno.mkdirSync(`${dir}/.cache`);
    const bin = `${dir}/.cache/solo-dp-exact.bin`;
    Deno.writeFileSync(bin, new Uint8Array([1, 2, 3]));
    const m = policy(
      dir,
      "forge.js",
      `Deno.writeFileSync(".cache/solo-dp-exact.bin", new Uint8Array(8));`,
      HONEST,
    );
    const m2 = policy(
      dir,
      "forge2.js",
      "",
      `Deno.writeFileSync(".cache/solo-dp-exact.bin", new Uint8Array(8)); ${HONEST}`,
    );
    for (const [mod, where] of [[m, ""], [m2, "\\(in hit\\(\\)\\) "]]) {
      oneLine(
        await task(["sim", "-n", "50", "-p", `${mod},ev`, "--no-file"], dir),
        new RegExp(
          `^flip7: policy (module )?'\\./forge2?\\.js' ${where}was refused a permission: Requires write access`,
        ),
        mod,
      );
    }
    assert.deepEqual(Deno.readFileSync(bin), new Uint8Array([1, 2, 3]));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row 6: worker_threads, Deno.exit, SIGSTOP, an endless loop and endless allocation each end the run in one line", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-i41-thread-" });
  try {
    const late = (body: string) => `if (++n > 40) { ${body}; } ${HONEST}`;
    const cases: [string, string, string, string[], RegExp][] = [
      [
        "wt.js",
        `import { Worker } from "node:worker_threads";\nnew Worker("for (;;);", { eval: true });`,
        HONEST,
        ["sim", "-n", "100"],
        /policy module '\.\/wt\.js' was refused a permission: a policy may not start a worker/,
      ],
      [
        "wt_hit.js",
        `import { Worker } from "node:worker_threads";\nlet n = 0;`,
        late(`new Worker("let x = 1;", { eval: true })`),
        ["sim", "-n", "100", "--workers", "2"],
        /policy '\.\/wt_hit\.js' \(in hit\(\)\) was refused a permission: a policy may not start a worker/,
      ],
      [
        "post.js",
        `import { parentPort } from "node:worker_threads";\nparentPort.postMessage("x".repeat(1e6));`,
        HONEST,
        ["sim", "-n", "100"],
        /policy module '\.\/post\.js' was refused a permission: a policy may not post messages/,
      ],
      [
        "exit.js",
        `let n = 0;`,
        late(`Deno.exit(0)`),
        ["sweep", "-n", "50", "--players", "2", "--out", "results/sw"],
        /policy '\.\/exit\.js' \(in hit\(\)\) ended its thread \(exit code 0\)/,
      ],
      [
        "exit_sim.js",
        `let n = 0;`,
        late(`Deno.exit(0)`),
        ["sim", "-n", "100"],
        /policy '\.\/exit_sim\.js' \(in hit\(\)\) ended its thread \(exit code 0\)/,
      ],
      [
        "stop.js",
        `let n = 0;`,
        late(`Deno.kill(Deno.pid, "SIGSTOP")`),
        ["sim", "-n", "100"],
        /policy '\.\/stop\.js' \(in hit\(\)\) was refused a permission: a policy may not send signals to the process/,
      ],
      [
        "loop.js",
        `let n = 0;`,
        late(`for (;;);`),
        ["sim", "-n", "100", "--workers", "2"],
        /policy '\.\/loop\.js' did not answer hit\(\) within 2 s: a policy has 2 s per decision/,
      ],
      [
        "heap.js",
        `let n = 0; const keep = [];`,
        late(`for (;;) keep.push(new Array(1e5).fill({ n }))`),
        ["sim", "-n", "100"],
        /policy '\.\/heap\.js' \(in hit\(\)\) ran out of memory \(a policy's thread has 64 MB of heap/,
      ],
      [
        "buffers.js",
        `let n = 0; const keep = [];`,
        late(`for (;;) keep.push(new Uint8Array(1 << 24).fill(1))`),
        ["sim", "-n", "100"],
        /policy '\.\/buffers\.js' \(in hit\(\)\) grew the process by more than 256 MB in one decision/,
      ],
    ];
    for (const [name, pre, hit, args, want] of cases) {
      const m = policy(dir, name, pre, hit);
      const before = listFiles(dir);
      const r = await task(
        [...args, "-p", `${m},ev`, "--seed", "1", "--no-file"],
        dir,
        {
          timeoutMs: 120_000,
          env: { FLIP7_DECISION_MS: "2000", FLIP7_POLICY_MB: "64" },
        },
      );
      oneLine(r, new RegExp(`^flip7: ${want.source}`), name);
      assert.equal(r.stdout, "", `${name}: no output`);
      assert.deepEqual(listFiles(dir), before, `${name}: nothing written`);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("rows 12 and 13: hostile throws, un-awaited errors and non-boolean answers: one line naming the policy, no trace", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-i41-throw-" });
  try {
    const late = (body: string) => `if (++n > 5) { ${body}; } ${HONEST}`;
    const cases: [string, string, string, RegExp][] = [
      [
        "null.js",
        `let n = 0;`,
        late(`throw Object.create(null)`),
        /policy '\.\/null\.js' threw in hit\(\): a value of type object/,
      ],
      [
        "proxy.js",
        `let n = 0;`,
        late(
          `throw new Proxy({}, { getPrototypeOf() { throw new Error("gp"); }, get() { throw new Error("get"); } })`,
        ),
        /policy '\.\/proxy\.js' threw in hit\(\): a value of type object/,
      ],
      [
        "getters.js",
        `let n = 0; class E extends Error { get message() { throw new Error("m"); } get name() { throw new Error("n"); } }`,
        late(`throw new E()`),
        /policy '\.\/getters\.js' threw in hit\(\): /,
      ],
      [
        "async.js",
        ``,
        `return Promise.resolve(false);`,
        /policy '\.\/async\.js' returned a Promise from hit\(\): hit\(\) must return true or false, synchronously/,
      ],
      [
        "number.js",
        ``,
        `return 1;`,
        /policy '\.\/number\.js' returned 1 \(number\) from hit\(\): hit\(\) must return true or false/,
      ],
    ];
    for (const [name, pre, hit, want] of cases) {
      const m = policy(dir, name, pre, hit);
      oneLine(
        await task(["sim", "-n", "50", "-p", `${m},ev`, "--no-file"], dir),
        new RegExp(`^flip7: ${want.source}`),
        name,
      );
    }
    // target() returning an object without a prototype
    Deno.writeTextFileSync(
      `${dir}/target.js`,
      `export default () => ({ name: "t", hit: (v, s) => v.numberSum(s) < 20, target: () => Object.create(null) });\n`,
    );
    oneLine(
      await task(
        ["sim", "-n", "300", "-p", "./target.js,ev", "--no-file"],
        dir,
      ),
      /^flip7: policy '\.\/target\.js' returned a value of type object from target\(\): target\(\) must return a seat number/,
      "target",
    );
    // errors nobody awaits: no trace, and the policy plays as written
    const quiet = policy(
      dir,
      "unawaited.js",
      `fetch("http://127.0.0.1:9/"); setTimeout(() => { throw new Error("late"); }, 0); Promise.reject(new Error("rej"));`,
      HONEST,
    );
    const honest = policy(dir, "honest.js", "", HONEST);
    const outs = [];
    for (const m of [quiet, honest]) {
      const r = await task(
        ["sim", "-n", "300", "-p", `${m},ev`, "--seed", "1", "--no-file"],
        dir,
      );
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /^elapsed [\d.]+ s\n$/, "nothing else on stderr");
      outs.push(figures(r.stdout, [quiet, honest]));
    }
    assert.equal(outs[0], outs[1]);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row 11: wt:human is refused where human is, and wt:./FILE.ts plays the module", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-i41-wt-" });
  try {
    for (
      const args of [
        ["sim", "-n", "5", "-p", "wt:human,ev"],
        ["round", "-n", "5", "-p", "ev,wt:human"],
        ["sweep", "-n", "5", "-p", "wt:human,ev", "--players", "2"],
      ]
    ) {
      oneLine(
        await task([...args, "--no-file"], dir),
        /^flip7: policy 'wt:human' cannot play in '\w+' \(human asks at the terminal\)/,
        args[0],
      );
    }
    oneLine(
      await task(["evaluate", "-p", "wt:human", "--no-file"], dir),
      /^flip7: policy 'wt:human' cannot be evaluated solo: it asks a person at the terminal$/,
      "evaluate",
    );
    const m = policy(dir, "mine.js", "", HONEST);
    const r = await task(
      ["evaluate", "-p", `wt:${m},sum:20`, "--model", "numbers", "--json"],
      dir,
    );
    assert.equal(r.code, 0, r.stderr);
    const rows = JSON.parse(r.stdout);
    assert.equal(rows[0].policy, `wt:${m}`);
    // wt: changes targets only, and solo there are none: the same value
    assert.equal(rows[0].ev, rows[1].ev);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

/** The flags of a deno.json task (`deno task NAME`'s `deno run` options). */
function taskFlags(name: string): string[] {
  const cfg = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`));
  const words = String(cfg.tasks[name]).split(/\s+/);
  return words.filter((w) => w.startsWith("--"));
}

/** Run a script of the project as its task does, in `cwd`. */
async function script(
  file: string,
  flags: string[],
  args: string[],
  cwd: string,
  shell = "",
): Promise<{ code: number; stdout: string; stderr: string }> {
  const argv = ["run", ...flags, `${ROOT}${file}`, ...args];
  const p = shell
    ? new Deno.Command("bash", {
      args: ["-c", `${shell}; exec "$0" "$@"`, Deno.execPath(), ...argv],
      cwd,
      stdin: "null",
      env: { NO_COLOR: "1" },
    })
    : new Deno.Command(Deno.execPath(), {
      args: argv,
      cwd,
      stdin: "null",
      env: { NO_COLOR: "1" },
    });
  const r = await p.output();
  const dec = new TextDecoder();
  return {
    code: r.code,
    stdout: dec.decode(r.stdout),
    stderr: dec.decode(r.stderr),
  };
}

Deno.test("row 1: a symbolic link inside results/ or .cache/ takes no writer outside them", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-links-" });
  try {
    // what the links point at, each holding a file that must not change
    for (const d of ["tests/snapshots", "lib", ".git", "results", ".cache"]) {
      Deno.mkdirSync(`${t}/${d}`, { recursive: true });
    }
    for (const d of ["tests/snapshots", "lib", ".git"]) {
      Deno.writeTextFileSync(`${t}/${d}/keep.txt`, "keep\n");
    }
    // the report reads a results folder: the target holds one
    for (const e of Deno.readDirSync(`${ROOT}results`)) {
      if (e.isFile && /\.(json|csv|svg|md)$/.test(e.name)) {
        Deno.copyFileSync(`${ROOT}results/${e.name}`, `${t}/tests/${e.name}`);
      }
    }
    for (const f of ["policy-ev-table.csv", "policy-ev-table.json"]) {
      Deno.copyFileSync(`${ROOT}results/${f}`, `${t}/results/${f}`);
    }
    Deno.symlinkSync("../tests", `${t}/results/to_tests`);
    Deno.symlinkSync("../tests/snapshots", `${t}/results/to_snap`);
    Deno.symlinkSync("../.git", `${t}/results/to_git`);
    Deno.symlinkSync("../lib", `${t}/.cache/to_lib`);
    Deno.symlinkSync("../.git", `${t}/.cache/to_git`);
    const before = ["tests", "lib", ".git"].map((d) => listFiles(`${t}/${d}`));
    const flip7 = taskFlags("flip7");
    const cases: [string, string[], string[]][] = [
      ["cli/main.ts", flip7, ["rules", "-o", "results/to_tests/x.txt"]],
      ["cli/main.ts", flip7, ["rules", "-o", ".cache/to_lib/x.txt"]],
      ["cli/main.ts", flip7, [
        "experiment",
        "field-size",
        "--quick",
        "--out",
        "results/to_snap",
        "--no-file",
      ]],
      ["cli/main.ts", flip7, [
        "chart",
        "policy-ev-table",
        "--out",
        "results/to_git/x.svg",
        "--no-file",
      ]],
      ["cli/main.ts", flip7, [
        "sweep",
        "-p",
        "ev,ev",
        "--players",
        "2",
        "-n",
        "10",
        "--out",
        ".cache/to_lib/sw",
      ]],
      ["cli/main.ts", flip7, [
        "sim",
        "-n",
        "10",
        "-p",
        "ev,ev",
        "--shard",
        "0/2",
        "--out",
        ".cache/to_git",
      ]],
      ["cli/main.ts", flip7, [
        "sim",
        "-n",
        "10",
        "-p",
        "ev,ev",
        "-o",
        "results/to_git/y.txt",
      ]],
      ["cli/repro.ts", taskFlags("repro"), [
        "round-law",
        "--quick",
        "--out",
        "results/to_tests",
      ]],
      ["cli/report.ts", taskFlags("report"), ["--out", "results/to_tests"]],
    ];
    for (const [file, flags, args] of cases) {
      const r = await script(file, flags, args, t);
      const what = `${file} ${args.join(" ")}`;
      assert.equal(r.code, 2, `${what}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
      assert.match(
        r.stderr,
        /a symbolic link leads it out of (results|\.cache)\//,
        what,
      );
      assert.ok(!hasStackTrace(r.stderr), r.stderr);
    }
    // the run logs' folder a link
    Deno.symlinkSync("../tests", `${t}/results/runs`);
    for (const cmd of [["sim", "-n", "10", "-p", "ev,ev"], ["rules"]]) {
      const r = await script("cli/main.ts", flip7, cmd, t);
      assert.equal(r.code, 2, r.stderr);
      assert.match(
        r.stderr,
        /^flip7: cannot write the run log into 'results\/runs' \(a symbolic link leads it out of results\//,
      );
    }
    assert.deepEqual(
      ["tests", "lib", ".git"].map((d) => listFiles(`${t}/${d}`)),
      before,
      "nothing written where the links lead",
    );
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

Deno.test("row 8: sweep with no --out or --out results never replaces the committed results/sweep.*", async () => {
  const files = ["csv", "svg", "png", "json"].map((e) => `results/sweep.${e}`);
  const bytes = files.map((f) => Deno.readFileSync(`${ROOT}${f}`));
  const runs = `${ROOT}results/runs`;
  const runsBefore = new Set(listFiles(runs));
  try {
    const sweep = ["sweep", "-p", "ev,sum:20", "--players", "2", "-n", "20"];
    oneLine(
      await task([...sweep, "--out", "results"], ROOT),
      /^flip7: refusing --out 'results': it would replace results\/sweep\.csv, a committed result/,
      "--out results",
    );
    const r = await task(sweep, ROOT);
    assert.equal(r.code, 0, r.stderr);
    const made = listFiles(runs).filter((f) => !runsBefore.has(f));
    assert.ok(
      made.some((f) => /^sweep-\d{8}-\d{6}(-\d+)?\/sweep\.csv$/.test(f)),
      `a new folder in results/runs: ${made}`,
    );
    files.forEach((f, i) =>
      assert.deepEqual(Deno.readFileSync(`${ROOT}${f}`), bytes[i], f)
    );
  } finally {
    // what the test made in results/runs (ignored by git) goes again
    for (const f of listFiles(runs).reverse()) {
      if (!runsBefore.has(f)) Deno.removeSync(`${runs}/${f}`);
    }
  }
});

Deno.test("row 9: files that belong together are written as a unit (a full disk leaves the old ones and no temporary)", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-full-" });
  try {
    const out = `${t}/results/out`;
    Deno.mkdirSync(out, { recursive: true });
    const exts = ["csv", "svg", "png", "json"];
    for (const e of exts) {
      Deno.writeTextFileSync(`${out}/field-size.${e}`, "old\n");
    }
    // a file size limit: the PNG (about 100 KB) cannot be written, the CSV can
    const full = "trap '' XFSZ; ulimit -f 64";
    const flags = ["--no-code-cache", ...taskFlags("flip7")];
    const r = await script(
      "cli/main.ts",
      flags,
      [
        "experiment",
        "field-size",
        "--quick",
        "--out",
        "results/out",
        "--no-file",
      ],
      t,
      full,
    );
    assert.equal(r.code, 2, r.stderr);
    assert.match(
      r.stderr.trim(),
      /^flip7: cannot write 'results\/out\/field-size\.png' \(File too large \(os error 27\)\): none of its 4 files was written or replaced$/,
    );
    for (const e of exts) {
      assert.equal(Deno.readTextFileSync(`${out}/field-size.${e}`), "old\n", e);
    }
    assert.deepEqual(listFiles(out), exts.map((e) => `field-size.${e}`).sort());
    // a run log that cannot be written leaves no temporary
    const log = await script(
      "cli/main.ts",
      flags,
      ["rules"],
      t,
      "trap '' XFSZ; ulimit -f 4",
    );
    assert.equal(log.code, 2, log.stderr);
    assert.match(
      log.stderr,
      /^flip7: cannot write the run log results\/runs \(File too large/,
    );
    assert.deepEqual(listFiles(`${t}/results/runs`), []);
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

Deno.test("row 14: sim and round --shard check --out before any game; --out '' is refused", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-shard-" });
  try {
    // a policy that throws at its first decision: a late check ends with its message
    const boom = policy(t, "boom.js", "", `throw new Error("played");`);
    Deno.writeTextFileSync(`${t}/afile`, "x");
    for (const cmd of ["sim", "round"]) {
      const base = [cmd, "-n", "100", "-p", `${boom},ev`, "--shard", "0/2"];
      oneLine(
        await task([...base, "--out", ""], t),
        /^flip7: bad --out '': give the folder of the partial file/,
        `${cmd} ''`,
      );
      oneLine(
        await task([...base, "--out", "afile"], t),
        /^flip7: bad --out 'afile': it is a file, not a folder$/,
        `${cmd} file`,
      );
      oneLine(
        await task([...base, "--out", `${t}/elsewhere`], t),
        /^flip7: cannot write --out '.*\/elsewhere': not allowed to write there/,
        `${cmd} not allowed`,
      );
    }
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

Deno.test("row 15: an oversized cache file is refused by its size, unread; play reads a long line whole, in one piece", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-big-" });
  try {
    // a sparse 3 GB file where the numbers model's cache goes
    Deno.mkdirSync(`${t}/.cache`);
    const f = Deno.openSync(`${t}/.cache/solo-dp-numbers.bin`, {
      write: true,
      create: true,
    });
    f.truncateSync(3 * 2 ** 30);
    f.close();
    const r = await task(
      [
        "evaluate",
        "-p",
        "optimal",
        "--model",
        "numbers",
        "--json",
        "--no-file",
      ],
      t,
      { env: { FLIP7_CACHE_DIR: `${t}/.cache` } },
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /solver cache .*solo-dp-numbers\.bin is unreadable \(too large for a cache file: 3\.0 GiB, at most 1 GiB\); solving/,
    );
    // the optimum of the numbers model, solved again
    assert.equal(JSON.parse(r.stdout)[0].ev, 18.56521761413168);
    assert.ok(
      Deno.statSync(`${t}/.cache/solo-dp-numbers.bin`).size < 2 ** 20,
      "rewritten",
    );
    // a 4 MB answer: read, not echoed whole, and the game goes on
    const p = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        ...taskFlags("flip7"),
        `${ROOT}cli/main.ts`,
        "play",
        "-p",
        "ev",
        "--seed",
        "1",
        "--no-file",
      ],
      cwd: t,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    const w = p.stdin.getWriter();
    await w.write(
      new TextEncoder().encode(
        "x".repeat(4 * 2 ** 20) + "\n" + "s\n".repeat(300),
      ),
    );
    await w.close();
    const o = await p.output();
    const stdout = new TextDecoder().decode(o.stdout);
    assert.equal(o.code, 0, new TextDecoder().decode(o.stderr));
    assert.ok(
      stdout.length < 100_000,
      `the long answer echoed: ${stdout.length} bytes`,
    );
    assert.match(stdout, /'x{39}…' is not an answer here/);
    assert.match(stdout, /game over/);
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

Deno.test(
  slow(
    "row 17: advice with large --deck-counts: cut-offs are probabilities, and its optimum is solve's",
  ),
  async () => {
    const t = Deno.makeTempDirSync({ prefix: "flip7-i41-advice-" });
    try {
      const deck = ["--deck-counts", "12:200"];
      const r = await task(["advice", ...deck, "--json", "--no-file"], t);
      assert.equal(r.code, 0, r.stderr);
      const a = JSON.parse(r.stdout);
      const cuts = [
        ...a.rows.map((x: { cutoff: number | null }) => x.cutoff),
        ...a.secondChance.rows.map((x: { cutoff: number | null }) => x.cutoff),
      ].filter((c) => c !== null);
      assert.ok(cuts.length > 0);
      for (const c of cuts) assert.ok(c >= 0 && c <= 1, `cut-off ${c}`);
      assert.ok(a.rows[2].cutoff > 0, "not 'always stay' with two numbers");
      assert.ok(a.value <= a.optimum && a.value > 0.99 * a.optimum, r.stdout);
      const e = await task(
        ["evaluate", "-p", "optimal", ...deck, "--json", "--no-file"],
        t,
      );
      assert.equal(e.code, 0, e.stderr);
      assert.equal(JSON.parse(e.stdout)[0].ev, a.optimum);
    } finally {
      Deno.removeSync(t, { recursive: true });
    }
  },
);

Deno.test("row 18: repeated options are refused, a run of days says so first, a sweep label may be any text", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-opts-" });
  try {
    for (
      const [args, want] of [
        [
          ["sim", "-n", "10", "-n", "20", "-p", "ev,ev"],
          /option -n is given twice \('-n 10' and '-n 20'\): give it once/,
        ],
        [
          ["sim", "-n", "10", "-p", "ev,ev", "-p", "ev,sum:20"],
          /option -p is given twice \('-p ev,ev' and '-p ev,sum:20'\)/,
        ],
        [
          ["rules", "-o", "results/a.txt", "-o", "results/b.txt"],
          /option -o is given twice/,
        ],
        [
          ["rules", "-o", "results/a.txt", "--no-file"],
          /-o 'results\/a\.txt' and --no-file contradict each other/,
        ],
      ] as [string[], RegExp][]
    ) {
      oneLine(await task(args, t), new RegExp(`^flip7: ${want.source}`));
    }
    assert.deepEqual(listFiles(t), [], "nothing written");
    // a run of ten billion rounds: its estimate comes with its first chunk
    const p = new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        ...taskFlags("flip7"),
        `${ROOT}cli/main.ts`,
        "round",
        "-n",
        "10000000000",
        "-p",
        "sum:20",
        "--rules",
        "solo-model",
        "--workers",
        "1",
        "--no-file",
      ],
      cwd: t,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    let err = "";
    const dec = new TextDecoder();
    // waits for the line (killed after two minutes: a run of hours that
    // never said so is what this row was)
    const timer = setTimeout(() => p.kill("SIGKILL"), 120_000);
    for await (const chunk of p.stderr) {
      err += dec.decode(chunk);
      if (err.includes("\n")) break;
    }
    clearTimeout(timer);
    try {
      p.kill("SIGKILL");
    } catch { /* ended */ }
    await p.status;
    assert.match(
      err,
      /^round: about [\d.]+ (min|h|days) left at the speed of the first \d+ of 10000000000 \(in [\d.]+ s\); Ctrl-C stops it, --shard I\/N splits it over machines\n/,
    );
    // a label in any script
    const r = await task(
      [
        "sweep",
        "-p",
        "prudent é=ev,sum:20",
        "--players",
        "2",
        "-n",
        "10",
        "--seeds",
        "1",
        "--out",
        "results/sw",
      ],
      t,
    );
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      Deno.readTextFileSync(`${t}/results/sw/sweep.csv`),
      /prudent é/,
    );
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

Deno.test("row 3: a solver cache whose stated optimum its decisions do not give is caught (solve solves again, evaluate refuses it)", async () => {
  const { fnv1a } = await import("../lib/util/io.ts");
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-forge-" });
  try {
    const env = { FLIP7_CACHE_DIR: `${t}/.cache` };
    const solve = ["solve", "--model", "numbers", "--json", "--no-file"];
    const first = await task(solve, t, { env });
    assert.equal(first.code, 0, first.stderr);
    const truth = JSON.parse(first.stdout).ev;
    // the header's optimum (bytes 48-55) forged, the checksum (44-47) made again
    const path = `${t}/.cache/solo-dp-numbers.bin`;
    const forge = () => {
      const b = Deno.readFileSync(path);
      const dv = new DataView(b.buffer);
      dv.setFloat64(48, 99.5, true);
      dv.setUint32(44, fnv1a(b, 48, b.length, fnv1a(b, 0, 44)), true);
      Deno.writeFileSync(path, b);
    };
    forge();
    oneLine(
      await task(
        ["evaluate", "-p", "optimal", "--model", "numbers", "--no-file"],
        t,
        { env },
      ),
      /^flip7: solver cache .*solo-dp-numbers\.bin states an optimal value of 99\.5 that its decisions do not give \(18\.56521761413168\): it is damaged/,
      "evaluate",
    );
    const r = await task(solve, t, { env });
    assert.equal(r.code, 0, r.stderr);
    assert.match(
      r.stderr,
      /solver cache .* states an optimal value of 99\.5 that its decisions do not give \(18\.56521761413168\): damaged; solving the 'numbers' model again/,
    );
    const j = JSON.parse(r.stdout);
    assert.equal(j.ev, truth);
    assert.equal(j.source, "solved");
    // written again: the next solve reads a sound cache
    const again = JSON.parse((await task(solve, t, { env })).stdout);
    assert.deepEqual([again.ev, again.source], [truth, "cache"]);
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

/** Rewrite a partial file with `edit`, its checksum made again (a forger's work). */
async function forgePartial(
  path: string,
  edit: (p: Record<string, unknown>) => void,
): Promise<void> {
  const { canonicalJson, sha256Hex } = await import("../lib/run/shard.ts");
  const p = JSON.parse(Deno.readTextFileSync(path));
  edit(p);
  p.job_hash = await sha256Hex(canonicalJson(p.job));
  const { checksum: _c, ...rest } = p;
  p.checksum = await sha256Hex(canonicalJson(rest));
  Deno.writeTextFileSync(path, JSON.stringify(p) + "\n");
}

/** Two shards of a sim into `dir` (the flip7 task, in `cwd`). */
async function simShards(cwd: string, dir: string, args: string[]) {
  for (const i of [0, 1]) {
    const r = await task(
      ["sim", ...args, "--shard", `${i}/2`, "--out", dir, "--no-file"],
      cwd,
    );
    assert.equal(r.code, 0, r.stderr);
  }
  return [...Deno.readDirSync(`${cwd}/${dir}`)].map((e) =>
    `${cwd}/${dir}/${e.name}`
  ).sort();
}

Deno.test("row 4: merge imports no module a partial names and runs no argv a shard did not write", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-merge-" });
  try {
    // a shard folder shipping its own module, which writes when it can
    Deno.mkdirSync(`${t}/results/shards`, { recursive: true });
    Deno.writeTextFileSync(
      `${t}/results/shards/mod.js`,
      `try { Deno.writeTextFileSync("results/pwned.txt", "x"); } catch {}\nexport default () => ({ name: "m", hit: (v, s) => v.numberSum(s) < 20, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s });\n`,
    );
    await simShards(t, "results/shards", [
      "-n",
      "200",
      "-p",
      "./results/shards/mod.js,ev",
      "--seed",
      "1",
    ]);
    const m = await task(["merge", "results/shards", "--no-file"], t);
    assert.equal(m.code, 0, m.stderr);
    assert.match(m.stdout, /merged 2 partials of 'sim /);
    assert.throws(
      () => Deno.statSync(`${t}/results/pwned.txt`),
      "the module never ran",
    );
    // partials that name what no shard writes
    const parts = await simShards(t, "results/s2", [
      "-n",
      "100",
      "-p",
      "ev,sum:20",
      "--seed",
      "1",
    ]);
    const cache = `${t}/.cache`;
    for (
      const [argv, want] of [
        [
          ["solve", "--model", "numbers"],
          /command 'solve' cannot be merged \(a partial holds sim, round, experiment or sweep\)/,
        ],
        [
          ["sim", "-p", "ev,sum:20", "-n", "100", "--seed", "1"],
          /its job 'sim -p ev,sum:20 -n 100 --seed 1' is not one a shard of this code writes/,
        ],
        [
          ["sim", "-n", "100", "-p", "ev,sum:20", "--seed", "1", "-o", "x"],
          /its job '.* -o x' is not one a shard of this code writes/,
        ],
      ] as [string[], RegExp][]
    ) {
      const dir = `${t}/results/forged`;
      Deno.mkdirSync(dir, { recursive: true });
      for (const f of parts) {
        const to = `${dir}/${f.slice(f.lastIndexOf("/") + 1)}`;
        Deno.copyFileSync(f, to);
        await forgePartial(to, (p) => {
          (p.job as { argv: string[] }).argv = argv;
          if (argv[0] === "solve") p.batches = [];
        });
      }
      oneLine(
        await task(["merge", "results/forged", "--no-file"], t, {
          env: { FLIP7_CACHE_DIR: cache },
        }),
        new RegExp(`^flip7: partial .*: ${want.source}`),
        argv.join(" "),
      );
      Deno.removeSync(dir, { recursive: true });
    }
    assert.deepEqual(listFiles(cache), [], "no solve ran");
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});

Deno.test("row 5: a partial whose seats' sums are swapped, checksum recomputed, does not merge", async () => {
  const t = Deno.makeTempDirSync({ prefix: "flip7-i41-swap-" });
  try {
    const files = await simShards(t, "results/shards", [
      "-n",
      "2000",
      "-p",
      "ev,sum:20",
      "--seed",
      "1",
    ]);
    // every per-seat array of the accumulators, and of each piece, swapped
    const swap = (a: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(a)) {
        if (k === "policies" || k === "seats" || !Array.isArray(v)) continue;
        if (k === "points_cross") a[k] = [v[3], v[2], v[1], v[0]];
        else if (v.length === 2) a[k] = [v[1], v[0]];
      }
    };
    await forgePartial(files[1], (p) => {
      for (const b of p.batches as { runs: Record<string, unknown>[] }[]) {
        for (const r of b.runs) {
          swap(r.accum as Record<string, unknown>);
          for (
            const q of (r.pieces ?? []) as { accum: Record<string, unknown> }[]
          ) {
            swap(q.accum);
          }
        }
      }
    });
    oneLine(
      await task(["merge", "results/shards", "--no-file"], t),
      /^flip7: partial .*shard-1-of-2\.json: its games \d+-\d+ of run 1 of batch 1 \(sim\), played again, do not give the sums it holds: it is not what a shard of this code wrote$/,
    );
    // the honest partials merge into the unsharded run's figures
    const again = await simShards(t, "results/honest", [
      "-n",
      "2000",
      "-p",
      "ev,sum:20",
      "--seed",
      "1",
    ]);
    assert.equal(again.length, 2);
    const m = await task(["merge", "results/honest", "--no-file"], t);
    const whole = await task(
      ["sim", "-n", "2000", "-p", "ev,sum:20", "--seed", "1", "--no-file"],
      t,
    );
    assert.equal(m.code, 0, m.stderr);
    assert.equal(
      m.stdout.split("\n").slice(0, 5).join("\n"),
      whole.stdout.split("\n").slice(0, 5).join("\n"),
    );
  } finally {
    Deno.removeSync(t, { recursive: true });
  }
});
