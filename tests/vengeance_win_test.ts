/**
 * Win play on the Vengeance edition (issue 43, part 5): `ev` on the
 * edition's scoring, the round laws from the engine, the `brfield-v` race
 * tables and strategy, `vengeanceFieldRows` and the command line. The
 * full-size tables (about 40 s to build) and the figures docs/vengeance.md
 * quotes (pinned here) are in test:full.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import { getRules, withRules } from "../lib/game/rules.ts";
import type { TableView } from "../lib/game/view.ts";
import "../lib/run/race_build.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { runMatch } from "../lib/run/sim.ts";
import {
  buildVengeanceTable,
  vengeanceFieldRows,
  vengeanceRoundLaw,
} from "../lib/run/vengeance_win.ts";
import { vengeanceOneCard } from "../lib/strategies/vengeance.ts";
import { BRFIELD_V_WANT, brFieldV } from "../lib/winprob/vengeance_race.ts";
import {
  decodeRaceTable,
  encodeRaceTable,
  raceTable,
  raceTablePath,
} from "../lib/winprob/racetable.ts";
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

Deno.test("ev's one card under Brutal Mode: the negatives it keeps solo go below 0", () => {
  // solo, a 3 dealt: the modifiers are kept; -4, -6, -8 and -10 take the
  // line below 0 only under Brutal Mode (by 1, 3, 5, 7), the rest is equal
  const value = (rules: ReturnType<typeof getRules>) => {
    const seen: number[] = [];
    const probe = {
      name: "probe",
      hit: (v: TableView) => (seen.push(vengeanceOneCard(v, 0, false)), false),
      target: () => 0,
    };
    new Game(rules, [probe], { seed: 1, stack: [rules.cards.kindOf("3")] })
      .playRound();
    return seen[0];
  };
  const floor = value(getRules("vengeance"));
  const brutal = value(getRules("vengeance+brutal=on"));
  assert.ok(Math.abs(floor - brutal - (1 + 3 + 5 + 7) / 107) < 1e-12);
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

Deno.test(
  slow(
    "the figures of docs/vengeance.md: brfield-v against ev fields, and the targeting against first:POLICY",
  ),
  async () => {
    // brfield-v against N − 1 ev, 20,000 games a size, seed 1:
    // [n, wins, share, ci_low, ci_high, fair, model_win]
    const rows = await vengeanceFieldRows({ seed: 1, games: 20000 });
    assert.deepEqual(
      rows.map((
        r,
      ) => [r.n, r.wins, r.share, r.ci_low, r.ci_high, r.fair, r.model_win]),
      [
        [2, 10709, 0.53545, 0.528532, 0.542355, 0.5, 0.528278],
        [3, 7574, 0.3787, 0.372001, 0.385445, 0.333333, 0.368693],
        [4, 5843, 0.29215, 0.285888, 0.298492, 0.25, 0.293762],
        [5, 4863, 0.24315, 0.237254, 0.249144, 0.2, 0.247333],
        [6, 3990, 0.1995, 0.19402, 0.205096, 0.166667, 0.211159],
      ],
    );
    assert.ok(rows.every((r) => r.ci_low > r.fair)); // issue 43's bar
    // what `sim -n 20000 --edition vengeance` prints:
    // [policy, wins, share, ci_low, ci_high, points a round]
    const match = async (policies: string[], seed: number) =>
      (await runMatch({ rules: "vengeance", policies, games: 20000, seed }))
        .rows.map((r) => [
          r.policy,
          r.wins,
          r.win_share,
          r.ci_low,
          r.ci_high,
          r.points_per_round,
        ]);
    assert.deepEqual(await match(["brfield-v", "ev"], 1), [
      ["brfield-v", 10709, 0.53545, 0.528532, 0.542355, 17.661],
      ["ev", 9291, 0.46455, 0.457645, 0.471468, 18.4094],
    ]);
    assert.deepEqual(await match(["ev", "first:ev"], 12), [
      ["ev", 10504, 0.5252, 0.518275, 0.532115, 18.6597],
      ["first:ev", 9496, 0.4748, 0.467885, 0.481725, 18.2084],
    ]);
    assert.deepEqual(await match(["sum:25", "first:sum:25"], 12), [
      ["sum:25", 10436, 0.5218, 0.514874, 0.528718, 18.5295],
      ["first:sum:25", 9564, 0.4782, 0.471282, 0.485126, 18.1619],
    ]);
    assert.deepEqual(
      await match(["ev", "first:ev", "first:ev", "first:ev"], 12),
      [
        ["ev", 6181, 0.30905, 0.302683, 0.31549, 18.6061],
        ["first:ev", 6285, 0.31425, 0.307853, 0.320719, 19.114],
        ["first:ev", 3955, 0.19775, 0.192288, 0.203328, 17.5813],
        ["first:ev", 3579, 0.17895, 0.173699, 0.184324, 17.3076],
      ],
    );
  },
);

Deno.test("a cached brfield-v table made from other laws is stale and rebuilt", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-vlaws-" });
  const want = {
    ...BRFIELD_V_WANT(2),
    target: 30,
    laws: { rounds: 600, seed: 5 },
  };
  const old = buildVengeanceTable(want, 500, 5); // laws of 500 rounds
  Deno.writeFileSync(
    raceTablePath(want.kind, 2, dir, want.model, want.target),
    encodeRaceTable(old),
  );
  const t = raceTable(want, dir);
  assert.equal(t.header.lawRounds, 600);
  assert.equal(t.header.lawSeed, 5);
  // read back from the file the rebuild wrote, in a later call
  assert.equal(
    decodeRaceTable(
      Deno.readFileSync(
        raceTablePath(want.kind, 2, dir, want.model, want.target),
      ),
    ).header.lawRounds,
    600,
  );
  await Deno.remove(dir, { recursive: true });
});
