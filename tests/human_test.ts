/**
 * `human` at the table (`deno task flip7 play`): every player named by seat
 * as P1, P2, ... (you P1), a target prompt that takes only the players the
 * card may go to, `?` and `q`, and who stayed, is frozen or busted.
 *
 * @module
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { CHANCE, FREEZE } from "../lib/game/cards.ts";
import { HumanStrategy, Quit } from "../lib/strategies/human.ts";
import { makeStrategy } from "../lib/run/registry.ts";

function scripted(answers: string[], names = ["you", "sum:20"]) {
  const shown: string[] = [], asked: string[] = [];
  const h = new HumanStrategy({
    readLine: (p) => (asked.push(p), answers.shift() ?? null),
    write: (l) => shown.push(l),
  }, names);
  return { h, shown, asked, answers };
}

Deno.test("human: a spare Second Chance goes to another player: 1 (yourself) is refused, 3 taken", () => {
  // P1 is dealt a Second Chance, P2 and P3 numbers; P1 hits another one
  const s = scripted(["h", "1", "3", "s"], ["you", "sum:20", "ev"]);
  const bots = [makeStrategy("sum:20"), makeStrategy("ev")];
  const g = new Game(getRules("standard"), [s.h, ...bots], {
    seed: 1,
    stack: [CHANCE, 5, 6, CHANCE, 9, 10, 11, 12, 4, 3],
  });
  g.playRound();
  assert.deepEqual(s.answers, []);
  assert.ok(
    s.asked.includes("Give chance to whom? [2=P2 (sum:20), 3=P3 (ev)] "),
    s.asked.join("\n"),
  );
  assert.ok(
    s.shown.includes("  '1' is not an answer here (2, 3, ? or q); try again."),
    s.shown.join("\n"),
  );
});

Deno.test("human: a Freeze may go to yourself (1) or P2; ? lists the keys; the frozen player shows as frozen; q quits", () => {
  const s = scripted(["h", "?", "2", "q"]);
  const g = new Game(getRules("standard"), [s.h, makeStrategy("sum:20")], {
    seed: 1,
    stack: [5, 6, FREEZE, 9, 10, 11],
  });
  assert.throws(() => g.playRound(), Quit);
  assert.ok(
    s.asked.includes("Give freeze to whom? [1=P1 (you), 2=P2 (sum:20)] "),
    s.asked.join("\n"),
  );
  assert.ok(
    s.shown.some((l) =>
      l.includes("type the number of the player who gets the freeze")
    ),
  );
  assert.ok(s.shown.includes("  you may give it to yourself"));
  assert.ok(
    s.shown.includes("  P2 (sum:20): total 0, round 6 (frozen)  [6]"),
    s.shown.join("\n"),
  );
});

Deno.test("human: the table tells stayed and busted apart", () => {
  // P1 5, P2 12, P3 7; P1 hits 8, P2 8 (20), P3 7 (a bust); P1 hits 3, P2
  // stays on 20; P1 is asked again and stays
  const s = scripted(["h", "h", "s"], ["you", "sum:20", "sum:20"]);
  const bots = [makeStrategy("sum:20"), makeStrategy("sum:20")];
  const g = new Game(getRules("standard"), [s.h, ...bots], {
    seed: 1,
    stack: [5, 12, 7, 8, 8, 7, 3],
  });
  g.playRound();
  assert.deepEqual(s.answers, []);
  const last = s.shown.slice(-4, -1);
  assert.deepEqual(last, [
    "  P1 (you): total 0, round 16  [3 5 8]",
    "  P2 (sum:20): total 0, round 20 (stayed)  [8 12]",
    "  P3 (sum:20): total 0, round 0 (busted)  [7]",
  ]);
});
