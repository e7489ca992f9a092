/**
 * Statistical checks of the engine and the simulator, each within a stated
 * number of standard errors, on fixed seeds.
 */
import assert from "node:assert/strict";
import { runMatch, runRounds } from "../lib/run/sim.ts";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { evaluatePolicies } from "../lib/run/evaluate.ts";

Deno.test("symmetric matches: ev,ev,ev gives each seat-policy 1/3 within 4 SE", async () => {
  const games = 30_000;
  const m = await runMatch({
    rules: "standard",
    policies: ["ev", "ev", "ev"],
    games,
    seed: 11,
  });
  const se = Math.sqrt((1 / 3) * (2 / 3) / games);
  for (const r of m.rows) {
    assert.ok(
      Math.abs(r.win_share - 1 / 3) < 4 * se,
      `${r.win_share} vs 1/3 ± ${se}`,
    );
  }
  const total = m.rows.reduce((a, r) => a + r.wins + r.draws, 0);
  assert.equal(total, games); // ties at the top play on: every game has one winner
});

Deno.test("symmetric matches: ev,ev,ev,ev under immediate-actions gives 1/4 within 4 SE", async () => {
  const games = 20_000;
  const m = await runMatch({
    rules: "immediate-actions",
    policies: ["ev", "ev", "ev", "ev"],
    games,
    seed: 12,
  });
  const se = Math.sqrt((1 / 4) * (3 / 4) / games);
  for (const r of m.rows) {
    assert.ok(Math.abs(r.win_share - 1 / 4) < 4 * se, `${r.win_share}`);
  }
});

Deno.test("solo-model: round -p sum:20 has mean about 20.26, the exact model's value, within 4 SE", async () => {
  const [row] = await runRounds({
    rules: "solo-model",
    policies: ["sum:20"],
    rounds: 400_000,
    seed: 3,
  });
  const [exact] = evaluatePolicies(["sum:20"], "exact");
  assert.equal(exact.ev.toFixed(2), "20.26");
  assert.ok(
    Math.abs(row.mean - exact.ev) < 4 * row.se,
    `${row.mean} ± ${row.se} vs ${exact.ev}`,
  );
  assert.ok(row.se < 0.025);
});

Deno.test("same seed gives byte-identical results whatever the number of workers", async () => {
  const a = await runMatch({
    rules: "standard",
    policies: ["ev", "bust:0.25", "sum:20"],
    games: 3000,
    seed: 5,
    workers: 1,
  });
  const b = await runMatch({
    rules: "standard",
    policies: ["ev", "bust:0.25", "sum:20"],
    games: 3000,
    seed: 5,
    workers: 2,
  });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  const c = await runRounds({
    rules: "solo-model",
    policies: ["ev"],
    rounds: 5000,
    seed: 5,
    workers: 1,
  });
  const d = await runRounds({
    rules: "solo-model",
    policies: ["ev"],
    rounds: 5000,
    seed: 5,
    workers: 2,
  });
  assert.equal(JSON.stringify(c), JSON.stringify(d));
  const e = await runMatch({
    rules: "standard",
    policies: ["ev", "bust:0.25", "sum:20"],
    games: 3000,
    seed: 6,
    workers: 1,
  });
  assert.notEqual(JSON.stringify(a), JSON.stringify(e));
});

Deno.test("a game depends only on its seed and stream, not on the games played before it", () => {
  const specs = ["ev", "bust:0.25", "sum:20", "evc"];
  const fresh = (g: number) => {
    const game = new Game(getRules("standard"), specs.map(makeStrategy), {
      seed: 8,
      stream: g,
    });
    return JSON.stringify(game.playGame());
  };
  const reused = new Game(getRules("standard"), specs.map(makeStrategy), {
    seed: 8,
  });
  for (let g = 0; g < 60; g++) {
    reused.newGame({ seed: 8, stream: g });
    assert.equal(JSON.stringify(reused.playGame()), fresh(g), `game ${g}`);
  }
});

Deno.test("duel: a tie at 200 is a draw and counts for neither side", async () => {
  const m = await runMatch({
    rules: "duel",
    policies: ["sum:20", "sum:20"],
    games: 4000,
    seed: 2,
  });
  const wins = m.rows[0].wins + m.rows[1].wins;
  assert.equal(wins + m.rows[0].draws, 4000);
  assert.equal(m.rows[0].draws, m.rows[1].draws);
});
