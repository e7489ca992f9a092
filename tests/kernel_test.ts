/**
 * The engine and the round kernel (lib/game/kernel.ts), equal card by card
 * (issue 40): from each kernel state the engine is set to the same position
 * — by replaying the cards that reach it on a stacked deck that holds
 * nothing more (`stackOnly`), hitting as often as the kernel's path did —
 * and the two are compared: the position (the line, the modifiers, the
 * Second Chance, every card in front, in the pile, in the discards and set
 * aside, by kind; whether the player was asked to decide; the score it would
 * bank), and every next card the engine can draw there with its copies
 * (exact rationals: copies over the pile, compared as integers) against the
 * kernel's outcomes, down to the end of the round and its score (bust,
 * Flip 7, stay, Freeze or the cards running out). A stay is checked at every
 * decision.
 *
 * Every reachable state of four small decks (numbers, modifiers, Second
 * Chances, Freezes, nested Flip Threes, a Flip 7, reshuffles) is walked
 * under every value of the four rulings a round reads (16 combinations;
 * the fast tier walks the defaults and the other values together, the 14
 * other combinations are `slow`);
 * random walks cover the real 94-card deck under each (more with
 * `FLIP7_LONG=1`). tests/new_card_test.ts does the same on a table with
 * cards the official deck lacks. Last, the kernel's exact DP gives the
 * solver's models' optima on small decks (`exact`, `approx` with its
 * treatment of a saved duplicate, `all94` under its three action readings).
 */
import assert from "node:assert/strict";
import { RoundKernel } from "../lib/game/kernel.ts";
import { getRules, withRules, withRulings } from "../lib/game/rules.ts";
import { applyRulings, DEFAULT_RULINGS } from "../lib/game/rulings.ts";
import type { ActionModel } from "../lib/solver/actions.ts";
import "../lib/solver/actions.ts";
import { solveKernel } from "../lib/solver/kernel_dp.ts";
import { getModel } from "../lib/solver/model.ts";
import { solve } from "../lib/solver/solve.ts";
import { slow } from "./tier.ts";
import {
  deckOf,
  ROUND_CASES,
  rulesOf,
  walkAll,
  walkRandom,
} from "./kernel_harness.ts";

const STD = getRules("standard");
// numbers 0-6 (a Flip 7 possible, during a Flip Three too; 2 the one
// duplicate), a Second Chance, a Freeze, a Flip Three
const FLIP7_DECK = "0:1,1:1,2:2,3:1,4:1,5:1,6:1,chance:1,freeze:1,flip3:1";
// numbers 2-4, a Second Chance, three Freezes, three Flip Threes (nested
// ones, Freezes before and after them)
const ACTIONS_DECK = "2:1,3:1,4:1,chance:1,freeze:3,flip3:3";
// three numbers, two Second Chances, a Flip Three and x2: the pile runs
// out, saved duplicates come back by a reshuffle
const RUNOUT_DECK = "1:1,2:2,3:2,chance:2,flip3:1,x2:1";
// modifiers, a Freeze and a Flip Three over a few numbers
const MODS_DECK = "0:1,1:1,2:2,+2:1,+10:1,x2:1,chance:1,freeze:1,flip3:1";

Deno.test("the kernel's example decks and rulings are what the walks need", () => {
  assert.equal(ROUND_CASES.length, 16);
  const k = new RoundKernel(rulesOf(deckOf(STD, RUNOUT_DECK), []));
  // the run-out deck reaches a reshuffle: hit on every decision
  let s = k.initial(), reshuffled = false;
  const order = ["1", "chance", "2", "2", "chance", "3", "3"].map((n) =>
    k.cards.kindOf(n)
  );
  for (const c of order) {
    if (s.node === "decide") s = k.apply(s, "hit");
    s = k.apply(s, c);
  }
  // two saves: both Second Chances and a 2 and a 3 in the discards; the x2 and the Flip Three left
  assert.deepEqual(
    [s.pile[k.cards.kindOf("x2")], s.pile[k.cards.kindOf("flip3")]],
    [1, 1],
  );
  s = k.apply(k.apply(k.apply(s, "hit"), k.cards.kindOf("x2")), "hit");
  s = k.apply(s, k.cards.kindOf("flip3")); // three forced draws from an empty pile
  assert.equal(s.forced, true);
  const outs = k.outcomes(s);
  reshuffled = outs.every((o) => o.state.reshuffled);
  assert.ok(reshuffled);
  assert.deepEqual(outs.map((o) => k.cards.names[o.card]), [
    "2",
    "3",
    "chance",
  ]);
});

// the fast tier walks the default rulings and every other value at once;
// test:full each of the 16 combinations
ROUND_CASES.forEach((changes, i) => {
  const name = `engine = kernel, every state of four small decks: ${
    changes.join(" ")
  }`;
  const fast = i === 0 || i === ROUND_CASES.length - 1;
  Deno.test(
    fast ? { name, ignore: false } : slow(name),
    () => {
      for (const counts of [FLIP7_DECK, ACTIONS_DECK, RUNOUT_DECK, MODS_DECK]) {
        const n = walkAll(rulesOf(deckOf(STD, counts), changes), counts);
        assert.ok(n > 300, `${counts}: ${n} states`);
      }
    },
  );
});

Deno.test("engine = kernel on the real deck: random walks under every round ruling", () => {
  const walks = Deno.env.get("FLIP7_LONG") === "1" ? 200 : 6;
  let n = 0;
  ROUND_CASES.forEach((changes, i) => {
    n += walkRandom(rulesOf(null, changes), walks, 40 + i, changes.join(" "));
  });
  assert.ok(n > 16 * walks * 2, `${n} states`);
});

Deno.test("the kernel's DP gives the solver's models' optima on small decks", () => {
  // numbers 0-4, +2 and x2
  const SMALL = "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0";
  const kernelOf = (
    deck: readonly number[],
    changes: string[] = [],
    savedDuplicate: "discard" | "back-in-deck" = "discard",
  ) =>
    new RoundKernel(
      withRulings(withRules(STD, { name: "k", deck: deck.slice() }), changes),
      { savedDuplicate },
    );
  const close = (a: number, b: number, what: string) =>
    assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} against ${b}`);
  // two Second Chances: the exact model, and approx (a saved duplicate back in the deck)
  const exact = getModel("exact", `${SMALL},chance:2`);
  close(
    solveKernel(kernelOf(exact.deck)).value.toNumber(),
    solve(exact).ev,
    "exact",
  );
  const approx = getModel("approx", `${SMALL},chance:2`);
  close(
    solveKernel(kernelOf(approx.deck, [], "back-in-deck")).value.toNumber(),
    solve(approx).ev,
    "approx",
  );
  // a Second Chance, a Freeze and two Flip Threes: all94 under each reading
  for (
    const changes of [
      [],
      ["set-aside-order=forced-draws-first"],
      ["actions=immediate"],
    ]
  ) {
    const m = getModel(
      "all94",
      `${SMALL},chance:1,freeze:1,flip3:2`,
      applyRulings(DEFAULT_RULINGS, changes),
    ) as ActionModel;
    m.log = () => {};
    close(
      solveKernel(kernelOf(m.deck, changes)).value.toNumber(),
      m.solveDecisions().ev,
      `all94 ${changes.join(" ")}`,
    );
  }
});
