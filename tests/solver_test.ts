/**
 * The exact single-player solver: seed 000's table reproduced to its printed
 * digits, the DP checked against its own forward pass and against the engine,
 * the exact model's value, the binary cache's behaviour, the beer-mat rule
 * and the CLI's bad input.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { InputError } from "../lib/game/cards.ts";
import { getRules } from "../lib/game/rules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { DpStrategy, nearestCore } from "../lib/solver/dp_strategy.ts";
import { getModel, NEXT, Outcomes } from "../lib/solver/model.ts";
import { MODS, solve, spaceOf } from "../lib/solver/solve.ts";
import { evaluateDecider, evaluateTable } from "../lib/solver/forward.ts";
import {
  evaluatePolicies,
  evaluateStrategy,
  SEED_TABLE,
  soloStrategy,
} from "../lib/run/evaluate.ts";
import { SoloView } from "../lib/solver/view.ts";
import {
  cachePath,
  clearDecisionMemo,
  decodeDecisions,
  encodeDecisions,
  loadDecisions,
} from "../lib/solver/cache.ts";
import { deriveAdvice, SEED_ADVICE } from "../lib/solver/advice.ts";
import { oddsReference } from "../lib/solver/odds.ts";
import { IntTable } from "../lib/solver/table.ts";
import { evaluateCommand } from "../cli/commands/evaluate.ts";
import { Output } from "../cli/output.ts";
import { main } from "../cli/main.ts";
import { slow } from "./tier.ts";

/** Seed 000's table as printed: EV, sd, bust %, Flip 7 %. */
const SEED: Record<string, [string, string, string, string]> = {
  optimal: ["22.232", "17.47", "31.7", "1.55"],
  "sum:16": ["18.559", "8.92", "13.7", "0.00"],
  "sum:20": ["20.251", "12.05", "21.5", "0.00"],
  "sum:24": ["20.977", "15.51", "31.6", "0.01"],
  "count:3": ["19.705", "12.91", "24.1", "0.00"],
  "count:4": ["19.669", "18.58", "43.0", "0.00"],
  "count:5": ["16.462", "22.16", "61.6", "0.00"],
  "bust:0.25": ["20.988", "15.89", "32.9", "0.03"],
  "bust:0.35": ["18.773", "21.92", "55.1", "0.61"],
  "bust:0.45": ["14.058", "24.71", "73.8", "4.01"],
};

Deno.test("approx: seed 000's state count and optimal value", () => {
  const sol = solve(getModel("approx"));
  assert.equal(sol.space.states, 1_834_239);
  assert.equal(sol.ev.toFixed(4), "22.2318");
  assert.equal(sol.ev.toFixed(3), "22.232");
});

Deno.test("approx: evaluate reproduces seed 000's whole table to the printed digits", () => {
  const rows = evaluatePolicies(SEED_TABLE, "approx");
  assert.deepEqual(rows.map((r) => r.policy), [...SEED_TABLE]);
  for (const r of rows) {
    const got = [
      r.ev.toFixed(3),
      r.sd.toFixed(2),
      (100 * r.bust).toFixed(1),
      (100 * r.flip7).toFixed(2),
    ];
    assert.deepEqual(got, SEED[r.policy], `${r.policy}: ${got.join(" ")}`);
  }
});

Deno.test(
  slow(
    "forward pass reproduces the DP value to 1e-9 and outcome probabilities sum to 1",
  ),
  () => {
    for (const name of ["approx", "exact"]) {
      const sol = solve(getModel(name));
      const e = evaluateTable(sol.space, sol.hit);
      assert.ok(
        Math.abs(e.ev - sol.ev) < 1e-9,
        `${name}: ${e.ev} vs ${sol.ev}`,
      );
      let total = 0;
      for (const p of e.distribution) {
        assert.ok(p >= 0);
        total += p;
      }
      assert.ok(
        Math.abs(total - 1) < 1e-12,
        `${name}: probabilities sum to ${total}`,
      );
      assert.ok(e.bust <= e.distribution[0] + 1e-15);
      if (name === "exact") {
        assert.equal(sol.ev.toFixed(4), "22.2504"); // the independent public solver's figure
        assert.equal(sol.space.states, 21_980_031);
      }
    }
  },
);

Deno.test("every chance node sums to the draw pile; hits lead to larger cores", () => {
  for (const name of ["approx", "exact"]) {
    const m = getModel(name);
    const sp = spaceOf(m);
    const o = new Outcomes();
    for (let s = 0; s < sp.cores.length; s += 7) {
      const core = sp.cores[s];
      m.outcomes(core, o);
      for (const mods of [0, 0b100101, 63]) {
        let mod = 0;
        for (let b = 0; b < 6; b++) if (!((mods >> b) & 1)) mod++;
        assert.equal(o.total + mod, m.pileTotal(core, mods));
      }
      for (let i = 0; i < o.n; i++) {
        if (o.effect[i] === NEXT) {
          assert.ok(o.next[i] > core && sp.index.get(o.next[i]) > s);
        }
      }
    }
  }
});

Deno.test(
  slow(
    "decisions shared by equal tables match asking the strategy in every state",
  ),
  () => {
    for (const [model, spec] of [["approx", "ev"], ["exact", "bust:0.3"]]) {
      const sp = spaceOf(getModel(model));
      const st = makeStrategy(spec);
      const view = new SoloView(sp);
      const raw = evaluateDecider(sp, (slot, mods) => {
        view.set(slot, mods);
        return st.hit(view, 0);
      }, spec);
      const shared = evaluateStrategy(sp, st);
      assert.ok(Math.abs(raw.ev - shared.ev) < 1e-12, spec);
      assert.equal(raw.visited, shared.visited);
    }
  },
);

Deno.test("dp maps a table view back to the exact solo state", () => {
  const sp = spaceOf(getModel("exact"));
  const view = new SoloView(sp);
  for (let s = 0; s < sp.cores.length; s += 13) {
    view.set(s, s & 63);
    assert.equal(nearestCore(sp, view, 0), sp.cores[s]);
  }
});

Deno.test("engine playing dp under solo-model agrees with the exact model within 4 SE", () => {
  const [opt] = evaluatePolicies(["dp"], "exact");
  const g = new Game(getRules("solo-model"), [makeStrategy("dp")], {
    seed: 2026,
  });
  const n = 300_000;
  let sum = 0, sq = 0, busts = 0, flips = 0;
  for (let i = 0; i < n; i++) {
    const x = g.playRound()[0];
    sum += x;
    sq += x * x;
    const out = g.lastRoundOutcome(0);
    if (out === 1) busts++;
    if (out === 2) flips++;
  }
  const mean = sum / n, sd = Math.sqrt(sq / n - mean * mean);
  const z = (mean - opt.ev) / (sd / Math.sqrt(n));
  assert.ok(Math.abs(z) < 4, `engine ${mean} vs exact ${opt.ev}: z = ${z}`);
  const zb = (busts / n - opt.bust) / Math.sqrt(opt.bust * (1 - opt.bust) / n);
  assert.ok(Math.abs(zb) < 4, `bust rate z = ${zb}`);
  const zf = (flips / n - opt.flip7) /
    Math.sqrt(opt.flip7 * (1 - opt.flip7) / n);
  assert.ok(Math.abs(zf) < 4, `Flip 7 rate z = ${zf}`);
  assert.ok(Math.abs(sd - opt.sd) < 0.2);
});

Deno.test("the cache: missing → solved and written; corrupt or stale → rebuilt with a message", () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-cache-" });
  try {
    const m = getModel("approx");
    const log: string[] = [];
    const opts = { dir, log: (l: string) => log.push(l) };
    clearDecisionMemo();
    const a = loadDecisions(m, opts);
    assert.equal(a.source, "solved");
    assert.match(log.join("\n"), /is missing; solving the 'approx' model/);
    const path = cachePath(m, dir);
    const bytes = Deno.readFileSync(path);
    assert.equal(bytes.length, 128 + 28660 * 12);
    clearDecisionMemo();
    const b = loadDecisions(m, opts);
    assert.equal(b.source, "cache");
    assert.equal(b.ev, a.ev);
    assert.deepEqual(b.hit, a.hit);
    // flip one decision bit: bad checksum
    const bad = bytes.slice();
    bad[bad.length - 100] ^= 4;
    Deno.writeFileSync(path, bad);
    clearDecisionMemo();
    log.length = 0;
    const c = loadDecisions(m, opts);
    assert.equal(c.source, "solved");
    assert.match(log[0], /is corrupt \(bad checksum\)/);
    assert.deepEqual(Deno.readFileSync(path), bytes);
    // truncated, wrong magic, old format
    for (
      const [mutate, why] of [
        [(x: Uint8Array) => x.slice(0, 1000), /corrupt \(wrong size\)/],
        [(x: Uint8Array) => (x[0] = 0, x), /corrupt \(bad magic\)/],
        [(x: Uint8Array) => (x[4] = 99, x), /stale \(format 99/],
      ] as [(x: Uint8Array) => Uint8Array, RegExp][]
    ) {
      Deno.writeFileSync(path, mutate(bytes.slice()));
      clearDecisionMemo();
      log.length = 0;
      assert.equal(loadDecisions(m, opts).source, "solved");
      assert.match(log[0], why);
    }
    // another model's file, under its own name or under this model's name, is stale
    const other = encodeDecisions(a.space, a.hit, a.ev);
    const r1 = decodeDecisions(getModel("exact"), other);
    assert.ok(
      "problem" in r1 &&
        /stale \(model 'approx', expected 'exact'\)/.test(r1.problem),
    );
    const renamed = encodeDecisions(
      { ...a.space, model: { ...a.space.model, name: "exact" } },
      a.hit,
      a.ev,
    );
    const r2 = decodeDecisions(getModel("exact"), renamed);
    assert.ok(
      "problem" in r2 &&
        /stale \(the model's state layout or deck changed\)/.test(r2.problem),
    );
  } finally {
    clearDecisionMemo();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("advice: the beer-mat rule from optimal play, and its exact value", () => {
  const a = deriveAdvice(getModel("approx"));
  assert.equal(a.rows[0].cutoff, Infinity);
  assert.equal(a.rows[1].cutoff, Infinity);
  // seed 000 prints 22%, 23%, 24%, 25% for two to five numbers
  for (let n = 2; n <= 5; n++) {
    assert.equal(
      Math.floor(100 * a.rows[n].cutoff),
      Math.round(100 * SEED_ADVICE[n]),
    );
  }
  assert.ok(Math.abs(a.rule.ev - 21.02) < 0.05, `rule ${a.rule.ev}`);
  assert.ok(1 - a.rule.ev / a.optimum < 0.055);
  assert.equal(a.seedRule.ev.toFixed(3), "21.048");
  const shares = a.rows.reduce((s, r) => s + r.share, 0);
  assert.ok(Math.abs(shares - 1) < 1e-9);
});

Deno.test("odds: bust risk and one more card for the hands met", () => {
  const o = oddsReference(getModel("approx"));
  const one12 = o.rows.find((r) => r.count === 1 && r.sum === 12)!;
  assert.ok(Math.abs(one12.risk - 11 / 93) < 0.01); // 12 alone: 11 of ~93 unseen cards
  assert.equal(o.byCount[0].risk, 0);
  assert.ok(Math.abs(o.byCount.reduce((s, r) => s + r.share, 0) - 1) < 1e-9);
  assert.ok(o.byCount[1].oneMore > 0 && o.byCount[4].oneMore < 0);
});

Deno.test("evaluate --json prints one array; bad input is one line and exit 2", async () => {
  const out = new Output({ echo: false });
  await evaluateCommand.run({
    values: { p: "sum:20,count:4", model: "approx", json: true },
    positionals: [],
    out,
  });
  const rows = JSON.parse(out.text());
  assert.equal(rows.length, 2);
  assert.deepEqual(Object.keys(rows[0]), [
    "policy",
    "ev",
    "sd",
    "bust",
    "flip7",
  ]);
  assert.equal(rows[0].ev.toFixed(3), "20.251");
  assert.throws(() => soloStrategy("human", getModel("approx")), InputError);
  assert.throws(
    () => evaluatePolicies(["sum:20", "bogus"], "approx"),
    InputError,
  );
  assert.throws(() => evaluatePolicies(["sum:20"], "nope"), InputError);
  const err = console.error;
  const lines: string[] = [];
  console.error = (s: string) => lines.push(s);
  try {
    for (
      const [argv, re] of [
        [
          ["evaluate", "-p", "human", "--no-file"],
          /policy 'human' cannot be evaluated solo/,
        ],
        [["evaluate", "-p", "sum:x", "--no-file"], /bad parameter in 'sum:x'/],
        [
          ["solve", "--model", "nope", "--no-file"],
          /bad --model 'nope': allowed approx, exact/,
        ],
        [["advice", "--model", "x", "--no-file"], /bad --model 'x'/],
        [
          ["odds", "--min-share", "lots", "--no-file"],
          /bad --min-share 'lots'/,
        ],
      ] as [string[], RegExp][]
    ) {
      lines.length = 0;
      assert.equal(await main(argv, { echo: false }), 2);
      assert.equal(lines.length, 1);
      assert.match(lines[0], re);
    }
  } finally {
    console.error = err;
  }
});

Deno.test("dp is a registered strategy that plays the multiplayer engine", () => {
  const dp = makeStrategy("dp");
  assert.ok(dp instanceof DpStrategy);
  const g = new Game(getRules("standard"), [dp, makeStrategy("ev")], {
    seed: 5,
  });
  const r = g.playGame();
  assert.equal(r.totals.length, 2);
  assert.equal(g.checkConservation(), null);
});

Deno.test("IntTable: open addressing with growth", () => {
  const t = new IntTable(2);
  for (let k = 0; k < 5000; k++) t.set(k * 2654435 & 0x7fffffff, k);
  assert.equal(t.size, 5000);
  for (let k = 0; k < 5000; k++) {
    assert.equal(t.get(k * 2654435 & 0x7fffffff), k);
  }
  assert.equal(t.get(3), -1);
  assert.ok(t.capacity >= 10000);
  assert.equal(MODS, 64);
});
