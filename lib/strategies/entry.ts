/**
 * The shape of a strategy registry entry, apart from the registry itself so
 * that a strategy module can describe its own entry without importing the
 * registry (which imports every strategy).
 *
 * @example
 * ```ts
 * import type { StrategyEntry } from "./entry.ts";
 * import { SumStrategy } from "./sum.ts";
 * const entry: StrategyEntry = {
 *   name: "sum", param: "count", usage: "sum:N",
 *   describe: "Hit below N.", make: (n) => new SumStrategy(n),
 * };
 * entry.make(20).name; // "sum:20"
 * ```
 * @module
 */

import type { Strategy } from "../view.ts";

/** What kind of parameter a strategy takes. */
export type ParamKind = "none" | "count" | "probability";

/** One registry entry. */
export interface StrategyEntry {
  /** Name used in specs. */
  name: string;
  /** Parameter kind. */
  param: ParamKind;
  /** Spec shown in help, e.g. `sum:N`. */
  usage: string;
  /** What it does, one or two sentences. */
  describe: string;
  /** Build an instance from the parsed parameter. */
  make(param: number): Strategy;
}
