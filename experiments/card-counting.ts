/**
 * `card-counting`: what counting the discard pile is worth, `evc` against
 * `ev` (the same one-step rule reading only the table).
 *
 * Seed 000: in single rounds from a fresh deck it is worth nothing (100,000
 * rounds, 20.21 each); across full games about +0.2 points a round and about
 * +1 point of win rate. We play single rounds with the two seated together
 * (100,000 rounds, seats rotated), and full games heads-up (100,000) and at
 * four players (two of each, 60,000), under `standard` and
 * `immediate-actions`. Every estimate has a standard error; the differences
 * evc − ev are paired (same games) with delta-method standard errors.
 *
 * Seed 000's 20.21 is not what two seats together score (about 20.5-20.6):
 * the `solo` setting plays each policy alone on the full 94-card deck (one
 * seat, its own Freezes and Flip Threes), 100,000 rounds each on the same
 * seed, and the provenance holds the z-score of every single-round setup
 * against seed 000's 20.21 (`single_round_z_vs_seed000`).
 *
 * @example
 * ```sh
 * deno task flip7 experiment card-counting --seed 1
 * ```
 * @module
 */

import {
  type Claim,
  defineExperiment,
  type Experiment,
  type Row,
  sized,
} from "../lib/experiment/experiment.ts";
import { round } from "../lib/run/stats.ts";
import { field, groupStats, pointsDiff, r6, winShareDiff } from "./common.ts";
import { prose } from "./text.ts";
import TEXT from "./text/card-counting.md" with { type: "text" };
import {
  A,
  C,
  cardCountingRuns,
  RULES,
  SETTINGS,
  Z95,
} from "./card-counting/settings.ts";
import { cardCountingChart } from "./card-counting/chart.ts";

export { cardCountingChart } from "./card-counting/chart.ts";

const text = prose("card-counting", TEXT);

/** Seed 000's single-round figures, as it printed them. */
const SEED000_ROUNDS = "ev 20.21, evc 20.21 (100,000 rounds)";

/**
 * The experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await cardCounting.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 38);
 * assert.deepEqual([...new Set(r.rows.map((row) => row.setting))], ["round", "heads-up", "four", "solo"]);
 * ```
 */
export const cardCounting: Experiment = defineExperiment({
  name: "card-counting",
  source: import.meta.url,
  chart: cardCountingChart,
  claim: text("claim"),
  plan({ seed, quick, scale }) {
    const state = cardCountingRuns(seed, quick, scale);
    return {
      runs: [...state.runs.map(({ s: _s, ...r }) => r), ...state.soloRuns],
      state,
    };
  },
  analyse({ state, accs: all }, { quick, scale }) {
    const { runs, soloRuns, soloSeed, soloCount } = state;
    const accs = all.slice(0, runs.length);
    const soloAccs = all.slice(runs.length);
    const rows: Row[] = [];
    const summary: string[] = [];
    const claims: Claim[] = [];
    runs.forEach((run, i) => {
      const acc = accs[i];
      const base = {
        setting: run.s.setting,
        rules: run.rules,
        players: run.s.players,
        seed: run.seed,
        n: acc.games,
      };
      const add = (
        measure: string,
        policy: string,
        est: number,
        se: number,
        ci?: [number, number],
      ) =>
        rows.push({
          ...base,
          measure,
          policy,
          estimate: r6(est),
          se: r6(se),
          ci_low: r6(ci ? ci[0] : est - Z95 * se),
          ci_high: r6(ci ? ci[1] : est + Z95 * se),
        });
      const st = groupStats(acc);
      for (const g of st) {
        add("points_per_round", g.policy, g.points_per_round, g.ppr_se);
      }
      const pd = pointsDiff(acc, C, A);
      add("points_per_round", `${C}-${A}`, pd.diff, pd.se);
      let line = text("summary-run", {
        rules: run.rules,
        setting: run.s.label,
        n: acc.games,
        unit: run.mode === "round" ? "rounds" : "games",
        ev: st[0].points_per_round.toFixed(2),
        evc: st[1].points_per_round.toFixed(2),
        diff: pd.diff.toFixed(3),
        diff_se: pd.se.toFixed(3),
      });
      let wd, over;
      if (run.mode === "game") {
        for (const g of st) {
          add("win_share", g.policy, g.win_share, g.win_se, [
            g.ci_low,
            g.ci_high,
          ]);
        }
        wd = winShareDiff(acc, C, A);
        add("win_share", `${C}-${A}`, wd.diff, wd.se);
        const c = st[1], fair = 1 / run.s.players;
        over = { est: c.win_share - fair, se: c.win_se };
        add("win_share_over_fair", C, over.est, over.se, [
          c.ci_low - fair,
          c.ci_high - fair,
        ]);
        line += text("summary-win", {
          ev_share: (100 * st[0].win_share).toFixed(2),
          evc_share: (100 * c.win_share).toFixed(2),
          fair: (100 * fair).toFixed(0),
          diff: (100 * wd.diff).toFixed(2),
          diff_se: (100 * wd.se).toFixed(2),
        });
      }
      summary.push(line);
      if (run.rules === "standard") {
        if (run.mode === "round") {
          claims.push({
            claim: text("claim-round"),
            reference: { source: "seed 000", figure: SEED000_ROUNDS },
            ours: text("claim-round-ours", {
              ev: st[0].points_per_round.toFixed(2),
              evc: st[1].points_per_round.toFixed(2),
              diff: pd.diff.toFixed(3),
              diff_se: pd.se.toFixed(3),
            }),
          });
        } else if (wd && over) {
          const sign = (x: number) => (x >= 0 ? "+" : "");
          claims.push({
            claim: text("claim-games", { setting: run.s.short }),
            reference: {
              source: "seed 000",
              figure: "about +0.2 points a round, about +1 point of win rate",
            },
            ours: text("claim-games-ours", {
              points: `${sign(pd.diff)}${pd.diff.toFixed(2)}`,
              points_se: pd.se.toFixed(2),
              share: (100 * st[1].win_share).toFixed(2),
              over: `${sign(over.est)}${(100 * over.est).toFixed(2)}`,
              over_se: (100 * over.se).toFixed(2),
              fair: (100 / run.s.players).toFixed(0),
              diff: (100 * wd.diff).toFixed(2),
              diff_se: (100 * wd.se).toFixed(2),
            }),
          });
        }
      }
    });
    // Seed 000's single-round figure against every single-round setup.
    const SEED000_ROUND = 20.21;
    const zRound: Record<string, Record<string, unknown>> = {};
    const soloMean: Record<string, Record<string, number>> = {};
    soloRuns.forEach((run, i) => {
      const [g] = groupStats(soloAccs[i]);
      rows.push({
        setting: "solo",
        rules: run.rules,
        players: 1,
        seed: run.seed,
        n: soloAccs[i].games,
        measure: "points_per_round",
        policy: g.policy,
        estimate: r6(g.points_per_round),
        se: r6(g.ppr_se),
        ci_low: r6(g.points_per_round - Z95 * g.ppr_se),
        ci_high: r6(g.points_per_round + Z95 * g.ppr_se),
      });
      (soloMean[run.rules] ??= {})[g.policy] = g.points_per_round;
      (zRound[run.rules] ??= {})[`solo/${g.policy}`] = {
        mean: round(g.points_per_round, 4),
        se: round(g.ppr_se, 4),
        z: round(
          (g.points_per_round - SEED000_ROUND) / (Math.SQRT2 * g.ppr_se),
          2,
        ),
      };
    });
    runs.forEach((run, i) => {
      if (run.mode !== "round") return;
      for (const g of groupStats(accs[i])) {
        (zRound[run.rules] ??= {})[`${run.s.players} seats/${g.policy}`] = {
          mean: round(g.points_per_round, 4),
          se: round(g.ppr_se, 4),
          z: round(
            (g.points_per_round - SEED000_ROUND) / (Math.SQRT2 * g.ppr_se),
            2,
          ),
        };
      }
    });
    for (const rules of RULES) {
      const zz = zRound[rules] as Record<string, { mean: number; z: number }>;
      summary.push(text("summary-seed000", {
        rules,
        levels: Object.entries(zz).map(([k, v]) =>
          `${k} ${v.mean.toFixed(2)} (z ${v.z.toFixed(1)})`
        ).join(", "),
      }));
    }
    {
      const ia = zRound["immediate-actions"] as Record<
        string,
        { mean: number; se: number; z: number }
      >;
      const a = ia[`solo/${A}`], c = ia[`solo/${C}`];
      claims.push({
        claim: text("claim-setup"),
        reference: { source: "seed 000", figure: SEED000_ROUNDS },
        ours: text("claim-setup-ours", {
          ev: a.mean.toFixed(2),
          ev_se: a.se.toFixed(2),
          ev_z: a.z.toFixed(1),
          evc: c.mean.toFixed(2),
          evc_se: c.se.toFixed(2),
          evc_z: c.z.toFixed(1),
          two: ia[`2 seats/${A}`].mean.toFixed(2),
          two_z: ia[`2 seats/${A}`].z.toFixed(1),
        }),
      });
    }
    return {
      columns: [
        "setting",
        "rules",
        "players",
        "seed",
        "n",
        "measure",
        "policy",
        "estimate",
        "se",
        "ci_low",
        "ci_high",
      ],
      rows,
      summary,
      claims,
      provenance: {
        seeds: [...new Set([...runs, ...soloRuns].map((r) => r.seed))],
        rules: RULES,
        settings: SETTINGS.map((s) => ({
          setting: s.setting,
          what: s.label,
          mode: s.mode,
          seats: field(s.players, A, C),
          count: sized(s.count, s.quick, { quick, scale }),
        })),
        points_per_round: text("points-per-round"),
        win_share: text("win-share"),
        difference: text("difference"),
        solo: {
          what: text("solo"),
          seed: soloSeed,
          rounds: soloCount,
        },
        single_round_z_vs_seed000: zRound,
        single_round_z_method: text("z-method"),
        reproduce_a_row: text("reproduce-a-row"),
      },
    };
  },
});
