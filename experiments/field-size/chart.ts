/**
 * The chart of `field-size` (experiments/field-size.ts), drawn from its JSON.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Row } from "../../lib/experiment/experiment.ts";
import { wilson } from "../../lib/run/stats.ts";
import { A, PLAYERS, SEED000 } from "./plan.ts";
import { prose } from "../text.ts";
import TEXT from "../text/field-size.md" with { type: "text" };

const text = prose("field-size", TEXT);

/** The reading the field-size claims are judged under (docs/claims.md). */
export const VERDICT_READING = { policy: "bust:0.25", rules: "standard" };

/**
 * The chart of {@linkcode fieldSize} from its provenance (`pooled`,
 * `quick`), under the one reading its claims are judged under — ev against
 * `bust:0.25`, the rule seed 000 names, under the official rules — in two
 * plots against the number of players: the per-seat win share minus the fair
 * share 1/n (Wilson 95% bars), and the points a round (± 1.96 SE bars), each
 * policy a colour. Even sizes (equal seats) are joined by solid lines, odd
 * sizes (ev holds the extra seat) by dashed ones. Seed 000's published
 * figures at 2, 4 and 6 players are rings (win shares with Wilson 95% bars
 * from its game counts; it prints no SE for points). The other readings are
 * the reading search (the report, CLAIMS.md), not drawn here.
 *
 * @example
 * ```ts
 * import { parseRows } from "../../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/field-size.csv");
 * const json = Deno.readTextFileSync("results/field-size.json");
 * const chart = fieldSizeChart(parseRows(csv), JSON.parse(json));
 * assert.equal(chart.title, "Field size under the rule seed 000 names: ev against bust:0.25");
 * assert.equal(chart.panels!.length, 2);
 * ```
 */
export function fieldSizeChart(
  _rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const { policy: B, rules } = VERDICT_READING;
  const pooled = (provenance.pooled as Row[]).filter((r) =>
    r.reading === B && r.rules === rules
  );
  const dx = (p: unknown) => (p === A ? -0.12 : 0.12);
  const excess = (r: { players?: unknown }, v: unknown) =>
    (v as number) - 1 / (r.players as number);
  const ours = pooled.map((r) => ({
    series: r.policy,
    x: (r.players as number) + dx(r.policy),
    unequal: (r.players as number) % 2 === 1,
    share: excess(r, r.win_share),
    shareLo: excess(r, r.ci_low),
    shareHi: excess(r, r.ci_high),
    points: r.points_per_round as number,
    pointsLo: (r.points_per_round as number) - 1.96 * (r.ppr_se as number),
    pointsHi: (r.points_per_round as number) + 1.96 * (r.ppr_se as number),
  }));
  // seed 000: per-seat shares over n/2 seats each; the interval is Wilson's
  // of the policy's wins (share × seats × games) over its games, per seat
  const s0 = SEED000.map((r) => {
    const seats = r.players / 2;
    const [lo, hi] = wilson(r.win_share * seats * r.games, r.games);
    return {
      series: r.policy,
      x: r.players + 2.2 * dx(r.policy),
      share: excess(r, r.win_share),
      shareLo: excess(r, lo / seats),
      shareHi: excess(r, hi / seats),
      points: r.points_per_round,
    };
  });
  const lines = (y: string) => [
    Plot.line(ours.filter((p) => !p.unequal), {
      x: "x",
      y,
      z: "series",
      stroke: "series",
      strokeOpacity: 0.45,
    }),
    Plot.line(ours.filter((p) => p.unequal), {
      x: "x",
      y,
      z: "series",
      stroke: "series",
      strokeOpacity: 0.45,
      strokeDasharray: "2,3",
    }),
  ];
  const x = {
    label: "Players at the table",
    ticks: PLAYERS,
    tickFormat: "d",
    domain: [1.5, 8.5],
  };
  return {
    title: text("chart-title"),
    subtitle: text("chart-subtitle", {
      quick: provenance.quick ? " (quick run)" : "",
    }),
    caption: text("chart-caption"),
    color: { legend: true, domain: [A, B], label: "Policy" },
    panels: [
      {
        heading: text("heading-share"),
        height: 280,
        marginLeft: 56,
        x,
        y: {
          label: "Win share − 1/n (percentage points)",
          percent: true,
          grid: true,
          nice: true,
        },
        marks: [
          Plot.ruleY([0], { stroke: "#999", strokeDasharray: "4,3" }),
          Plot.link(ours, {
            x1: "x",
            x2: "x",
            y1: "shareLo",
            y2: "shareHi",
            stroke: "series",
            strokeWidth: 2,
          }),
          ...lines("share"),
          Plot.dot(ours, { x: "x", y: "share", fill: "series", r: 3 }),
          Plot.link(s0, {
            x1: "x",
            x2: "x",
            y1: "shareLo",
            y2: "shareHi",
            stroke: "series",
            strokeWidth: 1,
          }),
          Plot.dot(s0, {
            x: "x",
            y: "share",
            stroke: "series",
            fill: "white",
            r: 4,
            strokeWidth: 1.5,
          }),
        ],
      },
      {
        heading: text("heading-points"),
        height: 280,
        marginLeft: 56,
        x,
        y: { label: "Points a round", grid: true, nice: true },
        marks: [
          Plot.link(ours, {
            x1: "x",
            x2: "x",
            y1: "pointsLo",
            y2: "pointsHi",
            stroke: "series",
            strokeWidth: 2,
          }),
          ...lines("points"),
          Plot.dot(ours, { x: "x", y: "points", fill: "series", r: 3 }),
          Plot.dot(s0, {
            x: "x",
            y: "points",
            stroke: "series",
            fill: "white",
            r: 4,
            strokeWidth: 1.5,
          }),
        ],
      },
    ],
  };
}
