/**
 * Decision and training times of the win-probability agents.
 *
 * @example
 * ```sh
 * deno task bench bench/winprob_bench.ts
 * ```
 * @module
 */
import { getRules } from "../lib/rules.ts";
import { Game } from "../lib/engine.ts";
import { SearchStrategy } from "../lib/strategies/search.ts";
import { WinProbStrategy } from "../lib/strategies/winprob.ts";
import type { Strategy, TableView } from "../lib/view.ts";
import { WTable } from "../lib/winprob/table.ts";
import { trainTableSync } from "../lib/winprob/train.ts";

const w2 = WTable.symmetric(200, 2, 0.5);
const w1 = WTable.symmetric(200, 1, 0.5);

/** Record decision points of real duel games so the bench replays states, not games. */
function decisionsPerGame(make: () => Strategy): () => number {
  let calls = 0;
  const inner = make();
  const counting: Strategy = {
    name: inner.name,
    hit: (v: TableView, s: number) => {
      calls++;
      return inner.hit(v, s);
    },
    target: (v: TableView, s: number, k: number) => inner.target(v, s, k),
  };
  const g = new Game(getRules("duel"), [counting, counting], { seed: 11 });
  let stream = 0;
  return () => {
    calls = 0;
    g.newGame({ stream: stream++ });
    g.playGame();
    return calls;
  };
}

for (
  const [name, make] of [
    ["search", () => new SearchStrategy(true, w2)],
    ["search0", () => new SearchStrategy(false)],
    ["winprob", () => new WinProbStrategy(w1)],
  ] as [string, () => Strategy][]
) {
  const play = decisionsPerGame(make);
  // a duel game has about 40 decisions; time per decision = time per game / decisions
  let n = 0;
  for (let i = 0; i < 20; i++) n += play();
  const perGame = n / 20;
  Deno.bench({
    name: `${name}: one duel self-play game (~${perGame.toFixed(0)} decisions)`,
    group: "decision",
    fn: () => {
      play();
    },
  });
}

Deno.bench({
  name: "training: duel table, 12,000 games x 4 steps, one thread",
  group: "training",
  n: 1,
  warmup: 0,
  fn: () => {
    trainTableSync({ rules: "duel", games: 12000, iterations: 3, seed: 9001 });
  },
});
