/**
 * `flip7 decide --totals MINE,THEIRS[,...] --line CARDS [--opponents K]
 * [--opp CARDS] [--opp-done] [--seen CARDS] [--rules PRESET]`: live advice for
 * one decision —
 * Hit or Stay for win probability (`winprob`, and seed 001's `search`), Hit or
 * Stay for points (`evc`), the count-aware bust risk, and whom to aim a
 * Freeze or a Flip Three at. With `--opponents K` (1 to 5) `--totals` lists
 * your total and the K opponents'; the heads-up lines read the leader's, and
 * one more line gives the rule the race model's best response to a field of
 * `ev` players (`brfield`, `lib/winprob/race.ts`) plays this round at K + 1
 * players, and what it says now.
 *
 * The draw pile is the deck minus the cards in both lines and the cards seen
 * (discards). Bad input gets a one-line error and exit 2.
 *
 * @example
 * ```sh
 * deno task flip7 decide --totals 150,185 --line 12,9,4 --opp 7,5 --seen 3,3,8
 * ```
 * @module
 */

import {
  cardName,
  CHANCE,
  COUNT_OF_MASK,
  FLIP3,
  FREEZE,
  InputError,
  isModifier,
  isNumber,
  KINDS,
  lineScore,
  modifierBit,
  parseCards,
  SUM_OF_MASK,
} from "../../lib/game/cards.ts";
import { checkStack, type Rules } from "../../lib/game/rules.ts";
import { bustRisk, oneCardValue } from "../../lib/strategies/estimate.ts";
import { SearchStrategy } from "../../lib/winprob/search_strategy.ts";
import { BrFieldStrategy } from "../../lib/winprob/brfield_strategy.ts";
import { WinProbStrategy } from "../../lib/winprob/winprob_strategy.ts";
import {
  BRFIELD_WANT,
  raceTable,
  raceTablePath,
} from "../../lib/winprob/racetable.ts";
import { bestResponsePath, searchTablePath } from "../../lib/winprob/table.ts";
import { announce } from "../cost.ts";
import { ACTIVE, STAYED, type TableView } from "../../lib/game/view.ts";
import type { Command } from "../command.ts";
import { pct, RULES, rulesOf } from "../common.ts";

interface Seat {
  mask: number;
  mods: number;
  chance: boolean;
  active: boolean;
  total: number;
  cards: number;
}

/** A two-seat table built from the command's inputs. */
export class DecideView implements TableView {
  /** Pile counts by kind. */
  readonly pile: Int32Array;
  /** Seats 0 (you) and 1 (the opponent). */
  readonly seats: Seat[];
  /** Two players. */
  readonly players = 2;
  /**
   * @throws {InputError} on an impossible line or card count
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getRules } from "../../lib/game/rules.ts";
   * const v = new DecideView(getRules("duel"), [150, 185], [12, 9], [7], false, []);
   * assert.equal(v.total(1), 185);
   * assert.equal(v.lineMask(0), (1 << 12) | (1 << 9));
   * assert.equal(v.pile[12], getRules("duel").deck[12] - 1); // your 12 is not in the pile
   * assert.throws(() => new DecideView(getRules("duel"), [0, 0], [5, 5], [], false, []));
   * ```
   */
  constructor(
    readonly rules: Rules,
    totals: number[],
    mine: number[],
    theirs: number[],
    oppDone: boolean,
    seen: number[],
  ) {
    const pile = Int32Array.from(rules.deck);
    const seat = (cards: number[], who: string, total: number): Seat => {
      const s: Seat = {
        mask: 0,
        mods: 0,
        chance: false,
        active: true,
        total,
        cards: cards.length,
      };
      for (const k of cards) {
        if (isNumber(k)) {
          if (s.mask & (1 << k)) {
            throw new InputError(
              `${who} line holds ${
                cardName(k)
              } twice: a line has distinct numbers`,
            );
          }
          s.mask |= 1 << k;
        } else if (isModifier(k)) s.mods |= modifierBit(k);
        else if (k === CHANCE) {
          if (s.chance) {
            throw new InputError(
              `${who} line holds two Second Chances: a player keeps one (a second is passed on or discarded; list it with --seen)`,
            );
          }
          s.chance = true;
        } else {
          throw new InputError(
            `${who} line: ${
              cardName(k)
            } is resolved at once; list it with --seen`,
          );
        }
      }
      const n = COUNT_OF_MASK[s.mask];
      if (n >= 7) {
        throw new InputError(
          `${who} line has ${n} numbers: a seventh ends the round (Flip 7), so a line in play holds at most 6`,
        );
      }
      return s;
    };
    this.seats = [
      seat(mine, "your", totals[0]),
      seat(theirs, "the opponent's", totals[1]),
    ];
    this.seats[1].active = !oppDone;
    // more copies than the preset holds, named with the flags that list them
    const all = [...mine, ...theirs, ...seen];
    // a card the preset lacks: named as --deck names it
    for (const k of all) if (rules.deck[k] === 0) checkStack(rules, [k]);
    for (const k of all) {
      if (--pile[k] < 0) {
        const n = all.filter((x) => x === k).length;
        throw new InputError(
          `too many ${
            cardName(k)
          } cards in --line, --opp and --seen (${n}): the '${rules.name}' deck has ${
            rules.deck[k]
          }`,
        );
      }
    }
    checkStack(rules, all);
    this.pile = pile;
    if (mine.length === 0) {
      throw new InputError("--line is empty: with no card you must hit");
    }
  }
  /** @inheritdoc */
  lineMask(s: number): number {
    return this.seats[s].mask;
  }
  /** @inheritdoc */
  lineCount(s: number): number {
    return COUNT_OF_MASK[this.seats[s].mask];
  }
  /** @inheritdoc */
  numberSum(s: number): number {
    return SUM_OF_MASK[this.seats[s].mask];
  }
  /** @inheritdoc */
  modMask(s: number): number {
    return this.seats[s].mods;
  }
  /** @inheritdoc */
  hasChance(s: number): boolean {
    return this.seats[s].chance;
  }
  /** @inheritdoc */
  cardsInFront(s: number): number {
    return this.seats[s].cards;
  }
  /** @inheritdoc */
  roundScore(s: number): number {
    return lineScore(this.seats[s].mask, this.seats[s].mods, false);
  }
  /** @inheritdoc */
  total(s: number): number {
    return this.seats[s].total;
  }
  /** @inheritdoc */
  isActive(s: number): boolean {
    return this.seats[s].active;
  }
  /** ACTIVE, or STAYED for an opponent who is done (`--opp-done`). */
  seatStatus(s: number): number {
    return this.seats[s].active ? ACTIVE : STAYED;
  }
  /** Always 1: the command is not told which round it is. */
  readonly round = 1;
  /**
   * Always 1: the command is not told who drew first, so the opponent is
   * taken to have started this round and you the next.
   */
  firstOfRound(): number {
    return 1;
  }
  /** @inheritdoc */
  unseenTable(k: number): number {
    return this.pile[k];
  }
  /** @inheritdoc */
  unseenTableTotal(): number {
    let t = 0;
    for (let k = 0; k < KINDS; k++) t += this.pile[k];
    return t;
  }
  /** @inheritdoc */
  unseenExact(k: number): number {
    return this.pile[k];
  }
  /** @inheritdoc */
  unseenExactTotal(): number {
    return this.unseenTableTotal();
  }
}

function totalsOf(
  raw: unknown,
  target: number,
  opponents = 1,
  opponentsGiven = true,
): number[] {
  const s = typeof raw === "string" ? raw : "";
  const parts = s.split(",").map((x) => x.trim());
  if (
    !opponentsGiven && parts.length > 2 && parts.length <= 6 &&
    parts.every((p) => /^\d+$/.test(p))
  ) {
    throw new InputError(
      `bad --totals '${s}': ${parts.length} totals need --opponents ${
        parts.length - 1
      } (your total first, then one per opponent)`,
    );
  }
  if (
    parts.length !== opponents + 1 ||
    parts.some((p) => !/^\d+$/.test(p) || Number(p) >= target)
  ) {
    throw new InputError(
      opponents === 1
        ? `bad --totals '${s}': give your total and the opponent's, each from 0 to ${
          target - 1
        } (at ${target} the game is over), e.g. --totals 150,185`
        : `bad --totals '${s}': give your total and the ${opponents} opponents', each from 0 to ${
          target - 1
        }, e.g. --totals 150${",185".repeat(opponents)}`,
    );
  }
  return parts.map(Number);
}

/** `--opponents K`: 1 to 5 (default 1). */
function opponentsOf(raw: unknown): number {
  if (raw === undefined) return 1;
  const s = String(raw);
  if (!/^[1-5]$/.test(s)) {
    throw new InputError(
      `bad --opponents '${s}': a whole number of opponents from 1 to 5`,
    );
  }
  return Number(s);
}

/** A card-list option: absent is none; given, it must list at least one card. */
function cardsOf(raw: unknown, flag: string): number[] {
  return typeof raw === "string" ? parseCards(raw, flag) : [];
}

/**
 * What the first run builds, and what that costs, or null when every table
 * it needs is in the cache: the best-response table, the search table of
 * the rules, and at `players` (0: none) the race model's table with the
 * all-94 round laws it needs. Measured on a 2-core machine
 * (docs/commands.md, "Costs").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(firstRunCost("standard", 3, () => false), null); // every table cached
 * assert.match(firstRunCost("standard", 0, () => true)!, /search table of 'standard'/);
 * assert.match(firstRunCost("standard", 3, () => true)!, /3-player race table .*4\.5 GiB/);
 * ```
 */
export function firstRunCost(
  rules: string,
  players: number,
  missing: (path: string) => boolean = (path) => {
    try {
      return !Deno.statSync(path).isFile;
    } catch {
      return true;
    }
  },
): string | null {
  const parts: string[] = [];
  if (missing(bestResponsePath("numbers"))) {
    parts.push("the best-response table (seconds)");
  }
  if (missing(searchTablePath(rules))) {
    parts.push(`the search table of '${rules}' (trained: 1-5 min)`);
  }
  if (players > 0 && missing(raceTablePath("brfield", players))) {
    parts.push(
      `the ${players}-player race table and the all-94 round laws it needs (2-5 min, 4.5 GiB of memory)`,
    );
  }
  return parts.length
    ? `the first run builds ${
      parts.join(", ")
    } into the cache; later runs take under a second`
    : null;
}

/** The `decide` command. */
export const decideCommand: Command = {
  name: "decide",
  summary:
    "Live advice: Hit or Stay for win probability and for points, bust risk, whom to target.",
  usage:
    "decide --totals MINE,THEIRS[,...] --line CARDS [--opponents K] [--opp CARDS] [--opp-done] [--seen CARDS] [--rules PRESET] [--ruling NAME=VALUE ...]",
  notes: [
    "Cards, comma-separated: the numbers 0 to 12, the modifiers +2 +4 +6 +8 +10 x2, and freeze, flip3, chance (Second Chance); e.g. `--line 12,9,x2`.",
    "--line: the cards in front of you; --opp: the leading opponent's; --seen: every other card out of the pile (discards, the other players' cards).",
    "--totals: your total, then each opponent's; with more than one opponent give --opponents K (e.g. `--totals 150,170,120 --opponents 2`).",
    "The first run builds win tables into the cache: 1-5 min (and 4.5 GiB at 3 or more players); it says so before it starts.",
  ],
  options: {
    totals: { type: "string" },
    opponents: { type: "string" },
    line: { type: "string" },
    opp: { type: "string" },
    "opp-done": { type: "boolean" },
    seen: { type: "string" },
    ...RULES,
  },
  run({ values, out }) {
    const rules = rulesOf(values);
    if (rules.edition !== "flip7") {
      throw new InputError(
        `bad --rules '${rules.name}': decide advises on the official edition only (its solver and race tables); allowed the presets standard, immediate-actions, duel, solo-model`,
      );
    }
    const opponents = opponentsOf(values.opponents);
    const all = totalsOf(
      values.totals,
      rules.target,
      opponents,
      values.opponents !== undefined,
    );
    // the heads-up advice reads your total and the leader's
    const totals = [all[0], Math.max(...all.slice(1))];
    if (typeof values.line !== "string") {
      throw new InputError(
        "missing --line CARDS: your cards, e.g. --line 12,9,x2",
      );
    }
    const view = new DecideView(
      rules,
      totals,
      cardsOf(values.line, "--line"),
      cardsOf(values.opp, "--opp"),
      values["opp-done"] === true,
      cardsOf(values.seen, "--seen"),
    );
    if (view.unseenExactTotal() === 0) {
      throw new InputError("no card left in the pile: nothing to decide");
    }
    const players = opponents + 1;
    const brfield = opponents > 1 || values.opponents !== undefined;
    const cost = firstRunCost(rules.name, brfield ? players : 0);
    const clock = cost ? announce("decide", cost) : null;
    const winprob = new WinProbStrategy();
    const wp = winprob.core.advise(view, 0, 1);
    const search = new SearchStrategy(true);
    const searchHit = search.hit(view, 0);
    const one = oneCardValue(view, 0, true), now = view.roundScore(0);
    const risk = bustRisk(view, 0, true);
    // with several opponents the heads-up lines read the leader
    const who = (t: number) =>
      t === 0
        ? "yourself"
        : opponents > 1
        ? `the leader on ${totals[1]}`
        : "the opponent";
    out.line(
      `totals ${all[0]} vs ${
        all.slice(1).join(", ")
      }; your round score ${now}; pile ${view.unseenExactTotal()} cards (rules ${rules.name})`,
    );
    out.line(
      Number.isFinite(wp.hit) && Number.isFinite(wp.stay)
        ? `for the win (winprob):  ${
          wp.hit > wp.stay ? "HIT" : "STAY"
        }  (win value: hit ${wp.hit.toFixed(4)}, stay ${wp.stay.toFixed(4)})`
        // its round DP draws numbers and modifiers: a pile of none (only a
        // Second Chance or actions left) it cannot value
        : `for the win (winprob):  no advice (the pile holds no number or modifier card, which its round DP needs; stay value ${
          Number.isFinite(wp.stay) ? wp.stay.toFixed(4) : "unknown"
        })`,
    );
    out.line(`for the win (search):   ${searchHit ? "HIT" : "STAY"}`);
    out.line(
      `for points (evc):       ${one > now ? "HIT" : "STAY"}  (one more card: ${
        one.toFixed(2)
      } expected vs ${now} now)`,
    );
    out.line(`bust risk of the next card (exact pile): ${pct(risk, 1)}`);
    if (brfield) {
      // the race model's table for this table size (brfield), only that one
      const br = new BrFieldStrategy((n) =>
        n === players ? raceTable(BRFIELD_WANT(n)) : null
      );
      const seats: TableView = Object.assign(Object.create(view), {
        players: opponents + 1,
        total: (seat: number) => all[seat],
      });
      const rule = br.rule(seats, 0);
      out.line(
        `for the win at ${
          opponents + 1
        } players (race model, brfield): play ${rule.name} this round: ${
          rule.hit(view, 0) ? "HIT" : "STAY"
        }`,
      );
    }
    clock?.done();
    if (view.isActive(1)) {
      out.line(
        `a Freeze: aim at ${
          who(winprob.target(view, 0, FREEZE))
        } (win value); a Flip Three: aim at ${
          who(winprob.target(view, 0, FLIP3))
        }`,
      );
    } else {
      out.line(
        `an action card: ${
          opponents > 1 ? "the leader" : "the opponent"
        } is out of the round, so it is yours`,
      );
    }
  },
};
