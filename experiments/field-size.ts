/**
 * `field-size`: `ev` against `bust:0.25` as the table fills up, under two
 * readings of seed 000's `bust:0.25`.
 *
 * Seed 000: heads-up ev wins 50.4%; at four players ev 24.5% vs bust:0.25
 * 25.6%; at six 15.9% vs 17.4% (100,000 / 60,000 / 42,000 games).
 *
 * Readings: `bust:0.25` (the policy seed 000's solver evaluates: hit while
 * the table-read risk is under 25%) and `bustsc:0.25` (the same, but always
 * hitting while holding a Second Chance). Both sweep the whole grid on the
 * same seeds (so the `bust:0.25` rows are those of the one-reading
 * experiment). Three more readings — counting the discards (`bustc:0.25`,
 * `bustscc:0.25`) and the Second Chance rule with the risk against the full
 * deck minus your own cards (`bustscd:0.25`) — play seed 000's three sizes once under
 * `immediate-actions`. The provenance holds, per reading, rules and size,
 * the z-scores of ours against seed 000's figures (`z_vs_seed000`).
 *
 * At `n` players the seats alternate `ev, bust:0.25, ev, ...` (half each; for
 * odd `n` one extra `ev`), seats rotated game by game. A policy's win share is
 * per seat: the games won by any of its seats divided by games × its seats,
 * which is what seed 000's figures are (they sum to 100% over the seats). Runs
 * at 2, 4 and 6 players use seed 000's game counts; the sweep adds 3, 5, 7
 * and 8 players; every size runs on 3 independent seeds, under `standard` and
 * `immediate-actions` (seed 000's reading of Flip Three).
 *
 * The Monte Carlo part is a sweep (lib/experiment/sweep.ts): {@linkcode fieldSizePlan}
 * is one plan, a sub-sweep per reading, whose runs are the experiment's
 * plan (played by `runAll`, in one pool with the other experiments' under
 * `deno task repro`); the CSV rows
 * are `sweepRows` with the set label as `reading`, the pooled rows and the
 * z-scores come from `pooledCells`.
 *
 * @example
 * ```sh
 * deno task flip7 experiment field-size --seed 1
 * ```
 * @module
 */

import {
  defineExperiment,
  type Experiment,
  type Row,
  sized,
} from "../lib/experiment/experiment.ts";
import { groupStats, pointsDiff, r6, winShareDiff } from "./common.ts";
import {
  pooledCells,
  SWEEP_COLUMNS,
  sweepRows,
} from "../lib/experiment/sweep.ts";
import { exactEvaluations, exactWork, MODELS } from "./exact.ts";
import { round } from "../lib/run/stats.ts";
import { prose } from "./text.ts";
import TEXT from "./text/field-size.md" with { type: "text" };
import {
  A,
  ALT_READINGS,
  ALT_RULES,
  FIELD_SIZE_TASKS,
  fieldSizePlan,
  fieldSizeSeed,
  GAMES,
  PLAYERS,
  QUICK_GAMES,
  READINGS,
  RULES,
  SEED000,
  SEED000_SIZES,
  SEEDS,
} from "./field-size/plan.ts";
import { zVsSeed000 } from "./field-size/z.ts";
import { fieldSizeChart } from "./field-size/chart.ts";

export {
  A,
  ALT_READINGS,
  B,
  FIELD_SIZE_TASKS,
  fieldSizePlan,
  fieldSizeSeed,
  READINGS,
  SEED000,
} from "./field-size/plan.ts";
export { fieldSizeChart } from "./field-size/chart.ts";

const text = prose("field-size", TEXT);

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The experiment.
 *
 * @example
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await fieldSize.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 186); // the rows of its CSV (results/field-size.csv at full size)
 * assert.equal(r.claims.length, 5);
 * ```
 */
export const fieldSize: Experiment = defineExperiment({
  name: "field-size",
  source: import.meta.url,
  chart: fieldSizeChart,
  claim:
    "More points per round is not more wins: ev beats bust:0.25 heads-up but loses at 4 and 6 players.",
  plan({ seed, quick, scale }) {
    const sweep = fieldSizePlan(
      seed,
      (n) => sized(GAMES[n], QUICK_GAMES, { quick, scale }),
    );
    // the solo EVs of the policies explain the gap in points per round
    return {
      runs: sweep.map((r) => r.spec),
      exact: exactWork(FIELD_SIZE_TASKS),
      state: sweep,
    };
  },
  analyse({ state: plan, accs }, { seed, quick, scale }) {
    const seeds = Array.from(
      { length: SEEDS },
      (_, r) => fieldSizeSeed(seed, r),
    );
    const count = (n: number) => sized(GAMES[n], QUICK_GAMES, { quick, scale });
    // the sweep's rows, its set label (the reading) in a last column
    const rows: Row[] = sweepRows(plan, accs).map(({ set, ...r }) => ({
      ...r,
      reading: set,
    }));
    // Pool the seeds of each (reading, rules, players).
    const pooled: Row[] = [];
    const summary: string[] = [text("summary-head", { seeds: SEEDS })];
    const share: Record<string, string> = {};
    const pprGap: Record<string, { diff: number; se: number }> = {};
    // z-scores of ours against seed 000, per reading, rules and size
    const zs: Record<string, Record<string, Record<number, unknown>>> = {};
    for (const { run, acc } of pooledCells(plan, accs)) {
      const { set: reading, rules, players: n } = run;
      const st = groupStats(acc);
      const d = winShareDiff(acc, A, reading);
      const p = pointsDiff(acc, A, reading);
      for (const g of st) {
        pooled.push({
          reading,
          rules,
          players: n,
          policy: g.policy,
          win_share: r6(g.win_share),
          ci_low: r6(g.ci_low),
          ci_high: r6(g.ci_high),
          points_per_round: round(g.points_per_round, 4),
          ppr_se: round(g.ppr_se, 4),
          games: g.games,
        });
      }
      const [a, b] = st;
      const key = `${reading}/${rules}/${n}`;
      share[key] = `${pct(a.win_share)} vs ${pct(b.win_share)}`;
      pprGap[key] = p;
      summary.push(text("summary-cell", {
        reading,
        rules,
        players: n,
        games: acc.games,
        ev_share: pct(a.win_share),
        other_share: pct(b.win_share),
        diff: (100 * d.diff).toFixed(2),
        diff_se: (100 * d.se).toFixed(2),
        z: d.z.toFixed(1),
        ev_points: a.points_per_round.toFixed(2),
        other_points: b.points_per_round.toFixed(2),
        points_diff: p.diff.toFixed(3),
        points_diff_se: p.se.toFixed(3),
      }));
      const z = zVsSeed000(acc, n, reading);
      if (z) ((zs[reading] ??= {})[rules] ??= {})[n] = z;
    }
    // the largest |z| per reading and rules over seed 000's sizes: of the
    // comparisons (shares, share gap, points gap), and of the points levels
    const LEVELS = ["ev_points", "other_points"];
    const maxZ: Record<
      string,
      Record<string, { comparisons: number; points_levels: number }>
    > = {};
    for (const [reading, byRules] of Object.entries(zs)) {
      for (const [rules, bySize] of Object.entries(byRules)) {
        const m = { comparisons: 0, points_levels: 0 };
        for (const z of Object.values(bySize)) {
          for (const [k, v] of Object.entries(z as Record<string, unknown>)) {
            if (typeof v !== "number") continue;
            const which = LEVELS.includes(k) ? "points_levels" : "comparisons";
            m[which] = Math.max(m[which], Math.abs(v));
          }
        }
        (maxZ[reading] ??= {})[rules] = m;
      }
    }
    const s000 = (n: number) => {
      const [a, b] = SEED000.filter((r) => r.players === n);
      return `${A} ${pct(a.win_share)} vs ${pct(b.win_share)}`;
    };
    // The exact solo gap between the policies, on both models.
    const solo = Object.fromEntries(MODELS.map((m) => {
      const [e, b, c] = exactEvaluations(m, [A, ...READINGS]);
      return [m, {
        ev: round(e.ev, 4),
        bust: round(b.ev, 4),
        bustsc: round(c.ev, 4),
      }];
    }));
    const gap = (m: string, r: "bust" | "bustsc" = "bust") =>
      (solo[m].ev - solo[m][r]).toFixed(2);
    const g = (k: string) =>
      `${pprGap[k].diff.toFixed(3)} ± ${pprGap[k].se.toFixed(3)}`;
    const [R0, R1] = READINGS;
    const IA = "immediate-actions";
    const zmax = (r: string, rules: string) =>
      maxZ[r][rules].comparisons.toFixed(1);
    const zlev = (r: string, rules: string) =>
      maxZ[r][rules].points_levels.toFixed(1);
    const cause = text("cause", {
      solo_gap: gap("exact"),
      z_bust: zmax(R0, IA),
      z_bustsc: zmax(R1, IA),
      z_bustsc_standard: zmax(R1, "standard"),
      bustsc_ev: solo.exact.bustsc,
      bustsc_gap: gap("exact", "bustsc"),
      bust_ev: solo.exact.bust,
      further: ALT_READINGS.map((r) => `${r} largest |z| ${zmax(r, IA)}`)
        .join(", "),
      z_levels: zlev(R1, IA),
    });
    summary.push(cause);
    const both = (r: string, n: number) =>
      `${share[`${r}/standard/${n}`]} (standard), ${
        share[`${r}/${IA}/${n}`]
      } (${IA})`;
    const claims = [
      ...SEED000_SIZES.map((n) => ({
        claim: text("claim-share", { players: n }),
        reference: { source: "seed 000", figure: s000(n) },
        ours: `${R0}: ${A} ${both(R0, n)}; ${R1}: ${A} ${both(R1, n)}`,
      })),
      {
        claim: text("claim-gap"),
        reference: {
          source: "seed 000",
          figure: "0.11 / 0.17 / 0.21 (about 0.15)",
        },
        ours: text("claim-gap-ours", {
          bust: [2, 4, 6].map((n) => g(`${R0}/${IA}/${n}`)).join(" / "),
          bustsc: [2, 4, 6].map((n) => g(`${R1}/${IA}/${n}`)).join(" / "),
          solo_gap: gap("exact"),
          bustsc_gap: gap("exact", "bustsc"),
        }),
      },
      {
        claim: text("claim-z"),
        reference: {
          source: "seed 000",
          figure: "its table (one policy, bust:0.25)",
        },
        ours: text("claim-z-ours", {
          z_bust: zmax(R0, IA),
          z_bustsc: zmax(R1, IA),
          further: ALT_READINGS.map((r) => `${r} ${zmax(r, IA)}`).join(", "),
          z_levels: zlev(R1, IA),
        }),
      },
    ];
    const total = plan.reduce((s, r) => s + r.spec.count, 0);
    return {
      // the sweep's columns, its policy set named `reading` and put last
      columns: [...SWEEP_COLUMNS.filter((c) => c !== "set"), "reading"],
      rows,
      summary,
      claims,
      provenance: {
        seeds,
        rules: RULES,
        players: PLAYERS,
        readings: READINGS,
        alt_readings: {
          readings: ALT_READINGS,
          rules: ALT_RULES,
          players: SEED000_SIZES,
          seeds: [seeds[0]],
        },
        games_per_run: quick ? QUICK_GAMES : Object.fromEntries(
          PLAYERS.map((n) => [n, count(n)]),
        ),
        total_games: total,
        composition: text("composition"),
        win_share: text("win-share"),
        points_per_round: text("points-per-round"),
        z_vs_seed000_method: text("z-method"),
        z_vs_seed000: zs,
        max_abs_z_vs_seed000: maxZ,
        reproduce_a_row: text("reproduce-a-row"),
        pooled,
        seed000: SEED000,
        solo_exact_ev: solo,
        discrepancy: cause,
      },
    };
  },
});
