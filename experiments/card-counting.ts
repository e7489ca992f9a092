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

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  type Claim,
  defineExperiment,
  type Experiment,
  type Row,
  sized,
} from "../lib/experiment/experiment.ts";
import { round } from "../lib/run/stats.ts";
import {
  deriveSeed,
  field,
  groupStats,
  pointsDiff,
  r6,
  type RunMode,
  type RunSpec,
  winShareDiff,
} from "./common.ts";

const A = "ev", C = "evc";
const RULES = ["standard", "immediate-actions"];
const SOLO_ROUNDS = 100_000, SOLO_QUICK = 3_000;
const Z95 = 1.959963984540054;
const MEASURES = [
  "Points a round: evc − ev",
  "evc's win share per seat minus the fair share 1/n",
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

/** The runs: each setting under each rules, then each policy alone. */
function cardCountingRuns(seed: number, quick: boolean, scale?: number) {
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
  // each policy alone, single rounds from a fresh 94-card deck
  const soloSeed = deriveSeed(seed, "card-counting", "solo");
  const soloCount = sized(SOLO_ROUNDS, SOLO_QUICK, { quick, scale });
  const soloRuns: RunSpec[] = RULES.flatMap((rules) =>
    [A, C].map((p) => ({
      rules,
      policies: [p],
      seed: soloSeed,
      count: soloCount,
      mode: "round" as const,
    }))
  );
  return { runs, soloRuns, soloSeed, soloCount };
}

/**
 * The experiment.
 *
 * @example
 * ```ts
 * const r = await cardCounting.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const cardCounting: Experiment = defineExperiment({
  name: "card-counting",
  chart: cardCountingChart,
  claim:
    "Card counting is worth nothing in one round from a fresh deck and about +0.2 points a round and +1 point of win rate across full games.",
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
      let line = `${run.rules}, ${run.s.label}, ${acc.games} ${
        run.mode === "round" ? "rounds" : "games"
      }: pts/rd ${A} ${st[0].points_per_round.toFixed(2)}, ${C} ${
        st[1].points_per_round.toFixed(2)
      }, ${C} − ${A} ${pd.diff.toFixed(3)} ± ${pd.se.toFixed(3)}`;
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
      }
      summary.push(line);
      if (run.rules === "standard") {
        if (run.mode === "round") {
          claims.push({
            claim: "card counting, single rounds from a fresh deck",
            reference: {
              source: "seed 000",
              figure: "ev 20.21, evc 20.21 (100,000 rounds)",
            },
            ours: `ev ${st[0].points_per_round.toFixed(2)}, evc ${
              st[1].points_per_round.toFixed(2)
            } (diff ${pd.diff.toFixed(3)} ± ${pd.se.toFixed(3)})`,
          });
        } else if (wd && over) {
          const sign = (x: number) => (x >= 0 ? "+" : "");
          claims.push({
            claim: `card counting, full games, ${run.s.short}`,
            reference: {
              source: "seed 000",
              figure: "about +0.2 points a round, about +1 point of win rate",
            },
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
      summary.push(
        `${rules}, single rounds against seed 000's 20.21: ${
          Object.entries(zz).map(([k, v]) =>
            `${k} ${v.mean.toFixed(2)} (z ${v.z.toFixed(1)})`
          ).join(", ")
        }`,
      );
    }
    {
      const ia = zRound["immediate-actions"] as Record<
        string,
        { mean: number; se: number; z: number }
      >;
      const a = ia[`solo/${A}`], c = ia[`solo/${C}`];
      claims.push({
        claim:
          "card counting, single rounds: the setup that gives seed 000's 20.21",
        reference: {
          source: "seed 000",
          figure: "ev 20.21, evc 20.21 (100,000 rounds)",
        },
        ours: `each alone on the 94-card deck (immediate-actions): ev ${
          a.mean.toFixed(2)
        } ± ${a.se.toFixed(2)} (z ${a.z.toFixed(1)}), evc ${
          c.mean.toFixed(2)
        } ± ${c.se.toFixed(2)} (z ${c.z.toFixed(1)}); two seats together: ev ${
          ia[`2 seats/${A}`].mean.toFixed(2)
        } (z ${ia[`2 seats/${A}`].z.toFixed(1)})`,
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
        points_per_round:
          "points of the policy's seats / (seats x rounds); SE by the delta method over games (rounds: plain SE over rounds)",
        win_share:
          "per seat: wins of the policy's seats / (games x seats); Wilson 95% interval; SE binomial over games",
        difference:
          "evc minus ev on the same games: paired, SE by the delta method over games",
        solo: {
          what:
            "each policy alone, single rounds from a fresh 94-card deck (it takes its own Freezes and Flip Threes), the same seed for both",
          seed: soloSeed,
          rounds: soloCount,
        },
        single_round_z_vs_seed000: zRound,
        single_round_z_method:
          "z = (ours - 20.21) / (sqrt(2) x our SE): seed 000's SE taken as ours (same count, same sd)",
        reproduce_a_row:
          "deno task flip7 sim -n N -p <seats> --rules RULES --seed SEED (games) or deno task flip7 round -n N -p ev,evc --rules RULES --seed SEED (rounds; -p ev alone for the solo rows)",
      },
    };
  },
});

/**
 * The chart of {@linkcode cardCounting} from its CSV rows (and `quick` from
 * the provenance): two panels, each in its own unit — points a round (evc
 * minus ev) and evc's win share over the fair share (percentage points) —
 * with one row per setting that has the figure.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * declare const csv: string, json: string; // the CSV and JSON files of the run
 * const chart = cardCountingChart(parseRows(csv), JSON.parse(json));
 * ```
 */
export function cardCountingChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const label = (setting: unknown) =>
    SETTINGS.find((s) => s.setting === setting)?.label ?? String(setting);
  const pick = (measure: string, policy: string) =>
    rows.filter((r) => r.measure === measure && r.policy === policy).map((
      r,
    ) => ({
      rules: r.rules,
      label: label(r.setting),
      diff: r.estimate as number,
      lo: r.ci_low as number,
      hi: r.ci_high as number,
    }));
  const seed000 = [
    [{ label: SETTINGS[0].label, diff: 0 }, {
      label: SETTINGS[1].label,
      diff: 0.2,
    }, { label: SETTINGS[2].label, diff: 0.2 }],
    [{ label: SETTINGS[1].label, diff: 0.01 }, {
      label: SETTINGS[2].label,
      diff: 0.01,
    }],
  ];
  const counts = SETTINGS.map((s) => {
    const r = rows.find((r) => r.setting === s.setting);
    const n = ((r?.n as number) ?? 0).toLocaleString("en-US");
    return s.mode === "round"
      ? `${n} rounds`
      : `${n} ${s.players === 2 ? "heads-up" : "four-player"} games`;
  }).join(", ");
  const panel = (
    k: number,
    data: ReturnType<typeof pick>,
    x: Record<string, unknown>,
  ) => {
    const labels = SETTINGS.map((s) => s.label).filter((l) =>
      data.some((d) => d.label === l)
    );
    return {
      heading: MEASURES[k],
      height: 50 + 34 * labels.length,
      x: { grid: true, ...x },
      y: { label: null, domain: labels },
      marks: [
        Plot.ruleX([0], { stroke: "#999" }),
        ...RULES.flatMap((rules, j) => {
          const d = data.filter((r) => r.rules === rules);
          const dy = j === 0 ? -5 : 5;
          return [
            Plot.link(d, {
              x1: "lo",
              x2: "hi",
              y1: "label",
              y2: "label",
              stroke: "rules",
              strokeWidth: 2,
              dy,
            }),
            Plot.dot(d, {
              x: "diff",
              y: "label",
              fill: "rules",
              r: 3,
              dy,
            }),
          ];
        }),
        Plot.dot(seed000[k], {
          x: "diff",
          y: "label",
          symbol: "diamond",
          stroke: "currentColor",
          r: 5,
        }),
      ],
    };
  };
  return {
    title: "What card counting is worth: evc against ev",
    subtitle: `95% intervals; ${
      provenance.quick ? `quick run: ${counts}` : counts
    }`,
    caption:
      "Diamonds: seed 000 (0; about +0.2 a round; about +1 point). Data: results/card-counting.csv",
    marginLeft: 160,
    marginRight: 20,
    color: { legend: true, domain: RULES, label: "Rules" },
    panels: [
      panel(0, pick("points_per_round", `${C}-${A}`), {
        label: "Points a round (evc − ev)",
      }),
      panel(1, pick("win_share_over_fair", C), {
        label: "Win share − 1/n (percentage points)",
        percent: true,
      }),
    ],
  };
}
