/**
 * The `all94` model: one player alone with the whole official deck, where
 * every Freeze is a forced stay and every Flip Three three forced draws, as
 * the engine resolves them for a lone active player (`standard` rules):
 *
 * - a Freeze drawn by a hit (or dealt) banks the current score at once;
 * - a Flip Three drawn by a hit (or dealt) makes the player flip three cards;
 *   a Freeze or Flip Three flipped meanwhile is set aside and resolved, in the
 *   order drawn, after the three cards — a set-aside Flip Three flips three
 *   more (its own set-aside cards resolve after those, before the rest of the
 *   list), a set-aside Freeze banks the score and drops whatever comes after
 *   it; a bust or a Flip 7 ends the round at once;
 * - Second Chance, modifiers and numbers work as in the `exact` model.
 *
 * **State.** A state is *(core, action mode, mods)*: the core is the `exact`
 * model's (numbers, Second Chances, saved duplicates; its existing packing and
 * index), `mods` the 6-bit modifier mask, and the action mode says how many
 * Flip Threes and Freezes have left the deck and what the pending Flip Three
 * program still owes: *r* draws of the current Flip Three, *a* Flip Threes set
 * aside in it, *p* Flip Threes queued by the enclosing ones, and whether a
 * Freeze waits in the current list (*fL*, after which new actions are moot) or
 * an enclosing one (*fP*). Free modes (no program) are where the player
 * decides; they differ only in the Flip Threes drawn. Equivalent programs are
 * merged (with *fL* the enclosing list is moot; with no Freeze left *a* and *p*
 * merge), which leaves 62 modes for the official deck (4 free).
 *
 * **Layout.** Modes are numbered in a topological order (actions drawn, then
 * draws still owed, descending), and every core carries all of them: no hash
 * per state. A Hit changes the core by exactly one card (a number, a Second
 * Chance, or a saved duplicate), so the cores fall into levels (cards in the
 * core) and the DP keeps only two levels in memory; within a core the modes
 * are computed in a scratch block and only the modes another level can reach
 * (42 of 62) are kept. The decisions (free modes only) are a
 * {@linkcode SoloSpace} over the keys `core << 2 | flip threes drawn`, so the
 * cache, the `dp` strategy and the {@linkcode SoloView} need nothing new.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts";
 * // a 15-card deck: numbers 0-4, +2, x2, a Second Chance, a Flip Three
 * const m = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:0,flip3:1");
 * (m as ActionModel).log = () => {};
 * assert.equal(m.solveDecisions!().ev.toFixed(6), "6.567199"); // its optimum
 * ```
 * @module
 */

import {
  CARD_NAMES,
  COUNT_OF_MASK,
  FLIP3,
  FREEZE,
  InputError,
} from "../game/cards.ts";
import type { Rules } from "../game/rules.ts";
import { getRules, withRules, withRulings } from "../game/rules.ts";
import {
  DEFAULT_RULINGS,
  rulingChanges,
  type Rulings,
} from "../game/rulings.ts";
import type { Decider, Evaluation } from "./forward.ts";
import {
  ChanceModel,
  deckLabel,
  modelId,
  type Outcomes,
  registerActionModel,
  type SoloModel,
} from "./model.ts";
import { buildSpace, MODS, type SoloSpace, spaceFromCores } from "./solve.ts";
import {
  forwardLevels,
  forwardRuleLevels,
  lumpedLevels,
  solveLevels,
} from "./levels.ts";
import { type CoreIndex, DenseIndex, IntTable } from "./table.ts";

import {
  ActionModes,
  type ActionReading,
  actionReading,
  type ActionSolution,
  bitsFor,
} from "./action_modes.ts";

export * from "./action_modes.ts";

/**
 * The `all94` model (or any deck with Freezes and Flip Threes): a
 * {@linkcode SoloModel} over the decision keys `core << TB | td` (TB bits for
 * the Flip Threes drawn), with its own solver and forward pass.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const m = getModel("all94") as ActionModel;
 * assert.ok(m instanceof ActionModel);
 * assert.equal(m.modes.n, 62); // 3 Flip Threes and 3 Freezes
 * ```
 */
export class ActionModel implements SoloModel {
  readonly name = "all94" as const;
  readonly id: string;
  readonly summary: string;
  readonly assumptions: readonly string[];
  /** How set-aside actions resolve (from the rulings). */
  readonly reading: ActionReading;
  readonly rules: Rules;
  readonly coreBits: number;
  readonly dense = false;
  readonly root: number;
  readonly maxScore: number;
  readonly signature: string;
  /** The numbers-and-Second-Chance part of the state (the `exact` packing). */
  readonly base: ChanceModel;
  /** The action modes. */
  readonly modes: ActionModes;
  /** Bits of the Flip Threes drawn in a decision key. */
  readonly tdBits: number;
  /** Progress lines (default: stderr for the big solves). */
  log: ((line: string) => void) | null = null;
  private baseSpace: SoloSpace | null = null;
  private decisionSpace: SoloSpace | null = null;
  private order: Int32Array | null = null;
  private levelStart: Int32Array | null = null;

  /**
   * The `all94` model over `deck` (its numbers and Second Chances packed as
   * in `exact`, its Freezes and Flip Threes as {@linkcode ActionModes}).
   *
   * @param deck copies of each kind, action cards included
   * @param rulings the rulings in force (`actions`, `set-aside-order` and
   *   `chance-in-flip3` matter to a lone player; the model implements
   *   `chance-in-flip3=at-once` only)
   * @throws {InputError} for `chance-in-flip3=after-the-three`
   */
  constructor(
    readonly deck: readonly number[],
    readonly rulings: Rulings = DEFAULT_RULINGS,
  ) {
    if (rulings.chanceInFlip3 !== "at-once") {
      throw new InputError(
        `ruling 'chance-in-flip3=${rulings.chanceInFlip3}' is not modelled by the all94 model: allowed chance-in-flip3=at-once (the engine plays both)`,
      );
    }
    this.reading = actionReading(rulings);
    const flip3 = {
      "drawn":
        "A Flip Three drawn (or dealt) flips three cards; a Freeze or Flip Three flipped meanwhile waits and is resolved after the three, in the order drawn (a Flip Three flips three more; a Freeze banks the score and drops whatever waits after it).",
      "forced-draws-first":
        "A Flip Three drawn (or dealt) flips three cards; a Flip Three flipped meanwhile adds three more forced draws, a Freeze flipped meanwhile waits until every forced draw is done and then banks the score (ruling set-aside-order=forced-draws-first).",
      "immediate":
        "A Flip Three drawn (or dealt) flips three cards; a Flip Three flipped meanwhile adds three more forced draws, a Freeze flipped meanwhile banks the score at once (ruling actions=immediate).",
    }[this.reading];
    this.summary =
      `The official solo round with all 94 cards: every Freeze a forced stay, every Flip Three three forced draws (${
        this.reading === "drawn"
          ? "set-aside actions resolved after them in the order drawn, as the engine does"
          : this.reading === "immediate"
          ? "actions flipped meanwhile resolved at once"
          : "every forced draw before a set-aside Freeze"
      }).`;
    this.assumptions = [
      "One player alone, one round, from a freshly shuffled 94-card deck (the first round of a standard game, one player).",
      "A Freeze drawn (or dealt) banks the current score at once.",
      flip3,
      "A bust or a Flip 7 ends the round at once, during a Flip Three too.",
      "Second Chance as in the exact model: a spare one is discarded; a save discards it and the duplicate (usable at once, also during a Flip Three).",
      "You may stay whenever you have a card in front of you (a Flip Three played on you counts); the first card is forced.",
    ];
    this.base = new ChanceModel(
      "all94",
      "",
      [],
      true,
      deck,
      true,
    );
    this.modes = new ActionModes(deck[FLIP3], deck[FREEZE], this.reading);
    this.tdBits = bitsFor(deck[FLIP3]);
    this.coreBits = this.base.coreBits + this.tdBits;
    if (this.coreBits > 31) {
      throw new InputError(
        `deck '${
          deckLabel(deck)
        }' needs more than 31 bits of state: allowed fewer Second Chances or Flip Threes`,
      );
    }
    const std = getRules("standard");
    // only the rulings this model reads are kept (they name caches and rules)
    const kept = rulingChanges(DEFAULT_RULINGS, {
      ...DEFAULT_RULINGS,
      actions: rulings.actions,
      setAsideOrder: rulings.actions === "immediate"
        ? DEFAULT_RULINGS.setAsideOrder
        : rulings.setAsideOrder,
    });
    const onDeck = deck.every((c, k) => c === std.deck[k])
      ? std
      : withRules(std, { name: "all94-deck", deck: deck.slice() });
    this.rules = kept.length ? withRulings(onDeck, kept) : onDeck;
    this.root = this.base.root << this.tdBits;
    this.maxScore = this.base.maxScore;
    // the default rulings keep the signature and id (and so the caches) of
    // before the rulings; any other reading has its own
    this.signature = `all94/layout1/modes${this.modes.n}/deck:${
      deck.join(",")
    }${this.reading === "drawn" ? "" : `/actions:${this.reading}`}`;
    this.id = modelId("all94", deck) +
      (this.reading === "drawn" ? "" : `-${this.reading}`);
  }

  /** The exact-packed core of a decision key. */
  coreOf(key: number): number {
    return key >>> this.tdBits;
  }
  /** Flip Threes drawn (and played on the player) in a decision key. */
  flipThrees(key: number): number {
    return key & ((1 << this.tdBits) - 1);
  }
  mask(key: number): number {
    return this.base.mask(key >>> this.tdBits);
  }
  chancesDrawn(key: number): number {
    return this.base.chancesDrawn(key >>> this.tdBits);
  }
  holding(key: number): boolean {
    return this.base.holding(key >>> this.tdBits);
  }
  saved(key: number, v: number): number {
    return this.base.saved(key >>> this.tdBits, v);
  }
  pile(key: number, mods: number, kind: number): number {
    const p = this.base.pile(key >>> this.tdBits, mods, kind);
    return kind === FLIP3 ? p - this.flipThrees(key) : p;
  }
  pileTotal(key: number, mods: number): number {
    return this.base.pileTotal(key >>> this.tdBits, mods) -
      this.flipThrees(key);
  }
  /** Cards in front beyond the line: the Flip Threes played on the player. */
  actionsInFront(key: number): number {
    return this.flipThrees(key);
  }
  outcomes(_key: number, _o: Outcomes): void {
    throw new Error(
      "the all94 model has no one-card chance node: use solveActions/forwardActions",
    );
  }
  forced(key: number, mods: number): boolean {
    return key === this.root && mods === 0;
  }
  pack(
    mask: number,
    drawn: number,
    holding: boolean,
    saved?: ArrayLike<number>,
  ): number {
    const c = this.base.pack(mask, drawn, holding, saved);
    return c < 0 ? -1 : c << this.tdBits;
  }
  /** The decision key of a core and a count of Flip Threes drawn. */
  withFlipThrees(key: number, td: number): number {
    return key < 0 || td < 0 || td > this.deck[FLIP3]
      ? -1
      : (key & ~((1 << this.tdBits) - 1)) | td;
  }
  describe(key: number, mods: number): string {
    const td = this.flipThrees(key);
    const s = this.base.describe(key >>> this.tdBits, mods);
    return td ? `${s} | ${td} ${CARD_NAMES[FLIP3]} played` : s;
  }

  /** Whether the cores are enumerated already ({@linkcode spaces} built or adopted). */
  get enumerated(): boolean {
    return this.baseSpace !== null;
  }

  /** The cores (exact packing), their level order and the decision space. */
  spaces(): { base: SoloSpace; decisions: SoloSpace } {
    if (!this.baseSpace) {
      const base = buildSpace(this.base);
      const m = this.base;
      const n = base.cores.length;
      const level = new Int32Array(n);
      let maxLevel = 0;
      for (let s = 0; s < n; s++) {
        const c = base.cores[s];
        level[s] = COUNT_OF_MASK[m.mask(c)] + m.chancesDrawn(c) +
          m.savedCount(c);
        if (level[s] > maxLevel) maxLevel = level[s];
      }
      const start = new Int32Array(maxLevel + 2);
      for (let s = 0; s < n; s++) start[level[s] + 1]++;
      for (let l = 0; l <= maxLevel; l++) start[l + 1] += start[l];
      const fill = start.slice();
      const order = new Int32Array(n); // level position -> key slot
      for (let s = 0; s < n; s++) order[fill[level[s]]++] = s;
      this.order = order;
      this.levelStart = start;
      this.decisionSpace = this.decisionsOf(base);
      this.baseSpace = base;
    }
    return { base: this.baseSpace, decisions: this.decisionSpace! };
  }

  /** The decision space over the cores of `base`: keys `core << TB | td`. */
  private decisionsOf(base: SoloSpace): SoloSpace {
    const n = base.cores.length;
    const T1 = this.deck[FLIP3] + 1;
    const keys = new Int32Array(n * T1);
    for (let s = 0; s < n; s++) {
      for (let td = 0; td < T1; td++) {
        keys[s * T1 + td] = (base.cores[s] << this.tdBits) | td;
      }
    }
    // the keys of a slot's Flip Three counts follow its core's: the pre-deal
    // state's slot is its core's times T1; the index of the keys (1.37M on
    // all94, ~0.1 s) is built on first use, which the lumped pass and its
    // workers never make
    const dense = this.dense, bits = this.coreBits;
    let index: CoreIndex | null = null;
    return {
      model: this,
      cores: keys,
      get index(): CoreIndex {
        if (!index) {
          const t = dense ? new DenseIndex(bits) : new IntTable(keys.length);
          for (let s = 0; s < keys.length; s++) t.set(keys[s], s);
          index = t;
        }
        return index;
      },
      rootSlot: base.rootSlot * T1,
      states: keys.length * MODS - 1,
      seconds: base.seconds,
    };
  }

  /**
   * Internal (the level workers): take the cores and their level order as
   * another thread computed them, instead of enumerating again.
   */
  adoptLevels(cores: Int32Array, order: Int32Array, start: Int32Array): void {
    if (this.baseSpace) return;
    const base = spaceFromCores(this.base, cores);
    if (!base) throw new Error("the pre-deal state is missing");
    this.order = order;
    this.levelStart = start;
    this.decisionSpace = this.decisionsOf(base);
    this.baseSpace = base;
  }

  /** States of the dense layout: cores × modes × 64, less the pre-deal state. */
  denseStates(): number {
    return this.spaces().base.cores.length * this.modes.n * MODS - 1;
  }

  /** The decision space (what `spaceOf` gives for this model). */
  space(): SoloSpace {
    return this.spaces().decisions;
  }

  solveDecisions(): ActionSolution {
    return solveActions(this);
  }

  /**
   * Forward pass of a decision table or rule over this model, level by
   * level (`levels.ts`; a rule on this thread alone), or the lumped pass of
   * a rule (null when it declines).
   */
  forwardEvaluate(
    decide: Decider | null,
    table: Uint8Array | null,
    policy: string,
    lumped = false,
  ): Evaluation | null {
    if (decide === null) return forwardLevels(this, table!, policy);
    return lumped
      ? lumpedLevels(this, null, policy, decide)
      : forwardRuleLevels(this, null, policy, decide);
  }

  /** Internal: level order of the cores (level position -> key slot) and level starts. */
  levels(): { order: Int32Array; start: Int32Array } {
    this.spaces();
    return { order: this.order!, start: this.levelStart! };
  }
}

registerActionModel((deck, rulings) => new ActionModel(deck, rulings));

/**
 * Solve an action model exactly: backward induction level by level (see the
 * module doc), progress lines through `model.log`. The levels run on
 * `threads` threads over shared buffers (`levels.ts`; default 2 for the big
 * decks, 1 for small ones); the decisions are the same bytes whatever the
 * number.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * // 16 cards: numbers 0-4, +2, x2, a Second Chance, a Freeze, a Flip Three
 * const model = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * model.log = () => {};
 * const s = solveActions(model, 1);
 * assert.equal(s.ev.toFixed(6), "5.606683"); // the optimum of that deck
 * assert.equal(solveActions(model, 2).ev, s.ev); // the same on two threads
 * ```
 */
export function solveActions(
  model: ActionModel,
  threads?: number,
): ActionSolution {
  return solveLevels(model, threads);
}
