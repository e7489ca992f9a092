/**
 * The README quotes what the commands produce: its claims block is the table
 * `deno task repro` wrote into results/CLAIMS.md, and the figures it quotes
 * from the solver are the solver's.
 */
import assert from "node:assert/strict";
import { README_END, README_START } from "../cli/repro.ts";
import { evaluatePolicies, SEED_TABLE } from "../lib/run/evaluate.ts";

const readme = await Deno.readTextFile(
  new URL("../README.md", import.meta.url),
);

Deno.test("README claims block is the table in results/CLAIMS.md", async () => {
  const claims = await Deno.readTextFile(
    new URL("../results/CLAIMS.md", import.meta.url),
  );
  const table = claims.slice(claims.indexOf("| claim |")).trim();
  const a = readme.indexOf(README_START), b = readme.indexOf(README_END);
  assert.ok(a >= 0 && b > a, "claims markers present");
  const block = readme.slice(a, b).replace(/\]\(results\/([^)]+)\)/g, "]($1)");
  assert.ok(
    block.includes(table),
    "README table differs from results/CLAIMS.md: rerun deno task repro",
  );
});

Deno.test("README's policy table (approx and exact columns) is the evaluator's, to the printed digits", () => {
  const fmt = (r: { ev: number; sd: number; bust: number; flip7: number }) =>
    `${r.ev.toFixed(3)} / ${r.sd.toFixed(2)} / ${
      (100 * r.bust).toFixed(1)
    }% / ${(100 * r.flip7).toFixed(2)}%`;
  const exact = evaluatePolicies(SEED_TABLE, "exact");
  const flat = readme.replace(/ +/g, " ");
  evaluatePolicies(SEED_TABLE, "approx").forEach((r, i) => {
    const name = r.policy === "dp" || r.policy === "optimal"
      ? "optimal"
      : r.policy;
    const row = `| ${name} | ${fmt(r)} | ${fmt(exact[i])} |`;
    assert.ok(flat.includes(row), `README lacks ${row}`);
  });
});

Deno.test("README's win-agent table is results/win-agent.csv", async () => {
  const { csvParse } = await import("d3-dsv");
  const rows = csvParse(
    await Deno.readTextFile(
      new URL("../results/win-agent.csv", import.meta.url),
    ),
  );
  const pct = (x: string) => `${(100 * Number(x)).toFixed(1)}%`;
  const flat = readme.replace(/ +/g, " ");
  assert.ok(rows.length >= 9);
  for (const r of rows) {
    const line = `| ${r.rules} | ${r.players} | ${r.agent} | ${r.opponent} | ${
      Number(r.games).toLocaleString("en-US")
    } | ${pct(r.win_share!)} [${pct(r.ci_low!)}, ${pct(r.ci_high!)}] | ${
      r.seed001 ? pct(r.seed001) : ""
    }`;
    assert.ok(flat.includes(line.trimEnd()), `README lacks ${line}`);
  }
});

Deno.test("README's win-agent findings quote results/win-agent.csv: every percentage, and the ablations' gaps", async () => {
  const { csvParse } = await import("d3-dsv");
  const rows = csvParse(
    await Deno.readTextFile(
      new URL("../results/win-agent.csv", import.meta.url),
    ),
  );
  const a = readme.indexOf("What it shows:");
  const b = readme.indexOf("## Compare your own policy", a);
  assert.ok(a > 0 && b > a, "the findings section is present");
  const text = readme.slice(a, b).replace(/\s+/g, " ");
  const pct = (x: string | number) => `${(100 * Number(x)).toFixed(1)}%`;
  // seed 001's figures and its interval for 77.3% of 2,000 games; the
  // target; the confidence level; the fair share at four players
  const allowed = new Set([
    "77.3%",
    "55.8%",
    "56.7%",
    "75.4%",
    "79.1%",
    "57%",
    "95%",
    "25%",
  ]);
  for (const r of rows) {
    for (const k of ["win_share", "ci_low", "ci_high"]) allowed.add(pct(r[k]!));
  }
  for (const m of text.matchAll(/\d+(\.\d)?%/g)) {
    assert.ok(allowed.has(m[0]), `README's findings quote ${m[0]}`);
  }
  // the ablations: points below (or above) winprob on the same games
  const share = (agent: string) =>
    Number(
      rows.find((r: (typeof rows)[number]) =>
        r.rules === "standard" && r.players === "2" && r.agent === agent &&
        r.opponent === "ev"
      )!.win_share,
    );
  for (const ab of ["flip3-opponent", "no-modifiers", "freeze-shared"]) {
    const gap = (100 * (share("winprob") - share(`winprob/${ab}`))).toFixed(2);
    assert.ok(text.includes(`${gap} `), `${ab}: ${gap} points`);
  }
  const above = (100 * (share("winprob/flip3-shared") - share("winprob")))
    .toFixed(2);
  assert.ok(text.includes(`${above} above`), `flip3-shared: ${above} above`);
});
