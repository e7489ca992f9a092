/**
 * A game depends only on its seed and stream: a Game reused through
 * `newGame` — after whole games, after single rounds (the runner's round
 * mode), after reshuffles and after a round cut short by a throwing strategy
 * — plays exactly the events a freshly built Game plays. This is what keeps
 * the runner's results independent of how its index range is cut up, and
 * what `newGame`'s shortcuts (restoring only the pile positions draws
 * touched, clearing only what a round left) must preserve.
 */
import assert from "node:assert/strict";
import { parseCards } from "../lib/game/cards.ts";
import { Game } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import { PRESETS, type Rules } from "../lib/game/rules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import type { Strategy } from "../lib/game/view.ts";

const POLICIES = ["ev", "sum:25", "bust:0.25", "count:4", "sum:1000"];

function seatsFor(rules: Rules, n: number): Strategy[] {
  return Array.from(
    { length: n },
    (_, i) => makeStrategy(POLICIES[(i + rules.name.length) % 5]),
  );
}

/** Events of `play` on `game`, as JSON lines, conservation checked after each. */
function record(game: Game, play: () => void): string[] {
  const out: string[] = [];
  game.listener = (e: GameEvent) => {
    out.push(JSON.stringify(e));
    if (e.type !== "deal" && e.type !== "draw") {
      assert.equal(game.checkConservation(), null, JSON.stringify(e));
    }
  };
  play();
  game.listener = null;
  return out;
}

/** Throws on its `after`-th decision (a strategy that fails mid-round). */
class Thrower implements Strategy {
  readonly name = "thrower";
  calls = 0;
  constructor(private readonly after: number) {}
  hit(): boolean {
    if (++this.calls === this.after) throw new Error("thrower");
    return true;
  }
  target(): number {
    throw new Error("thrower");
  }
}

Deno.test("newGame: a reused Game replays a fresh Game's games and rounds, event for event", () => {
  for (const rules of PRESETS) {
    for (const n of [rules.minPlayers, Math.min(rules.maxPlayers, 4)]) {
      const reused = new Game(rules, seatsFor(rules, n), { seed: 5 });
      for (let k = 0; k < 40; k++) {
        // history: a whole game, single rounds, or a game cut short
        const kind = k % 4;
        if (kind === 0) reused.newGame({ seed: 5, stream: 1000 + k });
        if (kind <= 1) reused.playGame(k % 7 + 1);
        else if (kind === 2) {
          reused.newGame({ seed: 5, stream: 1000 + k });
          reused.playRound();
        } else {
          const strategies = reused.strategies;
          reused.strategies = strategies.map(() => new Thrower(k % 5 + 1));
          reused.newGame({ seed: 5, stream: 1000 + k });
          assert.throws(() => reused.playGame(), /thrower/);
          reused.strategies = strategies;
        }
        const label = `${rules.name}, ${n} seats, k ${k}`;
        const fresh = new Game(rules, seatsFor(rules, n), {
          seed: 5,
          stream: k,
        });
        const want = record(fresh, () => fresh.playGame(k % 2 ? 3 : 60));
        reused.newGame({ seed: 5, stream: k });
        const got = record(reused, () => reused.playGame(k % 2 ? 3 : 60));
        assert.deepEqual(got, want, label);
        // and one round from a fresh deck, as the runner's round mode plays it
        const one = new Game(rules, seatsFor(rules, n), { seed: 6, stream: k });
        const wantRound = record(one, () => one.playRound());
        reused.newGame({ seed: 6, stream: k });
        assert.deepEqual(
          record(reused, () => reused.playRound()),
          wantRound,
          label,
        );
      }
    }
  }
});

Deno.test("newGame: with a stacked deck the stack comes back on top of every new game", () => {
  const rules = PRESETS.find((r) => r.name === "standard")!;
  const stack = parseCards("5,5,7,x2");
  const seats = () => [makeStrategy("ev"), makeStrategy("sum:20")];
  const reused = new Game(rules, seats(), { seed: 2, stack });
  for (let k = 0; k < 20; k++) {
    reused.newGame({ seed: 2, stream: k });
    const got = record(reused, () => reused.playGame(k % 3 + 1));
    const fresh = new Game(rules, seats(), { seed: 2, stream: k, stack });
    assert.deepEqual(got, record(fresh, () => fresh.playGame(k % 3 + 1)));
  }
});
