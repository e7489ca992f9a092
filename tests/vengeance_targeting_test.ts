/**
 * The targeting heuristics of the Vengeance choices (lib/strategies/
 * vengeance.ts `vengeanceChoose`), one stacked-deck scenario per rule:
 * scripted hits and stays, every choice made by the heuristics.
 */
import assert from "node:assert/strict";
import { getRules, withRulings } from "../lib/game/rules.ts";
import { type Choice, DECLINE, type TableView } from "../lib/game/view.ts";
import { vengeanceChoose } from "../lib/strategies/vengeance.ts";
import { only, pair, play, ref, Seat, V } from "./vengeance_scenario.ts";

/** A scripted seat whose choices are the shared heuristics' (recorded). */
class Aim extends Seat {
  readonly picks: number[] = [];
  override choose(v: TableView, seat: number, choice: Choice): number {
    this.asked.push(choice);
    const r = vengeanceChoose(v, seat, choice);
    this.picks.push(r);
    return r;
  }
}

Deno.test("T01 a negative to the leader's points, ÷2 to the line it halves most (weighted)", () => {
  // A holds 12; B 4; C 11. A draws -8: C loses 8 (the leader), B only 4
  // (the floor) at half weight. Then ÷2: B, now the leader at 4, loses 2;
  // C, at 3, would lose 3 at half weight.
  const a = new Aim("HHS");
  const r = play([], "12,4,11,-8,/2", [a, new Aim("S"), new Aim("S")], V, true);
  assert.deepEqual(a.picks, [2, 1]);
  assert.deepEqual(r.scores, [12, 2, 3]);
  assert.deepEqual(only(r.events, "give").map((e) => e.target), [2, 1]);
});

Deno.test("T02 Just One More on the leading opponent, not on oneself", () => {
  // A shows 1 2 3 4 5, B stayed on 13 12 11 10 (46): B takes one card (a 9), then stays
  const a = new Aim("HHHHHS"), b = new Aim("HHHS");
  const r = play([], "1,13,2,12,3,11,4,10,5,onemore,9", [a, b], V, true);
  assert.deepEqual(a.picks, [1]);
  assert.deepEqual(r.scores, [15, 55]);
});

Deno.test("T03 Flip Four on the leading opponent, even from one's own short line", () => {
  // A (5) draws a Flip Four: B (12) leads C (9), so B takes the four cards
  const a = new Aim("HS");
  const r = play(
    [],
    "5,12,9,flip4,1,2,3,4",
    [a, new Aim("S"), new Aim("S")],
    V,
    true,
  );
  assert.deepEqual(a.picks, [1]);
  assert.deepEqual(r.scores, [5, 22, 9]);
});

Deno.test("T04 Steal the most valuable card the thief can hold; decline one that busts it (optional)", () => {
  // A (12, 5) steals from B (9 and 3): the 9, worth 9 to A and 9 off B
  const a = new Aim("HHS");
  const r = play([], "12,9,5,3,steal,1", [a, new Aim("HS")], V, true);
  assert.deepEqual(a.picks, [ref(1, "9")]);
  assert.deepEqual(r.scores, [26, 3]);
  // under take-that=optional, B's 12 onto A's own 12 is declined (A would
  // bust to take 12 off B: worth nothing)
  const d = new Aim("HS");
  const o = play(
    ["take-that=optional"],
    "12,12,steal",
    [d, new Aim("S")],
    undefined,
    true,
  );
  assert.deepEqual(d.picks, [DECLINE]);
  assert.deepEqual(o.scores, [12, 12]);
});

Deno.test("T05 Discard one's own Zero when it gains more than the leader's best card costs it", () => {
  // A holds the Zero, 5 and 9 (scores 0): dropping the Zero is worth 14, B's 8 only 8
  const a = new Aim("S");
  const r = play([], "zero,8,5,9,discard", [a, new Aim("S")], V, true);
  assert.deepEqual(a.picks, [ref(0, "zero")]);
  assert.deepEqual(r.scores, [14, 8]);
  // A holds the Zero and 5 only: B's 12 costs B more than the Zero's 5; A
  // keeps the Zero, must hit on, and makes a Flip 7 with it
  const a2 = new Aim();
  const r2 = play(
    [],
    "zero,12,5,discard,1,2,3,4,6",
    [a2, new Aim("S")],
    V,
    true,
  );
  assert.deepEqual(a2.picks, [ref(1, "12")]);
  assert.deepEqual(r2.scores, [21 + V.flip7Bonus, 0]);
});

Deno.test("T06 Swap a burden (the Zero) for the leader's best card", () => {
  const a = new Aim("S");
  const r = play([], "zero,12,9,swap", [a, new Aim("S")], V, true);
  assert.deepEqual(a.picks, [pair([1, "12"], [0, "zero"])]);
  assert.deepEqual(r.scores, [21, 0]);
});

Deno.test("T07 Brutal Mode's Flip 7: keep the bonus unless taking it off the leader saves the game", () => {
  const rules = withRulings(getRules("vengeance"), ["brutal=on"]);
  const view = (totals: number[], round: number[]) =>
    ({
      rules,
      players: totals.length,
      total: (s: number) => totals[s],
      roundScore: (s: number) => round[s],
    }) as unknown as TableView;
  const c: Choice = { type: "flip7", card: -1, options: [0, 1, 2] };
  // nobody near the target: keep
  assert.equal(vengeanceChoose(view([0, 0, 0], [36, 20, 5]), 0, c), 0);
  // seat 2 would end the game ahead (190 + 20); taking 15 off it keeps the game going
  assert.equal(vengeanceChoose(view([150, 0, 190], [36, 5, 20]), 0, c), 2);
  // keeping wins outright (150 + 60 beats 190 + 15): keep
  assert.equal(vengeanceChoose(view([150, 0, 190], [60, 5, 15]), 0, c), 0);
});
