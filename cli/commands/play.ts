/**
 * `flip7 play [-p BOTS] [--seed S] [--rules PRESET] [--ruling NAME=VALUE ...]`: you against bots at the
 * terminal. You are P1; the table (who stayed, is frozen or busted), your
 * bust risk and the value of one more card (official edition) are shown at
 * each decision; under `--edition vengeance` every choice a card asks (whom
 * a modifier, Just One More or Flip Four goes to, which card a Steal,
 * Discard or Swap takes) is asked as a numbered list. `?` lists the keys,
 * `q` quits; bad input re-prompts; end of input exits.
 *
 * @example
 * ```sh
 * deno task flip7 play -p ev,bust:0.25,sum:20
 * ```
 * @module
 */

import { Game } from "../../lib/game/engine.ts";
import { formatEvent } from "../../lib/game/events.ts";
import {
  EndOfInput,
  HumanStrategy,
  Quit,
  readLineSync,
} from "../../lib/strategies/human.ts";
import type { Command } from "../command.ts";
import {
  loadPoliciesOf,
  POLICIES,
  policiesOf,
  RULES,
  rulesOf,
  SEED,
  seedOf,
} from "../common.ts";

/** The `play` command. */
export const playCommand: Command = {
  name: "play",
  summary:
    "Play against bots at the terminal (default bots: ev,bust:0.25,sum:20; Vengeance: sum:25,bust:0.25,sum:20).",
  usage:
    "play [-p BOTS] [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...]",
  options: { ...POLICIES, ...SEED, ...RULES },
  interactive: true,
  async run({ values, out }) {
    const rules = rulesOf(values);
    await loadPoliciesOf(values);
    // the bots are checked against the preset with the human seat counted
    const fallback = rules.edition === "vengeance"
      ? "sum:25,bust:0.25,sum:20"
      : rules.preset === "duel"
      ? "ev"
      : "ev,bust:0.25,sum:20";
    const bots = policiesOf(values, rules, fallback, 1);
    const seed = seedOf(values, Date.now() % 1000000);
    const names = ["you", ...bots.map((b) => b.name)];
    const human = new HumanStrategy({
      readLine: (p) => {
        const a = readLineSync(p);
        out.record(`${p}${a ?? ""}`.trimEnd());
        return a;
      },
      write: (l) => out.line(l),
    }, names);
    const strategies = [human, ...bots];
    out.line(
      `Flip 7 — rules ${rules.name}, seed ${seed}. You are P1. Type h to hit, s to stay, ? for help, q to quit.`,
    );
    const game = new Game(rules, strategies, {
      seed,
      listener: (e) => out.line(formatEvent(e, names)),
    });
    try {
      game.playGame();
    } catch (e) {
      if (!(e instanceof EndOfInput) && !(e instanceof Quit)) throw e;
      out.line("");
      out.line(
        e instanceof Quit
          ? "(you quit: game abandoned)"
          : "(end of input: game abandoned)",
      );
    }
  },
};
