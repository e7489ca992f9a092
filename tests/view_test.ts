/**
 * The TableView carries what the win agents read (round number, first seat
 * of the round, each seat's status), so they play and learn the same in any
 * view, not only in the engine's `Game`.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { AdaptiveStrategy } from "../lib/winprob/adaptive.ts";
import { nextStarter } from "../lib/winprob/search_strategy.ts";
import { SumStrategy } from "../lib/strategies/sum.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { slow } from "./tier.ts";

/** A plain object that answers every TableView question by asking `v`. */
function mirror(v: TableView): TableView {
  return {
    rules: v.rules,
    players: v.players,
    get round() {
      return v.round;
    },
    firstOfRound: () => v.firstOfRound(),
    seatStatus: (s) => v.seatStatus(s),
    lineMask: (s) => v.lineMask(s),
    lineCount: (s) => v.lineCount(s),
    numberSum: (s) => v.numberSum(s),
    modMask: (s) => v.modMask(s),
    hasChance: (s) => v.hasChance(s),
    cardsInFront: (s) => v.cardsInFront(s),
    roundScore: (s) => v.roundScore(s),
    total: (s) => v.total(s),
    isActive: (s) => v.isActive(s),
    unseenTable: (k) => v.unseenTable(k),
    unseenTableTotal: () => v.unseenTableTotal(),
    unseenExact: (k) => v.unseenExact(k),
    unseenExactTotal: () => v.unseenExactTotal(),
  };
}

/** `inner`, shown the table through {@linkcode mirror} instead of the Game. */
function throughMirror(inner: Strategy): Strategy {
  return {
    name: inner.name,
    hit: (v, s) => inner.hit(mirror(v), s),
    target: (v, s, k) => inner.target(mirror(v), s, k),
    newGame: (v, s) => inner.newGame?.(mirror(v), s),
    roundEnd: (v, s) => inner.roundEnd?.(mirror(v), s),
  };
}

function playAdapt(wrap: boolean, seed: number): AdaptiveStrategy {
  const adapt = new AdaptiveStrategy();
  const me = wrap ? throughMirror(adapt) : adapt;
  const g = new Game(getRules("duel"), [me, new SumStrategy(25)], {
    seed,
  });
  g.playGame();
  return adapt;
}

// Slow: about 40 s, most of it before the first seed plays.
Deno.test(
  slow("adapt learns the same through any TableView as in the Game"),
  () => {
    for (const seed of [1, 2, 3]) {
      const inGame = playAdapt(false, seed), mirrored = playAdapt(true, seed);
      assert.ok(inGame.seen > 0, `seed ${seed}: adapt saw no decision`);
      assert.equal(mirrored.seen, inGame.seen, `seed ${seed}`);
      assert.deepEqual([...mirrored.logWeight], [...inGame.logWeight]);
    }
  },
);

Deno.test("nextStarter reads the first seat of the round off any view", () => {
  const g = new Game(getRules("duel"), [
    new SumStrategy(20),
    new SumStrategy(20),
  ]);
  g.playRound(); // round 1: seat 0 first, seat 1 starts the next
  assert.equal(g.round, 1);
  assert.equal(g.firstOfRound(), 0);
  const m = mirror(g);
  assert.equal(m.round, 1);
  assert.equal(nextStarter(m, 1), 0);
  assert.equal(nextStarter(m, 0), 1);
  assert.equal(nextStarter(m, 0), nextStarter(g, 0));
});
