/**
 * `solve --edition vengeance` (issue 43): the packed solver's optimum of a
 * Vengeance deck printed as JSON, equal to the library's; kept in a
 * checksummed cache file, read back, and solved again when the file is
 * damaged; `evaluate --edition vengeance` of `optimal` and `sum:N`; one-line
 * refusals (exit 2) of bad options and of a round that passes `--limit`. The 108-card deck itself passes the default limit after
 * minutes: it is measured in docs/vengeance.md, not here.
 */
import assert from "node:assert/strict";
import { getRules, withRules } from "../lib/game/rules.ts";
import { withDeckCounts } from "../lib/solver/decks.ts";
import { evaluateVengeance, solveVengeance } from "../lib/solver/vengeance.ts";
import { cli } from "./cli_harness.ts";

// a small deck: the Zero, 1-4, a -2, the Swaps, Steals and Discards
const SMALL =
  "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,13:0,unlucky7:0,lucky13:0,-4:0,-6:0,-8:0,-10:0,/2:0,onemore:0,flip4:0";

/** Run with FLIP7_CACHE_DIR set to `dir`. */
async function inDir(dir: string, args: string[]) {
  const before = Deno.env.get("FLIP7_CACHE_DIR");
  Deno.env.set("FLIP7_CACHE_DIR", dir);
  try {
    return await cli([...args, "--no-file"]);
  } finally {
    if (before === undefined) Deno.env.delete("FLIP7_CACHE_DIR");
    else Deno.env.set("FLIP7_CACHE_DIR", before);
  }
}

Deno.test("solve --edition vengeance: the library's optimum, cached, rebuilt when damaged", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const args = ["solve", "--edition", "vengeance", "--deck-counts", SMALL];
    const a = await inDir(dir, [...args, "--json"]);
    assert.equal(a.code, 0, a.stderr);
    const ja = JSON.parse(a.stdout);
    const V = getRules("vengeance");
    const want = solveVengeance(
      withRules(V, { deck: withDeckCounts(V.deck, SMALL, V.cards) }),
    );
    assert.equal(ja.value, want.value);
    assert.equal(ja.bust, want.bust);
    assert.equal(ja.flip7, want.flip7);
    assert.equal(ja.states, want.states);
    assert.equal(ja.source, "solved");
    assert.equal(ja.cards, 18);
    assert.equal(ja.rulings["discard-own"], "yes");
    assert.equal(ja.treatments.ownCard, "choose");
    assert.ok(ja.cache.startsWith(dir));
    // read back
    const b = await inDir(dir, [...args, "--json"]);
    const jb = JSON.parse(b.stdout);
    assert.equal(jb.source, "cache");
    assert.equal(jb.value, ja.value);
    // damaged: said on one line, solved again, the file rewritten
    const text = Deno.readTextFileSync(ja.cache);
    Deno.writeTextFileSync(ja.cache, text.replace(`"value":`, `"value":1`));
    const c = await inDir(dir, [...args, "--json"]);
    assert.equal(c.code, 0);
    assert.match(c.stderr, /is damaged \(checksum mismatch\); solving/);
    assert.equal(JSON.parse(c.stdout).source, "solved");
    assert.equal(JSON.parse(c.stdout).value, ja.value);
    const again = JSON.parse(Deno.readTextFileSync(ja.cache));
    assert.equal(again.value, ja.value); // (its solve time differs)
    assert.equal((await inDir(dir, [...args, "--json"])).stderr, "");
    // the text report
    const d = await inDir(dir, args);
    assert.match(
      d.stdout,
      /^Vengeance solo round, rules 'vengeance', deck 5:0,/,
    );
    assert.match(d.stdout, /Optimal value: \d+\.\d{6} points per round/);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("solve --edition vengeance: bad input is one line, exit 2", async () => {
  const dir = Deno.makeTempDirSync();
  try {
    const v = ["solve", "--edition", "vengeance"];
    const cases: [string[], RegExp][] = [
      [
        [...v, "--model", "exact"],
        /bad --model 'exact' with --edition vengeance/,
      ],
      [[...v, "--deck-counts", "x2:1"], /unknown card 'x2': allowed zero, 1,/],
      [[...v, "--deck-counts", "1:-1"], /-1 copies of '1'/],
      [[...v, "--deck-counts", "-2:2"], /2 copies of the modifier '-2'/],
      [[...v, "--limit", "0"], /bad --limit '0'/],
      [[...v, "--ruling", "flip7-count=x"], /allowed cards, ranks/],
      [
        [...v, "--deck-counts", SMALL, "--limit", "10"],
        /passed --limit 10 draw nodes/,
      ],
      [["solve", "--limit", "5"], /--limit '5' is for --edition vengeance/],
      [
        ["evaluate", "--edition", "vengeance", "-p", "ev"],
        /bad policy 'ev' for evaluate --edition vengeance: allowed optimal, sum:N/,
      ],
      [
        [
          "evaluate",
          "--edition",
          "vengeance",
          "--deck-counts",
          SMALL,
          "-p",
          "sum:9",
          "--limit",
          "10",
        ],
        /'sum:9' passed --limit 10 draw nodes/,
      ],
    ];
    for (const [args, re] of cases) {
      const r = await inDir(dir, args);
      assert.equal(r.code, 2, args.join(" "));
      assert.equal(r.threw, false);
      assert.equal(r.stdout, "");
      const lines = r.stderr.trim().split("\n");
      assert.match(lines[lines.length - 1], re);
      // (a cache message may come first: the solve started)
      assert.ok(lines.length <= 2, r.stderr);
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("evaluate --edition vengeance: optimal and sum:N, as the library's", async () => {
  const r = await cli([
    "evaluate",
    "--edition",
    "vengeance",
    "--deck-counts",
    SMALL,
    "-p",
    "optimal,sum:4",
    "--json",
    "--no-file",
  ]);
  assert.equal(r.code, 0, r.stderr);
  const rows = JSON.parse(r.stdout).rows;
  const V = getRules("vengeance");
  const rules = withRules(V, { deck: withDeckCounts(V.deck, SMALL, V.cards) });
  assert.deepEqual(rows.map((x: { policy: string }) => x.policy), [
    "optimal",
    "sum:4",
  ]);
  assert.ok(Math.abs(rows[0].ev - solveVengeance(rules).value) < 1e-12);
  const sum4 = evaluateVengeance(rules, { sum: 4 });
  assert.equal(rows[1].ev, sum4.value);
  assert.equal(rows[1].bust, sum4.bust);
  assert.ok(rows[1].ev < rows[0].ev);
});
