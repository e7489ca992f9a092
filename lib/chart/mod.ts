/**
 * Charts of result rows, independent of the game: the Observable Plot theme,
 * SVG/PNG/PDF rendering, the automatic chart checks, and the notebook
 * displays.
 *
 * @module
 */

export * from "./chart.ts";
export * from "./check.ts";
export * from "./display.ts";
export * from "./notebook.ts";
