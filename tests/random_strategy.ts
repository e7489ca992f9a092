/**
 * A strategy that decides at random (seeded): used to drive the engine
 * through many different situations in the conservation test.
 *
 * @example
 * ```ts
 * const r = new RandomStrategy(new Rng(1), 0.7);
 * ```
 * @module
 */
import { CHANCE } from "../lib/game/cards.ts";
import type { Rng } from "../lib/game/rng.ts";
import type { Choice, Strategy, TableView } from "../lib/game/view.ts";

/** Random legal decisions, random legal targets and random choices. */
export class RandomStrategy implements Strategy {
  /** `random`. */
  readonly name = "random";
  /**
   * @param rng the random source
   * @param hitRate probability of hitting
   */
  constructor(private readonly rng: Rng, private readonly hitRate: number) {}
  /** Hit with probability `hitRate`. */
  hit(): boolean {
    return this.rng.float() < this.hitRate;
  }
  /** A uniformly random legal target. */
  target(v: TableView, seat: number, kind: number): number {
    const legal: number[] = [];
    for (let s = 0; s < v.players; s++) {
      if (!v.isActive(s)) continue;
      if (kind === CHANCE && (s === seat || v.hasChance(s))) continue;
      legal.push(s);
    }
    return legal[this.rng.below(legal.length)];
  }
  /** A uniformly random option (the Vengeance edition's choices). */
  choose(_v: TableView, _seat: number, c: Choice): number {
    return c.options[this.rng.below(c.options.length)];
  }
}
