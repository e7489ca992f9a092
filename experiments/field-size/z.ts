/**
 * The z-scores of `field-size`'s pooled cells against seed 000's table
 * (experiments/field-size.ts writes them into its JSON as `z_vs_seed000`).
 *
 * @module
 */

import {
  groupStats,
  pointsDiff,
  r6,
  type RunAccum,
  winShareDiff,
} from "../common.ts";
import { round } from "../../lib/run/stats.ts";
import { A, SEED000 } from "./plan.ts";

/** Per-seat share difference a − b and its SE, from shares, seats and games. */
function shareDiff(
  sa: number,
  sb: number,
  ka: number,
  kb: number,
  games: number,
): { diff: number; se: number } {
  const pa = sa * ka, pb = sb * kb, diff = sa - sb;
  const v = pa / (ka * ka) + pb / (kb * kb) - diff * diff;
  return { diff, se: Math.sqrt(Math.max(0, v) / games) };
}

/** (ours − theirs) / combined SE, to 2 decimals. */
function zOf(ours: number, se: number, theirs: number, se0: number): number {
  return round((ours - theirs) / Math.sqrt(se * se + se0 * se0), 2);
}

/**
 * z-scores of a pooled cell (ev against `reading` at `n` players) against
 * seed 000's figures at that size (null at sizes seed 000 did not play):
 * each policy's win share and points a round, the share gap and the points
 * gap, with ours and seed 000's gaps. Seed 000's SEs: binomial for the
 * shares; for points, ours scaled to its game count (same estimator, same
 * table; it prints none).
 */
export function zVsSeed000(
  acc: RunAccum,
  n: number,
  reading: string,
): Record<string, unknown> | null {
  const [a, b] = groupStats(acc);
  const d = winShareDiff(acc, A, reading);
  const p = pointsDiff(acc, A, reading);
  const s0 = SEED000.filter((r) => r.players === n);
  if (s0.length === 0) return null;
  // seed 000's SEs: binomial for the shares; for points, ours scaled
  // to its game count (same estimator, same table)
  const [s0a, s0b] = s0;
  const g0 = s0a.games, k = Math.sqrt(acc.games / g0);
  const d0 = shareDiff(
    s0a.win_share,
    s0b.win_share,
    a.seats,
    b.seats,
    g0,
  );
  const seShare = (x: number, seats: number, games: number) =>
    Math.sqrt(seats * x * (1 - seats * x) / games) / seats;
  const gap0 = round(s0a.points_per_round - s0b.points_per_round, 2);
  return {
    ev_win_share: zOf(
      a.win_share,
      seShare(a.win_share, a.seats, acc.games),
      s0a.win_share,
      seShare(s0a.win_share, a.seats, g0),
    ),
    other_win_share: zOf(
      b.win_share,
      seShare(b.win_share, b.seats, acc.games),
      s0b.win_share,
      seShare(s0b.win_share, b.seats, g0),
    ),
    win_share_diff: zOf(d.diff, d.se, d0.diff, d0.se),
    ev_points: zOf(
      a.points_per_round,
      a.ppr_se,
      s0a.points_per_round,
      a.ppr_se * k,
    ),
    other_points: zOf(
      b.points_per_round,
      b.ppr_se,
      s0b.points_per_round,
      b.ppr_se * k,
    ),
    points_gap: zOf(p.diff, p.se, gap0, p.se * k),
    ours: {
      win_share_diff: r6(d.diff),
      win_share_diff_se: r6(d.se),
      points_gap: round(p.diff, 4),
      points_gap_se: round(p.se, 4),
    },
    seed000: {
      win_share_diff: r6(d0.diff),
      win_share_diff_se: r6(d0.se),
      points_gap: gap0,
      points_gap_se_estimated: round(p.se * k, 4),
    },
  };
}
