/**
 * The win-table training on the one runner: it counts the same increments
 * as alternating the starting seat, because a two-player game of one policy
 * with seat 1 first is the mirror image of the game with seat 0 first; and a
 * training chunk does not depend on how the range is cut. And the runner's
 * round-mode sums (its one-seat loop and the general one) are the engine's
 * rounds counted by hand.
 */
import assert from "node:assert/strict";
import { Game, OUT_BUST, OUT_FLIP7 } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { MAX_ROUND_SCORE, playRange } from "../lib/run/runner.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { SearchStrategy } from "../lib/winprob/search_strategy.ts";
import { trainChunk } from "../lib/run/train.ts";
import { WTable } from "../lib/winprob/table.ts";

Deno.test("self-play: seat 1 first is the mirror image of seat 0 first", () => {
  const table = WTable.symmetric(200, 2, 0.5);
  for (const rules of ["duel", "standard"]) {
    for (
      const mk of [
        () => makeStrategy("sum:37"),
        () => new SearchStrategy(true, table),
      ]
    ) {
      const a = new Game(getRules(rules), [mk(), mk()], { seed: 9001 });
      const b = new Game(getRules(rules), [mk(), mk()], { seed: 9001 });
      for (let g = 0; g < 40; g++) {
        a.newGame({ seed: 9001, stream: g, firstSeat: 0 });
        b.newGame({ seed: 9001, stream: g, firstSeat: 1 });
        while (!a.isGameOver()) {
          const x = Array.from(a.playRound()), y = Array.from(b.playRound());
          assert.deepEqual(y, [x[1], x[0]], `${rules} game ${g}`);
        }
        assert.ok(b.isGameOver());
      }
    }
  }
});

Deno.test("training chunks: the same counts however the range is cut", () => {
  const args = {
    rules: "duel",
    seed: 9001,
    policy: "sum:37",
    table: null,
    target: 200,
  };
  const dense = (parts: ReturnType<typeof trainChunk>[]) => {
    const m = new Map<number, number>();
    let rounds = 0;
    for (const p of parts) {
      p.index.forEach((i, j) => m.set(i, (m.get(i) ?? 0) + p.count[j]));
      rounds += p.rounds;
    }
    return { m: [...m].sort((x, y) => x[0] - y[0]), rounds };
  };
  const whole = dense([trainChunk(args, 0, 60)]);
  const cut = dense([
    trainChunk(args, 0, 17),
    trainChunk(args, 17, 18),
    trainChunk(args, 18, 60),
  ]);
  assert.deepEqual(cut, whole);
  assert.ok(whole.rounds > 300);
});

Deno.test("playRange, round mode: every sum is the engine's rounds counted by hand (one seat and two)", () => {
  for (
    const [rules, policies] of [
      ["solo-model", ["sum:20"]],
      ["standard", ["bust:0.25"]],
      ["standard", ["ev", "sum:25"]],
    ] as const
  ) {
    const from = 37, to = 1237, n = policies.length;
    const acc = playRange(
      { rules, policies: [...policies], seed: 11, count: to, mode: "round" },
      from,
      to,
    );
    const points = new Array(n).fill(0), sq = new Array(n).fill(0);
    const busts = new Array(n).fill(0), flip7s = new Array(n).fill(0);
    const cross = new Array(n * n).fill(0);
    const hist = policies.map(() => new Array(MAX_ROUND_SCORE + 1).fill(0));
    for (let k = from; k < to; k++) {
      // seat i plays policy (i + k) mod n, on stream k from a fresh deck
      const seats = policies.map((_, i) => makeStrategy(policies[(i + k) % n]));
      const game = new Game(getRules(rules), seats, { seed: 11, stream: k });
      const scores = Array.from(game.playRound());
      const y = new Array(n).fill(0);
      scores.forEach((x, i) => {
        const p = (i + k) % n;
        y[p] += x;
        sq[p] += x * x;
        hist[p][Math.min(x, MAX_ROUND_SCORE)]++;
        const o = game.lastRoundOutcome(i);
        if (o === OUT_BUST) busts[p]++;
        if (o === OUT_FLIP7) flip7s[p]++;
      });
      for (let a = 0; a < n; a++) {
        points[a] += y[a];
        for (let b = 0; b < n; b++) cross[a * n + b] += y[a] * y[b];
      }
    }
    const label = `${rules} ${policies}`;
    assert.equal(acc.games, to - from, label);
    assert.equal(acc.rounds, to - from, label);
    assert.equal(acc.rounds_sq, to - from, label);
    assert.deepEqual(acc.points, points, label);
    assert.deepEqual(acc.points_rounds, points, label);
    assert.deepEqual(acc.seat_points_sq, sq, label);
    assert.deepEqual(acc.points_cross, cross, label);
    assert.deepEqual(acc.busts, busts, label);
    assert.deepEqual(acc.flip7s, flip7s, label);
    assert.deepEqual(acc.score_hist, hist, label);
    assert.ok(busts[0] > 0, label);
  }
});
