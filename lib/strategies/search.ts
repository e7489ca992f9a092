/**
 * `search` and `search0` — seed 001's agent: a two-ply expectiminimax over
 * the current round (my move, then the opponent's, chance nodes weighted by
 * the exact draw pile), leaves valued by the trained win table `W[t0, t1, s]`
 * (`search`) or by the expected round-score difference (`search0`, the same
 * search without the table). At a leaf a player still in the round is not
 * assumed to bank: its final round score follows the exact continuation law
 * of the number-sum maximiser from its line ({@linkcode SearchCore}). With
 * more than two players the opponent modelled is the other seat with the
 * highest total plus round score; alone at the table, it plays `evc`.
 *
 * The table of a rules preset is loaded from
 * `.cache/winprob/v4/search-<rules>.wtab` at the first decision; when it is
 * missing it is trained in this thread (with a message on stderr) and saved.
 * The `win-agent` experiment trains it in parallel beforehand.
 *
 * Targeting: a Freeze goes to whichever of the two (me, the opponent) the
 * search values more; a Flip Three is kept while the line is empty, else
 * given to the opponent ({@linkcode flipThreeTarget}); a spare Second Chance
 * follows the shared heuristics.
 *
 * @example
 * ```ts
 * import { SearchStrategy } from "./search.ts";
 * const s = new SearchStrategy(false); // search0: needs no table
 * ```
 * @module
 */

import { FLIP3, FREEZE } from "../cards.ts";
import { Game } from "../engine.ts";
import type { Strategy, TableView } from "../view.ts";
import { SearchCore } from "../winprob/search.ts";
import { searchTablePath, WTable } from "../winprob/table.ts";
import { REGION_CUTS, trainTableSync } from "../winprob/train.ts";
import { getRules } from "../rules.ts";
import { oneCardValue } from "./estimate.ts";
import { defaultTarget, flipThreeTarget } from "./targeting.ts";

/**
 * Default training budget of the cached tables: self-play games per step,
 * policy-iteration steps after the `sum:37` start, and the training seed
 * (9001 and up; evaluation seeds are checked to differ).
 */
export const DEFAULT_TRAINING = { games: 4000, iterations: 3, seed: 9001 };

const loaded = new Map<string, WTable>();

/**
 * What the header of a rules preset's cached search table must say: its
 * kind, rules, target and the default training (games, steps, seed, start,
 * score regions).
 *
 * @example
 * ```ts
 * searchTableIdentity("duel").kind; // "search"
 * ```
 */
export function searchTableIdentity(rules: string): Record<string, unknown> {
  return {
    kind: "search",
    rules,
    target: getRules(rules).target,
    sides: 2,
    games: DEFAULT_TRAINING.games,
    iterations: DEFAULT_TRAINING.iterations,
    seed: DEFAULT_TRAINING.seed,
    start: "sum:37",
    regions: REGION_CUTS,
  };
}

/**
 * The search table of a rules preset: from memory, from `.cache`, or trained
 * now (synchronously, with a message on stderr) and saved.
 *
 * @example
 * ```ts
 * const w = searchTableFor("duel");
 * ```
 */
export function searchTableFor(rules: string): WTable {
  const got = loaded.get(rules);
  if (got) return got;
  const path = searchTablePath(rules);
  // the header must name this kind, these rules and the default training
  const r = WTable.check(path, searchTableIdentity(rules));
  let w: WTable;
  if ("table" in r) w = r.table;
  else {
    console.error(
      `flip7: win table ${path} is ${r.problem}; training one now (deno task flip7 experiment win-agent trains both tables in parallel)`,
    );
    w = trainNow(rules);
    w.trySaveSync(path);
  }
  loaded.set(rules, w);
  return w;
}

/**
 * Put a table in memory for a rules preset (tests, and after training).
 *
 * @example
 * ```ts
 * setSearchTable("duel", table);
 * ```
 */
export function setSearchTable(rules: string, table: WTable): void {
  loaded.set(rules, table);
}

function trainNow(rules: string): WTable {
  return trainTableSync({ rules, ...DEFAULT_TRAINING }).table;
}

/**
 * The opponent modelled by `seat`: the other seat with the highest total
 * plus round score (-1 when alone).
 *
 * @example
 * ```ts
 * mainOpponent(view, 0); // 1 at a two-player table
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
 * 0 when `seat` starts the next round, else 1 (0 when the view cannot tell).
 *
 * @example
 * ```ts
 * nextStarter(game, 0);
 * ```
 */
export function nextStarter(view: TableView, seat: number): number {
  if (view instanceof Game) {
    const next = (view.firstOfRound() + 1) % view.players;
    return next === seat ? 0 : 1;
  }
  return 0;
}

/** Seed 001's two-ply search agent. */
export class SearchStrategy implements Strategy {
  /** `search` or `search0`. */
  readonly name: string;
  private core: SearchCore | null = null;
  private rulesName = "";

  /**
   * @param useTable value leaves by the win table (else by the expected score difference)
   * @param table a fixed table (else the cached table of the rules in play)
   * @param depth decision plies searched
   * @param leafMode `continue` (default) or `bank` (an ablation: everyone
   *   banks their line at a leaf)
   */
  constructor(
    readonly useTable: boolean,
    private readonly table: WTable | null = null,
    readonly depth = 2,
    readonly leafMode: "continue" | "bank" = "continue",
  ) {
    this.name = (useTable ? "search" : "search0") +
      (leafMode === "bank" ? "-bank" : "");
    if (!useTable || table) {
      this.core = new SearchCore(useTable ? table : null, depth, leafMode);
    }
  }

  private coreFor(view: TableView): SearchCore {
    if (this.core && (!this.useTable || this.table)) return this.core;
    if (!this.core || this.rulesName !== view.rules.name) {
      this.rulesName = view.rules.name;
      this.core = new SearchCore(
        searchTableFor(view.rules.name),
        this.depth,
        this.leafMode,
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
