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
 * A better beer mat: the same derivation with the cut-offs split by a
 * one-bit feature — holding a Second Chance, holding `x2`, both — and the
 * one-number rule "always hit while holding a Second Chance, otherwise hit
 * while the risk is under P" (P derived the same way, and 23%), each valued
 * exactly. The simplest rule within 0.5% of optimal play is reported.
 *
 * @example
 * ```sh
 * deno task flip7 experiment advice
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
import {
  type AdviceFeature,
  type AdviceRow,
  formatCutoff,
  SEED_ADVICE,
} from "../lib/solver/advice.ts";
import { round } from "../lib/run/stats.ts";
import {
  ADVICE_TASK,
  exactAdvice,
  exactAdviceStudy,
  type ExactTask,
  exactWork,
  MODEL_NOTES,
  MODELS,
} from "./exact.ts";
import { prose } from "./text.ts";
import TEXT from "./text/advice.md" with { type: "text" };

const text = prose("advice", TEXT);

/**
 * The exact computations this experiment needs.
 *
 * @example
 * ```ts ignore
 * // solving the exact model takes about a minute (and fills .cache/):
 * // tests/experiments_test.ts's quick suite computes these tasks and checks
 * // the experiments built on them
 * import { precomputeExact } from "./exact.ts";
 * await precomputeExact(ADVICE_TASKS, 2);
 * ```
 */
export const ADVICE_TASKS: ExactTask[] = MODELS.map((model) => ({
  model,
  spec: ADVICE_TASK,
}));

const num = (x: number) => (Number.isFinite(x) ? round(x, 6) : null);
/** The CSV row of one cut-off of a beer-mat rule (one count of numbers showing). */
function cutoffRow(
  model: string,
  r: AdviceRow,
  features: string,
  holding: string,
  ruleEv: number,
): Row {
  return {
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
    features,
    holding,
    rule_ev: round(ruleEv, 6),
  };
}

const featuresLabel = (f: AdviceFeature[]) =>
  f.length === 0 ? "none" : f.join("+");
const holdingLabel = (h: Partial<Record<AdviceFeature, boolean>>) =>
  Object.entries(h).map(([k, v]) => `${v ? "" : "no "}${k}`).join(", ");
/** Within this share of the optimum counts as near-optimal. */
const NEAR = 0.005;

/**
 * The experiment.
 *
 * @example
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await advice.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 134); // the rows of its CSV (results/advice.csv at full size)
 * assert.equal(r.claims.length, 3);
 * ```
 */
export const advice: Experiment = defineExperiment({
  name: "advice",
  source: import.meta.url,
  chart: adviceChart,
  claim: text("claim"),
  plan: () => ({ exact: exactWork(ADVICE_TASKS) }),
  analyse() {
    const rows: Row[] = [];
    const summary: string[] = [];
    const values: Record<string, unknown> = {};
    for (const model of MODELS) {
      const a = exactAdvice(model);
      for (const r of a.rows) {
        rows.push(cutoffRow(model, r, "none", "", a.rule.ev));
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
    // The better beer mats: cut-offs split by a one-bit feature, and the
    // one-number Second Chance rule.
    const better: Record<string, unknown> = {};
    for (const model of MODELS) {
      const st = exactAdviceStudy(model);
      const opt = st.rules[0].optimum;
      const rules: Record<string, unknown> = {};
      for (const a of st.rules.slice(1)) {
        for (const r of a.rows) {
          rows.push(
            cutoffRow(
              model,
              r,
              featuresLabel(a.features),
              holdingLabel(r.holding),
              a.rule.ev,
            ),
          );
        }
        rules[featuresLabel(a.features)] = {
          rule_ev: round(a.rule.ev, 6),
          rule_sd: round(a.rule.sd, 6),
          rule_bust: round(a.rule.bust, 6),
          rule_flip7: round(a.rule.flip7, 6),
          below_optimum: round(1 - a.rule.ev / opt, 6),
        };
      }
      const simple = st.simple.map((x) => {
        const label = x.derived
          ? "chance, one cut-off (derived)"
          : "chance, one cut-off 23%";
        for (const holding of ["no chance", "chance"]) {
          rows.push({
            model,
            numbers_showing: null,
            rule: holding === "chance" ? "always hit" : formatCutoff(x.cutoff),
            cutoff: holding === "chance" ? null : num(x.cutoff),
            hit_up_to: null,
            stay_from: null,
            share: null,
            agreement: null,
            seed000_rule: null,
            seed000_cutoff: null,
            features: label,
            holding,
            rule_ev: round(x.evaluation.ev, 6),
          });
        }
        return {
          rule: label,
          cutoff: round(x.cutoff, 6),
          rule_ev: round(x.evaluation.ev, 6),
          rule_sd: round(x.evaluation.sd, 6),
          rule_bust: round(x.evaluation.bust, 6),
          rule_flip7: round(x.evaluation.flip7, 6),
          below_optimum: round(1 - x.evaluation.ev / opt, 6),
        };
      });
      // simplest first: one cut-off (seed 000 style, no feature), the
      // one-number Second Chance rule, per-count cut-offs with one feature,
      // then two features
      const ladder = [
        {
          rule: "per count, no feature (seed 000's kind)",
          ev: st.rules[0].rule.ev,
        },
        {
          rule: `always hit holding a Second Chance, else one cut-off ${
            formatCutoff(st.simple[0].cutoff)
          }`,
          ev: st.simple[0].evaluation.ev,
        },
        ...st.rules.slice(1).map((a) => ({
          rule: `per count, split on ${featuresLabel(a.features)}`,
          ev: a.rule.ev,
        })),
      ];
      const simplest = ladder.find((l) => l.ev >= (1 - NEAR) * opt);
      better[model] = {
        optimum: round(opt, 6),
        seed_cutoffs_other_readings: Object.fromEntries(
          st.seedReadings.map((r) => [r.reading, round(r.evaluation.ev, 6)]),
        ),
        split_rules: rules,
        one_cutoff_chance_rules: simple,
        simplest_within_half_percent: simplest
          ? {
            rule: simplest.rule,
            ev: round(simplest.ev, 6),
            below_optimum: round(1 - simplest.ev / opt, 6),
          }
          : null,
      };
      summary.push(
        `${model}: ${
          st.rules.slice(1).map((a) =>
            `split on ${featuresLabel(a.features)} ${a.rule.ev.toFixed(3)} (${
              (100 * (1 - a.rule.ev / opt)).toFixed(2)
            }% below)`
          ).join(", ")
        }; always hit holding a Second Chance, else ${
          st.simple.map((x) =>
            `under ${formatCutoff(x.cutoff)}${x.derived ? " (derived)" : ""}: ${
              x.evaluation.ev.toFixed(3)
            } (${(100 * (1 - x.evaluation.ev / opt)).toFixed(2)}% below)`
          ).join("; ")
        }; simplest within 0.5% of optimal: ${
          simplest?.rule ?? "none"
        }; seed 000's cut-offs ${
          st.rules[0].seedRule.ev.toFixed(3)
        }, read against the 88-card deck ${
          st.seedReadings[0].evaluation.ev.toFixed(3)
        }, with "at most" ${st.seedReadings[1].evaluation.ev.toFixed(3)}`,
      );
    }
    const ap = exactAdvice("approx"), ex = exactAdvice("exact");
    const cuts = (m: typeof ap) =>
      m.rows.slice(2).map((r) => formatCutoff(r.cutoff)).join(", ");
    const claims = [
      {
        claim: text("claim-2"),
        reference: {
          source: "seed 000",
          figure: text("figure"),
        },
        ours: `${cuts(ap)} approx; ${cuts(ex)} exact (0-1: ${
          formatCutoff(ex.rows[0].cutoff)
        })`,
      },
      {
        claim: "exact value of the beer-mat rule",
        reference: {
          source: "seed 000",
          figure: "21.02, within 5.5% of optimal",
        },
        ours: `${ap.rule.ev.toFixed(3)} approx (${
          (100 * (1 - ap.rule.ev / ap.optimum)).toFixed(1)
        }% below); ${ex.rule.ev.toFixed(3)} exact (${
          (100 * (1 - ex.rule.ev / ex.optimum)).toFixed(1)
        }% below); seed 000's own cut-offs ${
          ap.seedRule.ev.toFixed(3)
        } approx (read against the 88-card deck ${
          exactAdviceStudy("approx").seedReadings[0].evaluation.ev.toFixed(3)
        }, "under" as "at most" ${
          exactAdviceStudy("approx").seedReadings[1].evaluation.ev.toFixed(3)
        }: no reading gives 21.02)`,
      },
      (() => {
        const sa = exactAdviceStudy("approx"), sx = exactAdviceStudy("exact");
        const below = (ev: number, opt: number) =>
          `${(100 * (1 - ev / opt)).toFixed(2)}% below`;
        const [a1, x1] = [sa.simple[0], sx.simple[0]];
        return {
          claim: text("claim-3"),
          reference: {
            source: "seed 000",
            figure: text("figure-2"),
          },
          ours: `else under ${formatCutoff(a1.cutoff)}: ${
            a1.evaluation.ev.toFixed(3)
          } approx (${below(a1.evaluation.ev, sa.rules[0].optimum)}); under ${
            formatCutoff(x1.cutoff)
          }: ${x1.evaluation.ev.toFixed(3)} exact (${
            below(x1.evaluation.ev, sx.rules[0].optimum)
          }) — the simplest rule within 0.5% of optimal; per-count cut-offs split on the Second Chance ${
            sa.rules[1].rule.ev.toFixed(3)
          } / ${sx.rules[1].rule.ev.toFixed(3)}; on x2 ${
            sa.rules[2].rule.ev.toFixed(3)
          } / ${sx.rules[2].rule.ev.toFixed(3)} (does not pay)`,
        };
      })(),
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
        "features",
        "holding",
        "rule_ev",
      ],
      rows,
      summary,
      claims,
      provenance: {
        seeds: [],
        rules: text("rules"),
        models: MODEL_NOTES,
        method: text("method"),
        values,
        better_rules: better,
        better_method: text("better-method"),
        reproduce: text("reproduce"),
      },
    };
  },
});

/** The beer mats valued in the chart's second plot: CSV `features`, name. */
const MATS: [string, string][] = [
  ["none", "cut-off per count (derived)"],
  ["x2", "per count, split on x2"],
  ["chance, one cut-off 23%", "Second Chance: always hit; else < CUT"],
  ["chance, one cut-off (derived)", "Second Chance: always hit; else < CUT"],
  ["chance", "per count, split on Second Chance"],
  ["chance+x2", "per count, split on Second Chance and x2"],
];

/**
 * The chart of {@linkcode advice} from its CSV rows and provenance
 * (`values`), two plots: the cut-off by numbers showing of seed 000's kind of
 * rule, per model (side by side, so both show where they agree), seed 000's
 * cut-offs hollow; then what each beer mat is worth on the exact model, in
 * points and as a share of optimal play, against the optimum.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/advice.csv");
 * const json = Deno.readTextFileSync("results/advice.json");
 * const chart = adviceChart(parseRows(csv), JSON.parse(json));
 * assert.ok(chart.title && chart.caption?.includes("results/advice.csv"));
 * ```
 */
export function adviceChart(
  rows: Row[],
  provenance: Record<string, unknown> = {},
): ChartOptions {
  // seed 000's kind of rule only: the rows split by a feature (holding a
  // Second Chance, x2) and the one-number rules are in the CSV, not drawn
  const plain = rows.filter((r) => (r.features ?? "none") === "none");
  // the models side by side around each count
  const dodge = (m: unknown) => (m === MODELS[0] ? -0.08 : 0.08);
  const pts = plain.filter((r) => r.cutoff !== null && r.cutoff !== 0)
    .map((r) => ({
      ...r,
      x: (r.numbers_showing as number) + dodge(r.model),
    }));
  const always = plain.filter((r) =>
    r.cutoff === null && (r.numbers_showing as number) >= 2
  );
  const s0 = SEED_ADVICE.map((c, n) => ({ n, c })).filter((d) =>
    Number.isFinite(d.c)
  );
  // what each mat is worth, exact model
  const values = (provenance.values ?? {}) as Record<
    string,
    { optimum: number; seed_cutoffs_ev: number }
  >;
  const opt = values.exact?.optimum;
  const worth = [
    ...(values.exact
      ? [{
        rule: "seed 000's published cut-offs",
        // (seed 000 values them at 21.02)
        ev: values.exact.seed_cutoffs_ev,
      }]
      : []),
    ...MATS.flatMap(([features, rule]) => {
      const r = rows.find((r) =>
        r.model === "exact" && (r.features ?? "none") === features
      );
      // the one cut-off of the Second Chance rules, as the CSV prints it
      const cut = rows.find((r) =>
        r.model === "exact" && r.features === features &&
        r.holding === "no chance"
      )?.rule;
      const name = rule.replace("CUT", String(cut)) +
        (features.includes("derived") ? " (derived)" : "");
      return r ? [{ rule: name, ev: r.rule_ev as number }] : [];
    }),
  ].sort((a, b) => a.ev - b.ev);
  const lo = Math.floor(Math.min(...worth.map((w) => w.ev)) * 2 - 0.5) / 2;
  const hi = Math.ceil((opt ?? 0) * 2 + 1) / 2; // room for the labels
  const valuePanel = opt === undefined ? [] : [{
    heading: `What each beer mat is worth (exact model; optimal play ${
      opt.toFixed(3)
    }, dashed)`,
    height: 50 + 26 * worth.length,
    marginLeft: 310,
    marginRight: 20,
    x: {
      label: "Expected round score (points)",
      grid: true,
      domain: [lo, hi],
    },
    y: { label: null, domain: worth.map((w) => w.rule) },
    marks: [
      Plot.ruleX([opt], { stroke: "#999", strokeDasharray: "4,3" }),
      Plot.dot(worth, { x: "ev", y: "rule", fill: () => "exact", r: 4 }),
      Plot.text(worth, {
        x: "ev",
        y: "rule",
        text: (d: { ev: number }) =>
          `${d.ev.toFixed(3)} (${(100 * d.ev / opt).toFixed(1)}%)`,
        dx: 8,
        textAnchor: "start",
      }),
    ],
  }];
  return {
    title: "The optimal policy on a beer mat",
    subtitle: text("subtitle"),
    caption: text("caption"),
    marginRight: 30,
    color: { legend: true, domain: [...MODELS], label: "Model" },
    panels: [{
      heading: text("heading"),
      height: 300,
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
    }, ...valuePanel],
  };
}
