/**
 * Experiment `vengeance` (experiments/vengeance.ts), a smoke run: tiny game
 * counts through the command into a temporary folder, its sections and
 * columns, the Go tables complete, shares and edges as counted, and the same
 * bytes from a second run.
 */
import assert from "node:assert/strict";
import { main } from "../cli/main.ts";
import { parseRows } from "../lib/experiment/experiment.ts";
import { VENGEANCE_COLUMNS } from "../experiments/vengeance.ts";

Deno.test("experiment vengeance --quick: sections, columns, counts, determinism", async () => {
  const dirs = [Deno.makeTempDirSync(), Deno.makeTempDirSync()];
  try {
    for (const dir of dirs) {
      const code = await main([
        "experiment",
        "vengeance",
        "--quick",
        "--seed",
        "3",
        "--out",
        dir,
        "--no-file",
      ]);
      assert.equal(code, 0);
    }
    const csv = Deno.readTextFileSync(`${dirs[0]}/vengeance.csv`);
    assert.equal(csv, Deno.readTextFileSync(`${dirs[1]}/vengeance.csv`));
    const rows = parseRows(csv);
    assert.deepEqual(Object.keys(rows[0]), VENGEANCE_COLUMNS);
    const sections = new Set(rows.map((r) => r.section));
    assert.deepEqual([...sections], [
      "published-go",
      "published-cpp",
      "field",
      "solo",
    ]);
    // the solo section (exact): a quick run solves the 91-card deck, the
    // optimum first (its share 1), sum:25 below it
    const solo = rows.filter((r) => r.section === "solo");
    assert.deepEqual(solo.map((r) => r.policy), ["optimal", "sum:25"]);
    assert.equal(solo[0].value, 20.784213);
    assert.equal(solo[0].share_of_optimal, 1);
    assert.ok((solo[1].value as number) < (solo[0].value as number));
    // the field section: one row a size, a quick run plays ev in the seat
    assert.deepEqual(
      rows.filter((r) => r.section === "field").map((
        r,
      ) => [r.players, r.policy]),
      [2, 3, 4, 5, 6].map((n) => [n, "ev"]),
    );
    for (const t of ["1v1", "brutal-1v1"]) {
      assert.equal(rows.filter((r) => r.table === t).length, 10);
    }
    for (let n = 2; n <= 5; n++) {
      const cell = rows.filter((r) =>
        r.table === "multiplayer" && r.players === n
      );
      assert.equal(cell.length, 5);
      // every game credited once, ties split
      const sum = cell.reduce((a, r) => a + (r.wins as number), 0);
      assert.ok(Math.abs(sum - (cell[0].games as number)) < 1e-4, `${n}p`);
    }
    for (const r of rows.filter((r) => r.metric === "edge")) {
      const share = (r.wins as number) / (r.games as number);
      assert.ok(
        Math.abs(share - 1 / (r.players as number) - (r.value as number)) <
          1e-6,
      );
    }
    // C++'s four published edges are on their rows
    assert.deepEqual(
      rows.filter((r) => r.metric === "edge" && r.published !== null).map((
        r,
      ) => [r.table, r.players, r.published]),
      [
        ["adversarial-vs-self", 2, 0.23],
        ["adversarial-vs-self", 6, 0.18],
        ["adversarial-vs-random", 2, 0.12],
        ["adversarial-vs-random", 6, 0.06],
      ],
    );
    const j = JSON.parse(Deno.readTextFileSync(`${dirs[0]}/vengeance.json`));
    assert.equal(j.quick, true);
    assert.equal(j.games.cpp, 200);
  } finally {
    for (const d of dirs) Deno.removeSync(d, { recursive: true });
  }
});
