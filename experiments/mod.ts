/**
 * The experiments, one per claim of seed 000, in the order `deno task repro`
 * runs them (the order of issue 4). Each is data (lib/experiment/experiment.ts): its
 * plan names its Monte Carlo runs and exact solver tasks, so a run of
 * several experiments computes them together (`executePlans`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXPERIMENTS, findExperiment } from "./mod.ts";
 * assert.equal(EXPERIMENTS.length, 16);
 * assert.equal(findExperiment("field-size").name, "field-size");
 * assert.throws(() => findExperiment("nope"), /unknown experiment 'nope': allowed policy-ev-table, /);
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";
import type { Experiment } from "../lib/experiment/experiment.ts";
import { advice } from "./advice.ts";
import { cardCounting } from "./card-counting.ts";
import { deckVariants } from "./deck-variants.ts";
import { decisionMapExperiment } from "./decision-map.ts";
import { roundLaw } from "./round-law.ts";
import { fieldSize } from "./field-size.ts";
import { optimalDistribution } from "./optimal-distribution.ts";
import { policyEvTable } from "./policy-ev-table.ts";
import { replication } from "./replication.ts";
import { ruleValue } from "./rule-value.ts";
import { solverVsSimulation } from "./solver-vs-simulation.ts";
import { winAgent } from "./win-agent.ts";
import { winOptimal } from "./win-optimal.ts";
import { sweep } from "./sweep.ts";
import { rulings } from "./rulings.ts";
import { vengeance } from "./vengeance.ts";

/**
 * The reproduction of seed 000: one experiment per claim, in the order of
 * issue 4. `deno task repro` runs these (and writes `CLAIMS.md` from them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(SEED000_EXPERIMENTS.map((e) => e.name), [
 *   "policy-ev-table", "optimal-distribution", "field-size", "card-counting",
 *   "advice", "replication", "solver-vs-simulation",
 * ]);
 * ```
 */
export const SEED000_EXPERIMENTS: Experiment[] = [
  policyEvTable,
  optimalDistribution,
  fieldSize,
  cardCounting,
  advice,
  replication,
  solverVsSimulation,
];

/**
 * Further experiments, run by name (`deno task repro NAME`,
 * `deno task flip7 experiment NAME`) or with `deno task repro --all`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(OTHER_EXPERIMENTS.map((e) => e.name), [
 *   "win-agent", "sweep", "deck-variants", "round-law", "decision-map", "rule-value",
 *   "win-optimal", "rulings", "vengeance",
 * ]);
 * ```
 */
export const OTHER_EXPERIMENTS: Experiment[] = [
  winAgent,
  sweep,
  deckVariants,
  roundLaw,
  decisionMapExperiment,
  ruleValue,
  winOptimal,
  rulings,
  vengeance,
];

/**
 * Every experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const names = EXPERIMENTS.map((e) => e.name);
 * assert.deepEqual(names.slice(0, 2), ["policy-ev-table", "optimal-distribution"]);
 * assert.deepEqual(names.slice(-9), [
 *   "win-agent", "sweep", "deck-variants", "round-law", "decision-map", "rule-value",
 *   "win-optimal", "rulings", "vengeance",
 * ]);
 * ```
 */
export const EXPERIMENTS: Experiment[] = [
  ...SEED000_EXPERIMENTS,
  ...OTHER_EXPERIMENTS,
];

/**
 * What `deno task repro` runs without names (sharded or not): seed 000's
 * claims and the exact deck ladder.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(DEFAULT_EXPERIMENTS.map((e) => e.name).at(-1), "rule-value");
 * assert.equal(DEFAULT_EXPERIMENTS.length, SEED000_EXPERIMENTS.length + 3);
 * ```
 */
export const DEFAULT_EXPERIMENTS: Experiment[] = [
  ...SEED000_EXPERIMENTS,
  deckVariants,
  decisionMapExperiment,
  ruleValue,
];

/**
 * Names of the experiments.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(EXPERIMENT_NAMES.includes("field-size"));
 * ```
 */
export const EXPERIMENT_NAMES: string[] = EXPERIMENTS.map((e) => e.name);

/**
 * Look an experiment up by name.
 *
 * @throws {InputError} naming the bad name and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(findExperiment("replication").name, "replication");
 * assert.throws(() => findExperiment("fieldsize"), /unknown experiment 'fieldsize'/);
 * ```
 */
export function findExperiment(name: string): Experiment {
  const e = EXPERIMENTS.find((x) => x.name === name);
  if (!e) {
    throw new InputError(
      `unknown experiment '${name}': allowed ${EXPERIMENT_NAMES.join(", ")}`,
    );
  }
  return e;
}

// The package's `@flip7/lab/experiments` (deno.json): the experiments one by
// one and what the notebooks read beside them (the charts' committed results
// are `@flip7/lab/experiments/charts`, which imports this module).
export {
  advice,
  cardCounting,
  decisionMapExperiment,
  deckVariants,
  fieldSize,
  optimalDistribution,
  policyEvTable,
  replication,
  roundLaw,
  ruleValue,
  rulings,
  solverVsSimulation,
  sweep,
  vengeance,
  winAgent,
  winOptimal,
};
export { SEED000 as POLICY_EV_SEED000 } from "./policy-ev-table.ts";
export { SEED000 as FIELD_SIZE_SEED000 } from "./field-size.ts";
export {
  type DistributionSummary,
  summarizeDistribution,
} from "./optimal-distribution.ts";
export { field } from "./common.ts";
export type { ExactTask } from "./exact.ts";
export { quickCaption, whatItShows } from "./findings.ts";
