/**
 * `flip7 sweep -p A,B[,C...] [--players 2-8] [--rules standard,immediate-actions]
 * [--seeds 3] [-n GAMES] [--seed S] [--workers N] [--out DIR]`: play the
 * policies against each other at every table size, under every rules preset,
 * on independent seeds, all in one pool of workers; write `sweep.csv` (one
 * row per rules × players × set × policy × seed), `sweep.svg`/`.png` (win
 * share minus the fair share against players, one panel per preset, Wilson
 * bars) and `sweep.json` (provenance) into `--out DIR`, by default a new
 * folder `results/runs/sweep-TIMESTAMP/`: a sweep never replaces the
 * committed `results/sweep.*` (what `deno task repro` writes), so an
 * `--out` whose `sweep.*` files are under version control is refused.
 *
 * Seats cycle through the listed policies (`A,B,A,B,...`); each policy is
 * pooled over its seats. `-p` may be given several times to sweep several
 * policy sets in the same run, each optionally labelled `LABEL=A,B`.
 *
 * @example
 * ```sh
 * deno task flip7 sweep -p ev,bust:0.25 --players 2-6 --seeds 3 -n 2000 --seed 1
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";
import {
  editionPreset,
  getRules,
  PRESET_NAMES,
  PRESETS,
  withRulings,
} from "../../lib/game/rules.ts";
import { rulingsOf, vengeancePolicies } from "../common.ts";
import { intOption } from "../args.ts";
import type { Command } from "../command.ts";
import { runAndReport } from "./experiment.ts";
import { SEED, seedOf, WORKERS, workersOf } from "../common.ts";
import { progress, runStamp } from "../output.ts";
import { checkOutputDir, isTracked } from "../guard.ts";
// lib/experiment/sweep.ts draws charts (Plot, linkedom, resvg): imported when a sweep
// runs, so that every other command starts without the chart stack
import type { SweepExperimentConfig } from "../../lib/experiment/sweep.ts";

/**
 * Games per run when `-n` is not given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(SWEEP_DEFAULT_GAMES, 2000);
 * ```
 */
export const SWEEP_DEFAULT_GAMES = 2000;

/** A folder `results/runs/NAME-TIMESTAMP` not yet taken (`-2`, `-3`, ... when it is). */
function freshRunDir(name: string): string {
  const base = `results/runs/${name}-${runStamp()}`;
  for (let i = 1;; i++) {
    const dir = i === 1 ? base : `${base}-${i}`;
    try {
      Deno.statSync(dir);
    } catch {
      return dir;
    }
  }
}

function listOption(raw: unknown, fallback: string): string[] {
  const s = typeof raw === "string" ? raw : fallback;
  return s.split(",").map((x) => x.trim());
}

/**
 * The `sweep` command.
 *
 * @example
 * ```ts
 * import { main } from "../main.ts";
 * import assert from "node:assert/strict";
 * const out = await Deno.makeTempDir();
 * assert.equal(await main(["sweep", "-p", "ev,bust:0.25", "--players", "2-4", "-n", "200", "--out", out, "--no-file"]), 0);
 * assert.ok((await Deno.stat(`${out}/sweep.csv`)).isFile);
 * await Deno.remove(out, { recursive: true });
 * ```
 */
export const sweepCommand: Command = {
  name: "sweep",
  summary:
    "Policies against each other at every table size and rules preset, several seeds: sweep.{csv,svg,png,json} into results/runs/sweep-TIME/ (or --out DIR).",
  usage:
    "sweep -p A,B[,C...] [-p LABEL=D,E ...] [--players 2-8 (from the policy count)] [--rules standard,immediate-actions | --edition E] [--ruling NAME=VALUE ...] [--seeds 3] [-n GAMES] [--seed S] [--workers N] [--out DIR]",
  options: {
    p: { type: "string", multiple: true },
    players: { type: "string" },
    rules: { type: "string" },
    edition: { type: "string" },
    ruling: { type: "string", multiple: true },
    seeds: { type: "string" },
    n: { type: "string" },
    ...SEED,
    ...WORKERS,
    out: { type: "string" },
  },
  runFile: false,
  async run({ values, out }) {
    const {
      checkSweep,
      MAX_SEEDS,
      parsePlayers,
      parsePolicySet,
      planSweep,
      sweepExperiment,
    } = await import("../../lib/experiment/sweep.ts");
    const raw = values.p;
    const lists = Array.isArray(raw)
      ? raw.map(String)
      : raw
      ? [String(raw)]
      : [];
    if (lists.length === 0) {
      throw new InputError(
        "missing -p POLICIES: give the policies to compare, e.g. -p ev,bust:0.25",
      );
    }
    const sets = lists.map(parsePolicySet);
    // --edition E: the edition's preset by default, and only its presets
    const edition = typeof values.edition === "string"
      ? editionPreset(values.edition).edition
      : null;
    const presets = listOption(
      values.rules,
      edition === null
        ? "standard,immediate-actions"
        : editionPreset(edition).preset,
    );
    for (const r of presets) {
      if (!PRESET_NAMES.includes(r)) {
        throw new InputError(
          `bad --rules '${values.rules}': unknown preset '${r}', allowed ${
            PRESET_NAMES.join(", ")
          } (comma-separated)`,
        );
      }
      const ed = getRules(r).edition;
      if (edition !== null && ed !== edition) {
        throw new InputError(
          `bad --rules '${values.rules}': '${r}' is a preset of the ${ed} edition, not of --edition '${edition}': allowed ${
            PRESETS.filter((p) => p.edition === edition).map((p) => p.name)
              .join(", ")
          }`,
        );
      }
      // the Vengeance edition is played only by the policies that read it
      if (ed === "vengeance") { for (const l of lists) vengeancePolicies(l); }
    }
    // --ruling NAME=VALUE applies to every preset of the list
    const changes = rulingsOf(values);
    const rules = changes.length
      ? presets.map((r) => withRulings(getRules(r), changes).name)
      : presets;
    // default sizes: from the largest set's policy count (at least 2) to 8
    const k = Math.max(2, ...sets.map((x) => x.policies.length));
    const players = parsePlayers(
      typeof values.players === "string"
        ? values.players
        : `${k}-${Math.max(k, 8)}`,
    );
    const seeds = intOption(values, "seeds", {
      min: 1,
      max: MAX_SEEDS,
      default: 3,
    });
    const games = intOption(values, "n", {
      min: 1,
      max: 1e9,
      default: SWEEP_DEFAULT_GAMES,
    });
    const seed = seedOf(values);
    const workers = workersOf(values);
    const outDir = typeof values.out === "string"
      ? values.out.replace(/(.)\/+$/, "$1")
      : freshRunDir("sweep");
    // the output folder is checked before any game is played
    checkOutputDir(outDir, "--out");
    for (const ext of ["csv", "svg", "png", "json"]) {
      const f = `${outDir}/sweep.${ext}`;
      if (isTracked(f)) {
        throw new InputError(
          `refusing --out '${outDir}': it would replace ${f}, a committed result (deno task repro writes it); give a new folder, or no --out for results/runs/sweep-TIME/`,
        );
      }
    }
    const config: SweepExperimentConfig = {
      name: "sweep",
      claim: `Per-seat win share by table size: ${
        sets.map((s) => s.policies.join(" vs ")).join("; ")
      }`,
      sets,
      rules,
      players,
      seeds,
      games,
    };
    // Everything is checked before any game is played or any file written.
    await checkSweep(planSweep({ ...config, seed }));
    // Loaded here, so that the other commands do not load Plot and resvg.
    const argv = [
      "deno task flip7 sweep",
      ...lists.map((l) => `-p ${l}`),
      `--players ${players.join(",")}`,
      `--rules ${rules.join(",")}`,
      `--seeds ${seeds}`,
      `-n ${games}`,
      `--seed ${seed}`,
      `--out ${outDir}`,
    ].join(" ");
    const bar = progress("sweep");
    await runAndReport(sweepExperiment(config), {
      seed,
      quick: false,
      workers,
      outDir,
      command: argv,
      onProgress: (_label, done, total) => bar(done, total),
    }, out);
  },
};
