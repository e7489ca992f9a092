/**
 * The rules as data: deck composition and the named presets.
 *
 * Every rule the engine, the solver and the strategies need is read from a
 * {@linkcode Rules} object; there is no other copy of the rules.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "./rules.ts";
 * const r = getRules("standard");
 * assert.equal(r.deck.reduce((a, b) => a + b, 0), 94);
 * ```
 * @module
 */

import {
  type CardTable,
  FLIP3,
  FLIP7_BONUS,
  FLIP7_LENGTH,
  FREEZE,
  InputError,
  STANDARD_CARDS,
  VENGEANCE_CARDS,
} from "./cards.ts";
import {
  applyRulings,
  DEFAULT_RULINGS,
  type Edition,
  EDITIONS,
  rulingChanges,
  type Rulings,
} from "./rulings.ts";

export type { Edition, Rulings } from "./rulings.ts";

/** How a tie at the top of the final totals is settled (the `ties` ruling). */
export type TieRule = Rulings["ties"];

/** A complete rule set. */
export interface Rules {
  /**
   * Preset name, followed by `+NAME=VALUE` for each ruling changed from the
   * preset's (e.g. `standard+set-aside-order=forced-draws-first`);
   * {@linkcode getRules} reads it back.
   */
  readonly name: string;
  /** The preset this rule set is (or was changed from). */
  readonly preset: string;
  /**
   * The edition: `flip7` (the official game) or `vengeance` (*Flip 7: With
   * a Vengeance*, whose modifiers are given to a player of the drawer's
   * choice and whose actions are discarded once played; docs/vengeance.md).
   * It chooses the rulings `--ruling` takes.
   */
  readonly edition: Edition;
  /** One-line description. */
  readonly summary: string;
  /** The card table: each kind's name, effect and parameter (`cards.ts`). */
  readonly cards: CardTable;
  /** Copies of each card kind in the deck, indexed by kind of {@linkcode Rules.cards}. */
  readonly deck: readonly number[];
  /** How many different numbers in a line make a Flip 7 (it ends the round). */
  readonly flip7Length: number;
  /** Points a Flip 7 adds to the round score. */
  readonly flip7Bonus: number;
  /** Every ruling where the official texts are silent or ambiguous (`rulings.ts`). */
  readonly rulings: Rulings;
  /**
   * True: a freshly shuffled full deck every round (no persistent deck).
   * Under the Vengeance edition it follows the `round-deck` ruling.
   */
  readonly freshDeckEachRound: boolean;
  /** The game ends after the round in which someone reaches this total. */
  readonly target: number;
  /** Smallest number of players allowed. */
  readonly minPlayers: number;
  /** Largest number of players allowed. */
  readonly maxPlayers: number;
}

/** The official 94-card deck (the counts of the official card table's rows). */
export const STANDARD_DECK: readonly number[] = STANDARD_CARDS.counts;

/** What every preset of the official edition shares: the official cards and scoring, 1 to 18 players. */
const OFFICIAL = {
  edition: "flip7",
  cards: STANDARD_CARDS,
  flip7Length: FLIP7_LENGTH,
  flip7Bonus: FLIP7_BONUS,
  minPlayers: 1,
  maxPlayers: 18,
} as const;

/** What every preset of the Vengeance edition shares: its cards and scoring, 1 to 18 players. */
const VENGEANCE = {
  edition: "vengeance",
  cards: VENGEANCE_CARDS,
  flip7Length: FLIP7_LENGTH,
  flip7Bonus: FLIP7_BONUS,
  minPlayers: 1,
  maxPlayers: 18,
} as const;

function without(deck: readonly number[], kinds: number[]): number[] {
  const d = deck.slice();
  for (const k of kinds) d[k] = 0;
  return d;
}

/** The named presets, in the order `flip7 rules` lists them. */
export const PRESETS: readonly Rules[] = [
  {
    name: "standard",
    summary:
      "The official rules (seeds 002-004): 94 cards, Freeze/Flip Three flipped during a Flip Three resolve after the three, persistent deck, 200 to end, ties at the top play on.",
    deck: STANDARD_DECK,
    preset: "standard",
    rulings: DEFAULT_RULINGS,
    freshDeckEachRound: false,
    target: 200,
    ...OFFICIAL,
  },
  {
    name: "immediate-actions",
    summary:
      "As standard, but a Freeze or Flip Three flipped during a Flip Three resolves at once (seed 000's simulator).",
    deck: STANDARD_DECK,
    preset: "immediate-actions",
    rulings: applyRulings(DEFAULT_RULINGS, ["actions=immediate"]),
    freshDeckEachRound: false,
    target: 200,
    ...OFFICIAL,
  },
  {
    name: "duel",
    summary:
      "Seed 001's game: the 79 number cards and 3 Second Chances only, two players, persistent deck, 200 to end, a tie is a draw.",
    deck: without(STANDARD_DECK, [
      ...STANDARD_CARDS.modifierKinds,
      FREEZE,
      FLIP3,
    ]),
    preset: "duel",
    rulings: applyRulings(DEFAULT_RULINGS, ["ties=draw"]),
    freshDeckEachRound: false,
    target: 200,
    ...OFFICIAL,
    minPlayers: 2,
    maxPlayers: 2,
  },
  {
    name: "solo-model",
    summary:
      "The exact solver's 88-card model deck (no Freeze, no Flip Three) and a freshly shuffled full deck every round.",
    deck: without(STANDARD_DECK, [FREEZE, FLIP3]),
    preset: "solo-model",
    rulings: DEFAULT_RULINGS,
    freshDeckEachRound: true,
    target: 200,
    ...OFFICIAL,
  },
  {
    name: "vengeance",
    summary:
      "Flip 7: With a Vengeance (2026): 108 cards, The Zero, Unlucky 7, Lucky 13, negative modifiers and a halving given to a player, Just One More, Flip Four, Swap, Steal, Discard; every ruling at its default (docs/vengeance.md).",
    deck: VENGEANCE_CARDS.counts,
    preset: "vengeance",
    rulings: DEFAULT_RULINGS,
    freshDeckEachRound: false,
    target: 200,
    ...VENGEANCE,
  },
  {
    name: "vengeance-go",
    summary:
      "The Vengeance edition as GitHub 2222-42/flip7_strategy (Go) plays it: a Flip 7 by ranks, Steal re-takes the thief's own card when no other shows, a tie at the top is a draw.",
    deck: VENGEANCE_CARDS.counts,
    preset: "vengeance-go",
    rulings: applyRulings(DEFAULT_RULINGS, [
      "flip7-count=ranks",
      "steal-own=yes",
      "ties=draw",
    ], "vengeance"),
    freshDeckEachRound: false,
    target: 200,
    ...VENGEANCE,
  },
  {
    name: "vengeance-cpp",
    summary:
      "The Vengeance edition as Eppie/flip-seven (C++) plays it: a fresh deck every round, no deal, actions in a Flip Four at once, only active players forced, Swap/Steal/Discard optional on numbers of others, special effects stay with who drew them.",
    deck: VENGEANCE_CARDS.counts,
    preset: "vengeance-cpp",
    rulings: applyRulings(DEFAULT_RULINGS, [
      "round-deck=fresh",
      "actions=immediate",
      "force-stayed=no",
      "take-that-cards=numbers-only",
      "take-that=optional",
      "discard-own=no",
      "special-transfer=stay-with-owner",
      "opening=first-turn",
    ], "vengeance"),
    freshDeckEachRound: true,
    target: 200,
    ...VENGEANCE,
  },
];

// the presets are shared by everything in the process: frozen, so that no
// caller (a policy module given the rules, say) can change them for the rest
for (const p of PRESETS) {
  Object.freeze(p.deck);
  Object.freeze(p);
}
Object.freeze(PRESETS);
Object.freeze(STANDARD_DECK);

/** Names of the presets. */
export const PRESET_NAMES: readonly string[] = PRESETS.map((p) => p.name);

/**
 * Look a preset up by name, optionally with rulings changed:
 * `PRESET+NAME=VALUE+...` (the form {@linkcode Rules.name} takes).
 *
 * @throws {InputError} naming the bad value and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(getRules("duel").maxPlayers, 2);
 * assert.equal(getRules("standard+ties=draw").rulings.ties, "draw");
 * assert.throws(() => getRules("nope"), /nope/);
 * ```
 */
export function getRules(name = "standard"): Rules {
  const [preset, ...changes] = name.split("+");
  const r = PRESETS.find((p) => p.name === preset);
  if (!r) {
    throw new InputError(
      `unknown rules preset '${preset}': allowed ${PRESET_NAMES.join(", ")}`,
    );
  }
  return changes.length ? withRulings(r, changes) : r;
}

/**
 * A rule set with some rulings changed (`NAME=VALUE`, see `rulings.ts`); its
 * name records the changes from its preset. With no change, `base` itself
 * is returned.
 *
 * @throws {InputError} for an unknown ruling or value.
 * @example
 * ```ts
 * withRulings(getRules(), ["set-aside-order=forced-draws-first"]).name;
 * // "standard+set-aside-order=forced-draws-first"
 * ```
 */
export function withRulings(base: Rules, changes: readonly string[]): Rules {
  const ed = base.edition;
  const rulings = applyRulings(base.rulings, changes, ed);
  const preset = PRESETS.find((p) => p.name === base.preset);
  const from = preset ? preset.rulings : DEFAULT_RULINGS;
  const diff = rulingChanges(from, rulings, ed);
  if (rulingChanges(base.rulings, rulings, ed).length === 0) return base;
  const root = base.name.split("+")[0];
  return {
    ...base,
    name: [root, ...diff].join("+"),
    rulings,
    freshDeckEachRound: ed === "vengeance"
      ? rulings.roundDeck === "fresh"
      : base.freshDeckEachRound,
  };
}

/**
 * The preset an edition plays by default: `standard` for the official one,
 * `vengeance` for *Flip 7: With a Vengeance* (`--edition`).
 *
 * @throws {InputError} for an unknown edition.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(editionPreset("vengeance").cards.kinds, 27);
 * assert.throws(() => editionPreset("deluxe"), /allowed flip7, vengeance/);
 * ```
 */
export function editionPreset(edition: string): Rules {
  if (!(EDITIONS as readonly string[]).includes(edition)) {
    throw new InputError(
      `unknown edition '${edition}': allowed ${EDITIONS.join(", ")}`,
    );
  }
  return getRules(edition === "flip7" ? "standard" : edition);
}

/**
 * A copy of a preset with some fields changed (for example a different target).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(withRules(getRules(), { target: 100 }).target, 100);
 * assert.equal(getRules().target, 200); // the preset is not changed
 * ```
 */
export function withRules(base: Rules, change: Partial<Rules>): Rules {
  return { ...base, ...change };
}

/** Total number of cards in a rule set's deck. */
export function deckSize(rules: Rules): number {
  let n = 0;
  for (const c of rules.deck) n += c;
  return n;
}

/**
 * Check a stacked deck against the preset's deck: each card must exist in the
 * deck, and no more copies may be stacked than the deck holds.
 *
 * @throws {InputError} naming the card and the number allowed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * checkStack(getRules("duel"), [12, 12]); // twelve 12s in the deck
 * assert.throws(() => checkStack(getRules("duel"), Array(13).fill(12)), /12/);
 * ```
 */
export function checkStack(rules: Rules, cards: readonly number[]): void {
  const names = rules.cards.names;
  const used = new Array<number>(rules.cards.kinds).fill(0);
  for (const k of cards) used[k]++;
  for (const k of cards) {
    if (used[k] > rules.deck[k]) {
      const held = rules.deck[k];
      throw new InputError(
        held === 0
          ? `card '${names[k]}' is not in the '${rules.name}' deck: allowed ${
            rules.deck.map((c, i) => c > 0 ? names[i] : "").filter((
              s,
            ) => s).join(", ")
          }`
          : `too many '${names[k]}' cards in the stacked deck: ${
            used[k]
          } given, the '${rules.name}' deck holds ${held}`,
      );
    }
  }
}
