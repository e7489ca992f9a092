/**
 * Decision and training times of the win-probability agents.
 *
 * Decisions: the agent's own decision states are recorded from games against
 * `ev` (duel and standard, fixed seeds), then each bench iteration is one
 * decision on the next recorded state, in game order (so the per-round
 * caches behave as in play). The tables are the cached ones
 * (`.cache/winprob/v5`, as `deno task repro --only win-agent` leaves them);
 * a missing search table is replaced by a small one trained here, a missing
 * best-response table is computed and saved.
 *
 * Training: the duel table at the default budget (`DEFAULT_TRAINING`: games
 * per step, `sum:37` then three search steps) on two workers.
 *
 * @example
 * ```sh
 * deno task bench bench/winprob_bench.ts
 * ```
 * @module
 */
import { getRules, type Rules } from "../lib/game/rules.ts";
import { Game } from "../lib/game/engine.ts";
import { KINDS } from "../lib/game/cards.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import {
  DEFAULT_TRAINING,
  SearchStrategy,
} from "../lib/winprob/search_strategy.ts";
import { brTable, WinProbStrategy } from "../lib/winprob/winprob_strategy.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { searchTablePath, WTable } from "../lib/winprob/table.ts";
import { trainTable, trainTableSync } from "../lib/run/train.ts";

/** A frozen copy of a decision state. */
class Snapshot implements TableView {
  readonly players: number;
  readonly rules: Rules;
  private readonly seat: number[][] = [];
  private readonly exact = new Int32Array(KINDS);
  private readonly table = new Int32Array(KINDS);
  private readonly exactTotal: number;
  private readonly tableTotal: number;
  private readonly first: number;
  readonly round: number;
  constructor(v: TableView, readonly me: number) {
    this.players = v.players;
    this.rules = v.rules;
    this.round = v.round;
    this.first = v.firstOfRound();
    for (let s = 0; s < v.players; s++) {
      this.seat.push([
        v.lineMask(s),
        v.lineCount(s),
        v.numberSum(s),
        v.modMask(s),
        v.hasChance(s) ? 1 : 0,
        v.cardsInFront(s),
        v.roundScore(s),
        v.total(s),
        v.isActive(s) ? 1 : 0,
        v.seatStatus(s),
      ]);
    }
    for (let k = 0; k < KINDS; k++) {
      this.exact[k] = v.unseenExact(k);
      this.table[k] = v.unseenTable(k);
    }
    this.exactTotal = v.unseenExactTotal();
    this.tableTotal = v.unseenTableTotal();
  }
  lineMask(s: number) {
    return this.seat[s][0];
  }
  lineCount(s: number) {
    return this.seat[s][1];
  }
  numberSum(s: number) {
    return this.seat[s][2];
  }
  modMask(s: number) {
    return this.seat[s][3];
  }
  hasChance(s: number) {
    return this.seat[s][4] === 1;
  }
  cardsInFront(s: number) {
    return this.seat[s][5];
  }
  roundScore(s: number) {
    return this.seat[s][6];
  }
  total(s: number) {
    return this.seat[s][7];
  }
  isActive(s: number) {
    return this.seat[s][8] === 1;
  }
  seatStatus(s: number) {
    return this.seat[s][9];
  }
  firstOfRound() {
    return this.first;
  }
  unseenTable(k: number) {
    return this.table[k];
  }
  unseenTableTotal() {
    return this.tableTotal;
  }
  unseenExact(k: number) {
    return this.exact[k];
  }
  unseenExactTotal() {
    return this.exactTotal;
  }
}

/** The agent's decision states in `games` games against ev (seat rotated). */
function record(rules: string, games: number): Snapshot[] {
  const out: Snapshot[] = [];
  const ev = makeStrategy("ev");
  const probe: Strategy = {
    name: "probe",
    hit: (v, s) => {
      out.push(new Snapshot(v, s));
      return ev.hit(v, s);
    },
    target: (v, s, k) => ev.target(v, s, k),
  };
  const g = new Game(getRules(rules), [probe, ev], { seed: 11 });
  for (let i = 0; i < games; i++) {
    g.strategies = i % 2 ? [ev, probe] : [probe, ev];
    g.newGame({ stream: i });
    g.playGame();
  }
  return out;
}

function searchTable(rules: string): { w: WTable; note: string } {
  const w = WTable.loadSync(searchTablePath(rules));
  if (w) return { w, note: "" };
  const small = trainTableSync({
    rules,
    games: 200,
    iterations: 1,
    seed: 9001,
  });
  return { w: small.table, note: " [no cached table: a small one]" };
}

for (const rules of ["duel", "standard"]) {
  const states = record(rules, 60);
  const { w, note } = searchTable(rules);
  const agents: [string, Strategy][] = [
    ["search", new SearchStrategy(true, w)],
    ["search0", new SearchStrategy(false)],
    ["winprob", new WinProbStrategy({ table: brTable() })],
    ["ev", makeStrategy("ev")],
  ];
  for (const [name, agent] of agents) {
    let i = 0;
    Deno.bench({
      name: `${name}: one decision, ${rules}${name === "search" ? note : ""}`,
      group: `decision-${rules}`,
      baseline: name === "search",
      fn: () => {
        const s = states[i];
        agent.hit(s, s.me);
        i = i + 1 === states.length ? 0 : i + 1;
      },
    });
  }
}

for (const rules of ["duel", "standard"]) {
  Deno.bench({
    name:
      `training: ${rules} table, ${DEFAULT_TRAINING.games} games x ${DEFAULT_TRAINING.iterations} search steps (+ sum:37), 2 workers`,
    group: "training",
    n: 1,
    warmup: 0,
    async fn() {
      await trainTable({ rules, ...DEFAULT_TRAINING, workers: 2 });
    },
  });
}
