/**
 * A card is one place (issue 40): two kinds the official deck lacks — a
 * "Flip Four" (the target flips four cards) and a "-4" modifier — declared
 * only as rows added to the card table here, in the test, and a rules
 * object that carries the table (and, to make a Flip 7 reachable in an
 * eight-card deck, a Flip 7 of three numbers, worth 4). Nothing else is written for
 * them: the engine plays them, the round kernel defines their round, the
 * two are equal card by card under every round ruling, and the kernel's
 * exact DP solves the round, its optimum checked against a second,
 * independent computation — an expectimax over every card history that
 * asks the engine, not the kernel, what each history leads to.
 */
import assert from "node:assert/strict";
import {
  CardTable,
  EFFECT_FLIP,
  EFFECT_PLUS,
  InputError,
  STANDARD_ROWS,
} from "../lib/game/cards.ts";
import { Game } from "../lib/game/engine.ts";
import { RoundKernel } from "../lib/game/kernel.ts";
import {
  getRules,
  type Rules,
  withRules,
  withRulings,
} from "../lib/game/rules.ts";
import { Rng } from "../lib/game/rng.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { checkDeck } from "../lib/solver/decks.ts";
import { Ratio, solveKernel } from "../lib/solver/kernel_dp.ts";
import {
  deckOf,
  engineAt,
  ROUND_CASES,
  walkAll,
  walkRandom,
} from "./kernel_harness.ts";
import { slow } from "./tier.ts";

/** The official rows and two more: the only place the new cards are declared. */
const TABLE = new CardTable([
  ...STANDARD_ROWS,
  { name: "flip4", count: 3, effect: EFFECT_FLIP, value: 4 },
  { name: "-4", count: 1, effect: EFFECT_PLUS, value: -4 },
]);

/** The official rules with the new table; a deck of `counts` (`name:count`). */
function rulesWith(counts: string | null, changes: string[] = []): Rules {
  const std = getRules("standard");
  const full = withRules(std, {
    name: "new-cards",
    cards: TABLE,
    deck: TABLE.counts.slice(),
  });
  const rules = counts === null ? full : withRules(full, {
    deck: deckOf(full, counts),
    // a line of three numbers is a Flip 7 in the small deck, worth 4 (with
    // 15 the optimal player never stays)
    flip7Length: 3,
    flip7Bonus: 4,
  });
  return withRulings(rules, changes);
}

// eight cards: three numbers (a duplicate 2), a Second Chance, the Flip
// Four, the -4 and x2
const SMALL = "1:1,2:2,3:1,chance:1,flip4:1,-4:1,x2:1";

Deno.test("the new rows are cards like any other: names, notation, score", () => {
  assert.equal(TABLE.kinds, 24);
  const flip4 = TABLE.kindOf("flip4"), minus4 = TABLE.kindOf("-4");
  assert.deepEqual([flip4, minus4], [22, 23]);
  // (1 + 2 + 3) × 2 − 4 = 8; below 0 the score stays at 0
  const x2 = TABLE.modBit[TABLE.kindOf("x2")], m4 = TABLE.modBit[minus4];
  assert.equal(TABLE.score(0b1110, x2 | m4, 0), 8);
  assert.equal(TABLE.score(0b10, m4, 0), 0);
  assert.equal(TABLE.score(0b10, m4, 15), 15); // the Flip 7 bonus after the floor
  // the solo solver's models take the official table's decks only
  assert.throws(
    () => checkDeck(rulesWith(SMALL).deck, "all94"),
    InputError,
  );
});

Deno.test("the engine plays the new cards and conserves them", () => {
  const rules = rulesWith(null);
  const rng = new Rng();
  rng.reseed(7, 0);
  // hits with probability 3/4 while it shows under 25; every action on itself
  const player: Strategy = {
    name: "random",
    hit: (v: TableView, s: number) =>
      v.roundScore(s) < 25 && rng.below(4) !== 0,
    target: (_v: TableView, s: number) => s,
  };
  const seen = new Set<string>();
  const g = new Game(rules, [player, { ...player }], {
    seed: 3,
    listener: (e) => {
      if (e.type === "draw" || e.type === "deal") seen.add(e.card);
    },
  });
  for (let r = 0; r < 400; r++) {
    g.playRound();
    assert.equal(g.checkConservation(), null);
  }
  assert.ok(seen.has("flip4") && seen.has("-4"), [...seen].join(" "));
  // a Flip Four dealt flips four cards
  const four = engineAt(rulesWith(null), [TABLE.kindOf("flip4"), 1, 2, 3, 4]);
  assert.deepEqual(four.forced, [false, true, true, true, true]);
});

Deno.test("engine = kernel on the new table: every state of a small deck, every round ruling", () => {
  for (const changes of ROUND_CASES) {
    const n = walkAll(rulesWith(SMALL, changes), changes.join(" "));
    assert.ok(n > 100, `${n} states`);
  }
});

Deno.test("engine = kernel on the new table's full deck: random walks", () => {
  let n = 0;
  ROUND_CASES.forEach((changes, i) => {
    n += walkRandom(rulesWith(null, changes), 4, 90 + i, changes.join(" "));
  });
  assert.ok(n > 64, `${n} states`);
});

/** What a round is worth: its expected score, bust and Flip 7 probabilities. */
type Worth = { value: Ratio; bust: Ratio; flip7: Ratio };

/**
 * The optimum by brute force over card histories, asking the engine only:
 * the position after each history (its score, whether the player decides,
 * the pile), each next card and what it leads to. No state is merged with
 * another: every history is played out.
 */
function bruteForce(rules: Rules, cards: number[] = []): Worth {
  const here = engineAt(rules, cards);
  if (here.pos.startsWith("end:")) {
    const how = here.pos.split(":")[1];
    return {
      value: Ratio.of(here.score),
      bust: Ratio.of(how === "bust" ? 1 : 0),
      flip7: Ratio.of(how === "flip7" ? 1 : 0),
    };
  }
  const asked = here.pos.includes("asked=1");
  const stay = Number(/score=(\d+)/.exec(here.pos)![1]);
  const pileTotal = here.pile.reduce((a, b) => a + b, 0);
  const next: [number, Worth][] = [];
  for (let c = 0; c < here.pile.length; c++) {
    const copies = pileTotal > 0 ? here.pile[c] : here.discards[c];
    if (!(copies > 0)) continue;
    let after;
    try {
      after = engineAt(rules, [...cards, c]);
    } catch (e) {
      if (/is not in the pile/.test(String(e))) continue;
      throw e;
    }
    if (after.drawn[cards.length] !== c) continue;
    next.push([copies, bruteForce(rules, [...cards, c])]);
  }
  let hit: Worth;
  if (next.length === 0) { // no card: the round ends, the player banking
    hit = { value: Ratio.of(here.score), bust: Ratio.ZERO, flip7: Ratio.ZERO };
  } else {
    const total = next.reduce((a, [c]) => a + c, 0);
    hit = { value: Ratio.ZERO, bust: Ratio.ZERO, flip7: Ratio.ZERO };
    for (const [c, w] of next) {
      const p = Ratio.of(c, total);
      hit = {
        value: hit.value.add(p.mul(w.value)),
        bust: hit.bust.add(p.mul(w.bust)),
        flip7: hit.flip7.add(p.mul(w.flip7)),
      };
    }
  }
  if (!asked || hit.value.compare(Ratio.of(stay)) > 0) return hit;
  return { value: Ratio.of(stay), bust: Ratio.ZERO, flip7: Ratio.ZERO };
}

/** The kernel's DP and the engine's brute force agree to the last digit of a fraction. */
function dpIsBruteForce(changes: string[]): void {
  const rules = rulesWith(SMALL, changes);
  const dp = solveKernel(new RoundKernel(rules));
  const brute = bruteForce(rules);
  const show = (w: Worth) => `value ${w.value} bust ${w.bust} flip7 ${w.flip7}`;
  assert.equal(show(dp), show(brute), changes.join(" "));
}

Deno.test(
  slow(
    "the kernel's DP = the engine's brute force with a Second Chance waiting in the Flip Four",
  ),
  () => {
    dpIsBruteForce(["chance-in-flip3=after-the-three"]);
  },
);

Deno.test("the kernel's DP solves the new deck exactly, as the engine's brute force does", () => {
  dpIsBruteForce([]);
  // the optimum under the default rulings
  const dp = solveKernel(new RoundKernel(rulesWith(SMALL)));
  assert.equal(
    `${dp.value} ${dp.bust} ${dp.flip7}`,
    "21997/2520 31/140 26/35",
  );
  assert.equal(dp.value.toNumber().toFixed(4), "8.7290");
});
