/**
 * Issue 12, seed 000's field-size reversal and a better beer mat: the
 * `bustsc:P` reading (strategy, exact values on both models, the `evaluate`
 * command), the Second Chance-aware beer-mat rules, and the committed
 * results these tie to (z-scores recomputed from `results/field-size.csv`,
 * the advice rules' exact values, the single-round card-counting setups),
 * and the README and notebooks quoting them.
 */
import assert from "node:assert/strict";
import { csvParse } from "d3-dsv";
import { CHANCE } from "../lib/game/cards.ts";
import { evaluateCommand } from "../cli/commands/evaluate.ts";
import { adviceCommand } from "../cli/commands/advice.ts";
import { oddsCommand } from "../cli/commands/odds.ts";
import { Output } from "../cli/output.ts";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import {
  AdviceStrategy,
  chanceRule,
  deriveAdvice,
  evaluateRule,
  SEED_ADVICE,
} from "../lib/solver/advice.ts";
import { evaluatePolicies } from "../lib/run/evaluate.ts";
import { getModel } from "../lib/solver/model.ts";
import { LineView, oddsReference } from "../lib/solver/odds.ts";
import { BustScStrategy, deckRisk } from "../lib/strategies/bustsc.ts";
import { makeStrategy, REGISTRY } from "../lib/run/registry.ts";

const root = new URL("../", import.meta.url);
const text = (p: string) => Deno.readTextFileSync(new URL(p, root));
type CsvRow = Record<string, string>;
const csv = (name: string): CsvRow[] =>
  csvParse(text(`results/${name}.csv`)) as unknown as CsvRow[];
const json = (name: string) => JSON.parse(text(`results/${name}.json`));

/** A line of numbers (bit v: number v). */
const line = (...vs: number[]) => vs.reduce((m, v) => m | (1 << v), 0);

Deno.test("bustsc:P hits while holding a Second Chance, otherwise plays bust:P; bustscc:P counts", () => {
  const sc = makeStrategy("bustsc:0.25"), b = makeStrategy("bust:0.25");
  assert.ok(sc instanceof BustScStrategy);
  assert.equal(sc.name, "bustsc:0.25");
  assert.equal(makeStrategy("bustscc:0.3").name, "bustscc:0.3");
  assert.ok(REGISTRY.some((e) => e.usage === "bustsc:P"));
  assert.ok(REGISTRY.some((e) => e.usage === "bustscc:P"));
  assert.ok(REGISTRY.some((e) => e.usage === "bustscd:P"));
  // the full-deck reading counts only your own cards: 12 alone, 11 / 93
  const d = makeStrategy("bustscd:0.12");
  assert.equal(d.name, "bustscd:0.12");
  assert.equal(deckRisk(new LineView(line(12), 0, false), 0), 11 / 93);
  assert.equal(d.hit(new LineView(line(12), 0, false), 0), true); // 0.118 < 0.12
  assert.equal(
    makeStrategy("bustscd:0.11").hit(new LineView(line(12), 0, false), 0),
    false,
  );
  assert.equal(
    makeStrategy("bustscd:0.11").hit(new LineView(line(12), 0, true), 0),
    true,
  );
  // 12, 11, 10, 9 showing: risk 38/90, far over 25%
  const risky = new LineView(line(12, 11, 10, 9), 0, false);
  assert.equal(b.hit(risky, 0), false);
  assert.equal(sc.hit(risky, 0), false);
  risky.chance = true;
  assert.equal(b.hit(risky, 0), false);
  assert.equal(sc.hit(risky, 0), true);
  // 1, 2 showing: risk 3/92, both hit
  const safe = new LineView(line(1, 2), 0, false);
  assert.equal(b.hit(safe, 0) && sc.hit(safe, 0), true);
  // it plays the engine and conserves cards
  const g = new Game(getRules("standard"), [sc, makeStrategy("ev")], {
    seed: 12,
  });
  g.playGame();
  assert.equal(g.checkConservation(), null);
  assert.equal(getRules("standard").deck[CHANCE], 3);
});

Deno.test("bustsc:0.25 exactly, on both models, to the printed digits", () => {
  const f = (r: { ev: number; sd: number; bust: number; flip7: number }) =>
    `${r.ev.toFixed(3)} / ${r.sd.toFixed(2)} / ${
      (100 * r.bust).toFixed(1)
    }% / ${(100 * r.flip7).toFixed(2)}%`;
  const [ab, asc] = evaluatePolicies(["bust:0.25", "bustsc:0.25"], "approx");
  assert.equal(f(ab), "20.988 / 15.89 / 32.9% / 0.03%");
  assert.equal(f(asc), "22.161 / 17.76 / 32.9% / 1.22%");
  const [xb, xsc] = evaluatePolicies(["bust:0.25", "bustsc:0.25"], "exact");
  assert.equal(f(xb), "21.006 / 15.89 / 32.9% / 0.03%");
  assert.equal(f(xsc), "22.179 / 17.78 / 33.0% / 1.22%");
  // as the README quotes them
  assert.ok(
    readme.includes(
      `\`bustsc:0.25\` is worth ${f(asc)} on \`approx\` and ${
        f(xsc)
      } on \`exact\``,
    ),
  );
});

Deno.test("evaluate -p bust:0.25,bustsc:0.25 --json prints both rows on both models", async () => {
  for (const [model, want] of [["exact", "22.179"], ["approx", "22.161"]]) {
    const out = new Output({ echo: false });
    await evaluateCommand.run({
      values: { p: "bust:0.25,bustsc:0.25", model, json: true },
      positionals: [],
      out,
    });
    const rows = JSON.parse(out.text());
    assert.deepEqual(rows.map((r: { policy: string }) => r.policy), [
      "bust:0.25",
      "bustsc:0.25",
    ]);
    assert.equal(rows[1].ev.toFixed(3), want);
  }
});

Deno.test("the Second Chance beer mat: split cut-offs always hit while holding one; the one-number rule within 0.5%", () => {
  const m = getModel("approx");
  const plain = deriveAdvice(m), sc = deriveAdvice(m, ["chance"]);
  assert.equal(plain.rule.ev.toFixed(3), "21.052");
  assert.equal(sc.rule.ev.toFixed(3), "22.201");
  assert.equal(sc.rows.length, 14);
  for (const r of sc.rows.filter((r) => r.holding.chance)) {
    assert.equal(r.cutoff, Infinity, `holding, ${r.count} numbers`);
  }
  // not holding one, six numbers: 34.5%, where seed 000 prints 34% (and
  // the plain rule always hits)
  const six = sc.rows.find((r) => !r.holding.chance && r.count === 6)!;
  assert.equal((100 * six.cutoff).toFixed(1), "34.5");
  assert.equal(plain.rows[6].cutoff, Infinity);
  const one = evaluateRule(m, chanceRule(0.23));
  assert.equal(one.ev.toFixed(3), "22.157");
  assert.ok(one.ev >= 0.995 * plain.optimum);
  // a one-table AdviceStrategy is seed 000's kind of rule
  assert.equal(
    evaluateRule(m, new AdviceStrategy(SEED_ADVICE, "s")).ev.toFixed(3),
    "21.048",
  );
  assert.throws(() => new AdviceStrategy([SEED_ADVICE], "x", ["chance"]));
});

Deno.test("advice and odds print the Second Chance case", async () => {
  const out = new Output({ echo: false });
  await adviceCommand.run({
    values: { model: "approx" },
    positionals: [],
    out,
  });
  const t = out.text();
  assert.match(t, /split on holding a Second Chance/);
  assert.match(t, /Exact value: 22\.201, 0\.14% below the optimum/);
  assert.match(
    t,
    /The simplest rule within 0\.5% of optimal play: always hit while holding a Second Chance;\notherwise hit while the bust risk is under 22\.8%, whatever you show\. Exact value 22\.158/,
  );
  const o = oddsReference(getModel("approx"));
  const held = o.byCountChance[1], none = o.byCountChance[0];
  for (let n = 0; n <= 6; n++) {
    const all = o.byCount[n].share, split = held[n].share + none[n].share;
    assert.ok(Math.abs(all - split) < 1e-12, `count ${n}`);
  }
  // holding one, optimal play always hits; one more card is worth more
  for (let n = 2; n <= 6; n++) {
    assert.ok(held[n].optimalHit > 0.999, `count ${n}`);
    assert.ok(held[n].oneMore > none[n].oneMore, `count ${n}`);
  }
  const out2 = new Output({ echo: false });
  await oddsCommand.run({
    values: { model: "approx" },
    positionals: [],
    out: out2,
  });
  assert.match(out2.text(), /Holding a Second Chance or not/);
  assert.match(out2.text(), /\n6 +held /);
});

// ---------------------------------------------------------------------------
// The committed results, and what the README and notebooks quote from them.

// the README and every page of docs/, as one text
const readme = [
  "README.md",
  ...[...Deno.readDirSync(new URL("docs/", root))]
    .filter((e) => e.name.endsWith(".md")).map((e) => `docs/${e.name}`).sort(),
].map(text).join(" ").replace(/\s+/g, " ");
const IA = "immediate-actions";
const pct1 = (x: number) => `${(100 * x).toFixed(1)}%`;

type Pooled = {
  reading: string;
  rules: string;
  players: number;
  policy: string;
  win_share: number;
  ci_low: number;
  ci_high: number;
};

Deno.test("field-size results: both readings on the same derived seeds; the z-scores against seed 000 recomputed from the CSV", () => {
  const rows: CsvRow[] = csv("field-size");
  const j = json("field-size");
  assert.deepEqual(j.readings, ["bust:0.25", "bustsc:0.25"]);
  assert.equal(j.quick, false);
  const readings = new Set(rows.map((r) => r.reading));
  assert.deepEqual([...readings], [
    "bust:0.25",
    "bustsc:0.25",
    "bustc:0.25",
    "bustscc:0.25",
    "bustscd:0.25",
  ]);
  // every reading of the grid on the same three seeds, at every size and rules
  for (const reading of j.readings) {
    for (const rules of ["standard", IA]) {
      for (let n = 2; n <= 8; n++) {
        const seeds = rows.filter((r) =>
          r.reading === reading && r.rules === rules &&
          Number(r.players) === n && r.policy === "ev"
        ).map((r) => Number(r.seed));
        assert.deepEqual(seeds, j.seeds, `${reading} ${rules} ${n}`);
      }
    }
  }
  // seed 000's table, from its figures
  const s000 = Object.fromEntries(
    (j.seed000 as { players: number; policy: string; win_share: number }[])
      .map((r) => [`${r.players}/${r.policy}`, r]),
  );
  for (const [reading, byRules] of Object.entries(j.z_vs_seed000)) {
    for (const [rules, bySize] of Object.entries(byRules as object)) {
      for (const [n, z] of Object.entries(bySize as object)) {
        const runs = rows.filter((r) =>
          r.reading === reading && r.rules === rules &&
          r.players === n
        );
        const share = (policy: string) => {
          const rs = runs.filter((r) => r.policy === policy);
          const games = rs.reduce(
            (s: number, r: CsvRow) => s + Number(r.games),
            0,
          );
          const wins = rs.reduce(
            (s: number, r: CsvRow) => s + Number(r.wins),
            0,
          );
          return { k: Number(rs[0].seats), games, p: wins / games };
        };
        const a = share("ev"), b = share(reading);
        const a0 = s000[`${n}/ev`].win_share,
          b0 = s000[`${n}/bust:0.25`].win_share;
        const g0 = (j.seed000 as { players: number; games: number }[]).find((
          r,
        ) => r.players === Number(n))!.games;
        // per-seat share gap and its SE (binomial over games)
        const gap = (pa: number, pb: number, games: number) => {
          const d = pa / a.k - pb / b.k;
          const v = pa / (a.k * a.k) + pb / (b.k * b.k) - d * d;
          return { d, se: Math.sqrt(v / games) };
        };
        const ours = gap(a.p, b.p, a.games);
        const theirs = gap(a0 * a.k, b0 * b.k, g0);
        const zGap = (ours.d - theirs.d) /
          Math.hypot(ours.se, theirs.se);
        const zz = z as Record<string, number>;
        assert.ok(
          Math.abs(zGap - zz.win_share_diff) < 0.006,
          `${reading} ${rules} ${n}: ${zGap} vs ${zz.win_share_diff}`,
        );
        const seShare = (x: number, k: number, games: number) =>
          Math.sqrt(k * x * (1 - k * x) / games) / k;
        const sa = a.p / a.k;
        const zEv = (sa - a0) /
          Math.hypot(seShare(sa, a.k, a.games), seShare(a0, a.k, g0));
        assert.ok(Math.abs(zEv - zz.ev_win_share) < 0.006, `${reading} ev`);
      }
    }
  }
  // what fits: bustsc within 3 SE of seed 000 on every comparison at 2, 4
  // and 6 players, bust:0.25 beyond 10 (Monte Carlo: stated in SEs)
  for (const rules of ["standard", IA]) {
    for (const n of ["2", "4", "6"]) {
      const fit = j.z_vs_seed000["bustsc:0.25"][rules][n];
      const off = j.z_vs_seed000["bust:0.25"][rules][n];
      for (
        const k of [
          "ev_win_share",
          "other_win_share",
          "win_share_diff",
          "points_gap",
        ]
      ) {
        assert.ok(Math.abs(fit[k]) < 3, `bustsc ${rules} ${n} ${k}`);
        assert.ok(Math.abs(off[k]) > 10, `bust ${rules} ${n} ${k}`);
      }
    }
  }
});

Deno.test("README 'Where we differ' quotes the committed results", () => {
  const j = json("field-size");
  const pooled = j.pooled as Pooled[];
  const row = (reading: string, n: number, policy: string) =>
    pooled.find((r) =>
      r.reading === reading && r.rules === IA && r.players === n &&
      r.policy === policy
    )!;
  const share = (r: Pooled) =>
    `${pct1(r.win_share)} [${pct1(r.ci_low)}, ${pct1(r.ci_high)}]`;
  const quotes: string[] = [];
  // the verdicts' reading: bust:0.25 under the official rules
  const std = (n: number, policy: string) =>
    pooled.find((r) =>
      r.reading === "bust:0.25" && r.rules === "standard" && r.players === n &&
      r.policy === policy
    )!;
  for (const n of [2, 4, 6]) {
    quotes.push(share(std(n, "ev")));
    // the reading search: bustsc:0.25, immediate-actions
    quotes.push(share(row("bustsc:0.25", n, "ev")));
    quotes.push(share(row("bustsc:0.25", n, "bustsc:0.25")));
    const g = j.z_vs_seed000["bustsc:0.25"][IA][n].ours;
    quotes.push(
      `${g.points_gap.toFixed(3)} ± ${g.points_gap_se.toFixed(3)}`,
    );
  }
  const mz = j.max_abs_z_vs_seed000;
  quotes.push(
    `gaps: ${
      Math.max(
        mz["bust:0.25"].standard.comparisons,
        mz["bust:0.25"][IA].comparisons,
      )
        .toFixed(1)
    };`,
    `within |z| ${
      Math.max(
        mz["bustsc:0.25"][IA].comparisons,
        mz["bustsc:0.25"].standard.comparisons,
      ).toFixed(1)
    } of seed 000's`,
    `\`bustc:0.25\`: largest |z| ${
      mz["bustc:0.25"][IA].comparisons.toFixed(1)
    }`,
    `\`bustscc:0.25\`: ${mz["bustscc:0.25"][IA].comparisons.toFixed(1)}`,
    `(\`bustscd:0.25\`: ${
      mz["bustscd:0.25"][IA].comparisons.toFixed(1)
    }, one seed)`,
    `(largest |z| ${mz["bustsc:0.25"][IA].points_levels.toFixed(1)}`,
    `is worth ${j.solo_exact_ev.exact.bustsc.toFixed(3)} exactly, ${
      (j.solo_exact_ev.exact.ev - j.solo_exact_ev.exact.bustsc).toFixed(2)
    } below \`ev\`, not ${
      (j.solo_exact_ev.exact.ev - j.solo_exact_ev.exact.bust).toFixed(2)
    } below`,
  );
  // three players, from the experiment's summary: under the search's
  // reading ev wins less than bustsc:0.25 there too
  const three = (j.summary as string[]).find((l) =>
    l.startsWith("bustsc:0.25, immediate-actions, 3 players")
  );
  const m3 = three?.match(/\(diff (-?[\d.]+) ± [\d.]+ pts, z (-?[\d.]+);/);
  assert.ok(m3, `no 3-player line in the summary: ${three}`);
  assert.ok(Number(m3[1]) < 0 && Number(m3[2]) < 0, "ev wins less at three");
  // card counting, single rounds
  const cc = json("card-counting").single_round_z_vs_seed000;
  const s = (rules: string, k: string) => cc[rules][k];
  assert.equal(
    s(IA, "solo/ev").mean.toFixed(2),
    s(IA, "solo/evc").mean.toFixed(2),
  );
  quotes.push(
    `scores ${s(IA, "solo/ev").mean.toFixed(2)} ± ${
      s(IA, "solo/ev").se.toFixed(2)
    } under \`immediate-actions\` (${
      s("standard", "solo/ev").mean.toFixed(2)
    } under \`standard\`)`,
    `they score ${s(IA, "2 seats/ev").mean.toFixed(2)} and ${
      s(IA, "2 seats/evc").mean.toFixed(2)
    } (z ${s(IA, "2 seats/ev").z.toFixed(1)} and ${
      s(IA, "2 seats/evc").z.toFixed(1)
    }, \`immediate-actions\`)`,
  );
  // the beer mats
  const adv = json("advice");
  const [ba, bx] = [adv.better_rules.approx, adv.better_rules.exact];
  const p2 = (x: number) => `${(100 * x).toFixed(2)}%`;
  const sa = ba.one_cutoff_chance_rules[0], sx = bx.one_cutoff_chance_rules[0];
  quotes.push(
    `worth ${ba.split_rules.chance.rule_ev.toFixed(3)} on seed 000's model (${
      p2(ba.split_rules.chance.below_optimum)
    } below optimal) and ${bx.split_rules.chance.rule_ev.toFixed(3)} exactly (${
      p2(bx.split_rules.chance.below_optimum)
    }), against ${adv.values.approx.rule_ev.toFixed(3)} and ${
      adv.values.exact.rule_ev.toFixed(3)
    } without the split`,
    `under ${pct1(sa.cutoff)}** — ${sa.rule_ev.toFixed(3)} (${
      p2(sa.below_optimum)
    } below) and ${sx.rule_ev.toFixed(3)} exactly (${
      p2(sx.below_optimum)
    } below)`,
    `(${ba.split_rules.x2.rule_ev.toFixed(3)} / ${
      bx.split_rules.x2.rule_ev.toFixed(3)
    })`,
    `(against the 88-card deck ${
      ba.seed_cutoffs_other_readings["88-card"].toFixed(3)
    }; "under" as "at most" ${
      ba.seed_cutoffs_other_readings["94-card, at most"].toFixed(3)
    })`,
    `otherwise ${
      csv("advice").filter((r) =>
        r.model === "approx" && r.features === "chance" &&
        r.holding === "no chance" && Number(r.numbers_showing) >= 2
      ).map((r) => r.rule).join(", ")
    } for 2-6 numbers`,
  );
  assert.equal(sa.cutoff.toFixed(3), sx.cutoff.toFixed(3));
  assert.ok(sa.below_optimum < 0.005 && sx.below_optimum < 0.005);
  // replication under both readings
  const rep = json("replication").by_reading;
  quotes.push(
    `under \`bust:0.25\` (${
      rep["bust:0.25"].runs_crossing_3se
    } of 20 seeds cross 3 SE`,
    `under \`bustsc:0.25\` (${rep["bustsc:0.25"].runs_crossing_3se} of 20)`,
  );
  for (const q of quotes) {
    assert.ok(readme.includes(q), `README and docs/ lack: ${q}`);
  }
});

Deno.test("card-counting results: each policy alone reproduces seed 000's 20.21 within 2 SE, two seats together do not", () => {
  const cc = json("card-counting").single_round_z_vs_seed000;
  for (const rules of ["standard", IA]) {
    for (const p of ["ev", "evc"]) {
      assert.ok(Math.abs(cc[rules][`solo/${p}`].z) < 2, `${rules} solo ${p}`);
    }
    assert.ok(cc[rules]["2 seats/ev"].z > 3, `${rules} 2 seats ev`);
  }
  const solo = csv("card-counting").filter((r) => r.setting === "solo");
  assert.equal(solo.length, 4);
  for (const r of solo) {
    assert.equal(Number(r.players), 1);
    assert.equal(Number(r.n), 100_000);
  }
});
