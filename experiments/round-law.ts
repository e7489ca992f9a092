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

/** The target of a game. */
const TARGET = 200;

/** The renewal equation (`lib/solver/law.ts`), re-exported where it was first defined. */
export { roundsToReach };

/**
 * One deck's optimal round law (for the workers).
 *
 * @example
 * ```ts
 * roundLawChunk({ ids: ["numbers"] }, 0, 1)[0].id; // "numbers"
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
 * const r = await roundLaw.run({ seed: 1, quick: true, workers: 2 });
 * ```
 */
export const roundLaw: Experiment = defineExperiment({
  name: "round-law",
  chart: roundLawChart,
  claim:
    "The law of one optimal solo round, deck by deck (the 94-card game's above all), and the expected rounds to reach 200 alone.",
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
        rules:
          "one player, independent rounds from a fresh deck, each played with the deck's optimal one-round policy",
        decks: Object.fromEntries(
          variants.map((v) => [
            v.id,
            `--model ${v.model}${v.counts ? ` --deck-counts ${v.counts}` : ""}`,
          ]),
        ),
        expected_rounds_to_200: Object.fromEntries(
          Object.entries(rounds).map(([k, x]) => [k, round(x, 6)]),
        ),
        method:
          "exact forward pass of each deck's optimal decisions; renewal equation R(t) = (1 + sum_{s>0} p(s) R(t+s)) / (1 - p(0)), R(t >= 200) = 0",
        note:
          "the laws come from lib/solver/law.ts roundLaw(model) (cached in .cache/solo-law-<model>.json); lib/winprob's bestResponse takes the all-94 law as its opponent's round law with the opponentLaw option (the default tables keep the number-cards maximiser's law)",
      },
    };
  },
});

/**
 * The chart of `round-law` from its CSV rows: the exact law of positive
 * scores for numbers only, + Second Chance and all 94 cards (those of them
 * in the rows), P(0) in the caption.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * const chart = roundLawChart(parseRows(Deno.readTextFileSync("results/round-law.csv")));
 * ```
 */
export function roundLawChart(rows: Row[]): ChartOptions {
  const present = new Set(rows.map((r) => r.deck));
  const shown = ["numbers", "chance", "all94"].filter((id) => present.has(id));
  const p0 = (id: string) =>
    rows.find((r) => r.deck === id && r.score === 0)?.probability as
      | number
      | undefined ?? 0;
  return {
    title: "One optimal solo round: the score's law",
    subtitle: "Exact distribution of positive scores (score 0 in the caption)",
    caption: `P(0): ${
      shown.map((id) => `${id} ${(100 * p0(id)).toFixed(1)}%`).join(", ")
    }. Data: results/round-law.csv`,
    height: 340,
    x: { label: "Round score", domain: [0, 80] },
    y: { label: "Probability (%)", percent: true, grid: true },
    color: { legend: true, domain: shown },
    marks: [
      Plot.ruleY([0]),
      Plot.line(
        rows.filter((r) =>
          shown.includes(r.deck as string) && (r.score as number) > 0 &&
          (r.score as number) <= 80
        ),
        { x: "score", y: "probability", stroke: "deck" },
      ),
    ],
  };
}
