/**
 * The public projects' Vengeance policies (lib/strategies/vengeance_go.ts,
 * vengeance_cpp.ts): each policy's distinctive hit/stay and choices, on a
 * stub table view and on stacked decks in the engine.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { getRules, type Rules } from "../lib/game/rules.ts";
import {
  ACTIVE,
  BUSTED,
  type Choice,
  DECLINE,
  STAYED,
  type TableView,
} from "../lib/game/view.ts";
import {
  flipFourRisk,
  goChoose,
  goExpectedGain,
  goHitRisk,
  goStrategy,
} from "../lib/strategies/vengeance_go.ts";
import { cppStrategy, cppWantsHit } from "../lib/strategies/vengeance_cpp.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { kind, pair, ref } from "./vengeance_scenario.ts";

const GO = getRules("vengeance-go"), CPP = getRules("vengeance-cpp");
const bit = (...names: string[]) => names.reduce((m, n) => m | 1 << kind(n), 0);

/** A table view from plain data: lines by card names, totals, statuses, the pile's counts. */
function stub(o: {
  rules?: Rules;
  lines: string[][];
  totals?: number[];
  status?: number[];
  pile: Record<string, number>;
}): TableView {
  const rules = o.rules ?? GO, t = rules.cards;
  const lines = o.lines.map((l) =>
    bit(...l.filter((n) => !n.startsWith("-") && n !== "/2"))
  );
  const mods = o.lines.map((l) =>
    l.filter((n) => n.startsWith("-") || n === "/2").reduce(
      (m, n) => m | t.modBit[kind(n)],
      0,
    )
  );
  const pile = new Array(t.kinds).fill(0);
  for (const [n, c] of Object.entries(o.pile)) pile[kind(n)] = c;
  const total = pile.reduce((a, b) => a + b, 0);
  const status = o.status ?? o.lines.map(() => ACTIVE);
  const count = (m: number) => {
    let c = 0;
    for (; m; m &= m - 1) c++;
    return c;
  };
  return {
    rules,
    players: o.lines.length,
    lineMask: (s) => lines[s],
    lineCount: (s) => count(lines[s]),
    numberSum: (s) => t.sumOfMask[lines[s]],
    modMask: (s) => mods[s],
    hasChance: () => false,
    cardsInFront: (s) => count(lines[s]) + count(mods[s]),
    roundScore: (s) =>
      status[s] === BUSTED ? 0 : t.roundScore(
        lines[s],
        mods[s],
        0,
        false,
        (lines[s] & 1) !== 0,
      ),
    total: (s) => o.totals?.[s] ?? 0,
    isActive: (s) => status[s] === ACTIVE,
    seatStatus: (s) => status[s],
    round: 1,
    firstOfRound: () => 0,
    unseenTable: (k) => pile[k],
    unseenTableTotal: () => total,
    unseenExact: (k) => pile[k],
    unseenExactTotal: () => total,
  };
}

const choice = (
  type: Choice["type"],
  options: number[],
  card = -1,
): Choice => ({ type, card, options });

Deno.test("Go's hit risk and the exact Flip Four risk", () => {
  // line {5, 13, lucky13}: the 5s and the 13s bust (Lucky 13 already paired)
  const v = stub({
    lines: [["5", "13", "lucky13"], []],
    pile: { "5": 3, "13": 1, "9": 4, onemore: 2 },
  });
  assert.equal(goHitRisk(v, 0), 4 / 10);
  // Lucky 13 alone: a plain 13 does not bust it
  const w = stub({ lines: [["lucky13"], []], pile: { "13": 5, "9": 5 } });
  assert.equal(goHitRisk(w, 0), 0);
  // one bust card among 8: it is in the first four with probability 1/2
  const f = stub({ lines: [["5"], []], pile: { "5": 1, onemore: 7 } });
  assert.equal(flipFourRisk(f, 0), 0.5);
  // {5} against 9, 9, 9, 5: four draws take every card, so a bust is certain
  const g = stub({ lines: [["5"], []], pile: { "5": 1, "9": 3 } });
  assert.equal(flipFourRisk(g, 0), 1);
});

Deno.test("Go's hit/stay rules: cautious, aggressive, heuristic, ev, adaptive", () => {
  const pile = { "1": 1, "12": 11, "10": 9, "3": 3 };
  // cautious stays over 18 whatever the risk; aggressive hits with six ranks
  const high = stub({ lines: [["12", "10"], []], pile });
  assert.equal(goStrategy("cautious").hit(high, 0), false);
  const six = stub({
    lines: [["1", "2", "3", "4", "5", "6"], []],
    pile: { "3": 10, "9": 1 },
  });
  assert.equal(goStrategy("aggressive").hit(six, 0), true);
  // ...and without six ranks stays on a risk over 40%
  const risky = stub({
    lines: [["3", "12"], []],
    pile: { "3": 2, "12": 5, "9": 5 },
  });
  assert.equal(goStrategy("aggressive").hit(risky, 0), false);
  assert.equal(goStrategy("heuristic:15").hit(risky, 0), false);
  assert.equal(goStrategy("heuristic:16").hit(risky, 0), true);
  // ev: {12} with the pile {12 ×1, 1 ×1}: +1 or −12, half each: stay
  const e = stub({ lines: [["12"], []], pile: { "12": 1, "1": 1 } });
  assert.equal(goExpectedGain(e, 0), (1 - 12) / 2);
  assert.equal(goStrategy("ev").hit(e, 0), false);
  // alone in the round, a modifier in the pile counts (it would be kept)
  const alone = stub({
    lines: [["12"], []],
    status: [ACTIVE, BUSTED],
    pile: { "-4": 1, "1": 1 },
  });
  assert.equal(goExpectedGain(alone, 0), (-4 + 1) / 2);
  const others = stub({ lines: [["12"], []], pile: { "-4": 1, "1": 1 } });
  assert.equal(goExpectedGain(others, 0), 1 / 2);
  // adaptive plays aggressive when 25 behind: the same line, opposite calls
  const behind = stub({
    lines: [["1", "2", "3", "4", "5", "6"], []],
    totals: [0, 25],
    pile: { "1": 0, "12": 2, "3": 2, "6": 5 },
  });
  const level = stub({
    lines: [["1", "2", "3", "4", "5", "6"], []],
    totals: [0, 24],
    pile: { "12": 2, "3": 2, "6": 5 },
  });
  assert.equal(goStrategy("adaptive").hit(behind, 0), true);
  assert.equal(
    goStrategy("adaptive").hit(level, 0),
    goStrategy("ev").hit(level, 0),
  );
  assert.equal(goStrategy("ev").hit(level, 0), false);
});

Deno.test("Go's targets: modifier, Just One More, Flip Four", () => {
  const v = stub({
    lines: [["5"], ["12"], ["3", "10"], ["1", "2", "4", "6", "8"]],
    totals: [0, 50, 90, 10],
    status: [ACTIVE, STAYED, ACTIVE, BUSTED],
    pile: { "9": 20 },
  });
  // a modifier to the opponent not bust of the highest round score (13 > 12)
  assert.equal(goChoose(v, 0, choice("modifier", [1, 2, 0]), false), 2);
  // Just One More: nobody not bust shows five ranks: the highest total
  assert.equal(
    goChoose(v, 0, choice("target", [1, 2, 0], kind("onemore")), false),
    2,
  );
  const five = stub({
    lines: [["5"], ["1", "2", "4", "6", "8"], ["3"]],
    totals: [0, 0, 90],
    pile: { "9": 20 },
  });
  assert.equal(
    goChoose(five, 0, choice("target", [1, 2, 0], kind("onemore")), false),
    1,
  );
  // Flip Four: seat 1's line of 9s-and-8s busts surely at 50%+ risk
  const ff = stub({
    lines: [["5"], ["9", "8"], ["3"]],
    totals: [0, 0, 90],
    pile: { "9": 3, "8": 3, "11": 1 },
  });
  assert.ok(flipFourRisk(ff, 1) >= 0.5);
  assert.equal(
    goChoose(ff, 0, choice("target", [1, 2, 0], kind("flip4")), false),
    1,
  );
  // Brutal's Flip 7: the attackers take 15 off the highest total, the others keep it
  assert.equal(goChoose(v, 0, choice("flip7", [0, 1, 2, 3]), true), 2);
  assert.equal(goChoose(v, 0, choice("flip7", [0, 1, 2, 3]), false), 0);
});

Deno.test("Go's card values: Steal, Discard, Swap", () => {
  const v = stub({
    lines: [["zero", "5"], ["12", "lucky13"], ["11"]],
    pile: {},
  });
  const s = (o: number[]) => goChoose(v, 0, choice("steal", o), false);
  // Lucky 13 (100) over a 12; never one's own card while another shows one
  assert.equal(
    s([ref(1, "12"), ref(1, "lucky13"), ref(2, "11"), ref(0, "5")]),
    ref(1, "lucky13"),
  );
  assert.equal(s([ref(2, "11"), ref(1, "12")]), ref(1, "12"));
  assert.equal(s([ref(0, "5")]), ref(0, "5")); // steal-own: the fallback
  // Discard: one's own Zero (80) over an opponent's 12, an opponent's Lucky 13 (100) over both
  const d = (o: number[]) => goChoose(v, 0, choice("discard", o), false);
  assert.equal(d([ref(1, "12"), ref(0, "zero"), ref(0, "5")]), ref(0, "zero"));
  assert.equal(
    d([ref(1, "12"), ref(1, "lucky13"), ref(0, "zero")]),
    ref(1, "lucky13"),
  );
  // Swap: one's own Zero for the opponent's Lucky 13
  const sw = [
    pair([0, "zero"], [1, "12"]),
    pair([0, "zero"], [1, "lucky13"]),
    pair([0, "5"], [1, "12"]),
    pair([1, "12"], [2, "11"]),
  ];
  assert.equal(goChoose(v, 0, choice("swap", sw), false), sw[1]);
  // no burden of one's own: the first legal pair (seat order, then kind)
  const w = stub({ lines: [["5"], ["12"], ["11"]], pile: {} });
  const sw2 = [
    pair([1, "12"], [2, "11"]),
    pair([0, "5"], [2, "11"]),
    pair([0, "5"], [1, "12"]),
  ];
  assert.equal(goChoose(w, 0, choice("swap", sw2), false), sw2[2]);
});

Deno.test("C++'s wants_hit and its adversarial, naive and random targets", () => {
  // {12, 10}: pb = (11 + 9) / 40 = 0.5: 0.5 × 6.5 < 0.5 × 22: stay
  const v = stub({
    rules: CPP,
    lines: [["12", "10"], ["3"], ["7", "9"]],
    totals: [0, 120, 60],
    pile: { "12": 11, "10": 9, "5": 20 },
  });
  assert.equal(cppWantsHit(v, 0), false);
  // six numbers: the 15 bonus makes it hit at the same risk
  const six = stub({
    rules: CPP,
    lines: [["1", "2", "3", "4", "5", "6"], []],
    pile: { "6": 4, "9": 36 },
  });
  assert.equal(cppWantsHit(six, 0), (1 - 0.1) * 21.5 > 0.1 * 21);
  const adv = cppStrategy("adversarial"), naive = cppStrategy("self");
  // modifiers and Just One More to the leader (highest total not bust)
  assert.equal(adv.choose!(v, 0, choice("modifier", [1, 2, 0])), 1);
  assert.equal(
    adv.choose!(v, 0, choice("target", [1, 2, 0], kind("onemore"))),
    1,
  );
  // Flip Four to the active opponent with the most numbers
  assert.equal(
    adv.choose!(v, 0, choice("target", [1, 2, 0], kind("flip4"))),
    2,
  );
  // Steal: the leader's highest number one can hold; Discard its highest
  const lead = stub({
    rules: CPP,
    lines: [["12", "2"], ["12", "9", "3"]],
    totals: [0, 100],
    pile: {},
  });
  const st = [ref(1, "3"), ref(1, "9"), ref(1, "12"), DECLINE];
  assert.equal(adv.choose!(lead, 0, choice("steal", st)), ref(1, "9"));
  assert.equal(adv.choose!(lead, 0, choice("discard", st)), ref(1, "12"));
  // the quirk as coded: a self↔opponent swap scores 2·(given − received),
  // so it gives its 12 for the leader's 3
  const sw = [pair([0, "2"], [1, "3"]), pair([0, "12"], [1, "3"]), DECLINE];
  assert.equal(adv.choose!(lead, 0, choice("swap", sw)), sw[1]);
  // naive: on itself, declines take-that
  assert.equal(naive.choose!(v, 0, choice("modifier", [1, 2, 0])), 0);
  assert.equal(naive.choose!(lead, 0, choice("steal", st)), DECLINE);
  // random: a function of the table (the same view, the same pick), among the options
  const rnd = cppStrategy("random");
  const a = rnd.choose!(v, 0, choice("modifier", [1, 2, 0]));
  assert.ok([0, 1, 2].includes(a));
  assert.equal(rnd.choose!(v, 0, choice("modifier", [1, 2, 0])), a);
});

Deno.test("the policies play whole games in the engine, deterministically", () => {
  for (
    const [rules, specs] of [
      [GO, [
        "go:cautious",
        "go:aggressive",
        "go:heuristic:26",
        "go:ev",
        "go:adaptive",
      ]],
      [CPP, ["cpp:adversarial", "cpp:random", "cpp:self"]],
    ] as const
  ) {
    const play = () => {
      const g = new Game(rules, specs.map(makeStrategy), { seed: 5 });
      const out = [];
      for (let k = 0; k < 5; k++) {
        g.newGame({ seed: 5, stream: k });
        out.push(g.playGame().totals);
        assert.equal(g.checkConservation(), null);
      }
      return out;
    };
    assert.deepEqual(play(), play());
  }
  // a stacked round: cpp:self plays its Just One More on itself (draws, then stays)
  const t = CPP.cards;
  const stack = ["9", "4", "onemore", "2", "3"].map((n) => t.kindOf(n));
  const g = new Game(CPP, [cppStrategy("self"), cppStrategy("self")], {
    seed: 1,
    stack,
  });
  assert.deepEqual(Array.from(g.playRound()).slice(0, 1), [11]);
});
