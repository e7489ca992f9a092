/**
 * The chart of `card-counting` (experiments/card-counting.ts), drawn from
 * its CSV rows.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Row } from "../../lib/experiment/experiment.ts";
import { A, C, RULES, SETTINGS } from "./settings.ts";
import { prose } from "../text.ts";
import TEXT from "../text/card-counting.md" with { type: "text" };

const text = prose("card-counting", TEXT);

/** The headings of the two difference panels. */
const MEASURES = [text("heading-points"), text("heading-share")];

/**
 * Each rules set's rows as an interval (`lo`..`hi`) with its point (`diff`)
 * on the row's `label`, the two rules sets drawn 5 px above and below.
 */
function intervalMarks(rows: Row[]): Plot.Markish[] {
  return RULES.flatMap((rules, j) => {
    const d = rows.filter((r) => r.rules === rules);
    const dy = j === 0 ? -5 : 5;
    return [
      Plot.link(d, {
        x1: "lo",
        x2: "hi",
        y1: "label",
        y2: "label",
        stroke: "rules",
        strokeWidth: 2,
        dy,
      }),
      Plot.dot(d, { x: "diff", y: "label", fill: "rules", r: 3, dy }),
    ];
  });
}

/**
 * The chart of {@linkcode cardCounting} from its CSV rows (and `quick` from
 * the provenance): three panels, each in its own unit — the single-round
 * levels of ev and evc (two seats together, and each alone), against seed
 * 000's 20.21, so that a level mismatch shows; then points a round (evc
 * minus ev) and evc's win share over the fair share (percentage points),
 * one row per setting that has the figure.
 *
 * @example
 * ```ts
 * import { parseRows } from "../../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/card-counting.csv");
 * const json = Deno.readTextFileSync("results/card-counting.json");
 * const chart = cardCountingChart(parseRows(csv), JSON.parse(json));
 * assert.equal(chart.title, "What card counting is worth: evc against ev");
 * assert.equal(chart.panels?.length, 3);
 * ```
 */
export function cardCountingChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const label = (setting: unknown) =>
    SETTINGS.find((s) => s.setting === setting)?.label ?? String(setting);
  const pick = (measure: string, policy: string) =>
    rows.filter((r) => r.measure === measure && r.policy === policy).map((
      r,
    ) => ({
      rules: r.rules,
      label: label(r.setting),
      diff: r.estimate as number,
      lo: r.ci_low as number,
      hi: r.ci_high as number,
    }));
  const seed000 = [
    [{ label: SETTINGS[0].label, diff: 0 }, {
      label: SETTINGS[1].label,
      diff: 0.2,
    }, { label: SETTINGS[2].label, diff: 0.2 }],
    [{ label: SETTINGS[1].label, diff: 0.01 }, {
      label: SETTINGS[2].label,
      diff: 0.01,
    }],
  ];
  const counts = SETTINGS.map((s) => {
    const r = rows.find((r) => r.setting === s.setting);
    const n = ((r?.n as number) ?? 0).toLocaleString("en-US");
    return s.mode === "round"
      ? `${n} rounds`
      : `${n} ${s.players === 2 ? "heads-up" : "four-player"} games`;
  }).join(", ");
  const panel = (
    k: number,
    data: ReturnType<typeof pick>,
    x: Record<string, unknown>,
  ) => {
    const labels = SETTINGS.map((s) => s.label).filter((l) =>
      data.some((d) => d.label === l)
    );
    return {
      heading: MEASURES[k],
      height: 50 + 34 * labels.length,
      x: { grid: true, nice: true, ...x },
      y: { label: null, domain: labels },
      marks: [
        Plot.ruleX([0], { stroke: "#999" }),
        ...intervalMarks(data),
        Plot.dot(seed000[k], {
          x: "diff",
          y: "label",
          symbol: "diamond",
          stroke: "currentColor",
          r: 5,
        }),
      ],
    };
  };
  // single-round levels: two seats together and each alone
  const LEVELS = [
    ["round", A, `${A}, 2 seats together`],
    ["round", C, `${C}, 2 seats together`],
    ["solo", A, `${A} alone (94 cards)`],
    ["solo", C, `${C} alone (94 cards)`],
  ];
  const levels = LEVELS.flatMap(([setting, policy, label]) =>
    rows.filter((r) =>
      r.setting === setting && r.policy === policy &&
      r.measure === "points_per_round"
    ).map((r) => ({
      rules: r.rules,
      label,
      diff: r.estimate as number,
      lo: r.ci_low as number,
      hi: r.ci_high as number,
    }))
  );
  const levelLabels = LEVELS.map((l) => l[2]).filter((l) =>
    levels.some((d) => d.label === l)
  );
  const levelPanel = {
    heading: text("heading-levels"),
    height: 50 + 34 * levelLabels.length,
    x: { grid: true, nice: true, label: "Points a round" },
    y: { label: null, domain: levelLabels },
    marks: [
      ...intervalMarks(levels),
      Plot.dot(levelLabels.map((label) => ({ label, diff: 20.21 })), {
        x: "diff",
        y: "label",
        symbol: "diamond",
        stroke: "currentColor",
        r: 5,
      }),
    ],
  };
  return {
    title: text("chart-title"),
    subtitle: `${provenance.quick ? `quick run: ${counts}` : counts}`,
    caption: text("chart-caption"),
    marginLeft: 160,
    marginRight: 20,
    color: { legend: true, domain: RULES, label: "Rules" },
    panels: [
      levelPanel,
      panel(0, pick("points_per_round", `${C}-${A}`), {
        label: "Points a round (evc − ev)",
      }),
      panel(1, pick("win_share_over_fair", C), {
        label: "Win share − 1/n (percentage points)",
        percent: true,
      }),
    ],
  };
}
