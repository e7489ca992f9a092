/**
 * Running policies by the thousand: the one runner (seats rotated, round `k`
 * on its own random stream), its worker pool and shards, the statistics of a
 * run, the strategy registry and policy modules, the exact evaluation of
 * policies by name, and the training of the search agents' win tables.
 *
 * @example
 * ```ts
 * import { evaluatePolicies, makeStrategy, runMatch } from "./mod.ts";
 * import assert from "node:assert/strict";
 * const [sum25] = evaluatePolicies(["sum:25"], "numbers");
 * assert.equal(sum25.ev.toFixed(4), "18.4061"); // exact: stop at 25 on the number cards
 * assert.equal(makeStrategy("sum:20").name, "sum:20");
 * const m = await runMatch({ rules: "standard", policies: ["ev", "sum:20"], games: 20, seed: 1, workers: 1 });
 * assert.equal(m.games, 20);
 * ```
 * @module
 */

export {
  emptyAccum,
  mergeAccum,
  playRange,
  prepareRuns,
  type RunAccum,
  runAll,
  type RunMode,
  type RunOptions,
  type RunSpec,
  type StrategyMaker,
} from "./runner.ts";
export * from "./sim.ts";
export * from "./stats.ts";
export * from "./parallel.ts";
export {
  DP_ENTRY,
  makeStrategy,
  type ParamKind,
  parseSpecs,
  registerStrategy,
  REGISTRY,
  resolveStrategy,
  type StrategyContext,
  type StrategyEntry,
} from "./registry.ts";
export {
  closePolicies,
  isModuleSpec,
  loadPolicies,
  type PolicyFactory,
} from "./modules.ts";
export {
  evaluatePolicies,
  evaluateStrategy,
  optimalEvaluation,
  SEED_TABLE,
  soloStrategy,
} from "./evaluate.ts";
export {
  type TrainOptions,
  type TrainResult,
  trainTable,
  trainTableSync,
} from "./train.ts";
export {
  type VengeanceFieldOptions,
  type VengeanceFieldRow,
  vengeanceFieldRows,
  vengeanceRoundLaw,
} from "./vengeance_win.ts";
