/**
 * Flip 7 Lab: the public API.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game, getRules, makeStrategy, runMatch } from "./mod.ts";
 * const g = new Game(getRules(), [makeStrategy("ev"), makeStrategy("sum:20")], { seed: 1 });
 * const { winner, totals } = g.playGame();
 * assert.ok(Math.max(...totals) >= 200);
 * assert.equal(totals[winner!], Math.max(...totals));
 * const m = await runMatch({ rules: "standard", policies: ["ev", "bust:0.25"], games: 100, seed: 1, workers: 1 });
 * assert.equal(m.games, 100);
 * assert.deepEqual(m.rows.map((r) => r.policy), ["ev", "bust:0.25"]);
 * assert.equal(m.rows[0].wins + m.rows[1].wins + m.rows[0].draws / 2 + m.rows[1].draws / 2, 100);
 * ```
 * @module
 */

// the trainer of missing search tables (lib/winprob/provide.ts)
import "./run/train.ts";

export * from "./game/cards.ts";
export * from "./game/rules.ts";
export * from "./game/rng.ts";
export * from "./game/view.ts";
export * from "./game/events.ts";
export * from "./game/engine.ts";
export * from "./game/kernel.ts";
export * from "./run/stats.ts";
export * from "./run/sim.ts";
export {
  emptyAccum,
  mergeAccum,
  playRange,
  prepareRuns,
  runAll,
} from "./run/runner.ts";
export type {
  RunAccum,
  RunMode,
  RunOptions,
  RunSpec,
  StrategyMaker,
} from "./run/runner.ts";
export { closePolicies, isModuleSpec, loadPolicies } from "./run/modules.ts";
export type { PolicyFactory } from "./run/modules.ts";
export * from "./run/parallel.ts";
export {
  makeStrategy,
  parseSpecs,
  registerStrategy,
  REGISTRY,
} from "./run/registry.ts";
export type {
  ParamKind,
  StrategyContext,
  StrategyEntry,
} from "./run/registry.ts";
export { bustRisk, oneCardValue } from "./strategies/estimate.ts";
export { defaultTarget } from "./strategies/targeting.ts";
// the solo model a StrategyContext may name, and the types it refers to
export type { ModelName, Outcomes, SoloModel } from "./solver/model.ts";
export type { SoloSpace } from "./solver/solve.ts";
export type { CoreIndex } from "./solver/table.ts";
export type { Decider, Evaluation } from "./solver/forward.ts";
export type { WTable } from "./winprob/table.ts";
