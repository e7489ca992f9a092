/**
 * `adapt` — `winprob` that learns, during each game, whom it plays
 * (docs/winprob.md): a posterior over a fixed family of opponent models
 * ({@linkcode ADAPT_MODELS}: the maximiser, prior one half, and the
 * threshold players sharing the other half), and the best response to the
 * most probable one (`winprob` against the maximiser, `brsum:N` against
 * `sum:N`). From the opponent's line seen at each of its decisions and at
 * each round's end: one more number, or a used Second Chance, is a hit at
 * the line seen before; a stay a stay at its line; a bust a hit. Each such
 * decision multiplies a model's weight by `1 − ε` if the model would have
 * made it, else by `ε` ({@linkcode ADAPT_EPSILON}). The posterior starts
 * afresh each game (games stay independent); beyond two players it plays
 * `winprob`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ADAPT_MODELS, AdaptiveStrategy } from "./adaptive.ts";
 * import { bestResponse } from "./bestresponse.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * // a duel to 12, with the six best-response tables to 12 (the default: the
 * // cached target-200 ones)
 * const tables = ADAPT_MODELS.map((m) => bestResponse({ target: 12, opponent: m }).table);
 * const a = new AdaptiveStrategy(tables);
 * assert.equal(a.model(), "maximiser"); // before any evidence
 * const g = new Game(withRules(getRules("duel"), { target: 12 }), [a, makeStrategy("sum:45")], { seed: 2 });
 * g.playGame();
 * // sum:45 hit on where the maximiser would have stayed: a threshold player
 * assert.equal(a.seen, 4);
 * assert.equal(a.model(), 40);
 * a.newGame(); // each game starts from the prior
 * assert.equal(a.model(), "maximiser");
 * ```
 * @module
 */

import { SUM_OF_MASK } from "../game/cards.ts";
import {
  ACTIVE,
  BUSTED,
  STAYED,
  type Strategy,
  type TableView,
} from "../game/view.ts";
import { ContinuationLaws } from "./rounddp.ts";
import type { WTable } from "./table.ts";
import { WinProbStrategy } from "./winprob_strategy.ts";

/** The opponent models `adapt` weighs, in order. */
export const ADAPT_MODELS: readonly ("maximiser" | number)[] = [
  "maximiser",
  25,
  30,
  35,
  40,
  45,
];

/**
 * Probability that an opponent departs from its model at one decision.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(ADAPT_EPSILON, 0.05);
 * // a decision the model predicts adds log(1 − ε) to its log weight, one it
 * // does not log(ε): three agreeing decisions outweigh one surprise's cost
 * assert.ok(Math.log(ADAPT_EPSILON) < 3 * Math.log(1 - ADAPT_EPSILON) - 2);
 * ```
 */
export const ADAPT_EPSILON = 0.05;

const LOG_PRIOR: number[] = ADAPT_MODELS.map((m) =>
  Math.log(m === "maximiser" ? 0.5 : 0.5 / (ADAPT_MODELS.length - 1))
);

/**
 * `winprob` against the most probable opponent model.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const a = new AdaptiveStrategy();
 * assert.equal(a.name, "adapt");
 * // the prior: one half on the maximiser, the other half shared by the five thresholds
 * assert.equal(a.logWeight[0], Math.log(0.5));
 * assert.equal(a.logWeight[1], Math.log(0.1));
 * assert.equal(a.model(), "maximiser"); // until the opponent's play says otherwise
 * ```
 */
export class AdaptiveStrategy implements Strategy {
  /** `adapt`. */
  readonly name = "adapt";
  /** Log posterior weight of each model (unnormalised). */
  readonly logWeight: Float64Array = Float64Array.from(LOG_PRIOR);
  /** Opponent decisions seen this game. */
  seen = 0;
  private readonly players: (WinProbStrategy | null)[] = ADAPT_MODELS.map(
    () => null,
  );
  private readonly laws = ContinuationLaws.get();
  // the opponent at this seat's last decision
  private lastRound = -1;
  private prevMask = -1;
  private prevChance = false;
  private doneSeen = false;

  /**
   * The agent, with the prior weights.
   *
   * @param tables best-response tables by model index (default: the cached
   *   ones, computed when missing)
   */
  constructor(
    private readonly tables: readonly (WTable | null)[] = [],
  ) {}

  /**
   * The most probable model: `"maximiser"` or the threshold N.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * assert.equal(new AdaptiveStrategy().model(), "maximiser");
   * ```
   */
  model(): "maximiser" | number {
    return ADAPT_MODELS[this.best()];
  }

  /**
   * The index of the likeliest model; among thresholds of equal weight (the
   * evidence brackets the threshold, e.g. hits up to 29 and stays from 38),
   * the upper middle one.
   */
  private best(): number {
    const w = this.logWeight;
    let top = -Infinity;
    for (let j = 0; j < w.length; j++) top = Math.max(top, w[j]);
    let first = -1, count = 0;
    for (let j = 0; j < w.length; j++) {
      if (w[j] >= top - 1e-9) {
        if (first < 0) first = j;
        count++;
      }
    }
    if (count === 1 || first === 0) return first;
    let k = count >> 1;
    for (let j = first; j < w.length; j++) {
      if (w[j] >= top - 1e-9 && k-- === 0) return j;
    }
    return first;
  }

  /** The `winprob` agent against model `j`, built on first use. */
  private player(j: number): WinProbStrategy {
    let p = this.players[j];
    if (!p) {
      p = new WinProbStrategy({
        table: this.tables[j] ?? null,
        opponent: ADAPT_MODELS[j],
      });
      this.players[j] = p;
    }
    return p;
  }

  /** Weigh one decision of the opponent: it hit (or stayed) at line `mask`. */
  private learn(mask: number, chance: boolean, hit: boolean): void {
    const key = (mask << 1) | (chance ? 1 : 0), s = SUM_OF_MASK[mask];
    const yes = Math.log(1 - ADAPT_EPSILON), no = Math.log(ADAPT_EPSILON);
    ADAPT_MODELS.forEach((m, j) => {
      const wouldHit = m === "maximiser" ? this.laws.hit[key] === 1 : s < m;
      this.logWeight[j] += wouldHit === hit ? yes : no;
    });
    this.seen++;
  }

  /** Read the opponent's turns since the last look off the table (see the module notes). */
  private observe(view: TableView, opp: number): void {
    if (view.round !== this.lastRound) {
      this.lastRound = view.round;
      this.prevMask = -1;
      this.doneSeen = false;
    }
    if (this.doneSeen) return;
    const st = view.seatStatus(opp), mask = view.lineMask(opp);
    const chance = view.hasChance(opp);
    const p = this.prevMask;
    if (p >= 0 && (mask & p) === p) {
      const added = mask & ~p;
      if (added !== 0 && (added & (added - 1)) === 0) {
        this.learn(p, this.prevChance, true); // one more number: a hit at p
      } else if (added === 0 && this.prevChance && !chance && st === ACTIVE) {
        this.learn(p, true, true); // a duplicate met its Second Chance
      }
    }
    if (st === STAYED) this.learn(mask, chance, false);
    else if (st === BUSTED) this.learn(mask, false, true); // the duplicate is not in the line
    if (st === ACTIVE) {
      this.prevMask = mask;
      this.prevChance = chance;
    } else {
      this.prevMask = -1;
      this.doneSeen = true;
    }
  }

  /** Learn from the opponent's last turns of the round. */
  roundEnd(view: TableView, seat: number): void {
    if (view.players === 2) this.observe(view, 1 - seat);
  }

  /** A new game: forget what the last one taught. */
  newGame(): void {
    this.logWeight.set(LOG_PRIOR);
    this.seen = 0;
    this.prevMask = -1;
    this.lastRound = -1;
    this.doneSeen = false;
  }

  /** Learn from the opponent's last turn, then play the best response to the likeliest model. */
  hit(view: TableView, seat: number): boolean {
    if (view.players !== 2) return this.player(0).hit(view, seat);
    this.observe(view, 1 - seat);
    return this.player(this.best()).hit(view, seat);
  }

  /** As the best response to the likeliest model aims. */
  target(view: TableView, seat: number, kind: number): number {
    const j = view.players === 2 ? this.best() : 0;
    return this.player(j).target(view, seat, kind);
  }
}
