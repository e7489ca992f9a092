/**
 * Flip 7 Lab: the public API.
 *
 * @example
 * ```ts
 * import { Game, getRules, makeStrategy, runMatch } from "./mod.ts";
 * const g = new Game(getRules(), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
 * g.playGame().winner;
 * const m = await runMatch({ rules: "standard", policies: ["ev", "bust:0.25"], games: 1000, seed: 1 });
 * ```
 * @module
 */

export * from "./cards.ts";
export * from "./rules.ts";
export * from "./rng.ts";
export * from "./view.ts";
export * from "./events.ts";
export * from "./engine.ts";
export * from "./stats.ts";
export * from "./sim.ts";
export {
  emptyAccum,
  mergeAccum,
  playRange,
  prepareRuns,
  runAll,
} from "./runner.ts";
export type {
  RunAccum,
  RunMode,
  RunOptions,
  RunSpec,
  StrategyMaker,
} from "./runner.ts";
export { isModuleSpec, loadPolicies } from "./strategies/modules.ts";
export type { PolicyFactory } from "./strategies/modules.ts";
export * from "./parallel.ts";
export {
  makeStrategy,
  parseSpecs,
  registerStrategy,
  REGISTRY,
} from "./strategies/registry.ts";
export type { StrategyEntry } from "./strategies/registry.ts";
export { bustRisk, oneCardValue } from "./strategies/estimate.ts";
export { defaultTarget } from "./strategies/targeting.ts";
