/**
 * Card conservation over many random games with random legal decisions and
 * random targets, under every preset and 1 to 8 players: after every event
 * (except between drawing a card and placing it) every card is in exactly one
 * place. CI plays 20,000 games; `deno task test:long` plays 1,000,000.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { Pile } from "../lib/game/pile.ts";
import { PRESETS } from "../lib/game/rules.ts";
import { Rng } from "../lib/game/rng.ts";
import { RandomStrategy } from "./random_strategy.ts";

const LONG = Deno.env.get("FLIP7_LONG") === "1";
const GAMES = LONG ? 1_000_000 : 20_000;

Deno.test(`card conservation over ${GAMES} random games`, () => {
  const rng = new Rng(2026, 1);
  let games = 0, checks = 0, rounds = 0, ended = 0;
  // the events after which conservation was checked, by type
  const seen = new Map<string, number>();
  const setups: Game[] = [];
  for (const rules of PRESETS) {
    for (let n = rules.minPlayers; n <= Math.min(rules.maxPlayers, 8); n++) {
      const seats = Array.from(
        { length: n },
        (_, i) => new RandomStrategy(rng, [0.5, 0.7, 0.9][i % 3]),
      );
      const game: Game = new Game(rules, seats, { seed: 7 });
      game.listener = (e) => {
        if (e.type === "deal" || e.type === "draw") return;
        if (e.type === "round_end") rounds++;
        if (e.type === "game_end") ended++;
        seen.set(e.type, (seen.get(e.type) ?? 0) + 1);
        checks++;
        const bad = game.checkConservation();
        if (bad !== null) {
          throw new Error(
            `${rules.name}, ${n} players, game ${games}: ${bad} after ${
              JSON.stringify(e)
            }`,
          );
        }
      };
      setups.push(game);
    }
  }
  for (let g = 0; g < GAMES; g++) {
    const game = setups[g % setups.length];
    game.newGame({ seed: 99, stream: g });
    game.playGame(60);
    games++;
  }
  // every game ran to its end (the listener saw its game_end), and the
  // random games reached every kind of event the engine emits but a run-out
  // (which never happens to eight players or fewer: the engine's module doc)
  assert.equal(ended, GAMES);
  assert.deepEqual([...seen.keys()].sort(), [
    "bust",
    "chance_discarded",
    "discard",
    "dropped",
    "fizzle",
    "flip7",
    "flip_three",
    "freeze",
    "game_end",
    "give",
    "pass",
    "play",
    "reshuffle",
    "round_end",
    "round_start",
    "save",
    "set_aside",
    "stay",
    "steal",
    "swap",
    "wipe",
  ]);
  assert.ok(rounds > GAMES, `${rounds} rounds`);
  assert.ok(checks > 10 * GAMES, `${checks} checks`);
});

Deno.test("the conservation check finds a card lost or made, wherever it is", () => {
  const rules = PRESETS[0];
  const fresh = () => {
    const g = new Game(
      rules,
      [
        new RandomStrategy(new Rng(1, 2), 0.7),
        new RandomStrategy(new Rng(1, 3), 0.7),
      ],
      { seed: 5 },
    );
    g.newGame();
    g.playRound();
    assert.equal(g.checkConservation(), null);
    // the engine's own tallies (and its pile's), reached past `private` to break them
    return g as unknown as
      & Record<"discardCounts" | "frontCounts" | "deckCounts", Int32Array>
      & { deck: { counts: Int32Array } }
      & { checkConservation(): string | null };
  };
  const kind = 12; // the 12s: the deck has twelve
  for (
    const tally of [
      "pileCounts",
      "discardCounts",
      "frontCounts",
      "deckCounts",
    ] as const
  ) {
    for (const delta of [1, -1]) {
      const g = fresh();
      (tally === "pileCounts" ? g.deck.counts : g[tally])[kind] += delta;
      assert.notEqual(g.checkConservation(), null, `${tally} ${delta}`);
    }
  }
});

Deno.test("the pile's counts are exact whenever read, however reads and draws interleave", () => {
  // Pile.counts is brought up to date when read (a draw leaves it alone):
  // read it at random moments of random rounds (or not at all for a whole
  // round), with reshuffles and with stacked cards, and compare it with a
  // recount of the pile array
  const rng = new Rng(37, 1);
  for (
    const [rules, stack] of PRESETS.flatMap((r) =>
      [[r, []], [r, [12, 0, 12]]] as const
    )
  ) {
    const pile = new Pile(rules, stack, false);
    const recount = new Int32Array(rules.cards.kinds);
    const front = new Int32Array(rules.cards.kinds);
    for (let round = 0; round < 300; round++) {
      if (round % 3 === 0) pile.newGame(1, round, round % 2 === 0);
      const reads = rng.below(3); // 0: no read this round
      const draws = rng.below(pile.size + 10);
      for (let d = 0; d < draws; d++) {
        let k = pile.draw();
        if (k < 0 && pile.reshuffle() > 0) k = pile.draw();
        if (k < 0) break;
        if (rng.below(4) === 0) pile.discard(k);
        if (reads > 0 && rng.below(reads === 1 ? 20 : 3) === 0) {
          pile.recount(recount);
          assert.deepEqual(
            pile.counts,
            recount,
            `${rules.name} round ${round}`,
          );
        }
      }
      // (a check reads the counts too: only in some rounds before the gather)
      if (reads === 2) {
        assert.equal(pile.check(), null, `${rules.name} round ${round}`);
      }
      if (round % 3 !== 2) {
        pile.gatherAll(front);
        assert.equal(pile.check(), null);
        assert.deepEqual(pile.counts, pile.deckCounts);
      }
    }
  }
});
