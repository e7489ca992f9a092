/**
 * The claims table: every published figure of seed 000 (Steve Murch's Flip 7
 * simulator), seed 001 (Sacha Ryszfeld's "A search agent for Flip 7") and the
 * public solver (GitHub `Eppie/flip-seven`) that we test, with ours beside it
 * and a verdict assigned by the rule of `docs/claims.md`:
 *
 * - `exact`: an exact figure of ours equal to the printed digits (the
 *   rounding intervals of the two printed figures overlap), or an exact
 *   statement (a predicate over exact figures) that holds;
 * - `reproduced`: a Monte Carlo figure within the family-wise bound (Holm at
 *   5% over every Monte Carlo row of the table) under the reading chosen
 *   before seeing the published figure;
 * - `consistent`: reproduced (exact, or within the bound) only under a named
 *   alternative reading or setup, chosen after seeing the published figure;
 * - `not-reproduced`: neither.
 *
 * The table is read from the files of `results/` (no game is played here):
 * {@linkcode claimRows} computes it, {@linkcode writeClaims} writes
 * `claims.csv` and `CLAIMS.md`. `deno task report` and `deno task repro`
 * call it.
 *
 * @example
 * ```ts
 * import { claimRows } from "./claims.ts";
 * const rows = claimRows("results");
 * rows.filter((r) => r.verdict === "not-reproduced").map((r) => r.id);
 * ```
 * @module
 */

import {
  type Claim,
  claimsTable,
  parseRows,
  type Row,
  toCsv,
} from "../lib/experiment/experiment.ts";
import { writeFileAtomic } from "../lib/util/io.ts";
import {
  expectedMaxAbsZ,
  holm,
  holmFirstBound,
  meanInterval,
  twoSidedP,
  wilson,
  Z95,
  zAgainst,
} from "../lib/run/stats.ts";

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
interface Ours {
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
interface Reading {
  name: string;
  chosen: "before" | "after";
  ours: (f: Files) => Ours | null;
}

/** A published claim and the readings it is tested under (default first). */
interface Spec {
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

/** The parsed files of a results directory. */
class Files {
  #csv = new Map<string, Row[] | null>();
  #json = new Map<string, Record<string, unknown> | null>();
  constructor(readonly dir: string) {}
  /** Rows of `NAME.csv`, or null when it is missing. */
  csv(name: string): Row[] | null {
    if (!this.#csv.has(name)) {
      let rows: Row[] | null = null;
      try {
        rows = parseRows(Deno.readTextFileSync(`${this.dir}/${name}.csv`));
      } catch {
        rows = null;
      }
      this.#csv.set(name, rows);
    }
    return this.#csv.get(name)!;
  }
  /** `NAME.json`, or null. */
  json(name: string): Record<string, unknown> | null {
    if (!this.#json.has(name)) {
      let p: Record<string, unknown> | null = null;
      try {
        p = JSON.parse(Deno.readTextFileSync(`${this.dir}/${name}.json`));
      } catch {
        p = null;
      }
      this.#json.set(name, p);
    }
    return this.#json.get(name)!;
  }
  /** The first row of `name` matching every key of `where`, or null. */
  row(name: string, where: Record<string, string | number>): Row | null {
    return this.csv(name)?.find((r) =>
      Object.entries(where).every(([k, v]) => r[k] === v)
    ) ?? null;
  }
}

/** Our figure of a tested reading as text, in the published unit. */
function textOf(t: Tested, s: Spec): string {
  const o = t.ours;
  if (o.text !== undefined) return o.text;
  if (o.value === null) return "";
  return s.kind !== "mc"
    ? showExact(o.value, s.figure!)
    : show(o.value, s.figure, 1);
}

/** Decimals of a number as stored (its shortest text). */
function decimals(x: number): number {
  const s = String(x);
  if (/e/i.test(s)) return 12;
  const i = s.indexOf(".");
  return i < 0 ? 0 : s.length - i - 1;
}

/** A printed figure: value (fraction for `%`), decimals, unit. */
function parseFigure(fig: string): { value: number; d: number; pct: boolean } {
  const pct = fig.endsWith("%");
  const t = fig.replace(/[%,]/g, "").replace(/^\+/, "");
  const v = Number(t);
  if (!Number.isFinite(v)) throw new Error(`claims: bad figure '${fig}'`);
  const dd = t.includes(".") ? t.length - t.indexOf(".") - 1 : 0;
  return pct ? { value: v / 100, d: dd + 2, pct } : { value: v, d: dd, pct };
}

/** An exact figure of ours in the published unit, two decimals more (at most as stored). */
function showExact(x: number, fig: string): string {
  const f = parseFigure(fig);
  const d = Math.min(decimals(x), f.d + 2);
  return f.pct ? `${(100 * x).toFixed(Math.max(0, d - 2))}%` : x.toFixed(d);
}

/** Our figure in the published unit, one decimal more than it prints. */
function show(x: number, fig: string | null, extra = 1): string {
  if (fig === null) return String(x);
  const f = parseFigure(fig);
  return f.pct
    ? `${(100 * x).toFixed(Math.max(0, f.d - 2 + extra))}%`
    : x.toFixed(f.d + extra);
}

const num = (r: Row | null, k: string): number | null =>
  r && typeof r[k] === "number" ? r[k] as number : null;

/** An exact figure of a CSV cell. */
function exactCell(
  f: Files,
  name: string,
  where: Record<string, string | number>,
  col: string,
): Ours | null {
  const v = num(f.row(name, where), col);
  return v === null ? null : { value: v, digits: decimals(v) };
}

// ---------------------------------------------------------------------------
// field-size: the pooled cells of a reading

type Cell = {
  win_share: number;
  ci_low: number;
  ci_high: number;
  points_per_round: number;
  ppr_se: number;
  games: number;
};

function pooled(
  f: Files,
  reading: string,
  rules: string,
  players: number,
  policy: string,
): Cell | null {
  const p = f.json("field-size");
  const list = (p?.pooled ?? []) as (Cell & Record<string, unknown>)[];
  return list.find((c) =>
    c.reading === reading && c.rules === rules && c.players === players &&
    c.policy === (policy === "other" ? reading : policy)
  ) ?? null;
}

/** Seed 000's field-size table: players → [ev %, bust %, ev pts, bust pts, games]. */
const SEED000_FIELD: Record<number, [string, string, string, string, number]> =
  {
    2: ["50.4%", "49.6%", "20.63", "20.52", 100000],
    4: ["24.5%", "25.6%", "20.90", "20.73", 60000],
    6: ["15.9%", "17.4%", "20.97", "20.76", 42000],
  };
/** Seats of each policy at n players in seed 000's table (half and half). */
const seatsOf = (n: number) => n / 2;

/** The field-size readings: the literal one first (chosen before). */
const FIELD_READINGS: { policy: string; rules: string }[] = [
  { policy: "bust:0.25", rules: "standard" },
  { policy: "bust:0.25", rules: "immediate-actions" },
  { policy: "bustsc:0.25", rules: "standard" },
  { policy: "bustsc:0.25", rules: "immediate-actions" },
  { policy: "bustc:0.25", rules: "immediate-actions" },
  { policy: "bustscc:0.25", rules: "immediate-actions" },
  { policy: "bustscd:0.25", rules: "immediate-actions" },
];
const readingName = (r: { policy: string; rules: string }) =>
  `${r.policy}, ${r.rules} rules`;

/** A field-size measure of a cell under a reading. */
type FieldMeasure = (
  f: Files,
  policy: string,
  rules: string,
  players: number,
) => Ours | null;

function fieldShare(who: "ev" | "other"): FieldMeasure {
  return (f, policy, rules, players) => {
    const c = pooled(f, policy, rules, players, who);
    if (!c) return null;
    const k = players === 2 ? 1 : players / 2;
    const P = c.win_share * k;
    return {
      value: c.win_share,
      low: c.ci_low,
      high: c.ci_high,
      se: Math.sqrt(P * (1 - P) / c.games) / k,
      interval: "Wilson 95%",
    };
  };
}

function fieldPoints(who: "ev" | "other", theirGames: number): FieldMeasure {
  return (f, policy, rules, players) => {
    const c = pooled(f, policy, rules, players, who);
    if (!c) return null;
    const [low, high] = meanInterval(c.points_per_round, c.ppr_se);
    return {
      value: c.points_per_round,
      low,
      high,
      se: c.ppr_se,
      // seed 000 prints no SE: ours scaled to its game count
      sePublished: c.ppr_se * Math.sqrt(c.games / theirGames),
      interval: "mean ± 1.96 SE",
    };
  };
}

function fieldGap(kind: "share" | "points" | "z"): FieldMeasure {
  return (f, policy, rules, players) => {
    const z = (f.json("field-size")?.z_vs_seed000 as Record<string, unknown>)
      ?.[policy] as Record<string, Record<string, Record<string, unknown>>>;
    const cell = z?.[rules]?.[String(players)];
    if (!cell) return null;
    const o = cell.ours as Record<string, number>;
    const s = cell.seed000 as Record<string, number>;
    if (kind === "z") {
      const v = o.win_share_diff / o.win_share_diff_se;
      return {
        value: v,
        low: v - Z95,
        high: v + Z95,
        se: 1,
        sePublished: 1,
        interval: "z ± 1.96 (a z statistic has SD 1)",
      };
    }
    const v = kind === "share" ? o.win_share_diff : o.points_gap;
    const se = kind === "share" ? o.win_share_diff_se : o.points_gap_se;
    const [low, high] = meanInterval(v, se);
    return {
      value: v,
      low,
      high,
      se,
      sePublished: kind === "share"
        ? s.win_share_diff_se
        : s.points_gap_se_estimated,
      interval: "difference ± 1.96 SE (paired, same games)",
    };
  };
}

/** The mean of the points gaps at 2, 4 and 6 players (independent runs). */
const fieldMeanGap: FieldMeasure = (f, policy, rules) => {
  const g = [2, 4, 6].map((n) => fieldGap("points")(f, policy, rules, n));
  if (g.some((x) => !x)) return null;
  const v = g.reduce((a, x) => a + x!.value!, 0) / 3;
  const se = Math.sqrt(g.reduce((a, x) => a + x!.se! ** 2, 0)) / 3;
  const sp = Math.sqrt(g.reduce((a, x) => a + x!.sePublished! ** 2, 0)) / 3;
  const [low, high] = meanInterval(v, se);
  return {
    value: v,
    low,
    high,
    se,
    sePublished: sp,
    interval: "mean ± 1.96 SE",
  };
};

function fieldReadings(measure: FieldMeasure, players: number): Reading[] {
  return FIELD_READINGS.map((r, i) => ({
    name: readingName(r),
    chosen: i === 0 ? "before" : "after",
    ours: (f) => measure(f, r.policy, r.rules, players),
  }));
}

// ---------------------------------------------------------------------------
// the specs

const pet = (model: string, policy: string, col: string): Reading[] => [{
  name: model === "approx"
    ? "seed 000's 88-card model (a saved duplicate stays in the deck)"
    : "the faithful solo round",
  chosen: "before",
  ours: (f) => exactCell(f, "policy-ev-table", { model, policy }, col),
}];

const SEED000_TABLE: [string, string, string, string, string, string][] = [
  // policy, label, ev, sd, bust, flip7
  ["optimal", "optimal", "22.232", "17.47", "31.7%", "1.55%"],
  ["sum:16", "stand on sum 16", "18.559", "8.92", "13.7%", "0.00%"],
  ["sum:20", "stand on sum 20", "20.251", "12.05", "21.5%", "0.00%"],
  ["sum:24", "stand on sum 24", "20.977", "15.51", "31.6%", "0.01%"],
  ["count:3", "stand on 3 cards", "19.705", "12.91", "24.1%", "0.00%"],
  ["count:4", "stand on 4 cards", "19.669", "18.58", "43.0%", "0.00%"],
  ["count:5", "stand on 5 cards", "16.462", "22.16", "61.6%", "0.00%"],
  ["bust:0.25", "bust risk < 0.25", "20.988", "15.89", "32.9%", "0.03%"],
  ["bust:0.35", "bust risk < 0.35", "18.773", "21.92", "55.1%", "0.61%"],
  ["bust:0.45", "bust risk < 0.45", "14.058", "24.71", "73.8%", "4.01%"],
];

function tableSpecs(): Spec[] {
  const out: Spec[] = [];
  for (const [policy, label, ev, sd, bust, f7] of SEED000_TABLE) {
    const cols: [string, string, string][] = [
      ["ev", "EV", ev],
      ["sd", "sd", sd],
      ["bust", "bust", bust],
      ["flip7", "Flip 7", f7],
    ];
    for (const [col, what, fig] of cols) {
      out.push({
        id: `s000-table-${policy}-${col}`,
        source: "seed 000",
        claim:
          `policy table (exact, python3 dp.py --all): "${label}" ${what} ${fig}`,
        experiment: "policy-ev-table",
        kind: "exact",
        figure: fig,
        readings: pet("approx", policy, col),
      });
    }
  }
  return out;
}

/** Quartiles of the nonzero scores of a model's score distribution. */
function scoreQuartiles(f: Files, model: string): number[] | null {
  const rows = f.csv("optimal-distribution")?.filter((r) =>
    r.model === model && typeof r.score === "number" && r.score > 0
  );
  if (!rows || rows.length === 0) return null;
  const total = rows.reduce((a, r) => a + (r.probability as number), 0);
  const qs = [0.25, 0.5, 0.75].map((q) => {
    let c = 0;
    for (const r of rows) {
      c += (r.probability as number) / total;
      if (c >= q) return r.score as number;
    }
    return rows[rows.length - 1].score as number;
  });
  return qs;
}

function advRow(f: Files, model: string, n: number): Row | null {
  return f.row("advice", { model, numbers_showing: n, features: "none" });
}

/** The beer-mat cut-off at n numbers: does a printed cut-off give our rule? */
function cutoffReading(
  n: number,
  fig: string,
  how: "rounded" | "truncated",
): Reading {
  return {
    name: `${
      how === "rounded"
        ? "the cut-off rounded to a whole percent"
        : "the cut-off truncated to a whole percent"
    } (seed 000's model)`,
    chosen: how === "rounded" ? "before" : "after",
    ours: (f) => {
      const r = advRow(f, "approx", n);
      if (!r) return null;
      const up = num(r, "hit_up_to")!, from = num(r, "stay_from");
      const v = parseFigure(fig).value;
      const [lo, hi] = how === "rounded"
        ? [v - 0.005, v + 0.005]
        : [v, v + 0.01];
      // the rule is the same for every cut-off in (hit_up_to, stay_from]
      const holds = from !== null && lo < from && hi > up;
      return {
        value: num(r, "cutoff"),
        text: from === null
          ? `always hit (hits up to a risk of ${(100 * up).toFixed(1)}%)`
          : `${r.rule} (any cut-off in ${(100 * up).toFixed(2)}-${
            (100 * from).toFixed(2)
          }% gives the rule)`,
        holds,
      };
    },
  };
}

/** Seed 001's figure, with its stated Wilson interval and 2,000 games. */
function s001(
  id: string,
  what: string,
  fig: string,
  lowHigh: [number, number],
  opponents: { bank: string; cont: string },
): Spec {
  const [lo, hi] = lowHigh;
  return {
    id,
    source: "seed 001",
    claim: `"${what}": ${fig} of 2,000 games (95% Wilson ${
      (100 * lo).toFixed(1)
    }%-${(100 * hi).toFixed(1)}%)`,
    experiment: "win-agent",
    kind: "mc",
    figure: fig,
    stated: lowHigh,
    sePublished: (hi - lo) / (2 * Z95),
    publishedNote: "stated Wilson 95%; its SE = width / 3.92",
    readings: [
      {
        name:
          "search-bank (the literal reading: leaves bank every player's line)",
        chosen: "before",
        ours: (f) => duelShare(f, "search-bank", opponents.bank),
      },
      {
        name:
          "search (leaves let a player still in the round go on by a continuation law)",
        chosen: "after",
        ours: (f) => duelShare(f, "search", opponents.cont),
      },
    ],
  };
}

function duelShare(f: Files, agent: string, opponent: string): Ours | null {
  const r = f.row("win-agent", { rules: "duel", agent, opponent });
  if (!r) return null;
  const n = num(r, "games")!, w = num(r, "wins")!;
  const p = w / n;
  const [low, high] = wilson(w, n);
  return {
    value: p,
    low,
    high,
    se: Math.sqrt(p * (1 - p) / n),
    interval: `Wilson 95% (${n.toLocaleString("en-US")} games)`,
  };
}

function duelDraws(f: Files, agent: string, opponent: string): Ours | null {
  const r = f.row("win-agent", { rules: "duel", agent, opponent });
  if (!r) return null;
  const n = num(r, "games")!, d = num(r, "draws")!;
  const p = d / n;
  const [low, high] = wilson(d, n);
  return {
    value: p,
    low,
    high,
    se: Math.sqrt(Math.max(p * (1 - p), 1 / n) / n),
    text: `${d} of ${n.toLocaleString("en-US")} (${(100 * p).toFixed(2)}%)`,
    interval: "Wilson 95%",
  };
}

function s001Draws(
  id: string,
  what: string,
  draws: number,
  opponents: { bank: string; cont: string },
): Spec {
  const p = draws / 2000;
  return {
    id,
    source: "seed 001",
    claim: `draws against "${what}": ${draws} of 2,000 games`,
    experiment: "win-agent",
    kind: "mc",
    figure: `${(100 * p).toFixed(2)}%`,
    stated: [p, p],
    sePublished: Math.sqrt(p * (1 - p) / 2000),
    publishedNote: "a count of 2,000 games; binomial SE",
    readings: [
      {
        name: "search-bank (the literal reading)",
        chosen: "before",
        ours: (f) => duelDraws(f, "search-bank", opponents.bank),
      },
      {
        name: "search (continuation-law leaves)",
        chosen: "after",
        ours: (f) => duelDraws(f, "search", opponents.cont),
      },
    ],
  };
}

function cc(
  f: Files,
  setting: string,
  rules: string,
  measure: string,
  policy: string,
  scale = 1,
): Ours | null {
  const r = f.row("card-counting", { setting, rules, measure, policy });
  if (!r) return null;
  const v = num(r, "estimate")! * scale, se = num(r, "se")! * scale;
  const [low, high] = meanInterval(v, se);
  return { value: v, low, high, se, interval: "mean ± 1.96 SE" };
}

function dv(deck: string, col: string): Reading[] {
  return [{
    name: `our exact solver, deck '${deck}'`,
    chosen: "before",
    ours: (f) => exactCell(f, "deck-variants", { deck }, col),
  }];
}

function dvShare(deck: string, rule: "sum" | "bust" | "count"): Reading[] {
  return [{
    name: `our exact solver, deck '${deck}'`,
    chosen: "before",
    ours: (f) => {
      const r = f.row("deck-variants", { deck });
      const a = num(r, `best_${rule}_ev`), o = num(r, "optimum");
      return a === null || o === null ? null : { value: a / o, digits: 6 };
    },
  }];
}

/** Every published claim we test, in table order. */
function specs(): Spec[] {
  const out: Spec[] = tableSpecs();
  out.push(
    {
      id: "s000-simple-rules-below",
      source: "seed 000",
      claim:
        '"stand on a sum of 24, or hit while the bust risk is under 25% ... some 5.6% below perfect play" (sum 24)',
      experiment: "policy-ev-table",
      kind: "exact",
      figure: "5.6%",
      readings: pet("approx", "sum:24", "below_optimum"),
    },
    {
      id: "s000-bust045-worst",
      source: "seed 000",
      claim:
        '"the policies that reach it most often (bust risk under 0.45, 4% of rounds) are the worst policies in the table"',
      experiment: "policy-ev-table",
      kind: "predicate",
      figure: null,
      readings: [{
        name: "seed 000's 88-card model",
        chosen: "before",
        ours: (f) => {
          const rows = f.csv("policy-ev-table")?.filter((r) =>
            r.model === "approx" &&
            SEED000_TABLE.some(([p]) => p === r.policy)
          );
          if (!rows || rows.length === 0) return null;
          const worst = rows.reduce((a, r) =>
            (r.ev as number) < (a.ev as number) ? r : a
          );
          const most = rows.reduce((a, r) =>
            (r.flip7 as number) > (a.flip7 as number) ? r : a
          );
          return {
            value: null,
            text:
              `lowest EV: ${worst.policy} ${worst.ev}; most Flip 7s: ${most.policy}`,
            holds: worst.policy === "bust:0.45" && most.policy === "bust:0.45",
          };
        },
      }],
    },
    {
      id: "s000-distribution-zero",
      source: "seed 000",
      claim: '"Optimal play scores 0 on 31.7% of rounds"',
      experiment: "optimal-distribution",
      kind: "exact",
      figure: "31.7%",
      readings: [{
        name: "seed 000's 88-card model",
        chosen: "before",
        ours: (f) =>
          exactCell(f, "optimal-distribution", {
            model: "approx",
            score: 0,
          }, "probability"),
      }],
    },
    {
      id: "s000-distribution-pile",
      source: "seed 000",
      claim:
        '"and otherwise piles up around 25-33" (read: the quartiles of the nonzero scores lie in 25-33)',
      experiment: "optimal-distribution",
      kind: "predicate",
      figure: null,
      readings: [{
        name: "seed 000's 88-card model",
        chosen: "before",
        ours: (f) => {
          const q = scoreQuartiles(f, "approx");
          return q && {
            value: null,
            text: `quartiles of the nonzero scores ${q.join(" / ")}`,
            holds: q.every((x) => x >= 25 && x <= 33),
          };
        },
      }],
    },
  );
  // field size
  for (const n of [2, 4, 6]) {
    const [ev, bu, evp, bup, games] = SEED000_FIELD[n];
    const k = seatsOf(n);
    const shareSe = (fig: string) => {
      const p = parseFigure(fig).value * k;
      return Math.sqrt(p * (1 - p) / games) / k;
    };
    out.push(
      {
        id: `s000-field-${n}-ev-share`,
        source: "seed 000",
        claim: `field-size table, ${n} players (${
          games.toLocaleString("en-US")
        } games): ev win ${ev}`,
        experiment: "field-size",
        kind: "mc",
        figure: ev,
        sePublished: shareSe(ev),
        publishedNote: "its game count; binomial SE",
        readings: fieldReadings(fieldShare("ev"), n),
      },
      {
        id: `s000-field-${n}-bust-share`,
        source: "seed 000",
        claim: `field-size table, ${n} players: bust:0.25 win ${bu}`,
        experiment: "field-size",
        kind: "mc",
        figure: bu,
        sePublished: shareSe(bu),
        publishedNote: "its game count; binomial SE",
        readings: fieldReadings(fieldShare("other"), n),
      },
      {
        id: `s000-field-${n}-ev-points`,
        source: "seed 000",
        claim: `field-size table, ${n} players: ev pts/rd ${evp}`,
        experiment: "field-size",
        kind: "mc",
        figure: evp,
        publishedNote: "no SE printed: ours scaled to its game count",
        readings: fieldReadings(fieldPoints("ev", games), n),
      },
      {
        id: `s000-field-${n}-bust-points`,
        source: "seed 000",
        claim: `field-size table, ${n} players: bust:0.25 pts/rd ${bup}`,
        experiment: "field-size",
        kind: "mc",
        figure: bup,
        publishedNote: "no SE printed: ours scaled to its game count",
        readings: fieldReadings(fieldPoints("other", games), n),
      },
    );
  }
  const gapFig = (n: number) => {
    const [ev, bu] = SEED000_FIELD[n];
    const d = parseFigure(ev).value - parseFigure(bu).value;
    return `${(100 * d).toFixed(1)}%`;
  };
  out.push(
    {
      id: "s000-field-2-wins",
      source: "seed 000",
      claim: `"Heads-up, maximizing value wins": ev minus bust:0.25 win share ${
        gapFig(2)
      } at 2 players`,
      experiment: "field-size",
      kind: "mc",
      figure: gapFig(2),
      publishedNote: "SE from its game count (paired, same games)",
      readings: fieldReadings(fieldGap("share"), 2),
    },
    {
      id: "s000-field-4-loses",
      source: "seed 000",
      claim: `"At four players it loses": ev minus bust:0.25 win share ${
        gapFig(4)
      }`,
      experiment: "field-size",
      kind: "mc",
      figure: gapFig(4),
      publishedNote: "SE from its game count (paired, same games)",
      readings: fieldReadings(fieldGap("share"), 4),
    },
    {
      id: "s000-field-6-loses",
      source: "seed 000",
      claim: `"At six it loses clearly": ev minus bust:0.25 win share ${
        gapFig(6)
      }`,
      experiment: "field-size",
      kind: "mc",
      figure: gapFig(6),
      publishedNote: "SE from its game count (paired, same games)",
      readings: fieldReadings(fieldGap("share"), 6),
    },
    {
      id: "s000-field-6-twelve-se",
      source: "seed 000",
      claim:
        '"At six it loses clearly, by about twelve standard errors" (z -12)',
      experiment: "field-size",
      kind: "mc",
      figure: "-12",
      publishedNote: "rounding interval of 'about twelve'; a z has SD 1",
      readings: fieldReadings(fieldGap("z"), 6),
    },
    {
      id: "s000-field-points-gap",
      source: "seed 000",
      claim:
        '"bust:0.25 scores measurably fewer points a round than the EV-maximizing ev bot, about 0.15" (mean of the 2/4/6-player gaps)',
      experiment: "field-size",
      kind: "mc",
      figure: "0.15",
      publishedNote:
        "rounding interval of 'about 0.15'; its SE ours scaled to its counts",
      readings: FIELD_READINGS.map((r, i) => ({
        name: readingName(r),
        chosen: i === 0 ? "before" : "after",
        ours: (f) => fieldMeanGap(f, r.policy, r.rules, 0),
      })),
    },
    {
      id: "s000-replication",
      source: "seed 000",
      claim:
        '"a single 24,000-game run, looked significant at three standard errors, and did not replicate on a second seed" (4 players, ev vs bust:0.25)',
      experiment: "replication",
      kind: "mc",
      figure: null,
      publishedNote:
        "an event: one run crossing 3 SE and the next not; p = its probability in our runs",
      readings: ["bust:0.25", "bustsc:0.25"].map((reading, i) => ({
        name: `${reading}, standard rules`,
        chosen: i === 0 ? "before" : "after",
        ours: (f) => {
          const b = (f.json("replication")?.by_reading as Record<
            string,
            Record<string, unknown>
          >)?.[reading];
          if (!b) return null;
          const q = (b.pooled as Record<string, number>).p_one_run_crosses_3se;
          return {
            value: q,
            text: `a run crosses 3 SE with probability ${
              q.toFixed(3)
            } (${b.runs_crossing_3se} of 20 runs); the event has probability ${
              (q * (1 - q)).toFixed(3)
            }`,
            p: q * (1 - q),
            interval: "from the pooled z",
          };
        },
      })),
    },
  );
  // card counting
  const roundReadings = (policy: string): Reading[] => [
    {
      name: "two seats (ev and evc) at one table, standard rules",
      chosen: "before",
      ours: (f) => cc(f, "round", "standard", "points_per_round", policy),
    },
    {
      name: "each alone on the 94-card deck, immediate-actions rules",
      chosen: "after",
      ours: (f) =>
        cc(f, "solo", "immediate-actions", "points_per_round", policy),
    },
    {
      name: "each alone on the 94-card deck, standard rules",
      chosen: "after",
      ours: (f) => cc(f, "solo", "standard", "points_per_round", policy),
    },
  ];
  for (const policy of ["ev", "evc"]) {
    out.push({
      id: `s000-counting-round-${policy}`,
      source: "seed 000",
      claim:
        `"over 100,000 rounds, ev and evc scored 20.21 each" (single rounds off a fresh deck): ${policy}`,
      experiment: "card-counting",
      kind: "mc",
      figure: "20.21",
      publishedNote: "its count (100,000 rounds): its SE taken as ours",
      readings: roundReadings(policy).map((r) => ({
        ...r,
        ours: (f) => {
          const o = r.ours(f);
          return o && { ...o, sePublished: o.se };
        },
      })),
    });
  }
  for (
    const [setting, label] of [["heads-up", "heads-up"], [
      "four",
      "4 players (2 ev, 2 evc)",
    ]] as const
  ) {
    out.push(
      {
        id: `s000-counting-points-${setting}`,
        source: "seed 000",
        claim:
          `"Across a full game ... tracking them gains about 0.2 points a round" (${label})`,
        experiment: "card-counting",
        kind: "mc",
        figure: "0.2",
        publishedNote: "rounding interval of 'about 0.2'; no count printed",
        readings: [{
          name: `${label}, standard rules`,
          chosen: "before",
          ours: (f) => cc(f, setting, "standard", "points_per_round", "evc-ev"),
        }],
      },
      {
        id: `s000-counting-winrate-${setting}`,
        source: "seed 000",
        claim:
          `"and about a point of win rate" (${label}; evc's per-seat share over the fair share, in points)`,
        experiment: "card-counting",
        kind: "mc",
        figure: "1",
        publishedNote: "rounding interval of 'about a point'; no count printed",
        readings: [{
          name: `${label}, standard rules`,
          chosen: "before",
          ours: (f) =>
            cc(f, setting, "standard", "win_share_over_fair", "evc", 100),
        }],
      },
    );
  }
  // beer mat
  const cut: [number, string][] = [[2, "22%"], [3, "23%"], [4, "24%"], [
    5,
    "25%",
  ], [6, "34%"]];
  for (const [n, fig] of cut) {
    out.push({
      id: `s000-beermat-${n}`,
      source: "seed 000",
      claim:
        `beer mat: "${n} numbers showing: hit while bust risk is under ${fig}"`,
      experiment: "advice",
      kind: "predicate",
      figure: fig,
      readings: [
        cutoffReading(n, fig, "rounded"),
        cutoffReading(n, fig, "truncated"),
      ],
    });
  }
  const adv = (key: string) => (f: Files): Ours | null => {
    const v = (f.json("advice")?.values as Record<
      string,
      Record<string, number>
    >)?.approx?.[key];
    return v === undefined ? null : { value: v, digits: decimals(v) };
  };
  out.push(
    {
      id: "s000-beermat-value",
      source: "seed 000",
      claim: '"That rule is worth 21.02"',
      experiment: "advice",
      kind: "exact",
      figure: "21.02",
      readings: [
        {
          name:
            "seed 000's cut-offs on its 88-card model, risks on the 94-card deck",
          chosen: "before",
          ours: adv("seed_cutoffs_ev"),
        },
        {
          name: "our optimised cut-offs (the rule derived the same way)",
          chosen: "after",
          ours: adv("rule_ev"),
        },
      ],
    },
    {
      id: "s000-beermat-within",
      source: "seed 000",
      claim: '"within 5.5% of a solved 1.8M-state table"',
      experiment: "advice",
      kind: "predicate",
      figure: "5.5%",
      readings: [{
        name: "seed 000's cut-offs on its 88-card model",
        chosen: "before",
        ours: (f) => {
          const v = (f.json("advice")?.values as Record<
            string,
            Record<string, number>
          >)?.approx;
          if (!v) return null;
          const below = 1 - v.seed_cutoffs_ev / v.optimum;
          return {
            value: below,
            text: `${(100 * below).toFixed(2)}% below optimal`,
            holds: below <= 0.055,
          };
        },
      }],
    },
    {
      id: "s000-beermat-rest",
      source: "seed 000",
      claim:
        '"Everything the exact solution knows beyond that ... is worth about one point a round" (optimum minus the rule)',
      experiment: "advice",
      kind: "exact",
      figure: "1",
      readings: [{
        name: "seed 000's 88-card model, our optimised cut-offs",
        chosen: "before",
        ours: (f) => {
          const v = (f.json("advice")?.values as Record<
            string,
            Record<string, number>
          >)?.approx;
          return v ? { value: v.optimum - v.rule_ev, digits: 6 } : null;
        },
      }],
    },
    {
      id: "s000-dp-vs-sim",
      source: "seed 000",
      claim:
        '"test_flip7.py checks the simulated mean against the DP\'s 22.23" (optimal play, simulated under the faithful rules)',
      experiment: "solver-vs-simulation",
      kind: "mc",
      figure: "22.23",
      publishedNote: "rounding interval of 22.23 (an exact figure)",
      readings: [{
        name: "our dp policy, 200,000 solo rounds, solo-model rules",
        chosen: "before",
        ours: (f) => {
          const r = f.row("solver-vs-simulation", { policy: "optimal" });
          if (!r) return null;
          const v = num(r, "sim_mean")!, se = num(r, "sim_se")!;
          const [low, high] = meanInterval(v, se);
          return { value: v, low, high, se, interval: "mean ± 1.96 SE" };
        },
      }],
    },
  );
  // seed 001
  const v37 = { bank: "sum:37", cont: "sum:37" };
  const vEv = { bank: "ev", cont: "ev" };
  const v0 = { bank: "search0-bank", cont: "search0" };
  out.push(
    s001("s001-vs-sum37", "Stop at 37 points", "77.3%", [0.754, 0.791], v37),
    s001(
      "s001-vs-ev",
      "Greedy: draw while one more card raises the expected score",
      "55.8%",
      [0.536, 0.58],
      vEv,
    ),
    s001(
      "s001-vs-search0",
      "Same search without the value table",
      "56.7%",
      [0.545, 0.588],
      v0,
    ),
    s001Draws("s001-draws-sum37", "Stop at 37 points", 6, v37),
    s001Draws("s001-draws-ev", "Greedy", 7, vEv),
    s001Draws(
      "s001-draws-search0",
      "Same search without the value table",
      7,
      v0,
    ),
  );
  // the public solver
  out.push(
    {
      id: "ps-numbers-optimum",
      source: "public solver",
      claim:
        "Chapter 1: numbers-only solitaire, optimal E[round score] 18.5652176",
      experiment: "deck-variants",
      kind: "exact",
      figure: "18.5652176",
      readings: dv("numbers", "optimum"),
    },
    {
      id: "ps-numbers-bust",
      source: "public solver",
      claim: "Chapter 1: P(bust) under optimal play 0.3134965",
      experiment: "round-law",
      kind: "exact",
      figure: "0.3134965",
      readings: [{
        name: "our exact solver, numbers deck (P(score 0) = P(bust) there)",
        chosen: "before",
        ours: (f) =>
          exactCell(
            f,
            "round-law",
            { deck: "numbers", score: 0 },
            "probability",
          ),
      }],
    },
    {
      id: "ps-numbers-flip7",
      source: "public solver",
      claim: "Chapter 1: P(Flip 7) under optimal play 0.0028113",
      experiment: "deck-variants",
      kind: "exact",
      figure: "0.0028113",
      readings: dv("numbers", "optimum_flip7"),
    },
    {
      id: "ps-modifiers-optimum",
      source: "public solver",
      claim: "Chapter 1b: + modifiers (85), exact optimum 20.2291",
      experiment: "deck-variants",
      kind: "exact",
      figure: "20.2291",
      readings: dv("modifiers", "optimum"),
    },
    {
      id: "ps-chance-optimum",
      source: "public solver",
      claim: "Chapter 1b: + Second Chance (88), exact optimum 22.2504",
      experiment: "deck-variants",
      kind: "exact",
      figure: "22.2504",
      readings: dv("chance", "optimum"),
    },
    {
      id: "ps-all94-optimum",
      source: "public solver",
      claim:
        "Chapter 1b: + Freeze + Flip Three (94, all cards), exact optimum 20.2980",
      experiment: "deck-variants",
      kind: "exact",
      figure: "20.2980",
      readings: [
        ...dv("all94", "optimum"),
        {
          // the reading of its solver's description, found after its figure
          // (issue 23): a set-aside Freeze waits for every forced draw
          name:
            "our exact solver, all 94 cards, ruling set-aside-order=forced-draws-first",
          chosen: "after",
          ours: (f) =>
            exactCell(f, "rulings", {
              ruling: "set-aside-order",
              value: "forced-draws-first",
              policy: "optimal",
            }, "ev"),
        },
      ],
    },
    {
      id: "ps-numbers-best-count",
      source: "public solver",
      claim: "Chapter 2: stop at k unique cards, best k = 3, 95.1% of optimal",
      experiment: "deck-variants",
      kind: "exact",
      figure: "95.1%",
      readings: dvShare("numbers", "count"),
    },
    {
      id: "ps-numbers-best-sum",
      source: "public solver",
      claim:
        "Chapter 2: stop at banked sum ≥ T, best T = 23, 99.76% of optimal",
      experiment: "deck-variants",
      kind: "exact",
      figure: "99.76%",
      readings: dvShare("numbers", "sum"),
    },
    {
      id: "ps-numbers-best-bust",
      source: "public solver",
      claim: "Chapter 2: stop at P(bust) ≥ θ, θ ≈ 0.26, 99.81% of optimal",
      experiment: "deck-variants",
      kind: "exact",
      figure: "99.81%",
      readings: dvShare("numbers", "bust"),
    },
    {
      id: "ps-numbers-best-settings",
      source: "public solver",
      claim: "Chapter 2: the best settings are k = 3, T = 23, θ ≈ 0.26",
      experiment: "deck-variants",
      kind: "predicate",
      figure: null,
      readings: [{
        name: "our exact solver, numbers deck",
        chosen: "before",
        ours: (f) => {
          const r = f.row("deck-variants", { deck: "numbers" });
          return r && {
            value: null,
            text: `k = ${r.best_count}, T = ${r.best_sum}, θ = ${r.best_bust}`,
            holds: r.best_count === 3 && r.best_sum === 23 &&
              r.best_bust === 0.26,
          };
        },
      }],
    },
    {
      id: "ps-numbers-always-hit",
      source: "public solver",
      claim: "Chapter 3: numbers only, always hit: E[score] 5.7433",
      experiment: "deck-variants",
      kind: "exact",
      figure: "5.7433",
      readings: dv("numbers", "always_hit_ev"),
    },
    {
      id: "ps-numbers-always-hit-flip7",
      source: "public solver",
      claim: "Chapter 3: numbers only, always hit: P(Flip 7) 8.66%",
      experiment: "deck-variants",
      kind: "exact",
      figure: "8.66%",
      readings: dv("numbers", "always_hit_flip7"),
    },
    {
      id: "ps-rounds-numbers",
      source: "public solver",
      claim:
        "Chapter 4: solitaire to 200 takes on average 11.51 rounds (numbers only)",
      experiment: "round-law",
      kind: "exact",
      figure: "11.51",
      readings: [{
        name: "our exact round law, numbers deck",
        chosen: "before",
        ours: (f) => roundsTo200(f, "numbers"),
      }],
    },
    {
      id: "ps-rounds-all94",
      source: "public solver",
      claim: "Chapter 4: ... or 10.68 rounds with all 94 cards",
      experiment: "round-law",
      kind: "exact",
      figure: "10.68",
      readings: [{
        name: "our exact round law, all 94 cards",
        chosen: "before",
        ours: (f) => roundsTo200(f, "all94"),
      }],
    },
    {
      id: "ps-best-response",
      source: "public solver",
      claim:
        "Chapter 4: best response to a greedy (score-maximising) field, W(0,0) = 0.5593",
      experiment: "win-agent",
      kind: "exact",
      figure: "0.5593",
      readings: [{
        name: "numbers only, independent rounds, draw = 1/2",
        chosen: "before",
        ours: (f) => {
          const v = f.json("win-agent")?.best_response_w00;
          return typeof v === "number" ? { value: v, digits: 6 } : null;
        },
      }],
    },
  );
  return out;
}

function roundsTo200(f: Files, deck: string): Ours | null {
  const v = (f.json("round-law")?.expected_rounds_to_200 as Record<
    string,
    number
  >)?.[deck];
  return typeof v === "number" ? { value: v, digits: decimals(v) } : null;
}

// ---------------------------------------------------------------------------
// verdicts

/** An exact figure matches printed digits: the rounding intervals overlap. */
export function digitsMatch(
  ours: number,
  oursDigits: number,
  figure: string,
): boolean {
  const f = parseFigure(figure);
  const half = 0.5 * 10 ** -f.d + 0.5 * 10 ** -oursDigits;
  return Math.abs(ours - f.value) <= half + 1e-12;
}

interface Tested {
  spec: Spec;
  reading: Reading;
  ours: Ours;
  z: number | null;
  p: number | null;
  ok: boolean | null; // exact/predicate: match; mc: decided by Holm
}

function test(spec: Spec, reading: Reading, f: Files): Tested | null {
  const ours = reading.ours(f);
  if (!ours) return null;
  if (spec.kind === "predicate") {
    return { spec, reading, ours, z: null, p: null, ok: ours.holds === true };
  }
  if (spec.kind === "exact") {
    const ok = ours.value !== null &&
      digitsMatch(ours.value, ours.digits ?? 6, spec.figure!);
    return { spec, reading, ours, z: null, p: null, ok };
  }
  if (ours.p !== undefined) {
    return { spec, reading, ours, z: null, p: ours.p, ok: null };
  }
  // a stated interval is the published figure's own uncertainty (its SE
  // enters below): z is taken against the point; else its rounding interval
  const [lo, hi] = spec.stated
    ? [parseFigure(spec.figure!).value, parseFigure(spec.figure!).value]
    : publishedInterval(spec);
  const z = zAgainst(
    ours.value!,
    ours.se ?? 0,
    lo!,
    hi!,
    ours.sePublished ?? spec.sePublished ?? 0,
  );
  return { spec, reading, ours, z, p: twoSidedP(z), ok: null };
}

function publishedInterval(spec: Spec): [number | null, number | null] {
  if (spec.stated) return spec.stated;
  if (spec.figure === null) return [null, null];
  const f = parseFigure(spec.figure);
  const h = 0.5 * 10 ** -f.d;
  return [f.value - h, f.value + h];
}

/**
 * The claims table of a results directory: every spec whose files exist,
 * with its verdict. Monte Carlo rows: Holm at family-wise 5% over every
 * Monte Carlo row, first with each row's reading chosen before; rows it
 * rejects are tested again under their alternative readings (the one with
 * the smallest |z|, Holm rerun over the whole family with it in place):
 * `consistent` if no longer rejected, else `not-reproduced` under the
 * reading chosen before.
 *
 * @example
 * ```ts
 * const rows = claimRows("results");
 * rows.find((r) => r.id === "s001-vs-search0")?.verdict; // "not-reproduced"
 * ```
 */
export function claimRows(dir = "results"): ClaimRow[] {
  const f = new Files(dir.replace(/\/+$/, ""));
  const all = specs();
  const first: (Tested | null)[] = all.map((s) => test(s, s.readings[0], f));
  const alts: Tested[][] = all.map((s) =>
    s.readings.slice(1).map((r) => test(s, r, f)).filter((t): t is Tested =>
      t !== null
    )
  );
  const chosen: (Tested | null)[] = first.slice();
  const verdicts: (Verdict | null)[] = all.map(() => null);
  // exact and predicate rows
  all.forEach((s, i) => {
    const t = first[i];
    if (!t || s.kind === "mc") return;
    if (t.ok) verdicts[i] = "exact";
    else {
      const alt = alts[i].find((a) => a.ok);
      if (alt) {
        chosen[i] = alt;
        verdicts[i] = "consistent";
      } else verdicts[i] = "not-reproduced";
    }
  });
  // Monte Carlo rows: Holm over the family
  const mc = all.map((_s, i) => i).filter((i) =>
    all[i].kind === "mc" && first[i] !== null
  );
  const adj = (ts: (Tested | null)[]) => {
    const h = holm(mc.map((i) => ts[i]!.p!));
    return new Map(mc.map((i, k) => [i, h[k]]));
  };
  const h1 = adj(chosen);
  const rejected = mc.filter((i) => h1.get(i)! <= 0.05);
  for (const i of mc) if (!rejected.includes(i)) verdicts[i] = "reproduced";
  // one alternative reading per experiment: the best fit over all its
  // Monte Carlo rows (smallest Σz², or largest Σ −log p for event rows)
  const altOf = new Map<string, number>();
  for (const e of new Set(mc.map((i) => all[i].experiment))) {
    const rows = mc.filter((i) => all[i].experiment === e);
    const n = Math.max(0, ...rows.map((i) => all[i].readings.length));
    let best = -1, bestFit = Infinity;
    for (let a = 1; a < n; a++) {
      let fit = 0;
      for (const i of rows) {
        const t = all[i].readings[a]
          ? test(all[i], all[i].readings[a], f)
          : null;
        if (!t) continue;
        fit += t.z !== null ? t.z * t.z : -2 * Math.log(Math.max(t.p!, 1e-300));
      }
      if (fit < bestFit) [best, bestFit] = [a, fit];
    }
    if (best > 0) altOf.set(e, best);
  }
  const trial = chosen.slice();
  for (const i of rejected) {
    const a = altOf.get(all[i].experiment);
    const r = a === undefined ? undefined : all[i].readings[a];
    const t = r ? test(all[i], r, f) : null;
    if (t && t.p !== null) trial[i] = t;
  }
  const h2 = adj(trial);
  const finalP = new Map<number, number>();
  for (const i of mc) {
    if (!rejected.includes(i)) {
      finalP.set(i, h2.get(i)!);
      continue;
    }
    if (trial[i] !== chosen[i] && h2.get(i)! > 0.05) {
      chosen[i] = trial[i];
      verdicts[i] = "consistent";
      finalP.set(i, h2.get(i)!);
    } else {
      verdicts[i] = "not-reproduced";
      finalP.set(i, h1.get(i)!);
    }
  }
  const r6 = (x: number | null | undefined) =>
    x === null || x === undefined || !Number.isFinite(x)
      ? null
      : Math.round(x * 1e6) / 1e6;
  const out: ClaimRow[] = [];
  all.forEach((s, i) => {
    const t = chosen[i];
    if (!t) return;
    const [plo, phi] = publishedInterval(s);
    const pf = s.figure === null ? null : parseFigure(s.figure).value;
    const o = t.ours;
    const exactish = s.kind !== "mc";
    out.push({
      id: s.id,
      source: s.source,
      claim: s.claim,
      published: r6(pf),
      published_low: s.kind === "predicate" ? null : r6(plo),
      published_high: s.kind === "predicate" ? null : r6(phi),
      published_interval: s.kind === "predicate"
        ? "a statement"
        : s.stated
        ? s.publishedNote ?? "stated"
        : s.kind === "exact"
        ? "rounding interval of the printed digits"
        : `rounding interval; ${s.publishedNote ?? ""}`.replace(/; $/, ""),
      ours: r6(o.value),
      ours_low: exactish ? r6(o.value) : r6(o.low),
      ours_high: exactish ? r6(o.value) : r6(o.high),
      ours_interval: exactish ? "exact" : o.interval ?? "",
      ours_text: textOf(t, s),
      statistic: s.kind === "exact"
        ? "digits"
        : s.kind === "predicate"
        ? "statement"
        : t.z === null
        ? "probability of the event"
        : "z",
      z: t.z === null || !Number.isFinite(t.z)
        ? null
        : Math.round(t.z * 100) / 100,
      p: r6(t.p),
      holm_p: s.kind === "mc" ? r6(finalP.get(i)) : null,
      verdict: verdicts[i]!,
      reading: t.reading.name,
      reading_chosen: t.reading.chosen,
      before_ours: t === first[i] ? "" : textOf(first[i]!, s),
      before_z: t === first[i] || first[i]!.z === null ||
          !Number.isFinite(first[i]!.z!)
        ? null
        : Math.round(first[i]!.z! * 100) / 100,
      experiment: s.experiment,
    });
  });
  return out;
}

/**
 * The reading search of the field-size claims: every reading with its fit
 * over the claims table's field-size rows (largest |z|, rows within the
 * family-wise bound), and which reading a rule fixed in advance (the literal
 * policy, the official rules) and the best fit choose.
 *
 * @example
 * ```ts
 * readingSearch("results")[0].reading; // "bust:0.25, standard rules"
 * ```
 */
export function readingSearch(dir = "results"): {
  reading: string;
  chosen: "before" | "after";
  cells: number;
  max_abs_z: number;
  sum_z2: number;
  within_bound: number;
  bound: number;
  pick: string;
}[] {
  const f = new Files(dir.replace(/\/+$/, ""));
  const field = specs().filter((s) =>
    s.experiment === "field-size" && s.kind === "mc"
  );
  const k = specs().filter((s) => s.kind === "mc").length;
  // the |z| bound of Holm's first step over the claims table's Monte Carlo rows
  const bound = Math.abs(
    zFromP(0.05 / k),
  );
  const rows = FIELD_READINGS.map((r, ri) => {
    const zs: number[] = [];
    for (const s of field) {
      const t = test(s, s.readings[ri], f);
      if (t && t.z !== null) zs.push(t.z);
    }
    return {
      reading: readingName(r),
      chosen: (ri === 0 ? "before" : "after") as "before" | "after",
      cells: zs.length,
      max_abs_z: Math.round(Math.max(0, ...zs.map(Math.abs)) * 100) / 100,
      sum_z2: Math.round(zs.reduce((a, z) => a + z * z, 0) * 10) / 10,
      within_bound: zs.filter((z) => Math.abs(z) <= bound).length,
      bound: Math.round(bound * 100) / 100,
      pick: "",
    };
  }).filter((r) => r.cells > 0);
  if (rows.length > 0) {
    rows[0].pick = "the rule fixed in advance (literal policy, official rules)";
    const best = rows.reduce((a, r) => r.sum_z2 < a.sum_z2 ? r : a);
    best.pick = best.pick
      ? `${best.pick}; also the best fit`
      : "the best fit (smallest Σz², chosen after seeing the figures)";
  }
  return rows;
}

function zFromP(p: number): number {
  // two-sided: |z| with P(|Z| ≥ z) = p
  let lo = 0, hi = 40;
  for (let i = 0; i < 200; i++) {
    const m = (lo + hi) / 2;
    if (twoSidedP(m) > p) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}

/** Counts of the verdicts, by source. */
export function verdictCounts(
  rows: ClaimRow[],
): Record<string, Record<Verdict, number>> {
  const out: Record<string, Record<Verdict, number>> = {};
  for (const r of rows) {
    out[r.source] ??= {
      exact: 0,
      reproduced: 0,
      consistent: 0,
      "not-reproduced": 0,
    };
    out[r.source][r.verdict]++;
  }
  return out;
}

/**
 * `CLAIMS.md`: the claims table with the verdict column, from the rows of
 * `claims.csv`.
 *
 * @example
 * ```ts
 * claimsMarkdown(claimRows("results"), "deno task report", "results").startsWith("# "); // true
 * ```
 */
export function claimsMarkdown(
  rows: ClaimRow[],
  command: string,
  dir = "results",
): string {
  const esc = (s: unknown) => String(s ?? "").replaceAll("|", "\\|");
  const counts = verdictCounts(rows);
  const mc = rows.filter((r) => r.statistic === "z" || r.holm_p !== null);
  const f = new Files(dir.replace(/\/+$/, ""));
  const quick = [...new Set(rows.map((r) => r.experiment))].filter((n) =>
    f.json(n)?.quick === true
  );
  const lines = [
    "# Published claims and our verdicts",
    "",
    ...(quick.length
      ? [
        `**Quick runs (small counts, not the published figures): ${
          quick.join(", ")
        }.** Their verdicts say nothing about the sources.`,
        "",
      ]
      : []),
    `Written by \`${command}\` from \`claims.csv\` (itself computed from the files of this folder; the rule that assigns each verdict is in \`docs/claims.md\`, the statistics in \`docs/statistics.md\`). Each claim is quoted as its source published it; ours is beside it.`,
    "",
    `Verdicts: ${
      Object.entries(counts).map(([s, c]) =>
        `${s}: ${c.exact} exact, ${c.reproduced} reproduced, ${c.consistent} consistent, ${
          c["not-reproduced"]
        } not reproduced`
      ).join("; ")
    }. Monte Carlo rows are judged together: Holm at family-wise 5% over ${mc.length} rows.`,
    "",
    "| verdict | source | published claim | ours | statistic | reading (chosen) | file |",
    "| --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const r of rows) {
    const stat = r.statistic === "z"
      ? `z ${r.z} (Holm p ${fmtP(r.holm_p)})`
      : r.statistic === "probability of the event"
      ? `p ${fmtP(r.p)} (Holm p ${fmtP(r.holm_p)})`
      : r.statistic;
    const ours = r.ours_interval === "exact" || r.ours_low === null
      ? r.ours_text
      : `${r.ours_text} (${r.ours_interval} ${
        show2(r.ours_low, r.published, r.ours_text)
      }–${show2(r.ours_high!, r.published, r.ours_text)})`;
    lines.push(
      `| **${r.verdict}** | ${esc(r.source)} | ${esc(r.claim)} | ${esc(ours)}${
        r.reading_chosen === "after"
          ? `; under the reading chosen before: ${esc(r.before_ours)}${
            r.before_z !== null ? `, z ${r.before_z}` : ""
          }`
          : ""
      } | ${esc(stat)} | ${
        esc(r.reading)
      } (${r.reading_chosen}) | [${r.experiment}.csv](${r.experiment}.csv) |`,
    );
  }
  lines.push(
    "",
    "## Figures by experiment",
    "",
    "Each experiment's own figures beside the published ones, as the experiments written by `deno task repro` state them (their `.json` files); the verdicts above are the table's. There, ± is one standard error, percentages are per-seat win shares (intervals Wilson 95%), and exact figures carry none (docs/statistics.md).",
    "",
    figuresTable(dir),
  );
  return lines.join("\n");
}

function fmtP(p: number | null): string {
  if (p === null) return "-";
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

/** An interval end in the unit of the row's text (percent or plain). */
function show2(x: number, _pub: number | null, text: string): string {
  const m = /(-?\d+)(\.(\d+))?%/.exec(text);
  if (m) return `${(100 * x).toFixed(m[3]?.length ?? 0)}%`;
  const d = /^-?\d+\.(\d+)/.exec(text)?.[1]?.length ?? 3;
  return x.toFixed(d);
}

/** The experiments in the order `deno task repro --all` runs them. */
const EXPERIMENT_ORDER = [
  "policy-ev-table",
  "optimal-distribution",
  "field-size",
  "card-counting",
  "advice",
  "replication",
  "solver-vs-simulation",
  "win-agent",
  "sweep",
  "deck-variants",
  "round-law",
];

/**
 * The figures-by-experiment table (claim, published, ours, file) of the
 * experiments `deno task repro` wrote into a directory, from the `claims` of
 * their JSON files: the table the README's claims block quotes.
 *
 * @example
 * ```ts
 * figuresTable("results").startsWith("| claim |"); // true
 * ```
 */
export function figuresTable(dir = "results"): string {
  const f = new Files(dir.replace(/\/+$/, ""));
  const items: { name: string; claims: Claim[] }[] = [];
  for (const name of EXPERIMENT_ORDER) {
    const p = f.json(name);
    if (!p || !String(p.command ?? "").startsWith("deno task repro")) continue;
    items.push({ name, claims: (p.claims ?? []) as Claim[] });
  }
  return claimsTable(items);
}

/**
 * Write `claims.csv` and `CLAIMS.md` of a results directory (atomically);
 * returns the rows.
 *
 * @example
 * ```ts
 * await writeClaims("results", "deno task report");
 * ```
 */
export async function writeClaims(
  dir = "results",
  command = "deno task report",
): Promise<ClaimRow[]> {
  const d = dir.replace(/\/+$/, "");
  const rows = claimRows(d);
  await writeFileAtomic(
    `${d}/claims.csv`,
    toCsv([...CLAIM_COLUMNS], rows as unknown as Row[]),
  );
  await writeFileAtomic(`${d}/CLAIMS.md`, claimsMarkdown(rows, command, d));
  return rows;
}

/**
 * The four win-agent ablations against `winprob` (standard rules, two
 * players, against ev, on winprob's own seeds): each difference of win
 * shares with its unpaired SE (the runs share their random numbers, but the
 * CSV keeps no per-game outcomes, so the paired SE cannot be formed; the
 * unpaired one is the larger when the pairing correlation is positive, so
 * the test is conservative), its z, and Holm over the four.
 *
 * @example
 * ```ts
 * ablationTests("results").map((a) => `${a.agent} ${a.diff} ${a.holm_p}`);
 * ```
 */
export function ablationTests(dir = "results"): {
  agent: string;
  share: number;
  diff: number;
  se: number;
  z: number;
  p: number;
  holm_p: number;
}[] {
  const rows = new Files(dir.replace(/\/+$/, "")).csv("win-agent") ?? [];
  const base = rows.find((r) =>
    r.rules === "standard" && r.players === 2 && r.agent === "winprob" &&
    r.opponent === "ev"
  );
  if (!base) return [];
  const se = (r: Row) => {
    const p = r.win_share as number, n = r.games as number;
    return Math.sqrt(p * (1 - p) / n);
  };
  const abl = rows.filter((r) =>
    r.rules === "standard" && r.players === 2 && r.opponent === "ev" &&
    String(r.agent).startsWith("winprob/")
  );
  const tests = abl.map((r) => {
    const d = (r.win_share as number) - (base.win_share as number);
    const s = Math.sqrt(se(r) ** 2 + se(base) ** 2);
    return {
      agent: String(r.agent),
      share: r.win_share as number,
      diff: d,
      se: s,
      z: d / s,
      p: twoSidedP(d / s),
    };
  });
  const h = holm(tests.map((t) => t.p));
  return tests.map((t, i) => ({ ...t, holm_p: h[i] }));
}

/**
 * The solver-against-simulation family: every z of `solver-vs-simulation.csv`
 * (EV, bust and Flip 7 of each policy; rows where both sides are zero by
 * construction left out), the largest |z|, the expected largest |z| of that
 * many tests, Holm's first bound and the rows Holm rejects at 5%.
 *
 * @example
 * ```ts
 * simulationFamily("results")?.rejected; // 0
 * ```
 */
export function simulationFamily(dir = "results"): {
  tests: number;
  max_abs_z: number;
  expected_max_abs_z: number;
  holm_bound: number;
  rejected: number;
} | null {
  const rows = new Files(dir.replace(/\/+$/, "")).csv("solver-vs-simulation");
  if (!rows) return null;
  const zs: number[] = [];
  for (const r of rows) {
    zs.push(r.z as number);
    zs.push(r.bust_z as number);
    // Flip 7 where the policy never reaches it: both sides 0 by construction
    if (!(r.exact_flip7 === 0 && r.sim_flip7 === 0)) {
      zs.push(r.flip7_z as number);
    }
  }
  const h = holm(zs.map(twoSidedP));
  return {
    tests: zs.length,
    max_abs_z: Math.max(...zs.map(Math.abs)),
    expected_max_abs_z: expectedMaxAbsZ(zs.length),
    holm_bound: holmFirstBound(zs.length),
    rejected: h.filter((p) => p <= 0.05).length,
  };
}
