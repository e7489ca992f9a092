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
 * import assert from "node:assert/strict";
 * import { BrFieldStrategy } from "./brfield_strategy.ts";
 * import { buildRaceTable } from "../run/race_build.ts";
 * import { BRFIELD_WANT } from "./racetable.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * // a heads-up table to 60 points on the numbers deck (laws in a temp folder); no table beyond two players
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * const t2 = buildRaceTable(BRFIELD_WANT(2, "numbers", 60));
 * const s = new BrFieldStrategy((n) => n === 2 ? t2 : null);
 * assert.equal(s.name, "brfield");
 * const g = new Game(withRules(getRules("duel"), { target: 60 }), [s, makeStrategy("ev")], { seed: 1 });
 * g.listener = (e) => {
 *   // at each decision it plays the family member its table picks at the totals
 *   if (e.type === "stay" && e.seat === 0) assert.ok(t2.header.family.includes(s.rule(g, 0).name));
 * };
 * assert.ok(Math.max(...g.playGame().totals) >= 60);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import type { Choice, Strategy, TableView } from "../game/view.ts";
import { BRFIELD_WANT, type RaceTable, raceTable } from "./racetable.ts";
import { BustStrategy } from "../strategies/bust.ts";
import { EvStrategy } from "../strategies/ev.ts";
import { SumStrategy } from "../strategies/sum.ts";
import { defaultTarget } from "../strategies/targeting.ts";
import { vengeanceChoose } from "../strategies/vengeance.ts";

/**
 * The strategy that plays a family member's spec (`sum:N`, `bust:P`, `ev`).
 *
 * @throws {InputError} for another spec.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(familyRule("sum:12").name, "sum:12");
 * assert.equal(familyRule("ev").name, "ev");
 * assert.throws(() => familyRule("count:3"), /allowed sum:N, bust:P, ev/);
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
  /** `brfield`, or `brfieldb:P` against a `bust:P` field. */
  readonly name: string;
  private readonly tables: (RaceTable | null)[] = [];
  private readonly rules: Strategy[][] = [];
  private readonly fallback = new EvStrategy(false);

  /**
   * Load (or take) the tables of every size from 2 to 6.
   *
   * @param tables the table of each size (default: the cached `brfield`
   * tables for 2 to 6 players, built if missing where a builder is loaded)
   * @param name the spec
   */
  constructor(
    tables?: (players: number) => RaceTable | null,
    name = "brfield",
  ) {
    this.name = name;
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

  /** The Vengeance edition's choices: the shared targeting heuristics. */
  choose(view: TableView, seat: number, choice: Choice): number {
    return vengeanceChoose(view, seat, choice);
  }
}

/** One 32-bit mixing step (murmur3's finaliser over an accumulated word). */
function mix32(h: number, x: number): number {
  h = Math.imul(h ^ (x | 0), 0x9e3779b1);
  h ^= h >>> 15;
  return Math.imul(h, 0x85ebca6b) ^ (h >>> 13);
}

/**
 * `breq` — plays a mixed heads-up race table (the symmetric equilibrium of
 * `lib/winprob/equilibrium.ts`): at its first decision of each round it
 * draws the round's policy from the table's mixture at the totals, with a
 * deterministic hash of the round, the totals and the cards then on the
 * table (so a seeded game replays exactly), and keeps it for the round.
 * Not heads-up, or a total past the target: plays `ev`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MixedRaceStrategy } from "./brfield_strategy.ts";
 * import { buildEquilibrium } from "../run/race_build.ts";
 * import { BREQ_WANT } from "./racetable.ts";
 * import { Game } from "../game/engine.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * // the equilibrium to 60 points on the numbers deck (laws in a temp folder)
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir);
 * const eq = buildEquilibrium(BREQ_WANT("numbers", 60));
 * const rules = withRules(getRules("duel"), { target: 60 });
 * const play = () => new Game(rules, [new MixedRaceStrategy(eq), new MixedRaceStrategy(eq)], { seed: 7 }).playGame().totals;
 * assert.equal(new MixedRaceStrategy(eq).name, "breq");
 * assert.deepEqual(play(), play()); // its draws are seeded by the game: a seeded game replays
 * // a table without a mixture is refused
 * assert.throws(() => new MixedRaceStrategy({ header: eq.header, choice: eq.choice }), /mixed race table/);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export class MixedRaceStrategy implements Strategy {
  /** The spec. */
  readonly name: string;
  private readonly rules: Strategy[];
  private readonly fallback = new EvStrategy(false);
  private readonly lastKey = new Int32Array(16);
  private readonly pick = new Uint8Array(16);

  /**
   * Play a mixed heads-up table.
   *
   * @param table a heads-up table with a mixture (`mix`)
   * @param name the spec (default `breq`)
   */
  constructor(readonly table: RaceTable, name = "breq") {
    if (!table.mix || table.header.dims !== 2) {
      throw new InputError(`${name}: a heads-up mixed race table is needed`);
    }
    this.name = name;
    this.rules = table.header.family.map(familyRule);
  }

  /** The policy drawn for this seat's round (or `ev`). */
  rule(view: TableView, seat: number): Strategy {
    const T = this.table.header.target;
    if (view.players !== 2 || seat > 15) return this.fallback;
    const t0 = view.total(seat), t1 = view.total(1 - seat);
    if (t0 >= T || t1 >= T) return this.fallback;
    const key = mix32(mix32(mix32(view.round, t0), t1), view.firstOfRound());
    if (this.lastKey[seat] !== key || this.lastKey[seat] === 0) {
      // a new round: draw from the mixture, seeded by what is on the table
      let h = mix32(key, view.unseenTableTotal());
      for (let s = 0; s < 2; s++) {
        h = mix32(mix32(h, view.lineMask(s)), view.modMask(s));
      }
      const u = (h >>> 0) / 4294967296;
      const K = this.rules.length, base = (t0 * T + t1) * K;
      const m = this.table.mix!;
      let acc = 0, k = 0;
      for (; k < K - 1; k++) {
        acc += m[base + k];
        if (u < acc) break;
      }
      this.lastKey[seat] = key || 1;
      this.pick[seat] = k;
    }
    return this.rules[this.pick[seat]];
  }

  /** Hit as the drawn policy would. */
  hit(view: TableView, seat: number): boolean {
    return this.rule(view, seat).hit(view, seat);
  }

  /** Shared targeting heuristics. */
  target(view: TableView, seat: number, kind: number): number {
    return defaultTarget(view, seat, kind);
  }
}
