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
 * import { getModel } from "./model.ts";
 * import "./actions.ts";
 * const m = getModel("all94", "freeze:0,flip3:1");
 * m.solveDecisions!().ev; // optimal value of that deck
 * ```
 * @module
 */

import {
  CARD_NAMES,
  COUNT_OF_MASK,
  FLIP3,
  FREEZE,
  InputError,
  PLUS_OF_MASK,
  SUM_OF_MASK,
  X2_BIT,
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
  FLIP7,
  modelId,
  NEXT,
  Outcomes,
  registerActionModel,
  type SoloModel,
} from "./model.ts";
import {
  buildSpace,
  modifiersInDeck,
  MODS,
  type SoloSpace,
  spaceFromCores,
} from "./solve.ts";

/** Draws of one Flip Three. */
const FLIP_DRAWS = 3;

/**
 * How the action cards flipped during a Flip Three resolve for a lone player
 * (the rulings `actions` and `set-aside-order`, see `lib/game/rulings.ts`):
 *
 * - `drawn`: set aside, resolved in the order drawn after the three (a
 *   set-aside Flip Three flips three more, its own set-aside cards resolving
 *   after those; a set-aside Freeze banks and drops what waits after it);
 * - `forced-draws-first`: a Flip Three adds three forced draws, a Freeze
 *   waits until every forced draw is done (stacked ones included), then banks;
 * - `immediate`: a Flip Three adds three forced draws, a Freeze banks at once.
 */
export type ActionReading = "drawn" | "forced-draws-first" | "immediate";

/** The action readings, `drawn` (the default rulings) first. */
export const ACTION_READINGS: readonly ActionReading[] = [
  "drawn",
  "forced-draws-first",
  "immediate",
];

/**
 * The action reading of a set of rulings.
 *
 * @example
 * ```ts
 * import { DEFAULT_RULINGS } from "../game/rulings.ts";
 * actionReading(DEFAULT_RULINGS); // "drawn"
 * ```
 */
export function actionReading(rulings: Rulings): ActionReading {
  return rulings.actions === "immediate" ? "immediate" : rulings.setAsideOrder;
}

/**
 * The action modes of a deck with `flips` Flip Threes and `freezes` Freezes,
 * in topological order, with their transitions, under one
 * {@linkcode ActionReading} (default `drawn`).
 *
 * @example
 * ```ts
 * const m = new ActionModes(3, 3);
 * m.n; // 62
 * m.advT[m.free[0]]; // the fresh Flip Three mode
 * new ActionModes(3, 3, "forced-draws-first").n; // 46
 * ```
 */
export class ActionModes {
  /** Number of modes. */
  readonly n: number;
  /** Pseudo-mode: the round ends banking the current score. */
  readonly bank: number;
  /** Flip Threes drawn. */
  readonly td: Uint8Array;
  /** Freezes drawn. */
  readonly fd: Uint8Array;
  /** Draws the current Flip Three still owes (0: a free mode). */
  readonly r: Uint8Array;
  /** Forced draws owed if no further action is drawn. */
  readonly owed: Uint8Array;
  /** A Freeze waits (the round will end with it). */
  readonly freeze: Uint8Array;
  /** Mode after a non-action card (a number, modifier or Second Chance), or {@linkcode bank}. */
  readonly advN: Int16Array;
  /** Mode after a Flip Three, or {@linkcode bank}; -1 when none is left. */
  readonly advT: Int16Array;
  /** Mode after a Freeze, or {@linkcode bank}; -1 when none is left. */
  readonly advF: Int16Array;
  /** The free mode of each count of Flip Threes drawn. */
  readonly free: Int16Array;
  /** Index among the kept modes (those a non-action card leads to), or -1. */
  readonly stored: Int16Array;
  /** Number of kept modes. */
  readonly nStored: number;
  /** A short description of each mode. */
  readonly label: string[];

  /**
   * Enumerates the modes of a deck with these action cards.
   *
   * @param flips Flip Threes in the deck
   * @param freezes Freezes in the deck
   * @param reading how set-aside actions resolve
   */
  constructor(
    readonly flips: number,
    readonly freezes: number,
    readonly reading: ActionReading = "drawn",
  ) {
    type M = number[]; // drawn: td, fd, r, a, p, fL, fP; others: td, fd, owed, fp
    const T = flips, F = freezes;
    const canon = (m: M): M | null => {
      let [td, fd, r, a, p, fL, fP] = m;
      if (fL) {
        p = 0;
        fP = 0;
      }
      if (r === 0) {
        if (a > 0) {
          return canon([
            td,
            fd,
            FLIP_DRAWS,
            0,
            a - 1 + (fL ? 0 : p),
            0,
            fL || fP ? 1 : 0,
          ]);
        }
        if (fL) return null;
        if (p > 0) return canon([td, fd, FLIP_DRAWS, 0, p - 1, 0, fP]);
        if (fP) return null;
        return [td, fd, 0, 0, 0, 0, 0];
      }
      if (fd === F && !fL) {
        p += a;
        a = 0;
      }
      return [td, fd, r, a, p, fL, fP];
    };
    const key = (m: M) => m.join(",");
    const seen = new Map<string, M>();
    const queue: M[] = [];
    const add = (m: M | null) => {
      if (m === null || seen.has(key(m))) return;
      seen.set(key(m), m);
      queue.push(m);
    };
    const drawn = reading === "drawn";
    // forced-draws-first and immediate: (td, fd, owed, freeze pending)
    const counted = (td: number, fd: number, owed: number, fp: number) =>
      owed > 0 ? [td, fd, owed, fp] : fp ? null : [td, 0, 0, 0];
    const nextN = (m: M) =>
      m[2] === 0
        ? m
        : drawn
        ? canon([m[0], m[1], m[2] - 1, m[3], m[4], m[5], m[6]])
        : counted(m[0], m[1], m[2] - 1, m[3]);
    const nextT = (m: M): M | null | undefined => {
      if (!drawn) {
        const [td, fd, owed, fp] = m;
        if (td >= T) return undefined;
        return counted(
          td + 1,
          fd,
          owed === 0 ? FLIP_DRAWS : owed - 1 + FLIP_DRAWS,
          fp,
        );
      }
      const [td, fd, r, a, p, fL, fP] = m;
      if (td >= T) return undefined;
      if (r === 0) return canon([td + 1, fd, FLIP_DRAWS, 0, 0, 0, 0]);
      return canon([td + 1, fd, r - 1, fL ? a : a + 1, p, fL, fP]);
    };
    const nextF = (m: M): M | null | undefined => {
      if (!drawn) {
        const [td, fd, owed] = m;
        if (fd >= F) return undefined;
        if (owed === 0 || reading === "immediate") return null;
        return counted(td, fd + 1, owed - 1, 1);
      }
      const [td, fd, r, a, p, _fL, fP] = m;
      if (fd >= F) return undefined;
      if (r === 0) return null;
      return canon([td, fd + 1, r - 1, a, p, 1, fP]);
    };
    const freeMode = (td: number) =>
      drawn ? [td, 0, 0, 0, 0, 0, 0] : [td, 0, 0, 0];
    for (let td = 0; td <= T; td++) add(freeMode(td));
    while (queue.length) {
      const m = queue.pop()!;
      add(nextN(m));
      const t = nextT(m), f = nextF(m);
      if (t !== undefined) add(t);
      if (f !== undefined) add(f);
    }
    const owedOf = (m: M) =>
      drawn ? m[2] + FLIP_DRAWS * (m[3] + (m[5] ? 0 : m[4])) : m[2];
    const list = [...seen.values()].sort((x, y) =>
      x[0] + x[1] - (y[0] + y[1]) || owedOf(y) - owedOf(x) ||
      (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0)
    );
    const n = list.length;
    this.n = n;
    this.bank = n;
    const id = new Map(list.map((m, i) => [key(m), i]));
    const ref = (m: M | null | undefined) =>
      m === undefined ? -1 : m === null ? n : id.get(key(m))!;
    this.td = Uint8Array.from(list.map((m) => m[0]));
    this.fd = Uint8Array.from(list.map((m) => m[1]));
    this.r = Uint8Array.from(list.map((m) => m[2]));
    this.owed = Uint8Array.from(list.map(owedOf));
    this.freeze = Uint8Array.from(
      list.map((m) => (drawn ? m[5] || m[6] : m[3]) ? 1 : 0),
    );
    this.advN = Int16Array.from(list.map((m) => ref(nextN(m))));
    this.advT = Int16Array.from(list.map((m) => ref(nextT(m))));
    this.advF = Int16Array.from(list.map((m) => ref(nextF(m))));
    this.free = new Int16Array(T + 1);
    for (let td = 0; td <= T; td++) {
      this.free[td] = id.get(key(freeMode(td)))!;
    }
    this.stored = new Int16Array(n).fill(-1);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const t = this.advN[i];
      if (t < n && this.stored[t] < 0) this.stored[t] = 0;
    }
    for (let i = 0; i < n; i++) if (this.stored[i] === 0) this.stored[i] = s++;
    this.nStored = s;
    this.label = list.map((m) =>
      m[2] === 0
        ? `free, ${m[0]} flip3 drawn`
        : !drawn
        ? `owes ${m[2]}${m[3] ? ", freeze waits" : ""}; ${m[0]} flip3, ${
          m[1]
        } freeze drawn`
        : `owes ${m[2]}+${FLIP_DRAWS}×${m[3] + m[4]} (set aside ${
          m[3]
        }, queued ${m[4]})${
          m[5] ? ", freeze waits here" : m[6] ? ", freeze waits above" : ""
        }; ${m[0]} flip3, ${m[1]} freeze drawn`
    );
  }
}

/** The `core << TB | td` decision keys of the free modes. */
function bitsFor(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}

/**
 * Where a solve of an action model spends its time and memory.
 *
 * @example
 * ```ts
 * declare const model: ActionModel;
 * const s: ActionSolution = solveActions(model);
 * s.peakLayerBytes; // bytes of the two levels held at once
 * ```
 */
export interface ActionSolution {
  /** The decision space (free modes): keys `core << TB | flip threes drawn`. */
  readonly space: SoloSpace;
  /** `hit[slot * 64 + mods]` over the decision space. */
  readonly hit: Uint8Array;
  /** Optimal value of the pre-deal state. */
  readonly ev: number;
  /** Seconds, enumeration included. */
  readonly seconds: number;
  /** Seconds enumerating the cores. */
  readonly enumSeconds: number;
  /** States of the dense layout: cores × modes × 64, less the pre-deal state. */
  readonly states: number;
  /** Largest bytes held by the two level buffers at once. */
  readonly peakLayerBytes: number;
  /** Largest resident set size of the process seen at the end of a level. */
  readonly peakRss: number;
}

/**
 * The `all94` model (or any deck with Freezes and Flip Threes): a
 * {@linkcode SoloModel} over the decision keys `core << TB | td` (TB bits for
 * the Flip Threes drawn), with its own solver and forward pass.
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * const m = getModel("all94") as ActionModel;
 * m.modes.n; // 62
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
    rulings: Rulings = DEFAULT_RULINGS,
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
      const T1 = this.deck[FLIP3] + 1;
      const keys = new Int32Array(n * T1);
      for (let s = 0; s < n; s++) {
        for (let td = 0; td < T1; td++) {
          keys[s * T1 + td] = (base.cores[s] << this.tdBits) | td;
        }
      }
      const dec = spaceFromCores(this, keys, base.seconds);
      if (!dec) throw new Error("the pre-deal state is missing");
      this.baseSpace = base;
      this.decisionSpace = dec;
    }
    return { base: this.baseSpace, decisions: this.decisionSpace! };
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

  /** Forward pass of a decision rule or table over this model (see `forward.ts`). */
  forwardEvaluate(
    decide: Decider | null,
    table: Uint8Array | null,
    policy: string,
  ): Evaluation {
    return forwardActions(this, decide, table, policy);
  }

  /** Internal: level order of the cores (level position -> key slot) and level starts. */
  levels(): { order: Int32Array; start: Int32Array } {
    this.spaces();
    return { order: this.order!, start: this.levelStart! };
  }
}

registerActionModel((deck, rulings) => new ActionModel(deck, rulings));

/** Per-modifier-mask constants. */
function modTables(avail: number) {
  const x2 = new Float64Array(MODS), plus = new Float64Array(MODS);
  const free = new Float64Array(MODS);
  for (let mods = 0; mods < MODS; mods++) {
    x2[mods] = mods & X2_BIT ? 2 : 1;
    plus[mods] = PLUS_OF_MASK[mods & 31];
    let f = avail & ~mods, c = 0;
    for (; f; f &= f - 1) c++;
    free[mods] = c;
  }
  return { x2, plus, free };
}

/** One core's chance node (numbers and Second Chances) in level-buffer offsets. */
class LevelStep {
  readonly o = new Outcomes();
  /** Offset of each NEXT outcome's core in the next level's buffer. */
  readonly nextOff = new Int32Array(64);
  /** Level position of each NEXT outcome's core. */
  readonly nextPos = new Int32Array(64);
  readonly nextCount = new Float64Array(64);
  /** Number sum of each NEXT outcome's core. */
  readonly nextSum = new Float64Array(64);
  nNext = 0;
  bust = 0;
  flip7 = 0;
  flip7Sum = 0;
  /** The Flip 7 outcomes: number sum of the seven and copies. */
  readonly f7Sum = new Float64Array(16);
  readonly f7Count = new Float64Array(16);
  f7n = 0;
  total = 0;
  mask = 0;
  sum = 0;
  /** Σ copies × number sum over the NEXT outcomes, and Σ copies. */
  nextSumC = 0;
  nextC = 0;

  load(
    model: ActionModel,
    base: SoloSpace,
    posOf: Int32Array,
    nextStart: number,
    blockN: number,
    core: number,
  ): void {
    const o = this.o;
    model.base.outcomes(core, o);
    this.mask = model.base.mask(core);
    this.sum = SUM_OF_MASK[this.mask];
    this.nNext = 0;
    this.bust = 0;
    this.flip7 = 0;
    this.flip7Sum = 0;
    this.f7n = 0;
    this.total = o.total;
    this.nextSumC = 0;
    this.nextC = 0;
    for (let i = 0; i < o.n; i++) {
      const c = o.count[i];
      if (o.effect[i] === NEXT) {
        const slot = base.index.get(o.next[i]);
        if (slot < 0) throw new Error(`core ${o.next[i]} is missing`);
        const pos = posOf[slot];
        const j = this.nNext++;
        this.nextPos[j] = pos;
        this.nextOff[j] = (pos - nextStart) * blockN;
        this.nextCount[j] = c;
        const s = SUM_OF_MASK[model.base.mask(o.next[i])];
        this.nextSum[j] = s;
        this.nextSumC += c * s;
        this.nextC += c;
      } else if (o.effect[i] === FLIP7) {
        this.flip7 += c;
        this.flip7Sum += c * SUM_OF_MASK[o.next[i]];
        this.f7Sum[this.f7n] = SUM_OF_MASK[o.next[i]];
        this.f7Count[this.f7n++] = c;
      } else {
        this.bust += c;
      }
    }
  }
}

/**
 * Solve an action model exactly: backward induction level by level (see the
 * module doc), progress lines through `model.log`.
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * const s = solveActions(getModel("all94", "freeze:1,flip3:1") as ActionModel);
 * s.ev; // the optimum of that deck
 * ```
 */
export function solveActions(model: ActionModel): ActionSolution {
  const t0 = performance.now();
  const { base, decisions } = model.spaces();
  const { order, start } = model.levels();
  const enumSeconds = (performance.now() - t0) / 1000;
  const md = model.modes;
  const M = md.n, BANK = md.bank, S = md.nStored;
  const T = model.deck[FLIP3], F = model.deck[FREEZE], T1 = T + 1;
  const nCores = base.cores.length;
  const states = model.denseStates();
  const log = model.log ??
    (states > 1e8 ? (l: string) => console.error(l) : null);
  const posOf = new Int32Array(nCores);
  for (let p = 0; p < nCores; p++) posOf[order[p]] = p;
  const avail = modifiersInDeck(model.base);
  const { x2: x2Of, plus: plusOf, free: freeOf } = modTables(avail);
  const hit = new Uint8Array(nCores * T1 * MODS);
  const blockN = S * MODS;
  const cur = new Float64Array(M * MODS); // one core's modes
  const nTargets = M + 1;
  const ext = new Float64Array(nTargets * MODS);
  const want = new Uint8Array(nTargets);
  for (let i = 0; i < M; i++) want[md.advN[i]] = 1;
  const targets = Int16Array.from(
    [...want.keys()].filter((t) => want[t] === 1),
  );
  const step = new LevelStep();
  const nb = step.nextOff, nc = step.nextCount;
  const levels = start.length - 1;
  let next = new Float64Array(0);
  let nextStart = 0;
  let peak = 0, peakRss = 0;
  let ev = NaN;
  let done = 0;
  for (let L = levels - 1; L >= 0; L--) {
    const ls = start[L], le = start[L + 1];
    const layer = new Float64Array((le - ls) * blockN);
    peak = Math.max(peak, layer.byteLength + next.byteLength);
    for (let pos = ls; pos < le; pos++) {
      const slot = order[pos];
      const core = base.cores[slot];
      step.load(model, base, posOf, nextStart, blockN, core);
      const n = step.nNext;
      // the cards that leave the core, once per target mode of a non-action card
      for (let ti = 0; ti < targets.length; ti++) {
        const t = targets[ti];
        const eo = t * MODS;
        if (t === BANK) {
          const sc = step.nextSumC, c = step.nextC;
          for (let mods = 0; mods < MODS; mods++) {
            ext[eo + mods] = x2Of[mods] * sc + plusOf[mods] * c;
          }
          continue;
        }
        const so = md.stored[t] * MODS;
        let j = 0;
        if (n & 1) {
          const c = nc[0], from = nb[0] + so;
          for (let mods = 0; mods < MODS; mods++) {
            ext[eo + mods] = c * next[from + mods];
          }
          j = 1;
        } else {
          for (let mods = 0; mods < MODS; mods++) ext[eo + mods] = 0;
        }
        for (; j < n; j += 2) {
          const c0 = nc[j],
            f0 = nb[j] + so,
            c1 = nc[j + 1],
            f1 = nb[j + 1] + so;
          for (let mods = 0; mods < MODS; mods++) {
            ext[eo + mods] += c0 * next[f0 + mods] + c1 * next[f1 + mods];
          }
        }
      }
      const f7 = step.flip7, f7Sum = step.flip7Sum, total = step.total;
      const sum = step.sum;
      const isRoot = core === model.base.root;
      const hitBase = slot * T1 * MODS;
      for (let mi = M - 1; mi >= 0; mi--) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const eo = t * MODS, mo = mi * MODS;
        const isFree = md.r[mi] === 0;
        for (let mods = MODS - 1; mods >= 0; mods--) {
          const x2 = x2Of[mods], plus = plusOf[mods];
          const stay = x2 * sum + plus;
          const cards = total + freeOf[mods] + tl + fl;
          let v: number;
          if (cards === 0) {
            v = stay; // nothing left to draw: the round ends as it stands
          } else {
            let e = ext[eo + mods] + x2 * f7Sum + f7 * (plus + 15);
            for (let free = avail & ~mods; free !== 0; free &= free - 1) {
              const mm = mods | (free & -free);
              e += t === BANK ? x2Of[mm] * sum + plusOf[mm] : cur[eo + mm];
            }
            if (tl > 0) e += tl * (tT === BANK ? stay : cur[tT * MODS + mods]);
            if (fl > 0) e += fl * (tF === BANK ? stay : cur[tF * MODS + mods]);
            v = e / cards;
          }
          if (isFree) {
            const h = cards > 0 &&
              (v > stay || (isRoot && mods === 0 && md.td[mi] === 0));
            if (h) hit[hitBase + md.td[mi] * MODS + mods] = 1;
            else v = stay;
          }
          cur[mo + mods] = v;
        }
      }
      const out = (pos - ls) * blockN;
      for (let mi = 0; mi < M; mi++) {
        const s = md.stored[mi];
        if (s < 0) continue;
        const to = out + s * MODS, from = mi * MODS;
        for (let k = 0; k < MODS; k++) layer[to + k] = cur[from + k];
      }
      if (isRoot) ev = cur[md.free[0] * MODS];
    }
    done += le - ls;
    peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
    log?.(
      `flip7: ${model.id}: level ${L} done (${
        done.toLocaleString("en-US")
      } of ${nCores.toLocaleString("en-US")} cores, ${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s)`,
    );
    next = layer;
    nextStart = ls;
  }
  // the decision table in decision-space order: key slot * T1 + td
  return {
    space: decisions,
    hit,
    ev,
    seconds: (performance.now() - t0) / 1000,
    enumSeconds,
    states,
    peakLayerBytes: peak,
    peakRss,
  };
}

/**
 * Exact forward evaluation of a decision rule (asked at free-mode states with
 * positive probability, `decide(decision slot, mods)`) or a decision table
 * over an action model, level by level.
 *
 * @example
 * ```ts
 * declare const model: ActionModel;
 * const e = forwardActions(model, () => true, null, "always hit");
 * e.bust + e.flip7 + e.distribution[0]; // hitting forever: bust, Flip 7 or a Freeze
 * ```
 */
export function forwardActions(
  model: ActionModel,
  decide: Decider | null,
  table: Uint8Array | null,
  policy: string,
): Evaluation {
  const { base } = model.spaces();
  const { order, start } = model.levels();
  const md = model.modes;
  const M = md.n, BANK = md.bank, S = md.nStored;
  const T = model.deck[FLIP3], F = model.deck[FREEZE], T1 = T + 1;
  const nCores = base.cores.length;
  const posOf = new Int32Array(nCores);
  for (let p = 0; p < nCores; p++) posOf[order[p]] = p;
  const avail = modifiersInDeck(model.base);
  const { x2: x2Of, plus: plusOf, free: freeOf } = modTables(avail);
  const blockN = S * MODS;
  const dist = new Float64Array(model.maxScore + 1);
  const mass = new Float64Array(M * MODS);
  const pHit = new Float64Array(MODS);
  const step = new LevelStep();
  const nb = step.nextOff, nc = step.nextCount;
  const levels = start.length - 1;
  let bust = 0, flip7 = 0, visited = 0;
  let layer = new Float64Array((start[1] - start[0]) * blockN);
  let touched = new Uint8Array(start[1] - start[0]);
  // the pre-deal state
  layer[md.stored[md.free[0]] * MODS] = 1;
  touched[0] = 1;
  for (let L = 0; L < levels; L++) {
    const ls = start[L], le = start[L + 1];
    const ns = start[L + 1], ne = L + 2 < start.length ? start[L + 2] : ns;
    const nextLayer = new Float64Array((ne - ns) * blockN);
    const nextTouched = new Uint8Array(ne - ns);
    for (let pos = ls; pos < le; pos++) {
      if (!touched[pos - ls]) continue;
      const slot = order[pos];
      const core = base.cores[slot];
      mass.fill(0);
      const inOff = (pos - ls) * blockN;
      for (let mi = 0; mi < M; mi++) {
        const s = md.stored[mi];
        if (s >= 0) {
          const from = inOff + s * MODS, to = mi * MODS;
          for (let k = 0; k < MODS; k++) mass[to + k] = layer[from + k];
        }
      }
      step.load(model, base, posOf, ns, blockN, core);
      const total = step.total, sum = step.sum;
      const isRoot = core === model.base.root;
      const dBase = slot * T1;
      for (let mi = 0; mi < M; mi++) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const mo = mi * MODS;
        const isFree = md.r[mi] === 0;
        let any = false;
        for (let mods = 0; mods < MODS; mods++) {
          pHit[mods] = 0;
          const m = mass[mo + mods];
          if (m === 0) continue;
          visited++;
          const stay = x2Of[mods] * sum + plusOf[mods];
          const cards = total + freeOf[mods] + tl + fl;
          if (cards === 0) {
            dist[stay] += m;
            continue;
          }
          if (isFree) {
            const td = md.td[mi];
            const dslot = dBase + td;
            const hits = (isRoot && mods === 0 && td === 0) ||
              (table ? table[dslot * MODS + mods] === 1 : decide!(dslot, mods));
            if (!hits) {
              dist[stay] += m;
              continue;
            }
          }
          const p = m / cards;
          pHit[mods] = p;
          any = true;
          for (let free = avail & ~mods; free !== 0; free &= free - 1) {
            const mm = mods | (free & -free);
            if (t === BANK) dist[x2Of[mm] * sum + plusOf[mm]] += p;
            else mass[t * MODS + mm] += p;
          }
          if (tl > 0) {
            if (tT === BANK) dist[stay] += p * tl;
            else mass[tT * MODS + mods] += p * tl;
          }
          if (fl > 0) {
            if (tF === BANK) dist[stay] += p * fl;
            else mass[tF * MODS + mods] += p * fl;
          }
          if (step.bust > 0) {
            bust += p * step.bust;
            dist[0] += p * step.bust;
          }
          for (let i = 0; i < step.f7n; i++) {
            const q = p * step.f7Count[i];
            dist[x2Of[mods] * step.f7Sum[i] + plusOf[mods] + 15] += q;
            flip7 += q;
          }
        }
        if (!any) continue;
        // the cards that leave the core
        if (t === BANK) {
          for (let j = 0; j < step.nNext; j++) {
            const c = nc[j], s = step.nextSum[j];
            for (let mods = 0; mods < MODS; mods++) {
              if (pHit[mods] !== 0) {
                dist[x2Of[mods] * s + plusOf[mods]] += pHit[mods] * c;
              }
            }
          }
          continue;
        }
        const so = md.stored[t] * MODS;
        for (let j = 0; j < step.nNext; j++) {
          const c = nc[j], to = nb[j] + so;
          nextTouched[step.nextPos[j] - ns] = 1;
          for (let mods = 0; mods < MODS; mods++) {
            nextLayer[to + mods] += pHit[mods] * c;
          }
        }
      }
    }
    layer = nextLayer;
    touched = nextTouched;
  }
  let ev = 0, sq = 0;
  for (let s = 0; s < dist.length; s++) {
    ev += s * dist[s];
    sq += s * s * dist[s];
  }
  return {
    policy,
    model: model.name,
    ev,
    sd: Math.sqrt(Math.max(0, sq - ev * ev)),
    bust,
    flip7,
    distribution: dist,
    visited,
  };
}
