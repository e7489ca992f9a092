/**
 * `flip7 rules [--rules PRESET | --edition EDITION] [--ruling NAME=VALUE ...]`:
 * the deck, the effects and scoring, the edition's rulings table (every
 * ambiguous rule, its values and their sources), the presets and the
 * policies.
 *
 * @example
 * ```sh
 * deno task flip7 rules --rules duel
 * ```
 * @module
 */

import { effectText } from "../../lib/game/cards.ts";
import { deckSize, PRESETS, type Rules } from "../../lib/game/rules.ts";
import { EDITION_RULINGS } from "../../lib/game/rulings.ts";
import { REGISTRY } from "../../lib/run/registry.ts";
import type { Command } from "../command.ts";
import type { Output } from "../output.ts";
import { RULES, rulesOf } from "../common.ts";

/** The `rules` command. */
export const rulesCommand: Command = {
  name: "rules",
  summary: "Deck, scoring, the rulings table, rules presets and policies.",
  usage:
    "rules [--rules PRESET | --edition flip7|vengeance] [--ruling NAME=VALUE ...]",
  options: { ...RULES },
  run({ values, out }) {
    const r = rulesOf(values);
    const t = r.cards;
    out.line(`Rules preset: ${r.name} — ${r.summary}`);
    out.line("");
    out.line(`Deck (${deckSize(r)} cards):`);
    const have: string[] = [];
    for (let k = 0; k < t.kinds; k++) {
      if (r.deck[k] > 0) have.push(`${t.names[k]}×${r.deck[k]}`);
    }
    out.line(`  ${have.join(" ")}`);
    out.line("");
    if (r.edition === "vengeance") vengeanceText(r, out);
    else officialText(r, out);
    out.line("");
    out.line(
      "Rulings (--ruling NAME=VALUE, repeatable; * in force, the first value is the default):",
    );
    for (const ru of EDITION_RULINGS[r.edition]) {
      out.line(`  ${ru.name}: ${ru.summary}`);
      const w = Math.max(...ru.values.map((v) => v.value.length));
      for (const v of ru.values) {
        const mark = r.rulings[ru.key] === v.value ? "*" : " ";
        out.line(`   ${mark} ${v.value.padEnd(w)}  ${v.source}`);
      }
    }
    out.line("");
    out.line("Presets (--rules):");
    for (const p of PRESETS) {
      const set = EDITION_RULINGS[p.edition].filter((ru) =>
        p.rulings[ru.key] !== ru.values[0].value
      )
        .map((ru) => `${ru.name}=${p.rulings[ru.key]}`);
      out.line(
        `  ${p.name.padEnd(18)} ${p.summary}${
          set.length ? ` Rulings: ${set.join(", ")}.` : ""
        }`,
      );
    }
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
      r.edition === "vengeance"
        ? `Card notation (--deck): ${t.names.join(", ")}.`
        : "Card notation (--deck): 0-12, +2 +4 +6 +8 +10, x2, freeze, flip3, chance.",
    );
  },
};

/** The official edition's scoring and round text. */
function officialText(r: Rules, out: Output): void {
  out.line(
    `Scoring: sum of the numbers, doubled by x2, plus the +X cards, plus ${r.flip7Bonus} for a Flip 7`,
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
      r.rulings.ties === "continue"
        ? "a tie at the top plays further rounds"
        : "a tie at the top is a draw"
    }.`,
  );
  out.line(
    `Flip Three: ${
      r.rulings.actions === "deferred"
        ? "a Freeze or Flip Three flipped during it is set aside and resolved after the three"
        : "a Freeze or Flip Three flipped during it resolves at once"
    }; ${
      r.freshDeckEachRound
        ? "a fresh full deck every round"
        : "the deck persists across rounds"
    }.`,
  );
}

/** The Vengeance edition's effects, scoring and round text (docs/vengeance.md). */
function vengeanceText(r: Rules, out: Output): void {
  const t = r.cards;
  out.line("Effects:");
  const w = Math.max(...t.rows.map((row) => row.name.length));
  for (const row of t.rows) {
    if (r.deck[t.kindOf(row.name)] > 0) {
      out.line(`  ${row.name.padEnd(w)}  ${effectText(row)}`);
    }
  }
  out.line("");
  out.line(
    `Scoring: sum of the numbers, halved (rounded down) by /2, minus the negative cards, not below 0${
      r.rulings.brutal === "on" ? " (Brutal Mode: below 0 too)" : ""
    },`,
  );
  out.line(
    `plus ${r.flip7Bonus} for a Flip 7 (${r.flip7Length} number ${
      r.rulings.flip7Count === "ranks" ? "ranks" : "cards"
    }, which ends the round for everyone); a line holding the Zero scores 0 without a Flip 7;`,
  );
  out.line(
    "a bust (a second card of a rank you show; Lucky 13 lets one other 13 in) scores 0.",
  );
  out.line(
    `Game: ends after the round in which someone reaches ${r.target}; ${
      r.rulings.ties === "continue"
        ? "a tie at the top plays further rounds"
        : "a tie at the top is a draw"
    }; ${
      r.freshDeckEachRound
        ? "a fresh full deck every round"
        : "the deck persists across rounds"
    }.`,
  );
}
