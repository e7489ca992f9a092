/**
 * `deno task repro [NAME...] [--all] [--seed S] [--quick | --scale X] [--workers N] [--out DIR]`:
 * run the reproduction of seed 000 (one experiment per claim) and the exact
 * deck ladder `deck-variants` (`--all` adds the other experiments; names run
 * just those) into `results/` (or `DIR`).
 * The experiments' plans are computed together: the Monte Carlo runs of all
 * of them in one pool of workers, their exact solver figures at once, then
 * the custom steps (win-agent's training, the deck solvers); then each is
 * analysed and written. A run without names also writes `repro.json`: the
 * commit, the hash of every registered experiment's code there and the
 * digests of the report's files (what the report's "How to cite" checks),
 * and the time of the shared computation, of each experiment's analysis and
 * the total; it and every experiment's JSON are kept as they are when only
 * the time and the commit would change. Every run then writes the report
 * (`claims.csv`, `CLAIMS.md` with the verdicts, `index.html`: see
 * `report.ts`). `--all` at one clean commit makes every file of `results/`
 * that commit's. It writes nothing outside the output folder
 * and the cache. `--scale X` multiplies every Monte Carlo count
 * (exact figures do not change). Progress goes to stderr, the key figures and the timing to stdout.
 *
 * Bad input prints one line naming the bad value and what is allowed, exits
 * with code 2 and writes nothing.
 *
 * @example
 * ```sh
 * deno task repro                 # seed 1, seed 000's counts, all cores
 * deno task repro --quick --out .cache/quick
 * deno task repro --scale 0.1 --out .cache/tenth  # a tenth of every count
 * ```
 * @module
 */

import process from "node:process";
import { parseArgs } from "node:util";
import { InputError } from "../lib/game/cards.ts";
import {
  intOption,
  joinNegativeValues,
  parseArgsMessage,
  plainNumber,
  scaleOption,
} from "./args.ts";
import { progress } from "./output.ts";
import { announce, committedCost } from "./cost.ts";
import { defaultCacheDir } from "../lib/solver/cache.ts";
import { checkOutputDir } from "./guard.ts";
import { reportFiles, writeReport } from "../experiments/report.ts";
import {
  codeVersion,
  executePlans,
  type RunReport,
  writeExperiment,
  writeProvenance,
} from "../lib/experiment/experiment.ts";
import { sourcesHash } from "../lib/util/sources.ts";
import { defaultWorkers } from "../lib/run/parallel.ts";
import {
  DEFAULT_EXPERIMENTS,
  EXPERIMENT_NAMES,
  EXPERIMENTS,
  findExperiment,
} from "../experiments/mod.ts";

/** CPU seconds of this process so far, all threads (user + system). */
function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

const USAGE =
  "deno task repro [NAME...] [--all] [--seed S] [--quick | --scale X] [--workers N] [--out DIR] [--shard I/N]";

/**
 * What a repro will cost, said before it starts: the default run's measured
 * figures (docs/commands.md, "Costs"), cold (the caches of the exact
 * figures and deck-variants' all-94 searches missing) or warm; other runs
 * from the committed results' elapsed times.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir(); // an empty cache
 * const o = { seed: 1, quick: false, workers: 2, outDir: "results" };
 * assert.match(reproCost(o, [], dir)!, /cold: about 3-6 min and 8 GiB/);
 * assert.match(reproCost({ ...o, all: true }, ["rulings", "sweep"], dir)!, /the committed full-size run (took|computed it with)/);
 * await Deno.remove(dir);
 * ```
 */
export function reproCost(
  opts: ReproOptions,
  names: string[],
  dir: string = defaultCacheDir(),
): string | null {
  const scale = opts.scale ?? 1;
  if (opts.only || opts.all || scale !== 1) {
    return committedCost(names, scale);
  }
  const cold = [
    "solo-dp-exact.bin",
    "solo-dp-all94.bin",
    "solo-eval-all94-sum_25.json",
  ]
    .some((f) => {
      try {
        return !Deno.statSync(`${dir}/${f}`).isFile;
      } catch {
        return true;
      }
    });
  return cold
    ? `the caches in ${dir} are cold: about 3-6 min and 8 GiB of memory on 2 workers (deck-variants solves its all-94 decks side by side; --workers 1: 6.3 GiB, slower); later runs about 1-2 min and 1.5 GiB`
    : "about 1-2 min and 1.5 GiB of memory on 2 workers (the caches are warm)";
}

/**
 * Options of {@linkcode repro}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const o: ReproOptions = { seed: 1, quick: true, workers: 2, outDir: ".cache/quick", only: ["round-law"] };
 * assert.equal(o.all ?? false, false); // seed 000's claims unless `only` or `all`
 * ```
 */
export interface ReproOptions {
  /** Base seed (default 1). */
  seed: number;
  /** Small counts. */
  quick: boolean;
  /** Multiplies every Monte Carlo count of a full run (default 1). */
  scale?: number;
  /** Workers. */
  workers: number;
  /** Output directory. */
  outDir: string;
  /** Names of the experiments to run (default: seed 000's claims). */
  only?: string[];
  /** Run every experiment, not only seed 000's claims. */
  all?: boolean;
  /** Print progress and figures (default true). */
  echo?: boolean;
}

/**
 * Run the experiments and write `repro.json`, then the report (`claims.csv`,
 * `CLAIMS.md`, `index.html`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const reports = await repro({ seed: 1, quick: true, workers: 1, outDir: dir, only: ["round-law"], echo: false });
 * assert.deepEqual(reports.map((r) => r.name), ["round-law"]);
 * assert.ok(Deno.statSync(`${dir}/round-law.csv`).isFile);
 * // repro.json and the report only for a whole run (no `only`)
 * assert.throws(() => Deno.statSync(`${dir}/repro.json`), Deno.errors.NotFound);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function repro(opts: ReproOptions): Promise<RunReport[]> {
  const exps = opts.only
    ? opts.only.map(findExperiment)
    : opts.all
    ? EXPERIMENTS
    : DEFAULT_EXPERIMENTS;
  const echo = opts.echo ?? true;
  const enc = new TextEncoder();
  const err = (s: string) =>
    echo && Deno.stderr.writeSync(enc.encode(s + "\n"));
  const t0 = performance.now();
  const reports: RunReport[] = [];
  const analysisTime = new Map<string, number>();
  const args = [
    ...(opts.only ?? []),
    ...(opts.all ? ["--all"] : []),
    `--seed ${opts.seed}`,
    ...(opts.quick ? ["--quick"] : []),
    ...((opts.scale ?? 1) !== 1
      ? [`--scale ${plainNumber(opts.scale ?? 1)}`]
      : []),
    ...(opts.outDir !== "results" ? [`--out ${opts.outDir}`] : []),
  ];
  const cost = echo && !opts.quick
    ? reproCost(opts, exps.map((e) => e.name))
    : null;
  // no clock: the steps show their own progress on a terminal
  if (cost) announce("repro", cost, { clock: false });
  // Every experiment's plan, computed together: the games of all of them in
  // one pool of workers, their exact figures at once, then custom steps.
  err(
    `[0/${exps.length}] games (one pool), exact figures and custom steps of ${exps.length} experiment${
      exps.length === 1 ? "" : "s"
    } ...`,
  );
  const bars = new Map<string, (done: number, total: number) => void>();
  const options = {
    seed: opts.seed,
    quick: opts.quick,
    scale: opts.scale,
    workers: opts.workers,
    onProgress: (label: string, d: number, t: number) => {
      if (!echo) return;
      if (!bars.has(label)) bars.set(label, progress(`  ${label}`));
      bars.get(label)!(d, t);
    },
  };
  const steps: Record<string, number> = {};
  const started = new Date();
  // CPU seconds of the process (every thread) per step, on stderr beside the wall time
  let cpu0 = cpuSeconds();
  const done = await executePlans(exps, {
    ...options,
    onStep: (name, seconds) => {
      const cpu = cpuSeconds();
      steps[name] = Math.round(seconds * 10) / 10;
      err(
        `  ${name}: ${seconds.toFixed(1)} s (${(cpu - cpu0).toFixed(1)} CPU s)`,
      );
      cpu0 = cpu;
    },
  });
  const computeTime = (performance.now() - t0) / 1000;
  err(`[0/${exps.length}] computed in ${computeTime.toFixed(1)} s`);
  for (const [i, exp] of exps.entries()) {
    const t = performance.now();
    const r = await writeExperiment(exp, done[i], {
      ...options,
      outDir: opts.outDir,
      command: ["deno task repro", ...args].join(" "),
    }, { started, t0, shared: exps.map((e) => e.name) });
    const own = (performance.now() - t) / 1000;
    analysisTime.set(exp.name, own);
    err(
      `[${i + 1}/${exps.length}] ${exp.name} analysed in ${own.toFixed(1)} s`,
    );
    if (echo) {
      // the claim as its source words it, marked as the claim under test:
      // the lines below are our figures, which may contradict it
      console.log(`== ${exp.name} (claim under test: "${exp.claim}")`);
      for (const l of r.result.summary) console.log(`  ${l}`);
    }
    reports.push(r);
  }
  const total = (performance.now() - t0) / 1000;
  const dir = opts.outDir.replace(/\/+$/, "");
  if (!opts.only) {
    // the code of every registered experiment at this commit, and the
    // report's files as it writes them now: what "How to cite" checks the
    // files against (experiments/report/cite.ts); kept as it is when only
    // the time and the commit would change (lib/experiment/provenance.ts)
    const { digests } = reportFiles(dir);
    await writeProvenance(`${dir}/repro.json`, {
      command: ["deno task repro", ...args].join(" "),
      seed: opts.seed,
      quick: opts.quick,
      scale: opts.scale ?? 1,
      workers: opts.workers,
      cores: navigator.hardwareConcurrency,
      code: await codeVersion(),
      deno: Deno.version.deno,
      ran: exps.map((e) => e.name),
      sources: Object.fromEntries(
        EXPERIMENTS.map((
          e,
        ) => [e.name, e.source ? sourcesHash([e.source]) : null]),
      ),
      report: digests,
      // the computation is shared (one pool); then each experiment's
      // analysis and files
      elapsed_s: {
        "games, exact figures and custom steps": Math.round(
          computeTime * 10,
        ) / 10,
        ...Object.fromEntries(
          reports.map((r) => [
            r.name,
            Math.round(analysisTime.get(r.name)! * 10) / 10,
          ]),
        ),
      },
      // the shared computation step by step (executePlans's steps)
      shared_steps_s: steps,
      total_s: Math.round(total * 10) / 10,
    });
  }
  const page = await writeReport(dir); // the browsable report, refreshed
  if (echo) {
    // the timing is progress (stderr); what was made is the result (stdout)
    err(
      `repro: done in ${total.toFixed(1)} s on ${opts.workers} worker${
        opts.workers === 1 ? "" : "s"
      }`,
    );
    console.log(
      `repro: ${reports.length} experiment${reports.length === 1 ? "" : "s"}${
        opts.only ? "" : ` (${dir}/repro.json)`
      }; the verdicts in ${dir}/CLAIMS.md; report ${page}`,
    );
  }
  return reports;
}

const REPRO_OPTIONS = {
  seed: { type: "string" as const },
  quick: { type: "boolean" as const },
  scale: { type: "string" as const },
  all: { type: "boolean" as const },
  workers: { type: "string" as const },
  out: { type: "string" as const },
  only: { type: "string" as const },
  shard: { type: "string" as const },
  help: { type: "boolean" as const, short: "h" },
};

/**
 * The `deno task repro` command line; returns the exit code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * assert.equal(await main(["round-law", "--quick", "--workers", "1", "--out", dir]), 0);
 * assert.equal(await main(["no-such-experiment", "--out", dir]), 2); // one line, exit code 2
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function main(argv: string[]): Promise<number> {
  try {
    let parsed;
    try {
      // `--seed -1` reaches the seed's own check, which names the allowed range
      parsed = parseArgs({
        args: joinNegativeValues(argv, REPRO_OPTIONS),
        options: REPRO_OPTIONS,
        strict: true,
        allowPositionals: true,
      });
    } catch (e) {
      throw new InputError(
        parseArgsMessage(
          e instanceof Error ? e.message : String(e),
          "repro",
          USAGE,
          REPRO_OPTIONS,
        ),
      );
    }
    const v = parsed.values;
    if (v.help) {
      console.log(
        [
          `usage: ${USAGE}`,
          "The first full run (cold caches) takes about 3-6 min and 8 GiB of memory on 2 workers; later runs 1-2 min and 1.5 GiB.",
          "It says so before it starts (on stderr); on a terminal each step shows its progress.",
        ].join("\n"),
      );
      return 0;
    }
    const seed = intOption(v, "seed", { min: 0, max: 4294967295, default: 1 });
    const workers = intOption(v, "workers", {
      min: 1,
      max: 64,
      default: defaultWorkers(),
    });
    const names = [
      ...parsed.positionals,
      ...(typeof v.only === "string" ? v.only.split(",") : []),
    ].map((s) => s.trim()).filter((s) => s !== "");
    const only = names.length > 0 ? names : undefined;
    if (only) only.forEach(findExperiment);
    if (only && v.all) {
      throw new InputError(
        `give experiment names or --all, not both: allowed ${
          EXPERIMENT_NAMES.join(", ")
        }`,
      );
    }
    const outDir = typeof v.out === "string" ? v.out : "results";
    // the output folder is checked before any work (a file, a folder of
    // tracked files, one the task may not write: one line, exit 2)
    checkOutputDir(outDir, "--out");
    if (v.shard !== undefined) {
      // a shard: play its slice of every experiment's games, write a partial
      const { reproShard } = await import("./repro_shard.ts");
      await reproShard({ ...v, shard: v.shard }, parsed.positionals, only);
      return 0;
    }
    await repro({
      seed,
      quick: v.quick === true,
      scale: scaleOption(v),
      workers,
      outDir,
      only,
      all: v.all === true,
    });
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      console.error(`repro: ${e.message}`);
      return 2;
    }
    if (
      e instanceof Deno.errors.NotCapable ||
      e instanceof Deno.errors.PermissionDenied
    ) {
      console.error(
        `repro: cannot write there (${
          (e as Error).message.split("\n")[0]
        }): use --out results or a directory under .cache`,
      );
      return 2;
    }
    throw e;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
