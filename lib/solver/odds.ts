/**
 * The odds reference: for the hands a player meets — weighted by how often
 * optimal play meets them in a solo model — the risk that the next card busts
 * and the value of one more card, both counted at a real table: the full
 * 94-card deck minus the cards in front of you (Freeze and Flip Three count as
 * unseen cards worth your current score, as in `estimate.ts`).
 *
 * @example
 * ```ts
 * import { oddsReference } from "./odds.ts";
 * import { getModel } from "./model.ts";
 * const o = oddsReference(getModel("approx"));
 * o.byCount[2].risk; // mean bust risk with two numbers showing
 * ```
 * @module
 */

import {
  CHANCE,
  COUNT_OF_MASK,
  isModifier,
  lineScore,
  MOD_MASK,
  MODIFIER_KINDS,
  modifierBit,
  NUMBER_KINDS,
  SUM_OF_MASK,
} from "../game/cards.ts";
import { getRules, type Rules } from "../game/rules.ts";
import { bustRisk, oneCardValue } from "../strategies/estimate.ts";
import { ACTIVE, type TableView } from "../game/view.ts";
import { loadDecisions } from "./cache.ts";
import { reachProbabilities } from "./forward.ts";
import type { SoloModel } from "./model.ts";
import { MODS } from "./solve.ts";

/**
 * One player's line at a table of the full 94-card deck, with nothing else
 * seen: what a player can count from their own cards.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const v = new LineView((1 << 12) | (1 << 5), 0, false);
 * assert.equal(v.unseenTableTotal(), 92);
 * ```
 */
export class LineView implements TableView {
  /** The official rules (94 cards). */
  readonly rules: Rules = getRules("standard");
  /** One seat. */
  readonly players = 1;
  private total94 = 0;
  /**
   * @param mask number mask
   * @param mods modifier mask
   * @param chance holding a Second Chance
   */
  constructor(
    public mask: number,
    public mods: number,
    public chance: boolean,
  ) {
    for (const c of this.rules.deck) this.total94 += c;
  }
  /** @inheritdoc */
  lineMask(): number {
    return this.mask;
  }
  /** @inheritdoc */
  lineCount(): number {
    return COUNT_OF_MASK[this.mask];
  }
  /** @inheritdoc */
  numberSum(): number {
    return SUM_OF_MASK[this.mask];
  }
  /** @inheritdoc */
  modMask(): number {
    return this.mods;
  }
  /** @inheritdoc */
  hasChance(): boolean {
    return this.chance;
  }
  /** @inheritdoc */
  cardsInFront(): number {
    return COUNT_OF_MASK[this.mask] + COUNT_OF_MASK[this.mods] +
      (this.chance ? 1 : 0);
  }
  /** @inheritdoc */
  roundScore(): number {
    return lineScore(this.mask, this.mods, false);
  }
  /** Always 0. */
  total(): number {
    return 0;
  }
  /** Always true. */
  isActive(): boolean {
    return true;
  }
  /** Always ACTIVE. */
  seatStatus(): number {
    return ACTIVE;
  }
  /** Always 1: one round. */
  readonly round = 1;
  /** Always 0: alone at the table. */
  firstOfRound(): number {
    return 0;
  }
  /** @inheritdoc */
  unseenTable(kind: number): number {
    const d = this.rules.deck[kind];
    if (kind < NUMBER_KINDS) return d - ((this.mask >> kind) & 1);
    if (isModifier(kind)) return d - (this.mods & modifierBit(kind) ? 1 : 0);
    if (kind === CHANCE) return d - (this.chance ? 1 : 0);
    return d;
  }
  /** @inheritdoc */
  unseenTableTotal(): number {
    return this.total94 - this.cardsInFront();
  }
  /** Same as the table count: nothing else is known. */
  unseenExact(kind: number): number {
    return this.unseenTable(kind);
  }
  /** Same as the table count. */
  unseenExactTotal(): number {
    return this.unseenTableTotal();
  }
}

/**
 * Odds for the hands with one count of numbers and one number sum (or a whole count).
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * const r: OddsRow = oddsReference(getModel("approx")).byCount[3];
 * r.risk; // about 0.23
 * ```
 */
export interface OddsRow {
  /** Numbers showing. */
  count: number;
  /** Sum of the numbers showing (-1 in the per-count summary). */
  sum: number;
  /** Share of all decisions taken with such a hand under optimal play. */
  share: number;
  /** Mean risk that the next card busts (94-card table count). */
  risk: number;
  /** Mean expected gain of exactly one more card, then stopping (points). */
  oneMore: number;
  /** Mean score banked by staying now. */
  stay: number;
  /** Weighted share of these hands on which optimal play hits. */
  optimalHit: number;
}

/**
 * The odds reference of a model.
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * const o: Odds = oddsReference(getModel("approx"));
 * o.rows.length; // one row per (count, sum) met
 * ```
 */
export interface Odds {
  /** The model whose optimal play weights the hands. */
  model: string;
  /** One row per (count, sum) met, by count then sum. */
  rows: OddsRow[];
  /** One row per count of numbers showing, 0 to 6. */
  byCount: OddsRow[];
  /**
   * The same per count, split by whether you hold a Second Chance: index 0
   * without one, 1 holding one (the next card cannot bust you then: `risk`
   * is the chance of a duplicate, which the Second Chance absorbs).
   */
  byCountChance: [OddsRow[], OddsRow[]];
}

/**
 * Build the odds reference from a model's optimal play.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const o = oddsReference(getModel("exact"));
 * assert.equal(o.rows.filter((r) => r.count === 1).length, 13); // one row per single number
 * ```
 */
export function oddsReference(model: SoloModel): Odds {
  const table = loadDecisions(model);
  const space = table.space, hit = table.hit;
  const { reach } = reachProbabilities(
    space,
    (slot, mods) => hit[slot * MODS + mods] === 1,
    "dp",
  );
  // what the table shows depends on (mask, mods, holding) only: fold the states onto it
  // a line: its numbers, then whether it holds a Second Chance, then its modifiers
  const CH = MODS, LINE_SHIFT = MODIFIER_KINDS + 1;
  const lines = 1 << (NUMBER_KINDS + LINE_SHIFT);
  const w = new Float64Array(lines), wHit = new Float64Array(lines);
  for (let slot = 0; slot < space.cores.length; slot++) {
    const core = space.cores[slot];
    const line = (model.mask(core) << LINE_SHIFT) |
      (model.holding(core) ? CH : 0);
    for (let mods = 0; mods < MODS; mods++) {
      const p = reach[slot * MODS + mods];
      if (p === 0 || model.forced(core, mods)) continue;
      w[line | mods] += p;
      if (hit[slot * MODS + mods]) wHit[line | mods] += p;
    }
  }
  const bins = new Map<
    number,
    { w: number; risk: number; gain: number; stay: number; hit: number }
  >();
  const view = new LineView(0, 0, false);
  const emptyRows = () =>
    Array.from({ length: 7 }, (_, n) => ({
      count: n,
      sum: -1,
      share: 0,
      risk: 0,
      oneMore: 0,
      stay: 0,
      optimalHit: 0,
    }));
  const split: [OddsRow[], OddsRow[]] = [emptyRows(), emptyRows()];
  let all = 0;
  for (let line = 0; line < lines; line++) {
    const p = w[line];
    if (p === 0) continue;
    all += p;
    view.mask = line >> LINE_SHIFT;
    view.chance = (line & CH) !== 0;
    view.mods = line & MOD_MASK;
    const n = COUNT_OF_MASK[view.mask];
    const key = n * 1000 + SUM_OF_MASK[view.mask];
    let b = bins.get(key);
    if (!b) bins.set(key, b = { w: 0, risk: 0, gain: 0, stay: 0, hit: 0 });
    const stay = view.roundScore();
    b.w += p;
    b.risk += p * bustRisk(view, 0, false);
    b.gain += p * (oneCardValue(view, 0, false) - stay);
    b.stay += p * stay;
    b.hit += wHit[line];
    const c = split[view.chance ? 1 : 0][n];
    c.share += p;
    c.risk += p * bustRisk(view, 0, false);
    c.oneMore += p * (oneCardValue(view, 0, false) - stay);
    c.stay += p * stay;
    c.optimalHit += wHit[line];
  }
  const rows: OddsRow[] = [];
  const byCount = emptyRows();
  for (const key of [...bins.keys()].sort((a, b) => a - b)) {
    const b = bins.get(key)!;
    const n = Math.floor(key / 1000);
    rows.push({
      count: n,
      sum: key % 1000,
      share: b.w / all,
      risk: b.risk / b.w,
      oneMore: b.gain / b.w,
      stay: b.stay / b.w,
      optimalHit: b.hit / b.w,
    });
    const c = byCount[n];
    c.share += b.w;
    c.risk += b.risk;
    c.oneMore += b.gain;
    c.stay += b.stay;
    c.optimalHit += b.hit;
  }
  for (const c of [...byCount, ...split[0], ...split[1]]) {
    if (c.share > 0) {
      c.risk /= c.share;
      c.oneMore /= c.share;
      c.stay /= c.share;
      c.optimalHit /= c.share;
    }
    c.share /= all;
  }
  return { model: model.name, rows, byCount, byCountChance: split };
}
