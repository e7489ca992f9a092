/**
 * The chart of `deck-variants` (experiments/deck-variants.ts), drawn from
 * its CSV rows.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Row } from "../../lib/experiment/experiment.ts";
import { prose } from "../text.ts";
import TEXT from "../text/deck-variants.md" with { type: "text" };

const text = prose("deck-variants", TEXT);

/** The simple rules drawn: value column, shortfall column, legend name. */
const RULE_KINDS: [string, string, string][] = [
  ["best_sum_ev", "sum_shortfall", "best sum:N"],
  ["best_bust_ev", "bust_shortfall", "best bust:P"],
  ["best_count_ev", "count_shortfall", "best count:N"],
];
const OPTIMAL = "optimal play";

/**
 * The chart of `deck-variants` from its CSV rows, two plots with one band
 * per deck (labels on the left, so long house-variant names fit): the exact
 * value of optimal play, on an axis around it; then how far below it the
 * best rule of each simple kind falls (optimum minus the rule, in points),
 * so shortfalls of 0.04 to 2.5 points are as wide as they are different.
 * Always hitting (5.7 to 9.8 points) is in the caption and the CSV.
 *
 * @example
 * ```ts
 * import { parseRows } from "../../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const chart = deckVariantsChart(parseRows(Deno.readTextFileSync("results/deck-variants.csv")));
 * assert.equal(chart.title, "One solo round, deck by deck");
 * ```
 */
export function deckVariantsChart(rows: Row[]): ChartOptions {
  const labels = rows.map((r) => String(r.label));
  const opt = rows.map((r) => ({
    deck: String(r.label),
    policy: OPTIMAL,
    ev: r.optimum as number,
  }));
  const short = rows.flatMap((r) =>
    RULE_KINDS.map(([, col, policy]) => ({
      deck: String(r.label),
      policy,
      gap: r[col] as number,
    }))
  );
  const hit = rows.map((r) => r.always_hit_ev as number);
  const lo = Math.floor(Math.min(...opt.map((o) => o.ev)) - 0.5);
  const hi = Math.ceil(Math.max(...opt.map((o) => o.ev)) + 0.5);
  const top = Math.ceil(Math.max(...short.map((d) => d.gap)) * 2 + 0.5) / 2;
  // room for the longest deck label at ~6 px a character (10 px sans-serif)
  const marginLeft = 12 + 6 * Math.max(...labels.map((l) => l.length));
  const band = 28 * labels.length;
  return {
    title: text("chart-title"),
    subtitle: text("chart-subtitle"),
    caption: text("chart-caption", {
      low: Math.min(...hit).toFixed(1),
      high: Math.max(...hit).toFixed(1),
    }),
    marginLeft,
    marginRight: 20,
    y: { label: null, domain: labels },
    color: {
      legend: true,
      domain: [OPTIMAL, ...RULE_KINDS.map(([, , p]) => p)],
    },
    symbol: { legend: false, domain: RULE_KINDS.map(([, , p]) => p) },
    panels: [
      {
        heading: text("heading-optimum"),
        height: 50 + band,
        x: {
          label: "Expected round score (points)",
          grid: true,
          domain: [lo, hi],
        },
        marks: [
          Plot.dot(opt, { x: "ev", y: "deck", fill: "policy", r: 4 }),
          Plot.text(opt, {
            x: "ev",
            y: "deck",
            text: (d: { ev: number }) => d.ev.toFixed(2),
            dx: 8,
            textAnchor: "start",
          }),
        ],
      },
      {
        heading: text("heading-rules"),
        height: 50 + band,
        x: {
          label: "Optimum minus the rule (points a round)",
          grid: true,
          domain: [0, top],
        },
        marks: [
          Plot.ruleX([0]),
          ...RULE_KINDS.map(([, , policy], i) =>
            Plot.dot(short.filter((d) => d.policy === policy), {
              x: "gap",
              y: "deck",
              fill: "policy",
              symbol: "policy",
              r: 3.5,
              dy: (i - 1) * 6,
            })
          ),
        ],
      },
    ],
  };
}
