/**
 * The single-player (solo) models: how a solo state is packed into an integer,
 * and the chance node of a Hit — the enumerable outcomes (card kind, copies in
 * the draw pile, effect, next state) — in the spirit of OpenSpiel's explicit
 * chance nodes. Solvers and evaluators only ever talk to a {@linkcode SoloModel}.
 *
 * A solo state is a pair *(core, mods)*: `mods` is the 6-bit modifier mask and
 * `core` packs everything else. Every modifier mask goes with every core, so
 * the solvers lay the states out as dense blocks of 64 (`slot * 64 + mods`)
 * and only the cores need an index (dense for `approx`, a flat hash table for
 * `exact`). A modifier card sets its bit and moves to the core
 * {@linkcode Outcomes.modNext} — the same core in both models here.
 *
 * Core key layout (both models):
 *
 * | bits  | field                                                        |
 * |-------|--------------------------------------------------------------|
 * | 0     | `u` = 1 − (holding a Second Chance), so using one raises the key |
 * | 1–2   | Second Chances drawn so far (0–3)                            |
 * | 3–15  | the 13-bit number mask                                       |
 * | 16–24 | saved duplicates: index of a multiset (exact model; 0 in approx) |
 *
 * The contract every model keeps: core keys are non-negative int32, and every
 * Hit outcome leads to a strictly larger core key, or (a modifier) to a larger
 * `mods` in the same or a larger core, so ascending keys are a topological
 * order: the DP runs over them backwards, the forward evaluation forwards.
 *
 * A later 94-card self-targeted model is one more class implementing
 * {@linkcode SoloModel}: fields above bit 24 (Flip Threes drawn, draws a Flip
 * Three still owes counted as draws made so they only grow, set-aside
 * actions; a mixed-radix packing keeps it under 31 bits), the `BANK` effect
 * (a self-targeted Freeze forces a stay), {@linkcode SoloModel.forced} for the
 * owed draws, and `modNext` for a modifier drawn during a Flip Three. The
 * solver, the evaluator, the views and the cache need no change.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel, Outcomes } from "./model.ts";
 * const m = getModel("approx");
 * const o = new Outcomes();
 * m.outcomes(m.root, o); // the 88 cards of a fresh deck, grouped by effect
 * assert.equal(o.total + 6, 88);
 * ```
 * @module
 */

import {
  CARD_NAMES,
  CHANCE,
  COUNT_OF_MASK,
  FLIP3,
  FREEZE,
  InputError,
  lineScore,
  maskModifiers,
  maskNumbers,
  NUMBER_KINDS,
  PLUS2,
  SUM_OF_MASK,
  X2,
} from "../game/cards.ts";
import { getRules, type Rules, withRules } from "../game/rules.ts";
import {
  BUST,
  DEFAULT_MODEL,
  DUPLICATE,
  FLIP7,
  MODEL_NAMES,
  type ModelName,
  NEXT,
  type Outcomes,
  type SoloModel,
} from "./space.ts";
import { DEFAULT_RULINGS, RULINGS, type Rulings } from "../game/rulings.ts";

import { bitsFor, Multisets } from "./multisets.ts";
import {
  baseDeck,
  checkDeck,
  deckLabel,
  modelId,
  withDeckCounts,
} from "./decks.ts";

// the model vocabulary, re-exported where it was always imported from
export * from "./space.ts";
export { MULTISET_COUNT } from "./multisets.ts";
export {
  baseDeck,
  checkDeck,
  deckLabel,
  MAX_ACTIONS,
  MAX_KIND_COUNT,
  modelId,
  withDeckCounts,
} from "./decks.ts";

// ---- the Second Chance models -------------------------------------------

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
    const top = values.slice(0, 7).reduce((a, b) => a + b, 0);
    let plus = 0;
    for (let k = PLUS2; k < X2; k++) {
      if (deck[k] > 0) plus += 2 * (k - PLUS2 + 1);
    }
    this.maxScore = (deck[X2] > 0 ? 2 : 1) * top + plus +
      (values.length >= 7 ? 15 : 0);
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
    if (kind >= PLUS2 && kind < PLUS2 + 6) {
      return (mods >> (kind - PLUS2)) & 1 ? 0 : this.deck[kind];
    }
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
      for (let b = 0; b < 6; b++) if (this.deck[PLUS2 + b] > 0) m |= 1 << b;
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

const EXACT_ASSUMPTIONS = [
  "One player alone, one round, from a freshly shuffled deck.",
  "The 88-card deck: the 94 cards without the three Freezes and three Flip Threes (a solo player would pass them on).",
  "A Second Chance drawn while holding one is discarded (nobody to pass it to).",
  "When a Second Chance saves you, it and the duplicate are both discarded: the state tracks the saved duplicates (up to 3).",
  "You may stay whenever you have a card in front of you; the first card is forced.",
];

const MODELS: Record<
  Exclude<ModelName, "all94">,
  (deck: readonly number[]) => SoloModel
> = {
  approx: (deck) =>
    new ChanceModel(
      "approx",
      "Seed 000's model: one player, the 88-card deck, a fresh deck; a duplicate saved by a Second Chance stays in the deck.",
      [
        "One player alone, one round, from a freshly shuffled deck.",
        "The 88-card deck: the 94 cards without the three Freezes and three Flip Threes (a solo player would pass them on).",
        "A Second Chance drawn while holding one is discarded (nobody to pass it to).",
        "When a Second Chance saves you it is discarded but the duplicate stays in the deck (seed 000's approximation).",
        "You may stay whenever you have a card in front of you; the first card is forced.",
      ],
      false,
      deck,
    ),
  exact: (deck) =>
    new ChanceModel(
      "exact",
      "The true solo rule: as approx, but a duplicate saved by a Second Chance leaves the deck with it.",
      EXACT_ASSUMPTIONS,
      true,
      deck,
    ),
  numbers: (deck) =>
    new ChanceModel(
      "numbers",
      "One player, one round, the 79 number cards only (no modifiers, no actions).",
      [
        "One player alone, one round, from a freshly shuffled deck.",
        "The 79 number cards only: no modifiers, no Second Chance, no Freeze or Flip Three.",
        "You may stay whenever you have a card in front of you; the first card is forced.",
      ],
      true,
      deck,
    ),
  modifiers: (deck) =>
    new ChanceModel(
      "modifiers",
      "One player, one round, the 79 numbers and the six modifiers (no action cards).",
      [
        "One player alone, one round, from a freshly shuffled deck.",
        "The 85-card deck: the 79 numbers and the six modifiers; no Second Chance, Freeze or Flip Three.",
        "You may stay whenever you have a card in front of you; the first card is forced.",
      ],
      true,
      deck,
    ),
};

const modelCache = new Map<string, SoloModel>();
let actionFactory:
  | ((deck: readonly number[], rulings: Rulings) => SoloModel)
  | null = null;

/**
 * Register the `all94` model's constructor (done by `actions.ts`, which
 * depends on this module).
 *
 * @example
 * ```ts
 * import { ActionModel } from "./actions.ts";
 * registerActionModel((deck, rulings) => new ActionModel(deck, rulings));
 * ```
 */
export function registerActionModel(
  make: (deck: readonly number[], rulings: Rulings) => SoloModel,
): void {
  actionFactory = make;
}

/**
 * A solo model by name (default `exact`), on its own deck or on a deck with
 * some counts changed (`deckCounts`, e.g. `0:2,x2:0`), under a set of
 * rulings (default: the default rulings; only `all94` reads them — the
 * models without Freeze and Flip Three are the same under every ruling).
 *
 * @throws {InputError} naming the bad value and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(getModel("approx").dense, true);
 * assert.equal(getModel("numbers", "12:0").deck[12], 0);
 * ```
 */
export function getModel(
  name: string = DEFAULT_MODEL,
  deckCounts?: string,
  rulings: Rulings = DEFAULT_RULINGS,
): SoloModel {
  if (!(MODEL_NAMES as readonly string[]).includes(name)) {
    throw new InputError(
      `unknown model '${name}': allowed ${MODEL_NAMES.join(", ")}`,
    );
  }
  const n = name as ModelName;
  let deck = baseDeck(n);
  if (deckCounts !== undefined && deckCounts.trim() !== "") {
    deck = withDeckCounts(deck, deckCounts);
  }
  return modelOfDeck(n, deck, rulings);
}

/**
 * A solo model from a treatment and a deck composition (one per deck and
 * process).
 *
 * @throws {InputError} for a deck the treatment cannot use (see {@linkcode checkDeck}).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(modelOfDeck("exact", baseDeck("exact")) === getModel("exact"), true);
 * ```
 */
export function modelOfDeck(
  name: ModelName,
  deck: readonly number[],
  rulings: Rulings = DEFAULT_RULINGS,
): SoloModel {
  const key = name === "all94"
    ? `${name}|${deck.join(",")}|${
      RULINGS.map((r) => rulings[r.key]).join(",")
    }`
    : `${name}|${deck.join(",")}`;
  let m = modelCache.get(key);
  if (!m) {
    checkDeck(deck, name);
    if (name === "all94") {
      if (!actionFactory) {
        throw new Error("import lib/solver/actions.ts for the all94 model");
      }
      m = actionFactory(deck, rulings);
    } else {
      m = MODELS[name](deck);
    }
    modelCache.set(key, m);
  }
  return m;
}

/**
 * Score of staying at `(core, mods)` (no Flip 7).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const m = getModel("approx");
 * assert.equal(stayScore(m, m.pack(1 << 5, 0, false), 32), 10); // 5 doubled
 * ```
 */
export function stayScore(
  model: SoloModel,
  core: number,
  mods: number,
): number {
  return lineScore(model.mask(core), mods, false);
}

/**
 * Sum of the numbers of a core's line.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const m = getModel("approx");
 * assert.equal(numberSumOf(m, m.pack(0b1100, 0, false)), 5);
 * ```
 */
export function numberSumOf(model: SoloModel, core: number): number {
  return SUM_OF_MASK[model.mask(core)];
}
