/**
 * The shapes of the claims table (experiments/claims.ts): the sources, the
 * columns and rows of `claims.csv`, and a claim's spec with its readings.
 *
 * @module
 */

import type { Files } from "./files.ts";

/** The three sources, named (see `docs/claims.md`, References). */
export const SOURCES: Readonly<
  Record<string, { name: string; where: string; took: string }>
> = {
  "seed 000": {
    name: "Steve Murch, Flip 7 simulator (Python) and its blog post",
    where:
      "https://stevemurch.com/flip-7-card-game-optimal-strategies/2026/08 (August 2026); its README is seed 000 of this project",
    took:
      "its policy table (exact figures of its 88-card model), score distribution, beer-mat rule and its value, field-size table (100,000 / 60,000 / 42,000 games), card-counting figures, the replication anecdote and its DP-against-simulation check",
  },
  "seed 001": {
    name: 'Sacha Ryszfeld, "A search agent for Flip 7" (2026)',
    where: "a project page; seed 001 of this project",
    took:
      "the two-player game (79 numbers and 3 Second Chances), the search agent's method, and its three win rates with 95% Wilson intervals and draws over 2,000 games each",
  },
  "public solver": {
    name: "Eppie/flip-seven, an exact Flip 7 solver (C++)",
    where: "https://github.com/Eppie/flip-seven (README, chapters 1-4)",
    took:
      "its exact solo optima per deck (numbers, modifiers, Second Chance, all 94), the numbers-only best simple rules, the Flip 7 chase, the expected rounds to 200 and the best response W(0,0) = 0.5593; and its README's Flip 7: With a Vengeance Monte Carlo edges (an adversarial player against a naive and a random field, 500,000 games a matchup)",
  },
  "go simulator": {
    name:
      "2222-42/flip7_strategy, a Flip 7: With a Vengeance simulator and its policies (Go)",
    where:
      "https://github.com/2222-42/flip7_strategy (docs/vengeance/strategy_evaluation.md, commit d5521b0, read from a code index: the fetchable snapshot has no Vengeance code)",
    took:
      "its Vengeance evaluation: rounds to 200 solo, multiplayer (2-5 players) and 1v1 win rates of its five policies, 200 games a cell, standard and Brutal Mode",
  },
};

/**
 * The equivalence margins (docs/claims.md, "Margins"), in the unit of the
 * figure they apply to, fixed before the verdicts were computed under them.
 * A row's margin is the larger of its kind's and the full width of its
 * printed figure's rounding interval (a figure printed as "about 0.2" cannot
 * be held tighter than 0.15-0.25).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MARGINS.share, 0.005); // half a point of win share
 * assert.equal(MARGINS.points, 0.1); // a tenth of a point a round
 * ```
 */
export const MARGINS = {
  /** A share of games (win or draw, per seat) or a difference of two, as a fraction. */
  share: 0.005,
  /** The same in percentage points (rows whose figure is printed in points). */
  sharePoints: 0.5,
  /** Points a round (a level or a difference). */
  points: 0.1,
  /** A z statistic at the source's own game count. */
  z: 3,
  /** Rounds of a game (a mean number of rounds to reach 200). */
  rounds: 0.1,
} as const;

/** The confidence of the equivalence interval: 90% (TOST at 5% each side). */
export const Z90 = 1.6448536269514722;

/**
 * The families of the claims table: one per published table or passage of
 * a source (its rows are the table's cells and the sentences that read
 * them). Holm runs within a family; each family is judged under one reading.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.match(FAMILIES["s001-results"], /seed 001's results table/);
 * ```
 */
export const FAMILIES: Readonly<Record<string, string>> = {
  "s000-model":
    "seed 000's 'What the model says' paragraph: the solo optimum's figures and its state count",
  "s000-policy-table":
    "seed 000's policy table (python3 dp.py --all, 40 figures) and the two sentences under it",
  "s000-distribution":
    "seed 000's sentence on optimal play's score distribution",
  "s000-field-size":
    "seed 000's field-size table (12 figures) and the five figures its sentences read from it",
  "s000-replication": "seed 000's caution on method (the replication anecdote)",
  "s000-card-counting": "seed 000's card-counting paragraph (six figures)",
  "s000-beer-mat":
    "seed 000's beer-mat table (five cut-offs) and the three sentences under it",
  "s000-dp-check":
    "seed 000's 'Assumptions and known gaps': the DP against simulation check",
  "s001-results":
    "seed 001's results table: three win rates and three draw counts over 2,000 games each",
  "ps-chapter-1": "the public solver's chapter 1 (numbers-only solitaire)",
  "ps-chapter-1b": "the public solver's chapter 1b (the deck built up)",
  "ps-chapter-2": "the public solver's chapter 2 (simple rules)",
  "ps-chapter-3": "the public solver's chapter 3 (the Flip 7 chase)",
  "ps-chapter-4":
    "the public solver's chapter 4 (rounds to 200, best response)",
  "ps-vengeance":
    "the public solver's README, Flip 7: With a Vengeance: the adversarial player's edge at 2 and 6 players",
  "go-solo":
    "the Go simulator's Vengeance table 2: single player, average rounds to 200 (5 figures)",
  "go-multiplayer":
    "the Go simulator's Vengeance table 3: multiplayer win rates, 2-5 players (20 figures)",
  "go-1v1": "the Go simulator's Vengeance table 4: 1v1 matchups (10 figures)",
  "go-brutal-solo":
    "the Go simulator's Brutal Mode table B2: single player, average rounds to 200",
  "go-brutal-multiplayer":
    "the Go simulator's Brutal Mode table B3: multiplayer win rates, 2-5 players",
  "go-brutal-1v1": "the Go simulator's Brutal Mode table B4: 1v1 matchups",
  "go-ff-risk":
    "the Go simulator's Vengeance table 5: ExpectedValue's Flip Four risk threshold, 1v1 against Aggressive (3 figures)",
  "go-brutal-ff-risk":
    "the Go simulator's Brutal Mode table B5: the Flip Four risk threshold",
  "go-brutal-flip7":
    "the Go simulator's Brutal Mode table B6: a Flip 7's 15 kept against taken off the leader (ExpectedValue, 1v1)",
};

/** The columns of `claims.csv`, in order. */
export const CLAIM_COLUMNS = [
  "id",
  "source",
  "family",
  "claim",
  "published",
  "published_low",
  "published_high",
  "published_interval",
  "published_se",
  "ours",
  "ours_low",
  "ours_high",
  "ours_interval",
  "ours_text",
  "statistic",
  "diff",
  "diff_low",
  "diff_high",
  "margin",
  "z",
  "p",
  "holm_p",
  "equivalent",
  "verdict",
  "games_needed",
  "reading",
  "reading_chosen",
  "experiment",
  "rerun",
] as const;

/** A verdict (see the module doc and `docs/claims.md`). */
export type Verdict =
  | "exact"
  | "reproduced"
  | "consistent"
  | "inconclusive"
  | "not-reproduced"
  | "not-comparable";

/** The verdicts, in the order the tables count them. */
export const VERDICTS: readonly Verdict[] = [
  "exact",
  "reproduced",
  "consistent",
  "inconclusive",
  "not-reproduced",
  "not-comparable",
];

/** One row of `claims.csv`. */
export interface ClaimRow {
  /** Stable identifier, `source-topic-n`. */
  id: string;
  /** `seed 000`, `seed 001` or `public solver`. */
  source: string;
  /** The published table or passage the row belongs to ({@linkcode FAMILIES}). */
  family: string;
  /** The published claim, quoted (their words), with its figure. */
  claim: string;
  /** The published figure (a fraction for percentages); null for a statement. */
  published: number | null;
  /** Low end of the published figure's rounding interval (or stated interval). */
  published_low: number | null;
  /** High end. */
  published_high: number | null;
  /** What the published interval is, and where its SE comes from. */
  published_interval: string;
  /** The published figure's own standard error (Monte Carlo rows), or null. */
  published_se: number | null;
  /** Our figure (null for a statement). */
  ours: number | null;
  /** Low end of our interval. */
  ours_low: number | null;
  /** High end. */
  ours_high: number | null;
  /** What our interval is (exact; Wilson 95%; mean ± 1.96 SE). */
  ours_interval: string;
  /** Our figure as text. */
  ours_text: string;
  /**
   * The statistic: `digits` (exact), `statement`, `tost` (Monte Carlo) or
   * `none` (a row whose rules or policies cannot be matched: no verdict).
   */
  statistic: string;
  /** Ours minus published (null for a statement). */
  diff: number | null;
  /**
   * Low end of the difference's interval: Monte Carlo rows its 90% interval
   * (both SEs, widened by the published figure's rounding); exact rows the
   * rounding of the two printed figures.
   */
  diff_low: number | null;
  /** High end. */
  diff_high: number | null;
  /** The equivalence margin (Monte Carlo rows), in the figure's unit. */
  margin: number | null;
  /** z of the difference beyond the published rounding (Monte Carlo rows). */
  z: number | null;
  /** Its two-sided p. */
  p: number | null;
  /** Holm-adjusted p within the row's family. */
  holm_p: number | null;
  /** Whether the 90% interval lies inside ± the margin (Monte Carlo rows). */
  equivalent: boolean | null;
  /** The verdict. */
  verdict: Verdict;
  /**
   * Inconclusive rows: our games (or rounds) for the 90% interval to fit in
   * the margin if our estimate stayed where it is, or `never` when the
   * published figure's own rounding and SE leave no room; else empty.
   */
  games_needed: number | string | null;
  /** The reading (policy, rules, setup) our figure is computed under. */
  reading: string;
  /** Whether that reading was chosen `before` or `after` seeing the figure. */
  reading_chosen: "before" | "after";
  /** The results file our figure comes from (without extension). */
  experiment: string;
  /** The command that reruns our figure (then `deno task report`). */
  rerun: string;
}

/** One reading of a family, with its fit over the cells it covers. */
export interface SearchRow {
  /** The family ({@linkcode FAMILIES}). */
  family: string;
  /** The reading's name. */
  reading: string;
  /** When it was chosen (`mixed`: the verdicts' readings of a family whose cells differ). */
  chosen: "before" | "after" | "mixed";
  /** Whether the verdicts use it (the family's one reading). */
  verdict: boolean;
  /** Cells of the family it covers. */
  cells: number;
  /** Monte Carlo cells: largest |z| and Σz² (beyond the published rounding). */
  max_abs_z: number | null;
  sum_z2: number | null;
  /** Monte Carlo cells Holm rejects (within the family, this reading in place). */
  rejected: number | null;
  /** Monte Carlo cells whose 90% interval lies inside the margin. */
  equivalent: number | null;
  /** Exact and statement cells that match. */
  matching: number | null;
  /** Which rule picks it: the one fixed in advance, or the best fit. */
  pick: string;
}

/** Our side of one row, under one reading. */
export interface Ours {
  value: number | null;
  low?: number;
  high?: number;
  /** Standard error (Monte Carlo). */
  se?: number;
  /** Games (or rounds) behind the estimate (Monte Carlo). */
  n?: number;
  /** Decimals our figure is stored with (exact rows). */
  digits?: number;
  /** Text shown; default: the value in the published unit. */
  text?: string;
  /** A statement's truth (predicate rows). */
  holds?: boolean;
  /** The published figure's SE, when the reading changes it. */
  sePublished?: number;
  /** The interval's name. */
  interval?: string;
}

/** A reading: a name, when it was chosen, and our figure under it. */
export interface Reading {
  name: string;
  chosen: "before" | "after";
  ours: (f: Files) => Ours | null;
}

/** A published claim and the readings it is tested under (default first). */
export interface Spec {
  id: string;
  source: keyof typeof SOURCES;
  /** The published table or passage ({@linkcode FAMILIES}). */
  family: keyof typeof FAMILIES;
  claim: string;
  experiment: string;
  /** `exact`: digits; `predicate`: a statement; `mc`: equivalence and Holm. */
  kind: "exact" | "predicate" | "mc";
  /** The published figure as printed (`22.232`, `31.7%`), or null. */
  figure: string | null;
  /** A stated published interval [low, high] (fractions), shown beside it. */
  stated?: [number, number];
  /** The printed figure's rounding half-width, when not its digits' (a count: 0). */
  rounding?: number;
  /** The published figure's SE (Monte Carlo: stated or from its count). */
  sePublished?: number;
  /** How the published interval / SE was obtained. */
  publishedNote?: string;
  /** Monte Carlo rows: the margin of the figure's kind ({@linkcode MARGINS}). */
  margin?: number;
  /**
   * Why the figure cannot be compared (its rules or policies cannot be
   * matched): the row is shown with ours beside it, verdict
   * `not-comparable`, no test.
   */
  notComparable?: string;
  /**
   * The verdict's reading first (the one reading of the family), then the
   * alternatives the reading search reports beside it (never the verdict).
   */
  readings: Reading[];
}
