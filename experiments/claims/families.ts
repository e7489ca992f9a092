/**
 * Families of tests the report states beside the claims table: the
 * win-agent ablations and the solver-against-simulation comparisons.
 *
 * @module
 */

import type { Row } from "../../lib/experiment/experiment.ts";
import {
  expectedMaxAbsZ,
  holm,
  holmFirstBound,
  twoSidedP,
} from "../../lib/run/stats.ts";
import { Files } from "./files.ts";
import { simulationTests } from "../solver-vs-simulation/tests.ts";

/**
 * The four win-agent ablations against `winprob` (standard rules, two
 * players, against ev, on winprob's own seeds): each difference of win
 * shares with its unpaired SE (the runs share their random numbers, but the
 * CSV keeps no per-game outcomes, so the paired SE cannot be formed; the
 * unpaired one is the larger when the pairing correlation is positive, so
 * the test is conservative), its z, and Holm over the four.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const tests = ablationTests("results");
 * assert.equal(tests.length, 4);
 * assert.ok(tests.every((t) => t.agent.startsWith("winprob/") && t.holm_p >= t.p));
 * ```
 */
export function ablationTests(dir = "results"): {
  agent: string;
  share: number;
  diff: number;
  se: number;
  z: number;
  p: number;
  holm_p: number;
}[] {
  const rows = new Files(dir.replace(/\/+$/, "")).csv("win-agent") ?? [];
  const base = rows.find((r) =>
    r.rules === "standard" && r.players === 2 && r.agent === "winprob" &&
    r.opponent === "ev"
  );
  if (!base) return [];
  const se = (r: Row) => {
    const p = r.win_share as number, n = r.games as number;
    return Math.sqrt(p * (1 - p) / n);
  };
  const abl = rows.filter((r) =>
    r.rules === "standard" && r.players === 2 && r.opponent === "ev" &&
    String(r.agent).startsWith("winprob/")
  );
  const tests = abl.map((r) => {
    const d = (r.win_share as number) - (base.win_share as number);
    const s = Math.sqrt(se(r) ** 2 + se(base) ** 2);
    return {
      agent: String(r.agent),
      share: r.win_share as number,
      diff: d,
      se: s,
      z: d / s,
      p: twoSidedP(d / s),
    };
  });
  const h = holm(tests.map((t) => t.p));
  return tests.map((t, i) => ({ ...t, holm_p: h[i] }));
}

/**
 * The solver-against-simulation family: every z of `solver-vs-simulation.csv`
 * (EV, bust and Flip 7 of each policy; no Flip 7 test for a policy that
 * cannot make one: `simulationTests`), the largest |z|, the expected largest |z| of that
 * many tests, Holm's first bound and the rows Holm rejects at 5%.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(simulationFamily("results")?.rejected, 0);
 * ```
 */
export function simulationFamily(dir = "results"): {
  tests: number;
  max_abs_z: number;
  expected_max_abs_z: number;
  holm_bound: number;
  rejected: number;
} | null {
  const rows = new Files(dir.replace(/\/+$/, "")).csv("solver-vs-simulation");
  if (!rows) return null;
  const zs = simulationTests(rows).map((t) => t.z);
  const h = holm(zs.map(twoSidedP));
  return {
    tests: zs.length,
    max_abs_z: Math.max(...zs.map(Math.abs)),
    expected_max_abs_z: expectedMaxAbsZ(zs.length),
    holm_bound: holmFirstBound(zs.length),
    rejected: h.filter((p) => p <= 0.05).length,
  };
}
