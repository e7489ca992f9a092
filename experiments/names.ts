/**
 * The names of the registered experiments (experiments/mod.ts), for the
 * modules that must know them without loading the experiments themselves:
 * the report inlines the chart and writes the section of these names only
 * (a stray file in `results/` is not an experiment). `tests/report_test.ts`
 * checks the list against the registry.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { EXPERIMENT_NAMES } from "./mod.ts";
 * assert.deepEqual([...REGISTERED].sort(), [...EXPERIMENT_NAMES].sort());
 * ```
 * @module
 */

/** Every registered experiment's name (its files are `results/NAME.*`). */
export const REGISTERED: readonly string[] = [
  "policy-ev-table",
  "optimal-distribution",
  "field-size",
  "card-counting",
  "advice",
  "replication",
  "solver-vs-simulation",
  "win-agent",
  "sweep",
  "deck-variants",
  "round-law",
  "decision-map",
  "rule-value",
  "win-optimal",
  "rulings",
  "vengeance",
];
