/**
 * `decision-map`: the optimal hit/stay decision of one solo round at a
 * glance — by the count of numbers showing and their sum, with and without a
 * Second Chance — from the exact solver's decisions (`decisionMap` of
 * `lib/solver/decision_map.ts`): each cell's share of states, weighted by how
 * often optimal play meets them, in which optimal play hits. Exact, no
 * randomness; the exact model (a quick run: the approx model, which solves in
 * seconds).
 *
 * @example
 * ```sh
 * deno task flip7 experiment decision-map
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
import { type DecisionCell, decisionMap } from "../lib/solver/decision_map.ts";
import { getModel } from "../lib/solver/model.ts";
import { round } from "../lib/run/stats.ts";
import { MODEL_NOTES } from "./exact.ts";
import { prose } from "./text.ts";
import TEXT from "./text/decision-map.md" with { type: "text" };

const text = prose("decision-map", TEXT);

/** The model of a run: exact, or approx for a quick one. */
const modelOf = (quick: boolean) => (quick ? "approx" : "exact");

/**
 * The first sum at which optimal play mostly stays (hit share under one
 * half), for each Second Chance state and count: the line a player keeps.
 */
function staysFrom(cells: Row[]): Row[] {
  const out: Row[] = [];
  for (const chance of [false, true]) {
    for (let n = 0; n <= 7; n++) {
      const mine = cells.filter((c) => c.chance === chance && c.numbers === n)
        .sort((a, b) => (a.sum as number) - (b.sum as number));
      const stay = mine.find((c) => (c.hit_share as number) < 0.5);
      if (stay) out.push({ chance, numbers: n, sum: stay.sum });
    }
  }
  return out;
}

/**
 * The experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await decisionMapExperiment.run({ seed: 1, quick: true, workers: 1 });
 * assert.equal(r.rows.length, 378); // the rows of its CSV (results/decision-map.csv at full size)
 * assert.equal(r.claims.length, 0);
 * ```
 */
export const decisionMapExperiment: Experiment = defineExperiment({
  name: "decision-map",
  source: import.meta.url,
  chart: decisionMapChart,
  claim: text("claim"),
  // one solver pass (the decisions from .cache/, then the reach weights):
  // a custom step
  plan: ({ quick }) => ({
    work: () => Promise.resolve(decisionMap(getModel(modelOf(quick)))),
  }),
  analyse({ work }, { quick }) {
    const model = modelOf(quick);
    const cells = work as DecisionCell[];
    const rows: Row[] = cells.map((c) => ({
      model,
      chance: c.chance,
      numbers: c.numbers,
      sum: c.sum,
      reach: round(c.reach, 9),
      hit_share: round(c.hitShare, 6),
    }));
    const lines = staysFrom(rows);
    const staysAt = (chance: boolean) =>
      lines.filter((l) => l.chance === chance && (l.numbers as number) > 0)
        .map((l) => `${l.numbers}: ${l.sum}`).join(", ");
    const mixed = rows.filter((r) =>
      (r.hit_share as number) > 0.02 && (r.hit_share as number) < 0.98
    );
    const mixedWeight = mixed.reduce((s, r) => s + (r.reach as number), 0);
    const allWeight = rows.reduce((s, r) => s + (r.reach as number), 0);
    return {
      columns: ["model", "chance", "numbers", "sum", "reach", "hit_share"],
      rows,
      summary: [
        text("summary-stays", {
          model,
          without: staysAt(false),
          with: staysAt(true) || "never",
        }),
        text("summary-mixed", {
          mixed: mixed.length,
          cells: rows.length,
          weight: (100 * mixedWeight / allWeight).toFixed(1),
        }),
      ],
      claims: [],
      provenance: {
        seeds: [],
        rules: text("rules"),
        model,
        model_note: MODEL_NOTES[model],
        method: text("method"),
        reach: text("reach"),
        hit_share: text("hit-share"),
        stays_from: lines,
        reproduce: text("reproduce"),
      },
    };
  },
});

/**
 * The chart of {@linkcode decisionMapExperiment} from its CSV rows and
 * provenance (`model`): one plot without and one with a Second Chance; a
 * cell per count of numbers showing and number sum, coloured from stay
 * (red) to hit (blue) by the weighted share of hits; a black tick where
 * optimal play starts to stay mostly.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/decision-map.csv");
 * const json = Deno.readTextFileSync("results/decision-map.json");
 * const chart = decisionMapChart(parseRows(csv), JSON.parse(json));
 * assert.ok(chart.title && chart.caption?.includes("results/decision-map.csv"));
 * ```
 */
export function decisionMapChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const model = String(provenance.model ?? rows[0]?.model ?? "exact");
  const maxSum = Math.max(...rows.map((r) => r.sum as number));
  const counts = [...new Set(rows.map((r) => r.numbers as number))].sort((
    a,
    b,
  ) => a - b);
  const lines = staysFrom(rows);
  const panel = (chance: boolean) => {
    const mine = rows.filter((r) => r.chance === chance);
    return {
      heading: chance ? "Holding a Second Chance" : "Without a Second Chance",
      height: 40 + 26 * counts.length,
      x: {
        label: "Sum of the numbers showing",
        domain: [-0.5, maxSum + 0.5],
        ticks: Array.from(
          { length: Math.floor(maxSum / 5) + 1 },
          (_, i) => 5 * i,
        ),
      },
      y: { label: "Numbers showing", domain: counts },
      marks: [
        Plot.barX(mine, {
          x1: (d: Row) => (d.sum as number) - 0.5,
          x2: (d: Row) => (d.sum as number) + 0.5,
          y: "numbers",
          fill: "hit_share",
          inset: 0.5,
        }),
        Plot.tickX(lines.filter((l) => l.chance === chance), {
          x: (d: Row) => (d.sum as number) - 0.5,
          y: "numbers",
          stroke: "black",
          strokeWidth: 2.5,
        }),
      ],
    };
  };
  return {
    title: text("title"),
    subtitle: text("subtitle", {
      model,
      quick: provenance.quick ? " (quick run)" : "",
    }),
    caption: text("caption", {
      model,
      note: MODEL_NOTES[model] ?? model,
    }),
    marginLeft: 60,
    marginRight: 20,
    color: {
      legend: true,
      type: "linear",
      domain: [0, 1],
      range: ["#d62728", "#4269d0"],
      interpolate: "rgb",
      label: "Share of hits",
    },
    panels: [panel(false), panel(true)],
  };
}
