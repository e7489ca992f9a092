/**
 * `solver-vs-simulation`: every policy of the table, its exact figures beside
 * the engine's simulated ones under `solo-model` (one player, a fresh
 * 88-card deck each round), with the z of each difference. Seed 000 checks
 * the simulated mean of its DP against 22.23 in its tests.
 *
 * The engine plays the faithful Second Chance rule, so the reference is the
 * solver's `exact` model; the optimum is simulated with the `dp` strategy.
 * z = (simulated − exact) / SE, with SE the sample SE of the mean (EV) or the
 * binomial SE at the exact probability (bust, Flip 7).
 *
 * @example
 * ```sh
 * deno task flip7 experiment solver-vs-simulation --seed 1
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  defineExperiment,
  type Experiment,
  type Row,
  sized,
} from "../lib/experiment/experiment.ts";
import { round } from "../lib/run/stats.ts";
import { deriveSeed, groupStats, r6 } from "./common.ts";
import {
  exactEvaluations,
  type ExactTask,
  exactWork,
  MODEL_NOTES,
  TABLE_POLICIES,
} from "./exact.ts";
import { prose } from "./text.ts";
import { cannotFlip7, simulationTests } from "./solver-vs-simulation/tests.ts";
import TEXT from "./text/solver-vs-simulation.md" with { type: "text" };

const text = prose("solver-vs-simulation", TEXT);

const RULES = "solo-model";
const MODEL = "exact";
const ROUNDS = 200_000, QUICK_ROUNDS = 4_000;
/** The engine's name for a table policy. */
const engineSpec = (p: string) => (p === "optimal" ? "dp" : p);

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts ignore
 * // solving the exact model takes about a minute (and fills .cache/):
 * // tests/experiments_test.ts's quick suite computes these tasks and checks
 * // the experiments built on them
 * import { precomputeExact } from "./exact.ts";
 * await precomputeExact(SOLVER_VS_SIM_TASKS, 2);
 * ```
 */
export const SOLVER_VS_SIM_TASKS: ExactTask[] = TABLE_POLICIES.map((spec) => ({
  model: MODEL,
  spec,
}));

/**
 * The experiment.
 *
 * @example
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await solverVsSimulation.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 11); // the rows of its CSV (results/solver-vs-simulation.csv at full size)
 * assert.equal(r.claims.length, 1);
 * ```
 */
export const solverVsSimulation: Experiment = defineExperiment({
  name: "solver-vs-simulation",
  source: import.meta.url,
  chart: solverVsSimChart,
  claim: text("claim"),
  plan: ({ seed, quick, scale }) => ({
    runs: TABLE_POLICIES.map((p) => ({
      rules: RULES,
      policies: [engineSpec(p)],
      seed: deriveSeed(seed, "solver-vs-simulation", p),
      count: sized(ROUNDS, QUICK_ROUNDS, { quick, scale }),
      mode: "round",
    })),
    exact: exactWork(SOLVER_VS_SIM_TASKS),
  }),
  analyse({ plan, accs }) {
    const runs = plan.runs!;
    const rounds = runs[0].count;
    const exact = exactEvaluations(MODEL, TABLE_POLICIES);
    const rows: Row[] = [];
    const zs: number[] = [];
    TABLE_POLICIES.forEach((p, i) => {
      const e = exact[i];
      const [g] = groupStats(accs[i]);
      const n = accs[i].games;
      const z = (g.points_per_round - e.ev) / g.ppr_se;
      const bse = Math.sqrt(e.bust * (1 - e.bust) / n);
      const fse = Math.sqrt(e.flip7 * (1 - e.flip7) / n);
      const bz = (g.bust - e.bust) / bse;
      const fz = fse > 0 ? (g.flip7 - e.flip7) / fse : 0;
      zs.push(z, bz, fz);
      rows.push({
        policy: p,
        engine_policy: engineSpec(p),
        rules: RULES,
        model: MODEL,
        seed: runs[i].seed,
        rounds: n,
        exact_ev: r6(e.ev),
        sim_mean: r6(g.points_per_round),
        sim_se: r6(g.ppr_se),
        ci_low: r6(g.points_per_round - 1.959963984540054 * g.ppr_se),
        ci_high: r6(g.points_per_round + 1.959963984540054 * g.ppr_se),
        z: round(z, 3),
        exact_bust: r6(e.bust),
        sim_bust: r6(g.bust),
        bust_z: round(bz, 3),
        exact_flip7: r6(e.flip7),
        sim_flip7: r6(g.flip7),
        flip7_z: round(fz, 3),
      });
    });
    const maxZ = Math.max(...zs.map(Math.abs));
    const summary = [
      `${rounds} simulated rounds per policy under ${RULES}; reference: the ${MODEL} model`,
      ...rows.map((r) =>
        `${String(r.policy).padEnd(10)} exact ${
          (r.exact_ev as number).toFixed(3)
        }  simulated ${(r.sim_mean as number).toFixed(3)} ± ${
          (r.sim_se as number).toFixed(3)
        }  z ${(r.z as number).toFixed(2)}  (bust z ${
          (r.bust_z as number).toFixed(2)
        }, Flip 7 z ${(r.flip7_z as number).toFixed(2)})`
      ),
      `largest |z| over ${simulationTests(rows).length} comparisons: ${
        maxZ.toFixed(2)
      }`,
    ];
    const opt = rows[0];
    const claims = [{
      claim: "DP against simulation (solo)",
      reference: {
        source: "seed 000",
        figure: text("figure"),
      },
      ours: `optimal: exact ${(opt.exact_ev as number).toFixed(3)}, simulated ${
        (opt.sim_mean as number).toFixed(3)
      } ± ${(opt.sim_se as number).toFixed(3)} (z ${
        (opt.z as number).toFixed(2)
      }); largest |z| over ${simulationTests(rows).length} comparisons: ${
        maxZ.toFixed(2)
      }`,
    }];
    return {
      columns: [
        "policy",
        "engine_policy",
        "rules",
        "model",
        "seed",
        "rounds",
        "exact_ev",
        "sim_mean",
        "sim_se",
        "ci_low",
        "ci_high",
        "z",
        "exact_bust",
        "sim_bust",
        "bust_z",
        "exact_flip7",
        "sim_flip7",
        "flip7_z",
      ],
      rows,
      summary,
      claims,
      provenance: {
        seeds: runs.map((r) => r.seed),
        rules: RULES,
        model: MODEL,
        model_note: MODEL_NOTES[MODEL],
        rounds_per_policy: rounds,
        z_definition: text("z-definition"),
        largest_abs_z: round(maxZ, 3),
        reproduce_a_row: text("reproduce-a-row"),
      },
    };
  },
});

/**
 * The chart of {@linkcode solverVsSimulation} from its CSV rows: the z of
 * each figure (EV, bust, Flip 7) of each policy; no Flip 7 z where both the
 * exact and the simulated rate and the z are 0 (a policy that cannot make
 * one).
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = solverVsSimChart(parseRows(Deno.readTextFileSync("results/solver-vs-simulation.csv")));
 * ```
 */
export function solverVsSimChart(rows: Row[]): ChartOptions {
  const rounds = (rows[0]?.rounds as number) ?? 0;
  const pts = simulationTests(rows);
  const skipped = rows.filter(cannotFlip7).map((r) => r.policy).join(", ");
  return {
    title: text("title"),
    subtitle: text("subtitle", {
      rounds: rounds.toLocaleString("en-US"),
      rules: RULES,
    }),
    caption: text("caption", {
      tests: pts.length,
      skipped: skipped ? ` ${text("caption-skipped", { skipped })}` : "",
    }),
    height: 360,
    marginLeft: 80,
    x: { label: "z", domain: [-4.5, 4.5], grid: true },
    y: { label: null, domain: rows.map((r) => r.policy as string) },
    color: {
      legend: true,
      domain: ["EV", "P(bust)", "P(Flip 7)"],
      label: "Figure",
    },
    marks: [
      Plot.rectX([{ a: -2, b: 2 }], {
        x1: "a",
        x2: "b",
        fill: "#4269d0",
        fillOpacity: 0.08,
      }),
      Plot.ruleX([-3, 3], { stroke: "#d62728", strokeDasharray: "4,3" }),
      Plot.ruleX([0], { stroke: "#999" }),
      Plot.dot(pts, {
        x: (d: { z: unknown }) => Math.max(-4.4, Math.min(4.4, d.z as number)),
        y: "policy",
        fill: "measure",
        r: 3.5,
      }),
    ],
  };
}
