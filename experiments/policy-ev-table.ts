/**
 * `policy-ev-table`: seed 000's exact table of simple policies against the
 * optimum, one round played alone: EV, sd, P(bust), P(Flip 7).
 *
 * Every figure is exact, from the solver's evaluator, on both models: `approx`
 * (seed 000's, where a Second Chance leaves the duplicate in the deck) and
 * `exact` (the faithful rule, which the engine plays under `solo-model`). The
 * one-step `ev` rule is added for comparison, and `bustsc:0.25` beside
 * `bust:0.25`: the same rule always hitting while holding a Second Chance,
 * the reading under which seed 000's field-size table comes out.
 *
 * @example
 * ```sh
 * deno task flip7 experiment policy-ev-table
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
  TABLE_POLICIES,
} from "./exact.ts";

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts
 * import { precomputeExact } from "./exact.ts";
 * await precomputeExact(POLICY_EV_TASKS, 2);
 * ```
 */
export const POLICY_EV_TASKS: ExactTask[] = MODELS.flatMap((model) =>
  TABLE_POLICIES.flatMap((spec) =>
    spec === "bust:0.25" ? [spec, "bustsc:0.25"] : [spec]
  ).map((spec) => ({ model, spec }))
);
/** The table's policies: seed 000's, `bustsc:0.25` beside `bust:0.25`, then `ev`. */
const POLICIES = [...new Set(POLICY_EV_TASKS.map((t) => t.spec))];

/**
 * Seed 000's table, as published (bust and Flip 7 as fractions).
 *
 * @example
 * ```ts
 * SEED000["sum:20"].ev; // 20.251
 * ```
 */
export const SEED000: Record<
  string,
  { label: string; ev: number; sd: number; bust: number; flip7: number }
> = {
  "optimal": {
    label: "optimal",
    ev: 22.232,
    sd: 17.47,
    bust: 0.317,
    flip7: 0.0155,
  },
  "sum:16": {
    label: "stand on sum 16",
    ev: 18.559,
    sd: 8.92,
    bust: 0.137,
    flip7: 0,
  },
  "sum:20": {
    label: "stand on sum 20",
    ev: 20.251,
    sd: 12.05,
    bust: 0.215,
    flip7: 0,
  },
  "sum:24": {
    label: "stand on sum 24",
    ev: 20.977,
    sd: 15.51,
    bust: 0.316,
    flip7: 0.0001,
  },
  "count:3": {
    label: "stand on 3 cards",
    ev: 19.705,
    sd: 12.91,
    bust: 0.241,
    flip7: 0,
  },
  "count:4": {
    label: "stand on 4 cards",
    ev: 19.669,
    sd: 18.58,
    bust: 0.43,
    flip7: 0,
  },
  "count:5": {
    label: "stand on 5 cards",
    ev: 16.462,
    sd: 22.16,
    bust: 0.616,
    flip7: 0,
  },
  "bust:0.25": {
    label: "bust risk < 0.25",
    ev: 20.988,
    sd: 15.89,
    bust: 0.329,
    flip7: 0.0003,
  },
  "bust:0.35": {
    label: "bust risk < 0.35",
    ev: 18.773,
    sd: 21.92,
    bust: 0.551,
    flip7: 0.0061,
  },
  "bust:0.45": {
    label: "bust risk < 0.45",
    ev: 14.058,
    sd: 24.71,
    bust: 0.738,
    flip7: 0.0401,
  },
};

/** True when `x` shows as `published` at the published precision. */
function agrees(x: number, published: number, digits: number): boolean {
  return round(x, digits) === round(published, digits);
}

/**
 * The experiment.
 *
 * @example
 * ```ts
 * const r = await policyEvTable.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const policyEvTable: Experiment = defineExperiment({
  name: "policy-ev-table",
  chart: policyEvChart,
  claim:
    "Exact table: optimal play is worth 22.232 a round; the best simple rules (sum 24, bust risk < 0.25) about 20.98, 5.6% below.",
  plan: () => ({ exact: exactWork(POLICY_EV_TASKS) }),
  analyse() {
    const rows: Row[] = [];
    const byModel: Record<string, Record<string, Row>> = {};
    let matches = 0, compared = 0;
    for (const model of MODELS) {
      byModel[model] = {};
      const evs = exactEvaluations(model, POLICIES);
      const opt = evs[0].ev;
      for (const e of evs) {
        const s = SEED000[e.policy];
        const row: Row = {
          model,
          policy: e.policy,
          seed000_label: s ? s.label : null,
          ev: round(e.ev, 6),
          sd: round(e.sd, 6),
          bust: round(e.bust, 6),
          flip7: round(e.flip7, 6),
          below_optimum: round(1 - e.ev / opt, 6),
          seed000_ev: s ? s.ev : null,
          seed000_sd: s ? s.sd : null,
          seed000_bust: s ? s.bust : null,
          seed000_flip7: s ? s.flip7 : null,
        };
        rows.push(row);
        byModel[model][e.policy] = row;
        if (s && model === "approx") {
          for (
            const [x, p, d] of [
              [e.ev, s.ev, 3],
              [e.sd, s.sd, 2],
              [e.bust, s.bust, 3],
              [e.flip7, s.flip7, 4],
            ] as const
          ) {
            compared++;
            if (agrees(x, p, d)) matches++;
          }
        }
      }
    }
    const f = (r: Row) =>
      `${(r.ev as number).toFixed(3)} (sd ${
        (r.sd as number).toFixed(2)
      }, bust ${(100 * (r.bust as number)).toFixed(1)}%, Flip 7 ${
        (100 * (r.flip7 as number)).toFixed(2)
      }%)`;
    const summary = [
      `approx model reproduces ${matches} of ${compared} published figures of seed 000's table at its precision`,
      ...MODELS.flatMap((m) =>
        POLICIES.map((p) =>
          `${m.padEnd(6)} ${p.padEnd(11)} ${f(byModel[m][p])}`
        )
      ),
    ];
    const a = byModel.approx, x = byModel.exact;
    const gap = (r: Row) =>
      `${(100 * (r.below_optimum as number)).toFixed(1)}%`;
    const claims = [
      {
        claim: "one round alone, optimal play",
        reference: {
          source: "seed 000",
          figure: "22.232 (sd 17.47, bust 31.7%, Flip 7 1.55%)",
        },
        ours: `${f(a.optimal)} approx; ${f(x.optimal)} exact`,
      },
      {
        claim: "best simple rules: sum 24 / bust risk < 0.25",
        reference: {
          source: "seed 000",
          figure: "20.977 / 20.988, about 5.6% below optimal",
        },
        ours: `${(a["sum:24"].ev as number).toFixed(3)} / ${
          (a["bust:0.25"].ev as number).toFixed(3)
        } approx (${gap(a["bust:0.25"])} below); ${
          (x["sum:24"].ev as number).toFixed(3)
        } / ${(x["bust:0.25"].ev as number).toFixed(3)} exact (${
          gap(x["bust:0.25"])
        } below)`,
      },
      {
        claim: "chasing Flip 7: bust risk < 0.45",
        reference: {
          source: "seed 000",
          figure: "14.058, Flip 7 on 4.01%, worst in the table",
        },
        ours: `${(a["bust:0.45"].ev as number).toFixed(3)}, Flip 7 ${
          (100 * (a["bust:0.45"].flip7 as number)).toFixed(2)
        }% approx; ${(x["bust:0.45"].ev as number).toFixed(3)}, ${
          (100 * (x["bust:0.45"].flip7 as number)).toFixed(2)
        }% exact`,
      },
      {
        claim: "the one-step ev rule",
        reference: {
          source: "seed 000",
          figure: "within a whisker of the exact optimum",
        },
        ours: `${(x.ev.ev as number).toFixed(3)} exact, ${
          gap(x.ev)
        } below optimal (bust:0.25 ${gap(x["bust:0.25"])} below)`,
      },
      {
        claim:
          "bust risk < 0.25, always hitting while holding a Second Chance (bustsc:0.25)",
        reference: {
          source: "seed 000",
          figure:
            "not in its table (the bust:0.25 its simulator played, see field size)",
        },
        ours: `${(a["bustsc:0.25"].ev as number).toFixed(3)} approx (${
          gap(a["bustsc:0.25"])
        } below optimal); ${
          (x["bustsc:0.25"].ev as number).toFixed(3)
        } exact (${gap(x["bustsc:0.25"])} below; bust ${
          (100 * (x["bustsc:0.25"].bust as number)).toFixed(1)
        }%, Flip 7 ${(100 * (x["bustsc:0.25"].flip7 as number)).toFixed(2)}%)`,
      },
    ];
    return {
      columns: [
        "model",
        "policy",
        "seed000_label",
        "ev",
        "sd",
        "bust",
        "flip7",
        "below_optimum",
        "seed000_ev",
        "seed000_sd",
        "seed000_bust",
        "seed000_flip7",
      ],
      rows,
      summary,
      claims,
      provenance: {
        seeds: [],
        rules: "solo-model (one player, one round, 88-card deck)",
        models: MODEL_NOTES,
        policies: POLICIES,
        method:
          "exact forward evaluation over every reachable state (lib/run/evaluate.ts evaluatePolicies); no randomness",
        approx_matches_seed000: `${matches} of ${compared}`,
        reproduce:
          "deno task flip7 evaluate -p <policies> --model approx|exact",
      },
    };
  },
});

/**
 * The chart of {@linkcode policyEvTable} from its CSV rows: EV against bust
 * rate, both models (exact drawn larger, approx on top, so both show where
 * they agree), the exact model labelled, seed 000's table hollow.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = policyEvChart(parseRows(Deno.readTextFileSync("results/policy-ev-table.csv")));
 * ```
 */
export function policyEvChart(rows: Row[]): ChartOptions {
  const pts = rows.map((r) => ({
    model: r.model,
    policy: r.policy,
    ev: r.ev,
    bust: r.bust,
  }));
  const s0 = Object.entries(SEED000).map(([policy, s]) => ({
    policy,
    ev: s.ev,
    bust: s.bust,
  }));
  const left = new Set<unknown>(["sum:24", "count:3", "ev", "bust:0.45"]);
  const labels = pts.filter((p) => p.model === "exact");
  // exact underneath and larger, approx on top: both show where they agree
  const size: Record<string, number> = { exact: 5, approx: 2.5 };
  return {
    title: "One round alone: expected score against bust rate",
    subtitle:
      "Exact figures from the solver's evaluator, seed 000's policies plus ev and bustsc:0.25",
    caption:
      "Large dots: exact model; small dots: approx. Rings: seed 000's table. Data: results/policy-ev-table.csv",
    height: 400,
    marginRight: 30,
    x: {
      label: "P(bust) (%)",
      percent: true,
      grid: true,
      domain: [10, 80],
    },
    y: { label: "Expected round score", grid: true },
    color: { legend: true, domain: [...MODELS], label: "Model" },
    marks: [
      ...["exact", "approx"].map((m) =>
        Plot.dot(pts.filter((p) => p.model === m), {
          x: "bust",
          y: "ev",
          fill: "model",
          r: size[m],
        })
      ),
      Plot.dot(s0, { x: "bust", y: "ev", stroke: "currentColor", r: 8 }),
      // below its neighbour `optimal`
      Plot.text(labels.filter((p) => p.policy === "bustsc:0.25"), {
        x: "bust",
        y: "ev",
        text: "policy",
        dx: 8,
        dy: 14,
        textAnchor: "start",
      }),
      Plot.text(
        labels.filter((p) => !left.has(p.policy) && p.policy !== "bustsc:0.25"),
        {
          x: "bust",
          y: "ev",
          text: "policy",
          dx: 11,
          textAnchor: "start",
        },
      ),
      Plot.text(labels.filter((p) => left.has(p.policy)), {
        x: "bust",
        y: "ev",
        text: "policy",
        dx: -11,
        textAnchor: "end",
      }),
    ],
  };
}
