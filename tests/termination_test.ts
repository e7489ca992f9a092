/**
 * Termination: every game ends, for every preset, 1-18 seats and any
 * policies, including tables where every seat always hits. Each round draws
 * at most twice the deck (one reshuffle a round; see the engine's module
 * doc), and cards are conserved throughout.
 *
 * @module
 */
import assert from "node:assert/strict";
import { Game, MAX_ROUNDS } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import { Rng } from "../lib/game/rng.ts";
import { deckSize, getRules, PRESETS, type Rules } from "../lib/game/rules.ts";
import { parseSpecs } from "../lib/run/registry.ts";
import type { Strategy } from "../lib/game/view.ts";
import { RandomStrategy } from "./random_strategy.ts";

/** Play a whole game, counting draws per round; asserts the bound and conservation. */
function playBounded(
  rules: Rules,
  strategies: Strategy[],
  seed: number,
): { rounds: number; maxDraws: number; reshuffles: number } {
  let draws = 0, maxDraws = 0, reshuffles = 0, inRound = 0;
  const bound = 2 * deckSize(rules);
  const listener = (e: GameEvent) => {
    if (e.type === "deal" || e.type === "draw") {
      draws++;
      if (draws > bound) {
        throw new Error(`round drew more than ${bound} cards (seed ${seed})`);
      }
    } else if (e.type === "reshuffle") {
      reshuffles++;
      inRound++;
      assert.ok(inRound <= 1, "two reshuffles in one round");
    } else if (e.type === "round_end") {
      maxDraws = Math.max(maxDraws, draws);
      draws = 0;
      inRound = 0;
    }
  };
  const g = new Game(rules, strategies, { seed, listener });
  g.newGame();
  while (!g.isGameOver() && g.round < MAX_ROUNDS) {
    g.playRound();
    assert.equal(g.checkConservation(), null);
  }
  return { rounds: g.round, maxDraws, reshuffles };
}

const alternating = (n: number) =>
  Array.from({ length: n }, (_, i) => (i % 2 ? "count:7" : "sum:1000")).join(
    ",",
  );

Deno.test("termination: 18 seats alternating sum:1000,count:7, seed 3 (hung before)", () => {
  const r = playBounded(getRules("standard"), parseSpecs(alternating(18)), 3);
  assert.ok(r.rounds >= 1);
  assert.ok(r.maxDraws <= 2 * 94);
});

Deno.test("termination: always-hit tables of every size and preset end, draws per round bounded", () => {
  for (const rules of PRESETS) {
    for (let n = rules.minPlayers; n <= rules.maxPlayers; n++) {
      for (const seed of [1, 2, 3]) {
        const specs = rules.name === "duel"
          ? "count:7,sum:1000"
          : alternating(n);
        const r = playBounded(rules, parseSpecs(specs), seed);
        assert.ok(r.maxDraws <= 2 * deckSize(rules), `${rules.name} ${n}`);
      }
    }
  }
});

Deno.test("termination: random policies at random table sizes end within the bound", () => {
  const rng = new Rng(20261201);
  for (let i = 0; i < 120; i++) {
    const rules = PRESETS[rng.below(PRESETS.length)];
    const n = rules.minPlayers +
      rng.below(rules.maxPlayers - rules.minPlayers + 1);
    const hitRate = [0.5, 0.9, 0.99, 1][rng.below(4)];
    const seats = Array.from(
      { length: n },
      () => new RandomStrategy(rng, hitRate),
    );
    playBounded(rules, seats, i);
  }
});

Deno.test("termination: the reshuffle rule never bites at ten seats or fewer (no second run-out)", () => {
  // the rule ends a round only at a second run-out; count them at 2-10 always-hit seats
  let ended = 0;
  for (let n = 2; n <= 10; n++) {
    for (let seed = 1; seed <= 5; seed++) {
      const g = new Game(getRules("standard"), parseSpecs(alternating(n)), {
        seed,
        listener: (e) => {
          if (e.type === "deck_exhausted") ended++;
        },
      });
      g.playGame();
    }
  }
  assert.equal(ended, 0);
});

Deno.test("termination: a game stops after MAX_ROUNDS rounds instead of throwing", () => {
  // a one-seat table whose only policy never scores cannot reach 200
  const rules: Rules = { ...getRules("standard"), target: 1e9 };
  const g = new Game(rules, parseSpecs("sum:1000"), { seed: 1 });
  const r = g.playGame(50);
  assert.equal(r.rounds, 50);
  assert.equal(MAX_ROUNDS, 10000);
});
