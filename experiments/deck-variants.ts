/**
 * `deck-variants`: what one solo round is worth under optimal play, deck by
 * deck — numbers only, + modifiers, + Second Chance, + Freeze, all 94 cards —
 * and under a few house variants, with the best simple rules beside the
 * optimum, each searched exactly: the best `sum:N`, `bust:P` and `count:N`
 * (a hill climb over N or P, every step an exact evaluation), how far each
 * falls short, how much each card class adds, and "go for Flip 7" (always
 * hit) with its Flip 7 rate.
 *
 * Every figure is exact (the solver and its forward pass; no simulation).
 * Each deck is four tasks for the workers (the optimum with its law and
 * always-hit, and the three rule searches), the heaviest decks' first, so
 * the `all94` searches run side by side. On the `all94` decks each rule is
 * evaluated by the lumped pass (`lumpedEvaluate`, `lib/solver/forward.ts`: 12 modifier classes
 * instead of 64 masks, about 10 s for 1.36 billion states) and the optimum's
 * law is read from its cache (`lib/solver/law.ts`); the README's claims block
 * gives the measured time of the whole `deno task repro`, of which this
 * experiment is the larger part. A quick run keeps the cheap models (numbers
 * and modifiers).
 *
 * @example
 * ```sh
 * deno task flip7 experiment deck-variants
 * deno task repro deck-variants
 * ```
 * @module
 */

import {
  defineExperiment,
  type Experiment,
  type Row,
} from "../lib/experiment/experiment.ts";
import { runChunks } from "../lib/run/parallel.ts";
import { baseDeck, deckLabel, getModel } from "../lib/solver/model.ts";
import { round } from "../lib/run/stats.ts";
import { phase } from "./common.ts";
import { prose } from "./text.ts";
import TEXT from "./text/deck-variants.md" with { type: "text" };
import { DECK_VARIANTS } from "./deck-variants/decks.ts";
import {
  DECK_PARTS,
  type DeckPart,
  joinParts,
  type PartFigures,
} from "./deck-variants/parts.ts";
import { deckVariantsChart } from "./deck-variants/chart.ts";

export { DECK_VARIANTS, type DeckVariant } from "./deck-variants/decks.ts";
export {
  DECK_PARTS,
  type DeckPart,
  deckVariantChunk,
  deckVariantFigures,
  deckVariantPart,
  joinParts,
  type PartFigures,
  type VariantFigures,
} from "./deck-variants/parts.ts";
export { deckVariantsChart } from "./deck-variants/chart.ts";

const text = prose("deck-variants", TEXT);

/** The module whose `deckVariantChunk` the workers run. */
const PARTS_MODULE = new URL("./deck-variants/parts.ts", import.meta.url).href;

/** Heaviest first (for load balance): all94 with both actions, then Flip Three alone. */
const COST: Record<string, number> = { "all94": 3, "flip3-alone": 2 };

const r6 = (x: number) => round(x, 6);
const pc = (x: number, d = 1) => `${(100 * x).toFixed(d)}%`;

/**
 * The experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const r = await deckVariants.run({ seed: 1, quick: true, workers: 2 });
 * assert.deepEqual(r.rows.map((row) => row.deck), ["numbers", "modifiers", "numbers-two-zeros"]);
 * assert.equal(r.rows[0].optimum, 18.565218);
 * ```
 */
export const deckVariants: Experiment = defineExperiment({
  name: "deck-variants",
  source: import.meta.url,
  chart: deckVariantsChart,
  claim: text("claim"),
  // solver work, one task per deck: neither Monte Carlo runs nor the
  // solver evaluations of exact.ts, so a custom step
  plan: ({ quick }) => ({
    work: async ({ workers, onProgress }) => {
      const variants = DECK_VARIANTS.filter((v) => !quick || v.quick);
      // every part of every deck is a task, the heaviest decks' first, so
      // that the all-94 rule searches run side by side
      const tasks = variants.map((v) => v.id).sort((a, b) =>
        (COST[b] ?? 0) - (COST[a] ?? 0)
      ).flatMap((id) => DECK_PARTS.map((p): [string, DeckPart] => [id, p]));
      const parts = (await runChunks<PartFigures[]>({
        module: PARTS_MODULE,
        fn: "deckVariantChunk",
        args: { tasks },
        total: tasks.length,
        chunks: tasks.length,
        workers,
        onProgress: phase(onProgress, "deck parts"),
      })).flat();
      return variants.map((v) => joinParts(parts.filter((p) => p.id === v.id)));
    },
  }),
  analyse({ work: parts }, { quick }) {
    const variants = DECK_VARIANTS.filter((v) => !quick || v.quick);
    const byId = new Map(parts.flat().map((f) => [f.id, f]));
    const rows: Row[] = variants.map((v) => {
      const f = byId.get(v.id)!;
      const prev = v.from ? byId.get(v.from) : undefined;
      const deck = getModel(v.model, v.counts || undefined).deck;
      return {
        deck: v.id,
        label: v.label,
        model: v.model,
        deck_counts: v.counts === ""
          ? "default"
          : deckLabel(deck, baseDeck(v.model)),
        cards: f.cards,
        states: f.states,
        optimum: r6(f.optimum),
        optimum_sd: r6(f.optSd),
        optimum_bust: r6(f.optBust),
        optimum_flip7: r6(f.optFlip7),
        best_sum: f.bestSum,
        best_sum_ev: r6(f.sumEv),
        sum_shortfall: r6(f.optimum - f.sumEv),
        best_bust: f.bestBust,
        best_bust_ev: r6(f.bustEv),
        bust_shortfall: r6(f.optimum - f.bustEv),
        best_count: f.bestCount,
        best_count_ev: r6(f.countEv),
        count_shortfall: r6(f.optimum - f.countEv),
        always_hit_ev: r6(f.hitEv),
        always_hit_flip7: r6(f.hitFlip7),
        adds: v.adds ?? "",
        class_value: prev ? r6(f.optimum - prev.optimum) : null,
        from: v.from ?? "",
        evaluations: f.evaluations,
      };
    });
    const summary = rows.map((r) =>
      text("summary-row", {
        label: r.label as string,
        optimum: (r.optimum as number).toFixed(4),
        best_sum: r.best_sum as number,
        sum_ev: (r.best_sum_ev as number).toFixed(3),
        best_bust: r.best_bust as number,
        bust_ev: (r.best_bust_ev as number).toFixed(3),
        best_count: r.best_count as number,
        count_ev: (r.best_count_ev as number).toFixed(3),
        hit_ev: (r.always_hit_ev as number).toFixed(3),
        hit_flip7: pc(r.always_hit_flip7 as number, 2),
        class_value: r.class_value === null ? "" : text("summary-class-value", {
          adds: r.adds as string,
          value: `${(r.class_value as number) >= 0 ? "+" : ""}${
            (r.class_value as number).toFixed(3)
          }`,
        }),
      })
    );
    const claims = rows.filter((r) => r.deck === "all94" || r.deck === "chance")
      .map((r) => ({
        claim: text("claim-deck", { label: r.label as string }),
        ...(r.deck === "chance"
          ? {
            reference: { source: "seed 000", figure: "22.232 (approx model)" },
          }
          : {}),
        ours: text("claim-deck-ours", {
          optimum: (r.optimum as number).toFixed(4),
          best_sum: r.best_sum as number,
          sum_ev: (r.best_sum_ev as number).toFixed(3),
        }),
      }));
    if (claims.length === 0) {
      claims.push({
        claim: text("claim-numbers"),
        ours: (rows[0].optimum as number).toFixed(4),
      });
    }
    return {
      columns: Object.keys(rows[0]),
      rows,
      summary,
      claims,
      provenance: {
        seeds: [],
        rules: text("rules"),
        decks: Object.fromEntries(
          variants.map((v) => [
            v.id,
            `--model ${v.model}${v.counts ? ` --deck-counts ${v.counts}` : ""}`,
          ]),
        ),
        method: text("method"),
        // how long each deck took this run (a warm cache is faster): not
        // what the run made, so a rerun differing only here keeps the file
        run: {
          seconds_by_deck: Object.fromEntries(
            [...byId.values()].map((f) => [f.id, round(f.seconds, 1)]),
          ),
        },
        reproduce: text("reproduce"),
      },
    };
  },
});
