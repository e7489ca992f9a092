/**
 * The matches of the `win-agent` experiment and its best-response variants:
 * what it plays, as data (the plan in `plan.ts` turns them into runs).
 *
 * @module
 */

import type { BestResponseOptions } from "../../lib/winprob/bestresponse.ts";
import {
  WINPROB_ABLATIONS,
  type WinProbOptions,
} from "../../lib/winprob/winprob_strategy.ts";

/** One match: an agent against an opponent. */
export interface Match {
  /** The rules preset. */
  rules: string;
  /** Players at the table (the agent and `players - 1` opponents). */
  players: number;
  /** The agent's policy spec. */
  agent: string;
  /** The opponents' policy spec. */
  opponent: string;
  /** Games at full size. */
  games: number;
  /** Seed 001's published win share of this match, if it has one. */
  seed001?: number;
  /**
   * Play the games of this agent's match with the same rules, players and
   * opponent (the same seed: paired ablations).
   */
  pairedWith?: string;
}

/** Ablations of `winprob` (against ev, standard, two players): spec → options. */
export const ABLATIONS: Readonly<Record<string, WinProbOptions>> =
  WINPROB_ABLATIONS;

const duel = (agent: string, opponent: string, seed001?: number): Match => ({
  rules: "duel",
  players: 2,
  agent,
  opponent,
  games: 10000,
  seed001,
});

/**
 * The matches, in CSV order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(MATCHES[0], {
 *   rules: "duel", players: 2, agent: "search", opponent: "sum:37",
 *   games: 10000, seed001: 0.773,
 * });
 * assert.ok(MATCHES.some((m) => m.pairedWith === "winprob"));
 * ```
 */
export const MATCHES: Match[] = [
  duel("search", "sum:37", 0.773),
  duel("search", "ev", 0.558),
  duel("search", "search0", 0.567),
  duel("winprob", "sum:37"),
  duel("winprob", "ev"),
  duel("winprob", "search"),
  duel("brsum:37", "sum:37"),
  duel("search-bank", "sum:37", 0.773),
  duel("search-bank", "ev", 0.558),
  duel("search-bank", "search0-bank", 0.567),
  ...["search", "winprob"].flatMap((agent) =>
    ["ev", "bust:0.25"].map((opponent) => ({
      rules: "standard",
      players: 2,
      agent,
      opponent,
      games: 50000,
    }))
  ),
  ...Object.keys(ABLATIONS).map((agent) => ({
    rules: "standard",
    players: 2,
    agent,
    opponent: "ev",
    games: 50000,
    pairedWith: "winprob",
  })),
  ...["search", "winprob"].flatMap((agent) =>
    ["ev", "bust:0.25"].map((opponent) => ({
      rules: "standard",
      players: 4,
      agent,
      opponent,
      games: 10000,
    }))
  ),
  // added later, at the end, so that every earlier match keeps its seed
  duel("adapt", "sum:37"),
  duel("adapt", "ev"),
  duel("adapt", "search"),
  ...["ev", "bust:0.25"].map((opponent) => ({
    rules: "standard",
    players: 2,
    agent: "adapt",
    opponent,
    games: 50000,
  })),
];

/** Seed 001's figures with their published 95% intervals, by opponent. */
export const SEED001: Readonly<Record<string, [number, number, number]>> = {
  "sum:37": [0.773, 0.754, 0.791],
  ev: [0.558, 0.536, 0.58],
  search0: [0.567, 0.545, 0.588],
};

/** Games a match of a quick run. */
export const QUICK_GAMES = 24;
/** Training budget of a quick run (a tiny table, not saved). */
export const QUICK_TRAINING = { games: 24, iterations: 3, seed: 9001 };

/** The best-response variants, in report order. */
export const BR_VARIANTS: { name: string; options: BestResponseOptions }[] = [
  { name: "exact maximiser, draw = 1/2 (default)", options: {} },
  { name: "draw = loss", options: { ties: "loss" } },
  { name: "draw = win", options: { ties: "win" } },
  { name: "draw played on", options: { ties: "continue" } },
  { name: "greedy one-step opponent", options: { opponent: "greedy" } },
  { name: "responder sees the opponent's round", options: { sees: true } },
  {
    name: "rounds in turn, first to 200 wins at once",
    options: { immediate: true },
  },
  {
    name: "earlier version: scores above 62 valued as a loss",
    options: { zeroAbove: 62 },
  },
  {
    name: "reference: best response to sum:37 instead",
    options: { opponent: 37 },
  },
];

/**
 * The spec of the best response to an opponent model.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(brSpec("maximiser"), "winprob");
 * assert.equal(brSpec(37), "brsum:37");
 * ```
 */
export function brSpec(o: "maximiser" | number): string {
  return o === "maximiser" ? "winprob" : `brsum:${o}`;
}

/**
 * The match whose seed match `i` plays on: itself, or its pair.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const i = MATCHES.findIndex((m) => m.pairedWith !== undefined);
 * const j = seedIndex(MATCHES[i], i);
 * assert.equal(MATCHES[j].agent, "winprob");
 * assert.equal(MATCHES[j].opponent, MATCHES[i].opponent);
 * assert.equal(seedIndex(MATCHES[0], 0), 0);
 * ```
 */
export function seedIndex(m: Match, i: number): number {
  if (m.pairedWith === undefined) return i;
  const j = MATCHES.findIndex((o) =>
    o.agent === m.pairedWith && o.rules === m.rules &&
    o.players === m.players && o.opponent === m.opponent
  );
  if (j < 0) throw new Error(`no match for ${m.agent} to pair with`);
  return j;
}

/**
 * A share as a percentage to one place.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(pct(0.5593), "55.9%");
 * ```
 */
export const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
