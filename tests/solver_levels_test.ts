/**
 * The level-parallel passes of the action models (`lib/solver/levels.ts`):
 * the DP gives the same decision bytes and value on one thread and on two
 * (and the bytes the one-thread solver gave before the passes went parallel,
 * pinned by their FNV-1a hash); the forward pass of a decision table gives
 * the same figures bit for bit on one thread and two, agrees with the
 * one-thread reference pass (`solver_ref.ts`, summed in another order) to
 * 1e-10 with the same states visited, and does not depend on what the
 * reused shared buffers held before; the forward pass by a rule (`ev`, each
 * helper asking its own copy) likewise; the lumped pass likewise against
 * the full pass of the same rule, declining where a rule tells masks apart.
 */
import assert from "node:assert/strict";
import { getModel } from "../lib/solver/model.ts";
import { type ActionModel, solveActions } from "../lib/solver/actions.ts";
import {
  forwardLevels,
  forwardRuleLevels,
  lumpedLevels,
  ruleSpec,
  solveLevels,
} from "../lib/solver/levels.ts";
import { dropPrestarted, prestartHelpers } from "../lib/solver/level_team.ts";
import { type Evaluation, lumpedEvaluate } from "../lib/solver/forward.ts";
import { viewDecider } from "../lib/solver/mod_classes.ts";
import { forwardActions } from "./solver_ref.ts";
import { SoloView } from "../lib/solver/view.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { slow } from "./tier.ts";

/** 50 cards (numbers 0-8, the modifiers, a Second Chance, 3 Freezes, 3 Flip Threes): every action mode. */
const SMALL = "9:0,10:0,11:0,12:0,chance:1";
const OTHER = "9:0,10:0,11:0,12:0,chance:2,freeze:1,flip3:2";

function quiet(counts: string): ActionModel {
  const m = getModel("all94", counts) as ActionModel;
  m.log = () => {};
  return m;
}

function fnv(bytes: Uint8Array): string {
  let h = 2166136261;
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i];
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h.toString(16);
}

function assertIdentical(a: Evaluation, b: Evaluation, what: string) {
  for (const k of ["ev", "sd", "bust", "flip7", "visited"] as const) {
    assert.ok(Object.is(a[k], b[k]), `${what} ${k}: ${a[k]} vs ${b[k]}`);
  }
  assert.deepEqual(a.distribution, b.distribution, `${what}: distribution`);
}

Deno.test("level DP: the same decision bytes and value on 1 and 2 threads, as the one-thread solver gave", () => {
  // hashes and values of the one-thread solver before the level passes (ca01323)
  const pinned: [string, string, number][] = [
    [SMALL, "9c77a09d", 12.105385733417268],
    [OTHER, "50f7a5f7", 14.000217077190113],
  ];
  for (const [counts, hash, ev] of pinned) {
    const m = quiet(counts);
    const one = solveLevels(m, 1);
    const two = solveLevels(m, 2);
    assert.equal(fnv(one.hit), hash, `${counts}: decisions`);
    assert.equal(fnv(two.hit), hash, `${counts}: decisions, 2 threads`);
    assert.deepEqual(two.hit, one.hit);
    assert.ok(Object.is(one.ev, ev), `${counts}: ${one.ev}`);
    assert.ok(Object.is(two.ev, ev), `${counts}: ${two.ev} (2 threads)`);
    assert.ok(Object.is(solveActions(m).ev, ev));
  }
});

Deno.test(
  slow(
    "level forward pass: bit for bit on 1 and 2 threads; the reference pass to 1e-10, the same states",
  ),
  () => {
    for (const counts of [SMALL, OTHER]) {
      const m = quiet(counts);
      const sol = solveActions(m);
      const one = forwardLevels(m, sol.hit, "dp", 1);
      const two = forwardLevels(m, sol.hit, "dp", 2);
      assertIdentical(one, two, counts);
      // the buffers now hold the last pass's mass: a DP in between, then again
      solveLevels(m, 2);
      assertIdentical(
        forwardLevels(m, sol.hit, "dp", 2),
        one,
        `${counts} again`,
      );
      const ref = forwardActions(
        m,
        (slot, mods) => sol.hit[slot * 64 + mods] === 1,
        null,
        "dp",
      );
      for (const k of ["ev", "sd", "bust", "flip7"] as const) {
        assert.ok(
          Math.abs(one[k] - ref[k]) < 1e-10,
          `${counts} ${k}: ${one[k]} vs ${ref[k]}`,
        );
      }
      assert.equal(one.visited, ref.visited);
      assert.ok(Math.abs(one.ev - sol.ev) < 1e-12, `${one.ev} vs ${sol.ev}`);
      for (let s = 0; s < ref.distribution.length; s++) {
        assert.ok(Math.abs(one.distribution[s] - ref.distribution[s]) < 1e-10);
      }
      const total = one.distribution.reduce((a, b) => a + b, 0);
      assert.ok(Math.abs(total - 1) < 1e-12, `total ${total}`);
    }
  },
);

Deno.test("level forward pass: a table of the wrong size is refused", () => {
  const m = quiet(SMALL);
  assert.throws(
    () => forwardLevels(m, new Uint8Array(10), "dp", 1),
    /decision table of 10 bytes/,
  );
});

Deno.test(
  slow(
    "level lumped pass: bit for bit on 1 and 2 threads; the full pass of the rule to 1e-10, the same states; declines where masks differ",
  ),
  () => {
    for (const counts of [SMALL, OTHER]) {
      const m = quiet(counts);
      for (const spec of ["sum:20", "count:4", "bust:0.3"]) {
        const decide = viewDecider(new SoloView(m.space()), makeStrategy(spec));
        const one = lumpedLevels(m, spec, spec, decide, 1)!;
        const two = lumpedLevels(m, spec, spec, decide, 2)!;
        assertIdentical(one, two, `${counts} ${spec}`);
        const ref = forwardRuleLevels(m, null, spec, decide);
        for (const k of ["ev", "sd", "bust", "flip7"] as const) {
          assert.ok(
            Math.abs(one[k] - ref[k]) < 1e-10,
            `${counts} ${spec} ${k}: ${one[k]} vs ${ref[k]}`,
          );
        }
        assert.equal(one.visited, ref.visited);
        for (let s = 0; s < ref.distribution.length; s++) {
          assert.ok(
            Math.abs(one.distribution[s] - ref.distribution[s]) < 1e-10,
          );
        }
      }
    }
    // a rule that tells the masks of a class apart: both passes decline
    const m = quiet(SMALL);
    const odd = (_slot: number, mods: number) => mods % 2 === 0;
    assert.equal(lumpedEvaluate(m.space(), odd, "odd"), null);
    assert.equal(lumpedLevels(m, "sum:20", "odd", odd, 1), null);
    // and the buffers it left behind do not leak into the next pass
    const spec = "sum:20";
    const decide = viewDecider(new SoloView(m.space()), makeStrategy(spec));
    assertIdentical(
      lumpedLevels(m, spec, spec, decide, 1)!,
      lumpedLevels(m, spec, spec, decide, 2)!,
      "after a decline",
    );
  },
);

Deno.test("level lumped pass: helpers started early (they enumerate the cores themselves) give the same bits; one started for another spec is ended, a new one serves", () => {
  const m = quiet(OTHER);
  const spec = "count:4";
  const decide = viewDecider(new SoloView(m.space()), makeStrategy(spec));
  const one = lumpedLevels(m, spec, spec, decide, 1)!;
  prestartHelpers("lumped", quiet(OTHER), spec);
  assertIdentical(one, lumpedLevels(m, spec, spec, decide, 2)!, "prestarted");
  prestartHelpers("lumped", quiet(OTHER), "sum:20"); // not this pass's
  assertIdentical(one, lumpedLevels(m, spec, spec, decide, 2)!, "another's");
  prestartHelpers("lumped", quiet(OTHER), spec);
  dropPrestarted(); // never taken: ended
  assertIdentical(one, lumpedLevels(m, spec, spec, decide, 2)!, "dropped");
});

Deno.test(
  slow(
    "level forward pass by a rule (ev): bit for bit on 1 and 2 threads, the helper deciding its share; the reference pass to 1e-10, the same states",
  ),
  async () => {
    for (const counts of [SMALL, OTHER]) {
      const m = quiet(counts);
      const rule = viewDecider(new SoloView(m.space()), makeStrategy("ev"));
      let calls = 0; // this thread's questions to the rule
      const decide = (slot: number, mods: number) => {
        calls++;
        return rule(slot, mods);
      };
      const one = forwardRuleLevels(m, "ev", "ev", decide, 1);
      const alone = calls;
      const ref = forwardActions(m, decide, null, "ev");
      for (const k of ["ev", "sd", "bust", "flip7"] as const) {
        assert.ok(
          Math.abs(one[k] - ref[k]) < 1e-10,
          `${counts} ${k}: ${one[k]} vs ${ref[k]}`,
        );
      }
      assert.equal(one.visited, ref.visited);
      for (let s = 0; s < ref.distribution.length; s++) {
        assert.ok(Math.abs(one.distribution[s] - ref.distribution[s]) < 1e-10);
      }
      // a helper started early and given time to build its model joins at
      // the first level: it asks its own copy of ev for its share of the states
      let shared = false;
      for (let attempt = 0; attempt < 3 && !shared; attempt++) {
        prestartHelpers("rule", quiet(counts), "ev");
        await new Promise((r) => setTimeout(r, 1500 * (attempt + 1)));
        calls = 0;
        assertIdentical(
          forwardRuleLevels(m, "ev", "ev", decide, 2),
          one,
          counts,
        );
        shared = calls < alone;
      }
      assert.ok(shared, `${counts}: the helper never decided a state`);
    }
    // evc (it counts cards exactly: no memo) likewise; the specs this pass
    // takes: ev and evc (sum:20 is the lumped pass's; a module stays on this
    // thread)
    const m = quiet(SMALL);
    const evc = viewDecider(new SoloView(m.space()), makeStrategy("evc"));
    assertIdentical(
      forwardRuleLevels(m, "evc", "evc", evc, 2),
      forwardRuleLevels(m, "evc", "evc", evc, 1),
      "evc",
    );
    assert.deepEqual(
      ["ev", " evc ", "sum:20", "./tests/fixtures/my_policy.ts"].map(ruleSpec),
      [true, true, false, false],
    );
  },
);
