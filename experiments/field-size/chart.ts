/**
 * The chart of `field-size` (experiments/field-size.ts), drawn from its JSON.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Row } from "../../lib/experiment/experiment.ts";
import { winShareChart } from "../../lib/experiment/sweep.ts";
import { wilson } from "../../lib/run/stats.ts";
import { A, PLAYERS, READINGS, RULES, SEED000 } from "./plan.ts";
import { prose } from "../text.ts";
import TEXT from "../text/field-size.md" with { type: "text" };

const text = prose("field-size", TEXT);

/** What each reading of `bust:0.25` is, for the chart's panel headings. */
const READING_TEXT: Record<string, string> = {
  "bust:0.25": text("heading-bust"),
  "bustsc:0.25": text("heading-bustsc"),
};

/**
 * The chart of {@linkcode fieldSize} from its provenance (`pooled`,
 * `readings`, `quick`): pooled per-seat win shares minus the fair share 1/n,
 * with Wilson 95% intervals, one plot (own y axis, heading) per reading of
 * `bust:0.25` (`bust:0.25` and `bustsc:0.25`; the further readings are in the
 * CSV, not drawn), coloured by policy. Even sizes (equal seats) are joined by
 * solid lines, odd sizes (ev holds the extra seat) by dashed ones. Seed
 * 000's figures are rings with their Wilson 95% intervals from its game
 * counts, in both plots (it published one `bust:0.25`).
 *
 * @example
 * ```ts
 * import { parseRows } from "../../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/field-size.csv");
 * const json = Deno.readTextFileSync("results/field-size.json");
 * const chart = fieldSizeChart(parseRows(csv), JSON.parse(json));
 * assert.equal(chart.title, "Win share against field size: ev against two readings of bust:0.25");
 * ```
 */
export function fieldSizeChart(
  _rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const pooled = provenance.pooled as Row[];
  const readings = (provenance.readings as string[] | undefined) ?? READINGS;
  const dx = (p: unknown) => (p === A ? -0.12 : 0.12);
  const excess = (r: { players?: unknown }, v: unknown) =>
    (v as number) - 1 / (r.players as number);
  const chartPts = pooled.filter((r) => readings.includes(r.reading as string))
    .map((r) => ({
      rules: r.rules,
      row: r.reading,
      series: r.policy,
      x: (r.players as number) + dx(r.policy),
      y: excess(r, r.win_share),
      lo: excess(r, r.ci_low),
      hi: excess(r, r.ci_high),
      unequal: (r.players as number) % 2 === 1,
    }));
  // seed 000: per-seat shares over n/2 seats each; the interval is Wilson's
  // of the policy's wins (share × seats × games) over its games, per seat
  const s0 = RULES.flatMap((rules) =>
    SEED000.map((r) => {
      const seats = r.players / 2;
      const [lo, hi] = wilson(r.win_share * seats * r.games, r.games);
      return {
        rules,
        series: r.policy,
        x: r.players + 2.2 * dx(r.policy),
        y: excess(r, r.win_share),
        lo: excess(r, lo / seats),
        hi: excess(r, hi / seats),
      };
    })
  );
  const seed000Marks = (row: string | undefined) => {
    // seed 000's policies are ev and bust:0.25 in both plots
    const pts = s0.map((p) => ({ ...p, c: p.series, row }));
    return [
      Plot.link(pts, {
        x1: "x",
        x2: "x",
        y1: "lo",
        y2: "hi",
        fx: "rules",
        stroke: "c",
        strokeWidth: 1,
      }),
      Plot.dot(pts, {
        x: "x",
        y: "y",
        fx: "rules",
        stroke: "c",
        fill: "white",
        r: 4,
        strokeWidth: 1.5,
      }),
    ];
  };
  return winShareChart(chartPts, {
    title: text("chart-title"),
    subtitle: text("chart-subtitle", {
      quick: provenance.quick ? " (quick run)" : "",
    }),
    caption: text("chart-caption"),
    height: 300,
    marginRight: 20,
    players: PLAYERS,
    xDomain: [1.5, 8.5],
    rules: RULES,
    rows: readings.map((key) => ({
      key,
      heading: READING_TEXT[key] ?? `ev against ${key}`,
    })),
    series: [A, ...readings],
    seriesLabel: "Policy",
    rowMarks: seed000Marks,
  });
}
