/**
 * The solver's shared vocabulary, apart from the algorithms so that the
 * models, the DP and the forward passes import it without importing each
 * other: model names, the chance node of a Hit ({@linkcode Outcomes}), the
 * {@linkcode SoloModel} interface every model implements, the enumerated
 * state space ({@linkcode SoloSpace}) and what an exact evaluation returns.
 *
 * @module
 */

import type { Rules } from "../game/rules.ts";
import type { CoreIndex } from "./table.ts";

/**
 * Names of the solo models.
 *
 * @example
 * ```ts
 * const name: ModelName = "approx";
 * ```
 */
export type ModelName =
  | "approx"
  | "exact"
  | "numbers"
  | "modifiers"
  | "all94";
/**
 * The solo models, in the order help lists them; the default is `exact`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MODEL_NAMES.join(", "), "approx, exact, numbers, modifiers, all94");
 * ```
 */
export const MODEL_NAMES: readonly ModelName[] = [
  "approx",
  "exact",
  "numbers",
  "modifiers",
  "all94",
];
/**
 * The default model.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(getModel().name === DEFAULT_MODEL, true);
 * ```
 */
export const DEFAULT_MODEL: ModelName = "exact";

/**
 * Effect of a Hit outcome: go on to the state `next`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const m = getModel("numbers"); // the 79 number cards
 * const o = new Outcomes();
 * m.outcomes(m.root, o);
 * const i = o.kind.indexOf(12);
 * assert.equal(o.effect[i], NEXT); // a first 12 leads to core o.next[i]
 * ```
 */
export const NEXT = 0;
/**
 * Effect of a Hit outcome: bust, score 0.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const m = getModel("numbers"); // the 79 number cards
 * const o = new Outcomes();
 * m.outcomes(m.root, o);
 * const i = o.kind.indexOf(12);
 * m.outcomes(o.next[i], o); // holding the 12
 * assert.equal(o.effect[o.n - 1], BUST);
 * assert.equal(o.count[o.n - 1], 11); // the other eleven 12s bust you
 * ```
 */
export const BUST = 1;
/**
 * Effect of a Hit outcome: Flip 7, the round ends; `next` holds the 7-number mask.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // lineScore(o.next[i], mods, true) is banked: an effect of its own
 * assert.ok(![NEXT, BUST, BANK].includes(FLIP7));
 * ```
 */
export const FLIP7 = 2;
/**
 * Effect of a Hit outcome: a forced stay at the current score (a self-targeted Freeze).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // the current score is banked: an effect of its own
 * assert.ok(![NEXT, BUST, FLIP7].includes(BANK));
 * ```
 */
export const BANK = 3;

/**
 * Kind recorded for the grouped "any duplicate" bust outcome.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const m = getModel("numbers"); // the 79 number cards
 * const o = new Outcomes();
 * m.outcomes(m.root, o);
 * const i = o.kind.indexOf(12);
 * m.outcomes(o.next[i], o); // holding the 12
 * assert.equal(o.kind[o.n - 1], DUPLICATE); // the grouped bust outcome
 * ```
 */
export const DUPLICATE = 255;

/**
 * Largest number of outcomes of one chance node (a kind may split by effect).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(new Outcomes().kind.length === MAX_OUTCOMES, true);
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
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const o = new Outcomes();
 * getModel("exact").outcomes(getModel("exact").root, o);
 * assert.equal(o.n, 14); // thirteen numbers and the Second Chance
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
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const m: SoloModel = getModel("exact");
 * assert.equal(m.pileTotal(m.root, 0), 88);
 * ```
 */
export interface SoloModel {
  /** Model name (the treatment of the action cards). */
  readonly name: ModelName;
  /** Name and deck: the name for the treatment's own deck, else `name-<deck hash>` (cache file names). */
  readonly id: string;
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
  /**
   * The model's own solver, for models the generic DP cannot solve (the
   * action models); the cache calls it instead of `solve`.
   */
  solveDecisions?(): {
    space: SoloSpace;
    hit: Uint8Array;
    ev: number;
    seconds: number;
  };
  /** The model's own state space, for models `buildSpace` cannot enumerate. */
  space?(): SoloSpace;
  /**
   * The model's own forward pass, for models `forward.ts` cannot walk: of a
   * decision table (`decide` null) or a rule, or the lumped pass of a rule
   * (`lumped`: null when the rule tells masks of a modifier class apart).
   */
  forwardEvaluate?(
    decide: Decider | null,
    table: Uint8Array | null,
    policy: string,
    lumped?: boolean,
  ): Evaluation | null;
  /** Cards in front of the player beyond the line (Flip Threes played on it). */
  actionsInFront?(core: number): number;
}

/**
 * The reachable states of a model.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { spaceOf } from "./solve.ts";
 * import { getModel } from "./model.ts";
 * const sp: SoloSpace = spaceOf(getModel("approx"));
 * assert.equal(sp.cores[sp.rootSlot] === sp.model.root, true);
 * ```
 */
export interface SoloSpace {
  /** The model. */
  readonly model: SoloModel;
  /** Reachable core keys, ascending; `cores[slot]`. */
  readonly cores: Int32Array;
  /** Core key to slot. */
  readonly index: CoreIndex;
  /** Slot of the pre-deal core. */
  readonly rootSlot: number;
  /**
   * Reachable states once the first card is out: every (core, mods) pair
   * except the pre-deal state (seed 000's count of 1,834,239 for `approx`).
   */
  readonly states: number;
  /** Seconds spent enumerating. */
  readonly seconds: number;
}

/**
 * The exact outcome of a policy over one round.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { solve } from "./solve.ts";
 * import { getModel } from "./model.ts";
 * import { evaluateDecider } from "./forward.ts";
 * const sp = solve(getModel("approx")).space;
 * const e: Evaluation = evaluateDecider(sp, () => true, "always hit");
 * assert.ok(Math.abs(e.bust + e.flip7 - 1) < 1e-9); // hitting forever ends in a bust or a Flip 7
 * ```
 */
export interface Evaluation {
  /** The policy spec. */
  policy: string;
  /** The model. */
  model: ModelName;
  /** Expected round score. */
  ev: number;
  /** Standard deviation of the round score. */
  sd: number;
  /** Probability of busting (a fraction). */
  bust: number;
  /** Probability of a Flip 7 (a fraction). */
  flip7: number;
  /** `distribution[s]`: probability that the round scores `s` (busts count as 0). */
  distribution: Float64Array;
  /** Reachable states the policy visits with positive probability. */
  visited: number;
}

/**
 * Decides Hit (true) or Stay at state `(slot, mods)`; forced draws are not asked.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel, numberSumOf } from "./model.ts";
 * import { solve } from "./solve.ts";
 * const sp = solve(getModel("approx")).space;
 * const stayOn20: Decider = (slot, _mods) => numberSumOf(sp.model, sp.cores[slot]) < 20;
 * assert.equal(stayOn20(sp.rootSlot, 0), true); // nothing yet: hit
 * ```
 */
export type Decider = (slot: number, mods: number) => boolean;
