/**
 * The Vengeance edition in the engine (issue 43): the research's 35
 * scenarios (/work/notes/vengeance-research.md §8, docs/vengeance.md) on
 * hand-stacked decks, each card and each value of each ruling, multi-player
 * and solo, with card conservation checked after every event.
 *
 * Seats A, B (, C) are 0, 1 (, 2); A is dealt first and acts first. A
 * script is `H`/`S` per decision asked and the choices in order (a seat,
 * a card `ref(seat, name)`, a Swap `pair(...)`, or DECLINE); a seat asked
 * beyond its script fails the test, and every script must be played out.
 */
import assert from "node:assert/strict";
import { VENGEANCE_CARDS as T } from "../lib/game/cards.ts";
import { getRules, withRules, withRulings } from "../lib/game/rules.ts";
import { DECLINE } from "../lib/game/view.ts";
import { kind, only, pair, play, ref, Seat, V } from "./vengeance_scenario.ts";

const line = (...names: string[]) =>
  names.reduce((m, n) => m | 1 << kind(n), 0);
const mods = (...names: string[]) =>
  names.reduce((m, n) => m | T.modBit[kind(n)], 0);

Deno.test("V01 the deck: 108 cards, the counts of both public implementations", () => {
  const count = (n: string) => V.deck[kind(n)];
  assert.equal(V.deck.reduce((a, b) => a + b, 0), 108);
  for (let k = 1; k <= 13; k++) {
    assert.equal(count(String(k)), k === 7 || k === 13 ? k - 1 : k);
  }
  for (
    const n of ["zero", "unlucky7", "lucky13", "-2", "-4", "-6", "-8", "-10"]
  ) assert.equal(count(n), 1, n);
  assert.equal(count("/2"), 1);
  for (const n of ["onemore", "flip4", "swap", "steal", "discard"]) {
    assert.equal(count(n), 2, n);
  }
});

Deno.test("V02 scoring: numbers, /2 rounded down, negatives, the floor, +15; Zero; Brutal", () => {
  const score = (
    l: number,
    m: number,
    flip7: boolean,
    brutal = false,
  ) =>
    T.roundScore(
      l,
      m,
      flip7 ? 15 : 0,
      flip7,
      (l & T.zeroMask) !== 0,
      !brutal,
    );
  const half4 = mods("/2", "-4");
  assert.equal(
    score(line("3", "11", "5", "7", "10", "8", "4"), half4, true),
    35,
  );
  assert.equal(score(line("3", "11", "5", "7", "10", "8"), half4, false), 18);
  assert.equal(score(line("4", "8", "11"), half4, false), 7);
  assert.equal(score(line("13", "9"), half4, false), 7);
  assert.equal(score(line("1"), mods("-10"), false), 0);
  assert.equal(score(line("1"), mods("-10"), false, true), -9);
  assert.equal(score(line("9"), mods("/2", "-6"), false), 0);
  assert.equal(score(line("9"), mods("/2", "-6"), false, true), -2);
  assert.equal(score(0, mods("-2"), false), 0);
  assert.equal(score(0, mods("-2"), false, true), -2);
  assert.equal(score(line("zero", "12"), mods("-2"), false), 0);
  const z16 = line("zero", "1", "2", "3", "4", "5", "6");
  assert.equal(score(z16, 0, true), 36);
  assert.equal(score(z16, mods("/2", "-8", "-10"), true), 15);
  assert.equal(score(z16, mods("/2", "-8", "-10"), true, true), 7);
  assert.equal(score(z16, mods("/2", "-8"), true), 17);
  assert.equal(score(z16, mods("/2", "-8"), true, true), 17);
  // a bust scores 0; under Brutal Mode its modifiers from 0: -10
  const r = play(["brutal=on"], "5,2,5,-10", [
    new Seat("H"),
    new Seat("HS", [0]),
  ]);
  assert.deepEqual(r.scores, [-10, 2]);
});

Deno.test("V03 a duplicate busts", () => {
  const r = play([], "5,9,5", [new Seat("H"), new Seat("S")]);
  assert.deepEqual(r.scores, [0, 9]);
  assert.deepEqual(only(r.events, "bust").map((e) => e.card), ["5"]);
});

Deno.test("V04 Lucky 13 lets one other 13 in; a third busts; either order", () => {
  const r = play([], "lucky13,1,13,2,13", [new Seat("HH"), new Seat("HS")]);
  assert.deepEqual(r.scores, [0, 3]);
  const r2 = play([], "13,1,lucky13", [new Seat("HS"), new Seat("S")]);
  assert.deepEqual(r2.scores, [26, 1]);
});

Deno.test("V05 flip7-count: Lucky 13 and a 13 are two cards (cards) or one rank (ranks)", () => {
  const deck = "lucky13,9,13,1,2,3,4,5,6";
  const cards = play([], deck, [new Seat("HHHHHH"), new Seat("S")]);
  assert.deepEqual(cards.scores, [41 + 15, 9]);
  const ranks = play(["flip7-count=ranks"], deck, [
    new Seat("HHHHHHH"),
    new Seat("S"),
  ]);
  assert.deepEqual(ranks.scores, [47 + 15, 9]);
  assert.equal(only(ranks.events, "flip7").length, 1);
});

Deno.test("V06 Unlucky 7 never busts: it discards the numbers and modifiers in front; a later 7 busts", () => {
  const deck = "7,2,-4,3,unlucky7,7";
  const a = play([], deck, [new Seat("HHS", [0]), new Seat("HS")]);
  assert.deepEqual(a.scores, [7, 5]);
  assert.deepEqual(only(a.events, "wipe").map((e) => e.cards), [2]);
  assert.deepEqual(a.discards, ["-4", "7"]);
  const b = play([], deck, [new Seat("HHH", [0]), new Seat("HS")]);
  assert.deepEqual(b.scores, [0, 5]);
});

Deno.test("V07 the Zero must be hit on, and scores with a Flip 7", () => {
  // A is never asked (an empty script): it must hit until its Flip 7
  const r = play([], "zero,5,1,2,3,4,6,8", [new Seat(), new Seat("S")]);
  assert.deepEqual(r.scores, [24 + 15, 5]);
});

Deno.test("V08 Just One More's stay overrides the Zero's hit; the Zero then scores 0", () => {
  const r = play([], "zero,5,1,onemore,9", [new Seat(), new Seat("HS", [0])]);
  assert.deepEqual(r.scores, [0, 5]);
  assert.deepEqual(r.discards, ["onemore"]);
  assert.deepEqual(only(r.events, "stay").map((e) => e.seat), [0, 1]);
});

Deno.test("V09 force-stayed: Just One More on a player who stayed (yes), or only on active ones (no)", () => {
  const deck = "10,3,onemore,10";
  const yes = play([], deck, [new Seat("S"), new Seat("HS", [0])]);
  assert.deepEqual(yes.scores, [0, 3]);
  const b = new Seat("H");
  const no = play(["force-stayed=no"], deck, [new Seat("S"), b]);
  assert.deepEqual(no.scores, [10, 13]);
  assert.equal(b.asked.length, 0); // one legal target: itself, not asked
});

Deno.test("V10 Just One More's card is an action: its target plays it, then stays", () => {
  const r = play([], "4,6,2,onemore,discard,9", [
    new Seat("H", [ref(1, "6")]),
    new Seat("HS", [0]),
  ]);
  assert.deepEqual(r.scores, [6, 9]);
  assert.deepEqual(r.discards, ["6", "discard", "onemore"]);
  // A's Discard could take B's 6 or its own 4 or 2 (discard-own=yes)
  const asked = only(r.events, "discard");
  assert.deepEqual(asked.map((e) => [e.seat, e.from, e.card]), [[0, 1, "6"]]);
});

Deno.test("V11 Just One More's card is a modifier: its target (not the player) gives it", () => {
  const a = new Seat("H", [1]);
  const r = play([], "4,6,2,onemore,-6", [a, new Seat("HS", [0])]);
  assert.deepEqual(r.scores, [6, 0]);
  assert.deepEqual(a.asked.map((c) => [c.type, c.options]), [
    ["modifier", [1, 0]],
  ]);
});

Deno.test("V12 actions: a modifier in a Flip Four waits (deferred) or lands at once (immediate, then Unlucky 7 discards it)", () => {
  const deck = "5,2,5,flip4,-4,unlucky7,1,3";
  const deferred = play([], deck, [new Seat("H"), new Seat("HS")]);
  assert.deepEqual(deferred.scores, [0, 7]);
  assert.deepEqual(only(deferred.events, "set_aside").map((e) => e.card), [
    "-4",
  ]);
  const immediate = play(["actions=immediate"], deck, [
    new Seat("H"),
    new Seat("HS"),
  ]);
  assert.deepEqual(immediate.scores, [0, 11]);
});

Deno.test("V13 a Flip Four stops on a bust; its set-aside modifier is dropped (deferred) or was given (immediate)", () => {
  const deck = "5,2,flip4,-10,2,9,9";
  const deferred = play([], deck, [new Seat("HS", [1]), new Seat()]);
  assert.deepEqual(deferred.scores, [5, 0]);
  assert.deepEqual(only(deferred.events, "dropped").map((e) => e.card), [
    "-10",
  ]);
  const immediate = play(["actions=immediate"], deck, [
    new Seat("HS", [1]),
    new Seat("", [0]),
  ]);
  assert.deepEqual(immediate.scores, [0, 0]);
});

Deno.test("V14 a Flip 7 inside a Flip Four ends the round; a waiting Steal is dropped (deferred) or taken first (immediate)", () => {
  const deck = "1,9,2,3,4,5,6,flip4,steal,7,8,8";
  const deferred = play([], deck, [new Seat("HHHHHH", [0]), new Seat("S")]);
  assert.deepEqual(deferred.scores, [28 + 15, 9]);
  const immediate = play(["actions=immediate"], deck, [
    new Seat("HHHHHH", [0]),
    new Seat("S"),
  ]);
  assert.deepEqual(immediate.scores, [30 + 15, 0]);
  const declined = play(["actions=immediate", "take-that=optional"], deck, [
    new Seat("HHHHHH", [0, DECLINE]),
    new Seat("S"),
  ]);
  assert.deepEqual(declined.scores, [28 + 15, 9]);
});

Deno.test("V15 Steal takes from a stayed line; a duplicate busts the thief (mandatory) unless declined (optional)", () => {
  const r = play([], "12,8,steal", [new Seat("S"), new Seat("HS")]);
  assert.deepEqual(r.scores, [0, 20]);
  const mandatory = play([], "12,12,steal,3", [new Seat("H"), new Seat("S")]);
  assert.deepEqual(mandatory.scores, [0, 3]);
  const optional = play(["take-that=optional"], "12,12,steal,3", [
    new Seat("HS", [DECLINE]),
    new Seat("S"),
  ]);
  assert.deepEqual(optional.scores, [12, 12]);
  assert.deepEqual(only(optional.events, "fizzle").map((e) => e.declined), [
    true,
  ]);
});

Deno.test("V16 special-transfer: a stolen Unlucky 7 wipes its thief (follow-card) or is a plain 7 (stay-with-owner)", () => {
  const deck = "unlucky7,10,5,steal";
  const follow = play([], deck, [
    new Seat("HS"),
    new Seat("HS", [ref(0, "unlucky7")]),
  ]);
  assert.deepEqual(follow.scores, [5, 7]);
  const stay = play(["special-transfer=stay-with-owner"], deck, [
    new Seat("HS"),
    new Seat("HS", [ref(0, "unlucky7")]),
  ]);
  assert.deepEqual(stay.scores, [5, 17]);
});

Deno.test("V17 special-transfer: a stolen Zero's must-hit moves with it (follow-card) or stays (stay-with-owner)", () => {
  // follow-card: A may stay now; B must hit, and busts on its second 10
  const follow = play([], "zero,10,4,steal,10", [
    new Seat("S"),
    new Seat("H", [ref(0, "zero")]),
  ]);
  assert.deepEqual(follow.scores, [4, 0]);
  // stay-with-owner: A must hit still (and busts on a 4); B may stay, its 0 a plain 0
  const stay = play(["special-transfer=stay-with-owner"], "zero,10,4,steal,4", [
    new Seat(),
    new Seat("HS", [ref(0, "zero")]),
  ]);
  assert.deepEqual(stay.scores, [0, 10]);
});

Deno.test("V18 discard-own: Discard may take one's own Zero (yes) or only others' cards (no)", () => {
  const yes = play([], "zero,8,discard,3", [
    new Seat("S", [ref(0, "zero")]),
    new Seat("S"),
  ]);
  assert.deepEqual(yes.scores, [3, 8]);
  const a = new Seat();
  const no = play(["discard-own=no"], "zero,8,discard,3,2,2", [
    a,
    new Seat("S"),
  ]);
  assert.deepEqual(no.scores, [0, 3]); // A kept the Zero: it hit to a bust
  assert.equal(a.asked.length, 0); // one option (B's 8): not asked
});

Deno.test("V19 Discard removes a card of another player", () => {
  const b = new Seat("HS", [ref(0, "2")]);
  const r = play([], "1,11,2,discard", [new Seat("HS"), b]);
  assert.deepEqual(r.scores, [1, 11]);
  assert.deepEqual(b.asked[0].options, [
    ref(0, "1"),
    ref(0, "2"),
    ref(1, "11"),
  ]);
});

Deno.test("V20 Swap: one's own card for another player's", () => {
  const b = new Seat("HS", [pair([0, "12"], [1, "3"])]);
  const r = play([], "12,3,5,swap", [new Seat("HS"), b]);
  assert.deepEqual(r.scores, [8, 12]);
  assert.deepEqual(b.asked[0].options, [
    pair([0, "5"], [1, "3"]),
    pair([0, "12"], [1, "3"]),
  ]);
});

Deno.test("V21 Swap between two other players can bust both", () => {
  const r = play([], "10,10,1,11,11,swap", [
    new Seat("H"),
    new Seat("H"),
    new Seat("HS", [pair([0, "10"], [1, "11"])]),
  ]);
  assert.deepEqual(r.scores, [0, 0, 1]);
  assert.equal(only(r.events, "bust").length, 2);
});

Deno.test("V22 take-that-cards: a modifier may be swapped (any-face-up) or only numbers (numbers-only)", () => {
  const deck = "9,4,-8,swap";
  const any = play([], deck, [
    new Seat("HS", [1]),
    new Seat("HS", [pair([0, "9"], [1, "-8"])]),
  ]);
  assert.deepEqual(any.scores, [0, 13]);
  const numbers = play(["take-that-cards=numbers-only"], deck, [
    new Seat("HS", [1]),
    new Seat("HS"),
  ]);
  assert.deepEqual(numbers.scores, [4, 1]);
});

Deno.test("V23 Swap, Steal or Discard with no card to take is discarded with no effect", () => {
  for (const card of ["steal", "swap", "discard"]) {
    const r = play([], `${card},3,4`, [new Seat("S"), new Seat("S")]);
    assert.deepEqual(r.scores, [4, 3], card);
    assert.deepEqual(only(r.events, "fizzle").map((e) => e.card), [card]);
  }
  // a Swap needs face-up cards of two players
  const one = play([], "3,swap,6", [new Seat("S"), new Seat("S")]);
  assert.deepEqual(one.scores, [3, 6]);
});

Deno.test("V24 a modifier goes to any player not bust (a stayed one too); the only one left keeps it", () => {
  const r = play([], "10,4,-10", [new Seat("S"), new Seat("HS", [0])]);
  assert.deepEqual(r.scores, [0, 4]);
  const b = new Seat("HS");
  const kept = play([], "5,2,5,-2", [new Seat("H"), b]);
  assert.deepEqual(kept.scores, [0, 0]);
  assert.equal(b.asked.length, 0);
});

Deno.test("V25 opening: a dealt card to each (deal), or each player's first turn (first-turn)", () => {
  const deck = "flip4,1,2,3,4,5,6";
  const deal = play([], deck, [new Seat("S", [1]), new Seat("S")]);
  assert.deepEqual(deal.scores, [6, 15]);
  assert.equal(only(deal.events, "deal").length, 2);
  const first = play(["opening=first-turn"], deck, [
    new Seat("S", [1]),
    new Seat("S"),
  ]);
  assert.deepEqual(first.scores, [5, 10]);
  assert.equal(only(first.events, "deal").length, 0);
});

Deno.test("V26 force-stayed: a Flip Four on a stayed player (yes) or on the drawer itself (no)", () => {
  const deck = "10,3,flip4,1,2,4,5";
  const yes = play([], deck, [new Seat("S"), new Seat("HS", [0])]);
  assert.deepEqual(yes.scores, [22, 3]);
  const no = play(["force-stayed=no"], deck, [new Seat("S"), new Seat("HS")]);
  assert.deepEqual(no.scores, [10, 15]);
});

Deno.test("V27 take-that: a Discard with only one's own card to take (mandatory, optional, discard-own=no)", () => {
  const deck = "7,12,7,discard,3";
  const mandatory = play([], deck, [new Seat("H"), new Seat("HS")]);
  assert.deepEqual(mandatory.scores, [0, 3]);
  const optional = play(["take-that=optional"], deck, [
    new Seat("H"),
    new Seat("HS", [DECLINE]),
  ]);
  assert.deepEqual(optional.scores, [0, 12]);
  const notOwn = play(["discard-own=no"], deck, [
    new Seat("H"),
    new Seat("HS"),
  ]);
  assert.deepEqual(notOwn.scores, [0, 12]);
});

Deno.test("V28 steal-own: with no other card face up, Steal fizzles (no) or re-takes one's own (yes: Unlucky 7 wipes again)", () => {
  const deck = "7,unlucky7,7,5,steal";
  const no = play([], deck, [new Seat("H"), new Seat("HHS")]);
  assert.deepEqual(no.scores, [0, 12]);
  const yes = play(["steal-own=yes"], deck, [
    new Seat("H"),
    new Seat("HHS", [ref(1, "unlucky7")]),
  ]);
  assert.deepEqual(yes.scores, [0, 7]);
});

Deno.test("V29 a Swap can make a Flip 7 by ranks", () => {
  const deck = "lucky13,6,8,13,1,2,3,4,5,swap";
  const seats = () => [new Seat("S"), new Seat("S")];
  const cards = play([], deck, [new Seat("HHHHHH"), ...seats()]);
  assert.deepEqual(cards.scores, [41 + 15, 6, 8]);
  const ranks = play(["flip7-count=ranks"], deck, [
    new Seat("HHHHHHH", [pair([1, "6"], [0, "13"])]),
    ...seats(),
  ]);
  assert.deepEqual(ranks.scores, [34 + 15, 13, 8]);
});

Deno.test("V30 round-deck: the deck passes on (persist) or is whole again (fresh)", () => {
  for (
    const [changes, pile, discards] of [[[], 105, 3], [
      ["round-deck=fresh"],
      108,
      0,
    ]] as const
  ) {
    const r = play([...changes], "5,9,5", [new Seat("H"), new Seat("S")]);
    assert.equal(r.game.pileSize(), pile);
    assert.equal(r.game.discardSize(), discards);
    assert.equal(r.game.rules.freshDeckEachRound, discards === 0);
  }
  assert.equal(getRules("vengeance-cpp").freshDeckEachRound, true);
});

Deno.test("V31 run-out: the discards (wiped and discarded cards too) are shuffled in; table cards stay", () => {
  // a deck of 9 cards: 1, 2, 3, 4, 6, Unlucky 7, 8, 9, Discard
  const counts = "1:1,2:1,3:1,4:1,6:1,unlucky7:1,8:1,9:1,discard:1";
  const deck = V.deck.map(() => 0);
  for (const c of counts.split(",")) {
    const [n, x] = c.split(":");
    deck[kind(n)] = Number(x);
  }
  const small = withRules(V, { name: "small", deck });
  // dealt: A 1, B 2; A: 3; B: 4; A: Unlucky 7 (discards 1, 3); B stays;
  // A: Discard (B's 2), 6, 8, 9: the pile is empty; A hits: the discards
  // (1, 3, 2, the Discard) become the pile, A draws the 1 and stays
  const r = play(
    [],
    "1,2,3,4,unlucky7,discard,6,8,9,1",
    [
      new Seat("HHHHHHHS", [ref(1, "2")]),
      new Seat("HS"),
    ],
    small,
    true,
  );
  assert.equal(only(r.events, "reshuffle")[0].cards, 4);
  assert.deepEqual(r.scores, [7 + 6 + 8 + 9 + 1, 4]);
  // run-out=end-round: no reshuffle, the round ends with A banking
  const end = play(
    [],
    "1,2,3,4,unlucky7,discard,6,8,9",
    [
      new Seat("HHHHHHH", [ref(1, "2")]),
      new Seat("HS"),
    ],
    withRulings(small, ["run-out=end-round"]),
    true,
  );
  assert.equal(only(end.events, "reshuffle").length, 0);
  assert.deepEqual(end.scores, [7 + 6 + 8 + 9, 4]);
});

Deno.test("V32 ties: a tie at the top plays on (continue) or is a draw (draw)", () => {
  for (const [changes, over] of [[[], false], [["ties=draw"], true]] as const) {
    const rules = withRules(withRulings(V, [...changes]), { target: 10 });
    const r = play([], "10,10", [new Seat("S"), new Seat("S")], rules);
    assert.deepEqual(r.scores, [10, 10]);
    assert.equal(r.game.isGameOver(), over);
    assert.equal(r.game.leader(), null);
  }
});

Deno.test("V33 stay-empty: a player with no card must hit (no) or may stay (yes)", () => {
  const no = play([], "steal,3,4", [new Seat("S"), new Seat("S")]);
  assert.deepEqual(no.scores, [4, 3]);
  const yes = play(["stay-empty=yes"], "steal,3,4", [
    new Seat("S"),
    new Seat("S"),
  ]);
  assert.deepEqual(yes.scores, [0, 3]);
});

Deno.test("V34 Brutal Mode: a modifier on a busted player; a Flip 7's 15 off another's total", () => {
  const r = play(["brutal=on"], "5,2,5,-10", [
    new Seat("H"),
    new Seat("HS", [0]),
  ]);
  assert.deepEqual(r.scores, [-10, 2]);
  assert.deepEqual(Array.from(r.game.totalsNow()), [-10, 2]);
  const standard = play([], "5,2,5,-10", [new Seat("H"), new Seat("HS")]);
  assert.deepEqual(standard.scores, [0, 0]);
  // V07 with Brutal Mode: A takes 15 off B instead of banking them
  const attack = play(["brutal=on"], "zero,5,1,2,3,4,6,8", [
    new Seat("", [1]),
    new Seat("S"),
  ]);
  assert.deepEqual(attack.scores, [24, 5 - 15]);
  assert.deepEqual(attack.game.totalsNow(), [24, -10]);
  assert.deepEqual(only(attack.events, "attack").map((e) => e.target), [1]);
  // the Flip 7 player may keep them
  const take = play(["brutal=on"], "zero,5,1,2,3,4,6,8", [
    new Seat("", [0]),
    new Seat("S"),
  ]);
  assert.deepEqual(take.scores, [39, 5]);
});

Deno.test("V35 solo: every card on oneself", () => {
  const solo = (changes: string[], deck: string, seat: Seat) =>
    play(changes, deck, [seat]).scores[0];
  assert.equal(solo([], "5,onemore,8,9", new Seat("H")), 13);
  assert.equal(solo([], "5,-4,6", new Seat("HS")), 1);
  // the halving, kept: (9 + 4) / 2 rounded down
  assert.equal(solo([], "9,/2,4", new Seat("HHS")), 6);
  assert.equal(solo([], "5,swap", new Seat("HS")), 5);
  assert.equal(solo([], "5,steal", new Seat("HS")), 5);
  assert.equal(solo(["steal-own=yes"], "5,steal", new Seat("HS")), 5);
  assert.equal(solo([], "5,9,discard", new Seat("HHS", [ref(0, "5")])), 9);
  assert.equal(
    solo(["take-that=optional"], "5,9,discard", new Seat("HHS", [DECLINE])),
    14,
  );
  assert.equal(solo(["discard-own=no"], "5,9,discard", new Seat("HHS")), 14);
  for (const actions of ["deferred", "immediate"]) {
    assert.equal(
      solo([`actions=${actions}`], "5,flip4,-2,3,4,6", new Seat("HS")),
      16,
    );
  }
  assert.equal(solo([], "zero,discard,7", new Seat("S")), 7);
});
