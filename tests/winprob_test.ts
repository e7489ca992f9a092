import assert from "node:assert/strict";
import { InputError } from "../lib/cards.ts";
import { getRules } from "../lib/rules.ts";
import { Game } from "../lib/engine.ts";
import { makeStrategy } from "../lib/strategies/registry.ts";
import { SearchStrategy } from "../lib/strategies/search.ts";
import { WinProbStrategy } from "../lib/strategies/winprob.ts";
import { bestResponse, w00 } from "../lib/winprob/bestresponse.ts";
import {
  IDENTITY_UTILITY,
  NUMBERS_DECK,
  RoundGraph,
} from "../lib/winprob/rounddp.ts";
import { WTable } from "../lib/winprob/table.ts";
import { trainTableSync } from "../lib/winprob/train.ts";
import { DecideView } from "../lib/cli/commands/decide.ts";

Deno.test("win table: binary round trip, checksum refuses damage", () => {
  const w = WTable.symmetric(20, 2, 0.25);
  w.data[7] = 0.75;
  const bytes = w.encode();
  const back = WTable.decode(bytes);
  assert.deepEqual(Array.from(back.data), Array.from(w.data));
  assert.equal(back.value(25, 3, 0), 1);
  assert.equal(back.value(20, 20, 1), 0.5);
  const bad = bytes.slice();
  bad[bad.length - 1] ^= 1;
  assert.throws(() => WTable.decode(bad), InputError);
  assert.throws(() => WTable.decode(bytes.slice(0, 30)), InputError);
});

Deno.test("round DP: a law that sums to 1 and whose mean is the value", () => {
  const g = new RoundGraph();
  g.compile(0, 0, false, NUMBERS_DECK, true);
  const v = g.sweep(IDENTITY_UTILITY);
  const d = g.distribution();
  let s = 0, m = 0;
  d.forEach((p, x) => {
    s += p;
    m += p * x;
  });
  assert.ok(Math.abs(s - 1) < 1e-12);
  assert.ok(Math.abs(m - v) < 1e-9);
  // the maximiser beats any fixed threshold's expectation: stopping at once after one card
  assert.ok(v > 6.4);
});

Deno.test("best response: self-play is exactly one half, the response dominates it", () => {
  const self = bestResponse({ target: 40, selfPlay: true });
  assert.ok(Math.abs(w00(self) - 0.5) < 1e-12);
  const br = bestResponse({ target: 40 });
  assert.ok(w00(br) > 0.5);
  for (let a = 0; a < 40; a += 3) {
    for (let b = 0; b < 40; b += 3) {
      assert.ok(br.table.get(a, b, 0) >= self.table.get(a, b, 0) - 1e-6);
    }
  }
});

Deno.test("training: deterministic, values in [0, 1], about one half at the start", () => {
  const opts = { rules: "duel", games: 64, iterations: 1, seed: 9001 };
  const a = trainTableSync(opts), b = trainTableSync(opts);
  assert.deepEqual(a.table.encode(), b.table.encode());
  for (const x of a.table.data) assert.ok(x >= 0 && x <= 1);
  // symmetric self-play: W[0,0,first] + W[0,0,second] = 1 up to sampling noise
  const s = a.table.get(0, 0, 0) + a.table.get(0, 0, 1);
  assert.ok(Math.abs(s - 1) < 0.1, `sum ${s}`);
});

Deno.test("search, search0 and winprob play whole games under duel and standard", () => {
  const w = WTable.symmetric(200, 2, 0.5);
  const flat = WTable.symmetric(200, 1, 0.5);
  for (const rules of ["duel", "standard"]) {
    const g = new Game(getRules(rules), [
      new SearchStrategy(true, w),
      new WinProbStrategy(flat),
    ], { seed: 3 });
    for (let i = 0; i < 3; i++) {
      g.newGame({ stream: i });
      const r = g.playGame();
      assert.ok(Math.max(...r.totals) >= 200);
      assert.equal(g.checkConservation(), null);
    }
  }
  const g4 = new Game(getRules("standard"), [
    new SearchStrategy(false),
    makeStrategy("ev"),
    new SearchStrategy(true, w),
    makeStrategy("bust:0.25"),
  ], { seed: 4 });
  assert.ok(g4.playGame().rounds > 0);
});

Deno.test("search without table prefers staying on a big line near a bust-heavy pile", () => {
  const view = new DecideView(
    getRules("duel"),
    [0, 0],
    [12, 11, 10, 9, 8],
    [],
    false,
    [],
  );
  const s = new SearchStrategy(false);
  assert.equal(s.hit(view, 0), false);
  const low = new DecideView(getRules("duel"), [0, 0], [1], [], false, []);
  assert.equal(s.hit(low, 0), true);
});

Deno.test("decide: bad input is a one-line InputError", () => {
  const r = getRules("duel");
  assert.throws(
    () => new DecideView(r, [0, 0], [5, 5], [], false, []),
    InputError,
  );
  assert.throws(
    () => new DecideView(r, [0, 0], [1], [1], false, []),
    InputError,
  );
  assert.throws(() => new DecideView(r, [0, 0], [], [], false, []), InputError);
});
