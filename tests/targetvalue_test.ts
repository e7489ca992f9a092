// Targeting by win probability (issue 25, item 4): the Flip Three law, the
// public solver's table, Holm's rule and the wt:<inner> registry entry.
import assert from "node:assert/strict";
import { KINDS } from "../lib/game/cards.ts";
import { STANDARD_DECK } from "../lib/game/rules.ts";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import {
  FlipThreeLaw,
  TargetValuer,
  WinTargetStrategy,
} from "../lib/winprob/targetvalue.ts";
import { flipThreeTable } from "../lib/winprob/flip3law.ts";
import { WTable } from "../lib/winprob/table.ts";
import { resolveStrategy } from "../lib/run/registry.ts";
import { EvStrategy } from "../lib/strategies/ev.ts";
import { holm } from "../experiments/win-optimal.ts";

Deno.test("FlipThreeLaw: the outcomes of three cards and the continuation sum to one", () => {
  const f = new FlipThreeLaw();
  f.run(STANDARD_DECK, 0, 0, 0);
  assert.ok(Math.abs(f.pBust + f.pBank + f.pF7 - 1) < 1e-12);
  let mass = 0;
  for (let x = 0; x < f.cont.length; x++) mass += f.cont[x] + f.f7[x];
  assert.ok(Math.abs(mass - 1) < 1e-12);
  // a pile of one kind only: a held 5 busts on the first card
  const pile = new Int32Array(KINDS);
  pile[5] = 3;
  f.run(pile, 1 << 5, 0, 0);
  assert.equal(f.pBust, 1);
  // with a Second Chance the first 5 is saved, the second busts
  f.run(pile, 1 << 5, 0, 1);
  assert.equal(f.pBust, 1);
});

Deno.test("flipThreeTable: the public solver's numbers-only claims, and the all-94 pile", () => {
  const t = flipThreeTable("numbers");
  // no card played from an empty line: the exact 79-number optimum
  assert.equal(t[0].base.toFixed(7), "18.5652176");
  // "Flip Three is never a gift (dMean <= 0)", most damaging at k = 4,
  // "P(Flip7) climbs to 0.38, 0.63" at k = 5 and 6
  for (const r of t) assert.ok(r.dMean <= 0, `k=${r.k}`);
  const worst = t.reduce((a, b) => (b.dMean < a.dMean ? b : a));
  assert.equal(worst.k, 4);
  assert.equal(t[5].pF7.toFixed(2), "0.38");
  assert.equal(t[6].pF7.toFixed(2), "0.63");
  // on the whole deck the three cards include modifiers and Second Chances:
  // a gift to a short line, an attack on a middle one
  const a = flipThreeTable("all94");
  assert.ok(a[0].dMean > 0 && a[1].dMean > 0);
  assert.ok(a[3].dMean < 0 && a[4].dMean < 0);
  for (const r of a) assert.ok(Math.abs(r.reach - t[r.k].reach) < 1e-15);
});

Deno.test("holm: step-down rejections", () => {
  assert.deepEqual(holm([0.001, 0.04, 0.03], 0.05), [true, false, false]);
  assert.deepEqual(holm([0.01, 0.02, 0.025], 0.05), [true, true, true]);
  assert.deepEqual(holm([0.2, 0.001], 0.05), [false, true]);
});

Deno.test("wt:<inner>: registered, named after its inner policy, bad inner refused", () => {
  assert.equal(resolveStrategy("wt:ev").name, "wt:ev");
  assert.equal(resolveStrategy("wt:sum:20").name, "wt:sum:20");
  assert.throws(() => resolveStrategy("wt:nope"), /unknown policy 'nope'/);
});

Deno.test("TargetValuer: every aimed card goes to an active seat, values are probabilities", () => {
  // a value table that favours the higher total smoothly
  const T = 200, data = new Float32Array(T * T);
  for (let a = 0; a < T; a++) {
    for (let b = 0; b < T; b++) {
      data[a * T + b] = 1 / (1 + Math.exp((b - a) / 25));
    }
  }
  const table = new WTable(T, 1, data);
  const valuer = new TargetValuer(table);
  let aimed = 0;
  for (const n of [2, 3, 4]) {
    const wt = new WinTargetStrategy(new EvStrategy(false), () => table);
    wt.record = (r) => {
      aimed++;
      for (const v of r.values) {
        assert.ok(v === null || (v >= -1e-9 && v <= 1 + 1e-9));
      }
      const best = Math.max(...r.values.filter((v): v is number => v !== null));
      assert.ok(Math.abs(r.values[r.chosen]! - best) < 1e-9);
    };
    const seats = [
      wt,
      ...Array.from({ length: n - 1 }, () => new EvStrategy(false)),
    ];
    // the engine refuses an illegal target (a seat not in the round)
    const g = new Game(getRules("standard"), seats, { seed: 5 + n });
    g.listener = (e) => {
      if (e.type === "freeze" || e.type === "flip_three") {
        // the value of the seat hit, as the valuer sees it before the card
        assert.ok(e.target >= 0 && e.target < n);
      }
    };
    for (let k = 0; k < 4; k++) g.playGame();
  }
  assert.ok(aimed > 0);
  void valuer;
});
