/**
 * The chart of a sweep: win share minus the fair share `1/n` against the
 * players at the table, one panel per rules preset (and optionally rows of
 * panels), Wilson 95% bars, the series dodged around each size
 * ({@linkcode sweepChart} from pooled rows, {@linkcode winShareChart} from
 * points). `sweep.ts` re-exports it.
 *
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { ChartOptions, PlotOptions } from "../chart/chart.ts";
import type { Row } from "./experiment.ts";

/**
 * Text and extras of {@linkcode sweepChart}.
 *
 * @example
 * ```ts
 * const o: SweepChartOptions = { title: "ev vs bust:0.25", dodge: 0.2 };
 * ```
 */
export interface SweepChartOptions {
  /** Title, inside the SVG. */
  title?: string;
  /** Subtitle. */
  subtitle?: string;
  /** Caption. */
  caption?: string;
  /**
   * Horizontal spread of the series around each table size, in players
   * (default 0.12 per series, at most 0.5).
   */
  dodge?: number;
  /** Further marks drawn on top (e.g. published figures to compare with). */
  marks?: PlotOptions["marks"];
}

/**
 * One point of a {@linkcode winShareChart}: a series' per-seat win share at
 * `x` players (already dodged), minus the fair share, with its interval.
 *
 * @example
 * ```ts
 * const p: WinSharePoint = { rules: "standard", series: "ev", x: 3.9, y: 0.02, lo: 0.01, hi: 0.03 };
 * ```
 */
export interface WinSharePoint {
  /** Rules preset (the column of panels). */
  rules: unknown;
  /** Series (the colour). */
  series: unknown;
  /** Players, dodged. */
  x: number;
  /** Win share minus 1/n. */
  y: number;
  /** Interval low, minus 1/n. */
  lo: number;
  /** Interval high, minus 1/n. */
  hi: number;
  /** Row of panels, with {@linkcode WinShareChartOptions}`.rows`. */
  row?: unknown;
  /**
   * The policies hold unequal numbers of seats at this size (e.g. 3 players:
   * 2 ev, 1 other): joined to the other unequal sizes by a dashed line, never
   * to the equal ones.
   */
  unequal?: boolean;
}

/**
 * Layout of a {@linkcode winShareChart}.
 *
 * @example
 * ```ts
 * const o: WinShareChartOptions = { rules: ["standard"], players: [2, 4], series: ["ev"], seriesLabel: "Policy" };
 * ```
 */
export interface WinShareChartOptions extends SweepChartOptions {
  /** Rules presets, the columns of panels. */
  rules: string[];
  /**
   * Rows of panels, each a plot of its own (own y axis, heading above it):
   * `key` matches {@linkcode WinSharePoint}`.row` (default: one row).
   */
  rows?: { key: string; heading: string }[];
  /** Table sizes, the x ticks. */
  players: number[];
  /** x domain (default: the sizes ± 0.4). */
  xDomain?: [number, number];
  /** Series, in legend order. */
  series: string[];
  /** Legend label. */
  seriesLabel: string;
  /** Height in px of each row of panels (default 380). */
  height?: number;
  /** Right margin in px (default 20). */
  marginRight?: number;
  /** Further marks of one row of panels (`row` is its key, or undefined). */
  rowMarks?: (row: string | undefined) => PlotOptions["marks"];
}

/**
 * The win-share chart the table-size experiments share (`sweep`,
 * `field-size`): per-seat win share minus the fair share `1/n` against
 * players, one panel per rules preset (and one row of panels, a plot with
 * its own y axis and a heading, per `rows`), one colour per series, interval
 * bars, a faint line through each series — solid through the sizes where the
 * policies hold equal seats, dashed through the others — and `marks` /
 * `rowMarks` on top (e.g. published figures).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderSvg } from "../chart/chart.ts";
 * const svg = renderSvg(winShareChart(
 *   [{ rules: "standard", series: "ev", x: 2, y: 0.01, lo: 0, hi: 0.02 }],
 *   { title: "ev by size", rules: ["standard"], players: [2], series: ["ev"], seriesLabel: "Policy" },
 * ));
 * assert.ok(svg.includes(">ev by size</text>"));
 * ```
 */
export function winShareChart(
  pts: WinSharePoint[],
  o: WinShareChartOptions,
): ChartOptions {
  const lo = Math.min(...o.players), hi = Math.max(...o.players);
  const marksOf = (row: string | undefined) => {
    const mine = row === undefined ? pts : pts.filter((p) => p.row === row);
    const equal = mine.filter((p) => !p.unequal);
    const unequal = mine.filter((p) => p.unequal);
    return [
      Plot.ruleY([0], { stroke: "#999", strokeDasharray: "4,3" }),
      Plot.link(mine, {
        x1: "x",
        x2: "x",
        y1: "lo",
        y2: "hi",
        fx: "rules",
        stroke: "series",
        strokeWidth: 2,
      }),
      Plot.line(equal, {
        x: "x",
        y: "y",
        z: "series",
        fx: "rules",
        stroke: "series",
        strokeOpacity: 0.45,
      }),
      ...(unequal.length > 1
        ? [Plot.line(unequal, {
          x: "x",
          y: "y",
          z: "series",
          fx: "rules",
          stroke: "series",
          strokeOpacity: 0.45,
          strokeDasharray: "2,3",
        })]
        : []),
      Plot.dot(mine, { x: "x", y: "y", fx: "rules", fill: "series", r: 3 }),
      ...(o.rowMarks?.(row) ?? []),
      ...(o.marks ?? []),
    ];
  };
  const height = o.height ?? 380;
  return {
    title: o.title,
    subtitle: o.subtitle,
    caption: o.caption,
    height,
    marginRight: o.marginRight ?? 20,
    marginLeft: 56,
    x: {
      label: "Players at the table",
      ticks: o.players,
      tickFormat: "d",
      domain: o.xDomain ?? [lo - 0.4, hi + 0.4],
    },
    y: {
      label: "Win share − 1/n (percentage points)",
      labelAnchor: "center" as const,
      percent: true,
      grid: true,
      nice: true,
    },
    fx: { label: null, domain: o.rules },
    color: { legend: true, domain: o.series, label: o.seriesLabel },
    ...(o.rows
      ? {
        panels: o.rows.map(({ key, heading }) => ({
          heading,
          marks: marksOf(key),
        })),
      }
      : { marks: marksOf(undefined) }),
  };
}

/**
 * The sweep chart ({@linkcode winShareChart}): per-seat win share minus the
 * fair share `1/n` against players, one panel per rules preset, one colour
 * per policy (a policy in several sets is named with its opponents, e.g.
 * `ev (vs sum:25)`), Wilson 95% bars, replicates pooled; sizes where the
 * policies hold unequal seats (`seats` differ in the cell) joined by dashed
 * lines.
 *
 * @example
 * ```ts
 * import { planSweep, pooledRows, runSweep } from "./sweep.ts";
 * import assert from "node:assert/strict";
 * import { renderSvg } from "../chart/chart.ts";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * const accs = await runSweep(plan, { workers: 1 });
 * const svg = renderSvg(sweepChart(pooledRows(plan, accs), { title: "ev vs bust:0.25" }));
 * assert.ok(svg.includes(">ev vs bust:0.25</text>"));
 * ```
 */
export function sweepChart(
  pooledRows: Row[],
  text: SweepChartOptions = {},
): ChartOptions {
  const cellKey = (r: Row) => JSON.stringify([r.set, r.rules, r.players]);
  const cells = new Map<string, Row[]>();
  for (const r of pooledRows) {
    cells.set(cellKey(r), [...(cells.get(cellKey(r)) ?? []), r]);
  }
  // the policies of each set, and the sets each policy plays in
  const setPolicies = new Map<unknown, string[]>();
  for (const r of pooledRows) {
    const ps = setPolicies.get(r.set) ?? [];
    if (!ps.includes(String(r.policy))) ps.push(String(r.policy));
    setPolicies.set(r.set, ps);
  }
  const inSets = (p: string) =>
    [...setPolicies.values()].filter((ps) => ps.includes(p)).length;
  const series = (r: Row) => {
    const p = String(r.policy);
    if (inSets(p) < 2) return p;
    const others = setPolicies.get(r.set)!.filter((q) => q !== p);
    return `${p} (vs ${others.join(", ")})`;
  };
  const domain = [...new Set(pooledRows.map(series))];
  const rules = [...new Set(pooledRows.map((r) => String(r.rules)))];
  const players = [...new Set(pooledRows.map((r) => r.players as number))]
    .sort((a, b) => a - b);
  const width = text.dodge ?? Math.min(0.5, 0.12 * domain.length);
  const dx = (s: string) =>
    domain.length < 2
      ? 0
      : -width / 2 + width * domain.indexOf(s) / (domain.length - 1);
  const unequalSeats = (r: Row) =>
    new Set(cells.get(cellKey(r))!.map((c) => c.seats)).size > 1;
  const pts = pooledRows.map((r) => {
    const n = r.players as number;
    return {
      rules: r.rules,
      series: series(r),
      x: n + dx(series(r)),
      y: (r.win_share as number) - 1 / n,
      lo: (r.ci_low as number) - 1 / n,
      hi: (r.ci_high as number) - 1 / n,
      unequal: r.seats === undefined ? false : unequalSeats(r),
    };
  });
  return winShareChart(pts, {
    ...text,
    rules,
    players,
    series: domain,
    seriesLabel: "Policy",
  });
}
