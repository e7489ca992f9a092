/**
 * Stacked-deck scenarios of the Vengeance edition (tests/vengeance_test.ts):
 * seats that follow a script of hits, stays and choices, failing loudly when
 * asked for more than it holds, and a round played on a stacked deck with
 * card conservation checked after every event.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import { getRules, type Rules, withRulings } from "../lib/game/rules.ts";
import {
  cardRef,
  type Choice,
  type Strategy,
  swapPair,
  type TableView,
} from "../lib/game/view.ts";

/** The Vengeance preset. */
export const V: Rules = getRules("vengeance");
/** The kind of a Vengeance card name. */
export const kind = (name: string): number => V.cards.kindOf(name);
/** A face-up card as a choice option: seat and card name. */
export const ref = (seat: number, name: string): number =>
  cardRef(seat, kind(name));
/** Two face-up cards as a Swap option. */
export const pair = (a: [number, string], b: [number, string]): number =>
  swapPair(ref(...a), ref(...b));

/** A seat that plays a script: `H`/`S` per decision, the choices in order. */
export class Seat implements Strategy {
  readonly name = "script";
  private h = 0;
  private c = 0;
  /** The choices asked, in order. */
  readonly asked: Choice[] = [];
  constructor(
    private readonly hits = "",
    private readonly choices: number[] = [],
  ) {}
  hit(_v: TableView, seat: number): boolean {
    const c = this.hits[this.h++];
    if (c !== "H" && c !== "S") {
      throw new Error(
        `seat ${seat} asked decision ${this.h} beyond its script`,
      );
    }
    return c === "H";
  }
  target(_v: TableView, seat: number): number {
    throw new Error(`seat ${seat} asked an official target`);
  }
  choose(_v: TableView, seat: number, choice: Choice): number {
    this.asked.push(choice);
    if (this.c >= this.choices.length) {
      throw new Error(
        `seat ${seat} asked a ${choice.type} choice [${choice.options}] beyond its script`,
      );
    }
    return this.choices[this.c++];
  }
  /** The whole script was played. */
  done(): boolean {
    return this.h === this.hits.length && this.c === this.choices.length;
  }
}

/** One round played: the game, its scores, its events, the discard pile before the round's end. */
export interface Played {
  game: Game;
  scores: number[];
  events: GameEvent[];
  /** The discard pile (names, sorted) just before the round ended. */
  discards: string[];
}

/**
 * One round on a stacked deck (`deck`: names, top first) under the
 * Vengeance rulings `changes`, card conservation checked after every event
 * (but between a card's draw and its arrival); every seat's script must be
 * played out. `stackOnly`: the stacked cards are the only draws (the
 * engine's option).
 */
export function play(
  changes: string[],
  deck: string,
  seats: Seat[],
  rules: Rules = withRulings(V, changes),
  stackOnly = false,
): Played {
  const events: GameEvent[] = [];
  let discards: string[] = [];
  const names = rules.cards.names;
  const g: Game = new Game(rules, seats, {
    seed: 1,
    stack: deck.split(",").map((n) => rules.cards.kindOf(n.trim())),
    stackOnly,
    listener: (e) => {
      events.push(e);
      if (e.type === "round_end") return;
      discards = names.flatMap((n, k) =>
        Array<string>(g.discardCount(k)).fill(n)
      ).sort();
      if (e.type === "deal" || e.type === "draw") return;
      const bad = g.checkConservation();
      if (bad !== null) throw new Error(`${bad} after ${JSON.stringify(e)}`);
    },
  });
  const scores = Array.from(g.playRound());
  assert.equal(g.checkConservation(), null);
  seats.forEach((s, i) =>
    assert.ok(s.done(), `seat ${i}'s script not played out`)
  );
  return { game: g, scores, events, discards };
}

/** The events of one type. */
export function only<T extends GameEvent["type"]>(
  events: GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e) => e.type === type) as Extract<
    GameEvent,
    { type: T }
  >[];
}
