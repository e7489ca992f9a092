/**
 * A seeded fuzz test of the command line. The commands and their flags come
 * from the CLI's own registry (`COMMANDS` and each command's option spec, plus
 * the common `-o`, `--no-file`, `--help`), so a command added to the registry
 * is fuzzed without touching this file. Each case is a generated argument
 * list — valid values drawn from the project's own registries (policies,
 * presets, models, cards, experiments), invalid ones, junk, huge, empty and
 * unicode strings, unknown flags — and every run must:
 *
 * - end (no case is timed: a loaded machine never fails it; a spawned case
 *   still running after half an hour is killed as hung),
 * - exit 0 or 2,
 * - print no stack trace (in-process: throw nothing),
 * - when it exits 2: print one line on stderr, nothing on stdout, and write
 *   no file.
 *
 * Most cases run in-process (`main` with captured output, in a temporary
 * working folder), a small sample is spawned as `deno task flip7` runs it
 * (its permissions, stdin closed, killed at the bound) — including `play`,
 * which reads the terminal. To keep valid runs small, counts are drawn
 * small, `--scale` is always invalid or paired with `--quick`, and the win
 * tables of `search`/`winprob` are put in memory (neutral 0.5 tables: the
 * fuzz checks exits and messages, not numbers) so no table is trained.
 * `deno task test` runs 40 cases, `deno task test:full` (CI) 200, and
 * `FLIP7_LONG=1` (`deno task test:long`) 1,000 with every experiment and
 * the expensive policies and models.
 *
 * @module
 */
import assert from "node:assert/strict";
import { COMMANDS } from "../cli/commands.ts";
import { COMMON } from "../cli/main.ts";
import { CARD_NAMES } from "../lib/game/cards.ts";
import { PRESET_NAMES } from "../lib/game/rules.ts";
import { REGISTRY } from "../lib/run/registry.ts";
import { MODEL_NAMES } from "../lib/solver/model.ts";
import { EXPERIMENT_NAMES } from "../experiments/mod.ts";
import { Rng } from "../lib/game/rng.ts";
import {
  searchTableIdentity,
  setSearchTable,
} from "../lib/winprob/search_strategy.ts";
import {
  brTableIdentity,
  setBrTable,
} from "../lib/winprob/winprob_strategy.ts";
import { WTable } from "../lib/winprob/table.ts";
import {
  BREQ_WANT,
  BRFIELD_WANT,
  encodeRaceTable,
  raceTablePath,
  type RaceTableWant,
} from "../lib/winprob/racetable.ts";
import { raceValueIdentity, raceValuePath } from "../lib/winprob/racevalue.ts";
import { cli, hasStackTrace, listFiles, task } from "./cli_harness.ts";
import { FULL } from "./tier.ts";

const LONG = Deno.env.get("FLIP7_LONG") === "1";
/** `FLIP7_FUZZ_VERBOSE=1`: print every case with its time and exit code. */
const VERBOSE = Deno.env.get("FLIP7_FUZZ_VERBOSE") === "1";
const CASES = LONG ? 1000 : FULL ? 200 : 40;
const SPAWNED = LONG ? 40 : 6;
/** Seconds after which a spawned case is killed as hung (not a speed bound). */
const HANG_S = 1800;

type Spec = { type: string; short?: string };

const JUNK = [
  "",
  " ",
  "x",
  "-1",
  "-",
  "--",
  "1.5",
  "1e3",
  "NaN",
  "Infinity",
  "0x10",
  "99999999999999999999999",
  "٣",
  "ünïcødé ✓ 🂡",
  "a,b,,c",
  ",",
  "\t\n",
  "'\"`$(x)",
  "9".repeat(500),
  "ev,".repeat(3000) + "ev",
];

const CHEAP_POLICIES = new Set(
  REGISTRY.map((e) => e.name).filter((n) =>
    LONG || !["adapt", "brsum", "brfield", "brfieldb", "breq"].includes(n)
  ),
);

function pick<T>(rng: Rng, xs: readonly T[]): T {
  return xs[rng.below(xs.length)];
}

/** Policy modules of the test fixtures: one that plays, and broken ones. */
const FIXTURES = new URL("./fixtures/", import.meta.url).pathname;
const MODULES = (() => {
  try {
    return [...Deno.readDirSync(FIXTURES)].map((e) => `${FIXTURES}${e.name}`)
      .sort();
  } catch {
    return [];
  }
})();

/** The probabilities a generated `name:P` policy takes. */
const PROBABILITIES = ["0", "0.25", "1", "0.5"];

function policySpec(rng: Rng): string {
  if (MODULES.length > 0 && rng.float() < 0.05) return pick(rng, MODULES);
  const e = pick(rng, REGISTRY.filter((x) => CHEAP_POLICIES.has(x.name)));
  if (e.param === "none") return e.name;
  if (e.param === "count") {
    return `${e.name}:${pick(rng, ["0", "7", "20", "1000", "37"])}`;
  }
  return `${e.name}:${pick(rng, PROBABILITIES)}`;
}

function cardList(rng: Rng): string {
  const n = 1 + rng.below(4);
  return Array.from({ length: n }, () => pick(rng, CARD_NAMES)).join(",");
}

/** A value for an option: often valid for options the project knows, else junk. */
function valueFor(rng: Rng, key: string, tmp: string, i: number): string {
  const junk = () => pick(rng, JUNK);
  if (rng.float() < 0.3) return junk();
  switch (key) {
    case "p": {
      const n = 1 + rng.below(rng.float() < 0.1 ? 19 : 3);
      return Array.from({ length: n }, () => policySpec(rng)).join(",");
    }
    case "rules":
      return pick(rng, [...PRESET_NAMES, "STANDARD", "nope"]);
    case "model":
      return pick(rng, LONG ? [...MODEL_NAMES, "nope"] : ["approx", "nope"]);
    case "seed":
      return pick(rng, ["0", "1", "3", "4294967295", "4294967296", "-1"]);
    case "n":
      return pick(rng, ["1", "2", "3", "0", "-5", "1e9", "1000000000000"]);
    case "rounds":
      return pick(rng, ["1", "2", "0", "100001"]);
    case "workers":
      return pick(rng, ["1", "2", "0", "65"]);
    case "deck":
    case "line":
    case "opp":
    case "seen":
      return cardList(rng);
    case "totals":
      return pick(rng, ["0,0", "150,185", "199,10", "200,0", "1", "a,b"]);
    case "deck-counts":
      return pick(rng, HUGE_COUNTS);
    case "scale":
      return pick(rng, ["0", "101", "-1", "1e-3", "x", "0.5"]);
    case "min-share":
      return pick(rng, ["0", "0.01", "1", "2", "-0.1"]);
    case "o":
      return pick(rng, [
        `${tmp}/run-${i}.txt`,
        `results/runs/run-${i}.txt`,
        "results",
        "results/",
        `${tmp}/missing-${i}/x.txt`,
        "nested/missing/x.txt",
        `${tmp}/ünï-${i}.txt`,
      ]);
    case "out":
      return pick(rng, [
        `${tmp}/out-${i}`,
        "results",
        // a folder that cannot be made, whoever runs the test (root may
        // create /anything): its parent is a file
        `${tmp}/${A_FILE}/d`,
        `${tmp}/out-${i}/deeper`,
      ]);
    default:
      return pick(rng, ["1", "2", "0", "x"]);
  }
}

/** `--deck-counts` values, valid and beyond every bound (2^31, 2^32, 2^53 + 1). */
const HUGE_COUNTS = [
  "0:2,x2:0",
  "12:0",
  "12:1000000",
  "12:1000001",
  "12:2147483648",
  "12:3000000000",
  "12:4294967296",
  "12:9007199254740993",
  "12:" + "9".repeat(400),
  "12:3,12:4",
  "12:-1",
  "",
  "x:1",
];

/**
 * A plain file in each test's folder: generated paths below it cannot be
 * created. Every generated path lies in the test's folder (or is relative to
 * it), so that no case writes elsewhere: an absolute path such as
 * `/nonexistent-flip7/d` was created when the tests ran as root, and then
 * broke the tests that need it missing.
 */
const A_FILE = "a-file";

/** One generated argument list for a command from the registry. */
function generate(rng: Rng, tmp: string, i: number): string[] {
  if (rng.float() < 0.03 && i >= COMMANDS.length) {
    return pick(rng, [[], ["help"], ["--help"], ["nope"], [""], ["ünï"]]);
  }
  // the first cases take every command in turn, so that a short run covers them all
  const drawn = pick(rng, COMMANDS);
  const cmd = i < COMMANDS.length ? COMMANDS[i] : drawn;
  const options: Record<string, Spec> = { ...cmd.options, ...COMMON };
  const keys = Object.keys(options);
  const args: string[] = [cmd.name];
  if (cmd.positionals) {
    const r = rng.float();
    if (r < 0.4) {
      const pool = LONG
        ? EXPERIMENT_NAMES
        : EXPERIMENT_NAMES.filter((n) => n === "replication");
      args.push(cmd.name === "experiment" ? pick(rng, pool) : "x");
      // a valid experiment runs the small version (or is refused by --scale)
      // (always: a full run of some experiments takes many minutes)
      if (cmd.name === "experiment") args.push("--quick");
    } else if (r < 0.7) args.push(cmd.name === "experiment" ? "list" : "y");
    else if (r < 0.85) args.push(pick(rng, JUNK));
  }
  // the solo model: the small one, unless the long run (the exact one takes seconds)
  if (keys.includes("model") && !LONG) args.push("--model", "approx");
  // the options a command needs, usually present
  for (const k of keys) {
    // a count is always given (a default count can be a long run: sweep)
    if (
      k === "n" || (["p", "totals", "line"].includes(k) && rng.float() < 0.8)
    ) {
      args.push(k.length === 1 ? `-${k}` : `--${k}`, valueFor(rng, k, tmp, i));
    }
  }
  const extra = rng.below(4);
  for (let j = 0; j < extra; j++) {
    const r = rng.float();
    if (r < 0.08) {
      args.push(pick(rng, ["--nope", "-z", "--", "-", "--ünï", "---x"]));
      continue;
    }
    if (r < 0.12) {
      args.push(pick(rng, JUNK)); // a stray positional
      continue;
    }
    const k = pick(rng, keys);
    if (k === "help" && rng.float() < 0.7) continue; // help short-circuits
    const spec = options[k];
    const flag = spec.short && rng.float() < 0.5
      ? `-${spec.short}`
      : k.length === 1
      ? `-${k}`
      : `--${k}`;
    if (spec.type === "boolean") {
      args.push(rng.float() < 0.9 ? flag : `${flag}=${pick(rng, JUNK)}`);
    } else if (rng.float() < 0.05) {
      args.push(flag); // value missing
    } else if (rng.float() < 0.1) {
      args.push(`${flag}=${valueFor(rng, k, tmp, i)}`);
    } else args.push(flag, valueFor(rng, k, tmp, i));
  }
  // most runs skip the run log (a temporary folder keeps the rest)
  if (rng.float() < 0.7 && !args.includes("-o")) args.push("--no-file");
  return args;
}

function check(
  args: string[],
  r: { code: number; stdout: string; stderr: string; threw: boolean },
  before: string[],
  after: string[],
): void {
  const what = JSON.stringify(args).slice(0, 300);
  assert.ok(!r.threw, `${what}: uncaught error\n${r.stderr.slice(0, 2000)}`);
  assert.ok(
    r.code === 0 || r.code === 2,
    `${what}: exit ${r.code}\n${r.stderr.slice(0, 2000)}`,
  );
  assert.ok(
    !hasStackTrace(r.stderr),
    `${what}: stack trace\n${r.stderr.slice(0, 2000)}`,
  );
  if (r.code === 2) {
    const lines = r.stderr.trimEnd().split("\n");
    assert.equal(
      lines.length,
      1,
      `${what}: stderr\n${r.stderr.slice(0, 2000)}`,
    );
    assert.match(lines[0], /^(flip7|repro): /, what);
    assert.ok(
      lines[0].length < 1200,
      `${what}: a ${lines[0].length}-character message`,
    );
    assert.equal(r.stdout, "", `${what}: printed before refusing`);
    assert.deepEqual(after, before, `${what}: wrote files when exiting 2`);
  }
}

/**
 * Point the caches at a temporary folder (`FLIP7_CACHE_DIR`, which worker
 * threads read too) holding the solver caches and neutral win tables whose
 * headers name what the loaders need, and put the same tables in memory for
 * this thread: no case trains a table. Returns the undo.
 */
function stubCaches(): () => void {
  const prev = Deno.env.get("FLIP7_CACHE_DIR");
  const dir = Deno.makeTempDirSync({ prefix: "flip7-fuzz-cache-" });
  // solved tables of this run's cache (deno task test's temporary one), if any
  const real = prev ?? new URL("../.cache", import.meta.url).pathname;
  for (const m of MODEL_NAMES) {
    try {
      Deno.copyFileSync(`${real}/solo-dp-${m}.bin`, `${dir}/solo-dp-${m}.bin`);
    } catch { /* solved on first use */ }
    try {
      // the exact round law of a model's optimum, which ev-aware policies read
      Deno.copyFileSync(
        `${real}/solo-law-${m}.json`,
        `${dir}/solo-law-${m}.json`,
      );
    } catch { /* computed on first use */ }
  }
  Deno.mkdirSync(`${dir}/winprob/v5`, { recursive: true });
  const strip = (id: Record<string, unknown>) => {
    const m = { ...id };
    delete m.target;
    delete m.sides;
    return m;
  };
  for (const r of PRESET_NAMES) {
    const w = new WTable(
      200,
      2,
      new Float32Array(200 * 200 * 2).fill(0.5),
      strip(searchTableIdentity(r)),
    );
    w.saveSync(`${dir}/winprob/v5/search-${r}.wtab`);
    setSearchTable(r, w);
  }
  for (const t of [undefined, 25, 30, 35, 37, 40, 45]) {
    const w = new WTable(
      200,
      1,
      new Float32Array(200 * 200).fill(0.5),
      strip(brTableIdentity(t)),
    );
    w.saveSync(
      `${dir}/winprob/v5/br-numbers${t === undefined ? "" : `-sum${t}`}.wtab`,
    );
    if (t === undefined) setBrTable(w);
  }
  stubRaceTables(dir);
  Deno.env.set("FLIP7_CACHE_DIR", dir);
  return () => {
    if (prev === undefined) Deno.env.delete("FLIP7_CACHE_DIR");
    else Deno.env.set("FLIP7_CACHE_DIR", prev);
    Deno.removeSync(dir, { recursive: true });
  };
}

/**
 * Neutral race tables (every choice the family's first policy; a breq
 * mixture all on it) and race value tables (0.5 everywhere) for every table
 * a generated policy can ask for — `brfield`, `brfieldb:P` for the
 * probabilities {@linkcode policySpec} draws, `breq`, and the value tables of
 * `searchbr` and `wt:POLICY` — so that no case builds one (each build solves
 * the exact all-94 laws of a whole policy family: many minutes a case).
 */
function stubRaceTables(dir: string): void {
  const T = 200;
  const wants: RaceTableWant[] = [BREQ_WANT()];
  for (let n = 2; n <= 6; n++) {
    wants.push(BRFIELD_WANT(n));
    for (const p of PROBABILITIES) {
      wants.push(BRFIELD_WANT(n, "all94", T, `bust:${p}`));
    }
  }
  for (const w of wants) {
    const dims = w.players === 3 && w.reduction === "exact" ? 3 : 2;
    const states = T ** dims;
    const K = w.family.length;
    const mix = w.kind === "breq" ? new Float32Array(states * K) : undefined;
    if (mix) { for (let s = 0; s < states; s++) mix[s * K] = 1; }
    const bytes = encodeRaceTable({
      header: {
        kind: w.kind,
        players: w.players,
        target: w.target,
        dims,
        family: [...w.family],
        opponent: w.opponent,
        reduction: w.reduction,
        model: w.model ?? "all94",
        w0: 0.5,
      },
      choice: new Uint8Array(states),
      ...(mix ? { mix } : {}),
    });
    Deno.writeFileSync(
      raceTablePath(w.kind, w.players, dir, w.model, w.target),
      bytes,
    );
  }
  for (let n = 2; n <= 6; n++) {
    const want = { players: n, field: "ev", model: "all94", target: T };
    new WTable(T, 1, new Float32Array(T * T).fill(0.5), raceValueIdentity(want))
      .saveSync(raceValuePath(want, dir));
  }
}

Deno.test({
  name:
    `cli fuzz: ${CASES} generated argument lists in-process over every command and flag of the registry`,
  // the in-process runs load worker pools and caches that outlive a single case
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const tmp = Deno.makeTempDirSync({ prefix: "flip7-fuzz-" });
    Deno.writeTextFileSync(`${tmp}/${A_FILE}`, "");
    const home = Deno.cwd();
    const restore = stubCaches();
    const rng = new Rng(20261201);
    const counts = new Map<string, number>();
    const slow: [number, string][] = [];
    const exits = [0, 0];
    Deno.chdir(tmp);
    try {
      for (let i = 0; i < CASES; i++) {
        const args = generate(rng, tmp, i);
        if (args[0] === "play") continue; // reads the terminal: spawned below
        counts.set(args[0] ?? "", (counts.get(args[0] ?? "") ?? 0) + 1);
        const before = listFiles(tmp);
        if (VERBOSE) {
          console.log(`case ${i}: ${JSON.stringify(args).slice(0, 160)}`);
        }
        const t0 = performance.now();
        const r = await cli(args);
        const seconds = (performance.now() - t0) / 1000;
        slow.push([seconds, JSON.stringify(args).slice(0, 120)]);
        exits[r.code === 0 ? 0 : 1]++;
        if (VERBOSE) {
          console.log(
            `${seconds.toFixed(2)} s exit ${r.code} ${
              JSON.stringify(args).slice(0, 160)
            }`,
          );
        }
        check(args, r, before, listFiles(tmp));
      }
    } finally {
      Deno.chdir(home);
      restore();
      Deno.removeSync(tmp, { recursive: true });
    }
    slow.sort((a, b) => b[0] - a[0]);
    console.log(
      `exit 0: ${exits[0]}, exit 2: ${exits[1]}; slowest: ${
        slow.slice(0, 3).map(([t, a]) => `${t.toFixed(1)} s ${a}`).join("; ")
      }`,
    );
    // every command of the registry was exercised
    for (const c of COMMANDS) {
      if (c.name === "play") continue;
      assert.ok((counts.get(c.name) ?? 0) > 0, `${c.name} never fuzzed`);
    }
  },
});

Deno.test({
  name:
    `cli fuzz: ${SPAWNED} cases spawned as deno task flip7 runs them (play included, stdin closed)`,
  async fn() {
    const tmp = Deno.makeTempDirSync({ prefix: "flip7-fuzz-spawn-" });
    Deno.writeTextFileSync(`${tmp}/${A_FILE}`, "");
    const rng = new Rng(77);
    const restore = stubCaches();
    const env = { FLIP7_CACHE_DIR: Deno.env.get("FLIP7_CACHE_DIR")! };
    try {
      for (let i = 0; i < SPAWNED; i++) {
        let args = generate(rng, tmp, i);
        if (i % 3 === 0) {
          // play, with a closed terminal: ends cleanly or is refused
          args = ["play", ...args.slice(1).filter((a) => a !== "--quick")];
          if (!args.includes("-p") && rng.float() < 0.5) args.push("-p", "ev");
        }
        const before = listFiles(tmp);
        const r = await task(args, tmp, { timeoutMs: HANG_S * 1000, env });
        assert.ok(!r.timedOut, `${JSON.stringify(args)}: hung (killed)`);
        check(args, r, before, listFiles(tmp));
      }
    } finally {
      restore();
      Deno.removeSync(tmp, { recursive: true });
    }
  },
});

/** Fixed cases for the commands that write or read files and for huge counts. */
function targetedCases(tmp: string): string[][] {
  const names = ["advice", "field-size", "nope", ""];
  const cases: string[][] = [];
  for (const n of names) {
    for (
      const out of [
        undefined,
        "",
        `${tmp}/c-${n}.svg`,
        `${tmp}/c-${n}.pdf`,
        `${tmp}/missing/c.svg`,
        tmp,
        `${tmp}/${A_FILE}`,
        "results/field-size.csv",
        "README.md",
      ]
    ) {
      const fmt = out?.endsWith(".pdf") ? ["--format", "pdf"] : [];
      cases.push([
        "chart",
        n,
        ...fmt,
        ...(out === undefined ? [] : ["--out", out]),
      ]);
    }
  }
  cases.push(["chart", "advice", "--format", "png", "--scale", "1e9"]);
  cases.push(["chart"]);
  for (
    const dirs of [
      [],
      [tmp],
      [`${tmp}/none`],
      [`${tmp}/${A_FILE}`],
      [tmp, tmp],
      ["results/shards", "results/shards/"],
    ]
  ) {
    for (const out of [[], ["--out", "README.md"], ["--out", ""]]) {
      cases.push(["merge", ...dirs, ...out]);
    }
  }
  for (const v of HUGE_COUNTS) {
    cases.push(["solve", "--model", "numbers", "--deck-counts", v]);
    cases.push([
      "evaluate",
      "--model",
      "numbers",
      "-p",
      "sum:20",
      "--deck-counts",
      v,
    ]);
  }
  const twelves = (k: number) => Array(k).fill("12").join(",");
  for (
    const seen of [
      twelves(11),
      twelves(12),
      twelves(13),
      "x2,x2",
      "freeze,".repeat(4) + "freeze",
      "",
      "ünï",
    ]
  ) {
    cases.push(["decide", "--totals", "0,0", "--line", "5", "--seen", seen]);
  }
  cases.push(["decide", "--totals", "0,0", "--line", "1,2,3,4,5,6,7,8"]);
  return cases.map((c) => [...c, "--no-file"]);
}

Deno.test({
  name:
    "cli fuzz: chart, merge, decide --seen and --deck-counts with huge values, and repro's --out: exit 0 or 2, one line, nothing written on a refusal",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const tmp = Deno.makeTempDirSync({ prefix: "flip7-fuzz-targeted-" });
    Deno.writeTextFileSync(`${tmp}/${A_FILE}`, "");
    // a chart without --out writes results/NAME.svg of the working folder:
    // those cases run in the temporary folder, never over the repository's
    Deno.mkdirSync(`${tmp}/results`);
    const home = Deno.cwd();
    const restore = stubCaches();
    try {
      const watched = () => [
        ...listFiles(tmp),
        ...listFiles("results").filter((f) => !f.startsWith("runs/")),
      ];
      const results = new Map(
        listFiles("results").filter((f) =>
          !f.endsWith("/") && !f.startsWith("runs/")
        )
          .map((f) => [f, Deno.readFileSync(`results/${f}`)]),
      );
      for (const args of targetedCases(tmp)) {
        const own = args[0] === "chart" && !args.includes("--out");
        if (own) Deno.chdir(tmp);
        const before = watched();
        const r = await cli(args);
        check(args, r, before, watched());
        Deno.chdir(home);
        // a count beyond the bound is refused, never wrapped
        const dc = args[args.indexOf("--deck-counts") + 1];
        if (
          args.includes("--deck-counts") && /\d{7,}/.test(dc) &&
          dc !== "12:1000000"
        ) {
          assert.equal(r.code, 2, `${JSON.stringify(args)}: ${r.stdout}`);
        }
      }
      const { main: repro } = await import("../cli/repro.ts");
      for (
        const out of [
          "README.md",
          "",
          `${tmp}/${A_FILE}`,
          `${tmp}/${A_FILE}/d`,
          "tests/snapshots",
        ]
      ) {
        const err: string[] = [];
        const e0 = console.error, l0 = console.log;
        console.error = (...a: unknown[]) => err.push(a.join(" "));
        console.log = () => {};
        const before = watched();
        let code: number;
        try {
          code = await repro(["replication", "--quick", "--out", out]);
        } finally {
          console.error = e0;
          console.log = l0;
        }
        check(
          ["repro", "--out", out],
          {
            code,
            stdout: "",
            stderr: err.join("\n") + "\n",
            threw: false,
          },
          before,
          watched(),
        );
        assert.equal(code, 2, `repro --out '${out}'`);
      }
      // no result file was changed by any case
      for (const [f, bytes] of results) {
        assert.deepEqual(Deno.readFileSync(`results/${f}`), bytes, f);
      }
    } finally {
      Deno.chdir(home);
      restore();
      Deno.removeSync(tmp, { recursive: true });
    }
  },
});
