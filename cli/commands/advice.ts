/**
 * `flip7 advice [--model approx|exact] [--json]`: seed 000's beer-mat rule —
 * for each count of numbers showing, the bust-risk cut-off (against the real
 * 94-card deck) that best agrees with optimal play, weighted by how often
 * optimal play meets each state — and the rule's exact value; then the better
 * beer mat: the cut-offs split on holding a Second Chance, and the one-number
 * rule (always hit holding a Second Chance, else one cut-off), with their
 * exact values.
 *
 * @example
 * ```sh
 * deno task flip7 advice --model approx
 * ```
 * @module
 */

import type { Command } from "../command.ts";
import { JSON_FLAG, pct, table } from "../common.ts";
import {
  chanceRule,
  deriveAdviceRules,
  derivedChanceCutoff,
  evaluateRule,
  formatCutoff,
} from "../../lib/solver/advice.ts";
import { MODEL_OPTION, reachModelOf } from "./solve.ts";

const jsonCut = (c: number) => (c === Infinity ? null : c);

/**
 * The `advice` command.
 *
 * @example
 * ```sh
 * deno task flip7 advice --model approx
 * ```
 */
export const adviceCommand: Command = {
  name: "advice",
  summary:
    "The optimal policy as a beer-mat rule: a bust-risk cut-off per hand size, and its value.",
  usage: "advice [--model approx|exact] [--json]",
  options: { ...MODEL_OPTION, ...JSON_FLAG },
  run({ values, out }) {
    const model = reachModelOf(values, "advice");
    const [a, sc] = deriveAdviceRules(model, [[], ["chance"]]);
    const cut = derivedChanceCutoff(model);
    const one = evaluateRule(model, chanceRule(cut));
    const below = (ev: number) => 1 - ev / a.optimum;
    if (values.json) {
      out.json({
        model: a.model,
        rows: a.rows.map((r) => ({
          count: r.count,
          cutoff: jsonCut(r.cutoff),
          hitUpTo: r.hitUpTo,
          stayFrom: jsonCut(r.stayFrom),
          share: r.share,
          agreement: r.agreement,
          seed: jsonCut(r.seed),
        })),
        value: a.rule.ev,
        sd: a.rule.sd,
        bust: a.rule.bust,
        flip7: a.rule.flip7,
        optimum: a.optimum,
        seedCutoffsValue: a.seedRule.ev,
        secondChance: {
          rows: sc.rows.map((r) => ({
            count: r.count,
            holding: r.holding.chance,
            cutoff: jsonCut(r.cutoff),
            agreement: r.agreement,
          })),
          value: sc.rule.ev,
        },
        oneNumber: { cutoff: cut, value: one.ev, sd: one.sd, bust: one.bust },
      });
      return;
    }
    out.line(`The optimal policy on a beer mat (model '${model.name}'):`);
    out.line(
      "hit while the chance that the next card duplicates one of your numbers,",
    );
    out.line(
      "counted against the real 94-card deck, is under the cut-off for your hand.",
    );
    out.line("");
    for (
      const line of table([
        [
          "numbers showing",
          "hit while bust risk is under",
          "seed 000",
          "decisions",
          "agrees with optimal",
        ],
        ...a.rows.map((r) => [
          String(r.count),
          formatCutoff(r.cutoff),
          formatCutoff(r.seed, 0),
          pct(r.share),
          pct(r.agreement),
        ]),
      ])
    ) out.line(line);
    out.line("");
    const gap = 1 - a.rule.ev / a.optimum;
    out.line(
      `Exact value of the rule: ${a.rule.ev.toFixed(3)} (sd ${
        a.rule.sd.toFixed(2)
      }, bust ${pct(a.rule.bust)}, Flip 7 ${pct(a.rule.flip7, 2)}), ${
        pct(gap)
      } below the optimum ${a.optimum.toFixed(3)}.`,
    );
    out.line(
      `Seed 000's published cut-offs on this model: ${
        a.seedRule.ev.toFixed(3)
      } (seed 000 quotes 21.02).`,
    );
    out.line("");
    out.line(
      "A better beer mat: the same cut-offs, split on holding a Second Chance:",
    );
    out.line("");
    const at = (h: boolean, n: number) =>
      sc.rows.find((r) => r.holding.chance === h && r.count === n)!;
    for (
      const line of table([
        ["numbers showing", "no Second Chance", "holding one"],
        ...a.rows.map((r) => [
          String(r.count),
          formatCutoff(at(false, r.count).cutoff),
          formatCutoff(at(true, r.count).cutoff),
        ]),
      ])
    ) out.line(line);
    out.line("");
    out.line(
      `Exact value: ${sc.rule.ev.toFixed(3)}, ${
        pct(below(sc.rule.ev), 2)
      } below the optimum.`,
    );
    out.line(
      `${
        below(one.ev) <= 0.005
          ? "The simplest rule within 0.5% of optimal play"
          : "The one-number rule"
      }: always hit while holding a Second Chance;`,
    );
    out.line(
      `otherwise hit while the bust risk is under ${
        formatCutoff(cut)
      }, whatever you show. Exact value ${one.ev.toFixed(3)} (sd ${
        one.sd.toFixed(2)
      }, bust ${pct(one.bust)}), ${pct(below(one.ev), 2)} below the optimum.`,
    );
  },
};
