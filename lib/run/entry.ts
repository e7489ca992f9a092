/**
 * The shape of a strategy registry entry, apart from the registry itself so
 * that a strategy module can describe its own entry without importing the
 * registry (which imports every strategy).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { StrategyEntry } from "./entry.ts";
 * import { SumStrategy } from "../strategies/sum.ts";
 * const entry: StrategyEntry = {
 *   name: "sum", param: "count", usage: "sum:N",
 *   describe: "Hit below N.", make: (n) => new SumStrategy(n),
 * };
 * assert.equal(entry.make(20, {}).name, "sum:20");
 * ```
 * @module
 */

import type { ModelName, SoloModel } from "../solver/model.ts";
import type { Strategy } from "../game/view.ts";
import type { WTable } from "../winprob/table.ts";

/**
 * What a spec may be built against besides its parameter: the solo model of
 * `dp`/`optimal`/`advice`, and tables handed to the win agents (by an
 * experiment that ships them to its workers). Everything is optional: the
 * defaults are the exact model and the tables provided per rules preset.
 */
export interface StrategyContext {
  /** Solo model (or its name) of `dp`, `optimal` and `advice` (default `exact`). */
  model?: ModelName | SoloModel;
  /** The search table of the rules in play (asked only by the search agents). */
  searchTable?: () => WTable;
  /** The best-response table against an opponent model (asked only by the winprob agents). */
  brTable?: (opponent: "maximiser" | number) => WTable;
}

/** What kind of parameter a strategy takes. */
export type ParamKind = "none" | "count" | "probability" | "policy";

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
  /**
   * Build an instance from the parsed parameter (and the context, if any);
   * a `policy` parameter is the inner strategy, built from the spec after the
   * colon (`param` is then 0).
   */
  make(param: number, context: StrategyContext, inner?: Strategy): Strategy;
}
