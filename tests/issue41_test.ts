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
        `import { Worker } from "node:worker_threads";\nnew Worker("data:text/javascript,for(;;);", { eval: true });`,
        HONEST,
        ["sim", "-n", "100"],
        /policy module '\.\/wt\.js' was refused a permission: a policy may not start a worker/,
      ],
      [
        "wt_hit.js",
        `import { Worker } from "node:worker_threads";\nlet n = 0;`,
        late(`new Worker("data:text/javascript,1", { eval: true })`),
        ["sim", "-n", "100", "--workers", "2"],
        /policy '\.\/wt_hit\.js' \(in hit\(\)\) was refused a permission: a policy may not start a worker/,
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
