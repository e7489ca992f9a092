/**
 * Scripted strategies for stacked-deck tests: each seat follows a fixed list
 * of Hit/Stay decisions and action-card targets, and fails loudly when asked
 * for more than its script holds.
 *
 * @example
 * ```ts
 * const p1 = new Scripted("HHS", [1]); // hit, hit, stay; first action card to seat 1
 * ```
 * @module
 */

import type { Strategy, TableView } from "../lib/game/view.ts";
import { Game } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import type { Rules } from "../lib/game/rules.ts";
import { parseCards } from "../lib/game/cards.ts";

/** A strategy that plays a fixed script. */
export class Scripted implements Strategy {
  /** Name shown in events. */
  readonly name = "scripted";
  private h = 0;
  private t = 0;
  /** Number of decisions asked so far. */
  asked = 0;
  /**
   * @param hits one letter per decision: `H` hit, `S` stay
   * @param targets seats, in order, for action cards and spare Second Chances
   */
  constructor(
    private readonly hits = "",
    private readonly targets: number[] = [],
  ) {}
  /** Next scripted decision. */
  hit(_v: TableView, seat: number): boolean {
    this.asked++;
    const c = this.hits[this.h++];
    if (c !== "H" && c !== "S") {
      throw new Error(
        `seat ${seat} asked for decision ${this.h} beyond its script`,
      );
    }
    return c === "H";
  }
  /** Next scripted target. */
  target(_v: TableView, seat: number): number {
    if (this.t >= this.targets.length) {
      throw new Error(`seat ${seat} asked for a target beyond its script`);
    }
    return this.targets[this.t++];
  }
}

/** A game set up for a scenario, with its event log. */
export interface Scenario {
  game: Game;
  events: GameEvent[];
  seats: Scripted[];
}

/**
 * Build a game on a stacked deck with scripted seats and record its events.
 *
 * @example
 * ```ts
 * const s = scenario(getRules(), "5,7", [new Scripted("S"), new Scripted("S")]);
 * s.game.playRound();
 * ```
 */
export function scenario(
  rules: Rules,
  deck: string,
  seats: Scripted[],
): Scenario {
  const events: GameEvent[] = [];
  const game = new Game(rules, seats, {
    seed: 1,
    stack: parseCards(deck),
    listener: (e) => events.push(e),
  });
  return { game, events, seats };
}

/**
 * Events of one type.
 *
 * @example
 * ```ts
 * of(events, "bust").length;
 * ```
 */
export function of<T extends GameEvent["type"]>(
  events: GameEvent[],
  type: T,
): Extract<GameEvent, { type: T }>[] {
  return events.filter((e) => e.type === type) as Extract<
    GameEvent,
    { type: T }
  >[];
}
