/**
 * The experiments: every one runs with `--quick` into a temporary directory
 * and its outputs are checked (files, columns, intervals containing their
 * estimates, exact values exactly, provenance); the same seed gives the same
 * bytes with one worker or two; the statistics helpers agree with direct
 * computations; the command line rejects bad input with exit code 2.
 */
import assert from "node:assert/strict";
import { csvParse } from "d3-dsv";
import { main } from "../lib/cli/main.ts";
import { type RunReport, toCsv } from "../lib/experiment.ts";
import { runMatch } from "../lib/sim.ts";
import {
  deriveSeed,
  field,
  groupStats,
  playBatchChunk,
  pointsDiff,
  pool,
  type RunAccum,
  runBatch,
  winShareDiff,
} from "../experiments/common.ts";
import { EXPERIMENT_NAMES, findExperiment } from "../experiments/mod.ts";
import { repro } from "../experiments/repro.ts";

const dir = await Deno.makeTempDir({ prefix: "flip7-exp-" });
let reports: RunReport[] | undefined;

/** The quick suite, run once (two workers) and shared by the tests. */
async function quickSuite(): Promise<RunReport[]> {
  if (!reports) {
    reports = await repro({
      seed: 1,
      quick: true,
      workers: 2,
      outDir: dir,
      echo: false,
    });
  }
  return reports;
}

type CsvRows = Record<string, string>[] & { columns: string[] };

function readCsv(name: string): CsvRows {
  return csvParse(Deno.readTextFileSync(`${dir}/${name}.csv`)) as CsvRows;
}

function json(name: string) {
  return JSON.parse(Deno.readTextFileSync(`${dir}/${name}.json`));
}

Deno.test("quick suite: every experiment writes csv, svg, png and json with provenance", async () => {
  const rs = await quickSuite();
  assert.deepEqual(rs.map((r) => r.name), EXPERIMENT_NAMES);
  for (const r of rs) {
    const csv = Deno.readTextFileSync(`${dir}/${r.name}.csv`);
    assert.equal(csv.split("\n")[0], r.result.columns.join(","), r.name);
    assert.equal(readCsv(r.name).length, r.result.rows.length, r.name);
    assert.ok(r.result.rows.length > 0, r.name);
    const svg = Deno.readTextFileSync(`${dir}/${r.name}.svg`);
    assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"'));
    const png = Deno.readFileSync(`${dir}/${r.name}.png`);
    assert.deepEqual([...png.slice(1, 4)], [0x50, 0x4e, 0x47]);
    const j = json(r.name);
    assert.equal(j.experiment, r.name);
    assert.equal(j.seed, 1);
    assert.equal(j.quick, true);
    assert.ok(Array.isArray(j.seeds) && j.seeds.length > 0, r.name);
    assert.ok(j.rules !== undefined, r.name);
    assert.ok(typeof j.code.commit === "string");
    assert.ok(typeof j.elapsed_s === "number");
    assert.ok(r.result.claims.length > 0, r.name);
  }
  const claims = Deno.readTextFileSync(`${dir}/CLAIMS.md`);
  assert.match(claims, /\| claim \| seed 000 \| ours \| file \|/);
  assert.ok(
    JSON.parse(Deno.readTextFileSync(`${dir}/repro.json`)).total_s >= 0,
  );
  // no temporary file left behind
  for (const e of Deno.readDirSync(dir)) assert.ok(!e.name.includes(".tmp-"));
});

Deno.test("quick suite: every interval contains its estimate", async () => {
  await quickSuite();
  for (const name of EXPERIMENT_NAMES) {
    for (const row of readCsv(name)) {
      if (row.ci_low === undefined) continue;
      const est = Number(row.win_share ?? row.estimate ?? row.mean);
      assert.ok(
        Number(row.ci_low) <= est && est <= Number(row.ci_high),
        `${name}: ${JSON.stringify(row)}`,
      );
    }
  }
});

Deno.test("field-size: columns, compositions, every game has one winner, wins as flip7 sim counts them", async () => {
  await quickSuite();
  const rows = readCsv("field-size");
  for (
    const c of [
      "players",
      "policy",
      "seed",
      "games",
      "wins",
      "win_share",
      "ci_low",
      "ci_high",
      "points_per_round",
      "rules",
    ]
  ) assert.ok(rows.columns.includes(c), c);
  const j = json("field-size");
  assert.equal(j.seeds.length, 3);
  assert.deepEqual(j.rules, ["standard", "immediate-actions"]);
  const players = new Set(rows.map((r) => Number(r.players)));
  assert.deepEqual([...players], [2, 3, 4, 5, 6, 7, 8]);
  // per run: the two policies' wins add up to the games (ties play on)
  for (let i = 0; i < rows.length; i += 2) {
    const [a, b] = [rows[i], rows[i + 1]];
    assert.equal(a.seed, b.seed);
    assert.equal(Number(a.wins) + Number(b.wins), Number(a.games));
    const n = Number(a.players);
    assert.equal(Number(a.seats), Math.ceil(n / 2));
    assert.equal(Number(b.seats), Math.floor(n / 2));
    assert.equal(
      Number(a.win_share),
      Math.round(1e6 * Number(a.wins) / (Number(a.games) * Number(a.seats))) /
        1e6,
    );
  }
});

Deno.test("runBatch counts a run as flip7 sim does: summed seat wins and points agree exactly", async () => {
  const spec = {
    rules: "standard",
    policies: field(4, "ev", "bust:0.25"),
    seed: 9,
    count: 500,
  };
  const [acc] = await runBatch([{ ...spec, mode: "game" }], { workers: 2 });
  const m = await runMatch({ ...spec, games: spec.count, workers: 1 });
  const sum = (p: string) =>
    m.rows.filter((r) => r.policy === p).reduce((s, r) => s + r.wins, 0);
  const st = groupStats(acc);
  assert.equal(st[0].wins, sum("ev"));
  assert.equal(st[1].wins, sum("bust:0.25"));
  const ppr = (p: string) =>
    m.rows.filter((r) => r.policy === p).reduce(
      (s, r) => s + r.points_per_round,
      0,
    ) / 2;
  assert.ok(Math.abs(st[0].points_per_round - ppr("ev")) < 1e-4);
});

Deno.test("replication: 20 seeds, z = diff / se, crossing flag", async () => {
  await quickSuite();
  const rows = readCsv("replication");
  assert.equal(rows.length, 20);
  assert.equal(new Set(rows.map((r) => r.seed)).size, 20);
  for (const r of rows) {
    const z = Number(r.diff) / Number(r.se);
    assert.ok(Math.abs(z - Number(r.z)) < 0.01 * Math.max(1, Math.abs(z)));
    assert.equal(r.crosses_3se, String(Math.abs(Number(r.z)) >= 3));
    assert.equal(Number(r.players), 4);
  }
  assert.equal(
    json("replication").runs_crossing_3se,
    rows.filter((r) => r.crosses_3se === "true").length,
  );
});

Deno.test("card-counting: differences are evc minus ev, with standard errors", async () => {
  await quickSuite();
  const rows = readCsv("card-counting");
  const key = (r: Record<string, string>) =>
    `${r.setting}/${r.rules}/${r.measure}`;
  const groups = new Map<string, Record<string, string>[]>();
  for (const r of rows) {
    groups.set(key(r), [...(groups.get(key(r)) ?? []), r]);
    assert.ok(Number(r.se) > 0, JSON.stringify(r));
  }
  for (const [k, g] of groups) {
    const by = Object.fromEntries(g.map((r) => [r.policy, Number(r.estimate)]));
    assert.ok(
      Math.abs(by["evc-ev"] - (by.evc - by.ev)) < 2.5e-6,
      `${k}: ${JSON.stringify(by)}`,
    );
  }
  // single rounds have no winner: only points per round
  assert.ok(
    rows.filter((r) => r.setting === "round").every((r) =>
      r.measure === "points_per_round"
    ),
  );
});

Deno.test("same seed, one worker or two: byte-identical csv, svg and png", async () => {
  await quickSuite();
  const one = await Deno.makeTempDir({ prefix: "flip7-exp1-" });
  for (const name of ["field-size", "card-counting"]) {
    await (await import("../lib/experiment.ts")).runExperiment(
      findExperiment(name),
      { seed: 1, quick: true, workers: 1, outDir: one, command: "test" },
    );
    for (const ext of ["csv", "svg", "png"]) {
      assert.deepEqual(
        Deno.readFileSync(`${one}/${name}.${ext}`),
        Deno.readFileSync(`${dir}/${name}.${ext}`),
        `${name}.${ext}`,
      );
    }
  }
  await Deno.remove(one, { recursive: true });
});

Deno.test("winShareDiff and pointsDiff agree with direct per-game computations", () => {
  // Play games and rounds one at a time, keep per-game values, pool the
  // accumulators, and compare the moment formulas with direct statistics.
  for (const mode of ["round", "game"] as const) {
    const spec = {
      rules: "standard",
      policies: ["ev", "evc", "evc"],
      seed: 5,
      count: mode === "round" ? 300 : 60,
      mode,
    };
    const parts: RunAccum[] = [];
    for (let k = 0; k < spec.count; k++) {
      parts.push(playBatchChunk({ runs: [spec] }, k, k + 1)[0].acc);
    }
    const acc = pool(parts);
    const d = parts.map((p) => p.y[1] / 2 - p.y[0]);
    const r = parts.map((p) => p.r);
    const n = d.length;
    const R = d.reduce((a, b) => a + b, 0) / r.reduce((a, b) => a + b, 0);
    const u2 = d.reduce((s, di, i) => s + (di - R * r[i]) ** 2, 0);
    const se = Math.sqrt(u2 * n / (n - 1)) / r.reduce((a, b) => a + b, 0);
    const got = pointsDiff(acc, "evc", "ev");
    assert.ok(Math.abs(got.diff - R) < 1e-9, `${mode}: ${got.diff} vs ${R}`);
    assert.ok(Math.abs(got.se - se) < 1e-9, `${mode}: ${got.se} vs ${se}`);
    if (mode === "round") {
      // with one round per "game" it is the plain SE of the mean difference
      const m = d.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(d.reduce((a, b) => a + (b - m) ** 2, 0) / (n - 1));
      assert.ok(Math.abs(got.se - sd / Math.sqrt(n)) < 1e-9);
    }
    const ev = groupStats(acc)[0];
    const y = parts.map((p) => p.y[0]);
    const Ry = y.reduce((a, b) => a + b, 0) / r.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(ev.points_per_round - Ry) < 1e-9);
  }

  // win-share difference: SE of the mean of D = W_a/k_a - W_b/k_b
  const synth: RunAccum = {
    groups: ["a", "b"],
    seats: [2, 1],
    n: 10,
    r: 10,
    rr: 10,
    wins: [6, 3],
    draws: 1,
    y: [0, 0],
    yy: [0, 0, 0, 0],
    yr: [0, 0],
    bust: [0, 0],
    flip7: [0, 0],
  };
  const D = [
    ...new Array(6).fill(1 / 2),
    ...new Array(3).fill(-1),
    0,
  ];
  const dm = D.reduce((a, b) => a + b, 0) / 10;
  const dv = D.reduce((a, b) => a + (b - dm) ** 2, 0) / 10; // plug-in variance
  const w = winShareDiff(synth, "a", "b");
  assert.ok(Math.abs(w.diff - dm) < 1e-12);
  assert.ok(Math.abs(w.se - Math.sqrt(dv / 10)) < 1e-12);
  // and the per-seat Wilson interval is the group's interval over its seats
  const st = groupStats(synth);
  assert.equal(st[0].win_share, 6 / 20);
  assert.ok(st[0].ci_low < 0.3 && st[0].ci_high > 0.3 && st[0].ci_high <= 0.5);
});

Deno.test("deriveSeed is stable and spreads replicates", () => {
  assert.equal(deriveSeed(1, "field-size", 0), 4113676501);
  const s = new Set(
    Array.from({ length: 1000 }, (_, i) => deriveSeed(1, "x", i)),
  );
  assert.equal(s.size, 1000);
});

Deno.test("toCsv rejects missing columns and non-finite numbers", () => {
  assert.equal(toCsv(["a", "b"], [{ a: 1, b: "x,y" }]), 'a,b\n1,"x,y"\n');
  assert.throws(() => toCsv(["a", "b"], [{ a: 1 }]), /no column 'b'/);
  assert.throws(() => toCsv(["a"], [{ a: NaN }]), /NaN/);
  assert.throws(() => toCsv(["a"], [{ a: 1, c: 2 }]), /'c' not in the header/);
});

Deno.test("flip7 experiment: bad input exits 2 and writes nothing", async () => {
  const out = `${dir}/cli-bad`;
  const errors: string[] = [];
  const orig = console.error;
  console.error = (s: string) => errors.push(s);
  try {
    assert.equal(await main(["experiment", "nope", "--out", out]), 2);
    assert.equal(
      await main(["experiment", "field-size", "--seed", "-1", "--out", out]),
      2,
    );
    assert.equal(await main(["experiment", "--out", out]), 2);
    assert.equal(await main(["experiment", "a", "b", "--out", out]), 2);
    assert.equal(
      await main(["experiment", "replication", "--workers", "0", "--out", out]),
      2,
    );
  } finally {
    console.error = orig;
  }
  assert.equal(errors.length, 5);
  assert.match(errors[0], /unknown experiment 'nope': allowed field-size/);
  assert.match(errors[1], /bad --seed '-1'/);
  for (const e of errors) assert.ok(!e.includes("\n"), e);
  assert.throws(() => Deno.statSync(out));
});

Deno.test("flip7 experiment NAME --quick --out DIR writes the four files", async () => {
  const out = `${dir}/cli-ok`;
  const code = await main(
    ["experiment", "replication", "--quick", "--seed", "3", "--out", out],
    { echo: false },
  );
  assert.equal(code, 0);
  for (const ext of ["csv", "svg", "png", "json"]) {
    assert.ok(Deno.statSync(`${out}/replication.${ext}`).isFile);
  }
  const j = JSON.parse(Deno.readTextFileSync(`${out}/replication.json`));
  assert.equal(j.seed, 3);
  assert.match(j.command, /experiment replication --seed 3 --quick/);
});

Deno.test("runBatch checks its input before playing", async () => {
  await assert.rejects(
    () =>
      runBatch([{
        rules: "nope",
        policies: ["ev"],
        seed: 1,
        count: 1,
        mode: "round",
      }]),
    /unknown rules preset 'nope'/,
  );
  await assert.rejects(
    () =>
      runBatch([{
        rules: "standard",
        policies: ["evv"],
        seed: 1,
        count: 1,
        mode: "round",
      }]),
    /unknown policy 'evv'/,
  );
});

Deno.test({
  name: "cleanup",
  fn: async () => {
    await Deno.remove(dir, { recursive: true });
  },
});
