/**
 * The lumped evaluator (`lumpedEvaluate`, `lib/solver/forward.ts`; the level
 * pass's lumped classes on the action models) against the full forward pass
 * over every mask, the reference: for policies that cannot tell
 * the `+X` cards apart it gives the same EV, sd, P(bust), P(Flip 7) and score
 * distribution up to floating-point rounding (the sums run in another order;
 * the gap is asserted below 1e-10, against figures of order 1 to 20) and
 * visits exactly the same states; for policies that can (`ev`, the optimum)
 * it declines. `FLIP7_LONG=1` adds the real 94-card deck.
 */
import assert from "node:assert/strict";
import { getModel, type SoloModel } from "../lib/solver/model.ts";
import type { ActionModel } from "../lib/solver/actions.ts";
import {
  evaluateDecider,
  type Evaluation,
  lumpedEvaluate,
} from "../lib/solver/forward.ts";
import { ModClasses } from "../lib/solver/mod_classes.ts";
import { roundLaw } from "../lib/solver/law.ts";
import { loadDecisions } from "../lib/solver/cache.ts";
import { evaluateStrategy } from "../lib/run/evaluate.ts";
import { spaceOf } from "../lib/solver/solve.ts";
import { SoloView } from "../lib/solver/view.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { slow } from "./tier.ts";

const LONG = Deno.env.get("FLIP7_LONG") === "1";
/** A 50-card deck with every action mode: numbers 0-8, the modifiers, one Second Chance, 3 Freezes, 3 Flip Threes. */
const SMALL = "9:0,10:0,11:0,12:0,chance:1";
const TOL = 1e-10;

function quiet(m: SoloModel): SoloModel {
  (m as ActionModel).log = () => {};
  return m;
}

/** The reference and the lumped pass of one registry policy, asked through a SoloView. */
function both(model: SoloModel, spec: string) {
  const sp = spaceOf(model);
  const st = makeStrategy(spec);
  const view = new SoloView(sp);
  const decide = (slot: number, mods: number) => {
    view.set(slot, mods);
    return st.hit(view, 0);
  };
  return {
    fast: lumpedEvaluate(sp, decide, spec),
    ref: evaluateDecider(sp, decide, spec),
  };
}

function assertSame(fast: Evaluation | null, ref: Evaluation, what: string) {
  assert.ok(fast, `${what}: the lumped pass declined`);
  for (const k of ["ev", "sd", "bust", "flip7"] as const) {
    assert.ok(
      Math.abs(fast[k] - ref[k]) < TOL,
      `${what} ${k}: ${fast[k]} vs ${ref[k]}`,
    );
  }
  assert.equal(fast.visited, ref.visited, `${what}: states visited`);
  assert.equal(fast.distribution.length, ref.distribution.length);
  for (let s = 0; s < ref.distribution.length; s++) {
    assert.ok(
      Math.abs(fast.distribution[s] - ref.distribution[s]) < TOL,
      `${what}: P(score = ${s})`,
    );
  }
}

Deno.test("modifier classes: 12 for the six modifiers, the +X sums spread evenly", () => {
  const k = new ModClasses(63);
  assert.equal(k.n, 12);
  assert.equal(k.members.flat().length, 64);
  // two +X cards without x2: sums 6..18 over the 10 pairs
  const c = 2 * 2;
  assert.equal(k.members[c].length, 10);
  assert.deepEqual([...k.plusSums[c]], [6, 8, 10, 12, 14, 16, 18]);
  assert.ok(Math.abs(k.plusShare[c].reduce((a, b) => a + b) - 1) < 1e-15);
  assert.equal(new ModClasses(0).n, 1); // numbers only
  assert.equal(new ModClasses(32).n, 2); // x2 alone
});

Deno.test(
  slow(
    "lumped pass = full forward pass on numbers, modifiers, approx, exact (sum, bust, count, always hit)",
  ),
  () => {
    for (const name of ["numbers", "modifiers", "approx", "exact"]) {
      const model = getModel(name);
      const specs = (name === "numbers" || name === "modifiers")
        ? ["sum:20", "sum:27", "bust:0.25", "count:4"]
        : ["sum:27", "bust:0.25"]; // the 88-card models: two, to keep the test short
      for (const spec of specs) {
        const { fast, ref } = both(model, spec);
        assertSame(fast, ref, `${name} ${spec}`);
      }
      const sp = spaceOf(model);
      assertSame(
        lumpedEvaluate(sp, () => true, "hit"),
        evaluateDecider(sp, () => true, "hit"),
        `${name} always hit`,
      );
    }
  },
);

Deno.test(
  slow(
    "lumped pass = full forward pass on action decks (every action mode; Freeze or Flip Three alone; no x2)",
  ),
  () => {
    for (
      const counts of [
        SMALL,
        `${SMALL},flip3:0`,
        `${SMALL},freeze:0`,
        "x2:0,+4:0,9:0,10:0,11:0,12:0",
      ]
    ) {
      const model = quiet(getModel("all94", counts));
      const specs = counts === SMALL
        ? ["sum:18", "bust:0.3", "count:3"]
        : ["bust:0.3"];
      for (const spec of specs) {
        const { fast, ref } = both(model, spec);
        assertSame(fast, ref, `all94 ${counts} ${spec}`);
      }
      const sp = spaceOf(model);
      assertSame(
        lumpedEvaluate(sp, () => true, "hit"),
        evaluateDecider(sp, () => true, "hit"),
        `all94 ${counts} always hit`,
      );
    }
  },
);

Deno.test(
  slow(
    "the lumped pass declines policies that tell +X cards apart (ev, the optimum); evaluateStrategy then uses the full pass",
  ),
  () => {
    for (const model of [getModel("exact"), quiet(getModel("all94", SMALL))]) {
      assert.equal(both(model, "ev").fast, null, `${model.id} ev`);
      const t = loadDecisions(model, { log: () => {} });
      assert.equal(
        lumpedEvaluate(t.space, (s, m) => t.hit[s * 64 + m] === 1, "dp"),
        null,
        `${model.id} dp`,
      );
    }
    // through evaluateStrategy: the lumped figures on the action deck, the same as the full pass
    const model = quiet(getModel("all94", SMALL));
    const { ref } = both(model, "ev");
    const viaStrategy = evaluateStrategy(spaceOf(model), makeStrategy("ev"));
    assert.equal(viaStrategy.ev, ref.ev); // declined: the full pass itself
    const { ref: sumRef } = both(model, "sum:20");
    const sum = evaluateStrategy(spaceOf(model), makeStrategy("sum:20"));
    assertSame(sum, sumRef, "evaluateStrategy sum:20");
  },
);

Deno.test({
  name:
    "long: lumped pass = full forward pass on the 94-card deck (sum:25), and the round law of its optimum",
  ignore: !LONG,
  fn() {
    const model = quiet(getModel("all94"));
    const { fast, ref } = both(model, "sum:25");
    // 1.36 billion states: the two summation orders drift further apart
    assert.ok(fast);
    for (const k of ["ev", "sd", "bust", "flip7"] as const) {
      assert.ok(Math.abs(fast[k] - ref[k]) < 1e-8, `${k}`);
      assert.equal(fast[k].toFixed(6), ref[k].toFixed(6), k);
    }
    assert.equal(fast.visited, ref.visited);
    const law = roundLaw(model, { log: () => {} });
    assert.equal(law.ev.toFixed(4), "20.2976");
  },
});
