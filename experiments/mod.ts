/**
 * The experiments, one per claim of seed 000, in the order `deno task repro`
 * runs them.
 *
 * @example
 * ```ts
 * import { EXPERIMENTS, findExperiment } from "./mod.ts";
 * EXPERIMENTS.map((e) => e.name);
 * findExperiment("field-size").claim;
 * ```
 * @module
 */

import { InputError } from "../lib/cards.ts";
import type { Experiment } from "../lib/experiment.ts";
import { cardCounting } from "./card-counting.ts";
import { fieldSize } from "./field-size.ts";
import { replication } from "./replication.ts";
import { winAgent } from "./win-agent.ts";

/** Every experiment, in repro order. */
export const EXPERIMENTS: Experiment[] = [
  fieldSize,
  cardCounting,
  replication,
  winAgent,
];

/** Names of the experiments. */
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
