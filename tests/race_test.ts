/**
 * The race model (lib/winprob/race.ts), its laws' cache, its tables, the
 * heads-up equilibrium and the `brfield` / `breq` strategies: symmetric
 * cases exactly, the three-slot solver against the two-slot one, a fixed
 * table's value against the optimum, Monte Carlo against the exact values,
 * the equilibrium's exploitability (and that of a strategy that is not one),
 * damaged files refused, and the strategies in the engine.
 */
import assert from "node:assert/strict";
import {
  leaderLaw,
  maxLaw,
  reductionLaws,
  simulateRace,
  slotIndex,
  solveRace2,
  solveRace3,
} from "../lib/winprob/race.ts";
import {
  bestResponseToMixed,
  MatrixGame,
  solveEquilibrium,
} from "../lib/winprob/equilibrium.ts";
import {
  BREQ_WANT,
  BRFIELD_WANT,
  decodeRaceTable,
  encodeRaceTable,
  raceTable,
} from "../lib/winprob/racetable.ts";
import "../lib/run/race_build.ts";
import { raceLawPath, raceLaws } from "../lib/run/race_laws.ts";
import { getModel } from "../lib/solver/model.ts";
import {
  BrFieldStrategy,
  MixedRaceStrategy,
} from "../lib/winprob/brfield_strategy.ts";
import { playRange } from "../lib/run/runner.ts";
import { makeStrategy } from "../lib/run/registry.ts";

/** A law on 0..hi with P(0) = p0 and the rest spread deterministically. */
function law(seed: number, hi: number, p0: number): Float64Array {
  const l = new Float64Array(hi + 1);
  let s = 0;
  for (let i = 2; i <= hi; i++) s += l[i] = 0.1 + Math.abs(Math.sin(seed + i));
  for (let i = 2; i <= hi; i++) l[i] *= (1 - p0) / s;
  l[0] = p0;
  return l;
}

const FAMILY = [law(1, 8, 0.05), law(2, 16, 0.2), law(3, 30, 0.45)];
const OPP = law(9, 20, 0.25);

Deno.test("race: symmetric games are worth 1/2 and 1/3 exactly", () => {
  const coin = new Float64Array([0.5, 0.5]);
  assert.ok(Math.abs(solveRace2([coin], coin, 7).w[0] - 0.5) < 1e-12);
  assert.ok(Math.abs(solveRace3([coin], coin, coin, 7).w[0] - 1 / 3) < 1e-12);
  // the same law on every seat, different target
  const l = FAMILY[1];
  assert.ok(Math.abs(solveRace2([l], l, 40).w[0] - 0.5) < 1e-12);
  assert.ok(Math.abs(solveRace3([l], l, l, 40).w[0] - 1 / 3) < 1e-12);
});

Deno.test("race: three slots with a slot that never scores are the heads-up table", () => {
  const T = 40;
  const two = solveRace2(FAMILY, OPP, T);
  const three = solveRace3(FAMILY, OPP, new Float64Array([1]), T);
  let worst = 0;
  for (let t0 = 0; t0 < T; t0++) {
    for (let t1 = 0; t1 < T; t1++) {
      worst = Math.max(
        worst,
        Math.abs(three.w[(t0 * T + t1) * T] - two.w[t0 * T + t1]),
      );
    }
  }
  assert.ok(worst < 1e-12, `max difference ${worst}`);
  assert.ok(two.w[0] > 0.5); // the family beats a single weaker law
});

Deno.test("race: a fixed table is worth the optimum when it is the optimum's, less otherwise", () => {
  const T = 30;
  const opt = solveRace3(FAMILY, OPP, OPP, T);
  const same = solveRace3(FAMILY, OPP, OPP, T, opt.choice);
  let worst = 0;
  for (let i = 0; i < opt.w.length; i++) {
    worst = Math.max(worst, Math.abs(opt.w[i] - same.w[i]));
  }
  assert.ok(worst < 1e-12);
  const always0 = solveRace3(FAMILY, OPP, OPP, T, new Uint8Array(T ** 3));
  for (let i = 0; i < opt.w.length; i++) {
    assert.ok(always0.w[i] <= opt.w[i] + 1e-12);
  }
  assert.ok(always0.w[0] < opt.w[0] - 1e-3);
  // heads-up: the same
  const o2 = solveRace2(FAMILY, OPP, T);
  const f2 = solveRace2(FAMILY, OPP, T, new Uint8Array(T * T).fill(2));
  assert.ok(f2.w[0] < o2.w[0]);
});

Deno.test("race: the Monte Carlo of the unreduced race agrees with the exact tables", () => {
  const T = 30;
  for (const n of [2, 3]) {
    const sol = n === 2
      ? solveRace2(FAMILY, OPP, T)
      : solveRace3(FAMILY, OPP, OPP, T);
    const choose = (t0: number, o: Int32Array) =>
      n === 2 ? sol.choice[t0 * T + o[0]] : sol.choice[slotIndex(t0, o, T)];
    const sim = simulateRace(n, FAMILY, choose, OPP, T, 40_000, 7);
    const z = (sim.mean - sol.w[0]) / sim.se;
    assert.ok(Math.abs(z) < 4, `${n} players: z = ${z}`);
  }
});

Deno.test("race: maxLaw and the reduction's laws", () => {
  assert.deepEqual(Array.from(maxLaw([0.5, 0.5], 2)), [0.25, 0.75]);
  const [p, q] = reductionLaws(OPP, 5);
  assert.deepEqual(Array.from(p), Array.from(OPP));
  const s = q.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(s - 1) < 1e-12);
  assert.ok(Math.abs(q[0] - OPP[0] ** 3) < 1e-15);
  assert.equal(
    slotIndex(3, new Int32Array([5, 9, 7]), 10),
    (3 * 10 + 9) * 10 + 7,
  );
});

Deno.test("race: the field leader's gain lies between one player's and the best of the draws", () => {
  const mean = (l: ArrayLike<number>) => {
    let m = 0;
    for (let i = 0; i < l.length; i++) m += i * l[i];
    return m;
  };
  const one = leaderLaw(OPP, 1, 100, 20_000, 5);
  assert.ok(Math.abs(mean(one) - mean(OPP)) < 0.1, `${mean(one)}`);
  const three = leaderLaw(OPP, 3, 100, 20_000, 5);
  assert.ok(mean(three) > mean(OPP) + 0.3);
  assert.ok(mean(three) < mean(maxLaw(OPP, 3)) - 0.3);
  assert.ok(Math.abs(three.reduce((a, b) => a + b, 0) - 1) < 1e-9);
  // seeded: the same law again
  assert.deepEqual(
    Array.from(leaderLaw(OPP, 3, 100, 2000, 5)),
    Array.from(leaderLaw(OPP, 3, 100, 2000, 5)),
  );
});

Deno.test("equilibrium: matrix games, and the exploitability is measured, not assumed", () => {
  const g = new MatrixGame(3);
  const p = new Float64Array(3), q = new Float64Array(3);
  const v = g.solve(
    new Float64Array([0.5, 0, 1, 1, 0.5, 0, 0, 1, 0.5]),
    3,
    p,
    q,
  );
  assert.ok(Math.abs(v - 0.5) < 1e-12);
  for (const x of [...p, ...q]) assert.ok(Math.abs(x - 1 / 3) < 1e-9);
  // a saddle point
  assert.equal(g.solve(new Float64Array([0.3, 0.4, 0.2, 0.1]), 2, p, q), 0.3);
  const T = 30;
  const eq = solveEquilibrium(FAMILY, T);
  assert.ok(Math.abs(eq.v[0] - 0.5) < 1e-12);
  for (let a = 0; a < T; a++) {
    for (let b = 0; b < T; b++) {
      assert.ok(Math.abs(eq.v[a * T + b] + eq.v[b * T + a] - 1) < 1e-12);
    }
  }
  const br = bestResponseToMixed(FAMILY, eq.mix, T);
  assert.ok(br[0] - 0.5 < 1e-9, `exploitability ${br[0] - 0.5}`);
  assert.ok(br[0] - 0.5 > -1e-9);
  // a strategy that is not the equilibrium (always the first rule) is exploitable
  const pure = new Float32Array(T * T * FAMILY.length);
  for (let i = 0; i < T * T; i++) pure[i * FAMILY.length] = 1;
  assert.ok(bestResponseToMixed(FAMILY, pure, T)[0] - 0.5 > 0.01);
});

Deno.test("race tables: encode and decode, a damaged byte refused", () => {
  const t = {
    header: {
      kind: "breq",
      players: 2,
      target: 3,
      dims: 2,
      family: ["sum:1", "ev"],
      opponent: "self",
      reduction: "exact",
      w0: 0.5,
    },
    choice: Uint8Array.from([0, 1, 0, 1, 0, 1, 0, 1, 1]),
    mix: new Float32Array(18).fill(0.5),
  };
  const buf = encodeRaceTable(t);
  const back = decodeRaceTable(buf);
  assert.deepEqual(Array.from(back.choice), Array.from(t.choice));
  assert.deepEqual(Array.from(back.mix!), Array.from(t.mix));
  assert.equal(back.header.w0, 0.5);
  for (const at of [3, 20, buf.length - 30, buf.length - 1]) {
    const bad = buf.slice();
    bad[at] ^= 1;
    assert.throws(() => decodeRaceTable(bad), /race table|not a race table/);
  }
});

Deno.test("race laws: cached with a checksum, a damaged file recomputed", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-race-" });
  try {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    const a = raceLaws(["sum:1", "sum:20"], { model: "numbers", dir, log });
    assert.equal(a.get("sum:1")!.bust, 0); // one number card never busts
    const path = raceLawPath(getModel("numbers"), dir);
    const text = Deno.readTextFileSync(path);
    Deno.writeTextFileSync(path, text.replace('"ev":', '"ev":1'));
    const b = raceLaws(["sum:20"], {
      model: "numbers",
      dir,
      log,
      useCache: true,
    });
    // from memory in this thread; a fresh read sees the damage
    assert.equal(b.get("sum:20")!.ev, a.get("sum:20")!.ev);
    const c = raceLaws(["sum:21"], { model: "numbers", dir, log });
    assert.ok(lines.some((l) => /damaged/.test(l)), lines.join("\n"));
    assert.ok(c.get("sum:21")!.ev > 0);
    assert.throws(
      () => raceLaws(["human"], { model: "numbers", dir, log }),
      /allowed sum:N/,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("brfield and breq: play their tables in the engine", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-race-" });
  try {
    const tables = new Map(
      [2, 3].map((n) => [n, raceTable(BRFIELD_WANT(n, "numbers", 60), dir)]),
    );
    assert.ok(tables.get(2)!.header.w0 > 0.5);
    assert.ok(tables.get(3)!.header.w0 > 1 / 3);
    const eq = raceTable(BREQ_WANT("numbers", 60), dir);
    assert.ok((eq.header.exploitability as number) < 1e-3);
    const make = (p: string) =>
      p === "brfield"
        ? new BrFieldStrategy((n) => tables.get(n) ?? null)
        : p === "breq"
        ? new MixedRaceStrategy(eq)
        : makeStrategy(p);
    for (
      const policies of [["brfield", "ev"], ["brfield", "ev", "ev"], [
        "breq",
        "breq",
      ]]
    ) {
      const spec = {
        rules: "standard",
        policies,
        seed: 3,
        count: 60,
        mode: "game" as const,
        target: 60,
        groupBy: "seat" as const,
      };
      const a = playRange(spec, 0, 60, make);
      const b = playRange(spec, 0, 60, make);
      assert.equal(a.games, 60);
      assert.deepEqual(a.wins, b.wins); // seeded: the same games again
    }
    // the rule picked is the table's at the totals
    const s = new BrFieldStrategy((n) => tables.get(n) ?? null);
    const view = {
      players: 2,
      total: (seat: number) => [10, 30][seat],
    } as unknown as Parameters<BrFieldStrategy["rule"]>[0];
    const t2 = tables.get(2)!;
    assert.equal(
      s.rule(view, 0).name,
      t2.header.family[t2.choice[10 * 60 + 30]],
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("decide --opponents: bad counts and totals are one-line errors (exit 2)", async () => {
  const { main } = await import("../cli/main.ts");
  const err = console.error;
  const lines: string[] = [];
  console.error = (s: string) => lines.push(String(s));
  try {
    for (
      const args of [
        ["--totals", "10,20", "--opponents", "9"],
        ["--totals", "10,20", "--opponents", "2"],
        ["--totals", "10,20,300", "--opponents", "2"],
      ]
    ) {
      assert.equal(
        await main(["decide", ...args, "--line", "5", "--no-file"]),
        2,
      );
    }
  } finally {
    console.error = err;
  }
  assert.match(lines.join("\n"), /bad --opponents '9'/);
  assert.match(lines.join("\n"), /the 2 opponents'/);
});

Deno.test("decide: three totals without --opponents get the hint; at 3 players every total shows and the Freeze names the leader", async () => {
  const { cli } = await import("./cli_harness.ts");
  const hint = await cli([
    "decide",
    "--totals",
    "150,170,120",
    "--line",
    "12,9,4",
    "--no-file",
  ]);
  assert.equal(hint.code, 2);
  assert.equal(
    hint.stderr,
    "flip7: bad --totals '150,170,120': 3 totals need --opponents 2 (your total first, then one per opponent)\n",
  );
  // neutral tables in memory and an all-half race table built on the spot:
  // the case is about the output's wording, not the advice
  const { WTable } = await import("../lib/winprob/table.ts");
  const { setBrTable, brTableIdentity } = await import(
    "../lib/winprob/winprob_strategy.ts"
  );
  const { setSearchTable, searchTableIdentity } = await import(
    "../lib/winprob/search_strategy.ts"
  );
  const { setRaceTableBuilder } = await import("../lib/winprob/racetable.ts");
  const { buildRaceTable } = await import("../lib/run/race_build.ts");
  const strip = (id: Record<string, unknown>) => {
    const m = { ...id };
    delete m.target;
    delete m.sides;
    return m;
  };
  const half = (sides: number, id: Record<string, unknown>) =>
    new WTable(200, sides, new Float32Array(200 * 200 * sides).fill(0.5), id);
  setSearchTable("standard", half(2, strip(searchTableIdentity("standard"))));
  setBrTable(half(1, strip(brTableIdentity(undefined))));
  const dir = await Deno.makeTempDir();
  const prev = Deno.env.get("FLIP7_CACHE_DIR");
  Deno.env.set("FLIP7_CACHE_DIR", dir);
  setRaceTableBuilder((w) => ({
    header: { ...w, family: [...w.family], dims: 2, w0: 0.5 },
    choice: new Uint8Array(w.target * w.target),
  }));
  try {
    const r = await cli([
      "decide",
      "--totals",
      "150,170,120",
      "--opponents",
      "2",
      "--line",
      "12,9,4",
      "--no-file",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^totals 150 vs 170, 120; your round score 25;/);
    assert.match(
      r.stdout,
      /a Freeze: aim at (yourself|the leader on 170) \(win value\)/,
    );
    assert.doesNotMatch(r.stdout, /the opponent\b/);
  } finally {
    setRaceTableBuilder(buildRaceTable);
    if (prev === undefined) Deno.env.delete("FLIP7_CACHE_DIR");
    else Deno.env.set("FLIP7_CACHE_DIR", prev);
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("win-optimal --quick: the rows, the equilibrium and the curve", async () => {
  const { winOptimal } = await import("../experiments/win-optimal.ts");
  const r = await winOptimal.run({ seed: 1, quick: true, workers: 1 });
  const br = r.rows.filter((x) => x.agent === "brfield");
  assert.deepEqual(br.map((x) => x.players), [2, 3, 4]);
  for (const x of r.rows) {
    // the targeting rows play 400 games a size in the quick run, the rest 200
    assert.equal(x.games, x.agent === "wt:ev" ? 400 : 200);
    assert.ok((x.ci_low as number) <= (x.win_share as number));
    assert.ok((x.win_share as number) <= (x.ci_high as number));
    assert.ok((x.ci_low_fw as number) <= (x.ci_low as number));
  }
  // the 4-player model figure is the unreduced race's, with its error
  assert.ok((br[2].model_win_se as number) > 0);
  assert.notEqual(br[2].model_win, br[2].reduced_claim);
  const eq = r.provenance.equilibrium as Record<string, number>;
  assert.ok(Math.abs(eq.exploitability) < 1e-3);
  const curve = r.provenance.cutoff_curve as Record<string, number>[];
  assert.deepEqual([...new Set(curve.map((c) => c.players))], [2, 3, 4]);
  // targeting rows carry a gain, a p-value and Holm's verdict; the others none
  const wt = r.rows.filter((x) => x.agent === "wt:ev");
  assert.deepEqual(wt.map((x) => x.players), [2, 3, 4]);
  for (const x of wt) {
    assert.ok(
      Math.abs(
        (x.gain as number) -
          ((x.win_share as number) - 1 / (x.players as number)),
      ) < 1e-6,
    );
    assert.equal(typeof x.holm_reject, "boolean");
  }
  assert.ok(
    r.rows.filter((x) => x.agent !== "wt:ev").every((x) =>
      x.holm_reject === null
    ),
  );
  // the pre-registered heads-up row is last, on its stated seed
  const last = r.rows[r.rows.length - 1];
  assert.equal(last.agent, "wt:search0");
  assert.equal(last.seed, 570057);
  const f3 = r.provenance.flip_three_table as Record<
    string,
    Record<string, number>[]
  >;
  assert.equal(f3.numbers.length, 7);
  assert.equal(f3.all94.length, 7);
});
