/**
 * `flip7 rules [--rules PRESET]`: the deck, the scoring, the presets and the policies.
 *
 * @example
 * ```sh
 * deno task flip7 rules --rules duel
 * ```
 * @module
 */

import { CARD_NAMES, KINDS } from "../../lib/game/cards.ts";
import { deckSize, PRESETS } from "../../lib/game/rules.ts";
import { REGISTRY } from "../../lib/run/registry.ts";
import type { Command } from "../command.ts";
import { RULES, rulesOf } from "../common.ts";

/** The `rules` command. */
export const rulesCommand: Command = {
  name: "rules",
  summary: "Deck, scoring, rules presets and policies.",
  usage: "rules [--rules PRESET]",
  options: { ...RULES },
  run({ values, out }) {
    const r = rulesOf(values);
    out.line(`Rules preset: ${r.name} — ${r.summary}`);
    out.line("");
    out.line(`Deck (${deckSize(r)} cards):`);
    const have: string[] = [];
    for (let k = 0; k < KINDS; k++) {
      if (r.deck[k] > 0) have.push(`${CARD_NAMES[k]}×${r.deck[k]}`);
    }
    out.line(`  ${have.join(" ")}`);
    out.line("");
    out.line(
      "Scoring: sum of the numbers, doubled by x2, plus the +X cards, plus 15 for a Flip 7",
    );
    out.line(
      "(seven different numbers, which ends the round for everyone). Modifiers score even",
    );
    out.line(
      "with no numbers; a bust (a number you already show) scores 0 unless a Second Chance",
    );
    out.line("saves you (it and the duplicate are discarded).");
    out.line(
      `Game: ends after the round in which someone reaches ${r.target}; ${
        r.ties === "continue"
          ? "a tie at the top plays further rounds"
          : "a tie at the top is a draw"
      }.`,
    );
    out.line(
      `Flip Three: ${
        r.deferActions
          ? "a Freeze or Flip Three flipped during it is set aside and resolved after the three"
          : "a Freeze or Flip Three flipped during it resolves at once"
      }; ${
        r.freshDeckEachRound
          ? "a fresh full deck every round"
          : "the deck persists across rounds"
      }.`,
    );
    out.line("");
    out.line("Presets (--rules):");
    for (const p of PRESETS) out.line(`  ${p.name.padEnd(18)} ${p.summary}`);
    out.line("");
    out.line("Policies (-p, comma-separated):");
    const w = Math.max(...REGISTRY.map((e) => e.usage.length));
    for (const e of REGISTRY) out.line(`  ${e.usage.padEnd(w)} ${e.describe}`);
    out.line(
      `  ${
        "./FILE.ts[:P]".padEnd(w)
      } A policy module: a file default-exporting (param) => Strategy, named by its path (./, ../, / or file://; README, "Policy modules").`,
    );
    out.line("");
    out.line(
      "Card notation (--deck): 0-12, +2 +4 +6 +8 +10, x2, freeze, flip3, chance.",
    );
  },
};
