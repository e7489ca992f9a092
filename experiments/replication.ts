/**
 * `replication`: seed 000's caution on method. Its first field-size result
 * came from one 24,000-game run that looked significant at three standard
 * errors and did not replicate. We run that comparison — four players, `ev`
 * against `bust:0.25`, two seats each — at 24,000 games on 20 independent
 * seeds and look at the spread of z; then the same with `bustsc:0.25`, the
 * reading of `bust:0.25` under which seed 000's field-size table comes out
 * (the CSV's `reading` column; the `bust_*` columns are the reading's seats).
 *
 * Per run, `diff` is ev's per-seat win share minus bust:0.25's; per game
 * `D = W_ev/2 − W_bust/2` (win indicators), so its standard error is
 * `sqrt((p_ev/4 + p_bust/4 − diff²) / games)` with `p` the share of games won
 * by either seat of the policy; `z = diff / se`. If the SE is right, the z of
 * the runs scatter around the pooled z with standard deviation 1.
 *
 * @example
 * ```sh
 * deno task flip7 experiment replication --seed 1
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
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
  pool,
  r6,
  winShareDiff,
} from "./common.ts";
import { prose } from "./text.ts";
import TEXT from "./text/replication.md" with { type: "text" };

const text = prose("replication", TEXT);

const A = "ev", B = "bust:0.25";
const READINGS = [B, "bustsc:0.25"];
const RULES = "standard";
const PLAYERS = 4;
const GAMES = 24_000, QUICK_GAMES = 600;
const SEEDS = 20;

/** Standard normal cumulative distribution (Abramowitz–Stegun 7.1.26 via erf). */
function phi(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x) / Math.SQRT2);
  const y = 1 -
    (((((1.061405429 * t - 1.453152027) * t) + 1.421413741) * t -
            0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x / 2);
  return x >= 0 ? (1 + y) / 2 : (1 - y) / 2;
}

/** The seeds of the runs (the same for every reading). */
function replicationSeeds(seed: number): number[] {
  return Array.from(
    { length: SEEDS },
    (_, i) => deriveSeed(seed, "replication", i),
  );
}

/**
 * The experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await replication.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 40); // the rows of its CSV (results/replication.csv at full size)
 * assert.equal(r.claims.length, 1);
 * ```
 */
export const replication: Experiment = defineExperiment({
  name: "replication",
  source: import.meta.url,
  chart: replicationChart,
  claim: text("claim"),
  plan: ({ seed, quick, scale }) => ({
    // seed 000's bust:0.25 as evaluated, then the reading that reproduces its
    // field-size table (experiments/field-size.ts), on the same seeds
    runs: READINGS.flatMap((reading) =>
      replicationSeeds(seed).map((s) => ({
        rules: RULES,
        policies: field(PLAYERS, A, reading),
        seed: s,
        count: sized(GAMES, QUICK_GAMES, { quick, scale }),
        mode: "game" as const,
      }))
    ),
  }),
  analyse({ plan, accs }, { seed }) {
    const seeds = replicationSeeds(seed);
    // the reading of each run: its second policy
    const runs = plan.runs!.map((r) => ({ ...r, reading: r.policies[1] }));
    const games = runs[0].count;
    const rows: Row[] = runs.map((spec, i) => {
      const [a, b] = groupStats(accs[i]);
      const d = winShareDiff(accs[i], A, spec.reading);
      return {
        rules: RULES,
        players: PLAYERS,
        seed: spec.seed,
        games,
        ev_wins: a.wins,
        bust_wins: b.wins,
        ev_share: r6(a.win_share),
        bust_share: r6(b.win_share),
        diff: r6(d.diff),
        se: r6(d.se),
        z: round(d.z, 3),
        crosses_3se: Math.abs(d.z) >= 3,
        reading: spec.reading,
      };
    });
    const summary: string[] = [];
    const byReading: Record<string, Record<string, unknown>> = {};
    const claimsOurs: string[] = [];
    for (const reading of READINGS) {
      const idx = runs.flatMap((r, i) => (r.reading === reading ? [i] : []));
      const zs = idx.map((i) => rows[i].z as number);
      const mean = zs.reduce((s, z) => s + z, 0) / zs.length;
      const sd = Math.sqrt(
        zs.reduce((s, z) => s + (z - mean) ** 2, 0) / (zs.length - 1),
      );
      const crossing = zs.filter((z) => Math.abs(z) >= 3).length;
      const all = pool(idx.map((i) => accs[i]));
      const pd = winShareDiff(all, A, reading);
      // z a single run would have on average, and the chance it crosses 3 SE.
      const mu = pd.diff / (pd.se * Math.sqrt(SEEDS));
      const pCross = 1 - phi(3 - mu) + phi(-3 - mu);
      const [pa, pb] = groupStats(all);
      summary.push(
        `${SEEDS} runs of ${games} games (${PLAYERS} players, ${A} vs ${reading}, ${RULES}):`,
        `z of ${A} minus ${reading} per run: mean ${mean.toFixed(2)}, sd ${
          sd.toFixed(2)
        } (1 if the SE is right), min ${Math.min(...zs).toFixed(2)}, max ${
          Math.max(...zs).toFixed(2)
        }`,
        `runs crossing 3 SE: ${crossing} of ${SEEDS}`,
        `pooled ${all.games} games: ${A} ${
          (100 * pa.win_share).toFixed(2)
        }% vs ${reading} ${(100 * pb.win_share).toFixed(2)}%, diff ${
          (100 * pd.diff).toFixed(2)
        } ± ${(100 * pd.se).toFixed(2)} points (z ${
          pd.z.toFixed(1)
        }); expected z of one run ${
          mu.toFixed(2)
        }, so one run crosses 3 SE with probability ${pCross.toFixed(3)}`,
      );
      claimsOurs.push(
        `${reading}: ${crossing} of ${SEEDS} seeds cross 3 SE; z mean ${
          mean.toFixed(2)
        }, sd ${sd.toFixed(2)}${
          reading === B
            ? ""
            : `; one run crosses with probability ${pCross.toFixed(2)}`
        }`,
      );
      byReading[reading] = {
        z_mean: round(mean, 3),
        z_sd: round(sd, 3),
        runs_crossing_3se: crossing,
        pooled: {
          games: all.games,
          ev_share: r6(pa.win_share),
          bust_share: r6(pb.win_share),
          diff: r6(pd.diff),
          se: r6(pd.se),
          expected_z_one_run: round(mu, 3),
          p_one_run_crosses_3se: round(pCross, 4),
        },
      };
    }
    summary.push(
      `(with no true difference a run would cross 3 SE with probability 0.0027)`,
    );
    const first = byReading[B] as {
      z_mean: number;
      z_sd: number;
      runs_crossing_3se: number;
      pooled: Record<string, number>;
    };
    const claims = [{
      claim: `one ${
        games.toLocaleString("en-US")
      }-game run at 4 players crosses 3 SE (ev vs bust:0.25)`,
      reference: {
        source: "seed 000",
        figure: text("figure"),
      },
      ours: claimsOurs.join("; "),
    }];
    return {
      columns: [
        "rules",
        "players",
        "seed",
        "games",
        "ev_wins",
        "bust_wins",
        "ev_share",
        "bust_share",
        "diff",
        "se",
        "z",
        "crosses_3se",
        "reading",
      ],
      rows,
      summary,
      claims,
      provenance: {
        seeds,
        rules: RULES,
        players: PLAYERS,
        policies: field(PLAYERS, A, B),
        readings: READINGS,
        games_per_run: games,
        total_games: games * SEEDS * READINGS.length,
        z_definition: text("z-definition"),
        z_mean: first.z_mean,
        z_sd: first.z_sd,
        runs_crossing_3se: first.runs_crossing_3se,
        pooled: first.pooled,
        by_reading: byReading,
        reproduce_a_row: `deno task flip7 sim -n ${games} -p ${
          field(PLAYERS, A, B).join(",")
        } --rules ${RULES} --seed SEED (bustsc:0.25 for the second reading)`,
      },
    };
  },
});

/**
 * The chart of {@linkcode replication} from its CSV rows and provenance: one
 * row per reading of `bust:0.25` (the CSV's `reading` column, in the order of
 * `provenance.readings`), the z of its runs binned under a normal curve
 * around that reading's expected z of one run
 * (`provenance.by_reading[reading].pooled.expected_z_one_run`).
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/replication.csv");
 * const json = Deno.readTextFileSync("results/replication.json");
 * const chart = replicationChart(parseRows(csv), JSON.parse(json));
 * assert.ok(chart.title && chart.caption?.includes("results/replication.csv"));
 * ```
 */
export function replicationChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const readingOf = (r: Row) => String(r.reading ?? B);
  const readings = ((provenance.readings as string[] | undefined) ?? READINGS)
    .filter((reading) => rows.some((r) => readingOf(r) === reading));
  const byReading = (provenance.by_reading ?? {}) as Record<
    string,
    { pooled: { expected_z_one_run: number } }
  >;
  const pts = rows.map((r) => ({ ...r, reading: readingOf(r) }));
  const zs = rows.map((r) => r.z as number);
  const games = (rows[0]?.games as number) ?? 0;
  const players = rows[0]?.players ?? PLAYERS;
  const rules = rows[0]?.rules ?? RULES;
  const lo = Math.min(-4, Math.floor(Math.min(...zs)) - 1);
  const hi = Math.max(4, Math.ceil(Math.max(...zs)) + 1);
  const bin = 0.5;
  const seedsOf = (reading: string) =>
    pts.filter((r) => r.reading === reading).length;
  const curves = readings.flatMap((reading) => {
    const mu = Number(byReading[reading]?.pooled?.expected_z_one_run);
    if (!Number.isFinite(mu)) {
      throw new Error(
        `replication provenance: no by_reading["${reading}"].pooled.expected_z_one_run`,
      );
    }
    const seeds = seedsOf(reading);
    return Array.from({ length: 121 }, (_, i) => {
      const x = lo + (hi - lo) * i / 120;
      return {
        reading,
        z: round(x, 4),
        count: round(
          seeds * bin * Math.exp(-((x - mu) ** 2) / 2) /
            Math.sqrt(2 * Math.PI),
          4,
        ),
      };
    });
  });
  const n = (x: number) => x.toLocaleString("en-US");
  const seeds = [...new Set(readings.map(seedsOf))].map(n).join("/");
  return {
    title: `Replication: z of ev − the reading over ${seeds} seeds`,
    subtitle: `${players} players (2 ev, 2 of the reading), ${
      n(games)
    } games per run, ${rules} rules; z = (per-seat win-share difference) / SE`,
    caption:
      `Curve: N(expected z, 1) for ${seeds} runs. Dashed: ±3. Data: results/replication.csv`,
    height: 440,
    marginRight: 90,
    x: { label: "z", domain: [lo, hi] },
    y: { label: "Runs", grid: true, ticks: 4, tickFormat: "d" },
    fy: { label: null, domain: readings },
    marks: [
      Plot.rectY(
        pts,
        {
          ...Plot.binX({ y: "count" }, { x: "z", interval: bin }),
          fy: "reading",
          fill: "#4269d0",
          inset: 1,
        },
      ),
      Plot.line(curves, {
        x: "z",
        y: "count",
        fy: "reading",
        stroke: "#efb118",
      }),
      Plot.ruleX([-3, 3], { stroke: "#d62728", strokeDasharray: "4,3" }),
      Plot.ruleX([0], { stroke: "#999" }),
      Plot.ruleY([0]),
    ],
  };
}
