/**
 * The engine and the round kernel equal card by card on the Vengeance
 * edition (issue 43; tests/kernel_harness.ts says how): every reachable
 * state of small Vengeance decks — the special numbers with a short Flip 7
 * (so that Lucky 13 and a 13 make the two `flip7-count` readings differ),
 * and the actions and modifiers (Just One More, Flip Four, Swap, Steal,
 * Discard, the choices of one's own card) — under the default rulings, each
 * ruling's other value alone, and all of them at once; random walks of the
 * real 108-card deck under the same cases. The kernel's choose nodes are
 * the engine's `choose` calls: the options must be the same list.
 */
import assert from "node:assert/strict";
import { RoundKernel } from "../lib/game/kernel.ts";
import {
  getRules,
  type Rules,
  withRules,
  withRulings,
} from "../lib/game/rules.ts";
import { VENGEANCE_RULINGS } from "../lib/game/rulings.ts";
import { deckOf, walkAll, walkRandom } from "./kernel_harness.ts";
import { slow } from "./tier.ts";

const V = getRules("vengeance");

/** The rulings a solo round reads (not `round-deck`, `ties`). */
const ROUND = VENGEANCE_RULINGS.filter((r) =>
  !["round-deck", "ties"].includes(r.name)
);

/** The defaults, each other value alone, and all of them at once. */
const CASES: string[][] = [
  [],
  ...ROUND.map((r) => [`${r.name}=${r.values[1].value}`]),
  ROUND.map((r) => `${r.name}=${r.values[1].value}`),
];

/** The Vengeance rules on a deck of `counts`, a Flip 7 of `length` cards. */
function rulesOf(counts: string | null, changes: string[], length = 4): Rules {
  const base = counts === null ? V : withRules(V, {
    name: "v-test",
    deck: deckOf(V, counts),
    flip7Length: length,
  });
  return withRulings(base, changes);
}

// the special numbers: a Zero, Unlucky 7 and a 7, Lucky 13 and a 13, two
// modifiers; a Flip 7 of four cards
const SPECIALS = "zero:1,1:1,2:1,7:1,unlucky7:1,13:1,lucky13:1,-4:1,/2:1";
// the actions over a few numbers: Just One More, Flip Four, Steal, Discard,
// Swap, a modifier and the Zero
const ACTIONS =
  "zero:1,1:1,2:1,3:1,onemore:1,flip4:1,steal:1,discard:1,swap:1,-2:1";

Deno.test("the ruling cases are the defaults, each other value, all at once", () => {
  assert.equal(ROUND.length, 12);
  assert.equal(CASES.length, 14);
  // every value of every round ruling is in some case
  for (const r of ROUND) {
    for (const v of r.values) {
      assert.ok(
        CASES.some((c) => withRulings(V, c).rulings[r.key] === v.value),
        `${r.name}=${v.value}`,
      );
    }
  }
});

CASES.forEach((changes, i) => {
  const name = `engine = kernel, every state of two small Vengeance decks: ${
    changes.join(" ") || "defaults"
  }`;
  const fast = i === 0 || i === CASES.length - 1;
  Deno.test(fast ? { name, ignore: false } : slow(name), () => {
    for (const counts of [SPECIALS, ACTIONS]) {
      const n = walkAll(rulesOf(counts, changes), `${counts} ${changes}`);
      assert.ok(n > 100, `${counts}: ${n} states`);
    }
  });
});

Deno.test("engine = kernel on the 108-card deck: random walks under every case", () => {
  const walks = Deno.env.get("FLIP7_LONG") === "1" ? 100 : 4;
  let n = 0;
  CASES.forEach((changes, i) => {
    n += walkRandom(rulesOf(null, changes), walks, 70 + i, changes.join(" "));
  });
  assert.ok(n > CASES.length * walks, `${n} states`);
});

Deno.test("the kernel's choose nodes: Discard of one's own card, and Go's fixed order", () => {
  const t = V.cards, kind = (n: string) => t.kindOf(n);
  const line = 1 << kind("zero") | 1 << kind("9");
  const mods = t.modBit[kind("/2")];
  // (the Zero held: a draw node, no decision)
  const at = (k: RoundKernel) =>
    k.apply(k.position({ line, mods }), kind("discard"));
  const choose = new RoundKernel(V);
  const s = at(choose);
  assert.equal(s.node, "choose");
  assert.deepEqual(choose.options(s), [kind("zero"), kind("9"), kind("/2")]);
  // Go's order discards the Zero first
  const go = new RoundKernel(V, { ownCard: "go-order" });
  const g = at(go);
  assert.equal(g.node, "decide");
  assert.equal(go.score(g), 4); // 9 halved
});
