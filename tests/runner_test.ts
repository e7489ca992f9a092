/**
 * The win-table training on the one runner: it counts the same increments
 * as alternating the starting seat, because a two-player game of one policy
 * with seat 1 first is the mirror image of the game with seat 0 first; and a
 * training chunk does not depend on how the range is cut.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/engine.ts";
import { getRules } from "../lib/rules.ts";
import { makeStrategy } from "../lib/strategies/registry.ts";
import { SearchStrategy } from "../lib/strategies/search.ts";
import { trainChunk } from "../lib/winprob/train.ts";
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
