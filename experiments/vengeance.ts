/**
 * `vengeance`: *Flip 7: With a Vengeance* (issue 43) in our engine, beside
 * the two public simulators' published figures (docs/vengeance.md):
 *
 * - `published-go`: GitHub 2222-42/flip7_strategy's tables (rounds to 200
 *   solo and its heuristic sweep, multiplayer win rates of its rotating
 *   line-ups at 2-5 players, its 1v1 table; standard and Brutal), played
 *   under `vengeance-go` with its policies (`go:*`) and seating, 2,000
 *   games a cell (1,000 a sweep threshold) against its 200 (100);
 * - `published-cpp`: Eppie/flip-seven's adversarial player against a naive
 *   and a random field at 2-6 players under `vengeance-cpp` (`cpp:*`),
 *   200,000 games a matchup against its 500,000;
 * - `field`: the race model's best response `brfield-v` against N − 1 `ev`
 *   players at N = 2…6 under `vengeance` (`vengeanceFieldRows`), 20,000
 *   games a size, its win share beside the fair share and the model's;
 * - `solo`: one solo round solved exactly (`VengeanceSolver`) on the
 *   sub-decks the packed solver solves (the 108-card deck passes its
 *   limit): the optimum and `sum:N` beside it, value, bust and Flip 7.
 *
 * One row per cell (`section`, `table`, `players`, `policy`, `lineup`,
 * `metric`), our figure with its 95% interval beside the published one
 * (`published`, `published_games`); the claims table tests them
 * (experiments/claims/vengeance.ts). The game loops are in
 * `experiments/vengeance/published.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { vengeance } from "./vengeance.ts";
 * const r = await vengeance.run({ seed: 1, quick: true, workers: 1 });
 * assert.ok(r.rows.some((x) => x.section === "published-cpp" && x.metric === "edge"));
 * assert.equal(r.columns.length, Object.keys(r.rows[0]).length);
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
import { prose } from "./text.ts";
import TEXT from "./text/vengeance.md" with { type: "text" };
import {
  COLUMNS,
  CPP_GAMES,
  type GoCounts,
  publishedCppRows,
  publishedGoRows,
} from "./vengeance/published.ts";
import { FIELD_SIZES, fieldRows } from "./vengeance/field.ts";
import { SOLO_DECKS, SOLO_SUMS, soloRows } from "./vengeance/solo.ts";

export {
  COLUMNS as VENGEANCE_COLUMNS,
  CPP_FIGURES,
  GO_FIGURES,
  goCatalog,
} from "./vengeance/published.ts";

const text = prose("vengeance", TEXT);

/** What the plan's work computed: the rows and the game counts. */
interface Work {
  rows: Row[];
  go: GoCounts;
  cpp: number;
  field: number;
}

const pct = (x: unknown) =>
  typeof x === "number" ? `${(100 * x).toFixed(1)}%` : "—";

/** The experiment. */
export const vengeance: Experiment = defineExperiment<undefined, Work>({
  name: "vengeance",
  source: import.meta.url,
  claim: text("claim"),
  chart: vengeanceChart,
  plan: () => ({
    work: async (o) => {
      const go: GoCounts = {
        solo: sized(2000, 20, o),
        sweep: sized(1000, 10, o),
        multiplayer: sized(2000, 20, o),
        pair: sized(2000, 20, o),
      };
      const cpp = sized(200_000, 200, o);
      const field = sized(20_000, 100, o);
      const rows = [
        ...publishedGoRows(o.seed, go),
        ...publishedCppRows(o.seed, cpp),
        ...await fieldRows(o.seed, field, o.quick, o.workers),
        ...soloRows(o.quick),
      ];
      return { rows, go, cpp, field };
    },
  }),
  analyse({ work }, { seed }) {
    const { rows, go, cpp, field } = work;
    const summary: string[] = [];
    for (const r of rows) {
      if (r.published === null && String(r.section).startsWith("published")) {
        continue;
      }
      if (r.section === "published-go") {
        const share = r.metric === "win_share";
        summary.push(text("summary-go", {
          table: String(r.table),
          players: Number(r.players),
          policy: String(r.policy),
          lineup: r.lineup === r.policy ? "" : `(${r.lineup})`,
          ours: share ? pct(r.value) : Number(r.value).toFixed(2),
          low: share ? pct(r.ci_low) : Number(r.ci_low).toFixed(2),
          high: share ? pct(r.ci_high) : Number(r.ci_high).toFixed(2),
          games: Number(r.games),
          published: share ? pct(r.published) : String(r.published),
          published_games: Number(r.published_games),
        }));
      } else if (r.section === "solo") {
        summary.push(text("summary-solo", {
          deck: String(r.table),
          policy: String(r.policy),
          value: Number(r.value).toFixed(4),
          bust: pct(r.bust),
          flip7: (100 * Number(r.flip7)).toFixed(2),
          share: pct(r.share_of_optimal),
        }));
      } else if (r.section === "field") {
        summary.push(text("summary-field", {
          policy: String(r.policy),
          players: Number(r.players),
          ours: pct(r.value),
          low: pct(r.ci_low),
          high: pct(r.ci_high),
          games: Number(r.games),
          fair: pct(r.fair),
          model: r.model_win === null ? "—" : pct(r.model_win),
        }));
      } else if (r.metric === "edge") {
        summary.push(text("summary-cpp", {
          field: String(r.table).replace("adversarial-vs-", ""),
          players: Number(r.players),
          ours: Number(r.value).toFixed(3),
          low: Number(r.ci_low).toFixed(3),
          high: Number(r.ci_high).toFixed(3),
          games: Number(r.games),
          published: `; C++'s +${r.published} over ${CPP_GAMES} games`,
        }));
      }
    }
    return {
      columns: COLUMNS,
      rows,
      summary,
      claims: [],
      provenance: {
        seeds: [seed],
        rules: text("rules"),
        method: text("method"),
        not_matched: text("not-matched"),
        reproduce: text("reproduce"),
        games: { go, cpp, field },
        field_sizes: FIELD_SIZES,
        solo_decks: SOLO_DECKS,
        solo_sums: SOLO_SUMS,
      },
    };
  },
});

/**
 * The chart of {@linkcode vengeance} from its CSV rows: each published win
 * share (Go) or edge (C++) against ours, with our 95% interval.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const c = vengeanceChart([{ section: "published-cpp", table: "adversarial-vs-self", metric: "edge",
 *   players: 2, value: 0.22, ci_low: 0.21, ci_high: 0.23, published: 0.23 }], { games: { go: { pair: 20 }, cpp: 200 } });
 * assert.equal(c.title, "Vengeance: the public simulators' figures and ours");
 * ```
 */
export function vengeanceChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const pts: Row[] = rows.filter((r) =>
    r.published !== null &&
    (r.metric === "edge" || r.metric === "win_share")
  ).map((r) => ({
    ...r,
    kind: r.section === "published-cpp"
      ? "C++ adversarial edge"
      : String(r.table).startsWith("brutal")
      ? `Go ${String(r.table).replace("brutal-", "")} (Brutal)`
      : `Go ${r.table}`,
  }));
  const ends = pts.flatMap((p) => [
    p.ci_low as number,
    p.ci_high as number,
    p.published as number,
  ]);
  const top = 10 * Math.ceil(10 * Math.max(0.5, ...ends) + 0.5);
  const bottom = Math.min(0, 10 * Math.floor(10 * Math.min(...ends) - 0.2));
  const games = provenance.games as
    | { go?: { pair?: number }; cpp?: number }
    | undefined;
  return {
    title: "Vengeance: the public simulators' figures and ours",
    subtitle: text("subtitle", {
      games: (games?.go?.pair ?? 0).toLocaleString("en-US"),
      cpp_games: (games?.cpp ?? 0).toLocaleString("en-US"),
    }),
    caption: text("caption"),
    width: 720,
    height: 560,
    // percent scales: the domains are in percent units, with room above
    // and below every interval
    x: { label: "Published (%)", percent: true, domain: [0, top], grid: true },
    y: {
      label: "Ours, 95% interval (%)",
      percent: true,
      domain: [bottom, top],
      grid: true,
    },
    color: { legend: true, label: "Table" },
    marks: [
      Plot.line([[0, 0], [top / 100 - 0.05, top / 100 - 0.05]], {
        stroke: "#999",
        strokeDasharray: "4,3",
      }),
      Plot.ruleX(pts, {
        x: "published",
        y1: "ci_low",
        y2: "ci_high",
        stroke: "kind",
        strokeOpacity: 0.6,
      }),
      // hollow: a dot on another of the same place stays visible
      Plot.dot(pts, { x: "published", y: "value", stroke: "kind", r: 3 }),
    ],
  };
}
