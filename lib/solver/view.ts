/**
 * {@linkcode SoloView}: a {@linkcode TableView} over one solo state, so that the
 * strategy classes the engine plays are evaluated exactly, unchanged, by the
 * solver.
 *
 * What the view shows for one player alone with a fresh deck:
 * - `unseenExact` is the model's draw pile: the deck minus the line, minus every
 *   Second Chance drawn, minus (in `exact`) the saved duplicates;
 * - `unseenTable` is the deck minus the cards in front of the player (the
 *   engine's definition: a used Second Chance and a saved duplicate sit in the
 *   discard pile and count as unseen). In `approx`, seed 000 counted the
 *   Second Chances drawn as gone, so there `unseenTable` equals the model's
 *   draw pile (see {@linkcode SoloView} for how this reproduces its `bust:P`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SoloView } from "./view.ts";
 * import { spaceOf } from "./solve.ts";
 * import { getModel } from "./model.ts";
 * const v = new SoloView(spaceOf(getModel("approx")));
 * v.set(v.space.rootSlot, 0);
 * assert.equal(v.unseenExactTotal(), 88);
 * ```
 * @module
 */

import {
  CHANCE,
  COUNT_OF_MASK,
  isModifier,
  KINDS,
  lineScore,
  MODIFIER_KINDS,
  modifierBit,
  MODS,
  NUMBER_KINDS,
  SUM_OF_MASK,
} from "../game/cards.ts";
import type { Rules } from "../game/rules.ts";
import { ACTIVE, type TableView } from "../game/view.ts";
import type { SoloModel } from "./model.ts";

// the fields of a visible key, low to high: the modifier mask, holding a
// Second Chance, the Second Chances drawn (2 bits), the number mask, the
// actions in front (3 bits)
const HOLD_BIT = MODS, DRAWN_SHIFT = MODIFIER_KINDS + 1;
const MASK_SHIFT = DRAWN_SHIFT + 2, FRONT_SHIFT = MASK_SHIFT + NUMBER_KINDS;
import type { SoloSpace } from "./solve.ts";

/**
 * How `unseenTable` counts Second Chances: `front` (engine) or `pile` (seed 000).
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * new SoloView(spaceOf(getModel("approx")), "front"); // count Second Chances as the engine does
 * ```
 */
export type TableCount = "front" | "pile";

/**
 * The table as one solo player sees it in one state of a model. Set the state
 * with {@linkcode SoloView.set}; every read is O(1).
 *
 * `unseenTable` follows the engine (deck minus the cards in front of you) in
 * `exact`, so that evaluating a strategy here gives exactly what the engine
 * gets playing it under `solo-model` rules; in `approx` it is the model's draw
 * pile, as seed 000 computed `bust:P` (options override this).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * const v = new SoloView(spaceOf(getModel("exact")));
 * v.set(v.space.rootSlot, 0);
 * assert.equal(v.lineCount(0), 0);
 * ```
 */
export class SoloView implements TableView {
  /** The model's rules (`solo-model`). */
  readonly rules: Rules;
  /** One seat. */
  readonly players = 1;
  /** The model. */
  readonly model: SoloModel;
  /** How `unseenTable` counts Second Chances. */
  readonly tableCount: TableCount;
  /** Slot of the current core. */
  slot = 0;
  /** Current core key. */
  core = 0;
  /** Current modifier mask. */
  mods = 0;
  /** Calls of `unseenExact`/`unseenExactTotal` so far (the evaluator resets it). */
  exactReads = 0;
  private mask = 0;
  private drawn = 0;
  private holding = false;
  private front = 0;
  private loaded = false;
  private deckTotal = 0;
  private pileCore = 0;
  private tableCore = 0;
  private readonly pileCounts = new Int32Array(KINDS);
  private readonly tableCounts = new Int32Array(KINDS);

  /**
   * A view over `space`, to be moved to a state with {@linkcode set}.
   *
   * @param space the state space the slots refer to
   * @param tableCount override how `unseenTable` counts Second Chances
   */
  constructor(readonly space: SoloSpace, tableCount?: TableCount) {
    this.model = space.model;
    this.rules = space.model.rules;
    this.tableCount = tableCount ??
      (space.model.name === "approx" ? "pile" : "front");
    for (const c of this.model.deck) this.deckTotal += c;
  }

  /** Move the view to state `(slot, mods)`. */
  set(slot: number, mods: number): void {
    this.slot = slot;
    this.mods = mods;
    const core = this.space.cores[slot];
    if (core === this.core && this.loaded) return;
    this.core = core;
    this.loaded = true;
    const model = this.model;
    this.mask = model.mask(core);
    this.holding = model.holding(core);
    this.drawn = model.chancesDrawn(core);
    this.front = model.actionsInFront?.(core) ?? 0;
    // the non-modifier kinds depend on the core only
    for (let k = 0; k < KINDS; k++) {
      if (isModifier(k)) continue;
      this.pileCounts[k] = model.pile(core, 0, k);
      this.tableCounts[k] =
        this.tableCount === "pile" || k >= NUMBER_KINDS && k !== CHANCE
          ? this.pileCounts[k]
          : k === CHANCE
          ? model.deck[CHANCE] - (this.holding ? 1 : 0)
          : model.deck[k] - ((this.mask >> k) & 1);
    }
    this.pileCore = model.pileTotal(core, 0);
    this.tableCore = this.tableCount === "pile"
      ? this.pileCore
      : this.deckTotal - COUNT_OF_MASK[this.mask] - (this.holding ? 1 : 0) -
        this.front;
  }

  /** Bit mask of the distinct numbers in the line (bit v for number v). */
  lineMask(_seat: number): number {
    return this.mask;
  }
  /** How many number cards the line holds. */
  lineCount(_seat: number): number {
    return COUNT_OF_MASK[this.mask];
  }
  /** Sum of the face values in the line. */
  numberSum(_seat: number): number {
    return SUM_OF_MASK[this.mask];
  }
  /** Bit mask of the modifiers in front of the player (`+2` bit 0 … `x2` bit 5). */
  modMask(_seat: number): number {
    return this.mods;
  }
  /** True when the player holds a Second Chance. */
  hasChance(_seat: number): boolean {
    return this.holding;
  }
  /** Cards in front of the player: numbers, modifiers, Second Chance and, in `all94`, the Flip Threes played on it. */
  cardsInFront(_seat: number): number {
    return COUNT_OF_MASK[this.mask] + COUNT_OF_MASK[this.mods] +
      (this.holding ? 1 : 0) + this.front;
  }
  /** What the player would bank if it stayed now. */
  roundScore(_seat: number): number {
    return lineScore(this.mask, this.mods, false);
  }
  /** Always 0: one round, alone. */
  total(_seat: number): number {
    return 0;
  }
  /** Always true: the view is only asked in live states. */
  isActive(_seat: number): boolean {
    return true;
  }
  /** Always ACTIVE: the view is only asked in live states. */
  seatStatus(_seat: number): number {
    return ACTIVE;
  }
  /** Always 1: one round. */
  readonly round = 1;
  /** Always 0: alone at the table. */
  firstOfRound(): number {
    return 0;
  }
  /** Copies of `kind` not visible on the table, counted as {@linkcode tableCount} says. */
  unseenTable(kind: number): number {
    if (isModifier(kind)) return this.modifierCopies(kind);
    return this.tableCounts[kind];
  }
  /** Total of {@linkcode unseenTable} over all kinds. */
  unseenTableTotal(): number {
    return this.tableCore - COUNT_OF_MASK[this.mods];
  }
  /** Copies of `kind` the next card can be: the model's exact draw pile. */
  unseenExact(kind: number): number {
    this.exactReads++;
    if (isModifier(kind)) return this.modifierCopies(kind);
    return this.pileCounts[kind];
  }
  /** Total of {@linkcode unseenExact} over all kinds. */
  unseenExactTotal(): number {
    this.exactReads++;
    return this.pileCore - COUNT_OF_MASK[this.mods];
  }

  /**
   * What the table shows in the current state, packed (number mask, Second
   * Chances drawn, holding one, modifiers, and in `all94` the Flip Threes
   * played on the player): everything but `unseenExact*` depends on it alone,
   * so decisions that do not count cards exactly can be shared by every state
   * with the same key (below `2 ** keyBits`).
   */
  visibleKey(): number {
    return (this.front << FRONT_SHIFT) | (this.mask << MASK_SHIFT) |
      (this.drawn << DRAWN_SHIFT) | (this.holding ? HOLD_BIT : 0) | this.mods;
  }

  /**
   * {@linkcode visibleKey} of state `(slot, 0)`, read off the model without
   * moving the view (no pile counts loaded): what the lumped pass's class
   * memo looks up before it asks the policy.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { getModel } from "./model.ts";
   * import { spaceOf } from "./solve.ts";
   * const v = new SoloView(spaceOf(getModel("approx")));
   * v.set(7, 0);
   * assert.equal(v.tableKey(7), v.visibleKey());
   * ```
   */
  tableKey(slot: number): number {
    const model = this.model, core = this.space.cores[slot];
    const front = model.actionsInFront?.(core) ?? 0;
    return (front << FRONT_SHIFT) | (model.mask(core) << MASK_SHIFT) |
      (model.chancesDrawn(core) << DRAWN_SHIFT) |
      (model.holding(core) ? HOLD_BIT : 0);
  }

  /** {@linkcode visibleKey} is below `2 ** keyBits`. */
  get keyBits(): number {
    return this.model.actionsInFront ? FRONT_SHIFT + 3 : FRONT_SHIFT;
  }

  /** Copies of modifier `kind` left: all of them unless one is in front. */
  private modifierCopies(kind: number): number {
    return this.mods & modifierBit(kind) ? 0 : this.model.deck[kind];
  }
}
