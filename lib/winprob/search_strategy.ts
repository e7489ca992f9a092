/**
 * `search` and `search0` — seed 001's agent (docs/winprob.md): the two-ply
 * round search ({@linkcode SearchCore}) with leaves valued by the trained win
 * table `W[t0, t1, s]` (`search`) or by the expected round-score difference
 * (`search0`). With more than two players the opponent modelled is the other
 * seat with the highest total plus round score; alone at the table it plays
 * `evc`. The table is given, or provided per rules preset by
 * `searchTableFor` (`provide.ts`) at the first decision. A Freeze goes to
 * whichever of the two the search values more, a Flip Three by
 * {@linkcode flipThreeTarget}, a spare Second Chance by the shared
 * heuristics.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SearchStrategy } from "./search_strategy.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const s = new SearchStrategy(false); // search0: needs no table
 * const g = new Game(withRules(getRules("duel"), { target: 60 }), [s, makeStrategy("ev")], { seed: 3 });
 * const { totals } = g.playGame();
 * assert.ok(Math.max(...totals) >= 60);
 * ```
 * @module
 */

import { FLIP3, FREEZE } from "../game/cards.ts";
import type { Strategy, TableView } from "../game/view.ts";
import { SearchCore } from "./search.ts";
import { searchTableFor } from "./provide.ts";
import type { WTable } from "./table.ts";
import { oneCardValue } from "../strategies/estimate.ts";
import { defaultTarget, flipThreeTarget } from "../strategies/targeting.ts";

// the tables are provided by lib/winprob/provide.ts (re-exported here for
// the callers that knew them here)
export {
  DEFAULT_TRAINING,
  searchTableFor,
  searchTableIdentity,
  setSearchTable,
} from "./provide.ts";

/**
 * The opponent modelled by `seat`: the other seat with the highest total
 * plus round score (-1 when alone).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const duel = new Game(getRules("duel"), [makeStrategy("ev"), makeStrategy("ev")], { seed: 1 });
 * assert.equal(mainOpponent(duel, 0), 1); // the only other seat
 * assert.equal(mainOpponent(duel, 1), 0);
 * // at three seats: the other seat with the highest total plus round score
 * const g = new Game(getRules("standard"), ["ev", "sum:10", "sum:30"].map((x) => makeStrategy(x)), { seed: 2 });
 * g.playRound();
 * const [a, b] = [1, 2].map((t) => g.total(t) + g.roundScore(t));
 * assert.equal(mainOpponent(g, 0), a >= b ? 1 : 2);
 * ```
 */
export function mainOpponent(view: TableView, seat: number): number {
  let best = -1, bestScore = -Infinity;
  for (let i = 1; i < view.players; i++) {
    const t = (seat + i) % view.players;
    const sc = view.total(t) + view.roundScore(t) +
      (view.isActive(t) ? 0.5 : 0);
    if (sc > bestScore) {
      bestScore = sc;
      best = t;
    }
  }
  return best;
}

/**
 * 0 when `seat` starts the next round, else 1 (read off the view: the seat
 * after this round's first).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const game = new Game(getRules("duel"), [makeStrategy("ev"), makeStrategy("ev")], { seed: 1 });
 * game.playRound();
 * // heads-up the start alternates: exactly one of the two starts the next round
 * assert.deepEqual([nextStarter(game, 0), nextStarter(game, 1)].sort(), [0, 1]);
 * assert.equal(nextStarter(game, (game.firstOfRound() + 1) % 2), 0);
 * ```
 */
export function nextStarter(view: TableView, seat: number): number {
  const next = (view.firstOfRound() + 1) % view.players;
  return next === seat ? 0 : 1;
}

/**
 * Seed 001's two-ply search agent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(new SearchStrategy(true).name, "search"); // leaves valued by the trained table
 * assert.equal(new SearchStrategy(false).name, "search0"); // by the expected score difference
 * assert.equal(new SearchStrategy(false, null, 2, "bank").name, "search0-bank");
 * ```
 */
export class SearchStrategy implements Strategy {
  /** `search` or `search0`. */
  readonly name: string;
  private core: SearchCore | null = null;
  private rulesName = "";

  /**
   * The agent; without a fixed `table` it loads (or trains) the table of the
   * rules in play on its first decision.
   *
   * @param useTable value leaves by the win table (else by the expected score difference)
   * @param table a fixed table, or what gives it on the first decision (else
   *   the cached table of the rules in play)
   * @param depth decision plies searched
   * @param leafMode `continue` (default) or `bank` (an ablation: everyone
   *   banks their line at a leaf)
   * @param opponent `min` (default) or `ev`: the opponent's hits and stays
   *   in the search are `ev`'s ({@linkcode SearchCore})
   * @param name the strategy's name (default from the options)
   */
  constructor(
    readonly useTable: boolean,
    private readonly table: WTable | (() => WTable) | null = null,
    readonly depth = 2,
    readonly leafMode: "continue" | "bank" = "continue",
    readonly opponent: "min" | "ev" = "min",
    name?: string,
  ) {
    this.name = name ?? (useTable ? "search" : "search0") +
        (leafMode === "bank" ? "-bank" : "");
  }

  /** The search for the rules of `view` (the cached table's rebuilt when the rules change). */
  private coreFor(view: TableView): SearchCore {
    const t = this.table, rules = view.rules.name;
    if (!this.core || (this.useTable && !t && this.rulesName !== rules)) {
      this.rulesName = rules;
      const table = !this.useTable
        ? null
        : typeof t === "function"
        ? t()
        : t ?? searchTableFor(rules);
      this.core = new SearchCore(
        table,
        this.depth,
        this.leafMode,
        this.opponent,
      );
    }
    return this.core;
  }

  /** Hit when the search values hitting above staying. */
  hit(view: TableView, seat: number): boolean {
    const opp = mainOpponent(view, seat);
    if (opp < 0) return oneCardValue(view, seat, true) > view.roundScore(seat);
    const core = this.coreFor(view);
    core.load(view, seat, opp, nextStarter(view, seat));
    return core.hitValue() > core.stayValue();
  }

  /**
   * A Freeze by search value, a Flip Three by
   * {@linkcode flipThreeTarget}, a spare Second Chance by the shared
   * heuristics.
   */
  target(view: TableView, seat: number, kind: number): number {
    const opp = mainOpponent(view, seat);
    if (opp >= 0 && view.isActive(seat) && view.isActive(opp)) {
      if (kind === FREEZE) {
        const core = this.coreFor(view);
        core.load(view, seat, opp, nextStarter(view, seat));
        return core.freezeValue(1) >= core.freezeValue(0) ? opp : seat;
      }
      if (kind === FLIP3) return flipThreeTarget(view, seat, opp);
    }
    return defaultTarget(view, seat, kind);
  }
}
