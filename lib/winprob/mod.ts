/**
 * Win-probability play, in one import: the best-response tables, the round
 * DP and the continuation laws, seed 001's search and its trained table, and
 * the agents that play them (`search`, `winprob`, `adapt`, `brsum:N`).
 *
 * @example
 * ```ts
 * import { AdaptiveStrategy, bestResponse, WinProbStrategy } from "./mod.ts";
 * bestResponse().w00; // 0.559345: the best response to a score maximiser
 * bestResponse({ opponent: 37 }).w00; // 0.776624: to stop-at-37
 * const agents = [new WinProbStrategy(), new AdaptiveStrategy()];
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
  codeScore,
  ContinuationLaws,
  NUMBERS_DECK,
  RoundGraph,
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
  type TrainOptions,
  type TrainResult,
  trainTable,
  trainTableSync,
} from "../run/train.ts";
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
