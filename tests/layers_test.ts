/**
 * The library's layers, checked on the real import graph.
 *
 * The graph comes from `deno info --json` over the entry points (the
 * package's exports in `deno.json`, the command line `cli/main.ts`, every
 * `experiments/*.ts`), counting static, dynamic and type-only imports of the
 * repository's own files. The test fails on
 * - an import cycle (any strongly connected set of two or more modules, or a
 *   module importing itself) among the imports that load code (a cycle of
 *   type-only imports is erased at run time; type imports still obey the
 *   layer order),
 * - an import against the layer order below (a module may import its own
 *   layer or a lower one),
 * - a module of lib/ importing cli/ or experiments/ (the library is what the
 *   command line and the experiments are built on, never the reverse; a
 *   dynamic `import()` counts too),
 * - a strategy importing the engine (strategies read a `TableView`), and
 * - a module no layer names (a new file must be placed in the table).
 *
 * The layers, lowest first (a path ending in `/` names a folder; the longest
 * matching path decides, so the table-playing strategies of lib/strategies/
 * sit with the tables they play):
 *
 *   cards → rules → view → engine → strategies → solver / winprob → runner
 *   → experiment / chart → experiments → cli
 *
 * The first eight are lib/; experiments/ is the claims built on it; cli/ is
 * the command line over both, with the two scripts that are command lines of
 * their own (`cli/repro.ts`, `deno task repro`, and its shard runner).
 *
 * `FLIP7_LAYERS_DIR=DIR` checks another checkout instead (e.g. an old commit
 * from `git worktree add /tmp/old 881b778`, where it fails).
 *
 * @module
 */
import assert from "node:assert/strict";
import { EXPERIMENT_NAMES } from "../experiments/mod.ts";

const LAYERS: ReadonlyArray<readonly [string, readonly string[]]> = [
  // cards and the utilities every layer may use
  ["cards", [
    "lib/game/cards.ts",
    "lib/game/rng.ts",
    "lib/util/io.ts",
    "lib/util/format.ts",
    "lib/util/version.ts",
  ]],
  ["rules", ["lib/game/rules.ts"]],
  ["view", ["lib/game/view.ts"]],
  ["engine", ["lib/game/engine.ts", "lib/game/events.ts"]],
  // policies that read a TableView and nothing else
  ["strategies", ["lib/strategies/"]],
  // exact solutions and win tables, and the agents that play them
  ["solver / winprob", [
    "lib/solver/",
    "lib/winprob/",
    "lib/solver/dp_strategy.ts",
    "lib/winprob/search_strategy.ts",
    "lib/winprob/winprob_strategy.ts",
    "lib/winprob/adaptive.ts",
    // a registry entry may be built against a solo model or tables
    "lib/run/entry.ts",
  ]],
  // names to strategies, and everything that plays games by the thousand
  ["runner", [
    "lib/run/registry.ts",
    "lib/run/parallel.ts",
    "lib/run/worker.ts",
    "lib/run/shard.ts",
    "lib/run/runner.ts",
    "lib/run/stats.ts",
    "lib/run/sim.ts",
    "lib/run/train.ts",
    "lib/run/evaluate.ts",
  ]],
  // results on disk, charts, and the public barrels
  ["experiment / chart", [
    "lib/experiment/experiment.ts",
    "lib/chart/chart.ts",
    "lib/chart/check.ts",
    "lib/chart/display.ts",
    "lib/chart/notebook.ts",
    "lib/experiment/sweep.ts",
    "lib/mod.ts",
    "lib/solver/mod.ts",
    "lib/winprob/mod.ts",
  ]],
  // one script per claim, over the library
  ["experiments", ["experiments/"]],
  // the command lines: `deno task flip7` and `deno task repro`
  ["cli", ["cli/", "cli/repro.ts", "cli/repro_shard.ts"]],
];

/** The layer index of a repository path (-1: no layer names it). */
export function layerOf(path: string): number {
  let best = -1, bestLen = -1;
  LAYERS.forEach(([, paths], i) => {
    for (const p of paths) {
      const hit = p.endsWith("/") ? path.startsWith(p) : path === p;
      if (hit && p.length > bestLen) [best, bestLen] = [i, p.length];
    }
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
  // cycles of the modules as they load (type-only imports are erased)
  for (const c of cycles(importGraph(dir, false))) {
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
        from.startsWith("lib/") &&
        (to.startsWith("cli/") || to.startsWith("experiments/"))
      ) {
        problems.push(
          `library imports the command line or an experiment: ${from} → ${to}`,
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
  assert.equal(layerOf("lib/strategies/sum.ts"), 4);
  assert.equal(layerOf("lib/winprob/search_strategy.ts"), 5);
  assert.equal(layerOf("lib/run/registry.ts"), 6);
  assert.equal(layerOf("experiments/field-size.ts"), 8);
  assert.equal(layerOf("cli/repro.ts"), 9);
  assert.equal(layerOf("cli/commands/sim.ts"), 9);
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
