/**
 * What a notebook needs to show results: tables and progress for Jupyter,
 * charts shown inline, and the number formatting the command line uses.
 * Imported as `@flip7/lab/notebook` (or `./notebook.ts` from
 * `notebooks/`).
 *
 * @example
 * ```ts
 * import { pct, showChart, tableDisplay } from "./notebook.ts";
 * import * as Plot from "@observablehq/plot";
 * tableDisplay([{ policy: "ev", win_share: pct(0.5034) }]);
 * showChart({ marks: [Plot.lineY([1, 3, 2])] });
 * ```
 * @module
 */

export {
  type JupyterDisplayable,
  type ProgressDisplay,
  progressDisplay,
  tableDisplay,
} from "./display.ts";
export {
  type ChartOptions,
  type PanelOptions,
  type PlotOptions,
  showChart,
  svgDisplay,
} from "./chart.ts";
export { pct, round, table as textTable } from "../util/format.ts";
