/**
 * Policy modules and the one runner: a policy written in its own file runs
 * wherever a spec goes, with byte-identical output for any number of
 * workers; every bad module is one line, exit code 2, nothing written; the
 * runner's accumulators merge exactly however the range is cut.
 */
import assert from "node:assert/strict";
import { spawnCli, TASK_FLAGS } from "./cli_harness.ts";
import {
  emptyAccum,
  mergeAccum,
  playRange,
  runAll,
  type RunSpec,
} from "../lib/run/runner.ts";
import { runMatch, runRounds } from "../lib/run/sim.ts";
import { policyRows } from "../lib/run/stats.ts";
import { loadPolicies } from "../lib/run/modules.ts";
import { registerStrategy } from "../lib/run/registry.ts";
import { slow } from "./tier.ts";

const MAIN = new URL("../cli/main.ts", import.meta.url).pathname;
const ROOT = new URL("..", import.meta.url).pathname;
const MINE = "./tests/fixtures/my_policy.ts";

function flip7(args: string[]) {
  return spawnCli(args, {
    flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys"],
    cwd: ROOT,
  });
}

Deno.test("policy module: sim and round print the same bytes with 1 and 3 workers", async () => {
  for (
    const args of [
      ["sim", "-n", "600", "-p", `${MINE}:0.3,ev,bust:0.25`, "--seed", "4"],
      ["round", "-n", "3000", "-p", `${MINE}:0.2,${MINE}`, "--seed", "5"],
    ]
  ) {
    const outs = [];
    for (const w of ["1", "3"]) {
      const r = await flip7([...args, "--json", "--no-file", "--workers", w]);
      assert.equal(r.code, 0, r.stderr);
      outs.push(r.stdout);
    }
    assert.equal(outs[0], outs[1], args.join(" "));
    const j = JSON.parse(outs[0]);
    assert.equal(j.rows[0].policy, args[4].split(",")[0]);
  }
});

Deno.test(slow("policy module: watch and evaluate take it too"), async () => {
  const w = await flip7([
    "watch",
    "-p",
    `${MINE}:0.25,ev`,
    "--rounds",
    "1",
    "--no-file",
  ]);
  assert.equal(w.code, 0, w.stderr);
  const e = await flip7([
    "evaluate",
    "-p",
    `${MINE}:0.25,sum:20`,
    "--json",
    "--no-file",
  ]);
  assert.equal(e.code, 0, e.stderr);
  const rows = JSON.parse(e.stdout);
  assert.equal(rows[0].policy, `${MINE}:0.25`);
  assert.ok(rows[0].ev > 10 && rows[0].ev < 25, String(rows[0].ev));
});

Deno.test(
  slow(
    "docs/your-policy.md's module, saved outside the repository, imports @flip7/lab and runs in evaluate and sim as the task runs them",
  ),
  async () => {
    const doc = Deno.readTextFileSync(`${ROOT}/docs/your-policy.md`);
    const file = doc.match(/<<'EOF'\n([\s\S]*?)\nEOF\n/)?.[1];
    assert.ok(file, "docs/your-policy.md has no here-document");
    assert.match(file, /from "@flip7\/lab"/);
    const dir = await Deno.makeTempDir({ prefix: "flip7-my-policy-" });
    try {
      const p = `${dir}/my_policy.ts`;
      Deno.writeTextFileSync(p, file + "\n");
      const task = (args: string[]) =>
        spawnCli([...args, "--no-file"], { flags: TASK_FLAGS, cwd: ROOT });
      const e = await task([
        "evaluate",
        "--model",
        "exact",
        "-p",
        `${p}:23,sum:23,optimal`,
        "--json",
      ]);
      assert.equal(e.code, 0, e.stderr);
      // the figures docs/your-policy.md quotes
      assert.deepEqual(
        JSON.parse(e.stdout).map((r: { ev: number }) => r.ev.toFixed(3)),
        ["20.935", "20.919", "22.250"],
      );
      const s = await task(["sim", "-n", "2000", "-p", `${p}:23,ev`]);
      assert.equal(s.code, 0, s.stderr);
      assert.match(s.stdout, /^1 dash:23 /m);
      assert.match(s.stdout, /^2 ev /m);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
);

Deno.test("bad policy modules: one line naming it, exit 2, nothing written", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-pm-" });
  const cases: [string, RegExp][] = [
    ["./tests/fixtures/nope.ts", /policy module '.*nope\.ts' not found/],
    [
      "./tests/fixtures/bad_no_default.ts",
      /'.*bad_no_default\.ts' has no default export/,
    ],
    ["./tests/fixtures/bad_throws.ts:1", /bad_throws\.ts' threw: this factory/],
    [
      "./tests/fixtures/bad_returns.ts",
      /bad_returns\.ts' returned no Strategy/,
    ],
    ["./tests/fixtures/bad_load.ts", /bad_load\.ts' failed to load: this/],
    [`${MINE}:2`, /my_policy\.ts' threw: P must be in \[0, 1\]/],
  ];
  for (const [spec, re] of cases) {
    for (const cmd of ["sim", "round"]) {
      const file = `${dir}/${cmd}.txt`;
      const r = await flip7([
        cmd,
        "-n",
        "50",
        "-p",
        `ev,${spec}`,
        "--workers",
        "2",
        "-o",
        file,
      ]);
      assert.equal(r.code, 2, `${cmd} ${spec}: ${r.stderr}`);
      assert.equal(r.stdout, "");
      const lines = r.stderr.trimEnd().split("\n");
      assert.equal(lines.length, 1, r.stderr);
      assert.match(lines[0], re);
    }
  }
  assert.deepEqual([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("policy module outside the granted read path: one line, exit 2", async () => {
  const file = await Deno.makeTempFile({ suffix: ".ts" });
  await Deno.copyFile(`${ROOT}tests/fixtures/my_policy.ts`, file);
  const out = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read=.",
      MAIN,
      "sim",
      "-n",
      "10",
      "-p",
      `${file},ev`,
      "--no-file",
    ],
    stdout: "piped",
    stderr: "piped",
    cwd: ROOT,
    env: { NO_COLOR: "1" },
  }).output();
  const err = new TextDecoder().decode(out.stderr).trimEnd();
  assert.equal(out.code, 2, err);
  assert.equal(err.split("\n").length, 1, err);
  assert.match(err, /policy module '.*\.ts' cannot be read/);
  await Deno.remove(file);
});

Deno.test("library: runMatch and runRounds take a module with any worker count", async () => {
  const spec = `${MINE}:0.3`;
  const opts = { rules: "standard", policies: [spec, "ev"], seed: 9 };
  const a = await runMatch({ ...opts, games: 300, workers: 1 });
  const b = await runMatch({ ...opts, games: 300, workers: 2 });
  assert.deepEqual(a, b);
  assert.equal(a.rows[0].policy, spec);
  const r1 = await runRounds({ ...opts, rounds: 500, workers: 1 });
  const r2 = await runRounds({ ...opts, rounds: 500, workers: 2 });
  assert.deepEqual(r1, r2);
  // an absolute file URL names the same module
  const url = new URL("./fixtures/my_policy.ts", import.meta.url).href;
  const c = await runMatch({
    ...opts,
    policies: [`${url}:0.3`, "ev"],
    games: 300,
    workers: 2,
  });
  assert.deepEqual(c.rows.map((r) => r.wins), a.rows.map((r) => r.wins));
});

Deno.test("library: a strategy from registerStrategy runs in this thread, same result", async () => {
  registerStrategy({
    name: "hit-under-18",
    param: "none",
    usage: "hit-under-18",
    describe: "test only",
    make: () => ({
      name: "hit-under-18",
      hit: (v, s) => v.roundScore(s) < 18,
      target: (_v, s) => s,
    }),
  });
  const opts = {
    rules: "standard",
    policies: ["hit-under-18", "ev"],
    seed: 3,
    games: 200,
  };
  const a = await runMatch({ ...opts, workers: 1 });
  const b = await runMatch({ ...opts, workers: 2 });
  assert.deepEqual(a, b);
});

Deno.test("runner: accumulators merge exactly, through JSON, however the range is cut", async () => {
  await loadPolicies([`${MINE}:0.3`]);
  for (const mode of ["game", "round"] as const) {
    const spec: RunSpec = {
      rules: "standard",
      policies: ["ev", `${MINE}:0.3`, "ev"],
      seed: 11,
      count: mode === "game" ? 40 : 400,
      mode,
    };
    const whole = playRange(spec, 0, spec.count);
    const cuts = [0, 7, 13, Math.floor(spec.count / 2), spec.count];
    const parts = cuts.slice(1).map((b, i) =>
      JSON.parse(JSON.stringify(playRange(spec, cuts[i], b)))
    );
    // (a + b) + c and a + (b + c)
    const left = parts.reduce((t, p) => mergeAccum(t, p), emptyAccum(spec));
    const right = mergeAccum(
      emptyAccum(spec),
      parts.reduceRight(
        (t, p) => mergeAccum(structuredClone(p), t),
        emptyAccum(spec),
      ),
    );
    assert.deepEqual(left, whole);
    assert.deepEqual(right, whole);
    assert.deepEqual(whole.policies, ["ev", `${MINE}:0.3`]);
    assert.deepEqual(whole.seats, [2, 1]);
    for (const k of Object.values(whole)) {
      for (const x of [k].flat(2)) {
        if (typeof x === "number") assert.ok(Number.isInteger(x));
      }
    }
    const [viaAll] = await runAll([spec], { workers: 2, chunks: 5 });
    assert.deepEqual(viaAll, whole);
    const rows = policyRows(whole);
    assert.equal(rows[0].games, spec.count);
  }
});

Deno.test("runner: bad runs are refused before any game", async () => {
  const base: RunSpec = {
    rules: "standard",
    policies: ["ev", "ev"],
    seed: 1,
    count: 10,
    mode: "game",
  };
  await assert.rejects(
    runAll([base, { ...base, policies: ["ev", "./tests/fixtures/nope.ts"] }]),
    /policy module '.*nope\.ts' not found/,
  );
  await assert.rejects(
    runAll([{
      ...base,
      policies: [`${MINE}:0.3`, "./tests/../tests/fixtures/my_policy.ts:0.3"],
    }]),
    /name the same module/,
  );
  await assert.rejects(
    runAll([{ ...base, rules: "chess" }]),
    /unknown rules preset 'chess'/,
  );
  await assert.rejects(
    runAll([{ ...base, rules: "duel", policies: ["ev"] }]),
    /1 policy given: the 'duel' rules allow 2 to 2 players/,
  );
});
