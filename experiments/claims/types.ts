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
      "its exact solo optima per deck (numbers, modifiers, Second Chance, all 94), the numbers-only best simple rules, the Flip 7 chase, the expected rounds to 200 and the best response W(0,0) = 0.5593",
  },
};

/** The columns of `claims.csv`, in order. */
export const CLAIM_COLUMNS = [
  "id",
  "source",
  "claim",
  "published",
  "published_low",
  "published_high",
  "published_interval",
  "ours",
  "ours_low",
  "ours_high",
  "ours_interval",
  "ours_text",
  "statistic",
  "z",
  "p",
  "holm_p",
  "verdict",
  "reading",
  "reading_chosen",
  "before_ours",
  "before_z",
  "experiment",
] as const;

/** A verdict (see the module doc and `docs/claims.md`). */
export type Verdict = "exact" | "reproduced" | "consistent" | "not-reproduced";

/** One row of `claims.csv`. */
export interface ClaimRow {
  /** Stable identifier, `source-topic-n`. */
  id: string;
  /** `seed 000`, `seed 001` or `public solver`. */
  source: string;
  /** The published claim, quoted (their words), with its figure. */
  claim: string;
  /** The published figure (a fraction for percentages); null for a statement. */
  published: number | null;
  /** Low end of the published interval (rounding interval, or stated). */
  published_low: number | null;
  /** High end. */
  published_high: number | null;
  /** What the published interval is. */
  published_interval: string;
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
  /** The statistic: `digits` (exact), `z` (Monte Carlo), or what it is. */
  statistic: string;
  /** z against the published interval (Monte Carlo rows). */
  z: number | null;
  /** Two-sided p of z (or the row's own probability). */
  p: number | null;
  /** Holm-adjusted p over every Monte Carlo row. */
  holm_p: number | null;
  /** The verdict. */
  verdict: Verdict;
  /** The reading (policy, rules, setup) our figure is computed under. */
  reading: string;
  /** Whether that reading was chosen `before` or `after` seeing the figure. */
  reading_chosen: "before" | "after";
  /**
   * When the reading is chosen after: our figure under the reading chosen
   * before (text), else empty.
   */
  before_ours: string;
  /** When the reading is chosen after: z under the reading chosen before. */
  before_z: number | null;
  /** The results file our figure comes from (without extension). */
  experiment: string;
}

/** Our side of one row, under one reading. */
export interface Ours {
  value: number | null;
  low?: number;
  high?: number;
  /** Standard error (Monte Carlo). */
  se?: number;
  /** Decimals our figure is stored with (exact rows). */
  digits?: number;
  /** Text shown; default: the value in the published unit. */
  text?: string;
  /** A statement's truth (predicate rows). */
  holds?: boolean;
  /** A probability of its own, instead of z (e.g. the replication pattern). */
  p?: number;
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
  claim: string;
  experiment: string;
  /** `exact`: digits; `predicate`: a statement; `mc`: z and Holm. */
  kind: "exact" | "predicate" | "mc";
  /** The published figure as printed (`22.232`, `31.7%`), or null. */
  figure: string | null;
  /** A stated published interval [low, high] (fractions), else rounding. */
  stated?: [number, number];
  /** The published figure's SE (Monte Carlo: stated or from its count). */
  sePublished?: number;
  /** How the published interval / SE was obtained. */
  publishedNote?: string;
  readings: Reading[];
}
