/**
 * The engine against every edge case in the FAQs of seeds 002-004, as
 * stacked-deck scenarios with scripted players. Conservation is checked after
 * every event (except between drawing a card and placing it).
 */
import assert from "node:assert/strict";
import {
  CHANCE,
  InputError,
  lineScore,
  modifierBit,
  parseCards,
  PLUS10,
  X2,
} from "../lib/game/cards.ts";
import { Game } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import { getRules, withRules, withRulings } from "../lib/game/rules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import type { Strategy } from "../lib/game/view.ts";
import { of, scenario, Scripted } from "./scripted.ts";

const standard = getRules("standard");
const immediate = getRules("immediate-actions");

/** Play one round of a scenario, checking conservation after every event. */
function round(rules = standard, deck: string, seats: Scripted[]) {
  const s = scenario(rules, deck, seats);
  const base = s.game.listener!;
  s.game.listener = (e: GameEvent) => {
    base(e);
    if (e.type !== "deal" && e.type !== "draw") {
      const bad = s.game.checkConservation();
      assert.equal(bad, null, `after ${JSON.stringify(e)}: ${bad}`);
    }
  };
  const scores = Array.from(s.game.playRound());
  return { ...s, scores };
}

Deno.test("FAQ: x2 doubles the numbers before the +X cards (36 -> 72 -> 82)", () => {
  const r = round(standard, "12,1,11,10,3,x2,+10", [
    new Scripted("HHHHHS"),
    new Scripted("S"),
  ]);
  assert.deepEqual(r.scores, [82, 1]);
  assert.equal(
    lineScore(
      (1 << 12) | (1 << 11) | (1 << 10) | (1 << 3),
      modifierBit(X2) | modifierBit(PLUS10),
      false,
    ),
    82,
  );
});

Deno.test("FAQ: 5 numbers and 2 modifiers are not a Flip 7", () => {
  const r = round(standard, "1,9,2,3,4,5,+2,+4", [
    new Scripted("HHHHHHS"),
    new Scripted("S"),
  ]);
  assert.equal(of(r.events, "flip7").length, 0);
  assert.deepEqual(r.scores, [1 + 2 + 3 + 4 + 5 + 2 + 4, 9]);
});

Deno.test("FAQ: a Second Chance saves a duplicate; both cards are discarded and you play on", () => {
  const r = round(standard, "chance,5,7,7,9", [
    new Scripted("HHHS"),
    new Scripted("S"),
  ]);
  const saves = of(r.events, "save");
  assert.deepEqual(saves, [{ type: "save", seat: 0, card: "7" }]);
  assert.equal(of(r.events, "bust").length, 0);
  assert.deepEqual(r.scores, [16, 5]);
});

Deno.test("FAQ: a second Second Chance goes to another active player without one", () => {
  const r = round(standard, "chance,3,chance,8", [
    new Scripted("HHS"),
    new Scripted("HS"),
  ]);
  assert.deepEqual(of(r.events, "pass"), [{
    type: "pass",
    seat: 0,
    target: 1,
  }]);
});

Deno.test("FAQ: a spare Second Chance is discarded when nobody can take it", () => {
  const r = round(standard, "chance,chance,chance,4", [
    new Scripted("HHS"),
    new Scripted("S"),
  ]);
  // P1 keeps the first; P2 keeps the second; P1's third has no taker
  assert.deepEqual(of(r.events, "chance_discarded"), [{
    type: "chance_discarded",
    seat: 0,
  }]);
});

Deno.test("FAQ: the spare Second Chance goes to the player the strategy picks (3 players)", () => {
  const r = round(standard, "chance,3,4,chance,9", [
    new Scripted("HHS", [2]),
    new Scripted("S"),
    new Scripted("S"),
  ]);
  assert.deepEqual(of(r.events, "pass"), [{
    type: "pass",
    seat: 0,
    target: 2,
  }]);
});

Deno.test("FAQ: during a Flip Three a Second Chance is kept at once; a Freeze waits for the three", () => {
  const r = round(standard, "4,flip3,freeze,chance,5,10", [
    new Scripted("", [0]),
    new Scripted("S", [0]),
  ]);
  const types = r.events.map((e) => e.type);
  assert.deepEqual(of(r.events, "set_aside"), [{
    type: "set_aside",
    seat: 0,
    card: "freeze",
  }]);
  // the freeze resolves after the third card
  const lastFlip = types.lastIndexOf("draw");
  assert.ok(types.indexOf("freeze") > types.indexOf("set_aside"));
  assert.equal(
    (r.events[types.indexOf("freeze") - 1] as { card?: string }).card,
    "5",
  );
  assert.ok(lastFlip > 0);
  assert.deepEqual(r.scores, [9, 10]);
});

Deno.test("immediate-actions: the same deck and choices score differently (Freeze at once)", () => {
  const r = round(immediate, "4,flip3,freeze,chance,5,10", [
    new Scripted("", [0]),
    new Scripted("HS", [0]),
  ]);
  assert.equal(of(r.events, "set_aside").length, 0);
  assert.deepEqual(r.scores, [4, 5]);
});

Deno.test("FAQ: a bust on the second card of a Flip Three stops it; the third card stays on the pile", () => {
  const r = round(standard, "7,flip3,3,7,9", [
    new Scripted(""),
    new Scripted("S", [0]),
  ]);
  assert.deepEqual(of(r.events, "bust"), [{
    type: "bust",
    seat: 0,
    card: "7",
  }]);
  assert.equal(r.game.lastRoundOutcome(0), 1);
  assert.deepEqual(r.scores, [0, 9]);
});

Deno.test("FAQ: a set-aside Freeze is dropped when the Flip Three target busts", () => {
  const r = round(standard, "5,flip3,freeze,5,8", [
    new Scripted(""),
    new Scripted("S", [0]),
  ]);
  assert.deepEqual(of(r.events, "dropped"), [{
    type: "dropped",
    seat: 0,
    card: "freeze",
  }]);
  assert.equal(of(r.events, "freeze").length, 0);
});

Deno.test("FAQ: Flip 7 on the second card of a Flip Three ends the round; 0 counts; the only active player takes the action", () => {
  const r = round(standard, "0,12,1,11,2,3,4,flip3,5,6,9", [
    new Scripted("HHHHH"),
    new Scripted("HS"),
  ]);
  assert.deepEqual(of(r.events, "flip7"), [{
    type: "flip7",
    seat: 0,
    score: 36,
  }]);
  assert.deepEqual(of(r.events, "flip_three"), [{
    type: "flip_three",
    seat: 0,
    target: 0,
  }]);
  assert.deepEqual(r.scores, [36, 23]);
  assert.equal(r.game.pileSize(), 94 - 10); // the 9 was never drawn
});

Deno.test("FAQ: Flip 7 ends the round for everyone; active players bank what they show", () => {
  const r = round(standard, "0,12,1,11,2,10,3,9,4,8,5,7,6", [
    new Scripted("HHHHHH"),
    new Scripted("HHHHH"),
  ]);
  assert.deepEqual(r.scores, [36, 57]);
});

Deno.test("FAQ: being frozen banks your points", () => {
  const r = round(standard, "9,4,freeze,6", [
    new Scripted("HS", [1]),
    new Scripted(""),
  ]);
  assert.deepEqual(of(r.events, "freeze"), [{
    type: "freeze",
    seat: 0,
    target: 1,
    score: 4,
  }]);
  assert.equal(r.scores[1], 4);
});

Deno.test("FAQ: unused Second Chances are discarded at the end of the round", () => {
  const r = round(standard, "chance,5,9", [
    new Scripted("HS"),
    new Scripted("S"),
  ]);
  assert.equal(r.game.hasChance(0), false);
  assert.equal(r.game.discardSize(), 3);
  assert.deepEqual(r.scores, [9, 5]);
  const g = r.game as unknown as { discardCounts: Int32Array };
  assert.equal(g.discardCounts[CHANCE], 1);
});

Deno.test("FAQ: x2 then a bust scores 0", () => {
  const r = round(standard, "5,3,x2,5", [
    new Scripted("HH"),
    new Scripted("S"),
  ]);
  assert.deepEqual(r.scores, [0, 3]);
});

Deno.test("rules 003/004: modifiers score with no numbers; x2 alone has nothing to double", () => {
  assert.deepEqual(
    round(standard, "+4,3", [new Scripted("S"), new Scripted("S")]).scores,
    [4, 3],
  );
  assert.deepEqual(
    round(standard, "x2,3", [new Scripted("S"), new Scripted("S")]).scores,
    [0, 3],
  );
});

Deno.test("deal: an action dealt is resolved at once; a frozen player is skipped; stay needs a card", () => {
  // P1 is dealt a Freeze and freezes P2 before P2's card; P1 then has nothing and must hit
  const r = round(standard, "freeze,8", [
    new Scripted("S", [1]),
    new Scripted(""),
  ]);
  assert.deepEqual(r.scores, [8, 0]);
  assert.equal(of(r.events, "deal").length, 1);
  assert.equal(r.seats[0].asked, 1);
});

Deno.test("Flip Three: nested Flip Threes resolve after the three, in order", () => {
  const r = round(standard, "flip3,flip3,1,2,3,4,5,6", [
    new Scripted("S", [0, 1]),
    new Scripted("S"),
  ]);
  assert.deepEqual(of(r.events, "flip_three"), [
    { type: "flip_three", seat: 0, target: 0 },
    { type: "flip_three", seat: 0, target: 1 },
  ]);
  // P2 flipped 3,4,5 before its deal card 6
  assert.deepEqual(r.scores, [3, 18]);
});

Deno.test("the deck runs out mid-round: discards are reshuffled, cards in front stay", () => {
  const deck = new Array(22).fill(0);
  for (const k of [1, 2, 3, 4, 5, 6, 11, 12]) deck[k] = 1;
  const tiny = withRules(standard, { name: "tiny", deck });
  const s = scenario(tiny, "12,11,1,2,3,4,5,6", [
    new Scripted("SHHS"),
    new Scripted("SHHHS"),
  ]);
  const events = s.events;
  let checked = 0;
  const base = s.game.listener!;
  s.game.listener = (e) => {
    base(e);
    if (e.type !== "deal" && e.type !== "draw") {
      assert.equal(s.game.checkConservation(), null);
      checked++;
    }
  };
  assert.deepEqual(Array.from(s.game.playRound()), [12, 11]);
  s.game.playRound();
  assert.deepEqual(of(events, "reshuffle"), [{ type: "reshuffle", cards: 2 }]);
  const ends = of(events, "round_end");
  assert.equal(ends[1].scores[0], 2 + 4 + 6);
  assert.ok([1 + 3 + 5 + 11, 1 + 3 + 5 + 12].includes(ends[1].scores[1]));
  assert.ok(checked >= 9);
});

Deno.test("the deal passes left each round", () => {
  const s = scenario(standard, "5,6,7,8", [
    new Scripted("SS"),
    new Scripted("SS"),
  ]);
  s.game.playRound();
  s.game.playRound();
  assert.deepEqual(of(s.events, "round_start").map((e) => e.first), [0, 1]);
  // round 2: P2 is dealt first
  assert.deepEqual(of(s.events, "deal").map((e) => [e.seat, e.card]), [
    [0, "5"],
    [1, "6"],
    [1, "7"],
    [0, "8"],
  ]);
});

Deno.test("ties at the top: 'continue' plays on, 'draw' ends drawn", () => {
  const deck = "5,5,7,3";
  const play = (ties: "continue" | "draw") => {
    const s = scenario(
      withRulings(withRules(standard, { target: 5 }), [`ties=${ties}`]),
      deck,
      [
        new Scripted("SS"),
        new Scripted("SS"),
      ],
    );
    return s.game.playGame();
  };
  assert.deepEqual(play("draw"), {
    totals: [5, 5],
    winner: null,
    rounds: 1,
    points: [5, 5],
  });
  assert.deepEqual(play("continue"), {
    totals: [8, 12],
    winner: 1,
    rounds: 2,
    points: [8, 12],
  });
});

Deno.test("round_end events carry round, scores and totals in seat order", () => {
  const r = round(standard, "5,6", [new Scripted("S"), new Scripted("S")]);
  assert.deepEqual(of(r.events, "round_end"), [{
    type: "round_end",
    round: 1,
    scores: [5, 6],
    totals: [5, 6],
  }]);
});

Deno.test("stacked decks: too many copies, a card the preset lacks, an unknown card", () => {
  const two = [new Scripted(), new Scripted()];
  assert.throws(
    () => new Game(standard, two, { stack: parseCards("1,1") }),
    InputError,
  );
  assert.throws(
    () => new Game(standard, two, { stack: parseCards("0,0") }),
    /holds 1/,
  );
  assert.throws(
    () => new Game(getRules("duel"), two, { stack: parseCards("freeze") }),
    /not in the 'duel' deck/,
  );
  assert.throws(() => parseCards("13"), /unknown card '13'/);
  assert.throws(
    () => new Game(getRules("duel"), [new Scripted()], {}),
    /allow 2 to 2/,
  );
});

Deno.test("roundEnd: each strategy is told once a round, with the round's cards still on the table", () => {
  let calls = 0, seenCards = 0;
  const ev = makeStrategy("ev");
  const watcher: Strategy = {
    name: "watcher",
    hit: (v, s) => ev.hit(v, s),
    target: (v, s, k) => ev.target(v, s, k),
    roundEnd: (v) => {
      calls++;
      for (let t = 0; t < v.players; t++) seenCards += v.cardsInFront(t);
    },
  };
  const g = new Game(getRules("standard"), [watcher, ev, ev], { seed: 4 });
  const r = g.playGame();
  assert.equal(calls, r.rounds);
  assert.ok(seenCards >= r.rounds);
});
