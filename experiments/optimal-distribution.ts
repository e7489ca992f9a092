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
import { prose } from "./text.ts";
import TEXT from "./text/optimal-distribution.md" with { type: "text" };

const text = prose("optimal-distribution", TEXT);

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts ignore
 * // solving the exact model takes about a minute (and fills .cache/):
 * // tests/experiments_test.ts's quick suite computes these tasks and checks
 * // the experiments built on them
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
 * import assert from "node:assert/strict";
 * // a round that busts half the time and otherwise scores 20 or 30
 * const distribution = new Float64Array(31);
 * [distribution[0], distribution[20], distribution[30]] = [0.5, 0.25, 0.25];
 * const s: DistributionSummary = summarizeDistribution(distribution, 0.5);
 * assert.equal(s.bust, 0.5);
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
 * import assert from "node:assert/strict";
 * assert.equal(summarizeDistribution(new Float64Array([0.5, 0, 0.5]), 0.5).zero, 0.5);
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
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await optimalDistribution.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 274); // the rows of its CSV (results/optimal-distribution.csv at full size)
 * assert.equal(r.claims.length, 1);
 * ```
 */
export const optimalDistribution: Experiment = defineExperiment({
  name: "optimal-distribution",
  source: import.meta.url,
  chart: distributionChart,
  claim: text("claim"),
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
        figure: text("figure"),
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
        rules: text("rules"),
        models: MODEL_NOTES,
        policy: "optimal (the solver's dp table of each model)",
        method: text("method"),
        summary_by_model: sums,
        reproduce: text("reproduce"),
      },
    };
  },
});

/** The model the chart draws: seed 000's, on which its claim is judged. */
const CHART_MODEL = "approx";

/**
 * The chart of {@linkcode optimalDistribution} from its CSV rows and
 * provenance (`summary_by_model`): the score distribution under optimal
 * play of seed 000's model (`approx`, the model its claim is judged on in
 * the claims table), in two plots — the whole round split into score 0
 * (a bust), seed 000's band and the other scores, then the positive scores
 * one by one on their own scale (so the pile-up is not squashed under the
 * P(0) bar).
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/optimal-distribution.csv");
 * const json = Deno.readTextFileSync("results/optimal-distribution.json");
 * const chart = distributionChart(parseRows(csv), JSON.parse(json));
 * assert.ok(chart.title && chart.caption?.includes("results/optimal-distribution.csv"));
 * ```
 */
export function distributionChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const pc = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;
  const s =
    (provenance.summary_by_model as Record<string, DistributionSummary>)[
      CHART_MODEL
    ];
  const ex = rows.filter((r) =>
    r.model === CHART_MODEL && (r.score as number) <= SHOW
  );
  const ZERO = "0: busted";
  const BAND = `${LO}-${HI}: seed 000's pile-up`;
  const OTHER = "other scores";
  const kind = (score: number) =>
    score === 0 ? ZERO : score >= LO && score <= HI ? BAND : OTHER;
  const mass = [
    { kind: ZERO, p: s.zero },
    { kind: BAND, p: s.band },
    { kind: OTHER, p: 1 - s.zero - s.band },
  ];
  let at = 0;
  const stack = mass.map((m) => {
    const x1 = at;
    at += m.p;
    return { ...m, x1, x2: at, mid: (x1 + at) / 2, label: pc(m.p) };
  });
  const pos = ex.filter((r) => (r.score as number) > 0).map((r) => ({
    score: r.score as number,
    p: r.probability as number,
    kind: kind(r.score as number),
  }));
  const top = Math.max(...pos.map((p) => p.p));
  return {
    title: text("title"),
    subtitle:
      `Exact distribution on seed 000's model (approx), the one its claim is judged on. Seed 000 says scores pile up at ${LO}-${HI}: ${
        pc(s.band)
      } of rounds, ${pc(s.bandGivenScore)} of those that score`,
    caption: `P(0) = ${pc(s.zero)}, the bust rate (${
      pc(s.bust)
    }): every round that scores 0 is a bust. Scoring rounds: mode ${s.mode}, quartiles ${
      s.quartiles.join(", ")
    }; P(score > ${SHOW}) = ${
      pc(s.tail, 2)
    }, not drawn. Data: results/optimal-distribution.csv`,
    color: { legend: true, domain: [ZERO, BAND, OTHER], label: "Score" },
    panels: [
      {
        heading: "Every round",
        height: 90,
        marginLeft: 20,
        marginRight: 20,
        x: { label: "Share of rounds (%)", percent: true, domain: [0, 100] },
        y: { axis: null },
        marks: [
          Plot.barX(stack, {
            x1: "x1",
            x2: "x2",
            y: () => "all",
            fill: "kind",
            insetRight: 1,
          }),
          Plot.text(stack, {
            x: "mid",
            y: () => "all",
            text: "label",
            fill: "white",
            fontWeight: "bold",
          }),
        ],
      },
      {
        heading: "The rounds that score, point by point",
        height: 300,
        x: { label: "Round score (points)", domain: [0, SHOW + 1] },
        y: {
          label: "Probability (%)",
          percent: true,
          grid: true,
          domain: [0, Math.ceil(top * 100 + 0.5)], // percent units
        },
        marks: [
          Plot.rectY(pos, {
            x1: (d: { score: number }) => d.score - 0.45,
            x2: (d: { score: number }) => d.score + 0.45,
            y: "p",
            fill: "kind",
          }),
          Plot.ruleY([0]),
        ],
      },
    ],
  };
}
