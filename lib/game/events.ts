/**
 * The engine's event stream and its text rendering.
 *
 * Events are built only when a listener is attached; the hot path checks one
 * field and builds nothing otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatEvent } from "./events.ts";
 * assert.equal(formatEvent({ type: "stay", seat: 0, score: 21 }, ["ev"]), "P1 (ev) stays on 21");
 * ```
 * @module
 */

/** One thing that happened in a game. Seats are 0-based; cards use the notation of `cards.ts`. */
export type GameEvent =
  | { type: "round_start"; round: number; first: number }
  | { type: "deal"; seat: number; card: string }
  | { type: "draw"; seat: number; card: string; flip3: boolean }
  // (flip3: a forced draw, of a Flip Three or Four or a Just One More)
  | { type: "bust"; seat: number; card: string }
  | { type: "save"; seat: number; card: string }
  | { type: "stay"; seat: number; score: number }
  | { type: "freeze"; seat: number; target: number; score: number }
  | { type: "flip_three"; seat: number; target: number }
  | { type: "set_aside"; seat: number; card: string }
  | { type: "dropped"; seat: number; card: string }
  | { type: "pass"; seat: number; target: number }
  | { type: "chance_discarded"; seat: number }
  | { type: "flip7"; seat: number; score: number }
  | { type: "reshuffle"; cards: number }
  // the Vengeance edition's
  | { type: "give"; seat: number; target: number; card: string }
  | { type: "play"; seat: number; target: number; card: string }
  | { type: "steal"; seat: number; from: number; card: string }
  | { type: "discard"; seat: number; from: number; card: string }
  | {
    type: "swap";
    seat: number;
    first: number;
    card1: string;
    second: number;
    card2: string;
  }
  | { type: "fizzle"; seat: number; card: string; declined: boolean }
  | { type: "wipe"; seat: number; cards: number }
  | { type: "attack"; seat: number; target: number; points: number }
  | { type: "deck_exhausted" }
  | {
    type: "round_end";
    round: number;
    scores: number[];
    totals: number[];
  }
  | {
    type: "game_end";
    rounds: number;
    totals: number[];
    winner: number | null;
  };

/** A function that receives events. */
export type Listener = (event: GameEvent) => void;

/**
 * Render an event as one line of text.
 *
 * @param names a label per seat (policy specs)
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(formatEvent({ type: "bust", seat: 1, card: "7" }, ["ev", "sum:20"]), "P2 (sum:20) busts on 7");
 * ```
 */
export function formatEvent(e: GameEvent, names: readonly string[]): string {
  const p = (s: number) => `P${s + 1} (${names[s]})`;
  switch (e.type) {
    case "round_start":
      return `-- round ${e.round}: ${p(e.first)} is first`;
    case "deal":
      return `${p(e.seat)} is dealt ${e.card}`;
    case "draw":
      return `${p(e.seat)} ${e.flip3 ? "flips" : "hits:"} ${e.card}`;
    case "bust":
      return `${p(e.seat)} busts on ${e.card}`;
    case "save":
      return `${p(e.seat)} uses a Second Chance on ${e.card}`;
    case "stay":
      return `${p(e.seat)} stays on ${e.score}`;
    case "freeze":
      return `${p(e.seat)} freezes ${p(e.target)}, who banks ${e.score}`;
    case "flip_three":
      return `${p(e.seat)} gives Flip Three to ${p(e.target)}`;
    case "set_aside":
      return `${p(e.seat)} sets ${e.card} aside until the three are flipped`;
    case "dropped":
      return `${p(e.seat)}'s set-aside ${e.card} is discarded`;
    case "pass":
      return `${p(e.seat)} passes a spare Second Chance to ${p(e.target)}`;
    case "chance_discarded":
      return `${p(e.seat)} discards a spare Second Chance (nobody can take it)`;
    case "flip7":
      return `${p(e.seat)} FLIP 7! banks ${e.score}`;
    case "give":
      return `${p(e.seat)} gives ${e.card} to ${p(e.target)}`;
    case "play":
      return `${p(e.seat)} plays ${e.card} on ${p(e.target)}`;
    case "steal":
      return `${p(e.seat)} steals ${e.card} from ${p(e.from)}`;
    case "discard":
      return `${p(e.seat)} discards ${p(e.from)}'s ${e.card}`;
    case "swap":
      return `${p(e.seat)} swaps ${p(e.first)}'s ${e.card1} with ${
        p(e.second)
      }'s ${e.card2}`;
    case "fizzle":
      return `${p(e.seat)}'s ${e.card} ${
        e.declined ? "is declined" : "has no card to take"
      }: discarded`;
    case "wipe":
      return `${p(e.seat)}'s Unlucky 7 discards ${e.cards} card${
        e.cards === 1 ? "" : "s"
      } in front`;
    case "attack":
      return `${p(e.seat)} takes ${e.points} points off ${p(e.target)}`;
    case "reshuffle":
      return `the draw pile is empty: ${e.cards} discards shuffled into a new pile`;
    case "deck_exhausted":
      return `no cards left to draw: the round ends`;
    case "round_end":
      return `== round ${e.round}: scores ${e.scores.join(" ")} | totals ${
        e.totals.join(" ")
      }`;
    case "game_end":
      return `== game over after ${e.rounds} rounds: totals ${
        e.totals.join(" ")
      }; ${e.winner === null ? "drawn" : `${p(e.winner)} wins`}`;
  }
}
