/**
 * `human` — asks at the terminal, showing the table, your bust risk and the
 * value of one more card. Bad input re-prompts; end of input ends the game
 * cleanly (a {@linkcode EndOfInput} is thrown for the command line to catch).
 *
 * @example
 * ```ts
 * import { HumanStrategy } from "./human.ts";
 * const h = new HumanStrategy({ readLine: () => "h", write: console.log });
 * ```
 * @module
 */

import { CARD_NAMES, maskModifiers, maskNumbers } from "../game/cards.ts";
import type { Strategy, TableView } from "../game/view.ts";
import { bustRisk, oneCardValue } from "./estimate.ts";

/** Thrown when the terminal's input ends. */
export class EndOfInput extends Error {
  constructor() {
    super("end of input");
    this.name = "EndOfInput";
  }
}

/** Where a human player reads and writes. */
export interface HumanIO {
  /** Show a prompt and read one line; null at end of input. */
  readLine(prompt: string): string | null;
  /** Print one line. */
  write(line: string): void;
}

const pending: number[] = [];
let inputEnded = false;

/**
 * Read one line from standard input synchronously (works for a terminal and
 * for piped input); null at end of input.
 *
 * @example
 * ```ts
 * const answer = readLineSync("Hit or stay? ");
 * ```
 */
export function readLineSync(question: string): string | null {
  Deno.stdout.writeSync(new TextEncoder().encode(question));
  const buf = new Uint8Array(256);
  for (;;) {
    const nl = pending.indexOf(10);
    if (nl >= 0) {
      const line = pending.splice(0, nl + 1);
      return new TextDecoder().decode(new Uint8Array(line.slice(0, -1)))
        .replace(/\r$/, "");
    }
    if (inputEnded) {
      if (pending.length === 0) return null;
      const line = pending.splice(0);
      return new TextDecoder().decode(new Uint8Array(line));
    }
    const n = Deno.stdin.readSync(buf);
    if (n === null || n === 0) inputEnded = true;
    else for (let i = 0; i < n; i++) pending.push(buf[i]);
  }
}

/** The terminal: standard input and output. */
export const TERMINAL: HumanIO = {
  readLine: readLineSync,
  write: (line) => console.log(line),
};

/**
 * Describe one seat's line, e.g. `3 7 12 | x2 +4 | chance`.
 *
 * @example
 * ```ts
 * // describeSeat(view, 0) === "5 7 | x2"
 * ```
 */
export function describeSeat(view: TableView, seat: number): string {
  const parts = [maskNumbers(view.lineMask(seat)).join(" ") || "-"];
  const mods = maskModifiers(view.modMask(seat)).map((k) => CARD_NAMES[k]);
  if (mods.length) parts.push(mods.join(" "));
  if (view.hasChance(seat)) parts.push("chance");
  return parts.join(" | ");
}

/** A person at the terminal. */
export class HumanStrategy implements Strategy {
  /** `human`. */
  readonly name = "human";
  /** @param io the terminal (default: Deno's prompt and console) */
  constructor(private readonly io: HumanIO = TERMINAL) {}

  private ask(question: string, allowed: (a: string) => boolean): string {
    for (;;) {
      const a = this.io.readLine(question);
      if (a === null) throw new EndOfInput();
      const t = a.trim().toLowerCase();
      if (allowed(t)) return t;
      this.io.write(`  '${a.trim()}' is not an answer here; try again.`);
    }
  }

  private showTable(view: TableView, seat: number): void {
    for (let s = 0; s < view.players; s++) {
      const state = view.isActive(s) ? "" : " (out)";
      this.io.write(
        `  ${s === seat ? "you" : `P${s + 1}`}: total ${view.total(s)}, round ${
          view.roundScore(s)
        }${state}  [${describeSeat(view, s)}]`,
      );
    }
  }

  /** Ask Hit or Stay, after showing the table, the bust risk and one card's value. */
  hit(view: TableView, seat: number): boolean {
    this.showTable(view, seat);
    const risk = bustRisk(view, seat, false);
    const value = oneCardValue(view, seat, false);
    this.io.write(
      `  bust risk of the next card ${
        (100 * risk).toFixed(1)
      }%; one more card is worth ${value.toFixed(2)} on average against ${
        view.roundScore(seat)
      } now`,
    );
    const a = this.ask(
      "Hit or stay? [h/s] ",
      (t) => ["h", "hit", "s", "stay"].includes(t),
    );
    return a.startsWith("h");
  }

  /** Ask whom to give an action card (or a spare Second Chance). */
  target(view: TableView, seat: number, kind: number): number {
    const legal: number[] = [];
    for (let s = 0; s < view.players; s++) {
      if (!view.isActive(s)) continue;
      if (kind === 21 && (s === seat || view.hasChance(s))) continue;
      legal.push(s);
    }
    this.showTable(view, seat);
    const names = legal.map((
      s,
    ) => (s === seat ? "0=you" : `${s + 1}=P${s + 1}`));
    const a = this.ask(
      `Give ${CARD_NAMES[kind]} to whom? [${names.join(", ")}] `,
      (t) =>
        /^\d+$/.test(t) &&
        legal.includes(Number(t) === 0 ? seat : Number(t) - 1),
    );
    return Number(a) === 0 ? seat : Number(a) - 1;
  }
}
