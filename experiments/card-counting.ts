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
 * @example
 * ```sh
 * deno task flip7 experiment card-counting --seed 1
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type Claim,
  type Experiment,
  type Row,
  sized,
} from "../lib/experiment.ts";
import { round } from "../lib/stats.ts";
import {
  deriveSeed,
  field,
  groupStats,
  phase,
  pointsDiff,
  r6,
  runBatch,
  type RunMode,
  type RunSpec,
  winShareDiff,
} from "./common.ts";

const A = "ev", C = "evc";
const RULES = ["standard", "immediate-actions"];
const Z95 = 1.959963984540054;
const MEASURES = [
  "points per round: evc − ev",
  "evc's win share per seat minus the fair share 1/n (percentage points)",
];

interface Setting {
  setting: string;
  label: string;
  short: string;
  mode: RunMode;
  players: number;
  count: number;
  quick: number;
}

const SETTINGS: Setting[] = [
  {
    setting: "round",
    label: "single rounds, 2 seats",
    short: "single rounds",
    mode: "round",
    players: 2,
    count: 100_000,
    quick: 3_000,
  },
  {
    setting: "heads-up",
    label: "games, heads-up",
    short: "heads-up",
    mode: "game",
    players: 2,
    count: 100_000,
    quick: 1_000,
  },
  {
    setting: "four",
    label: "games, 4 players (2+2)",
    short: "4 players (2 ev, 2 evc)",
    mode: "game",
    players: 4,
    count: 60_000,
    quick: 600,
  },
];

/**
 * The experiment.
 *
 * @example
 * ```ts
 * const r = await cardCounting.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const cardCounting: Experiment = {
  name: "card-counting",
  claim:
    "Card counting is worth nothing in one round from a fresh deck and about +0.2 points a round and +1 point of win rate across full games.",
  async run({ seed, quick, scale, workers, onProgress }) {
    const runs: (RunSpec & { s: Setting })[] = [];
    for (const rules of RULES) {
      for (const s of SETTINGS) {
        runs.push({
          s,
          rules,
          policies: field(s.players, A, C),
          seed: deriveSeed(seed, "card-counting", s.setting),
          count: sized(s.count, s.quick, { quick, scale }),
          mode: s.mode,
        });
      }
    }
    const accs = await runBatch(
      runs.map(({ s: _s, ...r }) => r),
      { workers, onProgress: phase(onProgress, "card-counting") },
    );
    const rows: Row[] = [];
    const summary: string[] = [];
    const claims: Claim[] = [];
    const chartRows: {
      rules: string;
      label: string;
      measure: string;
      diff: number;
      lo: number;
      hi: number;
    }[] = [];
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
      let line = `${run.rules}, ${run.s.label}, ${acc.games} ${
        run.mode === "round" ? "rounds" : "games"
      }: pts/rd ${A} ${st[0].points_per_round.toFixed(2)}, ${C} ${
        st[1].points_per_round.toFixed(2)
      }, ${C} − ${A} ${pd.diff.toFixed(3)} ± ${pd.se.toFixed(3)}`;
      chartRows.push({
        rules: run.rules,
        label: run.s.label,
        measure: MEASURES[0],
        diff: pd.diff,
        lo: pd.diff - Z95 * pd.se,
        hi: pd.diff + Z95 * pd.se,
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
        line += `; per-seat win share ${A} ${
          (100 * st[0].win_share).toFixed(2)
        }%, ${C} ${(100 * c.win_share).toFixed(2)}% (fair ${
          (100 * fair).toFixed(0)
        }%), ${C} − ${A} ${(100 * wd.diff).toFixed(2)} ± ${
          (100 * wd.se).toFixed(2)
        } points`;
        chartRows.push({
          rules: run.rules,
          label: run.s.label,
          measure: MEASURES[1],
          diff: 100 * over.est,
          lo: 100 * (c.ci_low - fair),
          hi: 100 * (c.ci_high - fair),
        });
      }
      summary.push(line);
      if (run.rules === "standard") {
        if (run.mode === "round") {
          claims.push({
            claim: "card counting, single rounds from a fresh deck",
            seed000: "ev 20.21, evc 20.21 (100,000 rounds)",
            ours: `ev ${st[0].points_per_round.toFixed(2)}, evc ${
              st[1].points_per_round.toFixed(2)
            } (diff ${pd.diff.toFixed(3)} ± ${pd.se.toFixed(3)})`,
          });
        } else if (wd && over) {
          const sign = (x: number) => (x >= 0 ? "+" : "");
          claims.push({
            claim: `card counting, full games, ${run.s.short}`,
            seed000: "about +0.2 points a round, about +1 point of win rate",
            ours: `${sign(pd.diff)}${pd.diff.toFixed(2)} ± ${
              pd.se.toFixed(2)
            } points a round; evc wins ${
              (100 * st[1].win_share).toFixed(2)
            }% per seat, ${sign(over.est)}${(100 * over.est).toFixed(2)} ± ${
              (100 * over.se).toFixed(2)
            } over the fair ${(100 / run.s.players).toFixed(0)}% (evc − ev ${
              (100 * wd.diff).toFixed(2)
            } ± ${(100 * wd.se).toFixed(2)})`,
          });
        }
      }
    });
    const seed000 = [
      { measure: MEASURES[0], label: SETTINGS[0].label, diff: 0 },
      { measure: MEASURES[0], label: SETTINGS[1].label, diff: 0.2 },
      { measure: MEASURES[0], label: SETTINGS[2].label, diff: 0.2 },
      { measure: MEASURES[1], label: SETTINGS[1].label, diff: 1 },
      { measure: MEASURES[1], label: SETTINGS[2].label, diff: 1 },
    ];
    const pts = chartRows.map((r) => ({
      ...r,
      diff: round(r.diff, 5),
      lo: round(r.lo, 5),
      hi: round(r.hi, 5),
    }));
    const chart = {
      title: "What card counting is worth: evc against ev",
      subtitle: `95% intervals; ${
        quick
          ? "quick run"
          : "100,000 rounds, 100,000 heads-up games, 60,000 four-player games"
      }`,
      caption:
        "Diamonds: seed 000 (0; about +0.2 a round; about +1 point). Data: results/card-counting.csv",
      height: 380,
      marginLeft: 160,
      marginRight: 20,
      x: { label: "Gain from counting", grid: true },
      y: {
        label: null,
        domain: SETTINGS.map((s) => s.label),
      },
      fy: { axis: null, domain: MEASURES },
      color: { legend: true, domain: RULES, label: "Rules" },
      marks: [
        Plot.ruleX([0], { stroke: "#999" }),
        Plot.text(MEASURES, {
          fy: (d: string) => d,
          text: (d: string) => d,
          frameAnchor: "top-left",
          dy: -14,
          fontWeight: "bold",
        }),
        ...RULES.flatMap((rules, k) => {
          const data = pts.filter((r) => r.rules === rules);
          const dy = k === 0 ? -5 : 5;
          return [
            Plot.link(data, {
              x1: "lo",
              x2: "hi",
              y1: "label",
              y2: "label",
              fy: "measure",
              stroke: "rules",
              strokeWidth: 2,
              dy,
            }),
            Plot.dot(data, {
              x: "diff",
              y: "label",
              fy: "measure",
              fill: "rules",
              r: 3,
              dy,
            }),
          ];
        }),
        Plot.dot(seed000, {
          x: "diff",
          y: "label",
          fy: "measure",
          symbol: "diamond",
          stroke: "#1a1a1a",
          r: 5,
        }),
      ],
    };
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
      chart,
      summary,
      claims,
      provenance: {
        seeds: [...new Set(runs.map((r) => r.seed))],
        rules: RULES,
        settings: SETTINGS.map((s) => ({
          setting: s.setting,
          what: s.label,
          mode: s.mode,
          seats: field(s.players, A, C),
          count: sized(s.count, s.quick, { quick, scale }),
        })),
        points_per_round:
          "points of the policy's seats / (seats x rounds); SE by the delta method over games (rounds: plain SE over rounds)",
        win_share:
          "per seat: wins of the policy's seats / (games x seats); Wilson 95% interval; SE binomial over games",
        difference:
          "evc minus ev on the same games: paired, SE by the delta method over games",
        reproduce_a_row:
          "deno task flip7 sim -n N -p <seats> --rules RULES --seed SEED (games) or deno task flip7 round -n N -p ev,evc --rules RULES --seed SEED (rounds)",
      },
    };
  },
};
