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
 * import { getModel, Outcomes } from "./model.ts";
 * const m = getModel("approx");
 * const o = new Outcomes();
 * m.outcomes(m.root, o); // the 88 cards of a fresh deck, grouped by effect
 * o.total + 6; // 88
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
} from "../cards.ts";
import { getRules, type Rules } from "../rules.ts";

/**
 * Names of the solo models.
 *
 * @example
 * ```ts
 * const name: ModelName = "approx";
 * ```
 */
export type ModelName = "approx" | "exact";
/**
 * The solo models, in the order help lists them; the default is `exact`.
 *
 * @example
 * ```ts
 * MODEL_NAMES.join(", "); // "approx, exact"
 * ```
 */
export const MODEL_NAMES: readonly ModelName[] = ["approx", "exact"];
/**
 * The default model.
 *
 * @example
 * ```ts
 * getModel().name === DEFAULT_MODEL; // true
 * ```
 */
export const DEFAULT_MODEL: ModelName = "exact";

/**
 * Effect of a Hit outcome: go on to the state `next`.
 *
 * @example
 * ```ts
 * o.effect[i] === NEXT; // the outcome leads to core o.next[i]
 * ```
 */
export const NEXT = 0;
/**
 * Effect of a Hit outcome: bust, score 0.
 *
 * @example
 * ```ts
 * o.effect[i] === BUST; // o.count[i] copies bust you
 * ```
 */
export const BUST = 1;
/**
 * Effect of a Hit outcome: Flip 7, the round ends; `next` holds the 7-number mask.
 *
 * @example
 * ```ts
 * o.effect[i] === FLIP7; // lineScore(o.next[i], mods, true) is banked
 * ```
 */
export const FLIP7 = 2;
/**
 * Effect of a Hit outcome: a forced stay at the current score (a self-targeted Freeze).
 *
 * @example
 * ```ts
 * o.effect[i] === BANK; // the current score is banked
 * ```
 */
export const BANK = 3;

/**
 * Kind recorded for the grouped "any duplicate" bust outcome.
 *
 * @example
 * ```ts
 * o.kind[i] === DUPLICATE; // the grouped bust outcome
 * ```
 */
export const DUPLICATE = 255;

/**
 * Largest number of outcomes of one chance node (a kind may split by effect).
 *
 * @example
 * ```ts
 * new Outcomes().kind.length === MAX_OUTCOMES; // true
 * ```
 */
export const MAX_OUTCOMES = 40;

/**
 * The chance node of a Hit from one core, filled by {@linkcode SoloModel.outcomes}.
 * Modifiers are not listed: each modifier kind of the deck not held has one
 * copy and leads to core {@linkcode Outcomes.modNext} (the same core, unless
 * drawing changes it, e.g. a draw a Flip Three owes) with its bit set, so a
 * Hit from `(core, mods)` has `total + (modifiers in the deck not held)`
 * equally likely cards.
 *
 * @example
 * ```ts
 * const o = new Outcomes();
 * getModel("exact").outcomes(getModel("exact").root, o);
 * o.n; // 14: thirteen numbers and the Second Chance
 * ```
 */
export class Outcomes {
  /** Number of outcomes filled. */
  n = 0;
  /** Copies of the non-modifier cards in the draw pile. */
  total = 0;
  /** The core a modifier card leads to (with its bit added to `mods`). */
  modNext = 0;
  /** Card kind of each outcome. */
  readonly kind: Uint8Array = new Uint8Array(MAX_OUTCOMES);
  /** Copies of that kind in the draw pile. */
  readonly count: Int32Array = new Int32Array(MAX_OUTCOMES);
  /** {@linkcode NEXT}, {@linkcode BUST}, {@linkcode FLIP7} or {@linkcode BANK}. */
  readonly effect: Uint8Array = new Uint8Array(MAX_OUTCOMES);
  /** The next core (NEXT) or the final number mask (FLIP7). */
  readonly next: Int32Array = new Int32Array(MAX_OUTCOMES);

  /** Append one outcome. */
  push(kind: number, count: number, effect: number, next: number): void {
    const i = this.n++;
    this.kind[i] = kind;
    this.count[i] = count;
    this.effect[i] = effect;
    this.next[i] = next;
    this.total += count;
  }
}

/**
 * A single-player model of one round: the state packing and the chance node of a Hit.
 *
 * @example
 * ```ts
 * const m: SoloModel = getModel("exact");
 * m.pileTotal(m.root, 0); // 88
 * ```
 */
export interface SoloModel {
  /** Model name. */
  readonly name: ModelName;
  /** One line describing the model. */
  readonly summary: string;
  /** The assumptions, one sentence each (printed by `solve` and in the README). */
  readonly assumptions: readonly string[];
  /** The rules preset whose deck the model uses (and the engine plays for a cross-check). */
  readonly rules: Rules;
  /** Copies of each card kind in the model's deck. */
  readonly deck: readonly number[];
  /** Core keys are below `2 ** coreBits`. */
  readonly coreBits: number;
  /** True when the cores are few and small enough to index densely. */
  readonly dense: boolean;
  /** Core of the pre-deal state (with mods 0: no card yet). */
  readonly root: number;
  /** Largest possible round score (length of a score distribution minus 1). */
  readonly maxScore: number;
  /** A version stamp of the state layout and rules, part of the cache's staleness check. */
  readonly signature: string;
  /** Number mask of a core. */
  mask(core: number): number;
  /** Second Chances drawn so far. */
  chancesDrawn(core: number): number;
  /** True when holding a Second Chance. */
  holding(core: number): boolean;
  /** Saved duplicates of number `v` that left the deck (always 0 in `approx`). */
  saved(core: number, v: number): number;
  /** Copies of `kind` in the draw pile at `(core, mods)`. */
  pile(core: number, mods: number, kind: number): number;
  /** Cards in the draw pile at `(core, mods)`. */
  pileTotal(core: number, mods: number): number;
  /** Fill `o` with the chance node of a Hit from `core` (modifiers implicit, see {@linkcode Outcomes}). */
  outcomes(core: number, o: Outcomes): void;
  /** True when the player must hit (the deal; draws a Flip Three still owes). */
  forced(core: number, mods: number): boolean;
  /**
   * The core for a line and its history, or -1 when it is malformed (whether
   * it is reachable is for the state space to say). `saved[v]` counts
   * duplicates of `v` saved by a Second Chance (must be all 0 in `approx`).
   */
  pack(
    mask: number,
    drawn: number,
    holding: boolean,
    saved?: ArrayLike<number>,
  ): number;
  /** A readable description of a state, e.g. `5 7 12 | x2 | chance (2 drawn) | saved 7`. */
  describe(core: number, mods: number): string;
}

// ---- multisets of saved duplicates ----------------------------------------

/** Smallest number that can be duplicated (0 and 1 have one copy each). */
const MIN_DUP = 2;
/** At most three Second Chances, so at most three saves. */
const MAX_SAVES = 3;

/**
 * The multisets of at most three values from 2..12, ordered by size and then
 * lexicographically, so that adding a value always raises the index.
 */
const MULTISETS: number[][] = (() => {
  const out: number[][] = [[]];
  for (let size = 1; size <= MAX_SAVES; size++) {
    const rec = (from: number, acc: number[]) => {
      if (acc.length === size) {
        out.push(acc.slice());
        return;
      }
      for (let v = from; v < NUMBER_KINDS; v++) {
        acc.push(v);
        rec(v, acc);
        acc.pop();
      }
    };
    rec(MIN_DUP, []);
  }
  return out;
})();

/** `MS_COUNT[i * 13 + v]`: copies of `v` in multiset `i`. */
const MS_COUNT: Uint8Array = (() => {
  const t = new Uint8Array(MULTISETS.length * NUMBER_KINDS);
  MULTISETS.forEach((ms, i) => {
    for (const v of ms) t[i * NUMBER_KINDS + v]++;
  });
  return t;
})();

/** `MS_SIZE[i]`: size of multiset `i`. */
const MS_SIZE: Uint8Array = Uint8Array.from(MULTISETS.map((m) => m.length));

function msIndexOf(values: number[]): number {
  const key = values.slice().sort((a, b) => a - b).join(",");
  return MULTISETS.findIndex((m) => m.join(",") === key);
}

/** `MS_ADD[i * 13 + v]`: index of multiset `i` plus `v`, or -1. */
const MS_ADD: Int16Array = (() => {
  const t = new Int16Array(MULTISETS.length * NUMBER_KINDS).fill(-1);
  MULTISETS.forEach((ms, i) => {
    if (ms.length >= MAX_SAVES) return;
    for (let v = MIN_DUP; v < NUMBER_KINDS; v++) {
      t[i * NUMBER_KINDS + v] = msIndexOf([...ms, v]);
    }
  });
  return t;
})();

/**
 * Number of saved-duplicate multisets (364).
 *
 * @example
 * ```ts
 * MULTISET_COUNT; // 364 = 1 + 11 + 66 + 286
 * ```
 */
export const MULTISET_COUNT: number = MULTISETS.length;

// ---- the two Second Chance models -------------------------------------------

const U_BIT = 1;
const C_SHIFT = 1;
const MASK_SHIFT = 3;
const MS_SHIFT = 16;
const SOLO_RULES = "solo-model";
const LAYOUT_VERSION = 1;

/**
 * The 88-card solo model with Second Chance, in two variants: `approx` leaves a
 * saved duplicate in the deck (seed 000), `exact` takes it out, as the rules do.
 */
class ChanceModel implements SoloModel {
  readonly rules: Rules = getRules(SOLO_RULES);
  readonly deck: readonly number[] = this.rules.deck;
  readonly coreBits: number;
  readonly dense: boolean;
  readonly root: number = U_BIT; // no card, no chance drawn, not holding
  readonly maxScore: number;
  readonly signature: string;
  private readonly chances: number;
  private readonly deckTotal: number;

  constructor(
    readonly name: ModelName,
    readonly summary: string,
    readonly assumptions: readonly string[],
    private readonly removeSaved: boolean,
  ) {
    this.coreBits = removeSaved ? 25 : 16;
    this.dense = !removeSaved;
    this.chances = this.deck[CHANCE];
    this.deckTotal = this.deck.reduce((a, b) => a + b, 0);
    // seven largest numbers doubled, all +X cards, the Flip 7 bonus
    this.maxScore = 2 * (12 + 11 + 10 + 9 + 8 + 7 + 6) + 30 + 15;
    this.signature = `${name}/layout${LAYOUT_VERSION}/deck:${
      this.deck.join(",")
    }`;
    if (
      this.deck[FREEZE] !== 0 || this.deck[FLIP3] !== 0 ||
      this.chances > MAX_SAVES
    ) {
      throw new Error(
        "the Second Chance models need a deck without Freeze and Flip Three",
      );
    }
  }

  mask(core: number): number {
    return (core >>> MASK_SHIFT) & 0x1fff;
  }
  chancesDrawn(core: number): number {
    return (core >>> C_SHIFT) & 3;
  }
  holding(core: number): boolean {
    return (core & U_BIT) === 0;
  }
  saved(core: number, v: number): number {
    return MS_COUNT[(core >>> MS_SHIFT) * NUMBER_KINDS + v];
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
    return 0;
  }

  pileTotal(core: number, mods: number): number {
    const mask = this.mask(core);
    let t = this.deckTotal;
    t -= COUNT_OF_MASK[mask] + COUNT_OF_MASK[mods] + this.chancesDrawn(core);
    return t - MS_SIZE[core >>> MS_SHIFT];
  }

  outcomes(core: number, o: Outcomes): void {
    o.n = 0;
    o.total = 0;
    o.modNext = core;
    const mask = this.mask(core);
    const ms = core >>> MS_SHIFT;
    const holding = (core & U_BIT) === 0;
    const seventh = COUNT_OF_MASK[mask] === 6;
    const deck = this.deck;
    let bust = 0;
    for (let v = 0; v < NUMBER_KINDS; v++) {
      const bit = 1 << v;
      if ((mask & bit) === 0) {
        if (deck[v] > 0) {
          if (seventh) o.push(v, deck[v], FLIP7, mask | bit);
          else o.push(v, deck[v], NEXT, core + (bit << MASK_SHIFT));
        }
        continue;
      }
      const copies = deck[v] - 1 - MS_COUNT[ms * NUMBER_KINDS + v];
      if (copies <= 0) continue;
      if (!holding) {
        bust += copies;
      } else if (this.removeSaved) {
        // the Second Chance and the duplicate both leave: u becomes 1, v joins the saved multiset
        const ms2 = MS_ADD[ms * NUMBER_KINDS + v];
        o.push(v, copies, NEXT, ((core & 0xffff) | U_BIT) | (ms2 << MS_SHIFT));
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
    const ms = values.length ? msIndexOf(values) : 0;
    return (holding ? 0 : U_BIT) | (drawn << C_SHIFT) | (mask << MASK_SHIFT) |
      (ms << MS_SHIFT);
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
    const saved = MULTISETS[core >>> MS_SHIFT];
    if (saved.length) parts.push(`saved ${saved.join(" ")}`);
    return parts.join(" | ");
  }
}

const MODELS: Record<ModelName, () => SoloModel> = {
  approx: () =>
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
    ),
  exact: () =>
    new ChanceModel(
      "exact",
      "The true solo rule: as approx, but a duplicate saved by a Second Chance leaves the deck with it.",
      [
        "One player alone, one round, from a freshly shuffled deck.",
        "The 88-card deck: the 94 cards without the three Freezes and three Flip Threes (a solo player would pass them on).",
        "A Second Chance drawn while holding one is discarded (nobody to pass it to).",
        "When a Second Chance saves you, it and the duplicate are both discarded: the state tracks the saved duplicates (up to 3).",
        "You may stay whenever you have a card in front of you; the first card is forced.",
      ],
      true,
    ),
};

const modelCache = new Map<ModelName, SoloModel>();

/**
 * A solo model by name (`approx` or `exact`; default `exact`).
 *
 * @throws {InputError} naming the bad value and the allowed ones.
 * @example
 * ```ts
 * getModel("approx").dense; // true
 * ```
 */
export function getModel(name: string = DEFAULT_MODEL): SoloModel {
  if (!(MODEL_NAMES as readonly string[]).includes(name)) {
    throw new InputError(
      `unknown model '${name}': allowed ${MODEL_NAMES.join(", ")}`,
    );
  }
  const n = name as ModelName;
  let m = modelCache.get(n);
  if (!m) {
    m = MODELS[n]();
    modelCache.set(n, m);
  }
  return m;
}

/**
 * Score of staying at `(core, mods)` (no Flip 7).
 *
 * @example
 * ```ts
 * const m = getModel("approx");
 * stayScore(m, m.pack(1 << 5, 0, false), 32); // 10: 5 doubled
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
 * const m = getModel("approx");
 * numberSumOf(m, m.pack(0b1100, 0, false)); // 5
 * ```
 */
export function numberSumOf(model: SoloModel, core: number): number {
  return SUM_OF_MASK[model.mask(core)];
}
