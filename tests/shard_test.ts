/**
 * Shards and their merge: `--shard I/N` for N = 1, 2, 3, 7 and `merge` give
 * exactly the unsharded run's output (sim, round, an experiment's four files
 * but the provenance), and every bad set of partials is refused with one line,
 * exit 2 and nothing written.
 */
import assert from "node:assert/strict";
import { spawnCli } from "./cli_harness.ts";
import { main } from "../cli/main.ts";
import { runAll, type RunSpec } from "../lib/run/runner.ts";
import {
  canonicalJson,
  listPartials,
  parseShard,
  planMerge,
  sha256Hex,
  shardCode,
  shardRange,
  withMergedBatches,
  writeShard,
} from "../lib/run/shard.ts";
import { slow } from "./tier.ts";

const TMP = await Deno.makeTempDir({ prefix: "flip7-shard-test-" });

/** Files under `dir` (recursively) with a temporary name: a write never renamed. */
function leftovers(dir: string): string[] {
  return [...Deno.readDirSync(dir)].flatMap((e) =>
    e.isDirectory
      ? leftovers(`${dir}/${e.name}`)
      : e.name.includes(".tmp-")
      ? [`${dir}/${e.name}`]
      : []
  );
}

// Once every test of this file has run (whichever ran, passed or failed):
// no write under TMP was left half done, then TMP goes.
Deno.test.afterAll(async () => {
  try {
    assert.deepEqual(leftovers(TMP), []);
  } finally {
    await Deno.remove(TMP, { recursive: true });
  }
});

/** Run the CLI in this process, capturing what it prints. */
async function flip7(args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => lines.push(a.join(" "));
  try {
    const code = await main([...args, "--no-file"], { echo: true });
    return { code, out: lines.join("\n") };
  } finally {
    console.log = log;
  }
}

/** Run the CLI as a subprocess (exit code and stderr as a user sees them). */
function flip7Process(args: string[]) {
  return spawnCli([...args, "--no-file"], {
    flags: [
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-sys",
      "--allow-ffi",
      "--allow-run=git",
    ],
  });
}

const jsonLine = (s: string) => s.split("\n").find((l) => l.startsWith("{"));

async function exists(p: string): Promise<boolean> {
  try {
    await Deno.stat(p);
    return true;
  } catch {
    return false;
  }
}

Deno.test("parseShard: I/N with 0 <= I < N, else a one-line InputError", () => {
  assert.deepEqual(parseShard("0/1"), { index: 0, count: 1 });
  assert.deepEqual(parseShard("6/7"), { index: 6, count: 7 });
  for (const bad of ["7/7", "1/0", "-1/3", "a/b", "2", "1/3/4", " ", "1.5/3"]) {
    assert.throws(() => parseShard(bad), /bad --shard '.*': give I\/N/);
  }
});

Deno.test("shardRange: contiguous slices tile [0, total) for any N", () => {
  for (const total of [0, 1, 2, 7, 10, 1000, 123457]) {
    for (const n of [1, 2, 3, 7, 64, 1000]) {
      let at = 0;
      for (let i = 0; i < n; i++) {
        const [a, b] = shardRange(total, i, n);
        assert.equal(a, at);
        assert.ok(b >= a && b - a <= Math.ceil(total / n));
        at = b;
      }
      assert.equal(at, total);
    }
  }
  // large counts stay exact (BigInt arithmetic)
  const [a, b] = shardRange(2 ** 50, 999_999, 1_000_000);
  assert.equal(a, Number(BigInt(2 ** 50) * 999_999n / 1_000_000n));
  assert.equal(b, 2 ** 50);
});

Deno.test("canonicalJson sorts keys; sha256Hex is SHA-256", async () => {
  assert.equal(
    canonicalJson({ b: 1, a: [2, { d: 3, c: 4 }] }),
    '{"a":[2,{"c":4,"d":3}],"b":1}',
  );
  assert.equal(
    await sha256Hex("abc"),
    "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
  );
});

Deno.test("runAll: N = 1, 2, 3, 7 shards + merge give the unsharded accumulators", async () => {
  const specs: RunSpec[] = [
    {
      rules: "standard",
      policies: ["ev", "bust:0.25", "ev"],
      seed: 11,
      count: 257,
      mode: "game",
    },
    {
      rules: "solo-model",
      policies: ["sum:20"],
      seed: 12,
      count: 5,
      mode: "round",
    },
    {
      rules: "standard",
      policies: ["ev", "sum:20"],
      seed: 13,
      count: 0,
      mode: "game",
    },
  ];
  const whole = await runAll(specs, { workers: 2 });
  for (const n of [1, 2, 3, 7]) {
    const dir = `${TMP}/runall-${n}`;
    for (let i = 0; i < n; i++) {
      await writeShard(
        { entry: "flip7", argv: ["test-runAll"] },
        { index: i, count: n },
        dir,
        () => runAll(specs, { workers: 1 + (i % 2) }),
      );
    }
    const [plan] = await planMerge(
      await listPartials([dir]),
      await shardCode(),
    );
    const merged = await withMergedBatches(plan, () => runAll(specs));
    assert.deepEqual(merged, whole, `N = ${n}`);
  }
});

/** Run `args` as N shards into a fresh dir, merge, return the merge's output. */
async function shardAndMerge(
  args: string[],
  n: number,
  mergeOut?: string,
): Promise<string> {
  const dir = `${TMP}/p-${crypto.randomUUID()}`;
  for (let i = 0; i < n; i++) {
    const r = await flip7([...args, "--shard", `${i}/${n}`, "--out", dir]);
    assert.equal(r.code, 0, r.out);
    assert.match(r.out, new RegExp(`shard ${i}/${n}: `));
  }
  const files = [...Deno.readDirSync(dir)].map((e) => e.name);
  assert.equal(files.length, n, files.join(" "));
  const m = await flip7([
    "merge",
    dir,
    ...(mergeOut ? ["--out", mergeOut] : []),
  ]);
  assert.equal(m.code, 0, m.out);
  assert.match(m.out, new RegExp(`merged ${n} partials of `));
  return m.out;
}

const SIM = [
  "sim",
  "-n",
  "701",
  "-p",
  "ev,bust:0.25,sum:20",
  "--seed",
  "9",
  "--json",
  "--workers",
  "2",
];
const ROUND = [
  "round",
  "-n",
  "2003",
  "-p",
  "sum:20,ev",
  "--rules",
  "standard",
  "--seed",
  "4",
  "--json",
  "--workers",
  "1",
];

for (const [name, args] of [["sim", SIM], ["round", ROUND]] as const) {
  Deno.test(`${name}: N = 1, 2, 3, 7 shards + merge == the unsharded run`, async () => {
    const whole = await flip7([...args]);
    assert.equal(whole.code, 0);
    const expect = jsonLine(whole.out);
    assert.ok(expect);
    for (const n of [1, 2, 3, 7]) {
      const merged = await shardAndMerge([...args], n);
      assert.equal(jsonLine(merged), expect, `N = ${n}`);
    }
  });
}

Deno.test(
  slow(
    "experiment field-size --quick: N = 1, 2, 3, 7 shards + merge write the same CSV, SVG, PNG and JSON but the shards list",
  ),
  async () => {
    const base = [
      "experiment",
      "field-size",
      "--quick",
      "--seed",
      "3",
      "--workers",
      "2",
    ];
    const ref = `${TMP}/ref`;
    const whole = await flip7([...base, "--out", ref]);
    assert.equal(whole.code, 0, whole.out);
    const strip = (j: Record<string, unknown>) => {
      const { started: _s, elapsed_s: _e, command: _c, shards: _h, ...rest } =
        j;
      return rest;
    };
    const refJson = JSON.parse(
      await Deno.readTextFile(`${ref}/field-size.json`),
    );
    for (const n of [1, 2, 3, 7]) {
      const out = `${TMP}/merged-${n}`;
      await shardAndMerge([...base], n, out);
      for (const ext of ["csv", "svg", "png"]) {
        assert.deepEqual(
          await Deno.readFile(`${out}/field-size.${ext}`),
          await Deno.readFile(`${ref}/field-size.${ext}`),
          `N = ${n}: field-size.${ext}`,
        );
      }
      const j = JSON.parse(await Deno.readTextFile(`${out}/field-size.json`));
      assert.deepEqual(strip(j), strip(refJson), `N = ${n}: field-size.json`);
      assert.equal(j.command, refJson.command.replace(ref, out));
      assert.equal(j.shards.length, n);
      assert.deepEqual(
        j.shards.map((s: { shard: string }) => s.shard),
        Array.from({ length: n }, (_, i) => `${i}/${n}`),
      );
    }
  },
);

Deno.test(
  slow(
    "sweep: N = 1, 2, 3, 7 shards + merge write the same sweep.csv, .svg, .png and .json but the shards list",
  ),
  async () => {
    const base = [
      "sweep",
      "-p",
      "ev,bust:0.25",
      "-p",
      "sum:20,ev",
      "--players",
      "2-4",
      "--seeds",
      "2",
      "-n",
      "101",
      "--seed",
      "5",
      "--workers",
      "2",
    ];
    const ref = `${TMP}/sweep-ref`;
    assert.equal((await flip7([...base, "--out", ref])).code, 0);
    const refJson = JSON.parse(await Deno.readTextFile(`${ref}/sweep.json`));
    for (const n of [1, 2, 3, 7]) {
      const out = `${TMP}/sweep-merged-${n}`;
      await shardAndMerge([...base], n, out);
      for (const ext of ["csv", "svg", "png"]) {
        assert.deepEqual(
          await Deno.readFile(`${out}/sweep.${ext}`),
          await Deno.readFile(`${ref}/sweep.${ext}`),
          `N = ${n}: sweep.${ext}`,
        );
      }
      const j = JSON.parse(await Deno.readTextFile(`${out}/sweep.json`));
      const strip = (x: Record<string, unknown>) => {
        const { started: _s, elapsed_s: _e, command: _c, shards: _h, ...r } = x;
        return r;
      };
      assert.deepEqual(strip(j), strip(refJson), `N = ${n}: sweep.json`);
      assert.equal(j.shards.length, n);
    }
  },
);

Deno.test(
  slow(
    "repro NAME --shard: 2 shards + merge write the experiment's files as repro does",
  ),
  async () => {
    const { main: repro } = await import("../cli/repro.ts");
    const ref = `${TMP}/repro-ref`, dir = `${TMP}/repro-parts`;
    const out = `${TMP}/repro-merged`;
    const quiet = console.log;
    console.log = () => {};
    try {
      const args = ["replication", "--quick", "--seed", "2", "--workers", "2"];
      assert.equal(await repro([...args, "--out", ref]), 0);
      for (const i of [0, 1]) {
        assert.equal(
          await repro([...args, "--shard", `${i}/2`, "--out", dir]),
          0,
        );
      }
      const parts = [...Deno.readDirSync(dir)].map((e) => e.name).sort();
      assert.equal(parts.length, 2);
      assert.match(parts[0], /^repro-[0-9a-f]{12}\.shard-0-of-2\.json$/);
    } finally {
      console.log = quiet;
    }
    const m = await flip7(["merge", dir, "--out", out]);
    assert.equal(m.code, 0, m.out);
    for (const ext of ["csv", "svg", "png"]) {
      assert.deepEqual(
        await Deno.readFile(`${out}/replication.${ext}`),
        await Deno.readFile(`${ref}/replication.${ext}`),
        `replication.${ext}`,
      );
    }
    const j = JSON.parse(await Deno.readTextFile(`${out}/replication.json`));
    assert.equal(j.shards.length, 2);
  },
);

// ---------------------------------------------------------------- bad partials

/** Three good partials of a small sim, in a fresh dir; returns dir and files. */
async function goodSet(n = 3): Promise<{ dir: string; files: string[] }> {
  const dir = `${TMP}/bad-${crypto.randomUUID()}`;
  for (let i = 0; i < n; i++) {
    const r = await flip7([
      "sim",
      "-n",
      "300",
      "-p",
      "ev,ev",
      "--seed",
      "2",
      "--workers",
      "1",
      "--shard",
      `${i}/${n}`,
      "--out",
      dir,
    ]);
    assert.equal(r.code, 0);
  }
  const files = [...Deno.readDirSync(dir)].map((e) => `${dir}/${e.name}`)
    .sort();
  return { dir, files };
}

async function rewrite(
  path: string,
  edit: (p: Record<string, unknown>) => void,
  fixChecksum: boolean,
) {
  const p = JSON.parse(await Deno.readTextFile(path));
  edit(p);
  if (fixChecksum) {
    const { checksum: _c, ...rest } = p;
    p.checksum = await sha256Hex(canonicalJson(rest));
  }
  await Deno.writeTextFile(path, JSON.stringify(p));
}

const BAD: [
  string,
  (s: { dir: string; files: string[] }) => Promise<void>,
  RegExp,
][] = [
  [
    "missing",
    async ({ files }) => await Deno.remove(files[1]),
    /shard-1-of-3\.json is missing \(shard 1\/3/,
  ],
  [
    "duplicated",
    async ({ dir, files }) =>
      await Deno.copyFile(files[2], `${dir}/copy.shard-2-of-3.json`),
    /duplicate of .*\(both shard 2\/3\)/,
  ],
  [
    "overlapping",
    async ({ dir }) => {
      const r = await flip7([
        "sim",
        "-n",
        "300",
        "-p",
        "ev,ev",
        "--seed",
        "2",
        "--workers",
        "1",
        "--shard",
        "0/2",
        "--out",
        dir,
      ]);
      assert.equal(r.code, 0);
    },
    /indices \d+-\d+ of run 1 of batch 1 overlap /,
  ],
  [
    "foreign-version",
    async ({ files }) =>
      await rewrite(files[0], (p) => {
        (p.code as { commit: string }).commit =
          "0123456789abcdef0123456789abcdef01234567";
      }, true),
    /foreign version: made by code 0123456789ab/,
  ],
  [
    "corrupt (edited count)",
    async ({ files }) =>
      await rewrite(files[1], (p) => {
        const b = p.batches as { runs: { accum: { games: number } }[] }[];
        b[0].runs[0].accum.games += 1;
      }, false),
    /corrupt \(checksum does not match its content\)/,
  ],
  [
    "corrupt (truncated)",
    async ({ files }) => {
      const t = await Deno.readTextFile(files[2]);
      await Deno.writeTextFile(files[2], t.slice(0, t.length / 2));
    },
    /corrupt \(not valid JSON\)/,
  ],
];

for (const [what, spoil, message] of BAD) {
  Deno.test(`merge refuses the ${what} partial: one line naming it, exit 2, nothing written`, async () => {
    const set = await goodSet();
    await spoil(set);
    const out = `${TMP}/never-${crypto.randomUUID()}`;
    // an experiment-like out dir must stay absent; sim writes only its run file
    const r = await flip7Process(["merge", set.dir, "--out", out]);
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stdout, "");
    const lines = r.stderr.trim().split("\n");
    assert.equal(lines.length, 1, r.stderr);
    assert.match(lines[0], /^flip7: /);
    assert.match(lines[0], message);
    assert.equal(await exists(out), false);
  });
}

Deno.test("merge of an experiment's bad partials writes none of its files", async () => {
  const dir = `${TMP}/exp-bad`;
  for (const i of [0, 2]) {
    const r = await flip7([
      "experiment",
      "card-counting",
      "--quick",
      "--workers",
      "1",
      "--shard",
      `${i}/3`,
      "--out",
      dir,
    ]);
    assert.equal(r.code, 0, r.out);
  }
  const out = `${TMP}/exp-bad-out`;
  const r = await flip7(["merge", dir, "--out", out]);
  assert.equal(r.code, 2);
  assert.equal(await exists(out), false);
});

Deno.test("bad --shard values and misuse: one line, exit 2, no partial", async () => {
  const dir = `${TMP}/misuse`;
  for (
    const [args, re] of [
      [
        ["sim", "-n", "10", "-p", "ev,ev", "--shard", "3/3", "--out", dir],
        /bad --shard '3\/3'/,
      ],
      [
        ["sim", "-n", "10", "-p", "ev,ev", "--shard", "x", "--out", dir],
        /bad --shard 'x'/,
      ],
      [
        ["sim", "-n", "10", "-p", "ev,ev", "--out", dir],
        /--out '.*' for sim goes with --shard/,
      ],
      [
        ["sim", "-n", "10", "-p", "ev,nope", "--shard", "0/2", "--out", dir],
        /unknown policy 'nope'/,
      ],
      [
        ["experiment", "list", "--shard", "0/2", "--out", dir],
        /experiment list' with --shard/,
      ],
      [["merge", `${TMP}/does-not-exist`], /cannot read directory/],
      [["merge"], /missing DIR/],
    ] as [string[], RegExp][]
  ) {
    const r = await flip7Process(args);
    assert.equal(r.code, 2, `${args.join(" ")}: ${r.stderr}`);
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, re);
  }
  assert.equal(await exists(dir), false);
});

Deno.test("a shard rerun overwrites its own file only", async () => {
  const { dir, files } = await goodSet(2);
  const before = await Deno.readTextFile(files[1]);
  const r = await flip7([
    "sim",
    "-n",
    "300",
    "-p",
    "ev,ev",
    "--seed",
    "2",
    "--workers",
    "2",
    "--shard",
    "0/2",
    "--out",
    dir,
  ]);
  assert.equal(r.code, 0);
  assert.equal([...Deno.readDirSync(dir)].length, 2);
  assert.equal(await Deno.readTextFile(files[1]), before);
  // same games whatever the shard's workers
  const a = JSON.parse(await Deno.readTextFile(files[0]));
  assert.equal(a.workers, 2);
});
