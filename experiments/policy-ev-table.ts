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
import { getModel, spaceOf } from "../lib/solver/mod.ts";
import { prose } from "./text.ts";
import TEXT from "./text/policy-ev-table.md" with { type: "text" };

const text = prose("policy-ev-table", TEXT);

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts ignore
 * // solving the exact model takes about a minute (and fills .cache/):
 * // tests/experiments_test.ts's quick suite computes these tasks and checks
 * // the experiments built on them
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
 * import assert from "node:assert/strict";
 * assert.equal(SEED000["sum:20"].ev, 20.251);
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
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await policyEvTable.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 24); // the rows of its CSV (results/policy-ev-table.csv at full size)
 * assert.equal(r.claims.length, 5);
 * ```
 */
export const policyEvTable: Experiment = defineExperiment({
  name: "policy-ev-table",
  source: import.meta.url,
  chart: policyEvChart,
  claim: text("claim"),
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
      text("summary-matches", { matches, compared }),
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
          figure: text("figure"),
        },
        ours: `${f(a.optimal)} approx; ${f(x.optimal)} exact`,
      },
      {
        claim: text("claim-2"),
        reference: {
          source: "seed 000",
          figure: text("figure-2"),
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
          figure: text("figure-3"),
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
        claim: text("claim-3"),
        reference: {
          source: "seed 000",
          figure: text("figure-4"),
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
        rules: text("rules"),
        models: MODEL_NOTES,
        policies: POLICIES,
        method: text("method"),
        approx_matches_seed000: `${matches} of ${compared}`,
        // the reachable states of each model once the first card is out
        // (`deno task flip7 solve --model M` prints the same count)
        states: Object.fromEntries(
          MODELS.map((m) => [m, spaceOf(getModel(m)).states]),
        ),
        reproduce: text("reproduce"),
      },
    };
  },
});

/**
 * The chart of {@linkcode policyEvTable} from its CSV rows, two plots: the
 * expected round score against the bust rate on the exact model, every
 * policy labelled, seed 000's published table as rings (its figures are the
 * approx model's); then, per policy, the exact model's EV minus the approx
 * model's — a difference of 0.004 to 0.05 points that no common scale of
 * the first plot can show.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = policyEvChart(parseRows(Deno.readTextFileSync("results/policy-ev-table.csv")));
 * ```
 */
export function policyEvChart(rows: Row[]): ChartOptions {
  const exact = rows.filter((r) => r.model === "exact");
  const approx = new Map(
    rows.filter((r) => r.model === "approx").map((r) => [r.policy, r]),
  );
  const pts = exact.map((r) => ({ policy: r.policy, ev: r.ev, bust: r.bust }));
  const s0 = Object.entries(SEED000).map(([policy, s]) => ({
    policy,
    ev: s.ev,
    bust: s.bust,
  }));
  // label placement: the near neighbours split left / right / above
  const place: Record<string, { dx: number; dy: number; anchor: string }> = {
    ev: { dx: -10, dy: 0, anchor: "end" },
    optimal: { dx: 0, dy: -13, anchor: "middle" },
    "bustsc:0.25": { dx: 10, dy: 5, anchor: "start" },
    "sum:24": { dx: -10, dy: 0, anchor: "end" },
    "count:3": { dx: -10, dy: 0, anchor: "end" },
    "bust:0.45": { dx: -10, dy: 0, anchor: "end" },
  };
  const at = (p: unknown) =>
    place[String(p)] ?? { dx: 10, dy: 0, anchor: "start" };
  const groups = [...new Set(pts.map((p) => JSON.stringify(at(p.policy))))];
  const diff = exact.filter((r) => approx.has(r.policy)).map((r) => ({
    policy: r.policy,
    d: (r.ev as number) - (approx.get(r.policy)!.ev as number),
  }));
  const order = [...exact].sort((a, b) => (b.ev as number) - (a.ev as number))
    .map((r) => r.policy as string);
  return {
    title: text("title"),
    subtitle: text("subtitle"),
    caption: text("caption"),
    color: {
      legend: true,
      domain: ["ours (exact model)", "seed 000's table (rings)"],
    },
    panels: [
      {
        heading: text("heading"),
        height: 380,
        marginRight: 30,
        x: {
          label: "Chance of busting (%)",
          percent: true,
          grid: true,
          domain: [10, 80],
        },
        y: {
          label: "Expected round score (points)",
          grid: true,
          domain: [13, 23.5],
        },
        marks: [
          Plot.dot(pts, {
            x: "bust",
            y: "ev",
            fill: () => "ours (exact model)",
            r: 4,
          }),
          Plot.dot(s0, {
            x: "bust",
            y: "ev",
            stroke: () => "seed 000's table (rings)",
            r: 8,
            strokeWidth: 1.5,
          }),
          ...groups.map((g) => {
            const o = JSON.parse(g);
            return Plot.text(
              pts.filter((p) => JSON.stringify(at(p.policy)) === g),
              {
                x: "bust",
                y: "ev",
                text: "policy",
                dx: o.dx,
                dy: o.dy,
                textAnchor: o.anchor,
              },
            );
          }),
        ],
      },
      {
        heading: "Exact model minus approx model",
        height: 300,
        marginLeft: 90,
        marginRight: 30,
        x: {
          label: "Expected round score, exact − approx (points)",
          grid: true,
          domain: [0, 0.06],
        },
        y: { label: null, domain: order },
        marks: [
          Plot.ruleX([0]),
          Plot.dot(diff, {
            x: "d",
            y: "policy",
            fill: () => "ours (exact model)",
            r: 4,
          }),
        ],
      },
    ],
  };
}
