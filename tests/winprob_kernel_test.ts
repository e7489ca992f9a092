/**
 * Win-probability play's round models tied to the round kernel
 * (lib/game/kernel.ts, issue 40).
 *
 * - The numbers round (`RoundSolver`, `ContinuationLaws`): on small number
 *   decks, from lines with and without a Second Chance and modifiers in
 *   front (a `-4` and a Flip 7 of three numbers in a table the official deck
 *   lacks too), its optimal value is the kernel's exact DP's (`solveKernel`,
 *   under the kernel's `savedDuplicate: "back-in-deck"`), and its law of
 *   the final score under its own policy is the kernel's under that policy.
 * - The Flip N law (`FlipThreeLaw`): the cards a Flip Three or a Flip Four
 *   makes the line flip, enumerated by the kernel, then the same
 *   continuation, give its laws; a Freeze among them is set aside and
 *   dropped (its named treatment).
 * - The search (`SearchCore`): a Flip N drawn is no card (`SEARCH_FLIP`).
 */
import assert from "node:assert/strict";
import {
  CardTable,
  EFFECT_FLIP,
  EFFECT_PLUS,
  KINDS,
  STANDARD_ROWS,
} from "../lib/game/cards.ts";
import { RoundKernel, type RoundState } from "../lib/game/kernel.ts";
import { getRules, type Rules, withRules } from "../lib/game/rules.ts";
import { solveKernel } from "../lib/solver/kernel_dp.ts";
import {
  ContinuationLaws,
  IDENTITY_UTILITY,
  RoundSolver,
  SCORE_CAP,
} from "../lib/winprob/rounddp.ts";
import { FlipThreeLaw } from "../lib/winprob/flip3law.ts";
import { SEARCH_FLIP, SearchCore } from "../lib/winprob/search.ts";
import { Rng } from "../lib/game/rng.ts";
import { deckOf } from "./kernel_harness.ts";

const STD = getRules("standard");
/** The official rows, a Flip Four and a `-4`. */
const TABLE = new CardTable([
  ...STANDARD_ROWS,
  { name: "flip4", count: 1, effect: EFFECT_FLIP, value: 4 },
  { name: "-4", count: 1, effect: EFFECT_PLUS, value: -4 },
]);

/** The law of the final score from `s` under `policy`, by the kernel's outcomes. */
function kernelLaw(
  k: RoundKernel,
  s: RoundState,
  hits: (s: RoundState) => boolean,
  p = 1,
  out = new Float64Array(SCORE_CAP),
): Float64Array {
  if (k.isTerminal(s)) out[k.score(s)] += p;
  else if (k.node(s) === "decide") {
    kernelLaw(k, k.apply(s, hits(s) ? "hit" : "stay"), hits, p, out);
  } else {
    const outs = k.outcomes(s);
    const total = outs.reduce((n, o) => n + o.count, 0);
    for (const o of outs) {
      kernelLaw(k, o.state, hits, (p * o.count) / total, out);
    }
  }
  return out;
}

function close(a: ArrayLike<number>, b: ArrayLike<number>, what: string) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    assert.ok(
      Math.abs((a[i] ?? 0) - (b[i] ?? 0)) < 1e-12,
      `${what} at ${i}: ${a[i]} vs ${b[i]}`,
    );
  }
}

Deno.test("the numbers round is the kernel's round on number decks (back-in-deck saves): optimal values and laws", () => {
  const rng = new Rng(40, 0);
  const custom = withRules(STD, {
    name: "custom",
    cards: TABLE,
    deck: TABLE.counts.slice(),
    flip7Length: 3,
    flip7Bonus: 4,
  });
  const cases: [Rules, string][] = [
    [STD, "0:1,1:1,2:2,3:2,4:1,5:1,6:2,7:1"], // a Flip 7 of seven
    [withRules(STD, { flip7Length: 4 }), "1:1,2:2,5:3,9:2,12:1"],
    [custom, "1:1,2:2,3:2,8:1"], // the -4 in front, a Flip 7 of three
  ];
  let checked = 0;
  for (const [base, counts] of cases) {
    const rules = withRules(base, { deck: deckOf(base, counts) });
    const kernel = new RoundKernel(rules, { savedDuplicate: "back-in-deck" });
    const dp = new RoundSolver(rules);
    const n = rules.cards.numberKinds, mods = rules.cards.modifierKinds;
    for (let trial = 0; trial < 12; trial++) {
      // a line from the deck, maybe a Second Chance and modifiers in front
      let line = 0;
      const pile = rules.deck.slice();
      for (let v = 0; v < n; v++) {
        if (pile[v] > 0 && rng.below(4) === 0) {
          line |= 1 << v;
          pile[v]--;
        }
      }
      const numbers = line.toString(2).replaceAll("0", "").length;
      if (numbers >= rules.flip7Length) continue; // a Flip 7 already
      const chance = rng.below(2) === 1;
      let md = 0;
      for (const k of mods) if (rng.below(3) === 0) md |= rules.cards.modBit[k];
      const start = kernel.position({ line, mods: md, chance, pile });
      const forced = kernel.node(start) === "draw";
      dp.solve(IDENTITY_UTILITY, line, chance, pile.slice(0, n), md, forced);
      const root = (line << 1) | (chance ? 1 : 0);
      const exact = solveKernel(kernel, start);
      assert.ok(
        Math.abs(dp.value[root] - exact.value.toNumber()) < 1e-12,
        `${counts} from ${line}: ${dp.value[root]} vs ${exact.value}`,
      );
      const hits = (s: RoundState) =>
        dp.hit[(s.line << 1) | (s.chance ? 1 : 0)] === 1;
      close(
        new ContinuationLaws(dp).law(root, md),
        kernelLaw(kernel, start, hits),
        `${counts} law`,
      );
      checked++;
    }
  }
  assert.ok(checked >= 30, `${checked}`);
});

/** The law of a Flip N (`flip`) on a line, by the kernel's forced draws, then the continuation laws. */
function kernelFlip(
  k: RoundKernel,
  flip: number,
  pile: number[],
  line: number,
  md: number,
  chance: boolean,
): { cont: Float64Array; f7: Float64Array } {
  const laws = ContinuationLaws.get();
  const cont = new Float64Array(SCORE_CAP), f7 = new Float64Array(SCORE_CAP);
  const withFlip = pile.slice();
  withFlip[flip]++;
  let s = k.position({ line, mods: md, chance, pile: withFlip });
  if (s.node === "decide") s = k.apply(s, "hit");
  const walk = (s: RoundState, p: number) => {
    if (s.node === "draw" && s.forced) {
      const outs = k.outcomes(s);
      const total = outs.reduce((n, o) => n + o.count, 0);
      for (const o of outs) walk(o.state, (p * o.count) / total);
    } else if (s.end === "bust") cont[0] += p;
    else if (s.end === "flip7") f7[k.score(s)] += p;
    else {
      assert.equal(s.node, "decide");
      const law = laws.law((s.line << 1) | (s.chance ? 1 : 0), s.mods);
      for (let x = 0; x < SCORE_CAP; x++) cont[x] += p * law[x];
    }
  };
  walk(k.apply(s, flip), 1);
  return { cont, f7 };
}

Deno.test("the Flip N law is the kernel's Flip Three and Flip Four, then the continuation; a Freeze among the cards is dropped", () => {
  const rng = new Rng(41, 0);
  const four = withRules(STD, {
    name: "four",
    cards: TABLE,
    deck: TABLE.counts.slice(),
  });
  const f = new FlipThreeLaw();
  let checked = 0;
  for (
    const [rules, flip] of [[STD, STD.cards.kindOf("flip3")], [
      four,
      TABLE.kindOf("flip4"),
    ]] as const
  ) {
    const k = new RoundKernel(rules);
    const base = deckOf(
      rules,
      "0:1,1:1,2:2,3:2,4:1,5:1,6:1,7:1,+4:1,x2:1,chance:2",
    );
    for (let trial = 0; trial < 10; trial++) {
      const pile = base.slice();
      let line = 0;
      for (let v = 0; v < 8; v++) {
        if (rng.below(3) === 0) {
          line |= 1 << v;
          pile[v] = Math.max(0, pile[v] - 1);
        }
      }
      const md = rng.below(2) ? STD.cards.modBit[STD.cards.kindOf("+10")] : 0;
      const chance = rng.below(2) === 1;
      const want = kernelFlip(k, flip, pile, line, md, chance);
      f.run(
        pile.slice(0, KINDS),
        line,
        md,
        chance ? 1 : 0,
        rules.cards.values[flip],
      );
      close(f.cont, want.cont, "cont");
      close(f.f7, want.f7, "f7");
      assert.ok(Math.abs(f.pBust + f.pBank + f.pF7 - 1) < 1e-12);
      checked++;
    }
  }
  assert.equal(checked, 20);
  // a Freeze among the cards is set aside and dropped: the law of {5, Freeze} is that of {5}
  const pile = deckOf(STD, "5:1,freeze:1"), alone = deckOf(STD, "5:1");
  f.run(pile, 1 << 7, 0, 0);
  const withFreeze = Float64Array.from(f.cont);
  f.run(alone, 1 << 7, 0, 0);
  assert.deepEqual(withFreeze, f.cont);
  assert.equal(f.pBust + f.pF7 + f.pBank, 1);
});

Deno.test("the search treats a Flip N drawn as no card (seed 001 models no action card)", () => {
  assert.equal(SEARCH_FLIP, "no-card");
  const core = new SearchCore(null, 1);
  const at = (counts: string) => {
    core.loadState(
      deckOf(STD, counts),
      100,
      120,
      0,
      1 << 7,
      0,
      false,
      1 << 5,
      0,
      false,
      true,
    );
    return core.hitValue();
  };
  const five = at("5:1"), flip = at("flip3:1"), both = at("5:1,flip3:1");
  // one ply: a hit is the mean of the states after the cards; after the Flip N, nothing changed
  assert.ok(Math.abs(both - (five + flip) / 2) < 1e-12);
  // a freeze is played (the drawer freezes whichever is better for it): another value
  assert.notEqual(at("freeze:1"), flip);
});
