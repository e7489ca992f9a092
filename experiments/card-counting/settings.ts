/**
 * The settings and runs of `card-counting` (experiments/card-counting.ts):
 * evc against ev in single rounds, heads-up and four-player games under
 * both rule presets, and each policy alone.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const { runs, soloRuns } = cardCountingRuns(1, true);
 * assert.equal(runs.length, 2 * SETTINGS.length);
 * assert.deepEqual(soloRuns.map((r) => r.policies[0]), ["ev", "evc", "ev", "evc"]);
 * ```
 * @module
 */

import { sized } from "../../lib/experiment/experiment.ts";
import { deriveSeed, field, type RunMode, type RunSpec } from "../common.ts";

/** The policy and its card-counting twin. */
export const A = "ev", C = "evc";
/** The rule presets. */
export const RULES = ["standard", "immediate-actions"];
/** Rounds of each policy alone (full, quick). */
export const SOLO_ROUNDS = 100_000, SOLO_QUICK = 3_000;
/** The 97.5% normal quantile. */
export const Z95 = 1.959963984540054;

/** One table setting: single rounds, heads-up or four-player games. */
export interface Setting {
  setting: string;
  label: string;
  short: string;
  mode: RunMode;
  players: number;
  count: number;
  quick: number;
}

/** The table settings, in row order. */
export const SETTINGS: Setting[] = [
  {
    setting: "round",
    label: "single rounds, 2 seats",
    short: "single rounds",
    mode: "round",
    players: 2,
    count: 100_000,
    quick: 3_000,
  },
  {
    setting: "heads-up",
    label: "games, heads-up",
    short: "heads-up",
    mode: "game",
    players: 2,
    count: 100_000,
    quick: 1_000,
  },
  {
    setting: "four",
    label: "games, 4 players (2+2)",
    short: "4 players (2 ev, 2 evc)",
    mode: "game",
    players: 4,
    count: 60_000,
    quick: 600,
  },
];

/** The runs: each setting under each rules, then each policy alone. */
export function cardCountingRuns(seed: number, quick: boolean, scale?: number) {
  const runs: (RunSpec & { s: Setting })[] = [];
  for (const rules of RULES) {
    for (const s of SETTINGS) {
      runs.push({
        s,
        rules,
        policies: field(s.players, A, C),
        seed: deriveSeed(seed, "card-counting", s.setting),
        count: sized(s.count, s.quick, { quick, scale }),
        mode: s.mode,
      });
    }
  }
  // each policy alone, single rounds from a fresh 94-card deck
  const soloSeed = deriveSeed(seed, "card-counting", "solo");
  const soloCount = sized(SOLO_ROUNDS, SOLO_QUICK, { quick, scale });
  const soloRuns: RunSpec[] = RULES.flatMap((rules) =>
    [A, C].map((p) => ({
      rules,
      policies: [p],
      seed: soloSeed,
      count: soloCount,
      mode: "round" as const,
    }))
  );
  return { runs, soloRuns, soloSeed, soloCount };
}
