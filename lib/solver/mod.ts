/**
 * The exact single-player solver, in one import: the solo models (any deck,
 * with or without the action cards: `numbers`, `modifiers`, `approx`,
 * `exact`, `all94`), the
 * optimal-stopping DP (and its exact-rational definition over the round
 * kernel, `solveKernel`), the exact evaluator of any policy, the binary cache of
 * the optimal decisions, the beer-mat advice and the odds reference.
 *
 * The example solves the small models; the 94-card solo round,
 * `loadDecisions(getModel("all94")).ev` = 20.2976, takes 3-6 GB
 * (docs/solver.md).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { deriveAdvice, getModel, solve } from "./mod.ts";
 * // the optimal solo round of the 79 number and modifier cards, the action cards ignored
 * assert.equal(solve(getModel("approx")).ev.toFixed(4), "22.2318");
 * // the beer-mat advice: stop when the bust risk reaches the cut-off (per count of numbers showing)
 * const rows = deriveAdvice(getModel("numbers")).rows;
 * assert.deepEqual(rows.slice(2, 6).map((r) => r.seed), [0.22, 0.23, 0.24, 0.25]);
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
  type ActionReading,
  type ActionSolution,
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
  lumpedEvaluate,
  reachProbabilities,
} from "./forward.ts";
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
export { ModClasses } from "./mod_classes.ts";
export { lawCachePath, type RoundLaw, roundLaw, roundsToReach } from "./law.ts";
export { SoloView, type TableCount } from "./view.ts";
export {
  type KernelPolicy,
  type KernelSolution,
  type KernelValue,
  Ratio,
  solveKernel,
} from "./kernel_dp.ts";
export {
  type FloatSolution,
  type FloatValue,
  forwardKernel,
  type KernelChoices,
  solveKernelFloat,
} from "./kernel_solve.ts";
export {
  cachedVengeance,
  evaluateVengeance,
  solveVengeance,
  VENGEANCE_LIMIT,
  vengeanceCachePath,
  type VengeanceEvaluation,
  type VengeanceOptions,
  type VengeancePolicy,
  VengeanceSolver,
  type VengeanceValue,
} from "./vengeance.ts";
export { VengeanceRound } from "./vengeance_round.ts";
export { type CoreIndex, IntTable, WordTable } from "./table.ts";
// Types of lib/ that the solver's functions take or return, so that this
// entry point documents itself.
export type { Rules, TieRule } from "../game/rules.ts";
export type { Strategy, TableView } from "../game/view.ts";
