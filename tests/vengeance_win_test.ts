/**
 * Win play on the Vengeance edition (issue 43, part 5): `ev` on the
 * edition's scoring, the round laws from the engine, the `brfield-v` race
 * tables and strategy, `vengeanceFieldRows` and the command line. The
 * full-size tables (about 40 s to build) are in test:full.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { getRules, withRules } from "../lib/game/rules.ts";
import type { TableView } from "../lib/game/view.ts";
import "../lib/run/race_build.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import {
  buildVengeanceTable,
  vengeanceFieldRows,
  vengeanceRoundLaw,
} from "../lib/run/vengeance_win.ts";
import { vengeanceOneCard } from "../lib/strategies/vengeance.ts";
import { BRFIELD_V_WANT, brFieldV } from "../lib/winprob/vengeance_race.ts";
import { cli } from "./cli_harness.ts";
import { slow } from "./tier.ts";

Deno.test("ev on the Vengeance scoring: hits exactly when one more card beats the score now", () => {
  const rules = getRules("vengeance");
  const ev = makeStrategy("ev");
  let asked = 0, hits = 0;
  const probe = {
    name: "probe",
    hit(v: TableView, s: number) {
      const h = vengeanceOneCard(v, s, false) > v.roundScore(s);
      assert.equal(ev.hit(v, s), h);
      asked++;
      hits += h ? 1 : 0;
      return h;
    },
    target: () => 0,
    choose: ev.choose!.bind(ev),
  };
  const g = new Game(rules, [probe, probe, probe], { seed: 5 });
  for (let r = 0; r < 30; r++) g.playRound();
  assert.ok(asked > 100 && hits > 0 && hits < asked);
  assert.equal(g.checkConservation(), null);
});

Deno.test("round laws from the engine: seeded, a law, refused for Brutal Mode and one player", () => {
  const a = vengeanceRoundLaw(3, "sum:25", "ev", 300, 2);
  assert.deepEqual(vengeanceRoundLaw(3, "sum:25", "ev", 300, 2), a);
  assert.ok(Math.abs(a.reduce((x, y) => x + y, 0) - 1) < 1e-12);
  assert.notDeepEqual(vengeanceRoundLaw(3, "sum:25", "ev", 300, 3), a);
  assert.throws(
    () => vengeanceRoundLaw(2, "ev", "ev", 10, 1, "vengeance+brutal=on"),
    /Brutal Mode/,
  );
  assert.throws(
    () => vengeanceRoundLaw(1, "ev", "ev", 10, 1),
    /allowed 2 to 6/,
  );
});

Deno.test("brfield-v plays the family member its table picks at the totals", () => {
  // a heads-up table to 40 points on laws of 1500 rounds
  const t2 = buildVengeanceTable({ ...BRFIELD_V_WANT(2), target: 40 }, 1500);
  assert.equal(t2.header.kind, "brfield-v");
  assert.ok(t2.header.w0 > 0.5);
  const s = brFieldV((n) => n === 2 ? t2 : null);
  const rules = withRules(getRules("vengeance"), { target: 40 });
  const g = new Game(rules, [s, makeStrategy("ev")], { seed: 2 });
  let checked = 0;
  g.listener = (e) => {
    if (
      e.type === "stay" && e.seat === 0 && g.total(0) < 40 && g.total(1) < 40
    ) {
      assert.ok(t2.header.family.includes(s.rule(g, 0).name));
      checked++;
    }
  };
  assert.ok(Math.max(...g.playGame().totals) >= 40);
  assert.ok(checked > 0);
  assert.throws(
    () => buildVengeanceTable({ ...BRFIELD_V_WANT(2), players: 7 }, 10),
    /allowed 2 to 6/,
  );
});

Deno.test("vengeanceFieldRows: bad sizes and counts are one-line errors", async () => {
  await assert.rejects(
    () => vengeanceFieldRows({ seed: 1, games: 10, sizes: [7], policy: "ev" }),
    /table size 7: allowed 2 to 6/,
  );
  await assert.rejects(
    () => vengeanceFieldRows({ seed: 1, games: 0, policy: "ev" }),
    /games 0/,
  );
});

Deno.test("the command line: brfield-v is refused under the official edition; ev and first:POLICY play Vengeance", async () => {
  const bad = await cli(["sim", "-n", "10", "-p", "brfield-v,ev", "--no-file"]);
  assert.equal(bad.code, 2);
  assert.equal(bad.stderr.trim().split("\n").length, 1);
  assert.match(bad.stderr, /policy 'brfield-v' plays the vengeance edition/);
  const ok = await cli([
    "sim",
    "-n",
    "200",
    "-p",
    "ev,evc,first:ev",
    "--edition",
    "vengeance",
    "--seed",
    "2",
    "--json",
    "--no-file",
  ]);
  assert.equal(ok.code, 0, ok.stderr);
  assert.deepEqual(
    JSON.parse(ok.stdout).rows.map((r: { policy: string }) => r.policy),
    ["ev", "evc", "first:ev"],
  );
});

Deno.test(
  slow(
    "brfield-v against ev fields: the full tables, the same rows whatever the workers, and sim",
  ),
  async () => {
    const one = await vengeanceFieldRows({
      seed: 1,
      games: 300,
      sizes: [2, 6],
      workers: 1,
    });
    const two = await vengeanceFieldRows({
      seed: 1,
      games: 300,
      sizes: [2, 6],
      workers: 2,
    });
    assert.deepEqual(two, one);
    assert.deepEqual(one.map((r) => [r.n, r.policy, r.field, r.games]), [
      [2, "brfield-v", "ev", 300],
      [6, "brfield-v", "ev", 300],
    ]);
    // the model's win probability beats the fair share at every size
    assert.ok(one.every((r) => r.model_win !== null && r.model_win > r.fair));
    const r = await cli([
      "sim",
      "-n",
      "100",
      "-p",
      "brfield-v,ev",
      "--edition",
      "vengeance",
      "--seed",
      "1",
      "--no-file",
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /brfield-v/);
  },
);
