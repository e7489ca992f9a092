/**
 * The Second Chance models (`approx`, `exact`, `numbers`, `modifiers`):
 * {@linkcode ChanceModel}, one player's round over a deck without Freezes and
 * Flip Threes, its states packed as core keys (a multiset of numbers, the
 * modifiers, a Second Chance held, the saved duplicates). `model.ts` makes
 * them by name (`getModel`) and re-exports the class.
 *
 * @module
 */

import {
  CARD_NAMES,
  CHANCE,
  COUNT_OF_MASK,
  FLIP3,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  FREEZE,
  InputError,
  isModifier,
  maskModifiers,
  maskNumbers,
  modifierBit,
  MODIFIERS,
  MULT_OF_MASK,
  NUMBER_KINDS,
  PLUS_OF_MASK,
} from "../game/cards.ts";
import { getRules, type Rules, withRules } from "../game/rules.ts";
import {
  BUST,
  DUPLICATE,
  FLIP7,
  type ModelName,
  NEXT,
  type Outcomes,
  type SoloModel,
} from "./space.ts";

import { bitsFor, Multisets } from "./multisets.ts";
import { deckLabel, modelId } from "./decks.ts";

const U_BIT = 1;
const C_SHIFT = 1;
const SOLO_RULES = "solo-model";
const LAYOUT_VERSION = 1;
/** Largest core key width: keys are non-negative int32. */
const MAX_CORE_BITS = 31;

/**
 * The solo model with Second Chance over any deck without (or, for the action
 * models, ignoring) Freeze and Flip Three, in two variants: `approx` leaves a
 * saved duplicate in the deck (seed 000), every other model takes it out, as
 * the rules do. `numbers` and `modifiers` are this class over a smaller deck.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const exact = getModel("exact") as ChanceModel;
 * assert.equal(exact.deck.reduce((a, b) => a + b, 0), 88); // the deck without Freeze and Flip Three
 * assert.equal(getModel("numbers").deck.reduce((a, b) => a + b, 0), 79);
 * ```
 */
export class ChanceModel implements SoloModel {
  readonly rules: Rules;
  readonly coreBits: number;
  readonly dense: boolean;
  readonly root: number = U_BIT; // no card, no chance drawn, not holding
  readonly maxScore: number;
  readonly signature: string;
  readonly id: string;
  private readonly chances: number;
  private readonly deckTotal: number;
  private readonly cMask: number;
  private readonly maskShift: number;
  private readonly msShift: number;
  private readonly ms: Multisets;

  /**
   * A model over `deck`; {@linkcode getModel} builds the named ones.
   *
   * @param name the treatment
   * @param summary one line saying what the model is
   * @param assumptions the modelling assumptions, one sentence each
   * @param removeSaved true: a saved duplicate leaves the deck (the rules);
   *   false: it stays in the deck (`approx`, seed 000)
   * @param deck copies of each kind (validated by {@linkcode checkDeck})
   * @param actions true for the base of an action model: Freeze and Flip
   *   Three stay in `deck` (and in `pile`) but the chance node leaves them out
   */
  constructor(
    readonly name: ModelName,
    readonly summary: string,
    readonly assumptions: readonly string[],
    private readonly removeSaved: boolean,
    readonly deck: readonly number[] = getRules(SOLO_RULES).deck,
    actions = false,
  ) {
    const base = getRules(SOLO_RULES);
    const standard = deck.every((c, k) => c === base.deck[k]);
    this.rules = standard
      ? base
      : withRules(base, { name: `${name}-deck`, deck: deck.slice() });
    this.chances = deck[CHANCE];
    this.deckTotal = deck.reduce((a, b) => a + b, 0);
    const cBits = bitsFor(this.chances);
    this.cMask = (1 << cBits) - 1;
    this.maskShift = C_SHIFT + cBits;
    this.msShift = this.maskShift + NUMBER_KINDS;
    const dup: number[] = [];
    for (let v = 0; v < NUMBER_KINDS; v++) if (deck[v] >= 2) dup.push(v);
    this.ms = new Multisets(
      removeSaved ? dup : [],
      removeSaved ? this.chances : 0,
      1 << (MAX_CORE_BITS - this.msShift),
    );
    this.coreBits = this.msShift +
      (removeSaved ? bitsFor(this.ms.list.length - 1) : 0);
    if (this.coreBits > MAX_CORE_BITS || this.ms.count.length === 0) {
      throw new InputError(
        `deck '${
          deckLabel(deck)
        }' needs more than ${MAX_CORE_BITS} bits of state (${this.chances} Second Chances over ${dup.length} numbers that can repeat): allowed fewer Second Chances or fewer repeatable numbers`,
      );
    }
    this.dense = !removeSaved;
    // the seven largest numbers (doubled if the deck has x2), every +X card, the Flip 7 bonus
    const values: number[] = [];
    for (let v = NUMBER_KINDS - 1; v >= 0; v--) if (deck[v] > 0) values.push(v);
    const top = values.slice(0, FLIP7_LENGTH).reduce((a, b) => a + b, 0);
    const mods = this.modMaskOfDeck();
    this.maxScore = MULT_OF_MASK[mods] * top + PLUS_OF_MASK[mods] +
      (values.length >= FLIP7_LENGTH ? FLIP7_BONUS : 0);
    this.signature = `${name}/layout${LAYOUT_VERSION}/deck:${deck.join(",")}`;
    this.id = modelId(name, deck);
    if (!actions && (deck[FREEZE] !== 0 || deck[FLIP3] !== 0)) {
      throw new Error(
        "the Second Chance models need a deck without Freeze and Flip Three",
      );
    }
  }

  mask(core: number): number {
    return (core >>> this.maskShift) & 0x1fff;
  }
  chancesDrawn(core: number): number {
    return (core >>> C_SHIFT) & this.cMask;
  }
  holding(core: number): boolean {
    return (core & U_BIT) === 0;
  }
  saved(core: number, v: number): number {
    return this.ms.count[(core >>> this.msShift) * NUMBER_KINDS + v];
  }
  /** Duplicates saved so far (the size of the saved multiset). */
  savedCount(core: number): number {
    return this.ms.size[core >>> this.msShift];
  }

  pile(core: number, mods: number, kind: number): number {
    if (kind < NUMBER_KINDS) {
      const held = (this.mask(core) >> kind) & 1;
      return this.deck[kind] - held - this.saved(core, kind);
    }
    if (kind === CHANCE) return this.chances - this.chancesDrawn(core);
    if (isModifier(kind)) return mods & modifierBit(kind) ? 0 : this.deck[kind];
    return this.deck[kind];
  }

  pileTotal(core: number, mods: number): number {
    const mask = this.mask(core);
    let t = this.deckTotal;
    t -= COUNT_OF_MASK[mask] + COUNT_OF_MASK[mods & this.modMaskOfDeck()] +
      this.chancesDrawn(core);
    return t - this.savedCount(core);
  }

  private modBits = -1;
  /** Bit mask of the modifiers the deck holds (bit b for `PLUS2 + b`), cached. */
  private modMaskOfDeck(): number {
    if (this.modBits < 0) {
      let m = 0;
      for (const k of MODIFIERS) if (this.deck[k] > 0) m |= modifierBit(k);
      this.modBits = m;
    }
    return this.modBits;
  }

  outcomes(core: number, o: Outcomes): void {
    o.n = 0;
    o.total = 0;
    o.modNext = core;
    const mask = this.mask(core);
    const msShift = this.msShift;
    const ms = core >>> msShift;
    const holding = (core & U_BIT) === 0;
    const seventh = COUNT_OF_MASK[mask] === 6;
    const deck = this.deck;
    const msCount = this.ms.count, msAdd = this.ms.add;
    const low = (1 << msShift) - 1;
    let bust = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) {
      const bit = 1 << v;
      if ((mask & bit) === 0) {
        if (deck[v] > 0) {
          if (seventh) o.push(v, deck[v], FLIP7, mask | bit);
          else o.push(v, deck[v], NEXT, core + (bit << this.maskShift));
        }
        continue;
      }
      const copies = deck[v] - 1 - msCount[ms * NUMBER_KINDS + v];
      if (copies <= 0) continue;
      if (!holding) {
        bust += copies;
      } else if (this.removeSaved) {
        // the Second Chance and the duplicate both leave: u becomes 1, v joins the saved multiset
        const ms2 = msAdd[ms * NUMBER_KINDS + v];
        o.push(v, copies, NEXT, ((core & low) | U_BIT) | (ms2 << msShift));
      } else {
        // seed 000: the Second Chance is used up, the duplicate goes back into the deck
        o.push(v, copies, NEXT, core | U_BIT);
      }
    }
    if (bust > 0) o.push(DUPLICATE, bust, BUST, -1);
    const left = this.chances - this.chancesDrawn(core);
    if (left > 0) {
      // drawn: now holding one; a spare one (already holding) is discarded
      o.push(CHANCE, left, NEXT, (core & ~U_BIT) + (1 << C_SHIFT));
    }
  }

  forced(core: number, mods: number): boolean {
    return core === this.root && mods === 0;
  }

  pack(
    mask: number,
    drawn: number,
    holding: boolean,
    saved?: ArrayLike<number>,
  ): number {
    if (
      mask < 0 || mask > 0x1fff || COUNT_OF_MASK[mask] > 6 || drawn < 0 ||
      drawn > this.chances || (holding && drawn === 0)
    ) return -1;
    const values: number[] = [];
    if (saved) {
      for (let v = 0; v < NUMBER_KINDS; v++) {
        const s = saved[v] ?? 0;
        if (s === 0) continue;
        if (
          !this.removeSaved || s < 0 || !((mask >> v) & 1) ||
          s > this.deck[v] - 1
        ) {
          return -1;
        }
        for (let j = 0; j < s; j++) values.push(v);
      }
    }
    // every Second Chance drawn is held, used for a save, or discarded as a spare
    if (values.length > drawn - (holding ? 1 : 0)) return -1;
    const ms = values.length ? this.ms.indexOf(values) : 0;
    if (ms < 0) return -1;
    return (holding ? 0 : U_BIT) | (drawn << C_SHIFT) |
      (mask << this.maskShift) | (ms << this.msShift);
  }

  describe(core: number, mods: number): string {
    const parts = [maskNumbers(this.mask(core)).join(" ") || "-"];
    const m = maskModifiers(mods).map((k) => CARD_NAMES[k]);
    if (m.length) parts.push(m.join(" "));
    const drawn = this.chancesDrawn(core);
    if (drawn) {
      parts.push(
        `${this.holding(core) ? "chance" : "no chance"} (${drawn} drawn)`,
      );
    }
    const saved = this.ms.list[core >>> this.msShift];
    if (saved.length) parts.push(`saved ${saved.join(" ")}`);
    return parts.join(" | ");
  }
}
