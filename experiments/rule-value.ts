/**
 * `rule-value`: what the simple rules are worth as a share of optimal play —
 * seed 000's table rules (stop at a sum, at a card count, at a bust risk),
 * the one-step `ev` rule, and the beer-mat rules of `advice` — each valued
 * exactly on one solo round (the same exact evaluations as `policy-ev-table`
 * and `advice`, computed once under `deno task repro`).
 *
 * @example
 * ```sh
 * deno task flip7 experiment rule-value
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
import { formatCutoff } from "../lib/solver/advice.ts";
import { round } from "../lib/run/stats.ts";
import { ADVICE_TASKS } from "./advice.ts";
import {
  exactAdviceStudy,
  exactEvaluations,
  exactWork,
  MODEL_NOTES,
  MODELS,
} from "./exact.ts";
import { POLICY_EV_TASKS } from "./policy-ev-table.ts";
import { prose } from "./text.ts";
import TEXT from "./text/rule-value.md" with { type: "text" };

const text = prose("rule-value", TEXT);

/** The kinds of rule, in legend order. */
const KINDS = [
  "seed 000's table",
  "ev and bustsc:0.25",
  "beer mats (advice)",
] as const;

/** A table policy in words. */
function describe(spec: string): string {
  const [name, arg] = spec.split(":");
  if (name === "sum") return `stop at a sum of ${arg} (${spec})`;
  if (name === "count") return `stop at ${arg} cards (${spec})`;
  if (name === "bust") {
    return `hit while the bust risk < ${
      Math.round(100 * Number(arg))
    }% (${spec})`;
  }
  if (name === "bustsc") {
    return `${spec}: bust:${arg}, always hit holding a Second Chance`;
  }
  if (spec === "ev") return "hit while it raises the expected score (ev)";
  return spec;
}

/**
 * The experiment.
 *
 * @example
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await ruleValue.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 30); // the rows of its CSV (results/rule-value.csv at full size)
 * assert.equal(r.claims.length, 0);
 * r.rows.some((row) => row.rule === "sum:24"); // true
 * ```
 */
export const ruleValue: Experiment = defineExperiment({
  name: "rule-value",
  source: import.meta.url,
  chart: ruleValueChart,
  claim: text("claim"),
  plan: () => ({ exact: exactWork([...POLICY_EV_TASKS, ...ADVICE_TASKS]) }),
  analyse() {
    const rows: Row[] = [];
    const summary: string[] = [];
    const policies = [...new Set(POLICY_EV_TASKS.map((t) => t.spec))];
    for (const model of MODELS) {
      const evs = exactEvaluations(model, policies);
      const opt = evs.find((e) => e.policy === "optimal")!.ev;
      const push = (rule: string, kind: string, label: string, ev: number) =>
        rows.push({
          model,
          rule,
          kind,
          label,
          ev: round(ev, 6),
          optimum: round(opt, 6),
          share_of_optimal: round(ev / opt, 6),
          below_optimum: round(opt - ev, 6),
        });
      for (const e of evs) {
        if (e.policy === "optimal") continue;
        const kind = e.policy === "ev" || e.policy.startsWith("bustsc")
          ? KINDS[1]
          : KINDS[0];
        push(e.policy, kind, describe(e.policy), e.ev);
      }
      const st = exactAdviceStudy(model);
      push(
        "advice:seed",
        KINDS[2],
        "seed 000's beer mat (22-25%, 34% by numbers showing)",
        st.rules[0].seedRule.ev,
      );
      push(
        "advice",
        KINDS[2],
        "beer mat, cut-offs derived per count",
        st.rules[0].rule.ev,
      );
      const sc = st.simple[0];
      push(
        "advice:chance",
        KINDS[2],
        `always hit holding a Second Chance, else under ${
          formatCutoff(sc.cutoff)
        }`,
        sc.evaluation.ev,
      );
      const split = st.rules.find((a) =>
        a.features.length === 1 && a.features[0] === "chance"
      );
      if (split) {
        push(
          "advice:split-chance",
          KINDS[2],
          "beer mat, cut-offs per count split on a Second Chance",
          split.rule.ev,
        );
      }
      const best = rows.filter((r) => r.model === model).sort((a, b) =>
        (b.ev as number) - (a.ev as number)
      );
      summary.push(
        `${model}: optimum ${opt.toFixed(3)}; ${
          best.map((r) =>
            `${r.rule} ${(r.ev as number).toFixed(3)} (${
              (100 * (r.share_of_optimal as number)).toFixed(1)
            }%)`
          ).join(", ")
        }`,
      );
    }
    return {
      columns: [
        "model",
        "rule",
        "kind",
        "label",
        "ev",
        "optimum",
        "share_of_optimal",
        "below_optimum",
      ],
      rows,
      summary,
      claims: [],
      provenance: {
        seeds: [],
        rules: text("rules"),
        models: MODEL_NOTES,
        method: text("method"),
        reproduce: text("reproduce"),
      },
    };
  },
});

/**
 * The chart of {@linkcode ruleValue} from its CSV rows: each rule's exact
 * value on the exact model as a share of optimal play, best first, coloured
 * by kind, labelled with its points a round.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = ruleValueChart(parseRows(Deno.readTextFileSync("results/rule-value.csv")));
 * ```
 */
export function ruleValueChart(rows: Row[]): ChartOptions {
  const model = rows.some((r) => r.model === "exact") ? "exact" : "approx";
  const pts = rows.filter((r) => r.model === model).sort((a, b) =>
    (b.ev as number) - (a.ev as number)
  );
  const opt = pts[0]?.optimum as number;
  const lo = Math.floor(
    Math.min(...pts.map((p) => 100 * (p.share_of_optimal as number))) / 10,
  ) * 10;
  const longest = Math.max(...pts.map((p) => String(p.label).length));
  return {
    title: "What the simple rules are worth",
    subtitle: text("subtitle", { model, optimum: String(opt?.toFixed(3)) }),
    caption: text("caption"),
    width: 780,
    height: 60 + 24 * pts.length,
    marginLeft: Math.min(380, 12 + 6.2 * longest),
    marginRight: 20,
    x: {
      label: "Share of optimal play (%)",
      percent: true,
      grid: true,
      domain: [lo, 115], // percent units: room for the labels right of 100
      ticks: Array.from({ length: (100 - lo) / 10 + 1 }, (_, i) => lo + 10 * i),
    },
    y: { label: null, domain: pts.map((p) => String(p.label)) },
    color: {
      legend: true,
      domain: [
        ...KINDS.filter((k) => pts.some((p) => p.kind === k)),
        ...new Set(
          pts.map((p) => String(p.kind)).filter((k) =>
            !(KINDS as readonly string[]).includes(k)
          ),
        ),
      ],
      label: "Rule",
    },
    marks: [
      Plot.ruleX([1], { stroke: "#999", strokeDasharray: "4,3" }),
      Plot.dot(pts, {
        x: "share_of_optimal",
        y: "label",
        fill: "kind",
        r: 4,
      }),
      Plot.text(pts, {
        x: "share_of_optimal",
        y: "label",
        text: (d: Row) =>
          `${(d.ev as number).toFixed(2)} (${
            (100 * (d.share_of_optimal as number)).toFixed(1)
          }%)`,
        dx: 8,
        textAnchor: "start",
      }),
    ],
  };
}
