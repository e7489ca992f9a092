/**
 * The layers, checked on the real import graph: the folder tree is the layer
 * diagram (docs/architecture.md draws it).
 *
 * The graph comes from `deno info --json` over the entry points (the
 * package's exports in `deno.json`, the command line `cli/main.ts` and its
 * two scripts, every `experiments/*.ts`), counting static, dynamic and
 * type-only imports of the repository's own files. The test fails on
 * - an import cycle between files, type-only imports included,
 * - an import against the layer order below (a module may import its own
 *   folder or a lower one),
 * - `experiments/` importing `cli/`, or `lib/` importing either,
 * - a strategy of `lib/strategies/` importing the engine (strategies read a
 *   `TableView`), and
 * - a module in no layer (a new folder must be placed in the table).
 *
 * The layers, lowest first, one folder each:
 *
 *   util → chart → game → strategies → solver → winprob → run → experiment
 *   → lib/mod.ts → experiments → cli
 *
 * `FLIP7_LAYERS_DIR=DIR` checks another checkout instead (e.g. an old commit
 * from `git worktree add /tmp/old ca01323`, where it fails).
 *
 * @module
 */
import assert from "node:assert/strict";
import { EXPERIMENT_NAMES } from "../experiments/mod.ts";

/** The layers, lowest first: a name and the folder (or file) it is. */
export const LAYERS: ReadonlyArray<readonly [string, string]> = [
  // io, formatting, the code version: what every layer may use
  ["util", "lib/util/"],
  // SVG/PNG/PDF charts and notebook displays of rows; knows no game
  ["chart", "lib/chart/"],
  // cards, rules and rulings, the random streams, the view, the engine
  ["game", "lib/game/"],
  // policies that read a TableView and nothing else
  ["strategies", "lib/strategies/"],
  // exact solo models, the DP, forward evaluation, advice, odds, `dp`
  ["solver", "lib/solver/"],
  // win tables, round DP, search, and the agents that play them
  ["winprob", "lib/winprob/"],
  // the runner, workers, shards, statistics, registry, policy modules
  ["run", "lib/run/"],
  // experiments as data (plans, analysis, files), sweeps
  ["experiment", "lib/experiment/"],
  // the package's front door
  ["lib", "lib/mod.ts"],
  // one module per published claim, over the library
  ["experiments", "experiments/"],
  // the command lines: `deno task flip7`, `repro`, `report`
  ["cli", "cli/"],
];

/** The layer index of a repository path (-1: no layer names it). */
export function layerOf(path: string): number {
  let best = -1, bestLen = -1;
  LAYERS.forEach(([, p], i) => {
    const hit = p.endsWith("/") ? path.startsWith(p) : path === p;
    if (hit && p.length > bestLen) [best, bestLen] = [i, p.length];
  });
  return best;
}

/**
 * The import graph of the repository at `dir` (paths relative to it), from
 * `deno info --json` over the entry points; `typesToo` false leaves out the
 * type-only imports.
 */
export function importGraph(
  dir: string,
  typesToo = true,
): Map<string, Set<string>> {
  const root = new URL(`file://${Deno.realPathSync(dir)}/`).href;
  // the package's exports (deno.json), the command line, the experiments
  const cfg = JSON.parse(Deno.readTextFileSync(`${dir}/deno.json`));
  const exported: string[] = typeof cfg.exports === "string"
    ? [cfg.exports]
    : Object.values(cfg.exports ?? {});
  const entries = [
    ...new Set([
      "lib/mod.ts",
      ...exported.map((p) => p.replace(/^\.\//, "")),
    ]),
    "cli/main.ts",
    "cli/repro.ts",
    "cli/repro_shard.ts",
    "cli/report.ts",
    ...[...Deno.readDirSync(`${dir}/experiments`)]
      .filter((e) => e.isFile && e.name.endsWith(".ts"))
      .map((e) => `experiments/${e.name}`)
      .sort(),
  ];
  const graph = new Map<string, Set<string>>();
  for (const entry of entries) {
    const out = new Deno.Command(Deno.execPath(), {
      args: ["info", "--json", entry],
      cwd: dir,
      stdout: "piped",
      stderr: "piped",
    }).outputSync();
    assert.ok(
      out.success,
      `deno info ${entry}: ${new TextDecoder().decode(out.stderr)}`,
    );
    const info = JSON.parse(new TextDecoder().decode(out.stdout));
    for (const m of info.modules ?? []) {
      const spec: string = m.specifier;
      if (!spec.startsWith(root)) continue;
      const from = spec.slice(root.length);
      const to = graph.get(from) ?? new Set<string>();
      graph.set(from, to);
      for (const d of m.dependencies ?? []) {
        const specs = typesToo
          ? [d.code?.specifier, d.type?.specifier]
          : [d.code?.specifier];
        for (const s of specs) {
          if (typeof s === "string" && s.startsWith(root)) {
            to.add(s.slice(root.length));
          }
        }
      }
    }
  }
  return graph;
}

/** The cycles of a graph: its strongly connected sets of two or more, or self-loops. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  // Tarjan's algorithm, iterative enough for a few hundred modules
  let index = 0;
  const idx = new Map<string, number>(), low = new Map<string, number>();
  const stack: string[] = [], on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || graph.get(v)?.has(v)) out.push(scc.sort());
    }
  };
  for (const v of [...graph.keys()].sort()) if (!idx.has(v)) visit(v);
  return out;
}

/** Every broken rule of the layering of the repository at `dir`, one line each. */
export function layerProblems(dir: string): string[] {
  const graph = importGraph(dir);
  const problems: string[] = [];
  // cycles between files, type-only imports included
  for (const c of cycles(graph)) {
    problems.push(`cycle: ${c.join(" ⇄ ")}`);
  }
  for (const [from, tos] of [...graph].sort()) {
    const lf = layerOf(from);
    if (lf < 0) {
      problems.push(`no layer: ${from} (add it to LAYERS)`);
      continue;
    }
    for (const to of [...tos].sort()) {
      const lt = layerOf(to);
      if (lt > lf) {
        problems.push(
          `against the layers: ${from} (${LAYERS[lf][0]}) imports ${to} (${
            LAYERS[lt][0]
          })`,
        );
      }
      if (from.startsWith("lib/strategies/") && to === "lib/game/engine.ts") {
        problems.push(
          `strategy reaches past the TableView: ${from} → ${to}`,
        );
      }
      if (
        (from.startsWith("lib/") &&
          (to.startsWith("cli/") || to.startsWith("experiments/"))) ||
        (from.startsWith("experiments/") && to.startsWith("cli/"))
      ) {
        problems.push(
          `imports a layer above it: ${from} → ${to}`,
        );
      }
    }
  }
  return problems;
}

Deno.test("the import graph has no cycle and follows the layers", () => {
  const dir = Deno.env.get("FLIP7_LAYERS_DIR") ??
    new URL("..", import.meta.url).pathname;
  const problems = layerProblems(dir);
  assert.deepEqual(problems, [], problems.join("\n"));
});

Deno.test("layers: the cycle finder and the layer table", () => {
  const g = new Map([
    ["a", new Set(["b"])],
    ["b", new Set(["c"])],
    ["c", new Set(["a"])],
    ["d", new Set(["d"])],
    ["e", new Set(["a"])],
  ]);
  assert.deepEqual(cycles(g), [["a", "b", "c"], ["d"]]);
  assert.equal(layerOf("lib/util/io.ts"), 0);
  assert.equal(layerOf("lib/strategies/sum.ts"), 3);
  assert.equal(layerOf("lib/winprob/search_strategy.ts"), 5);
  assert.equal(layerOf("lib/run/registry.ts"), 6);
  assert.equal(layerOf("lib/mod.ts"), 8);
  assert.equal(layerOf("experiments/field-size.ts"), 9);
  assert.equal(layerOf("cli/repro.ts"), 10);
  assert.equal(layerOf("cli/commands/sim.ts"), 10);
  assert.equal(layerOf("lib/engine.ts"), -1);
  assert.equal(layerOf("lib/nowhere.ts"), -1);
});

/**
 * Every file name that breaks the naming rule of the README's Layout: `.ts`
 * files are snake_case (tests `*_test.ts`, benchmarks `*_bench.ts`), except
 * `experiments/NAME.ts` for an experiment called NAME, which is kebab-case
 * like the name `deno task repro NAME` takes.
 */
export function badFileNames(dir: string, experiments: string[]): string[] {
  const bad: string[] = [];
  const walk = (rel: string): void => {
    for (const e of Deno.readDirSync(`${dir}/${rel}`)) {
      const path = `${rel}/${e.name}`;
      if (e.isDirectory) {
        if (!["tests/snapshots", "tests/fixtures"].includes(path)) walk(path);
        continue;
      }
      if (!e.name.endsWith(".ts")) continue;
      const base = e.name.slice(0, -3);
      if (/^[a-z0-9]+(_[a-z0-9]+)*$/.test(base)) continue;
      if (rel === "experiments" && experiments.includes(base)) continue;
      bad.push(path);
    }
  };
  for (const top of ["lib", "cli", "experiments", "tests", "bench", "tools"]) {
    try {
      walk(top);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
  }
  return bad.sort();
}

Deno.test("layout: file names are snake_case, experiments named as the command names them", () => {
  const dir = Deno.env.get("FLIP7_LAYERS_DIR") ??
    new URL("..", import.meta.url).pathname;
  assert.deepEqual(badFileNames(dir, EXPERIMENT_NAMES), []);
  assert.ok(EXPERIMENT_NAMES.includes("field-size"));
});
