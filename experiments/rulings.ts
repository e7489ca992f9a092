/**
 * `rulings`: what each ruling (lib/game/rulings.ts) is worth to a lone player —
 * for every value of every ruling, the exact all-94 solo optimum and the
 * exact values of `sum:25` and `bust:0.25` under it.
 *
 * A lone player's round reads only the action rulings (`actions`,
 * `set-aside-order`), so the `all94` model is solved under three readings
 * (`drawn`, the default; `forced-draws-first`; `immediate`), one after the
 * other in this thread (each solve of the real deck takes about a minute and
 * 3-6 GB). The rulings a solo round cannot read — `run-out` (a lone player
 * never draws more than about 25 of the 94 cards) and `ties` (no game) —
 * get the default model's figures, marked so; `chance-in-flip3=after-the-three`
 * is played by the engine but not modelled (its rows say so and carry no
 * figure). `--quick` uses a small deck (no 8-12) for the same table.
 *
 * @example
 * ```sh
 * deno task flip7 experiment rulings
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  defineExperiment,
  type Experiment,
  type Row,
} from "../lib/experiment/experiment.ts";
import { round } from "../lib/util/format.ts";
import type { ActionModel, ActionReading } from "../lib/solver/actions.ts";
import { evaluatePolicies } from "../lib/run/evaluate.ts";
import { loadDecisions } from "../lib/solver/cache.ts";
import { getModel } from "../lib/solver/model.ts";
import { applyRulings, DEFAULT_RULINGS, RULINGS } from "../lib/game/rulings.ts";
import { prose } from "./text.ts";
import TEXT from "./text/rulings.md" with { type: "text" };

const text = prose("rulings", TEXT);

/** The policies evaluated under every ruling value. */
export const RULING_POLICIES: readonly string[] = [
  "optimal",
  "sum:25",
  "bust:0.25",
];

/** The small deck of `--quick` (the real deck less the numbers 8-12). */
const QUICK_COUNTS = "12:0,11:0,10:0,9:0,8:0";

/** The public solver's published all-94 optimum (Eppie/flip-seven, its README). */
export const PUBLIC_ALL94 = "20.2980220287";

/** How the all94 model reads a ruling value: a reading, or why none. */
function readingOf(
  key: string,
  value: string,
): { reading: ActionReading | null; note: string } {
  if (key === "actions") {
    return value === "immediate"
      ? { reading: "immediate", note: "" }
      : { reading: "drawn", note: "" };
  }
  if (key === "setAsideOrder") {
    return {
      reading: value === "forced-draws-first" ? "forced-draws-first" : "drawn",
      note: "",
    };
  }
  if (key === "chanceInFlip3") {
    return value === "at-once" ? { reading: "drawn", note: "" } : {
      reading: null,
      note: text("note"),
    };
  }
  return {
    reading: "drawn",
    note: text("note-2"),
  };
}

/** The rulings that give each reading. */
const READING_RULINGS: Record<ActionReading, string[]> = {
  "drawn": [],
  "forced-draws-first": ["set-aside-order=forced-draws-first"],
  "immediate": ["actions=immediate"],
};

/** One reading's evaluations (for the chunk runner). */
interface ReadingFigures {
  reading: ActionReading;
  modes: number;
  rows: {
    policy: string;
    ev: number;
    forwardEv: number;
    sd: number;
    bust: number;
    flip7: number;
  }[];
  seconds: number;
}

/**
 * Solve and evaluate the readings `[from, to)` of the job, one after the other.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const [r] = rulingsChunk({ readings: ["immediate"], counts: "12:0,11:0,10:0,9:0,8:0" }, 0, 1);
 * assert.equal(r.modes, 19);
 * ```
 */
export function rulingsChunk(
  job: { readings: ActionReading[]; counts: string },
  from: number,
  to: number,
): ReadingFigures[] {
  return job.readings.slice(from, to).map((reading) => {
    const t0 = performance.now();
    const model = getModel(
      "all94",
      job.counts || undefined,
      applyRulings(DEFAULT_RULINGS, READING_RULINGS[reading]),
    ) as ActionModel;
    model.log = () => {};
    // the optimum is the solver's (backward induction); the forward pass
    // of its decisions gives the sd, bust and Flip 7 rates (and the mean
    // again, to about 1e-9)
    const evals = evaluatePolicies(RULING_POLICIES, model);
    const solved = loadDecisions(model).ev;
    const rows = evals.map((e, i) => ({
      policy: RULING_POLICIES[i],
      ev: RULING_POLICIES[i] === "optimal" ? solved : e.ev,
      forwardEv: e.ev,
      sd: e.sd,
      bust: e.bust,
      flip7: e.flip7,
    }));
    return {
      reading,
      modes: model.modes.n,
      rows,
      seconds: (performance.now() - t0) / 1000,
    };
  });
}

/**
 * The experiment.
 *
 * @example
 * ```ts ignore
 * // a quick run takes tens of seconds: tests/experiments_test.ts runs every
 * // experiment with --quick, with one and two workers
 * import assert from "node:assert/strict";
 * const r = await rulings.run({ seed: 1, quick: true, workers: 1 });
 * assert.equal(r.rows.length, 30); // the rows of its CSV (results/rulings.csv at full size)
 * assert.equal(r.claims.length, 1);
 * ```
 */
export const rulings: Experiment = defineExperiment({
  name: "rulings",
  source: import.meta.url,
  chart: rulingsChart,
  claim: text("claim"),
  plan: ({ quick }) => ({
    // solver work, one reading after another in this thread (memory)
    work: async () => {
      const readings: ActionReading[] = [
        "drawn",
        "forced-draws-first",
        "immediate",
      ];
      const counts = quick ? QUICK_COUNTS : "";
      const out: ReadingFigures[] = [];
      for (let i = 0; i < readings.length; i++) {
        out.push(...rulingsChunk({ readings, counts }, i, i + 1));
        await Promise.resolve();
      }
      return out;
    },
  }),
  analyse({ work }, { quick }) {
    const figures = work as ReadingFigures[];
    const by = new Map(figures.map((f) => [f.reading, f]));
    const rows: Row[] = [];
    for (const ru of RULINGS) {
      for (const v of ru.values) {
        const { reading, note } = readingOf(ru.key, v.value);
        for (const policy of RULING_POLICIES) {
          const f = reading ? by.get(reading)! : null;
          const e = f?.rows.find((r) => r.policy === policy);
          rows.push({
            ruling: ru.name,
            value: v.value,
            default: v.value === ru.values[0].value,
            model: "all94",
            deck: quick ? QUICK_COUNTS : "standard",
            reading: reading ?? "",
            modes: f ? f.modes : null,
            policy,
            ev: e ? round(e.ev, 10) : null,
            forward_ev: e ? round(e.forwardEv, 10) : null,
            sd: e ? round(e.sd, 10) : null,
            bust: e ? round(e.bust, 10) : null,
            flip7: e ? round(e.flip7, 10) : null,
            note,
          });
        }
      }
    }
    const opt = (r: ActionReading) =>
      by.get(r)!.rows.find((x) => x.policy === "optimal")!.ev;
    const base = opt("drawn");
    const summary = [
      ...figures.map((f) =>
        `${f.reading} (${f.modes} action modes): optimum ${
          opt(f.reading).toFixed(10)
        } (${opt(f.reading) >= base ? "+" : ""}${
          (opt(f.reading) - base).toExponential(3)
        } vs the default), sum:25 ${f.rows[1].ev.toFixed(6)}, bust:0.25 ${
          f.rows[2].ev.toFixed(6)
        }`
      ),
      quick
        ? "quick: the small deck, not the real one"
        : `public solver's published all-94 optimum ${PUBLIC_ALL94}`,
    ];
    return {
      columns: [
        "ruling",
        "value",
        "default",
        "model",
        "deck",
        "reading",
        "modes",
        "policy",
        "ev",
        "forward_ev",
        "sd",
        "bust",
        "flip7",
        "note",
      ],
      rows,
      summary,
      claims: [{
        claim: text("claim-2"),
        ours: `forced-draws-first ${
          opt("forced-draws-first").toFixed(10)
        }, drawn (default) ${base.toFixed(10)}`,
        reference: {
          source: "public solver",
          figure: PUBLIC_ALL94,
        },
      }],
      provenance: {
        seeds: [],
        rules: text("rules"),
        commands: Object.fromEntries(
          figures.map((f) => [
            f.reading,
            `deno task flip7 solve --model all94${
              quick ? ` --deck-counts ${QUICK_COUNTS}` : ""
            }${
              READING_RULINGS[f.reading].map((r) => ` --ruling ${r}`).join("")
            } --json; deno task flip7 evaluate --model all94${
              quick ? ` --deck-counts ${QUICK_COUNTS}` : ""
            }${
              READING_RULINGS[f.reading].map((r) => ` --ruling ${r}`).join("")
            } -p ${RULING_POLICIES.join(",")} --json`,
          ]),
        ),
        // how long each reading took this run: not what the run made
        run: {
          seconds: Object.fromEntries(
            figures.map((f) => [f.reading, round(f.seconds, 1)]),
          ),
        },
        ev: text("ev"),
        note: text("note-3"),
      },
    };
  },
});

/**
 * The chart of `rulings` from its CSV rows: the optimum under each ruling
 * value that changes the solo round, against the default.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = rulingsChart(parseRows(Deno.readTextFileSync("results/rulings.csv")));
 * ```
 */
export function rulingsChart(rows: Row[]): ChartOptions {
  const opt = rows.filter((r) =>
    r.policy === "optimal" && typeof r.ev === "number"
  );
  const base = opt.find((r) => r.reading === "drawn")?.ev as number ?? 0;
  const data = opt.map((r) => ({
    label: `${r.ruling}=${r.value}`,
    diff: (r.ev as number) - base,
    reading: r.reading as string,
  }));
  return {
    title: text("title"),
    subtitle: text("subtitle"),
    caption: `Default optimum ${
      base.toFixed(10)
    }; run-out and ties cannot change a solo round; chance-in-flip3=after-the-three is not modelled. Data: results/rulings.csv`,
    height: 320,
    marginLeft: 230,
    // room beside the bars for their labels
    x: {
      label: "Points per round vs the default",
      grid: true,
      domain: [
        Math.min(0, ...data.map((d) => d.diff)) * 1.6,
        Math.max(
            0,
            ...data.map((d) => d.diff),
            -0.4 * Math.min(0, ...data.map((d) => d.diff)),
          ) * 1.6 || 1,
      ],
    },
    y: { label: null, domain: data.map((d) => d.label) },
    color: {
      legend: true,
      domain: ["drawn", "forced-draws-first", "immediate"],
    },
    marks: [
      Plot.ruleX([0]),
      Plot.barX(data, { x: "diff", y: "label", fill: "reading" }),
      ...[-1, 1].map((sign) =>
        Plot.text(data.filter((d) => Math.sign(d.diff) === sign), {
          x: "diff",
          y: "label",
          text: (d: { diff: number }) =>
            `${d.diff > 0 ? "+" : ""}${d.diff.toPrecision(4)}`,
          dx: 4 * sign,
          textAnchor: sign < 0 ? "end" : "start",
        })
      ),
    ],
  };
}
