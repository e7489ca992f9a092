/**
 * The race model's solvers on laws of the real size (172 scores, 32 rules):
 * the heads-up table to 200, the three-slot table to 80 (the 200-point one
 * is 15.6 times the states), the heads-up equilibrium to 100 (17 rules).
 *
 * ```sh
 * deno bench bench/race_bench.ts
 * ```
 * @module
 */
import { solveRace2, solveRace3 } from "../lib/winprob/race.ts";
import { solveEquilibrium } from "../lib/winprob/equilibrium.ts";

function law(seed: number, hi: number): Float64Array {
  const l = new Float64Array(172);
  let s = 0;
  l[0] = 0.05 + 0.7 * hi / 171;
  for (let i = 2; i <= hi; i++) s += l[i] = 0.1 + Math.abs(Math.sin(seed + i));
  for (let i = 2; i <= hi; i++) l[i] *= (1 - l[0]) / s;
  return l;
}
const FAMILY = Array.from(
  { length: 32 },
  (_, k) => law(k, Math.min(171, 20 + 5 * k)),
);
const OPP = law(99, 120);

Deno.bench("solveRace2: heads-up to 200, 32 rules", () => {
  solveRace2(FAMILY, OPP, 200);
});
Deno.bench("solveRace3: three players to 80, 17 rules", () => {
  solveRace3(FAMILY.slice(0, 17), OPP, OPP, 80);
});
Deno.bench("solveEquilibrium: heads-up to 100, 17 rules", () => {
  solveEquilibrium(FAMILY.slice(0, 17), 100);
});
