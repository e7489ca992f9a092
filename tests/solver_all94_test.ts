/**
 * The deck-generic solo models and the `all94` model (every Freeze a forced
 * stay, every Flip Three three forced draws): the model without actions is
 * the `exact` model, the DP agrees with its own forward pass, and the engine
 * (one player, the model's deck under `standard` rules, first round of each
 * game) playing the model's optimum and a registry policy agrees with the
 * exact figures within 4 standard errors. The quick version runs a small deck
 * with all three Freezes and Flip Threes (every action mode); `FLIP7_LONG=1`
 * runs the real 94-card deck.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { DpStrategy } from "../lib/solver/dp_strategy.ts";
import { getModel, type SoloModel } from "../lib/solver/model.ts";
import {
  type ActionModel,
  ActionModes,
  solveActions,
} from "../lib/solver/actions.ts";
import { solve } from "../lib/solver/solve.ts";
import { evaluatePolicies } from "../lib/run/evaluate.ts";
import { evaluateDecider, evaluateTable } from "../lib/solver/forward.ts";
import {
  cachePath,
  clearDecisionMemo,
  loadDecisions,
} from "../lib/solver/cache.ts";
import type { Strategy } from "../lib/game/view.ts";
import { main } from "../cli/main.ts";
import { deckVariants } from "../experiments/deck-variants.ts";
import { roundLaw, roundsToReach } from "../experiments/round-law.ts";

const LONG = Deno.env.get("FLIP7_LONG") === "1";
/** A 50-card deck: numbers 0-8, the six modifiers, one Second Chance, three Freezes, three Flip Threes. */
const SMALL = "9:0,10:0,11:0,12:0,chance:1";

function quiet(m: SoloModel): ActionModel {
  const a = m as ActionModel;
  a.log = () => {};
  return a;
}

/** Engine rounds (one player, a new game each, so every round starts from the full deck). */
function engineRounds(
  model: SoloModel,
  strategy: Strategy,
  n: number,
  seed: number,
) {
  const g = new Game(model.rules, [strategy], { seed });
  let sum = 0, sq = 0, busts = 0, flips = 0;
  for (let i = 0; i < n; i++) {
    g.newGame({ stream: i });
    const x = g.playRound()[0];
    sum += x;
    sq += x * x;
    const out = g.lastRoundOutcome(0);
    if (out === 1) busts++;
    if (out === 2) flips++;
    if (i % 4096 === 0) assert.equal(g.checkConservation(), null);
  }
  const mean = sum / n;
  return { mean, sd: Math.sqrt(sq / n - mean * mean), busts, flips, n };
}

function assertWithin4SE(
  label: string,
  sim: ReturnType<typeof engineRounds>,
  exact: { ev: number; sd: number; bust: number; flip7: number },
) {
  const { n } = sim;
  const z = (sim.mean - exact.ev) / (sim.sd / Math.sqrt(n));
  assert.ok(
    Math.abs(z) < 4,
    `${label}: engine ${sim.mean} vs ${exact.ev}, z=${z}`,
  );
  for (
    const [what, k, p] of [
      ["bust", sim.busts, exact.bust],
      ["Flip 7", sim.flips, exact.flip7],
    ] as [string, number, number][]
  ) {
    const zp = (k / n - p) / Math.sqrt(p * (1 - p) / n);
    assert.ok(Math.abs(zp) < 4, `${label}: ${what} ${k / n} vs ${p}, z=${zp}`);
  }
  assert.ok(Math.abs(sim.sd - exact.sd) < 0.2, `${label}: sd ${sim.sd}`);
}

Deno.test("action modes: 62 for the official deck, 42 kept across levels, topologically ordered", () => {
  const m = new ActionModes(3, 3);
  assert.equal(m.n, 62);
  assert.equal(m.nStored, 42);
  for (let i = 0; i < m.n; i++) {
    for (const t of [m.advN[i], m.advT[i], m.advF[i]]) {
      // a non-action card from a free mode stays in it (a larger modifier mask)
      if (t >= 0 && !(m.r[i] === 0 && t === i)) assert.ok(t > i, `${i}->${t}`);
    }
  }
  assert.equal(new ActionModes(0, 0).n, 1);
});

Deno.test("all94 without Freeze and Flip Three is the exact model, to the last bits", () => {
  const none = quiet(getModel("all94", "freeze:0,flip3:0"));
  const a = solveActions(none);
  const e = solve(getModel("exact"));
  assert.ok(Math.abs(a.ev - e.ev) < 1e-12, `${a.ev} vs ${e.ev}`);
  assert.equal(a.ev.toFixed(10), e.ev.toFixed(10));
});

Deno.test("deck-generic models: numbers and modifiers solve; the DP matches its forward pass", () => {
  const n = solve(getModel("numbers"));
  const m = solve(getModel("modifiers"));
  assert.equal(n.ev.toFixed(4), "18.5652");
  assert.equal(m.ev.toFixed(4), "20.2291");
  assert.equal(n.space.states, 262_143);
  const small = quiet(getModel("all94", SMALL));
  const s = solveActions(small);
  const f = evaluateTable(small.space(), s.hit, "dp");
  assert.ok(Math.abs(f.ev - s.ev) < 1e-9, `${f.ev} vs ${s.ev}`);
  const total = f.distribution.reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(total - 1) < 1e-9, `total ${total}`);
  assert.equal(small.modes.n, 62);
  // hitting forever ends in a bust, a Flip 7 or a Freeze
  const hit = evaluateDecider(small.space(), () => true, "hit");
  assert.ok(hit.bust + hit.flip7 < 1);
  assert.ok(Math.abs(hit.distribution.reduce((a, b) => a + b, 0) - 1) < 1e-9);
});

Deno.test("engine (standard rules, one player) playing the all94 optimum of a small deck agrees within 4 SE", () => {
  const model = quiet(getModel("all94", SMALL));
  const [opt, bust] = evaluatePolicies(["dp", "bust:0.3"], model);
  const dp = new DpStrategy(model);
  assert.ok(Math.abs(dp.table().ev - opt.ev) < 1e-9);
  assertWithin4SE("dp", engineRounds(model, dp, 200_000, 94), opt);
  assertWithin4SE(
    "bust:0.3",
    engineRounds(model, makeStrategy("bust:0.3"), 200_000, 95),
    bust,
  );
});

Deno.test("the all94 decisions are cached with the model's deck in the file name", () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-all94-" });
  try {
    const model = quiet(getModel("all94", SMALL));
    const log: string[] = [];
    clearDecisionMemo();
    const a = loadDecisions(model, { dir, log: (l) => log.push(l) });
    assert.equal(a.source, "solved");
    assert.match(cachePath(model, dir), /solo-dp-all94-[0-9a-f]{8}\.bin$/);
    clearDecisionMemo();
    const b = loadDecisions(model, { dir, log: (l) => log.push(l) });
    assert.equal(b.source, "cache");
    assert.equal(b.ev, a.ev);
    assert.deepEqual(b.hit, a.hit);
  } finally {
    clearDecisionMemo();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("bad decks are refused with one line and exit 2", async () => {
  const err = console.error;
  const lines: string[] = [];
  console.error = (s: string) => lines.push(s);
  try {
    for (
      const [counts, re] of [
        ["5:-1", /bad count -1 for '5': allowed whole numbers from 0/],
        [
          "0:0,1:0,2:0,3:0,4:0,5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0",
          /has no number card/,
        ],
        ["chance:9", /needs more than 31 bits of state/],
        ["x2:2", /allowed 0 or 1 copy of each modifier/],
        ["nine", /bad --deck-counts entry 'nine'/],
      ]
    ) {
      lines.length = 0;
      assert.equal(
        await main(
          [
            "solve",
            "--model",
            "all94",
            "--deck-counts",
            counts as string,
            "--no-file",
          ],
          { echo: false },
        ),
        2,
      );
      assert.equal(lines.length, 1, lines.join("\n"));
      assert.match(lines[0], re as RegExp);
    }
    lines.length = 0;
    assert.equal(
      await main([
        "solve",
        "--model",
        "exact",
        "--deck-counts",
        "freeze:3",
        "--no-file",
      ], {
        echo: false,
      }),
      2,
    );
    assert.match(lines[0], /'freeze' is not part of the 'exact' model/);
  } finally {
    console.error = err;
  }
});

Deno.test({
  name:
    "long: the 94-card solo game, solved exactly; the engine playing its optimum agrees within 4 SE",
  ignore: !LONG,
  fn() {
    const model = getModel("all94") as ActionModel;
    const t = loadDecisions(model); // solved (and cached) when the cache is missing
    assert.equal(t.ev.toFixed(4), "20.2976");
    assert.equal(model.denseStates(), 1_362_761_983);
    const opt = evaluateTable(t.space, t.hit, "dp");
    assert.ok(Math.abs(opt.ev - t.ev) < 1e-8, `${opt.ev} vs ${t.ev}`);
    const dp = new DpStrategy(model, t);
    assertWithin4SE("dp all94", engineRounds(model, dp, 1_000_000, 2026), opt);
  },
});

Deno.test("experiment deck-variants (quick): exact rows, rules at or below the optimum, class values", async () => {
  const r = await deckVariants.run({ seed: 1, quick: true, workers: 1 });
  assert.deepEqual(r.rows.map((x) => x.deck), [
    "numbers",
    "modifiers",
    "numbers-two-zeros",
  ]);
  for (const row of r.rows) {
    const opt = row.optimum as number;
    for (const c of ["best_sum_ev", "best_bust_ev", "best_count_ev"]) {
      assert.ok((row[c] as number) <= opt + 1e-9, `${row.deck} ${c}`);
    }
    assert.ok((row.always_hit_ev as number) < opt);
  }
  const [num, mod] = r.rows;
  assert.equal((num.optimum as number).toFixed(4), "18.5652");
  assert.ok(
    Math.abs(
      (mod.class_value as number) -
        ((mod.optimum as number) - (num.optimum as number)),
    ) < 2e-6,
  );
  // the best sum:N is a local maximum, checked by its neighbours
  const model = getModel("numbers");
  const [lo, at, hi] = evaluatePolicies(
    [
      `sum:${num.best_sum as number - 1}`,
      `sum:${num.best_sum}`,
      `sum:${num.best_sum as number + 1}`,
    ],
    model,
  );
  assert.ok(at.ev >= lo.ev && at.ev >= hi.ev);
  assert.equal(at.ev.toFixed(6), (num.best_sum_ev as number).toFixed(6));
});

Deno.test("round-law: the renewal equation and the quick decks' laws", async () => {
  assert.equal(roundsToReach([0, 1], 3), 3);
  assert.equal(roundsToReach([0.5, 0.5], 2), 4); // two successes at one half each
  const r = await roundLaw.run({ seed: 1, quick: true, workers: 1 });
  const numbers = r.rows.filter((x) => x.deck === "numbers");
  const total = numbers.reduce((a, x) => a + (x.probability as number), 0);
  assert.ok(Math.abs(total - 1) < 1e-9);
  const mean = numbers.reduce(
    (a, x) => a + (x.score as number) * (x.probability as number),
    0,
  );
  assert.equal(mean.toFixed(4), "18.5652");
  const rounds = (r.provenance.expected_rounds_to_200 as Record<string, number>)
    .numbers;
  assert.ok(rounds > 200 / mean && rounds < 200 / mean + 1.5, `${rounds}`);
});
