/**
 * `sweep`: the sweep of `flip7 sweep` as an experiment with fixed settings —
 * `ev` against `bust:0.25` (set `bust`) and against `sum:25` (set `sum`) at
 * 2 to 8 players, under `standard` and `immediate-actions`, 3 seeds each.
 * It writes `sweep.csv` (one row per rules × players × set × policy × seed),
 * `sweep.svg`/`.png` and `sweep.json`, like the command.
 *
 * Any other sweep is one call of {@linkcode sweepExperiment} (lib/experiment/sweep.ts),
 * e.g. a field-size-like experiment with its own seed derivation.
 *
 * @example
 * ```sh
 * deno task flip7 experiment sweep --seed 1
 * ```
 * @module
 */

import { sweepExperiment } from "../lib/experiment/sweep.ts";
import type { Experiment } from "../lib/experiment/experiment.ts";
import { prose } from "./text.ts";
import TEXT from "./text/sweep.md" with { type: "text" };

const text = prose("sweep", TEXT);

/**
 * The experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await sweep.run({ seed: 1, quick: true, workers: 2 });
 * // the rows of its CSV (results/sweep.csv at full size):
 * // 2 rules × 7 sizes × 2 sets × 3 seeds × 2 policies
 * assert.equal(r.rows.length, 2 * 7 * 2 * 3 * 2);
 * assert.equal(r.claims.length, 0);
 * ```
 */
export const sweep: Experiment = sweepExperiment({
  name: "sweep",
  source: import.meta.url,
  claim: text("claim"),
  sets: [
    { label: "bust", policies: ["ev", "bust:0.25"] },
    { label: "sum", policies: ["ev", "sum:25"] },
  ],
  rules: ["standard", "immediate-actions"],
  players: [2, 3, 4, 5, 6, 7, 8],
  seeds: 3,
  games: 5_000,
  quickGames: 300,
  title: text("title"),
});
