/**
 * The README and docs/ say what the code does and quote what the commands
 * produce: the command reference is the registry's, the README is a front
 * page, every relative link resolves, and the figures docs/ quotes from the
 * solver and from results/ are theirs.
 */
import assert from "node:assert/strict";
import { evaluatePolicies, SEED_TABLE } from "../lib/run/evaluate.ts";
import { withReference } from "../cli/commands_doc.ts";
import { slow } from "./tier.ts";

const ROOT = new URL("../", import.meta.url);
const read = (p: string) => Deno.readTextFileSync(new URL(p, ROOT));
const solverDoc = read("docs/solver.md");
const winprobDoc = read("docs/winprob.md");

Deno.test("docs/commands.md lists exactly the commands of the registry (deno task docs)", () => {
  const text = read("docs/commands.md");
  assert.equal(
    text,
    withReference(text),
    "docs/commands.md differs from the command registry: run deno task docs",
  );
});

Deno.test("README is a front page: at most 200 lines, nothing generated in it", () => {
  const readme = read("README.md");
  const lines = readme.trimEnd().split("\n").length;
  assert.ok(lines <= 200, `README.md has ${lines} lines`);
  assert.ok(!/<!-- [a-z]+:start/.test(readme), "a generated block in README");
});

/** Every relative link of README.md, docs/*.md and the folder READMEs, with the file it names. */
function relativeLinks(): { from: string; target: string }[] {
  const files = [
    "README.md",
    "deploy/README.md",
    "bench/README.md",
    "bench/HISTORY.md",
    ...[...Deno.readDirSync(new URL("docs/", ROOT))]
      .filter((e) => e.name.endsWith(".md")).map((e) => `docs/${e.name}`),
  ];
  const out: { from: string; target: string }[] = [];
  for (const f of files) {
    // code spans may show link syntax; drop them first
    const text = read(f).replace(/```[\s\S]*?```/g, "").replace(/`[^`]*`/g, "");
    for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      const t = m[1];
      if (/^[a-z]+:/.test(t) || t.startsWith("#")) continue;
      out.push({ from: f, target: t.replace(/#.*$/, "") });
    }
  }
  return out;
}

Deno.test("every relative link of the README and docs/ names a file that exists", () => {
  const links = relativeLinks();
  assert.ok(links.length > 10, `only ${links.length} links found`);
  const missing = links.filter(({ from, target }) => {
    try {
      Deno.statSync(new URL(target, new URL(from, ROOT)));
      return false;
    } catch {
      return true;
    }
  }).map(({ from, target }) => `${from} → ${target}`);
  assert.deepEqual(missing, []);
});

Deno.test(
  slow(
    "docs/solver.md's policy table (approx and exact columns) is the evaluator's, to the printed digits",
  ),
  () => {
    const fmt = (r: { ev: number; sd: number; bust: number; flip7: number }) =>
      `${r.ev.toFixed(3)} / ${r.sd.toFixed(2)} / ${
        (100 * r.bust).toFixed(1)
      }% / ${(100 * r.flip7).toFixed(2)}%`;
    const exact = evaluatePolicies(SEED_TABLE, "exact");
    const flat = solverDoc.replace(/ +/g, " ");
    evaluatePolicies(SEED_TABLE, "approx").forEach((r, i) => {
      const name = r.policy === "dp" || r.policy === "optimal"
        ? "optimal"
        : r.policy;
      const row = `| ${name} | ${fmt(r)} | ${fmt(exact[i])} |`;
      assert.ok(flat.includes(row), `docs/solver.md lacks ${row}`);
    });
  },
);

Deno.test("docs/winprob.md's win-agent table is results/win-agent.csv", async () => {
  const { csvParse } = await import("d3-dsv");
  const rows = csvParse(
    await Deno.readTextFile(
      new URL("../results/win-agent.csv", import.meta.url),
    ),
  );
  const pct = (x: string) => `${(100 * Number(x)).toFixed(1)}%`;
  const flat = winprobDoc.replace(/ +/g, " ");
  assert.ok(rows.length >= 9);
  for (const r of rows) {
    const line = `| ${r.rules} | ${r.players} | ${r.agent} | ${r.opponent} | ${
      Number(r.games).toLocaleString("en-US")
    } | ${pct(r.win_share!)} [${pct(r.ci_low!)}, ${pct(r.ci_high!)}] | ${
      r.seed001 ? pct(r.seed001) : ""
    }`;
    assert.ok(flat.includes(line.trimEnd()), `docs/winprob.md lacks ${line}`);
  }
});

Deno.test("docs/winprob.md's win-agent findings quote results/win-agent.csv: every percentage, and the ablations' gaps", async () => {
  const { csvParse } = await import("d3-dsv");
  const rows = csvParse(
    await Deno.readTextFile(
      new URL("../results/win-agent.csv", import.meta.url),
    ),
  );
  const a = winprobDoc.indexOf("What it shows:");
  assert.ok(a > 0, "the findings section is present");
  const text = winprobDoc.slice(a).replace(/\s+/g, " ");
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
    assert.ok(allowed.has(m[0]), `docs/winprob.md's findings quote ${m[0]}`);
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
