/**
 * The chart of the `win-optimal` experiment, drawn from its JSON.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Row } from "../../lib/experiment/experiment.ts";
import { prose } from "../text.ts";
import TEXT from "../text/win-optimal.md" with { type: "text" };

const text = prose("win-optimal", TEXT);

/**
 * The chart: the solo bust probability of the rule `brfield` picks against
 * its deficit to the leader (all opponents level, the leader at 3/4 of the
 * target), one line per table size.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const cutoff_curve = [
 *   { players: 2, deficit: 0, bust: 0.2 },
 *   { players: 2, deficit: 10, bust: 0.5 },
 * ];
 * const chart = winOptimalChart([], { cutoff_curve, target: 60, quick: true });
 * assert.equal(
 *   chart.subtitle,
 *   "Solo bust probability of the rule brfield picks, by its deficit to the leader (leader at 45, all opponents level); quick run",
 * );
 * assert.deepEqual(chart.y!.domain, [0, 54]); // 108% of the highest, in percent
 * ```
 */
export function winOptimalChart(
  _rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const curve = (provenance.cutoff_curve ?? []) as Row[];
  const pts = curve.map((r) => ({ ...r, N: `${r.players} players` }));
  const target = (provenance.target ?? 200) as number;
  return {
    title: text("chart-title"),
    subtitle: text("chart-subtitle", {
      lead: Math.round(0.75 * target),
      quick: provenance.quick ? text("chart-subtitle-quick") : "",
    }),
    caption: text("chart-caption"),
    height: 360,
    x: { label: "Deficit to the leader (points)", grid: true },
    // headroom above the highest line (the domain is in percent, as shown)
    y: {
      label: "P(bust) of the chosen rule (%)",
      percent: true,
      grid: true,
      domain: [
        0,
        Math.min(
          100,
          108 * Math.max(0.01, ...curve.map((r) => Number(r.bust) || 0)),
        ),
      ],
      nice: true,
    },
    color: { legend: true, domain: [...new Set(pts.map((p) => p.N))] },
    marks: [
      Plot.ruleX([0], { stroke: "#999" }),
      Plot.line(pts, { x: "deficit", y: "bust", stroke: "N", curve: "step" }),
    ],
  };
}
