/**
 * The solo optimum of a Vengeance round over the round kernel: the float DP
 * (`lib/solver/kernel_solve.ts`) equals the exact-rational DP
 * (`solveKernel`, choose nodes included) on small Vengeance decks under the
 * default rulings and the solo treatments, and the forward pass under its
 * decisions has the DP's expected score, bust and Flip 7 rates.
 */

import assert from "node:assert/strict";
import { RoundKernel } from "../lib/game/kernel.ts";
import { getRules, withRules, withRulings } from "../lib/game/rules.ts";
import { solveKernel } from "../lib/solver/kernel_dp.ts";
import { forwardKernel, solveKernelFloat } from "../lib/solver/kernel_solve.ts";
import { deckOf } from "./kernel_harness.ts";

const V = getRules("vengeance");

/** The Vengeance rules on a deck of `counts`, a Flip 7 of four cards. */
function kernelOf(counts: string, changes: string[] = []): RoundKernel {
  const rules = withRules(V, {
    name: "v-solve-test",
    deck: deckOf(V, counts),
    flip7Length: 4,
  });
  return new RoundKernel(withRulings(rules, changes));
}

// the special numbers, and the actions (Discard: choose nodes)
const DECKS = [
  "zero:1,1:1,2:1,7:1,unlucky7:1,13:1,lucky13:1,-4:1,/2:1",
  "zero:1,1:1,2:1,3:1,onemore:1,flip4:1,steal:1,discard:1,swap:1,-2:1",
  "1:1,2:2,3:3,4:1,discard:2,-6:1,flip4:1",
];

for (const counts of DECKS) {
  Deno.test(`float DP = exact DP, forward pass = DP: ${counts}`, () => {
    const kernel = kernelOf(counts);
    const exact = solveKernel(kernel);
    const dp = solveKernelFloat(kernel);
    for (const f of ["value", "bust", "flip7"] as const) {
      assert.ok(
        Math.abs(dp[f] - exact[f].toNumber()) < 1e-12,
        `${f}: ${dp[f]} vs ${exact[f]}`,
      );
    }
    assert.equal(dp.states, exact.states);
    assert.ok(exact.value.toNumber() > 0);
    const fw = forwardKernel(kernel, dp.choices);
    for (const f of ["value", "bust", "flip7"] as const) {
      assert.ok(Math.abs(fw[f] - dp[f]) < 1e-12, `${f}: ${fw[f]} vs ${dp[f]}`);
    }
    assert.ok(fw.states < dp.states); // the policy's states only
  });
}

Deno.test("the optimum uses the Discard choice: better than Go's fixed order", () => {
  const counts = DECKS[2];
  const choose = solveKernel(kernelOf(counts)).value;
  const go = solveKernel(
    new RoundKernel(kernelOf(counts).rules, { ownCard: "go-order" }),
  ).value;
  assert.ok(choose.compare(go) > 0, `${choose} vs ${go}`);
  // the float DP records the cards it discards
  const dp = solveKernelFloat(kernelOf(counts));
  assert.ok([...dp.choices.values()].some((c) => typeof c === "number"));
});
