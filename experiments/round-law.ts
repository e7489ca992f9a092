/**
 * `round-law`: the law of one solo round under optimal one-round play, deck by
 * deck — above all the 94-card game's — and the expected number of rounds a
 * lone player needs to reach 200 points when every round follows that law
 * (independent rounds, each from a fresh deck).
 *
 * Exact: each deck's optimal decisions (solved or loaded from `.cache/`), its
 * exact score distribution by the forward pass (`roundLaw` of
 * `lib/solver/law.ts`, cached beside the decisions), then the renewal equation
 * `R(t) = (1 + Σ_{s>0} p(s) R(t+s)) / (1 − p(0))` for `t < 200`, `R(t) = 0`
 * from 200 on. The decks are those of `deck-variants`.
 *
 * @example
 * ```sh
 * deno task flip7 experiment round-law
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
import { runChunks } from "../lib/run/parallel.ts";
import { ActionModel } from "../lib/solver/actions.ts";
import { roundLaw as soloRoundLaw, roundsToReach } from "../lib/solver/law.ts";
import { getModel } from "../lib/solver/model.ts";
import { round } from "../lib/run/stats.ts";
import { phase } from "./common.ts";
import { DECK_VARIANTS } from "./deck-variants.ts";
import { prose } from "./text.ts";
import TEXT from "./text/round-law.md" with { type: "text" };

const text = prose("round-law", TEXT);

/** The target of a game. */
const TARGET = 200;

/** The renewal equation (`lib/solver/law.ts`), re-exported where it was first defined. */
export { roundsToReach };

/**
 * One deck's optimal round law (for the workers).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(roundLawChunk({ ids: ["numbers"] }, 0, 1)[0].id, "numbers");
 * ```
 */
export function roundLawChunk(
  job: { ids: string[] },
  from: number,
  to: number,
): { id: string; ev: number; distribution: number[] }[] {
  return job.ids.slice(from, to).map((id) => {
    const v = DECK_VARIANTS.find((d) => d.id === id)!;
    const model = getModel(v.model, v.counts || undefined);
    if (model instanceof ActionModel) model.log = () => {};
    const e = soloRoundLaw(model, { log: () => {} }); // cached in .cache/ beside the decisions
    return { id, ev: e.ev, distribution: Array.from(e.distribution) };
  });
}

/**
 * The experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await roundLaw.run({ seed: 1, quick: true, workers: 2 });
 * assert.equal(r.rows.length, 172); // the rows of its CSV (results/round-law.csv at full size)
 * assert.equal(r.claims.length, 1);
 * ```
 */
export const roundLaw: Experiment = defineExperiment({
  name: "round-law",
  source: import.meta.url,
  chart: roundLawChart,
  claim: text("claim"),
  // solver work, one task per deck: neither Monte Carlo runs nor the
  // solver evaluations of exact.ts, so a custom step
  plan: ({ quick }) => ({
    work: ({ workers, onProgress }) => {
      const variants = DECK_VARIANTS.filter((v) => !quick || v.quick);
      const ids = variants.map((v) => v.id).sort((a, b) =>
        (b === "all94" ? 2 : b === "flip3-alone" ? 1 : 0) -
        (a === "all94" ? 2 : a === "flip3-alone" ? 1 : 0)
      );
      return runChunks<
        { id: string; ev: number; distribution: number[] }[]
      >({
        module: import.meta.url,
        fn: "roundLawChunk",
        args: { ids },
        total: ids.length,
        chunks: ids.length,
        workers,
        onProgress: phase(onProgress, "decks"),
      });
    },
  }),
  analyse({ work: parts }, { quick }) {
    const variants = DECK_VARIANTS.filter((v) => !quick || v.quick);
    const byId = new Map(parts.flat().map((f) => [f.id, f]));
    const rows: Row[] = [];
    const rounds: Record<string, number> = {};
    for (const v of variants) {
      const f = byId.get(v.id)!;
      rounds[v.id] = roundsToReach(f.distribution);
      let cum = 0;
      f.distribution.forEach((p, s) => {
        cum += p;
        if (p > 0) {
          rows.push({
            deck: v.id,
            score: s,
            probability: round(p, 12),
            cumulative: round(Math.min(1, cum), 12),
          });
        }
      });
    }
    const summary = variants.map((v) =>
      `${v.label}: mean ${byId.get(v.id)!.ev.toFixed(4)}, P(0) ${
        (100 * byId.get(v.id)!.distribution[0]).toFixed(2)
      }%, expected rounds to reach ${TARGET} alone ${rounds[v.id].toFixed(3)}`
    );
    return {
      columns: ["deck", "score", "probability", "cumulative"],
      rows,
      summary,
      claims: [{
        claim:
          `expected rounds to reach ${TARGET} alone, optimal one-round play`,
        ours: variants.map((v) => `${v.id} ${rounds[v.id].toFixed(2)}`).join(
          ", ",
        ),
      }],
      provenance: {
        seeds: [],
        rules: text("rules"),
        decks: Object.fromEntries(
          variants.map((v) => [
            v.id,
            `--model ${v.model}${v.counts ? ` --deck-counts ${v.counts}` : ""}`,
          ]),
        ),
        expected_rounds_to_200: Object.fromEntries(
          Object.entries(rounds).map(([k, x]) => [k, round(x, 6)]),
        ),
        method: text("method"),
        note: text("note"),
      },
    };
  },
});

/**
 * The chart of `round-law` from its CSV rows and provenance
 * (`expected_rounds_to_200`): the exact law of one round, score by score as
 * bars, for numbers only, + Second Chance and all 94 cards (those of them in
 * the rows), one plot each on a common scale with P(0) in its heading; then
 * the expected rounds a lone player needs to reach 200, every deck.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * import assert from "node:assert/strict";
 * const csv = Deno.readTextFileSync("results/round-law.csv");
 * const json = Deno.readTextFileSync("results/round-law.json");
 * const chart = roundLawChart(parseRows(csv), JSON.parse(json));
 * assert.ok(chart.title && chart.caption?.includes("results/round-law.csv"));
 * ```
 */
export function roundLawChart(
  rows: Row[],
  provenance: Record<string, unknown> = {},
): ChartOptions {
  const present = new Set(rows.map((r) => r.deck));
  const shown = ["numbers", "chance", "all94"].filter((id) => present.has(id));
  const label = (id: string) =>
    DECK_VARIANTS.find((v) => v.id === id)?.label ?? id;
  const p0 = (id: string) =>
    rows.find((r) => r.deck === id && r.score === 0)?.probability as
      | number
      | undefined ?? 0;
  const SHOW = 80;
  const pos = rows.filter((r) =>
    shown.includes(r.deck as string) && (r.score as number) > 0 &&
    (r.score as number) <= SHOW
  ).map((r) => ({
    deck: label(r.deck as string),
    score: r.score as number,
    p: r.probability as number,
  }));
  const top = Math.ceil(100 * Math.max(...pos.map((d) => d.p)) + 0.5);
  const rounds = (provenance.expected_rounds_to_200 ?? {}) as Record<
    string,
    number
  >;
  const races = DECK_VARIANTS.filter((v) => rounds[v.id] !== undefined).map((
    v,
  ) => ({ deck: v.label, rounds: rounds[v.id] }));
  const lawPanel = (id: string) => ({
    heading: `${label(id)}: P(0) = ${(100 * p0(id)).toFixed(1)}%, not drawn`,
    height: 150,
    x: { label: "Round score (points)", domain: [0, SHOW + 1] },
    y: {
      label: "Probability (%)",
      percent: true,
      grid: true,
      domain: [0, top],
    },
    marks: [
      Plot.rectY(pos.filter((d) => d.deck === label(id)), {
        x1: (d: { score: number }) => d.score - 0.45,
        x2: (d: { score: number }) => d.score + 0.45,
        y: "p",
        fill: "deck",
      }),
      Plot.ruleY([0]),
    ],
  });
  const longest = Math.max(0, ...races.map((r) => r.deck.length));
  return {
    title: text("title"),
    subtitle: text("subtitle"),
    caption: text("caption"),
    color: { legend: true, domain: shown.map(label), label: "Deck" },
    panels: [
      ...shown.map(lawPanel),
      ...(races.length
        ? [{
          heading: text("heading"),
          height: 40 + 22 * races.length,
          marginLeft: 12 + 6 * longest,
          marginRight: 40,
          x: {
            label: "Expected rounds",
            grid: true,
            domain: [0, Math.ceil(Math.max(...races.map((r) => r.rounds)) + 1)],
          },
          y: { label: null, domain: races.map((r) => r.deck) },
          marks: [
            Plot.barX(races, {
              x: "rounds",
              y: "deck",
              fill: "#bbbbbb",
            }),
            Plot.text(races, {
              x: "rounds",
              y: "deck",
              text: (d: { rounds: number }) => d.rounds.toFixed(2),
              dx: 4,
              textAnchor: "start",
            }),
          ],
        }]
        : []),
    ],
  };
}
