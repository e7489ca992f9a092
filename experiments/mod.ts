/**
 * The experiments, one per claim of seed 000, in the order `deno task repro`
 * runs them (the order of issue 4). Each is data (lib/experiment/experiment.ts): its
 * plan names its Monte Carlo runs and exact solver tasks, so a run of
 * several experiments computes them together (`executePlans`).
 *
 * @example
 * ```ts
 * import { EXPERIMENTS, findExperiment } from "./mod.ts";
 * EXPERIMENTS.map((e) => e.name);
 * findExperiment("field-size").claim;
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";
import type { Experiment } from "../lib/experiment/experiment.ts";
import { advice } from "./advice.ts";
import { cardCounting } from "./card-counting.ts";
import { deckVariants } from "./deck-variants.ts";
import { roundLaw } from "./round-law.ts";
import { fieldSize } from "./field-size.ts";
import { optimalDistribution } from "./optimal-distribution.ts";
import { policyEvTable } from "./policy-ev-table.ts";
import { replication } from "./replication.ts";
import { solverVsSimulation } from "./solver-vs-simulation.ts";
import { winAgent } from "./win-agent.ts";
import { sweep } from "./sweep.ts";
import { rulings } from "./rulings.ts";

/**
 * The reproduction of seed 000: one experiment per claim, in the order of
 * issue 4. `deno task repro` runs these (and writes `CLAIMS.md` from them).
 *
 * @example
 * ```ts
 * SEED000_EXPERIMENTS.map((e) => e.name); // ["policy-ev-table", ...]
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
 * OTHER_EXPERIMENTS.map((e) => e.name); // ["win-agent", "sweep", "deck-variants", "round-law", "rulings"]
 * ```
 */
export const OTHER_EXPERIMENTS: Experiment[] = [
  winAgent,
  sweep,
  deckVariants,
  roundLaw,
  rulings,
];

/**
 * Every experiment.
 *
 * @example
 * ```ts
 * EXPERIMENTS.map((e) => e.name); // ["policy-ev-table", ..., "win-agent", "sweep"]
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
 * DEFAULT_EXPERIMENTS.map((e) => e.name).at(-1); // "deck-variants"
 * ```
 */
export const DEFAULT_EXPERIMENTS: Experiment[] = [
  ...SEED000_EXPERIMENTS,
  deckVariants,
];

/**
 * Names of the experiments.
 *
 * @example
 * ```ts
 * EXPERIMENT_NAMES.includes("field-size"); // true
 * ```
 */
export const EXPERIMENT_NAMES: string[] = EXPERIMENTS.map((e) => e.name);

/**
 * Look an experiment up by name.
 *
 * @throws {InputError} naming the bad name and the allowed ones.
 * @example
 * ```ts
 * findExperiment("replication").name; // "replication"
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
  deckVariants,
  fieldSize,
  optimalDistribution,
  policyEvTable,
  replication,
  roundLaw,
  rulings,
  solverVsSimulation,
  sweep,
  winAgent,
};
export { SEED000 as POLICY_EV_SEED000 } from "./policy-ev-table.ts";
export { SEED000 as FIELD_SIZE_SEED000 } from "./field-size.ts";
export {
  type DistributionSummary,
  summarizeDistribution,
} from "./optimal-distribution.ts";
export { field } from "./common.ts";
export type { ExactTask } from "./exact.ts";
