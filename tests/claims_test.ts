/**
 * The claims table (`results/claims.csv`, `experiments/claims.ts`): computed
 * from the files of results/ by the rule of docs/claims.md, never by hand;
 * the statistics it uses (`lib/run/stats.ts`).
 */
import assert from "node:assert/strict";
import {
  CLAIM_COLUMNS,
  claimRows,
  claimsMarkdown,
  digitsMatch,
  writeClaims,
} from "../experiments/claims.ts";
import { parseRows, type Row, toCsv } from "../lib/experiment/experiment.ts";
import {
  erfc,
  expectedMaxAbsZ,
  holm,
  holmFirstBound,
  normalCdf,
  normalQuantile,
  twoSidedP,
  zAgainst,
} from "../lib/run/stats.ts";

const RESULTS = new URL("../results", import.meta.url).pathname;

Deno.test("stats: normal tail, quantile, Holm, expected largest |z|", () => {
  assert.ok(Math.abs(erfc(3) - 2.209049699858544e-5) < 1e-17);
  assert.ok(Math.abs(normalCdf(1.959963984540054) - 0.975) < 1e-14);
  assert.ok(Math.abs(twoSidedP(1.959963984540054) - 0.05) < 1e-14);
  for (const p of [1e-9, 0.001, 0.02, 0.3, 0.5, 0.9, 0.999]) {
    assert.ok(
      Math.abs(normalCdf(normalQuantile(p)) - p) <
        1e-12 * Math.max(1, p / 1e-9),
      `${p}`,
    );
  }
  assert.throws(() => normalQuantile(1), RangeError);
  // Holm: sorted p times (k - i), monotone, capped
  assert.deepEqual(holm([0.01, 0.04, 0.03]), [0.03, 0.06, 0.06]);
  assert.deepEqual(holm([0.5, 0.9]), [1, 1]);
  assert.ok(Math.abs(holmFirstBound(1) - 1.959963984540054) < 1e-12);
  // E max |Z| of one test is sqrt(2/pi); of k tests it grows like sqrt(2 ln k)
  assert.ok(Math.abs(expectedMaxAbsZ(1) - Math.sqrt(2 / Math.PI)) < 1e-6);
  assert.ok(expectedMaxAbsZ(33) > 2.3 && expectedMaxAbsZ(33) < 2.4);
  // z against an interval: zero inside, distance over the combined SE outside
  assert.equal(zAgainst(0.5, 0.01, 0.49, 0.51), 0);
  assert.ok(Math.abs(zAgainst(0.53, 0.003, 0.5, 0.5, 0.004) - 6) < 1e-9);
});

Deno.test("claims: exact figures are compared at their printed digits", () => {
  assert.ok(digitsMatch(22.250403, 6, "22.2504"));
  assert.ok(digitsMatch(0.31729, 5, "31.7%"));
  assert.ok(digitsMatch(18.565218, 6, "18.5652176")); // ours stored to 6 decimals
  assert.ok(!digitsMatch(20.297577, 6, "20.2980")); // the public solver's all-94
  assert.ok(!digitsMatch(21.048475, 6, "21.02"));
});

Deno.test("claims: results/claims.csv and CLAIMS.md are what the rule computes from results/", () => {
  const rows = claimRows(RESULTS);
  assert.equal(
    Deno.readTextFileSync(`${RESULTS}/claims.csv`),
    toCsv([...CLAIM_COLUMNS], rows as unknown as Row[]),
    "run deno task report",
  );
  assert.equal(
    Deno.readTextFileSync(`${RESULTS}/CLAIMS.md`),
    claimsMarkdown(rows, "deno task report", RESULTS),
  );
  // CLAIMS.md shows the verdict column
  assert.match(
    Deno.readTextFileSync(`${RESULTS}/CLAIMS.md`),
    /\| verdict \| source \| published claim \|/,
  );
});

Deno.test("claims: every source is there, and every verdict follows from its row", () => {
  const rows = parseRows(Deno.readTextFileSync(`${RESULTS}/claims.csv`));
  const sources = new Set(rows.map((r) => r.source));
  assert.deepEqual([...sources].sort(), [
    "public solver",
    "seed 000",
    "seed 001",
  ]);
  assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, "ids unique");
  for (const r of rows) {
    const v = r.verdict;
    assert.ok(
      ["exact", "reproduced", "consistent", "not-reproduced"].includes(
        String(v),
      ),
      `${r.id}: ${v}`,
    );
    assert.ok(["before", "after"].includes(String(r.reading_chosen)));
    if (v === "exact" || v === "reproduced") {
      assert.equal(r.reading_chosen, "before", `${r.id}: ${v} only before`);
    }
    if (v === "consistent") {
      assert.equal(r.reading_chosen, "after", String(r.id));
    }
    if (r.statistic === "z" || r.statistic === "probability of the event") {
      assert.ok(v !== "exact", String(r.id));
      const h = r.holm_p as number;
      assert.ok(h >= (r.p as number) - 1e-9, `${r.id}: Holm p below p`);
      if (v === "not-reproduced") assert.ok(h <= 0.05, String(r.id));
      else assert.ok(h > 0.05, String(r.id));
    } else {
      assert.ok(
        v !== "reproduced",
        `${r.id}: an exact row is not 'reproduced'`,
      );
      assert.equal(r.holm_p, null);
    }
    if (r.statistic === "digits" && v === "exact") {
      // within the published rounding interval, give or take ours' last digit
      const o = r.ours as number;
      assert.ok(
        o >= (r.published_low as number) - 5e-7 &&
          o <= (r.published_high as number) + 5e-7,
        `${r.id}: ${o} outside [${r.published_low}, ${r.published_high}]`,
      );
    }
  }
});

/** z of a seed 001 figure against our win-agent.csv, recomputed here. */
function z001(
  agent: string,
  opponent: string,
  fig: number,
  lo: number,
  hi: number,
) {
  const rows = parseRows(Deno.readTextFileSync(`${RESULTS}/win-agent.csv`));
  const r = rows.find((x) =>
    x.rules === "duel" && x.agent === agent && x.opponent === opponent
  )!;
  const p = (r.wins as number) / (r.games as number);
  const se = Math.sqrt(p * (1 - p) / (r.games as number));
  return (p - fig) / Math.sqrt(se * se + ((hi - lo) / 3.919927969080108) ** 2);
}

Deno.test("claims: seed 001's literal reading (search-bank) is in the table with its z", () => {
  const rows = claimRows(RESULTS);
  const get = (id: string) => rows.find((r) => r.id === id)!;
  const cases: [string, string, number, number, number][] = [
    ["s001-vs-sum37", "sum:37", 0.773, 0.754, 0.791],
    ["s001-vs-ev", "ev", 0.558, 0.536, 0.58],
    ["s001-vs-search0", "search0-bank", 0.567, 0.545, 0.588],
  ];
  for (const [id, opp, fig, lo, hi] of cases) {
    const r = get(id);
    const z = z001("search-bank", opp, fig, lo, hi);
    const literal = r.reading_chosen === "before" ? r.z : r.before_z;
    assert.ok(
      Math.abs((literal as number) - z) < 0.006,
      `${id}: ${literal} vs ${z}`,
    );
  }
  // the published figure is quoted as theirs, with its stated interval
  assert.match(
    get("s001-vs-search0").claim,
    /56\.7% of 2,000 games \(95% Wilson 54\.5%-58\.8%\)/,
  );
});

Deno.test("claims: a verdict changes with the data (it is computed, not written)", async () => {
  const dir = await Deno.makeTempDir({ prefix: "flip7-claims-" });
  try {
    for (const e of Deno.readDirSync(RESULTS)) {
      if (/\.(csv|json)$/.test(e.name)) {
        Deno.copyFileSync(`${RESULTS}/${e.name}`, `${dir}/${e.name}`);
      }
    }
    const before = claimRows(dir).find((r) => r.id === "s001-vs-search0")!;
    assert.equal(before.reading_chosen, "after");
    // search-bank against its twin winning 56.7%: the literal reading holds
    const csv = Deno.readTextFileSync(`${dir}/win-agent.csv`).replace(
      /^(duel,2,search-bank,search0-bank,1,\d+,10000,)\d+,/m,
      "$15670,",
    );
    Deno.writeTextFileSync(`${dir}/win-agent.csv`, csv);
    const after = claimRows(dir).find((r) => r.id === "s001-vs-search0")!;
    assert.equal(after.verdict, "reproduced");
    assert.equal(after.reading_chosen, "before");
    // and an exact figure off by one digit is no longer exact
    const dv = Deno.readTextFileSync(`${dir}/deck-variants.csv`).replace(
      "22.250403",
      "22.250603",
    );
    Deno.writeTextFileSync(`${dir}/deck-variants.csv`, dv);
    const ps = claimRows(dir).find((r) => r.id === "ps-chance-optimum")!;
    assert.equal(ps.verdict, "not-reproduced");
    // a missing file drops its rows, and writeClaims writes both files
    Deno.removeSync(`${dir}/win-agent.csv`);
    Deno.removeSync(`${dir}/win-agent.json`);
    const rows = await writeClaims(dir, "test");
    assert.ok(!rows.some((r) => r.source === "seed 001"));
    assert.ok(Deno.statSync(`${dir}/claims.csv`).isFile);
    assert.ok(Deno.statSync(`${dir}/CLAIMS.md`).isFile);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
