/**
 * Seed 000's field-size table as claims: its figures, the readings of
 * `bust:0.25` and our pooled cells under each (from results/field-size.json),
 * then the claims of the table and of the replication anecdote.
 *
 * @module
 */

import { meanInterval, Z95 } from "../../lib/run/stats.ts";
import type { Files } from "./files.ts";
import { parseFigure } from "./figures.ts";
import { MARGINS, type Ours, type Reading, type Spec } from "./types.ts";

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
export const FIELD_READINGS: { policy: string; rules: string }[] = [
  { policy: "bust:0.25", rules: "standard" },
  { policy: "bust:0.25", rules: "immediate-actions" },
  { policy: "bustsc:0.25", rules: "standard" },
  { policy: "bustsc:0.25", rules: "immediate-actions" },
  { policy: "bustc:0.25", rules: "immediate-actions" },
  { policy: "bustscc:0.25", rules: "immediate-actions" },
  { policy: "bustscd:0.25", rules: "immediate-actions" },
];
export const readingName = (r: { policy: string; rules: string }) =>
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
      n: c.games,
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
      n: c.games,
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
    const c = pooled(f, policy, rules, players, "ev");
    if (!cell || !c) return null;
    const o = cell.ours as Record<string, number>;
    const s = cell.seed000 as Record<string, number>;
    if (kind === "z") {
      // our expected z of one run at seed 000's count (its z has SD 1; our
      // estimate of it SD sqrt(its games / ours))
      const theirs = SEED000_FIELD[players][4];
      const scale = Math.sqrt(theirs / c.games);
      const v = o.win_share_diff / (o.win_share_diff_se / scale);
      return {
        value: v,
        low: v - Z95 * scale,
        high: v + Z95 * scale,
        se: scale,
        n: c.games,
        sePublished: 1,
        text: `${v.toFixed(1)} at its ${theirs.toLocaleString("en-US")} games`,
        interval: `z at its count ± 1.96 SE (${
          c.games.toLocaleString("en-US")
        } games)`,
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
      n: c.games,
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
    n: g.reduce((a, x) => a + x!.n!, 0),
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

/** Seed 000's field-size table and its replication anecdote, in table order. */
export function fieldSizeSpecs(): Spec[] {
  const out: Spec[] = [];
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
        family: "s000-field-size",
        claim: `field-size table, ${n} players (${
          games.toLocaleString("en-US")
        } games): ev win ${ev}`,
        experiment: "field-size",
        kind: "mc",
        figure: ev,
        sePublished: shareSe(ev),
        publishedNote: "its game count; binomial SE",
        margin: MARGINS.share,
        readings: fieldReadings(fieldShare("ev"), n),
      },
      {
        id: `s000-field-${n}-bust-share`,
        source: "seed 000",
        family: "s000-field-size",
        claim: `field-size table, ${n} players: bust:0.25 win ${bu}`,
        experiment: "field-size",
        kind: "mc",
        figure: bu,
        sePublished: shareSe(bu),
        publishedNote: "its game count; binomial SE",
        margin: MARGINS.share,
        readings: fieldReadings(fieldShare("other"), n),
      },
      {
        id: `s000-field-${n}-ev-points`,
        source: "seed 000",
        family: "s000-field-size",
        claim: `field-size table, ${n} players: ev pts/rd ${evp}`,
        experiment: "field-size",
        kind: "mc",
        figure: evp,
        publishedNote: "no SE printed: ours scaled to its game count",
        margin: MARGINS.points,
        readings: fieldReadings(fieldPoints("ev", games), n),
      },
      {
        id: `s000-field-${n}-bust-points`,
        source: "seed 000",
        family: "s000-field-size",
        claim: `field-size table, ${n} players: bust:0.25 pts/rd ${bup}`,
        experiment: "field-size",
        kind: "mc",
        figure: bup,
        publishedNote: "no SE printed: ours scaled to its game count",
        margin: MARGINS.points,
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
      family: "s000-field-size",
      claim: `"Heads-up, maximizing value wins": ev minus bust:0.25 win share ${
        gapFig(2)
      } at 2 players`,
      experiment: "field-size",
      kind: "mc",
      figure: gapFig(2),
      publishedNote: "SE from its game count (paired, same games)",
      margin: MARGINS.share,
      readings: fieldReadings(fieldGap("share"), 2),
    },
    {
      id: "s000-field-4-loses",
      source: "seed 000",
      family: "s000-field-size",
      claim: `"At four players it loses": ev minus bust:0.25 win share ${
        gapFig(4)
      }`,
      experiment: "field-size",
      kind: "mc",
      figure: gapFig(4),
      publishedNote: "SE from its game count (paired, same games)",
      margin: MARGINS.share,
      readings: fieldReadings(fieldGap("share"), 4),
    },
    {
      id: "s000-field-6-loses",
      source: "seed 000",
      family: "s000-field-size",
      claim: `"At six it loses clearly": ev minus bust:0.25 win share ${
        gapFig(6)
      }`,
      experiment: "field-size",
      kind: "mc",
      figure: gapFig(6),
      publishedNote: "SE from its game count (paired, same games)",
      margin: MARGINS.share,
      readings: fieldReadings(fieldGap("share"), 6),
    },
    {
      id: "s000-field-6-twelve-se",
      source: "seed 000",
      family: "s000-field-size",
      claim:
        '"At six it loses clearly, by about twelve standard errors" (z -12)',
      experiment: "field-size",
      kind: "mc",
      figure: "-12",
      publishedNote: "rounding interval of 'about twelve'; a z has SD 1",
      margin: MARGINS.z,
      readings: fieldReadings(fieldGap("z"), 6),
    },
    {
      id: "s000-field-points-gap",
      source: "seed 000",
      family: "s000-field-size",
      claim:
        '"bust:0.25 scores measurably fewer points a round than the EV-maximizing ev bot, about 0.15" (mean of the 2/4/6-player gaps)',
      experiment: "field-size",
      kind: "mc",
      figure: "0.15",
      publishedNote:
        "rounding interval of 'about 0.15'; its SE ours scaled to its counts",
      margin: MARGINS.points,
      readings: FIELD_READINGS.map((r, i) => ({
        name: readingName(r),
        chosen: i === 0 ? "before" : "after",
        ours: (f) => fieldMeanGap(f, r.policy, r.rules, 0),
      })),
    },
    {
      id: "s000-replication",
      source: "seed 000",
      family: "s000-replication",
      claim:
        '"a single 24,000-game run, looked significant at three standard errors, and did not replicate on a second seed" (4 players: ev minus bust:0.25, the direction of "at four players it loses"; z -3)',
      experiment: "replication",
      kind: "mc",
      figure: "-3",
      sePublished: 1,
      publishedNote:
        "rounding interval of 'three standard errors'; one run's z has SD 1",
      margin: MARGINS.z,
      readings: ["bust:0.25", "bustsc:0.25"].map((reading, i) => ({
        name: `${reading}, standard rules`,
        chosen: i === 0 ? "before" : "after",
        ours: (f) => {
          const b = (f.json("replication")?.by_reading as Record<
            string,
            Record<string, unknown>
          >)?.[reading];
          if (!b) return null;
          const pool = b.pooled as Record<string, number>;
          const runs =
            f.csv("replication")?.filter((r) => r.reading === reading).length ??
              0;
          if (runs === 0) return null;
          const v = pool.expected_z_one_run, se = 1 / Math.sqrt(runs);
          const q = pool.p_one_run_crosses_3se;
          return {
            value: v,
            low: v - Z95 * se,
            high: v + Z95 * se,
            se,
            n: pool.games,
            text: `expected z of one run ${
              v.toFixed(2)
            }; ${b.runs_crossing_3se} of ${runs} runs cross 3 SE (one run with probability ${
              q.toFixed(3)
            }, a crossing then none ${(q * (1 - q)).toFixed(3)})`,
            interval: `pooled over ${runs} runs ± 1.96 SE`,
          };
        },
      })),
    },
  );
  return out;
}
