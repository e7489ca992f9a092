/**
 * The exact solo solver's speed:
 * - the `approx` solve from scratch (enumeration + DP; the plain-C reference
 *   `bench/solver_ref.c` runs the same DP for comparison);
 * - the `exact` solve from scratch (few iterations: about 1.5 s each);
 * - seed 000's whole table: the `approx` solve plus the exact evaluation of
 *   its ten policies (no disk cache involved);
 * - loading the `exact` decisions from the binary cache.
 */
import { getModel } from "../lib/solver/model.ts";
import { solve } from "../lib/solver/solve.ts";
import { evaluateTable } from "../lib/solver/forward.ts";
import { evaluateStrategy, SEED_TABLE } from "../lib/run/evaluate.ts";
import { SoloView } from "../lib/solver/view.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { clearDecisionMemo, loadDecisions } from "../lib/solver/cache.ts";

let sink = 0;
const approx = getModel("approx");
const exact = getModel("exact");

Deno.bench("approx solve from scratch (1,834,239 states)", {
  group: "solve",
  baseline: true,
}, () => {
  sink += solve(approx).ev;
});

Deno.bench("exact solve from scratch (21,980,031 states)", {
  group: "solve",
  n: 3,
  warmup: 1,
}, () => {
  sink += solve(exact).ev;
});

Deno.bench("seed 000 table: approx solve + 10 exact evaluations", {
  group: "table",
  n: 5,
  warmup: 1,
}, () => {
  const sol = solve(approx);
  const view = new SoloView(sol.space);
  const scratch = new Float64Array(sol.value.length);
  sink += evaluateTable(sol.space, sol.hit, "optimal", scratch).ev;
  for (const spec of SEED_TABLE.slice(1)) {
    sink +=
      evaluateStrategy(sol.space, makeStrategy(spec), spec, view, scratch).ev;
  }
});

Deno.bench("exact decisions loaded from the cache", {
  group: "cache",
  n: 5,
  warmup: 1,
}, () => {
  clearDecisionMemo();
  sink += loadDecisions(exact).ev;
});

addEventListener("unload", () => {
  if (sink === 42) console.log(sink);
});
