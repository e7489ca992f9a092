/**
 * The decks of `deck-variants` (experiments/deck-variants.ts): the ladder
 * from numbers only to all 94 cards, then house variants.
 *
 * @module
 */

import type { ModelName } from "../../lib/solver/model.ts";

/**
 * One deck of the experiment.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const v: DeckVariant = { id: "numbers", label: "numbers only", model: "numbers", counts: "" };
 * assert.equal(v.model, DECK_VARIANTS[0].model);
 * ```
 */
export interface DeckVariant {
  /** Row id. */
  id: string;
  /** What the deck is. */
  label: string;
  /** Model (treatment of the action cards). */
  model: ModelName;
  /** `--deck-counts` on top of the model's own deck ("" for none). */
  counts: string;
  /** The card class this deck adds to the previous one in the ladder, if any. */
  adds?: string;
  /** The row this one adds a card class to. */
  from?: string;
  /** Kept in a quick run. */
  quick?: boolean;
}

/**
 * The decks: the ladder from numbers only to all 94 cards, then house
 * variants.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(DECK_VARIANTS.slice(0, 5).map((v) => v.id), [
 *   "numbers", "modifiers", "chance", "freeze", "all94",
 * ]);
 * assert.deepEqual(DECK_VARIANTS.filter((v) => v.quick).map((v) => v.id), ["numbers", "modifiers", "numbers-two-zeros"]);
 * ```
 */
export const DECK_VARIANTS: readonly DeckVariant[] = [
  {
    id: "numbers",
    label: "numbers only (79)",
    model: "numbers",
    counts: "",
    adds: "numbers",
    quick: true,
  },
  {
    id: "modifiers",
    label: "+ modifiers (85)",
    model: "modifiers",
    counts: "",
    adds: "modifiers",
    from: "numbers",
    quick: true,
  },
  {
    id: "chance",
    label: "+ Second Chance (88)",
    model: "exact",
    counts: "",
    adds: "Second Chance",
    from: "modifiers",
  },
  {
    id: "freeze",
    label: "+ Freeze (91)",
    model: "all94",
    counts: "flip3:0",
    adds: "Freeze",
    from: "chance",
  },
  {
    id: "all94",
    label: "+ Flip Three: all 94",
    model: "all94",
    counts: "",
    adds: "Flip Three",
    from: "freeze",
  },
  {
    id: "flip3-alone",
    label: "88 + Flip Three, no Freeze (91)",
    model: "all94",
    counts: "freeze:0",
    adds: "Flip Three without Freeze",
    from: "chance",
  },
  {
    id: "no-x2",
    label: "house: 88 without x2 (87)",
    model: "exact",
    counts: "x2:0",
    adds: "x2 (removed)",
    from: "chance",
  },
  {
    id: "two-zeros",
    label: "house: 88 with two 0s (89, seed 002's misprint)",
    model: "exact",
    counts: "0:2",
    adds: "a second 0",
    from: "chance",
  },
  {
    id: "numbers-two-zeros",
    label: "house: numbers with two 0s (80)",
    model: "numbers",
    counts: "0:2",
    adds: "a second 0",
    from: "numbers",
    quick: true,
  },
];
