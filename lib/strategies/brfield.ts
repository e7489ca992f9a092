/**
 * `brfield` — the race model's best response to a field of `ev` players
 * (`lib/winprob/race.ts`): at each decision it reads the round policy that
 * its table picks for the table size and the totals (its own; the field's
 * leader and second), and plays it (`sum:N`, `bust:P` or `ev`). Its tables
 * are the `brfield` race tables (`lib/winprob/racetable.ts`), loaded for
 * every size from 2 to 6 when the strategy is built. A total at or past the
 * target (a tie at the top playing on) or more than six seats: plays `ev`.
 *
 * @example
 * ```ts
 * import { BrFieldStrategy } from "./brfield.ts";
 * const s = new BrFieldStrategy();
 * s.name; // "brfield"
 * ```
 * @module
 */

import { InputError } from "../cards.ts";
import type { Strategy, TableView } from "../view.ts";
import {
  BRFIELD_WANT,
  type RaceTable,
  raceTable,
} from "../winprob/racetable.ts";
import { BustStrategy } from "./bust.ts";
import { EvStrategy } from "./ev.ts";
import { SumStrategy } from "./sum.ts";
import { defaultTarget } from "./targeting.ts";

/**
 * The strategy that plays a family member's spec (`sum:N`, `bust:P`, `ev`).
 *
 * @throws {InputError} for another spec.
 * @example
 * ```ts
 * familyRule("sum:12").name; // "sum:12"
 * ```
 */
export function familyRule(spec: string): Strategy {
  const m = /^(sum|bust):(.+)$/.exec(spec);
  if (m && m[1] === "sum") return new SumStrategy(Number(m[2]));
  if (m) return new BustStrategy(Number(m[2]), false);
  if (spec === "ev") return new EvStrategy(false);
  throw new InputError(
    `race family policy '${spec}': allowed sum:N, bust:P, ev`,
  );
}

/** Plays the round policy its race table picks for the totals. */
export class BrFieldStrategy implements Strategy {
  /** `brfield`. */
  readonly name: string = "brfield";
  private readonly tables: (RaceTable | null)[] = [];
  private readonly rules: Strategy[][] = [];
  private readonly fallback = new EvStrategy(false);

  /**
   * @param tables the table of each size (default: the cached `brfield`
   * tables for 2 to 6 players, built if missing where a builder is loaded)
   */
  constructor(tables?: (players: number) => RaceTable | null) {
    for (let n = 2; n <= 6; n++) {
      const t = tables ? tables(n) : raceTable(BRFIELD_WANT(n));
      this.tables[n] = t;
      this.rules[n] = t ? t.header.family.map(familyRule) : [];
    }
  }

  /** The family member the table picks at this seat's totals (or `ev`). */
  rule(view: TableView, seat: number): Strategy {
    const n = view.players;
    const t = n <= 6 ? this.tables[n] : null;
    if (!t) return this.fallback;
    const T = t.header.target;
    const t0 = view.total(seat);
    if (t0 >= T) return this.fallback;
    let a = 0, b = 0;
    for (let s = 0; s < n; s++) {
      if (s === seat) continue;
      const x = view.total(s);
      if (x >= T) return this.fallback;
      if (x > a) {
        b = a;
        a = x;
      } else if (x > b) b = x;
    }
    const i = t.header.dims === 2 ? t0 * T + a : (t0 * T + a) * T + b;
    return this.rules[n][t.choice[i]];
  }

  /** Hit as the picked policy would. */
  hit(view: TableView, seat: number): boolean {
    return this.rule(view, seat).hit(view, seat);
  }

  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
