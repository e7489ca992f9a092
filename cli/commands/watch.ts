/**
 * `flip7 watch -p P1,P2,... [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...] [--deck CARDS] [--rounds N] [--json]`:
 * one game, card by card. One policy means a solo game.
 *
 * @example
 * ```sh
 * deno task flip7 watch -p ev,ev,ev --seed 3 --rounds 1 --json
 * ```
 * @module
 */

import { parseCards } from "../../lib/game/cards.ts";
import { Game } from "../../lib/game/engine.ts";
import { formatEvent, type GameEvent } from "../../lib/game/events.ts";
import { intOption } from "../args.ts";
import type { Command } from "../command.ts";
import {
  JSON_FLAG,
  loadPoliciesOf,
  POLICIES,
  policiesOf,
  RULES,
  rulesOf,
  SEED,
  seedOf,
} from "../common.ts";

/** The `watch` command. */
export const watchCommand: Command = {
  name: "watch",
  summary: "Watch one game card by card (--json: one event per line).",
  usage:
    "watch -p P1,P2,... [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...] [--deck CARDS] [--rounds N] [--json]",
  options: {
    ...POLICIES,
    ...SEED,
    ...RULES,
    deck: { type: "string" },
    rounds: { type: "string" },
    ...JSON_FLAG,
  },
  async run({ values, out }) {
    const rules = rulesOf(values);
    await loadPoliciesOf(values);
    const strategies = policiesOf(values, rules);
    const seed = seedOf(values);
    const stack = typeof values.deck === "string"
      ? parseCards(values.deck, "--deck", rules.cards)
      : [];
    const rounds = intOption(values, "rounds", {
      min: 1,
      max: 100000,
      default: 100000,
    });
    const names = strategies.map((s) => s.name);
    const json = values.json === true;
    const listener = json
      ? (e: GameEvent) => out.json(e)
      : (e: GameEvent) => out.line(formatEvent(e, names));
    // built before anything is printed: a bad --deck is refused with no output
    const game = new Game(rules, strategies, { seed, stack, listener });
    if (json) {
      out.json({ type: "game_start", rules: rules.name, seed, players: names });
    } else {
      out.line(
        `Flip 7 — rules ${rules.name}, seed ${seed}, players ${
          names.map((n, i) => `P${i + 1}=${n}`).join(" ")
        }`,
      );
    }
    game.playGame(rounds);
  },
};
