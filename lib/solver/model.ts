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

import { InputError, lineScore, SUM_OF_MASK } from "../game/cards.ts";
import {
  DEFAULT_MODEL,
  MODEL_NAMES,
  type ModelName,
  type SoloModel,
} from "./space.ts";
import { DEFAULT_RULINGS, RULINGS, type Rulings } from "../game/rulings.ts";

import { baseDeck, checkDeck, withDeckCounts } from "./decks.ts";

import { ChanceModel } from "./chance_model.ts";

// the model vocabulary, re-exported where it was always imported from
export { ChanceModel } from "./chance_model.ts";
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
