/**
 * Win-probability play, in one import: the best-response tables, the round
 * DP and the continuation laws, seed 001's search and its table (trained by `@flip7/lab/run`), and
 * the agents that play them (`search`, `winprob`, `adapt`, `brsum:N`).
 *
 * The example races to 30 points; the race to 200 (about 40 s) gives
 * `bestResponse().w00` = 0.559345 against a score maximiser
 * (tests/winprob_test.ts, under test:long) and 0.776624 against stop-at-37
 * (the win-agent experiment, results/win-agent.json).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { AdaptiveStrategy, bestResponse, WinProbStrategy } from "./mod.ts";
 * assert.equal(bestResponse({ target: 30 }).w00.toFixed(6), "0.633003");
 * assert.equal(bestResponse({ target: 30, selfPlay: true }).w00.toFixed(6), "0.500000");
 * const agents = [new WinProbStrategy(), new AdaptiveStrategy()];
 * assert.deepEqual(agents.map((a) => a.name), ["winprob", "adapt"]);
 * ```
 * @module
 */

export {
  bestResponse,
  type BestResponseOptions,
  type BestResponseResult,
  type OpponentKind,
  opponentLaw,
} from "./bestresponse.ts";
export {
  ContinuationLaws,
  NUMBERS_DECK,
  RoundSolver,
  SCORE_CAP,
} from "./rounddp.ts";
export { SearchCore } from "./search.ts";
export {
  bestResponsePath,
  searchTablePath,
  TABLE_DIR,
  WTable,
} from "./table.ts";
export {
  DEFAULT_TRAINING,
  mainOpponent,
  SearchStrategy,
  searchTableFor,
} from "./search_strategy.ts";
export {
  brTable,
  type WinAdvice,
  WinProbCore,
  type WinProbOptions,
  WinProbStrategy,
} from "./winprob_strategy.ts";
export { ADAPT_EPSILON, ADAPT_MODELS, AdaptiveStrategy } from "./adaptive.ts";
export { flipThreeTarget } from "../strategies/targeting.ts";
// Types of lib/ that the agents take, so that this entry point documents
// itself.
export type { Strategy, TableView } from "../game/view.ts";
export type { Rules, TieRule } from "../game/rules.ts";
