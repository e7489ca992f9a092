/**
 * The comparisons of `solver-vs-simulation`, one rule for every page that
 * counts them (the experiment's summary, its chart, the report's family,
 * notebook 07): the z of each policy's simulated EV and bust rate against
 * the exact ones, and of its Flip 7 rate unless the policy cannot make one
 * (the exact rate, the simulated rate and the z all 0: `count:N` stops
 * before seven cards; `sum:16` can, rarely, and its z stays).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseRows } from "../../lib/experiment/experiment.ts";
 * const rows = parseRows(Deno.readTextFileSync("results/solver-vs-simulation.csv"));
 * assert.equal(simulationTests(rows).length, 30); // 11 policies × 3, less count:3-5's Flip 7
 * ```
 * @module
 */

import type { Row } from "../../lib/experiment/experiment.ts";

/** One comparison: a policy, the figure compared, its z. */
export interface SimulationTest {
  policy: string;
  measure: "EV" | "P(bust)" | "P(Flip 7)";
  z: number;
}

/** Whether a row's policy cannot make a Flip 7 (no test of that rate). */
export function cannotFlip7(r: Row): boolean {
  return r.exact_flip7 === 0 && r.sim_flip7 === 0 && r.flip7_z === 0;
}

/** Every comparison of the experiment's rows. */
export function simulationTests(rows: Row[]): SimulationTest[] {
  return rows.flatMap((r) => [
    { policy: String(r.policy), measure: "EV" as const, z: r.z as number },
    {
      policy: String(r.policy),
      measure: "P(bust)" as const,
      z: r.bust_z as number,
    },
    ...(cannotFlip7(r) ? [] : [{
      policy: String(r.policy),
      measure: "P(Flip 7)" as const,
      z: r.flip7_z as number,
    }]),
  ]);
}
