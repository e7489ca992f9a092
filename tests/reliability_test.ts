/**
 * Regression tests for issue 11, one (or more) per row of its table: no
 * hang, no silent wrong number, no stack trace, no lost data, true
 * provenance, clear messages, and the README's promises on run logs and
 * byte-identical output. (The cache rows are in `cache_damage_test.ts`, the
 * termination proof in `termination_test.ts`.)
 *
 * @module
 */
import assert from "node:assert/strict";
import { cli, hasStackTrace, listFiles, task } from "./cli_harness.ts";
import { writeRunLog } from "../cli/guard.ts";
import { clip, plainNumber, scaleOption } from "../cli/args.ts";
import { slow } from "./tier.ts";

/**
 * The kill timer of a spawned run that is not a hang test: none (the longest
 * setTimeout, 24.8 days), so that a loaded machine never fails a test.
 */
const NO_KILL = 2 ** 31 - 1;

const ALT18 = Array.from(
  { length: 18 },
  (_, i) => (i % 2 ? "count:7" : "sum:1000"),
).join(",");

/** One line on stderr, exit 2, no stack trace, nothing on stdout. */
function refused(
  r: { code: number; stdout: string; stderr: string },
  want: RegExp,
) {
  assert.equal(r.code, 2, `exit ${r.code}: ${r.stderr}`);
  const lines = r.stderr.trim().split("\n");
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], want);
  assert.ok(!hasStackTrace(r.stderr), r.stderr);
  assert.equal(r.stdout, "", "nothing printed before the refusal");
}

Deno.test("row hang: sim and watch with 18 always-hitting seats, seed 3, end", async () => {
  const s = await cli([
    "sim",
    "-n",
    "1",
    "--seed",
    "3",
    "-p",
    ALT18,
    "--workers",
    "1",
    "--no-file",
  ]);
  assert.equal(s.code, 0, s.stderr);
  const w = await cli(["watch", "--seed", "3", "-p", ALT18, "--no-file"]);
  assert.equal(w.code, 0, w.stderr);
  assert.ok(
    w.stdout.split("\n").length < 20_000,
    "watch prints a bounded game",
  );
  assert.match(w.stdout, /game over/);
});

Deno.test("row human in a batch run: sim, round, watch refuse it in one line (stdin closed)", async () => {
  for (
    const args of [
      ["sim", "-n", "5", "-p", "human,ev"],
      ["round", "-n", "5", "-p", "ev,human"],
      ["watch", "-p", "human,ev"],
      ["sim", "-n", "5", "-p", "ev, human "],
    ]
  ) {
    refused(
      await cli([...args, "--no-file"]),
      /policy 'human' cannot play in '\w+'.*flip7 play/,
    );
  }
});

Deno.test("row -o checked before any game: empty, a folder, a result, a tracked file, a missing folder", async () => {
  // a billion games: a check made after the work would never return
  const big = ["sim", "-n", "1000000000", "-p", "ev,ev"];
  refused(await cli([...big, "-o", ""]), /bad -o '': give a file path/);
  refused(
    await cli([...big, "-o", "results"]),
    /bad -o 'results': it is a folder/,
  );
  refused(await cli([...big, "-o", "results/"]), /it names a folder/);
  refused(
    await cli([...big, "-o", "results/CLAIMS.md"]),
    /refusing -o 'results\/CLAIMS.md': it is a result/,
  );
  refused(
    await cli([...big, "-o", "README.md"]),
    /refusing -o 'README.md': it is under version control/,
  );
  refused(
    await cli([...big, "-o", "cli/main.ts"]),
    /refusing -o 'cli\/main.ts': it is under version control/,
  );
  // a folder surely missing (a fixed absolute path may exist: root can make it)
  const gone = Deno.makeTempDirSync({ prefix: "flip7-gone-" });
  Deno.removeSync(gone);
  refused(
    await cli([...big, "-o", `${gone}/x.txt`]),
    new RegExp(`folder '${gone}' does not exist`),
  );
  refused(
    await cli([...big, "-o", "README.md/x.txt"]),
    /cannot use 'README.md\/x.txt': Not a directory/,
  );
});

Deno.test("row -o and --out outside the task's permissions: refused before the work (spawned as the task runs)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-perm-" });
  try {
    const outside = Deno.makeTempDirSync({ prefix: "flip7-outside-" });
    // "before the work", whatever the machine's speed: a policy that throws
    // at its first decision (a game played first would end the run with its
    // message, not the path's), and experiments at --scale 100 (hours of
    // games: a late refusal would never come within the test)
    const trip = `${dir}/trip.js`;
    Deno.writeTextFileSync(
      trip,
      `export default () => ({ name: "trip", hit: () => { throw new Error("a game was played"); } });\n`,
    );
    const a = await task(
      [
        "sim",
        "-n",
        "1000000000",
        "-p",
        `${trip},ev`,
        "-o",
        `${outside}/x.txt`,
      ],
      dir,
      { timeoutMs: NO_KILL },
    );
    refused(a, /cannot write -o '.*x\.txt': not allowed to write there/);
    const b = await task(
      ["experiment", "field-size", "--scale", "100", "--out", `${outside}/fs`],
      dir,
      { timeoutMs: NO_KILL },
    );
    refused(b, /cannot write --out '.*fs': not allowed to write there/);
    const c = await task(
      [
        "experiment",
        "field-size",
        "--scale",
        "100",
        "--out",
        "README.md",
      ],
      Deno.cwd(),
      { timeoutMs: NO_KILL },
    );
    refused(c, /bad --out 'README.md': it is a file, not a folder/);
    Deno.removeSync(trip);
    assert.deepEqual(listFiles(dir), []);
    assert.deepEqual(listFiles(outside), []);
    Deno.removeSync(outside, { recursive: true });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row read-only results/: refused in one line before any game; read-only cache: solved in memory, one message", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-ro-" });
  try {
    // the task may write results/ and .cache/ only: with the run log's folder a file, it cannot
    Deno.writeTextFileSync(`${dir}/results`, "not a folder\n");
    // a policy that throws at its first decision: refused before any game
    Deno.writeTextFileSync(
      `${dir}/trip.js`,
      `export default () => ({ name: "trip", hit: () => { throw new Error("a game was played"); } });\n`,
    );
    const a = await task(
      ["sim", "-n", "1000000000", "-p", "./trip.js,ev"],
      dir,
      { timeoutMs: NO_KILL },
    );
    refused(
      a,
      /cannot write the run log into 'results\/runs' .*give -o PATH or --no-file/,
    );
    // a cache folder that cannot be written (/proc): the solve is printed, with one message
    const b = await task(
      ["solve", "--model", "approx", "--no-cache", "--no-file"],
      dir,
      {
        env: { FLIP7_CACHE_DIR: "/proc/flip7-cache" },
        timeoutMs: NO_KILL,
      },
    );
    assert.equal(b.code, 0, b.stderr);
    assert.match(b.stdout, /Optimal value: 22\.2318 /);
    assert.match(b.stdout, /table not written to \/proc\/flip7-cache/);
    assert.equal(b.stderr.trim().split("\n").length, 1, b.stderr);
    assert.ok(!hasStackTrace(b.stderr));
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row run logs never collide or overwrite: same second, same name, numbered suffix", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-runs-" });
  try {
    const paths = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        writeRunLog(dir, "rules-20261201-000000", `run ${i}\n`)
      ),
    );
    assert.equal(new Set(paths).size, 4);
    const texts = paths.map((p) => Deno.readTextFileSync(p)).sort();
    assert.deepEqual(texts, ["run 1\n", "run 2\n", "run 3\n", "run 4\n"]);
    assert.ok(paths.includes(`${dir}/rules-20261201-000000.txt`));
    assert.ok(paths.includes(`${dir}/rules-20261201-000000-4.txt`));
    assert.deepEqual(listFiles(dir).filter((f) => f.includes(".tmp")), []);
    // four real runs in one folder in the same second: four logs
    const cwd = Deno.makeTempDirSync({ prefix: "flip7-runs-cli-" });
    await Promise.all(
      [1, 2, 3, 4].map(() => task(["rules"], cwd, { timeoutMs: NO_KILL })),
    );
    const logs = listFiles(`${cwd}/results/runs`);
    assert.equal(logs.length, 4, logs.join(" "));
    Deno.removeSync(cwd, { recursive: true });
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test(
  slow(
    "row provenance: --scale 0.000000001 is recorded as a plain decimal, and the recorded command reruns",
  ),
  async () => {
    assert.equal(plainNumber(1e-9), "0.000000001");
    assert.equal(plainNumber(0.01), "0.01");
    assert.equal(plainNumber(2.5e-7), "0.00000025");
    const out = Deno.makeTempDirSync({ prefix: "flip7-scale-" });
    try {
      const r = await cli([
        "experiment",
        "optimal-distribution",
        "--scale",
        "0.000000001",
        "--out",
        out,
        "--workers",
        "1",
        "--no-file",
      ]);
      assert.equal(r.code, 0, r.stderr);
      const j = JSON.parse(
        Deno.readTextFileSync(`${out}/optimal-distribution.json`),
      );
      assert.match(j.command, /--scale 0\.000000001( |$)/);
      // the recorded value passes the CLI's own check
      const recorded = /--scale (\S+)/.exec(j.command)![1];
      assert.equal(scaleOption({ scale: recorded }), 1e-9);
      // a scale too small for an experiment's statistics: one line, exit 2, no stack trace
      const tiny = await cli([
        "experiment",
        "replication",
        "--scale",
        "0.000000001",
        "--out",
        out,
        "--workers",
        "1",
        "--no-file",
      ]);
      assert.equal(tiny.code, 2, tiny.stderr);
      assert.match(
        tiny.stderr,
        /^flip7: replication: the run is too small for its statistics .*larger --scale, or --quick\n$/,
      );
    } finally {
      Deno.removeSync(out, { recursive: true });
    }
  },
);

Deno.test("row unclear messages: each names the bad value and what is allowed", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["play", "--rules", "duel", "-p", "ev,ev"],
      /'duel' rules allow exactly 1 bot besides you/,
    ],
    [
      ["watch", "-p", "ev", "--deck", "1,1,1"],
      /too many '1' cards in the stacked deck: 3 given, the 'standard' deck holds 1/,
    ],
    [
      ["watch", "-p", "ev", "--deck", ""],
      /bad --deck '': list at least one card/,
    ],
    [
      ["watch", "-p", "ev", "--deck", ","],
      /bad --deck ',': an empty card between commas/,
    ],
    [
      ["decide", "--totals", "1,1", "--line", "5,+2", "--rules", "duel"],
      /card '\+2' is not in the 'duel' deck/,
    ],
    [
      ["decide", "--totals", "1,1", "--line", "5,chance,chance"],
      /your line holds two Second Chances/,
    ],
    [
      ["decide", "--totals", "10000,10000", "--line", "5"],
      /bad --totals '10000,10000': .* from 0 to 199/,
    ],
    [
      ["decide", "--totals", "1,1", "--line", "5", "--opp", ""],
      /bad --opp '': list at least one card/,
    ],
    [["experiment", "list", "--seed", "x"], /bad --seed 'x'/],
    [["sim", "-n"], /missing value for -n \(/],
    [["sim", "--seed"], /missing value for --seed \(/],
    [["sim", "-n", "5", "-p", "ev,ev", "--json=1"], /--json takes no value/],
    [
      ["evaluate", "-p", "nope"],
      /unknown policy 'nope': allowed .*dp.*optimal, advice, advice:seed/,
    ],
  ];
  for (const [args, want] of cases) {
    refused(await cli([...args, "--no-file"]), want);
  }
  // found by the long fuzz test: odds solved all94 for 30 s, then refused it
  refused(
    await cli(["odds", "--model", "all94", "--no-file"]),
    /bad --model 'all94' for odds: .*; allowed approx, exact/,
  );
  // found by the fuzz test: 3,001 policies to evaluate exactly took minutes
  refused(
    await cli([
      "evaluate",
      "--model",
      "approx",
      "-p",
      "ev,".repeat(64) + "ev",
      "--no-file",
    ]),
    /65 policies given, evaluate takes at most 64 at a time/,
  );
  // a 120 KB -p is not echoed whole
  const huge = "ev,".repeat(40_000) + "ev";
  const r = await cli(["sim", "-n", "5", "-p", huge, "--no-file"]);
  refused(r, /bad -p 'ev,ev,.*…\(120002 characters\)'/);
  assert.ok(r.stderr.length < 500);
  assert.equal(clip("abc"), "abc");
  // repro --seed -1 names the range
  const rep = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      new URL("../cli/repro.ts", import.meta.url).pathname,
      "--seed",
      "-1",
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(rep.code, 2);
  assert.match(
    new TextDecoder().decode(rep.stderr),
    /^repro: bad --seed '-1': give a whole number from 0 to 4294967295\n$/,
  );
});

Deno.test(
  slow(
    "row promises: experiment writes a run log; stdout is byte-identical for the same seed",
  ),
  async () => {
    const cwd = Deno.makeTempDirSync({ prefix: "flip7-promise-" });
    try {
      const a = await task(
        [
          "experiment",
          "advice",
          "--quick",
          "--seed",
          "2",
          "--out",
          "results",
        ],
        cwd,
        { timeoutMs: NO_KILL },
      );
      const b = await task(
        [
          "experiment",
          "advice",
          "--quick",
          "--seed",
          "2",
          "--out",
          "results",
        ],
        cwd,
        { timeoutMs: NO_KILL },
      );
      assert.equal(a.code, 0, a.stderr);
      assert.equal(a.stdout, b.stdout, "byte-identical stdout");
      assert.ok(!/elapsed/.test(a.stdout));
      assert.match(a.stderr, /elapsed/);
      const logs = listFiles(`${cwd}/results/runs`);
      assert.equal(
        logs.filter((f) => f.startsWith("experiment-")).length,
        2,
        logs.join(" "),
      );
      const log = Deno.readTextFileSync(
        `${cwd}/results/runs/${logs.find((f) => f.startsWith("experiment-"))}`,
      );
      assert.equal(log, a.stdout);
      const s1 = await cli([
        "sim",
        "-n",
        "30",
        "-p",
        "ev,sum:20",
        "--seed",
        "4",
        "--workers",
        "1",
        "--no-file",
      ]);
      const s2 = await cli([
        "sim",
        "-n",
        "30",
        "-p",
        "ev,sum:20",
        "--seed",
        "4",
        "--workers",
        "2",
        "--no-file",
      ]);
      assert.equal(s1.stdout, s2.stdout);
      assert.ok(!/elapsed/.test(s1.stdout));
    } finally {
      Deno.removeSync(cwd, { recursive: true });
    }
  },
);

Deno.test({
  name:
    "long: decide writes a run log and prints the same bytes twice (trains the duel tables if missing)",
  ignore: Deno.env.get("FLIP7_LONG") !== "1",
  async fn() {
    const cwd = Deno.makeTempDirSync({ prefix: "flip7-decide-" });
    try {
      const args = [
        "decide",
        "--totals",
        "150,185",
        "--line",
        "12,9,4",
        "--rules",
        "duel",
      ];
      const env = {
        FLIP7_CACHE_DIR: new URL("../.cache", import.meta.url).pathname,
      };
      const a = await task(args, cwd, { env, timeoutMs: NO_KILL });
      const b = await task(args, cwd, { env, timeoutMs: NO_KILL });
      assert.equal(a.code, 0, a.stderr);
      assert.equal(a.stdout, b.stdout);
      const logs = listFiles(`${cwd}/results/runs`);
      assert.equal(
        logs.filter((f) => f.startsWith("decide-")).length,
        2,
        logs.join(" "),
      );
    } finally {
      Deno.removeSync(cwd, { recursive: true });
    }
  },
});
