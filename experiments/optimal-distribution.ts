/**
 * `optimal-distribution`: the exact distribution of the round score under
 * optimal play, one round alone. Seed 000: "optimal play scores 0 on 31.7% of
 * rounds and otherwise piles up around 25-33".
 *
 * Exact, from the solver's evaluator, on both models (`approx`, seed 000's;
 * `exact`, the faithful Second Chance rule). One row per (model, score) with
 * positive probability.
 *
 * @example
 * ```sh
 * deno task flip7 experiment optimal-distribution
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  defineExperiment,
  type Experiment,
  type Row,
} from "../lib/experiment/experiment.ts";
import { round } from "../lib/run/stats.ts";
import {
  exactEvaluations,
  type ExactTask,
  exactWork,
  MODEL_NOTES,
  MODELS,
} from "./exact.ts";

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts
 * import { precomputeExact } from "./exact.ts";
 * await precomputeExact(DISTRIBUTION_TASKS, 2);
 * ```
 */
export const DISTRIBUTION_TASKS: ExactTask[] = MODELS.map((model) => ({
  model,
  spec: "optimal",
}));

/** The band seed 000 names. */
const LO = 25, HI = 33;
/** Scores drawn on the chart (the tail beyond is in the caption). */
const SHOW = 80;

/**
 * Summary statistics of a score distribution.
 *
 * @example
 * ```ts
 * import type { Evaluation } from "../lib/solver/forward.ts";
 * declare const evaluation: Evaluation;
 * const s: DistributionSummary = summarizeDistribution(evaluation.distribution, evaluation.bust);
 * ```
 */
export interface DistributionSummary {
  /** P(score = 0), busts included. */
  zero: number;
  /** P(bust). */
  bust: number;
  /** P(25 ≤ score ≤ 33). */
  band: number;
  /** P(25 ≤ score ≤ 33 | score > 0). */
  bandGivenScore: number;
  /** Quartiles of the score given it is positive. */
  quartiles: [number, number, number];
  /** The most likely positive score. */
  mode: number;
  /** P(score > SHOW). */
  tail: number;
}

/**
 * Summarize a distribution (index = score).
 *
 * @example
 * ```ts
 * summarizeDistribution(new Float64Array([0.5, 0, 0.5]), 0.5).zero; // 0.5
 * ```
 */
export function summarizeDistribution(
  d: ArrayLike<number>,
  bust: number,
): DistributionSummary {
  let pos = 0, band = 0, tail = 0, mode = 1;
  for (let s = 1; s < d.length; s++) {
    pos += d[s];
    if (s >= LO && s <= HI) band += d[s];
    if (s > SHOW) tail += d[s];
    if (d[s] > d[mode]) mode = s;
  }
  const q = (f: number) => {
    let c = 0;
    for (let s = 1; s < d.length; s++) {
      c += d[s] / pos;
      if (c >= f - 1e-12) return s;
    }
    return d.length - 1;
  };
  return {
    zero: d[0],
    bust,
    band,
    bandGivenScore: band / pos,
    quartiles: [q(0.25), q(0.5), q(0.75)],
    mode,
    tail,
  };
}

/**
 * The experiment.
 *
 * @example
 * ```ts
 * const r = await optimalDistribution.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const optimalDistribution: Experiment = defineExperiment({
  name: "optimal-distribution",
  chart: distributionChart,
  claim:
    "Optimal play scores 0 on 31.7% of rounds and otherwise piles up around 25-33.",
  plan: () => ({ exact: exactWork(DISTRIBUTION_TASKS) }),
  analyse() {
    const rows: Row[] = [];
    const sums: Record<string, DistributionSummary> = {};
    for (const model of MODELS) {
      const [e] = exactEvaluations(model, ["optimal"]);
      const d = e.distribution;
      let cum = 0;
      for (let s = 0; s < d.length; s++) {
        cum += d[s];
        if (d[s] > 0) {
          rows.push({
            model,
            score: s,
            probability: round(d[s], 10),
            cumulative: round(Math.min(1, cum), 10),
          });
        }
      }
      sums[model] = summarizeDistribution(d, e.bust);
    }
    const pc = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;
    const line = (m: string) => {
      const s = sums[m];
      return `${m}: P(0) ${pc(s.zero)} (bust ${
        pc(s.bust)
      }); given a score: quartiles ${
        s.quartiles.join(" / ")
      }, mode ${s.mode}, ${pc(s.bandGivenScore)} in ${LO}-${HI} (${
        pc(s.band)
      } of all rounds)`;
    };
    const summary = MODELS.map(line);
    const claims = [{
      claim: "optimal play: score distribution",
      reference: {
        source: "seed 000",
        figure: "0 on 31.7% of rounds, otherwise piled up around 25-33",
      },
      ours: MODELS.map((m) =>
        `${m}: 0 on ${pc(sums[m].zero)} (bust ${
          pc(sums[m].bust)
        }), middle half of scores ${sums[m].quartiles[0]}-${
          sums[m].quartiles[2]
        }, ${pc(sums[m].bandGivenScore, 0)} of scores in ${LO}-${HI}`
      ).join("; "),
    }];
    return {
      columns: ["model", "score", "probability", "cumulative"],
      rows,
      summary,
      claims,
      provenance: {
        seeds: [],
        rules: "solo-model (one player, one round, 88-card deck)",
        models: MODEL_NOTES,
        policy: "optimal (the solver's dp table of each model)",
        method:
          "exact forward evaluation over every reachable state; score 0 includes busts",
        summary_by_model: sums,
        reproduce:
          "deno task flip7 evaluate -p optimal --model approx|exact --json",
      },
    };
  },
});

/**
 * The chart of {@linkcode optimalDistribution} from its CSV rows and
 * provenance (`summary_by_model`): the exact model's score distribution
 * under optimal play.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * declare const csv: string, json: string; // the CSV and JSON files of the run
 * const chart = distributionChart(parseRows(csv), JSON.parse(json));
 * ```
 */
export function distributionChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const pc = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;
  const s = (provenance.summary_by_model as Record<string, DistributionSummary>)
    .exact;
  const ex = rows.filter((r) =>
    r.model === "exact" && (r.score as number) <= SHOW
  );
  return {
    title: "Round score under optimal play (one round, alone)",
    subtitle:
      `Exact distribution, exact model; shaded: ${LO}-${HI}, where seed 000 says scores pile up`,
    caption: `P(0) = ${pc(s.zero)}; P(score > ${SHOW}) = ${
      pc(s.tail, 2)
    }. Data: results/optimal-distribution.csv`,
    height: 340,
    x: { label: "Round score", domain: [-1, SHOW + 1] },
    y: { label: "Probability (%)", percent: true, grid: true },
    marks: [
      Plot.rectX([{ x1: LO - 0.5, x2: HI + 0.5 }], {
        x1: "x1",
        x2: "x2",
        fill: "#efb118",
        fillOpacity: 0.2,
      }),
      ...[0, 1].map((k) =>
        Plot.rectY(ex.filter((d) => (d.score === 0) === (k === 0)), {
          x1: (d: Row) => (d.score as number) - 0.45,
          x2: (d: Row) => (d.score as number) + 0.45,
          y: "probability",
          fill: k === 0 ? "#d62728" : "#4269d0",
        })
      ),
      Plot.ruleY([0]),
    ],
  };
}
