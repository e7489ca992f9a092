/**
 * The chart theme and options: the project style ({@linkcode CHART_STYLE}),
 * the light and dark colour themes, and the options a chart takes (Plot's
 * own, plus our in-SVG title, subtitle, caption and panels). `chart.ts`
 * re-exports them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { CHART_STYLE, THEMES } from "./theme.ts";
 * assert.equal(CHART_STYLE.fontFamily.split(",")[0], "DejaVu Sans"); // the font PNGs load
 * assert.notEqual(THEMES.dark.background, THEMES.light.background);
 * ```
 * @module
 */

import type * as Plot from "@observablehq/plot";

/** Observable Plot's options, which a chart's options extend (see Plot's documentation). */
export type PlotOptions = Plot.PlotOptions;

/** The project chart style. Change it here, and every chart follows. */
export const CHART_STYLE = {
  /** Font stack; the first entry is the one {@linkcode svgToPng} loads. */
  fontFamily: "DejaVu Sans, Verdana, Arial, sans-serif",
  /** Base font size (axes, legends), in px. */
  fontSize: 11,
  /** Title font size, in px. */
  titleSize: 15,
  /** Subtitle and caption font size, in px. */
  subtitleSize: 11,
  /** Default chart width, in px. */
  width: 640,
  /** Outer padding around the title, legend and caption block, in px. */
  pad: 10,
  /** Text color (also what `currentColor` resolves to). */
  color: "#1a1a1a",
  /** Secondary text color (subtitle, caption). */
  muted: "#555555",
  /** Background fill. */
  background: "white",
} as const;

/**
 * The colours of a theme (see {@linkcode THEMES}).
 *
 * @example
 * ```ts
 * const sepia: ChartTheme = { color: "#3b2f2f", muted: "#7a6a5a", background: "#f4ecd8" };
 * ```
 */
export interface ChartTheme {
  /** Text color (also what `currentColor` resolves to). */
  color: string;
  /** Secondary text color (subtitle, caption). */
  muted: string;
  /** Background fill. */
  background: string;
}

/**
 * The chart themes: `light` (the default, {@linkcode CHART_STYLE}'s colours)
 * and `dark`. Marks drawn in `currentColor` follow the theme.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(THEMES.dark.background, "#15171a");
 * assert.equal(THEMES.light.background, CHART_STYLE.background);
 * ```
 */
export const THEMES: Record<"light" | "dark", ChartTheme> = {
  light: {
    color: CHART_STYLE.color,
    muted: CHART_STYLE.muted,
    background: CHART_STYLE.background,
  },
  dark: { color: "#e8e8e8", muted: "#b0b0b0", background: "#15171a" },
};

/**
 * One panel of a chart of several stacked plots (see
 * {@linkcode ChartOptions.panels}).
 *
 * @example
 * ```ts
 * const p: PanelOptions = { heading: "Points", x: { label: "points" }, marks: [] };
 * ```
 */
export interface PanelOptions
  extends Omit<PlotOptions, "title" | "subtitle" | "caption" | "document"> {
  /** Heading drawn above the panel. */
  heading?: string;
}

/** Plot's own options, plus our in-SVG `title`, `subtitle` and `caption`. */
export interface ChartOptions
  extends Omit<PlotOptions, "title" | "subtitle" | "caption" | "document"> {
  /** Title drawn at the top, inside the SVG (wrapped to the width). */
  title?: string;
  /** Subtitle drawn under the title, inside the SVG (wrapped to the width). */
  subtitle?: string;
  /** Caption drawn at the bottom, inside the SVG (wrapped to the width). */
  caption?: string;
  /** Colour theme (default `light`). */
  theme?: "light" | "dark";
  /**
   * Several plots stacked under one header, each with its own scales (for
   * figures in different units); each panel's options are merged over the
   * chart's own Plot options. The color legend comes from the first panel
   * that has one.
   */
  panels?: PanelOptions[];
}

/** Options for {@linkcode svgToPng}. */
export interface PngOptions {
  /**
   * Pixel density: 2 (the default) renders a 640-px-wide chart as 1280 px.
   * The PNG carries a `pHYs` chunk of 96 × scale DPI, so the image keeps the
   * chart's size in CSS pixels (inches) when placed in a document.
   */
  scale?: number;
  /** Font files to load instead of the default DejaVu Sans files. */
  fontFiles?: string[];
}
