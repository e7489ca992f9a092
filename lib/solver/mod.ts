/**
 * The exact single-player solver, in one import: the solo models (any deck,
 * with or without the action cards: `numbers`, `modifiers`, `approx`,
 * `exact`, `all94`), the
 * optimal-stopping DP, the exact evaluator of any policy, the binary cache of
 * the optimal decisions, the beer-mat advice and the odds reference.
 *
 * @example
 * ```ts
 * import { evaluatePolicies, optimalEvaluation, deriveAdvice, solve, getModel } from "./mod.ts";
 * evaluatePolicies(["dp", "sum:24", "bust:0.25"], "exact"); // [{ policy, ev, sd, bust, flip7, distribution }, ...]
 * optimalEvaluation("exact").distribution; // P(score = s), s = 0..171
 * deriveAdvice(getModel("exact")).rows; // cut-off per count of numbers showing
 * solve(getModel("approx")).ev; // 22.2318
 * loadDecisions(getModel("all94")).ev; // 20.2976: the 94-card solo round
 * ```
 * @module
 */

export {
  BANK,
  baseDeck,
  BUST,
  ChanceModel,
  checkDeck,
  deckLabel,
  DEFAULT_MODEL,
  FLIP7,
  getModel,
  MODEL_NAMES,
  type ModelName,
  modelOfDeck,
  NEXT,
  Outcomes,
  type SoloModel,
  withDeckCounts,
} from "./model.ts";
export {
  ActionModel,
  ActionModes,
  type ActionSolution,
  forwardActions,
  solveActions,
} from "./actions.ts";
export {
  buildSpace,
  MODS,
  type SoloSpace,
  type Solution,
  solve,
  spaceOf,
} from "./solve.ts";
export {
  type Decider,
  evaluateDecider,
  evaluateTable,
  type Evaluation,
  reachProbabilities,
} from "./forward.ts";
export {
  evaluatePolicies,
  evaluateStrategy,
  optimalEvaluation,
  SEED_TABLE,
  soloStrategy,
} from "../run/evaluate.ts";
export {
  type CacheOptions,
  cachePath,
  decisionsOf,
  type DecisionTable,
  loadDecisions,
} from "./cache.ts";
export {
  type Advice,
  type AdviceFeature,
  type AdviceRow,
  AdviceStrategy,
  chanceRule,
  deriveAdvice,
  evaluateRule,
  formatCutoff,
  SEED_ADVICE,
  tableRisk94,
} from "./advice.ts";
export { type Odds, oddsReference, type OddsRow } from "./odds.ts";
export { lumpedEvaluate, ModClasses } from "./lumped.ts";
export { lawCachePath, type RoundLaw, roundLaw, roundsToReach } from "./law.ts";
export { SoloView, type TableCount } from "./view.ts";
export { type CoreIndex, IntTable } from "./table.ts";
// Types of lib/ that the solver's functions take or return, so that this
// entry point documents itself.
export type { Rules, TieRule } from "../game/rules.ts";
export type { Strategy, TableView } from "../game/view.ts";
