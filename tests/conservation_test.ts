/**
 * Card conservation over many random games with random legal decisions and
 * random targets, under every preset and 1 to 8 players: after every event
 * (except between drawing a card and placing it) every card is in exactly one
 * place. CI plays 20,000 games; `deno task test:long` plays 1,000,000.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { PRESETS } from "../lib/game/rules.ts";
import { Rng } from "../lib/game/rng.ts";
import { RandomStrategy } from "./random_strategy.ts";

const LONG = Deno.env.get("FLIP7_LONG") === "1";
const GAMES = LONG ? 1_000_000 : 20_000;

Deno.test(`card conservation over ${GAMES} random games`, () => {
  const rng = new Rng(2026, 1);
  let games = 0, checks = 0, rounds = 0;
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
  assert.equal(games, GAMES);
  assert.ok(rounds > GAMES, `${rounds} rounds`);
  assert.ok(checks > 10 * GAMES, `${checks} checks`);
});
