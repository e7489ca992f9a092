/**
 * The decks of the solo models: a deck with some kinds' counts replaced
 * (`--deck-counts`), the checks a model's deck must pass, each treatment's
 * own deck, and the labels and ids that name a deck in files and caches.
 * `model.ts` re-exports them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { baseDeck, deckLabel, modelId } from "./decks.ts";
 * assert.equal(deckLabel(baseDeck("all94")), "standard");
 * assert.equal(modelId("exact", baseDeck("exact")), "exact");
 * ```
 * @module
 */

import {
  CARD_EFFECTS,
  CARD_NAMES,
  type CardTable,
  EFFECT_CHANCE,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_NUMBER,
  EFFECT_PLUS,
  EFFECT_TIMES,
  FLIP3,
  FREEZE,
  InputError,
  KINDS,
  MODIFIERS,
  NUMBER_KINDS,
  parseCard,
  STANDARD_CARDS,
  unhandledEffect,
} from "../game/cards.ts";
import { STANDARD_DECK } from "../game/rules.ts";
import { fnv1a } from "../util/io.ts";
import type { ModelName } from "./space.ts";

/**
 * A deck with some kinds' counts replaced, from `K:N` pairs separated by
 * commas (`0:2,x2:0`; kinds as `flip7 rules` names them), by the official
 * card table or `table` (the Vengeance edition's names: `lucky13:0`).
 *
 * @throws {InputError} for a bad pair, an unknown kind or a count that is not
 *   a whole number.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * assert.equal(withDeckCounts(getRules("standard").deck, "0:2")[0], 2);
 * const v = getRules("vengeance");
 * assert.equal(withDeckCounts(v.deck, "lucky13:0", v.cards)[v.cards.kindOf("lucky13")], 0);
 * ```
 */
export function withDeckCounts(
  deck: readonly number[],
  counts: string,
  table: CardTable = STANDARD_CARDS,
): number[] {
  const d = deck.slice();
  const given = new Map<number, string>();
  for (const part of counts.split(",")) {
    const t = part.trim();
    const m = /^([^:]+):(-?\d+)$/.exec(t);
    if (!m) {
      throw new InputError(
        `bad --deck-counts entry '${t}': give KIND:COUNT pairs separated by commas, e.g. 0:2,x2:0`,
      );
    }
    const k = table === STANDARD_CARDS ? parseCard(m[1]) : table.kindOf(m[1]);
    // checked as written, before it becomes a number: 2^31 would wrap in the
    // solver's Int32 counts, 2^53 + 1 is not even a double
    const digits = m[2].replace(/^(-?)0+(?=\d)/, "$1");
    // (a negative count is named by checkDeck, with the kind)
    if (
      (!digits.startsWith("-") && digits.length > 7) ||
      Number(digits) > MAX_KIND_COUNT
    ) {
      throw new InputError(
        `bad --deck-counts entry '${t}': a count goes from 0 to ${MAX_KIND_COUNT}`,
      );
    }
    const before = given.get(k);
    if (before !== undefined) {
      throw new InputError(
        `bad --deck-counts: kind '${
          table.names[k]
        }' is given twice ('${before}' and '${t}'): give each kind once`,
      );
    }
    given.set(k, t);
    d[k] = Number(digits);
  }
  return d;
}

/**
 * Most copies of one kind a deck given by `--deck-counts` may hold (far
 * below 2^31, where the solver's Int32 counts and the packed draw piles
 * would wrap).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_KIND_COUNT, 1000000);
 * ```
 */
export const MAX_KIND_COUNT = 1_000_000;

/**
 * Refuse a deck a model cannot use: a negative count, no number card, a
 * modifier with more than one copy, or a kind the treatment leaves out.
 *
 * @throws {InputError} naming the bad value and what is allowed.
 * @example
 * ```ts
 * import { getRules } from "../game/rules.ts";
 * checkDeck([...getRules("standard").deck], "all94"); // ok
 * ```
 */
export function checkDeck(deck: readonly number[], name: ModelName): void {
  if (deck.length !== KINDS) {
    throw new InputError(
      `a deck of ${deck.length} kinds: the solo models take the official card table's ${KINDS}`,
    );
  }
  deck.forEach((c, k) => {
    if (!Number.isInteger(c) || c < 0 || c > MAX_KIND_COUNT) {
      throw new InputError(
        `bad count ${c} for '${
          CARD_NAMES[k]
        }': allowed whole numbers from 0 to ${MAX_KIND_COUNT}`,
      );
    }
  });
  let numbers = 0;
  for (let v = 0; v < NUMBER_KINDS; v++) numbers += deck[v];
  if (numbers === 0) {
    throw new InputError(
      `deck '${
        deckLabel(deck)
      }' has no number card: allowed decks with at least one`,
    );
  }
  for (const k of MODIFIERS) {
    if (deck[k] > 1) {
      throw new InputError(
        `bad count ${deck[k]} for '${
          CARD_NAMES[k]
        }': allowed 0 or 1 copy of each modifier`,
      );
    }
  }
  const allowed = (k: number) => keeps(name, k);
  deck.forEach((c, k) => {
    if (c > 0 && !allowed(k)) {
      throw new InputError(
        `card '${CARD_NAMES[k]}' is not part of the '${name}' model: allowed ${
          CARD_NAMES.filter((_, j) => allowed(j)).join(", ")
        } (use --model all94 for Freeze and Flip Three)`,
      );
    }
  });
  if (name !== "all94") return;
  if (deck[FREEZE] > MAX_ACTIONS || deck[FLIP3] > MAX_ACTIONS) {
    throw new InputError(
      `bad Freeze/Flip Three counts ${deck[FREEZE]}/${
        deck[FLIP3]
      }: allowed 0 to ${MAX_ACTIONS} of each`,
    );
  }
}

/**
 * Most copies of Freeze or of Flip Three an `all94` deck may hold (the
 * action modes grow quickly with them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_ACTIONS, 4);
 * ```
 */
export const MAX_ACTIONS = 4;

/**
 * Whether treatment `name` models kind `k`: read off the kind's effect and
 * parameter in the card table, so that a new effect fails to type-check here
 * until each treatment says whether it takes it. Every treatment takes the
 * numbers; `modifiers` adds the `+X` cards (X above 0: no floor on the
 * score) and a whole multiplier; `approx` and `exact` add the Second
 * Chance; `all94` takes every kind of the official deck, the Freeze and the
 * Flip N whose N its action modes were built for (`FLIP3_DRAWS`).
 */
function keeps(name: ModelName, k: number): boolean {
  const effect = CARD_EFFECTS[k], value = STANDARD_CARDS.values[k];
  switch (effect) {
    case EFFECT_NUMBER:
      return true;
    case EFFECT_PLUS:
      return name !== "numbers" && value > 0;
    case EFFECT_TIMES:
      return name !== "numbers" && Number.isInteger(value);
    case EFFECT_CHANCE:
      return name === "approx" || name === "exact" || name === "all94";
    case EFFECT_FREEZE:
      return name === "all94";
    case EFFECT_FLIP:
      return name === "all94" && k === FLIP3;
    default:
      return unhandledEffect(effect);
  }
}

/**
 * A deck written as `kind:count` for every kind that differs from `ref`
 * (default: the official deck), or `standard` when none does.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * assert.equal(deckLabel(getRules("standard").deck), "standard");
 * ```
 */
export function deckLabel(
  deck: readonly number[],
  ref: readonly number[] = STANDARD_DECK,
): string {
  const parts: string[] = [];
  deck.forEach((c, k) => {
    if (c !== ref[k]) parts.push(`${CARD_NAMES[k]}:${c}`);
  });
  return parts.length ? parts.join(",") : "standard";
}

/**
 * A model's id: its name on the treatment's own deck, else the name and a
 * hash of the deck (used in cache file names).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(modelId("exact", baseDeck("exact")), "exact");
 * ```
 */
export function modelId(name: ModelName, deck: readonly number[]): string {
  const own = baseDeck(name);
  return deck.every((c, k) => c === own[k]) ? name : `${name}-${deckId(deck)}`;
}

/** A file-name-safe id of a deck: 8 hex digits of an FNV-1a hash. */
function deckId(deck: readonly number[]): string {
  return fnv1a(deck.join(",")).toString(16).padStart(8, "0");
}

/**
 * The treatment's own deck: `numbers` the 79 numbers, `modifiers` with the
 * six modifiers, `approx`/`exact` the 88 cards without Freeze and Flip Three,
 * `all94` the whole official deck.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(baseDeck("numbers").reduce((a, b) => a + b, 0), 79);
 * ```
 */
export function baseDeck(name: ModelName): number[] {
  return STANDARD_DECK.map((c, k) => keeps(name, k) ? c : 0);
}
