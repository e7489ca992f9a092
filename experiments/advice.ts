/**
 * `advice`: seed 000's beer-mat rule — for each count of numbers showing, hit
 * while the bust risk (against the real 94-card deck) is under a cut-off —
 * derived from optimal play and valued exactly. Seed 000: always hit with 0
 * or 1 numbers, then 22%, 23%, 24%, 25%, 34%; worth 21.02, within 5.5% of the
 * solved table.
 *
 * The cut-off for each count agrees best, weighted by how often optimal play
 * meets each state, with the optimal decisions (`lib/solver/advice.ts`). Both
 * models; the value of seed 000's own published cut-offs on each model too.
 *
 * @example
 * ```sh
 * deno task flip7 experiment advice
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Experiment, Row } from "../lib/experiment.ts";
import { formatCutoff, SEED_ADVICE } from "../lib/solver/advice.ts";
import { round } from "../lib/stats.ts";
import { phase } from "./common.ts";
import {
  ADVICE_TASK,
  exactAdvice,
  type ExactTask,
  MODEL_NOTES,
  MODELS,
  precomputeExact,
} from "./exact.ts";

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts
 * await precomputeExact(ADVICE_TASKS, 2);
 * ```
 */
export const ADVICE_TASKS: ExactTask[] = MODELS.map((model) => ({
  model,
  spec: ADVICE_TASK,
}));

const num = (x: number) => (Number.isFinite(x) ? round(x, 6) : null);

/**
 * The experiment.
 *
 * @example
 * ```ts
 * const r = await advice.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const advice: Experiment = {
  name: "advice",
  chart: adviceChart,
  claim:
    "The optimal policy fits on a beer mat: hit while the bust risk is under 22-25% (34% with six numbers); worth 21.02, within 5.5% of optimal.",
  async run({ workers, onProgress }) {
    await precomputeExact(
      ADVICE_TASKS,
      workers,
      phase(onProgress, "exact figures"),
    );
    const rows: Row[] = [];
    const summary: string[] = [];
    const values: Record<string, unknown> = {};
    for (const model of MODELS) {
      const a = exactAdvice(model);
      for (const r of a.rows) {
        rows.push({
          model,
          numbers_showing: r.count,
          rule: formatCutoff(r.cutoff),
          cutoff: num(r.cutoff),
          hit_up_to: r.hitUpTo < 0 ? null : num(r.hitUpTo),
          stay_from: num(r.stayFrom),
          share: round(r.share, 6),
          agreement: round(r.agreement, 6),
          seed000_rule: formatCutoff(SEED_ADVICE[r.count], 0),
          seed000_cutoff: num(SEED_ADVICE[r.count]),
        });
      }
      const gap = 1 - a.rule.ev / a.optimum;
      values[model] = {
        rule_ev: round(a.rule.ev, 6),
        rule_sd: round(a.rule.sd, 6),
        rule_bust: round(a.rule.bust, 6),
        rule_flip7: round(a.rule.flip7, 6),
        optimum: round(a.optimum, 6),
        below_optimum: round(gap, 6),
        seed_cutoffs_ev: round(a.seedRule.ev, 6),
      };
      summary.push(
        `${model}: cut-offs ${
          a.rows.map((r) => formatCutoff(r.cutoff)).join(", ")
        }; rule worth ${a.rule.ev.toFixed(3)} (optimum ${
          a.optimum.toFixed(3)
        }, ${(100 * gap).toFixed(1)}% below); seed 000's cut-offs worth ${
          a.seedRule.ev.toFixed(3)
        }`,
      );
    }
    const ap = exactAdvice("approx"), ex = exactAdvice("exact");
    const cuts = (m: typeof ap) =>
      m.rows.slice(2).map((r) => formatCutoff(r.cutoff)).join(", ");
    const claims = [
      {
        claim: "beer-mat cut-offs for 2-6 numbers showing",
        seed000: "22%, 23%, 24%, 25%, 34% (0-1: always hit)",
        ours: `${cuts(ap)} approx; ${cuts(ex)} exact (0-1: ${
          formatCutoff(ex.rows[0].cutoff)
        })`,
      },
      {
        claim: "exact value of the beer-mat rule",
        seed000: "21.02, within 5.5% of optimal",
        ours: `${ap.rule.ev.toFixed(3)} approx (${
          (100 * (1 - ap.rule.ev / ap.optimum)).toFixed(1)
        }% below); ${ex.rule.ev.toFixed(3)} exact (${
          (100 * (1 - ex.rule.ev / ex.optimum)).toFixed(1)
        }% below); seed 000's own cut-offs ${ap.seedRule.ev.toFixed(3)} approx`,
      },
    ];
    return {
      columns: [
        "model",
        "numbers_showing",
        "rule",
        "cutoff",
        "hit_up_to",
        "stay_from",
        "share",
        "agreement",
        "seed000_rule",
        "seed000_cutoff",
      ],
      rows,
      chart: adviceChart(rows),
      summary,
      claims,
      provenance: {
        seeds: [],
        rules:
          "solo-model (one player, one round, 88-card deck); risks against the 94-card deck",
        models: MODEL_NOTES,
        method:
          "lib/solver/advice.ts deriveAdvice: per count, the cut-off whose decisions agree with optimal play on the largest weight of states optimal play reaches; the rule is then evaluated exactly",
        values,
        reproduce: "deno task flip7 advice --model approx|exact",
      },
    };
  },
};

/**
 * The chart of {@linkcode advice} from its CSV rows: the cut-off by numbers
 * showing, per model (the models side by side, so both show where they
 * agree), seed 000's cut-offs hollow.
 *
 * @example
 * ```ts
 * const chart = adviceChart(parseRows(Deno.readTextFileSync("results/advice.csv")));
 * ```
 */
export function adviceChart(rows: Row[]): ChartOptions {
  // the models side by side around each count
  const dodge = (m: unknown) => (m === MODELS[0] ? -0.08 : 0.08);
  const pts = rows.filter((r) => r.cutoff !== null && r.cutoff !== 0)
    .map((r) => ({
      ...r,
      x: (r.numbers_showing as number) + dodge(r.model),
    }));
  const always = rows.filter((r) =>
    r.cutoff === null && (r.numbers_showing as number) >= 2
  );
  const s0 = SEED_ADVICE.map((c, n) => ({ n, c })).filter((d) =>
    Number.isFinite(d.c)
  );
  return {
    title: "The optimal policy on a beer mat",
    subtitle:
      "Hit while the bust risk (94-card deck) is under the cut-off; 0 or 1 numbers: always hit",
    caption:
      "Models side by side at each count. Rings: seed 000's published cut-offs. Data: results/advice.csv",
    height: 320,
    marginRight: 30,
    x: {
      label: "Numbers showing",
      ticks: [2, 3, 4, 5, 6],
      tickFormat: "d",
      domain: [1.6, 6.4],
    },
    y: {
      label: "Hit while the bust risk is under (%)",
      percent: true,
      grid: true,
      domain: [15, 40],
    },
    color: { legend: true, domain: [...MODELS], label: "Model" },
    marks: [
      Plot.line(pts, {
        x: "x",
        y: "cutoff",
        stroke: "model",
        strokeOpacity: 0.5,
      }),
      Plot.dot(pts, { x: "x", y: "cutoff", fill: "model", r: 3.5 }),
      Plot.dot(s0, { x: "n", y: "c", stroke: "currentColor", r: 7 }),
      ...MODELS.map((m, k) =>
        Plot.text(always.filter((r) => r.model === m), {
          x: "numbers_showing",
          y: () => 0.39,
          text: () => `${m}: always hit ↑`,
          fill: "model",
          textAnchor: "end",
          dy: 14 * k,
        })
      ),
    ],
  };
}
