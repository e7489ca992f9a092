/**
 * Where the win agents get their tables: the best-response tables of
 * `winprob`, `adapt` and `brsum:N` ({@linkcode brTable}: from memory, from
 * `.cache`, or computed by the exact best response), and the search table of
 * a rules preset ({@linkcode searchTableFor}: from memory, from
 * `.cache/winprob/v5/search-<rules>.wtab`, or from the trainer that
 * `lib/run/train.ts` installs when loaded; a strategy never trains, and
 * without a trainer a missing table is a one-line error naming the command
 * that trains it).
 *
 * @module
 */

import { InputError } from "../game/cards.ts";
import { getRules } from "../game/rules.ts";
import { bestResponse } from "./bestresponse.ts";
import { bestResponsePath, searchTablePath, WTable } from "./table.ts";

/**
 * Default training budget of the cached tables: self-play games per step,
 * policy-iteration steps after the `sum:37` start, and the training seed
 * (9001 and up; evaluation seeds are checked to differ).
 */
export const DEFAULT_TRAINING = { games: 4000, iterations: 3, seed: 9001 };

/**
 * Region cuts of a total (far below 120, closing 120 to 169, near 170 and
 * up, on a 200-point scale): the training's cells.
 */
export const REGION_CUTS: readonly number[] = [120, 170];

/**
 * What the header of a rules preset's cached search table must say: its
 * kind, rules, target and the default training (games, steps, seed, start,
 * score regions).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const id = searchTableIdentity("duel");
 * assert.equal(id.kind, "search");
 * assert.equal(id.target, 200);
 * assert.equal(id.start, "sum:37");
 * ```
 */
export function searchTableIdentity(rules: string): Record<string, unknown> {
  return {
    kind: "search",
    rules,
    target: getRules(rules).target,
    sides: 2,
    games: DEFAULT_TRAINING.games,
    iterations: DEFAULT_TRAINING.iterations,
    seed: DEFAULT_TRAINING.seed,
    start: "sum:37",
    regions: REGION_CUTS,
  };
}

/**
 * What the header of a cached best-response table must say (the defaults of
 * {@linkcode bestResponse}: target 200, draws worth one half, not seeing the
 * opponent's round).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(brTableIdentity(37).opponent, "sum:37");
 * assert.equal(brTableIdentity().opponent, "maximiser");
 * ```
 */
export function brTableIdentity(threshold?: number): Record<string, unknown> {
  return {
    kind: "best-response",
    model: "numbers-only deck, fresh deck per round, independent rounds",
    opponent: threshold === undefined ? "maximiser" : `sum:${threshold}`,
    target: 200,
    sides: 1,
    ties: "half",
    sees: false,
    immediate: false,
  };
}

const loaded = new Map<string, WTable>();
let trainer: ((rules: string) => WTable) | null = null;

/**
 * The search table of a rules preset: from memory, from `.cache`, or trained
 * now by the installed trainer (synchronously, with a message on stderr) and
 * saved.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trainTableSync } from "../run/train.ts";
 * // from memory here (a table trained on 20 games); without one, from
 * // .cache, or trained by the installed trainer
 * const w = trainTableSync({ rules: "duel", games: 20, iterations: 1, seed: 9001 }).table;
 * setSearchTable("duel", w);
 * assert.equal(searchTableFor("duel"), w);
 * assert.equal(searchTableFor("duel").target, 200);
 * ```
 */
export function searchTableFor(rules: string): WTable {
  const got = loaded.get(rules);
  if (got) return got;
  const path = searchTablePath(rules);
  // the header must name this kind, these rules and the default training
  const r = WTable.check(path, searchTableIdentity(rules));
  let w: WTable;
  if ("table" in r) w = r.table;
  else {
    if (!trainer) {
      throw new InputError(
        `win table ${path} is ${r.problem}: train it with 'deno task flip7 experiment win-agent'`,
      );
    }
    console.error(
      `flip7: win table ${path} is ${r.problem}; training one now (deno task flip7 experiment win-agent trains both tables in parallel)`,
    );
    w = trainer(rules);
    w.trySaveSync(path);
  }
  loaded.set(rules, w);
  return w;
}

/**
 * Put a table in memory for a rules preset (tests, and after training).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WTable } from "./table.ts";
 * const w = WTable.symmetric(200, 2, 0.5); // every state worth one half
 * setSearchTable("standard", w);
 * assert.equal(searchTableFor("standard"), w);
 * ```
 */
export function setSearchTable(rules: string, table: WTable): void {
  loaded.set(rules, table);
}

/**
 * Install what trains a missing search table (`lib/run/train.ts` does,
 * with {@linkcode DEFAULT_TRAINING}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { trainTableSync } from "../run/train.ts";
 * // what lib/run/train.ts installs (the real budget is DEFAULT_TRAINING: minutes)
 * const train = (rules: string) => trainTableSync({ rules, ...DEFAULT_TRAINING, games: 20, iterations: 1 }).table;
 * setSearchTrainer(train);
 * // searchTableFor would now train a missing table and save it in .cache; the trainer alone:
 * assert.equal(train("duel").target, 200);
 * ```
 */
export function setSearchTrainer(train: (rules: string) => WTable): void {
  trainer = train;
}

const brCached = new Map<string, WTable>();

/**
 * The best-response table against the score maximiser (no argument) or
 * against the threshold player `sum:N`: from memory, `.cache`, or computed
 * now (message on stderr) and saved.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bestResponse } from "./bestresponse.ts";
 * // brTable() is the target-200 table from .cache (or computed, seconds, and
 * // saved there); here a target-20 one is put in memory first
 * setBrTable(bestResponse({ target: 20 }).table);
 * const w = brTable();
 * assert.equal(w.target, 20);
 * assert.ok(w.get(0, 0, 0) > 0.5); // the best response beats the maximiser
 * ```
 */
export function brTable(threshold?: number): WTable {
  const model = threshold === undefined ? "numbers" : `numbers-sum${threshold}`;
  const got = brCached.get(model);
  if (got) return got;
  const path = bestResponsePath(model);
  // the header must name this kind, model and opponent
  const r = WTable.check(path, brTableIdentity(threshold));
  let w: WTable;
  if ("table" in r) w = r.table;
  else {
    console.error(
      `flip7: best-response table ${path} is ${r.problem}; computing it now`,
    );
    w = bestResponse({ opponent: threshold ?? "maximiser" }).table;
    w.trySaveSync(path);
  }
  brCached.set(model, w);
  return w;
}

/**
 * Use this table for `winprob` (against the maximiser) in this thread (tests).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bestResponse } from "./bestresponse.ts";
 * const w = bestResponse({ target: 20 }).table;
 * setBrTable(w);
 * assert.equal(brTable(), w);
 * ```
 */
export function setBrTable(w: WTable): void {
  brCached.set("numbers", w);
}
