/**
 * The experiments: every registered one runs with `--quick` into a temporary
 * directory, all together as `deno task repro --all --quick` runs them (one
 * pool of games), and its outputs are checked (files, the declared columns,
 * a chart that passes lib/chart/check.ts, intervals containing their
 * estimates, exact values exactly, provenance); run again alone on one
 * worker, each gives the same bytes (same seed); the statistics helpers
 * agree with direct computations; the command line rejects bad input with
 * exit code 2.
 */
import assert from "node:assert/strict";
import { csvParse } from "d3-dsv";
import { main } from "../cli/main.ts";
import {
  claimsTable,
  runExperiment,
  type RunReport,
  sized,
  toCsv,
} from "../lib/experiment/experiment.ts";
import { checkChart } from "../lib/chart/check.ts";
import { runMatch } from "../lib/run/sim.ts";
import { playRange } from "../lib/run/runner.ts";
import {
  deriveSeed,
  field,
  groupStats,
  pointsDiff,
  pool,
  type RunAccum,
  runBatch,
  winShareDiff,
} from "../experiments/common.ts";
import { EXPERIMENTS, SEED000_EXPERIMENTS } from "../experiments/mod.ts";
import { repro } from "../cli/repro.ts";
import { slow } from "./tier.ts";

const EXPERIMENT_NAMES = EXPERIMENTS.map((e) => e.name);
const SEED000_NAMES = SEED000_EXPERIMENTS.map((e) => e.name);
const dir = await Deno.makeTempDir({ prefix: "flip7-exp-" });
let reports: RunReport[] | undefined;

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
// no write under the folder was left half done, then the folder goes.
Deno.test.afterAll(async () => {
  try {
    assert.deepEqual(leftovers(dir), []);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/**
 * The quick suite: every experiment, computed together (one pool, two
 * workers) as `deno task repro --all --quick` does; run once and shared.
 */
async function quickSuite(): Promise<RunReport[]> {
  if (!reports) {
    reports = await repro({
      seed: 1,
      quick: true,
      workers: 2,
      outDir: dir,
      all: true,
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

Deno.test(
  slow(
    "quick suite: every experiment writes csv, svg, png and json with provenance",
  ),
  async () => {
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
      // exact experiments use no seed; Monte Carlo ones list every seed used
      assert.ok(Array.isArray(j.seeds), r.name);
      assert.ok(j.rules !== undefined, r.name);
      assert.ok(typeof j.code.commit === "string");
      assert.ok(typeof j.elapsed_s === "number");
      // seed 000's claims each have lines in the claims table
      if (SEED000_NAMES.includes(r.name)) assert.ok(r.result.claims.length > 0);
    }
    const claims = Deno.readTextFileSync(`${dir}/CLAIMS.md`);
    assert.match(claims, /\| claim \| published \| ours \| file \|/);
    // a figure published elsewhere than seed 000 names its source
    assert.match(claims, /\| seed 001: 77\.3% \/ 55\.8% \/ 56\.7% \|/);
    assert.ok(
      JSON.parse(Deno.readTextFileSync(`${dir}/repro.json`)).total_s >= 0,
    );
    // no temporary file left behind
    for (const e of Deno.readDirSync(dir)) assert.ok(!e.name.includes(".tmp-"));
  },
);

/** The experiments whose CSV has intervals (ci_low, ci_high), and the column each interval is about. */
const INTERVALS: Record<string, string> = {
  "field-size": "win_share",
  "card-counting": "estimate",
  "solver-vs-simulation": "sim_mean",
  "win-agent": "win_share",
  "sweep": "win_share",
  "win-optimal": "win_share",
  "vengeance": "value",
};

/**
 * Throws unless exactly the experiments of {@linkcode INTERVALS} have
 * intervals, each has rows, and every row has its interval and estimate as
 * numbers, the estimate inside a non-empty interval.
 */
export function checkIntervals(read: (name: string) => CsvRows): void {
  // exactly these experiments have intervals: one that loses its columns,
  // or gains them unlisted, fails here rather than being skipped
  assert.deepEqual(
    EXPERIMENT_NAMES.filter((n) => read(n).columns.includes("ci_low")),
    Object.keys(INTERVALS),
  );
  for (const [name, column] of Object.entries(INTERVALS)) {
    const rows = read(name);
    assert.ok(rows.length > 0, `${name}: no rows`);
    for (const row of rows) {
      // vengeance's solo section is exact: no interval
      if (name === "vengeance" && row.section === "solo") continue;
      const [lo, est, hi] = [row.ci_low, row[column], row.ci_high];
      const what = `${name}: ${JSON.stringify(row)}`;
      // every row has its interval and its estimate, as numbers
      for (const v of [lo, est, hi]) {
        assert.ok(
          v !== undefined && v !== "" && Number.isFinite(Number(v)),
          what,
        );
      }
      assert.ok(Number(lo) <= Number(est) && Number(est) <= Number(hi), what);
      assert.ok(Number(lo) < Number(hi), `${what}: an empty interval`);
    }
  }
}

Deno.test(
  slow("quick suite: every interval contains its estimate"),
  async () => {
    await quickSuite();
    checkIntervals(readCsv);
  },
);

Deno.test(
  slow(
    "field-size: columns, compositions, every game has one winner, wins as flip7 sim counts them",
  ),
  async () => {
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
  },
);

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

Deno.test(
  slow("replication: 20 seeds, z = diff / se, crossing flag"),
  async () => {
    await quickSuite();
    const all = readCsv("replication");
    // two readings of bust:0.25 on the same 20 seeds
    assert.equal(all.length, 40);
    const rows = all.filter((r) => r.reading === "bust:0.25");
    assert.equal(rows.length, 20);
    assert.equal(new Set(rows.map((r) => r.seed)).size, 20);
    const sc = all.filter((r) => r.reading === "bustsc:0.25");
    assert.deepEqual(sc.map((r) => r.seed), rows.map((r) => r.seed));
    assert.equal(
      json("replication").by_reading["bustsc:0.25"].runs_crossing_3se,
      sc.filter((r) => r.crosses_3se === "true").length,
    );
    for (const r of all) {
      const z = Number(r.diff) / Number(r.se);
      assert.ok(Math.abs(z - Number(r.z)) < 0.01 * Math.max(1, Math.abs(z)));
      assert.equal(r.crosses_3se, String(Math.abs(Number(r.z)) >= 3));
      assert.equal(Number(r.players), 4);
    }
    assert.equal(
      json("replication").runs_crossing_3se,
      rows.filter((r) => r.crosses_3se === "true").length,
    );
  },
);

Deno.test(
  slow("card-counting: differences are evc minus ev, with standard errors"),
  async () => {
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
      // each policy alone: separate runs, no paired difference
      if (k.startsWith("solo/")) continue;
      const by = Object.fromEntries(
        g.map((r) => [r.policy, Number(r.estimate)]),
      );
      if (k.endsWith("/win_share_over_fair")) {
        // evc's per-seat share minus the fair share 1/n
        const share = groups.get(k.replace("_over_fair", ""))!
          .find((r) => r.policy === "evc")!;
        const n = Number(share.players);
        assert.ok(Math.abs(by.evc - (Number(share.estimate) - 1 / n)) < 2e-6);
        continue;
      }
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
  },
);

Deno.test(
  slow(
    "policy-ev-table: the approx model reproduces seed 000's table to every printed digit",
  ),
  async () => {
    await quickSuite();
    const rows = readCsv("policy-ev-table");
    assert.equal(rows.length, 24); // seed 000's 10 policies, bustsc:0.25 and ev, on two models
    const approx = rows.filter((r) => r.model === "approx" && r.seed000_ev);
    assert.equal(approx.length, 10);
    const r = (x: string, d: number) => Number(Number(x).toFixed(d));
    for (const row of approx) {
      assert.equal(r(row.ev, 3), Number(row.seed000_ev), row.policy);
      assert.equal(r(row.sd, 2), Number(row.seed000_sd), row.policy);
      assert.equal(r(row.bust, 3), Number(row.seed000_bust), row.policy);
      assert.equal(r(row.flip7, 4), Number(row.seed000_flip7), row.policy);
    }
    // exact figures, as the evaluator gives them (the faithful model)
    const ex = Object.fromEntries(
      rows.filter((x) => x.model === "exact").map((x) => [x.policy, x]),
    );
    assert.equal(r(ex.optimal.ev, 3), 22.25);
    assert.equal(r(ex["sum:20"].ev, 3), 20.26);
    assert.equal(r(ex["bust:0.25"].ev, 3), 21.006);
    assert.equal(Number(ex.optimal.below_optimum), 0);
    // the optimum is the best policy of the table on each model
    for (const m of ["approx", "exact"]) {
      const evs = rows.filter((x) => x.model === m).map((x) => Number(x.ev));
      assert.equal(Math.max(...evs), evs[0]);
    }
    assert.equal(json("policy-ev-table").approx_matches_seed000, "40 of 40");
  },
);

Deno.test(
  slow(
    "optimal-distribution: a distribution, whose mean and bust are the table's",
  ),
  async () => {
    await quickSuite();
    const rows = readCsv("optimal-distribution");
    const table = readCsv("policy-ev-table");
    for (const m of ["approx", "exact"]) {
      const d = rows.filter((r) => r.model === m);
      const total = d.reduce((s, r) => s + Number(r.probability), 0);
      assert.ok(Math.abs(total - 1) < 1e-7, `${m}: ${total}`);
      assert.equal(Number(d[d.length - 1].cumulative), 1);
      const mean = d.reduce(
        (s, r) => s + Number(r.score) * Number(r.probability),
        0,
      );
      const opt = table.find((r) => r.model === m && r.policy === "optimal")!;
      assert.ok(Math.abs(mean - Number(opt.ev)) < 1e-6, `${m}: ${mean}`);
      assert.ok(Number(d[0].probability) >= Number(opt.bust) - 1e-6); // bust has 6 decimals
      assert.equal(d[0].score, "0");
    }
    const j = json("optimal-distribution");
    assert.equal(
      Number((100 * j.summary_by_model.approx.bust).toFixed(1)),
      31.7,
    );
  },
);

Deno.test(
  slow("advice: the beer-mat table and the exact value of the rule"),
  async () => {
    await quickSuite();
    const all = readCsv("advice");
    const rows = all.filter((r) => r.features === "none"); // seed 000's kind of rule
    assert.equal(rows.length, 14);
    // split on a Second Chance, x2, both (7 counts per group), the one-number rules
    assert.equal(all.length, 14 + 2 * 7 * (2 + 2 + 4) + 2 * 2 * 2);
    for (const r of all.filter((r) => r.numbers_showing !== "")) {
      if (Number(r.numbers_showing) <= 1) {
        assert.equal(r.rule, "always hit");
        assert.equal(r.cutoff, "");
      }
      if (r.cutoff !== "") {
        const c = Number(r.cutoff);
        assert.ok(c >= 0 && c <= 1);
        assert.ok(
          Number(r.hit_up_to) < c && c < Number(r.stay_from),
          JSON.stringify(r),
        );
      }
    }
    const v = json("advice").values;
    for (const m of ["approx", "exact"]) {
      assert.ok(v[m].rule_ev < v[m].optimum);
      assert.ok(
        Math.abs(v[m].below_optimum - (1 - v[m].rule_ev / v[m].optimum)) < 1e-6,
      );
    }
    // seed 000 quotes 21.02 for its rule; the rule derived on its model is worth 21.05
    assert.equal(Number(v.approx.rule_ev.toFixed(2)), 21.05);
  },
);

Deno.test(
  slow("solver-vs-simulation: simulated means within 4 SE of the exact EVs"),
  async () => {
    await quickSuite();
    const rows = readCsv("solver-vs-simulation");
    const table = readCsv("policy-ev-table");
    assert.equal(rows.length, 11);
    for (const r of rows) {
      const t = table.find((x) =>
        x.model === "exact" && x.policy === r.policy
      )!;
      assert.equal(r.exact_ev, t.ev, r.policy);
      assert.ok(Math.abs(Number(r.z)) < 4, `${r.policy}: z ${r.z}`);
      assert.ok(
        Math.abs(Number(r.bust_z)) < 4,
        `${r.policy}: bust z ${r.bust_z}`,
      );
      if (Number(r.rounds) * Number(r.exact_flip7) >= 10) {
        assert.ok(Math.abs(Number(r.flip7_z)) < 4, `${r.policy}: ${r.flip7_z}`);
      }
      const z = (Number(r.sim_mean) - Number(r.exact_ev)) / Number(r.sim_se);
      assert.ok(Math.abs(z - Number(r.z)) < 0.01);
    }
  },
);

// The same checks for every registered experiment, whatever it computes.
for (const exp of EXPERIMENTS) {
  Deno.test(
    slow(
      `${exp.name} --quick: the declared columns, a chart that passes the checks, and alone on one worker the same bytes as in the pool`,
    ),
    async () => {
      const r = (await quickSuite()).find((x) => x.name === exp.name)!;
      assert.ok(r, `${exp.name} was not run`);
      const rows = readCsv(exp.name);
      assert.deepEqual(rows.columns, r.result.columns);
      assert.equal(rows.length, r.result.rows.length);
      assert.ok(rows.length > 0);
      for (const c of r.result.columns) {
        assert.ok(rows.every((row) => c in row), `${exp.name}: column ${c}`);
      }
      const svg = Deno.readTextFileSync(`${dir}/${exp.name}.svg`);
      assert.deepEqual(checkChart(svg, exp.name), []);
      // the claims name their published figure's source, if any
      for (const c of r.result.claims) {
        if (c.reference) {
          assert.ok(c.reference.source !== "" && c.reference.figure !== "");
        }
      }
      const one = await Deno.makeTempDir({ prefix: `flip7-${exp.name}-` });
      try {
        await runExperiment(exp, {
          seed: 1,
          quick: true,
          workers: 1,
          outDir: one,
          command: "test",
        });
        for (const ext of ["csv", "svg", "png"]) {
          assert.deepEqual(
            Deno.readFileSync(`${one}/${exp.name}.${ext}`),
            Deno.readFileSync(`${dir}/${exp.name}.${ext}`),
            `${exp.name}.${ext}`,
          );
        }
      } finally {
        await Deno.remove(one, { recursive: true });
      }
    },
  );
}

Deno.test(
  slow(
    "repro of several experiments in 2 shards + merge: the one pool's slices add up to the same files",
  ),
  async () => {
    await quickSuite();
    const { main: reproMain } = await import("../cli/repro.ts");
    const parts = `${dir}/parts`, out = `${dir}/merged`;
    const names = ["replication", "card-counting", "policy-ev-table"];
    const quiet = console.log;
    console.log = () => {};
    try {
      for (const i of [0, 1]) {
        const args = [...names, "--quick", "--seed", "1", "--workers", "2"];
        assert.equal(
          await reproMain([...args, "--shard", `${i}/2`, "--out", parts]),
          0,
        );
      }
      assert.equal(await main(["merge", parts, "--out", out, "--no-file"]), 0);
    } finally {
      console.log = quiet;
    }
    for (const name of names) {
      for (const ext of ["csv", "svg", "png"]) {
        assert.deepEqual(
          Deno.readFileSync(`${out}/${name}.${ext}`),
          Deno.readFileSync(`${dir}/${name}.${ext}`),
          `${name}.${ext}`,
        );
      }
    }
  },
);

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
      parts.push(playRange(spec, k, k + 1));
    }
    const acc = pool(parts);
    const d = parts.map((p) => p.points[1] / 2 - p.points[0]);
    const r = parts.map((p) => p.rounds);
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
    const y = parts.map((p) => p.points[0]);
    const Ry = y.reduce((a, b) => a + b, 0) / r.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(ev.points_per_round - Ry) < 1e-9);
  }

  // win-share difference: SE of the mean of D = W_a/k_a - W_b/k_b
  const synth: RunAccum = {
    mode: "game",
    policies: ["a", "b"],
    seats: [2, 1],
    games: 10,
    rounds: 10,
    rounds_sq: 10,
    wins: [6, 3],
    draws: 1,
    draw_seats: [2, 1],
    points: [0, 0],
    seat_points_sq: [0, 0],
    points_cross: [0, 0, 0, 0],
    points_rounds: [0, 0],
    busts: [0, 0],
    flip7s: [0, 0],
    score_hist: [],
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

Deno.test("claimsTable: seed 000's figures as they are, other sources named, none as a dash", () => {
  const table = claimsTable([{
    name: "x",
    claims: [
      {
        claim: "a",
        reference: { source: "seed 000", figure: "1|2" },
        ours: "3",
      },
      {
        claim: "b",
        reference: { source: "seed 001", figure: "77.3%" },
        ours: "4",
      },
      { claim: "c", ours: "5" },
    ],
  }]);
  assert.deepEqual(table.split("\n").slice(2, 5), [
    "| a | 1\\|2 | 3 | [x.csv](x.csv) |",
    "| b | seed 001: 77.3% | 4 | [x.csv](x.csv) |",
    "| c | — | 5 | [x.csv](x.csv) |",
  ]);
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
    for (
      const bad of [["--scale", "0"], ["--scale", "x"], ["--scale", "101"]]
    ) {
      assert.equal(
        await main(["experiment", "replication", ...bad, "--out", out]),
        2,
      );
    }
    assert.equal(
      await main([
        "experiment",
        "replication",
        "--scale",
        "0.5",
        "--quick",
        "--out",
        out,
      ]),
      2,
    );
  } finally {
    console.error = orig;
  }
  assert.equal(errors.length, 9);
  assert.match(errors[5], /bad --scale '0': give a number above 0/);
  assert.match(errors[8], /--scale 0.5 with --quick: give one of them/);
  assert.match(errors[0], /unknown experiment 'nope': allowed .*field-size/);
  assert.match(errors[1], /bad --seed '-1'/);
  for (const e of errors) assert.ok(!e.includes("\n"), e);
  assert.throws(() => Deno.statSync(out));
});

Deno.test("flip7 experiment NAME --quick --out DIR writes the four files", async () => {
  const out = `${dir}/cli-ok`;
  const code = await main(
    [
      "experiment",
      "replication",
      "--quick",
      "--seed",
      "3",
      "--out",
      out,
      "--no-file",
    ],
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

Deno.test("flip7 experiment NAME --scale X multiplies the full counts, and says so", async () => {
  const out = `${dir}/cli-scale`;
  const code = await main(
    [
      "experiment",
      "replication",
      "--scale",
      "0.01",
      "--seed",
      "3",
      "--out",
      out,
      "--no-file",
    ],
    { echo: false },
  );
  assert.equal(code, 0);
  const j = JSON.parse(Deno.readTextFileSync(`${out}/replication.json`));
  assert.equal(j.scale, 0.01);
  assert.equal(j.games_per_run, 240); // 24,000 x 0.01
  assert.match(j.command, /experiment replication --seed 3 --scale 0.01/);
  assert.equal(sized(24_000, 600, { quick: false }), 24_000);
  assert.equal(sized(10, 600, { quick: false, scale: 0.01 }), 1);
  assert.equal(sized(24_000, 600, { quick: true, scale: 2 }), 600);
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
