/**
 * `human` — asks at the terminal, showing the table (each player as P1,
 * P2, ... by seat, yours as "you", and who stayed, is frozen or busted),
 * your bust risk and the value of one more card. `?` shows the keys; bad
 * input re-prompts, naming what is allowed; `q` quits and end of input ends
 * the game cleanly (a {@linkcode Quit} or {@linkcode EndOfInput} is thrown
 * for the command line to catch).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { HumanStrategy } from "./human.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import { X2 } from "../game/cards.ts";
 * // a scripted player: a bad answer (asked again), two hits, then stay
 * const answers = ["maybe", "h", "h", "s"], shown: string[] = [];
 * const h = new HumanStrategy({ readLine: () => answers.shift() ?? null, write: (l) => shown.push(l) });
 * const g = new Game(getRules("standard"), [h], { seed: 1, stack: [5, X2, 7] });
 * g.playRound();
 * assert.equal(answers.length, 0);
 * assert.equal(g.total(0), 24); // (5 + 7) × 2, banked
 * assert.ok(shown.includes("  'maybe' is not an answer here (h, s, ? or q); try again."));
 * assert.ok(shown.includes("  P1 (you): total 0, round 24  [5 7 | x2]"));
 * ```
 * @module
 */

import {
  BUSTED,
  type Choice,
  DECLINE,
  FROZEN,
  pairFirst,
  pairSecond,
  refKind,
  refSeat,
  STAYED,
  type Strategy,
  type TableView,
} from "../game/view.ts";
import { bustRisk, oneCardValue } from "./estimate.ts";

/** Thrown when the terminal's input ends. */
export class EndOfInput extends Error {
  constructor() {
    super("end of input");
    this.name = "EndOfInput";
  }
}

/** Thrown when the player types `q` (quit). */
export class Quit extends Error {
  constructor() {
    super("quit");
    this.name = "Quit";
  }
}

/** What a seat's status reads as beside its line. */
const STATUS: Record<number, string> = {
  [STAYED]: " (stayed)",
  [FROZEN]: " (frozen)",
  [BUSTED]: " (busted)",
};

/** Where a human player reads and writes. */
export interface HumanIO {
  /** Show a prompt and read one line; null at end of input. */
  readLine(prompt: string): string | null;
  /** Print one line. */
  write(line: string): void;
}

/** Longest answer kept: the rest of a longer line is read and dropped. */
const MAX_LINE = 1024;
let queue = new Uint8Array(0);
let at = 0;
let inputEnded = false;

/**
 * Read one line from standard input synchronously (works for a terminal and
 * for piped input); null at end of input. Each byte is looked at once (a
 * 16 MB line is read in linear time), and a line longer than 1,024 bytes is
 * returned cut, ending in `…`.
 *
 * @example
 * It waits on the real standard input, so it is not run here;
 * tests/cli_test.ts ("play: end of input exits cleanly; bad input
 * re-prompts") pipes answers to `flip7 play`, which reads them with it.
 * ```ts ignore
 * import assert from "node:assert/strict";
 * const answer = readLineSync("Hit or stay? ");
 * assert.ok(answer === null || typeof answer === "string");
 * ```
 */
export function readLineSync(question: string): string | null {
  Deno.stdout.writeSync(new TextEncoder().encode(question));
  const line = new Uint8Array(MAX_LINE);
  let n = 0, cut = false;
  const done = () =>
    new TextDecoder().decode(line.subarray(0, n)).replace(/\r$/, "") +
    (cut ? "…" : "");
  for (;;) {
    while (at < queue.length) {
      const b = queue[at++];
      if (b === 10) return done();
      if (n < MAX_LINE) line[n++] = b;
      else cut = true;
    }
    if (inputEnded) return n > 0 || cut ? done() : null;
    const buf = new Uint8Array(65536);
    const got = Deno.stdin.readSync(buf);
    if (got === null || got === 0) inputEnded = true;
    else [queue, at] = [buf.subarray(0, got), 0];
  }
}

/** The terminal: standard input and output. */
export const TERMINAL: HumanIO = {
  readLine: readLineSync,
  write: (line) => console.log(line),
};

/**
 * Describe one seat's line, e.g. `3 7 12 | +4 x2 | chance` (numbers, then
 * modifiers, each in card order).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { Game } from "../game/engine.ts";
 * import { getRules } from "../game/rules.ts";
 * import { CHANCE, PLUS2, X2 } from "../game/cards.ts";
 * import type { TableView } from "../game/view.ts";
 * // one seat dealt 5, then x2, 7, +4 (PLUS2 + 1) and a Second Chance
 * const lines: string[] = [];
 * const probe = { name: "probe", hit: (v: TableView) => (lines.push(describeSeat(v, 0)), lines.length < 5), target: () => 0 };
 * new Game(getRules("standard"), [probe], { seed: 1, stack: [5, X2, 7, PLUS2 + 1, CHANCE] }).playRound();
 * assert.deepEqual(lines, ["5", "5 | x2", "5 7 | x2", "5 7 | +4 x2", "5 7 | +4 x2 | chance"]);
 * ```
 */
export function describeSeat(view: TableView, seat: number): string {
  const t = view.rules.cards, line = view.lineMask(seat);
  const numbers: string[] = [];
  for (let k = 0; k < t.numberKinds; k++) {
    if (line & (1 << k)) numbers.push(t.names[k]);
  }
  const parts = [numbers.join(" ") || "-"];
  const mods = t.modifierKinds.filter((k) => view.modMask(seat) & t.modBit[k])
    .map((k) => t.names[k]);
  if (mods.length) parts.push(mods.join(" "));
  if (view.hasChance(seat)) parts.push("chance");
  return parts.join(" | ");
}

/** A person at the terminal. */
export class HumanStrategy implements Strategy {
  /** `human`. */
  readonly name = "human";
  /**
   * @param io the terminal (default: Deno's prompt and console)
   * @param names each seat's policy, shown beside its P number (yours: "you")
   */
  constructor(
    private readonly io: HumanIO = TERMINAL,
    private readonly names: readonly string[] = [],
  ) {}

  /**
   * Ask until an allowed answer: `?` shows `help`, `q` quits, anything else
   * is named with the allowed answers (`keys`).
   */
  private ask(
    question: string,
    allowed: (a: string) => boolean,
    keys: string,
    help: string[],
  ): string {
    for (;;) {
      const a = this.io.readLine(question);
      if (a === null) throw new EndOfInput();
      const t = a.trim().toLowerCase();
      if (t === "q" || t === "quit") throw new Quit();
      if (t === "?" || t === "help") {
        for (const l of help) this.io.write(`  ${l}`);
        continue;
      }
      if (allowed(t)) return t;
      const shown = a.trim();
      this.io.write(
        `  '${
          shown.length > 40 ? `${shown.slice(0, 39)}…` : shown
        }' is not an answer here (${keys}, ? or q); try again.`,
      );
    }
  }

  /** `P2 (ev)`, or `P1 (you)` for your own seat. */
  private seatName(s: number, seat: number): string {
    const who = s === seat ? "you" : this.names[s];
    return `P${s + 1}${who ? ` (${who})` : ""}`;
  }

  private showTable(view: TableView, seat: number): void {
    for (let s = 0; s < view.players; s++) {
      this.io.write(
        `  ${this.seatName(s, seat)}: total ${view.total(s)}, round ${
          view.roundScore(s)
        }${STATUS[view.seatStatus(s)] ?? ""}  [${describeSeat(view, s)}]`,
      );
    }
  }

  /** Ask Hit or Stay, after showing the table, the bust risk and one card's value. */
  hit(view: TableView, seat: number): boolean {
    this.showTable(view, seat);
    if (view.rules.edition === "flip7") {
      const risk = bustRisk(view, seat, false);
      const value = oneCardValue(view, seat, false);
      this.io.write(
        `  bust risk of the next card ${
          (100 * risk).toFixed(1)
        }%; one more card is worth ${value.toFixed(2)} on average against ${
          view.roundScore(seat)
        } now`,
      );
    }
    const a = this.ask(
      "Hit or stay? [h/s, ? help, q quit] ",
      (t) => ["h", "hit", "s", "stay"].includes(t),
      "h, s",
      [
        "h (hit): draw one more card; s (stay): bank your round score;",
        "q: quit the game; ?: these keys. The table lists every player by seat (P1, P2, ...).",
      ],
    );
    return a.startsWith("h");
  }

  /** Ask whom to give an action card (or a spare Second Chance). */
  target(view: TableView, seat: number, kind: number): number {
    const legal: number[] = [];
    for (let s = 0; s < view.players; s++) {
      if (!view.isActive(s)) continue;
      const chance = kind === view.rules.cards.chanceKind;
      if (chance && (s === seat || view.hasChance(s))) continue;
      legal.push(s);
    }
    this.showTable(view, seat);
    // every player by seat number, yours as everywhere else (P1 in play)
    const names = legal.map((s) => `${s + 1}=${this.seatName(s, seat)}`);
    const a = this.ask(
      `Give ${view.rules.cards.names[kind]} to whom? [${names.join(", ")}] `,
      (t) => /^\d+$/.test(t) && legal.includes(Number(t) - 1),
      legal.map((s) => s + 1).join(", "),
      [
        `type the number of the player who gets the ${
          view.rules.cards.names[kind]
        }: ${names.join(", ")}`,
        legal.includes(seat)
          ? "you may give it to yourself"
          : "not yourself: a spare Second Chance goes to another player in the round",
        "q: quit the game; ?: these keys",
      ],
    );
    return Number(a) - 1;
  }

  /**
   * Ask a Vengeance choice: the options are numbered 1, 2, ... in the
   * engine's order ({@linkcode Choice}), each named (a seat, a face-up card
   * as `P2's 12`, a swap as `P1's 3 <-> P2's 12`, or `decline`).
   */
  choose(view: TableView, seat: number, choice: Choice): number {
    const names = view.rules.cards.names;
    const card = (ref: number) =>
      `${this.seatName(refSeat(ref), seat)}'s ${names[refKind(ref)]}`;
    const label = (o: number): string => {
      if (o === DECLINE) return "decline";
      switch (choice.type) {
        case "modifier":
        case "target":
          return this.seatName(o, seat);
        case "flip7":
          return o === seat
            ? "keep the points"
            : `take them off ${this.seatName(o, seat)}`;
        case "steal":
        case "discard":
          return card(o);
        case "swap":
          return `${card(pairFirst(o))} <-> ${card(pairSecond(o))}`;
      }
    };
    const what = choice.type === "flip7"
      ? "Flip 7: keep its points, or take them off another player?"
      : choice.type === "modifier" || choice.type === "target"
      ? `Play ${names[choice.card]} on whom?`
      : `${names[choice.card]}: which ${
        choice.type === "swap" ? "two cards" : "card"
      }?`;
    this.showTable(view, seat);
    const listed = choice.options.map((o, i) => `${i + 1}=${label(o)}`);
    for (const l of listed) this.io.write(`  ${l}`);
    const a = this.ask(
      `${what} [1-${choice.options.length}] `,
      (t) =>
        /^\d+$/.test(t) && Number(t) >= 1 &&
        Number(t) <= choice.options.length,
      `1 to ${choice.options.length}`,
      [
        `type the number of an option: ${listed.join(", ")}`,
        "q: quit the game; ?: these keys",
      ],
    );
    return choice.options[Number(a) - 1];
  }
}
