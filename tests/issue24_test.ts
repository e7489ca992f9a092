/**
 * Regression tests for issue 24, one (or more) per row of its table and per
 * item of its list: nothing overwritten (one output-path guard for every
 * command that writes), nothing forged (merged accumulators and policy
 * modules checked), no overflow (counts range-checked at the edge), no hang
 * and no stack trace from a policy, and a policy module that cannot escape.
 * Each fails on the code before the fix.
 *
 * @module
 */
import assert from "node:assert/strict";
import { cli, hasStackTrace, listFiles } from "./cli_harness.ts";

/** One line on stderr, exit 2, no stack trace, nothing on stdout. */
function refused(
  r: { code: number; stdout: string; stderr: string },
  want: RegExp,
) {
  assert.equal(r.code, 2, `exit ${r.code}: ${r.stdout}${r.stderr}`);
  const lines = r.stderr.trim().split("\n");
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], want);
  assert.ok(!hasStackTrace(r.stderr), r.stderr);
  assert.equal(r.stdout, "", "nothing printed before the refusal");
}

function bytesOf(path: string): Uint8Array {
  return Deno.readFileSync(path);
}

Deno.test("row data loss: chart --out refuses results, caches, tracked files, a missing folder and ''", async () => {
  const tmp = Deno.makeTempDirSync({ prefix: "flip7-chart-out-" });
  try {
    Deno.mkdirSync(`${tmp}/.cache`);
    Deno.writeTextFileSync(`${tmp}/.cache/solo-dp-exact.bin`, "cache\n");
    const protect = [
      "results/field-size.csv",
      "results/field-size.json",
      "results/CLAIMS.md",
      "results/index.html",
      "tests/snapshots/field-size.svg",
      "cli/main.ts",
      `${tmp}/.cache/solo-dp-exact.bin`,
    ];
    const before = protect.map(bytesOf);
    for (const p of protect) {
      refused(
        await cli(["chart", "field-size", "--out", p]),
        /^flip7: refusing --out '.*': it is (a result|under version control|a cache file) and would be overwritten/,
      );
    }
    protect.forEach((p, i) => assert.deepEqual(bytesOf(p), before[i], p));
    refused(
      await cli([
        "chart",
        "field-size",
        "--format",
        "pdf",
        "--out",
        `${tmp}/nodir/x.pdf`,
      ]),
      /folder '.*nodir' does not exist/,
    );
    refused(
      await cli(["chart", "field-size", "--out", ""]),
      /bad --out '': give a file path/,
    );
    refused(
      await cli(["chart", "field-size", "--out", tmp]),
      /it is a folder; give a file path/,
    );
    refused(
      await cli(["chart", "field-size", "--out", `${tmp}/x.csv`]),
      /a SVG chart goes to a file ending in \.svg/,
    );
    assert.deepEqual(listFiles(tmp), [".cache/", ".cache/solo-dp-exact.bin"]);
    // a new file is written, and the chart's own file may be re-rendered
    const ok = await cli(["chart", "field-size", "--out", `${tmp}/fs.svg`]);
    assert.equal(ok.code, 0, ok.stderr);
    assert.deepEqual(
      Deno.readTextFileSync(`${tmp}/fs.svg`),
      Deno.readTextFileSync("results/field-size.svg"),
    );
  } finally {
    Deno.removeSync(tmp, { recursive: true });
  }
});

Deno.test("row data loss: -o refuses an existing run log and a cache file", async () => {
  const tmp = Deno.makeTempDirSync({ prefix: "flip7-o-" });
  try {
    Deno.mkdirSync(`${tmp}/results/runs`, { recursive: true });
    Deno.mkdirSync(`${tmp}/.cache`);
    const log = `${tmp}/results/runs/rules-20261201-000000.txt`;
    const cache = `${tmp}/.cache/solo-dp-numbers.bin`;
    Deno.writeTextFileSync(log, "a run log\n");
    Deno.writeTextFileSync(cache, "a cache\n");
    refused(
      await cli(["rules", "-o", log]),
      /refusing -o '.*': it is an existing run log/,
    );
    refused(
      await cli(["sim", "-n", "1000000000", "-p", "ev,ev", "-o", cache]),
      /refusing -o '.*': it is a cache file/,
    );
    assert.equal(Deno.readTextFileSync(log), "a run log\n");
    assert.equal(Deno.readTextFileSync(cache), "a cache\n");
  } finally {
    Deno.removeSync(tmp, { recursive: true });
  }
});

Deno.test("row late check: sweep, repro and merge check --out before any work", async () => {
  // "before any work", whatever the machine's speed: a policy that throws at
  // its first decision (a game played before the check ends the run with its
  // message instead of the path's)
  const tripDir = Deno.makeTempDirSync({ prefix: "flip7-trip-" });
  const trip = `${tripDir}/trip.js`;
  Deno.writeTextFileSync(
    trip,
    `export default () => ({ name: "trip", hit: () => { throw new Error("a game was played"); } });\n`,
  );
  refused(
    await cli([
      "sweep",
      "-p",
      `${trip},ev`,
      "-n",
      "1000000000",
      "--players",
      "2",
      "--out",
      "README.md",
    ]),
    /bad --out 'README.md': it is a file, not a folder/,
  );
  refused(
    await cli([
      "sweep",
      "-p",
      `${trip},ev`,
      "-n",
      "1000000000",
      "--players",
      "2",
      "--out",
      "tests/snapshots",
    ]),
    /refusing --out 'tests\/snapshots': it holds files under version control/,
  );
  refused(
    await cli(["merge", "results", "--out", "README.md"]),
    /bad --out 'README.md': it is a file, not a folder/,
  );
  const { main: repro } = await import("../cli/repro.ts");
  const err: string[] = [];
  const e0 = console.error;
  console.error = (...a: unknown[]) => err.push(a.join(" "));
  let code: number;
  try {
    code = await repro(["replication", "--out", "README.md"]);
  } finally {
    console.error = e0;
  }
  assert.equal(code, 2);
  assert.equal(err.length, 1, err.join("\n"));
  assert.match(err[0], /^repro: bad --out 'README.md': it is a file/);
  Deno.removeSync(tripDir, { recursive: true });
});

Deno.test("row unclear: merge of one folder given twice names it", async () => {
  refused(
    await cli(["merge", "results/shards", "results/shards/"]),
    /folder 'results\/shards\/' is given twice/,
  );
});

Deno.test("row silent wrong result: --deck-counts beyond the bound is refused, never wrapped (solve and evaluate)", async () => {
  for (const cmd of ["solve", "evaluate"]) {
    for (
      const v of [
        "12:2147483648",
        "12:3000000000",
        "12:4294967296",
        "12:9007199254740993",
        "12:1000001",
      ]
    ) {
      refused(
        await cli([
          cmd,
          "--model",
          "numbers",
          "--deck-counts",
          v,
          "--no-file",
        ]),
        new RegExp(
          `bad --deck-counts entry '${v}': a count goes from 0 to 1000000`,
        ),
      );
    }
  }
  refused(
    await cli(["solve", "--model", "numbers", "--deck-counts", "12:-1"]),
    /bad count -1 for '12': allowed whole numbers from 0 to 1000000/,
  );
  refused(
    await cli(["solve", "--model", "numbers", "--deck-counts", "12:3,12:4"]),
    /kind '12' is given twice \('12:3' and '12:4'\)/,
  );
  refused(
    await cli(["solve", "--model", "numbers", "--deck-counts", ""]),
    /bad --deck-counts '': give KIND:COUNT pairs/,
  );
});

Deno.test("row unclear: decide names the flags of a stack with too many cards, and the real count of a long line", async () => {
  refused(
    await cli([
      "decide",
      "--totals",
      "0,0",
      "--line",
      "5",
      "--seen",
      Array(13).fill("12").join(","),
      "--no-file",
    ]),
    /too many '?12'? cards in --line, --opp and --seen \(13\): the 'standard' deck has 12/,
  );
  refused(
    await cli([
      "decide",
      "--totals",
      "0,0",
      "--line",
      "1,2,3,4,5,6,7,8",
      "--no-file",
    ]),
    /your line has 8 numbers: .*at most 6/,
  );
});

import { canonicalJson, sha256Hex } from "../lib/run/shard.ts";

/** Rewrite a partial with a valid checksum after `edit` (a forger's edit). */
async function forge(path: string, edit: (p: Record<string, unknown>) => void) {
  const p = JSON.parse(await Deno.readTextFile(path));
  edit(p);
  const { checksum: _c, ...rest } = p;
  p.checksum = await sha256Hex(canonicalJson(rest));
  await Deno.writeTextFile(path, JSON.stringify(p));
}

async function shards(
  dir: string,
  policies: string,
  n = 2,
  onShard?: (i: number) => void,
) {
  for (let i = 0; i < n; i++) {
    onShard?.(i);
    const r = await cli([
      "sim",
      "-n",
      "300",
      "-p",
      policies,
      "--seed",
      "2",
      "--workers",
      "1",
      "--shard",
      `${i}/${n}`,
      "--out",
      dir,
      "--no-file",
    ]);
    assert.equal(r.code, 0, r.stderr);
  }
  return [...Deno.readDirSync(dir)].map((e) => `${dir}/${e.name}`).sort();
}

type Acc = { games: number; wins: number[]; draws: number; points: number[] };
const FORGERIES: [string, (a: Acc) => void, RegExp][] = [
  ["more wins than games", (a) => {
    a.wins[0] += a.games;
  }, /wins \d+ \+ draws \d+ ≠ games 150/],
  ["negative wins", (a) => {
    a.wins[0] = -a.wins[0];
  }, /wins holds -\d+, not a whole number from 0/],
  ["fractional wins", (a) => {
    a.wins[0] += 0.5;
  }, /wins holds \d+\.5, not a whole number/],
  ["games 1e300", (a) => {
    a.games = 1e300;
  }, /games 1e\+300 is not a whole number/],
  ["games off the slice", (a) => {
    a.games += 1;
    a.draws += 1;
  }, /games 151 ≠ the slice's 150/],
  ["points beyond their squares", (a) => {
    a.points[0] *= 1000;
  }, /points \d+ too large for seat_points_sq/],
];

for (const [what, edit, want] of FORGERIES) {
  Deno.test(`row silent wrong result: merge refuses a forged accumulator (${what}) with a valid checksum`, async () => {
    const dir = Deno.makeTempDirSync({ prefix: "flip7-forge-" });
    try {
      const files = await shards(dir, "ev,bust:0.25");
      await forge(files[1], (p) => {
        const b = p.batches as { runs: { accum: Acc }[] }[];
        edit(b[0].runs[0].accum);
      });
      refused(
        await cli(["merge", dir, "--no-file"]),
        new RegExp(
          `impossible accumulator in run 1 of batch 1 .*${want.source}`,
        ),
      );
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  });
}

Deno.test("row silent wrong result: shards of two versions of a policy module never merge", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-modv-" });
  const mod = `${dir}/mod.js`;
  const parts = `${dir}/parts`;
  Deno.mkdirSync(parts);
  try {
    const files = await shards(parts, `${mod},ev`, 2, (i) => {
      Deno.writeTextFileSync(
        mod,
        `export default () => ({ name: "m", hit: (v, s) => v.numberSum(s) < ${
          i ? 25 : 15
        }, target: (v, s) => s });\n`,
      );
    });
    assert.equal(files.length, 2);
    refused(
      await cli(["merge", parts, "--no-file"]),
      /policy module '.*mod\.js' differs from .*'s \(content [0-9a-f]{12} vs [0-9a-f]{12}\)/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

import { task } from "./cli_harness.ts";
import { slow } from "./tier.ts";

const SNAP_PWNED = new URL("../tests/snapshots/pwned.svg", import.meta.url)
  .pathname;

/** Policy modules that try each escape, at load time or in a decision. */
function escapes(outside: string): Record<string, [string, RegExp]> {
  const play =
    `hit: (v, s) => v.numberSum(s) < 20, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s`;
  const at = (body: string) =>
    `export default () => ({ name: "x", hit: (v, s) => { ${body}; return v.numberSum(s) < 20; }, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s });\n`;
  return {
    "run_git.js": [
      `new Deno.Command("git", { args: ["-c", "alias.x=!touch pwned", "x"] }).outputSync();\nexport default () => ({ name: "x", ${play} });\n`,
      /Requires run access/,
    ],
    "run_node.js": [
      `import { execSync } from "node:child_process";\nexecSync("touch pwned");\nexport default () => ({ name: "x", ${play} });\n`,
      // refused before it starts: the environment it would pass on, or the program
      /Requires (run|env) access/,
    ],
    "ffi.js": [
      `Deno.dlopen("libc.so.6", { getpid: { parameters: [], result: "i32" } });\nexport default () => ({ name: "x", ${play} });\n`,
      /Requires ffi access/,
    ],
    "write_tmp.js": [
      `Deno.writeTextFileSync(${
        JSON.stringify(`${outside}/pwned`)
      }, "x");\nexport default () => ({ name: "x", ${play} });\n`,
      /Requires write access/,
    ],
    "write_snapshot.js": [
      `Deno.writeTextFileSync(${
        JSON.stringify(SNAP_PWNED)
      }, "x");\nexport default () => ({ name: "x", ${play} });\n`,
      /Requires write access/,
    ],
    "net.js": [
      `await fetch("http://127.0.0.1:45671/");\nexport default () => ({ name: "x", ${play} });\n`,
      /Requires net access/,
    ],
    "hit_run.js": [
      at(`new Deno.Command("true").outputSync()`),
      /Requires run access/,
    ],
    "hit_write.js": [
      at(`Deno.writeTextFileSync(${JSON.stringify(`${outside}/pwned2`)}, "x")`),
      /Requires write access/,
    ],
  };
}

Deno.test(
  slow(
    "item 4: a policy module cannot run a program, load native code, write outside results/ or use the network (the flip7 task's rights)",
  ),
  async () => {
    const dir = Deno.makeTempDirSync({ prefix: "flip7-escape-" });
    const outside = Deno.makeTempDirSync({ prefix: "flip7-outside-" });
    try {
      const mods = escapes(outside);
      for (const [name, [src]] of Object.entries(mods)) {
        Deno.writeTextFileSync(`${dir}/${name}`, src);
      }
      const before = listFiles(dir);
      for (const [name, [, want]] of Object.entries(mods)) {
        for (
          const args of [
            ["sim", "-n", "2000", "-p", `./${name},ev`, "--workers", "2"],
            ["round", "-n", "200", "-p", `./${name},ev,ev`],
            ["evaluate", "-p", `./${name}`, "--model", "numbers"],
          ]
        ) {
          const r = await task(args, dir);
          assert.equal(r.timedOut, false, `${name}: ${args.join(" ")}`);
          assert.equal(r.code, 2, `${name} ${args[0]}: ${r.stdout}${r.stderr}`);
          const lines = r.stderr.trim().split("\n");
          assert.equal(lines.length, 1, r.stderr);
          assert.match(lines[0], /was refused a permission/);
          assert.match(lines[0], want);
          assert.match(lines[0], /may not run programs, load native code/);
          assert.ok(!hasStackTrace(r.stderr), r.stderr);
        }
      }
      assert.deepEqual(listFiles(dir), before, "nothing written");
      assert.deepEqual(listFiles(outside), []);
      assert.throws(() => Deno.statSync(SNAP_PWNED));
    } finally {
      Deno.removeSync(dir, { recursive: true });
      Deno.removeSync(outside, { recursive: true });
    }
  },
);

/** Write a policy module into a temporary folder; returns its path. */
function moduleFile(dir: string, name: string, src: string): string {
  const p = `${dir}/${name}`;
  Deno.writeTextFileSync(p, src);
  return p;
}

Deno.test("row stack trace: a policy that throws or aims at an illegal seat ends the run in one line naming it (sim, round, sweep, watch, evaluate)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-policy-fail-" });
  try {
    // the example of lib/game/view.ts's doc as it was: target(v, seat) => seat
    const ill = moduleFile(
      dir,
      "illegal.js",
      `export default () => ({ name: "ill", hit: (v, s) => v.numberSum(s) < 20, target: (v, s) => s });\n`,
    );
    const thr = moduleFile(
      dir,
      "throws.js",
      `export default () => ({ name: "thr", hit: (v, s) => { if (v.numberSum(s) > 8) throw new Error("boom"); return true; }, target: (v, s) => s });\n`,
    );
    const proxy = moduleFile(
      dir,
      "proxy.js",
      `export default () => new Proxy({}, { get(_, k) { if (k === "name") return "px"; return () => { throw new TypeError("trap " + String(k)); }; } });\n`,
    );
    for (
      const [args, want] of [
        [
          ["sim", "-n", "3000", "-p", `${ill},ev,ev`, "--workers", "2"],
          /policy '.*illegal\.js' returned an illegal target \d+ for seat \d+: a Second Chance goes to another active seat without one/,
        ],
        [
          ["sim", "-n", "3000", "-p", `${thr},ev`, "--workers", "2"],
          /policy '.*throws\.js' threw in hit\(\): boom/,
        ],
        [
          ["round", "-n", "3000", "-p", `${thr},ev,ev`, "--workers", "3"],
          /policy '.*throws\.js' threw in hit\(\): boom/,
        ],
        [[
          "sweep",
          "-p",
          `${thr},ev`,
          "-n",
          "50",
          "--players",
          "2",
          "--out",
          `${dir}/sw`,
        ], /policy '.*throws\.js' threw in hit\(\): boom/],
        [
          ["evaluate", "-p", thr, "--model", "numbers"],
          /policy '.*throws\.js' threw in hit\(\): boom/,
        ],
        [
          ["sim", "-n", "300", "-p", `${proxy},ev`],
          /policy '.*proxy\.js' threw in \w+\(\): trap \w+/,
        ],
      ] as [string[], RegExp][]
    ) {
      refused(await cli([...args, "--no-file"]), want);
    }
    const w = await cli([
      "watch",
      "-p",
      `${thr},ev`,
      "--seed",
      "1",
      "--no-file",
    ]);
    assert.equal(w.code, 2);
    assert.equal(w.threw, false);
    assert.match(
      w.stderr.trim(),
      /^flip7: policy '.*throws\.js' threw in hit\(\): boom$/,
    );
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row hang: a policy that ends its thread ends the run in one line (sim --workers 2, round --workers 3)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-close-" });
  try {
    // (a policy's thread is its own since issue 41: self.close() became
    // Deno.exit or process.exit there)
    for (const how of ["Deno.exit(0)", "process.exit(0)"]) {
      const m = moduleFile(
        dir,
        "closer.js",
        `import process from "node:process";\nlet n = 0;\nexport default () => ({ name: "cl", hit: (v, s) => { if (++n > 3000) ${how}; return v.numberSum(s) < 20; }, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s });\n`,
      );
      for (
        const args of [
          ["sim", "-n", "50000", "-p", `${m},ev`, "--workers", "2"],
          ["round", "-n", "50000", "-p", `${m},ev`, "--workers", "3"],
        ]
      ) {
        const r = await task([...args, "--no-file"], dir, {
          timeoutMs: 120_000,
        });
        assert.equal(r.timedOut, false, "no hang");
        assert.equal(r.code, 2, r.stderr);
        assert.match(
          r.stderr.trim(),
          /^flip7: policy '.*closer\.js' \(in hit\(\)\) ended its thread \(exit code 0\): a policy may not exit or close its thread$/,
        );
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row silent: a policy cannot change the game or the rules through its view", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-cheat-" });
  try {
    const cheat = moduleFile(
      dir,
      "cheat.js",
      `export default () => ({ name: "cheat", hit(v, s) { try { v.totals[s] = 199; } catch {} try { v.rules.target = 0; } catch {} try { v.rules.deck[5] = 0; } catch {} try { v.lineMask = () => 0; } catch {} return v.numberSum(s) < 20; }, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s });\n`,
    );
    const honest = moduleFile(
      dir,
      "honest.js",
      `export default () => ({ name: "honest", hit: (v, s) => v.numberSum(s) < 20, target: (v, s, k) => k === 21 ? (s + 1) % v.players : s });\n`,
    );
    const a = await cli([
      "sim",
      "-n",
      "200",
      "-p",
      `${cheat},ev`,
      "--seed",
      "4",
      "--workers",
      "1",
      "--json",
      "--no-file",
    ]);
    const b = await cli([
      "sim",
      "-n",
      "200",
      "-p",
      `${honest},ev`,
      "--seed",
      "4",
      "--workers",
      "1",
      "--json",
      "--no-file",
    ]);
    assert.equal(a.code, 0, a.stderr);
    const strip = (s: string) =>
      s.replace(/cheat|honest/g, "P").replace(/"elapsed_s":[\d.]+/, "");
    assert.equal(
      strip(a.stdout),
      strip(b.stdout),
      "the cheat plays as the honest policy",
    );
    const { getRules, STANDARD_DECK } = await import("../lib/game/rules.ts");
    assert.equal(getRules("standard").target, 200);
    assert.equal(getRules("standard").deck[5], 5);
    assert.equal(STANDARD_DECK[5], 5);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row library coercion: runMatch checks seed, games and workers instead of coercing them", async () => {
  const { runMatch } = await import("../lib/run/sim.ts");
  const { InputError } = await import("../lib/game/cards.ts");
  const base = {
    rules: "standard",
    policies: ["ev", "ev"],
    games: 10,
    seed: 1,
  };
  for (
    const [bad, want] of [
      [
        { seed: NaN },
        /bad seed NaN \(number\): a whole number from 0 to 4294967295/,
      ],
      [{ seed: undefined }, /bad seed undefined \(undefined\)/],
      [{ seed: 2 ** 40 }, /bad seed 1099511627776 \(number\)/],
      [{ seed: 1.5 }, /bad seed 1\.5 \(number\)/],
      [{ games: "10" }, /bad run count "10" \(string\): a whole number from 0/],
      [{ workers: 1e9 }, /bad workers 1000000000: a whole number from 1 to 64/],
    ] as [Record<string, unknown>, RegExp][]
  ) {
    await assert.rejects(
      () => runMatch({ ...base, ...bad } as Parameters<typeof runMatch>[0]),
      (e: Error) => e instanceof InputError && want.test(e.message),
      JSON.stringify(bad),
    );
  }
  assert.equal((await runMatch({ ...base, workers: 1 })).games, 10);
});

Deno.test("row silent wrong result: chart refuses damaged result files in one line, draws nothing", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-damaged-" });
  try {
    Deno.mkdirSync(`${dir}/results`);
    const csv = Deno.readTextFileSync("results/policy-ev-table.csv");
    const json = Deno.readTextFileSync("results/policy-ev-table.json");
    const lines = csv.trimEnd().split("\n");
    const cases: [string, string, string, RegExp][] = [
      [
        "truncated",
        csv.slice(0, csv.length / 2),
        json,
        /\.csv is damaged \(\d+ rows where policy-ev-table\.json records \d+\)/,
      ],
      [
        "empty",
        "",
        json,
        /\.csv is damaged \(its header is not the \d+ columns/,
      ],
      ["header only", lines[0] + "\n", json, /\.csv is damaged \(0 rows where/],
      [
        "a column dropped",
        lines.map((l) => l.split(",").slice(1).join(",")).join("\n") + "\n",
        json,
        /\.csv is damaged \(its header is not/,
      ],
      ["a BOM", "\ufeff" + csv, json, /\.csv is damaged \(a byte-order mark\)/],
      [
        "junk appended",
        csv + "junk,junk\n",
        json,
        /\.csv is damaged \(\d+ rows where/,
      ],
      [
        "JSON cut",
        csv,
        json.slice(0, 40),
        /\.json is damaged \(not valid JSON\)/,
      ],
      [
        "JSON not an object",
        csv,
        "[1]\n",
        /\.json is damaged \(not a JSON object\)/,
      ],
    ];
    for (const [what, c, j, want] of cases) {
      Deno.writeTextFileSync(`${dir}/results/policy-ev-table.csv`, c);
      Deno.writeTextFileSync(`${dir}/results/policy-ev-table.json`, j);
      const before = listFiles(dir);
      const r = await task(["chart", "policy-ev-table"], dir);
      assert.equal(r.code, 2, `${what}: ${r.stdout}${r.stderr}`);
      assert.equal(r.stdout, "", what);
      assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
      assert.match(r.stderr, want, what);
      assert.ok(!hasStackTrace(r.stderr), r.stderr);
      assert.deepEqual(listFiles(dir), before, `${what}: nothing written`);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row silent: deno task report refuses a damaged result JSON, and writes CLAIMS.md itself when it is missing, instead of leaving a section out", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-report-" });
  try {
    for (
      const f of [
        "field-size.svg",
        "field-size.json",
        "field-size.csv",
        "CLAIMS.md",
      ]
    ) {
      Deno.copyFileSync(`results/${f}`, `${dir}/${f}`);
    }
    const report = new URL("../cli/report.ts", import.meta.url).pathname;
    const run = async () => {
      const r = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          `--allow-read=${dir}`,
          `--allow-write=${dir}`,
          report,
          "--out",
          dir,
        ],
        stdout: "piped",
        stderr: "piped",
      }).output();
      const dec = new TextDecoder();
      return {
        code: r.code,
        stdout: dec.decode(r.stdout),
        stderr: dec.decode(r.stderr),
      };
    };
    Deno.writeTextFileSync(`${dir}/field-size.json`, "{\n");
    refused(
      await run(),
      /^report: .*field-size\.json is damaged \(not valid JSON\)/,
    );
    assert.throws(() => Deno.statSync(`${dir}/index.html`), "nothing written");
    Deno.copyFileSync("results/field-size.json", `${dir}/field-size.json`);
    // the report computes the claims table from the results and writes it
    Deno.removeSync(`${dir}/CLAIMS.md`);
    const ok = await run();
    assert.equal(ok.code, 0, ok.stderr);
    assert.match(Deno.readTextFileSync(`${dir}/CLAIMS.md`), /\| verdict \|/i);
    assert.match(Deno.readTextFileSync(`${dir}/index.html`), /id="claims"/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row contradictory: solve never says 'table written' after saying it could not write it", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-cachefile-" });
  try {
    Deno.writeTextFileSync(`${dir}/plain`, "a plain file\n");
    for (const cacheDir of [`${dir}/plain`, `${dir}/plain/sub`]) {
      const r = await task(["solve", "--model", "numbers", "--no-file"], dir, {
        env: { FLIP7_CACHE_DIR: cacheDir },
      });
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stderr, /could not write the solver cache/);
      assert.match(r.stdout, /table not written to /);
      assert.doesNotMatch(r.stdout, /table written to/);
      assert.doesNotMatch(r.stderr, /run again with/);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("row silent wrong output: decide with a pile of one Second Chance gives no -Infinity", async () => {
  const { CARD_NAMES } = await import("../lib/game/cards.ts");
  const { getRules } = await import("../lib/game/rules.ts");
  const { WTable } = await import("../lib/winprob/table.ts");
  const { setBrTable, brTableIdentity } = await import(
    "../lib/winprob/winprob_strategy.ts"
  );
  const { setSearchTable, searchTableIdentity } = await import(
    "../lib/winprob/search_strategy.ts"
  );
  // neutral tables in memory: the case is about the pile, not the tables
  const strip = (id: Record<string, unknown>) => {
    const m = { ...id };
    delete m.target;
    delete m.sides;
    return m;
  };
  setSearchTable(
    "standard",
    new WTable(
      200,
      2,
      new Float32Array(200 * 200 * 2).fill(0.5),
      strip(searchTableIdentity("standard")),
    ),
  );
  setBrTable(
    new WTable(
      200,
      1,
      new Float32Array(200 * 200).fill(0.5),
      strip(brTableIdentity(undefined)),
    ),
  );
  const deck = getRules("standard").deck.slice();
  deck[5]--;
  deck[CARD_NAMES.indexOf("chance")]--;
  const seen = deck.flatMap((c, k) => Array(c).fill(CARD_NAMES[k]));
  const r = await cli([
    "decide",
    "--totals",
    "0,0",
    "--line",
    "5",
    "--seen",
    seen.join(","),
    "--no-file",
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.doesNotMatch(r.stdout, /Infinity|NaN/);
  assert.match(
    r.stdout,
    /for the win \(winprob\): +no advice \(the pile holds no number or modifier card/,
  );
});
