/**
 * The chart of the `win-agent` experiment, drawn from its CSV rows.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, Row } from "../../lib/experiment/experiment.ts";
import { prose } from "../text.ts";
import TEXT from "../text/win-agent.md" with { type: "text" };

const text = prose("win-agent", TEXT);

/** The colour group of an agent, in legend order. */
const FAMILIES: [string, (agent: string) => boolean][] = [
  ["search-bank: seed 001 as described", (a) => a === "search-bank"],
  ["search: + continuation laws", (a) => a === "search"],
  ["winprob", (a) => a === "winprob"],
  ["winprob ablations", (a) => a.startsWith("winprob/")],
  ["adapt", (a) => a === "adapt"],
  ["brsum:37: knows its opponent", (a) => a === "brsum:37"],
];

function agentFamily(agent: unknown): string {
  const a = String(agent);
  return FAMILIES.find(([, f]) => f(a))?.[0] ?? a;
}

/** Row order within a plot: by opponent, then by agent. */
const OPPONENT_ORDER = [
  "sum:37",
  "ev",
  "bust:0.25",
  "search0",
  "search0-bank",
  "search",
];
const AGENT_ORDER = [
  "search-bank",
  "search",
  "winprob",
  "adapt",
  "brsum:37",
  "winprob/flip3-shared",
  "winprob/flip3-opponent",
  "winprob/freeze-shared",
  "winprob/no-modifiers",
];
const rank = (list: string[], v: unknown) => {
  const i = list.indexOf(String(v));
  return i < 0 ? list.length : i;
};

/**
 * The chart of the experiment from its CSV rows (and `quick` from the
 * provenance): each match's per-seat win share of the agent with its Wilson
 * interval, and seed 001's figures, in four plots each on its own axis (so
 * the intervals show): the duel (seed 001's game), the standard game heads-up,
 * winprob's ablations heads-up (beside winprob itself), four players. Rows by
 * opponent, then agent; seed 001's literal method (`search-bank`) in its own
 * colour, apart from the ablations.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const row = { rules: "duel", players: 2, agent: "search", opponent: "sum:37", games: 24,
 *   win_share: 0.75, ci_low: 0.55, ci_high: 0.88, fair_share: 0.5,
 *   seed001: 0.773, seed001_low: 0.754, seed001_high: 0.791 };
 * const chart = winAgentChart([row], { quick: true });
 * assert.equal(chart.panels!.length, 1);
 * // the fair share, 50%, is left of the axis (54% to 90%): the heading says so
 * assert.equal(
 *   chart.panels![0].heading,
 *   "Duel, seed 001's game (24 games a match) — fair share 50%, off the axis",
 * );
 * assert.match(chart.subtitle!, /\(quick run\)/);
 * ```
 */
export function winAgentChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const label = (r: Row) => `${r.agent} vs ${r.opponent}`;
  const pts: Row[] = rows.map((r) => ({
    ...r,
    label: label(r),
    family: agentFamily(r.agent),
  }));
  const games = (rules: string, players: number) =>
    ((rows.find((r) => r.rules === rules && r.players === players)
      ?.games as number) ?? 0).toLocaleString("en-US");
  const ablation = (r: Row) => String(r.agent).startsWith("winprob/");
  const groups: { heading: string; rows: Row[] }[] = [
    {
      heading: text("heading-duel", { games: games("duel", 2) }),
      rows: pts.filter((p) => p.rules === "duel"),
    },
    {
      heading: text("heading-standard", { games: games("standard", 2) }),
      rows: pts.filter((p) =>
        p.rules === "standard" && p.players === 2 && !ablation(p)
      ),
    },
    {
      heading: text("heading-ablations"),
      rows: pts.filter((p) =>
        p.rules === "standard" && p.players === 2 &&
        (ablation(p) || (p.agent === "winprob" && p.opponent === "ev"))
      ),
    },
    {
      heading: text("heading-four", { games: games("standard", 4) }),
      rows: pts.filter((p) => p.rules === "standard" && p.players === 4),
    },
  ].filter((g) => g.rows.length > 0);
  for (const g of groups) {
    g.rows.sort((a, b) =>
      rank(OPPONENT_ORDER, a.opponent) - rank(OPPONENT_ORDER, b.opponent) ||
      rank(AGENT_ORDER, a.agent) - rank(AGENT_ORDER, b.agent)
    );
  }
  const families = FAMILIES.map(([f]) => f).filter((f) =>
    pts.some((p) => p.family === f)
  );
  const panel = (g: { heading: string; rows: Row[] }) => {
    const seed = g.rows.filter((p) => p.seed001 !== null);
    const vals = g.rows.flatMap((p) => [
      p.ci_low as number,
      p.ci_high as number,
      ...(p.seed001 !== null
        ? [p.seed001_low as number, p.seed001_high as number]
        : []),
    ]);
    const fair = g.rows[0].fair_share as number;
    // whole percentage points around the data (the fair share drawn when it
    // falls inside, named in the heading when not)
    const lo = Math.floor(100 * Math.min(...vals) - 1);
    const hi = Math.ceil(100 * Math.max(...vals) + 1);
    const fairShown = 100 * fair > lo && 100 * fair < hi;
    return {
      heading: fairShown ? g.heading : text("heading-fair-off", {
        heading: g.heading,
        fair: Math.round(100 * fair),
      }),
      height: 50 + 22 * g.rows.length,
      x: {
        label: "Agent's win share (%)",
        percent: true,
        grid: true,
        domain: [lo, hi], // percent units
      },
      y: { label: null, domain: g.rows.map((p) => p.label as string) },
      marks: [
        ...(fairShown
          ? [Plot.ruleX([fair], { stroke: "#999", strokeDasharray: "3,2" })]
          : []),
        Plot.link(seed, {
          y1: "label",
          y2: "label",
          x1: "seed001_low",
          x2: "seed001_high",
          stroke: "#ccc",
          strokeWidth: 7,
        }),
        Plot.dot(seed, {
          y: "label",
          x: "seed001",
          stroke: "currentColor",
          r: 5,
        }),
        Plot.link(g.rows, {
          y1: "label",
          y2: "label",
          x1: "ci_low",
          x2: "ci_high",
          stroke: "family",
          strokeWidth: 2,
        }),
        Plot.dot(g.rows, {
          y: "label",
          x: "win_share",
          fill: "family",
          r: 3.5,
        }),
      ],
    };
  };
  return {
    title: text("chart-title"),
    subtitle: text("chart-subtitle", {
      quick: provenance.quick ? ` ${text("chart-subtitle-quick")}` : "",
    }),
    caption: text("chart-caption"),
    width: 780,
    marginLeft: 220,
    marginRight: 20,
    color: { legend: true, domain: families, label: "Agent" },
    panels: groups.map(panel),
  };
}
