/**
 * The rulings: every point where the official rule texts (seeds 002-004) are
 * silent or ambiguous, as a named switch with its allowed values, the
 * default, and for each value the text or implementation that reads the rule
 * so. A rules preset ({@linkcode ./rules.ts}) is a deck, a target, a player
 * range and a set of rulings; `--ruling NAME=VALUE` changes one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_RULINGS, parseRuling } from "./rulings.ts";
 * assert.equal(DEFAULT_RULINGS.setAsideOrder, "drawn");
 * assert.equal(parseRuling("set-aside-order=forced-draws-first").value, "forced-draws-first");
 * ```
 * @module
 */

import { InputError } from "./cards.ts";

/** The value of every ruling (field names are the camelCase of the ruling names). */
export interface Rulings {
  /** `deferred`: a Freeze or Flip Three flipped during a Flip Three waits until the three are done; `immediate`: it resolves at once. */
  readonly actions: "deferred" | "immediate";
  /** With deferred actions: `drawn`: set-aside cards resolve in the order flipped; `forced-draws-first`: every forced draw (stacked Flip Threes) before a set-aside Freeze. */
  readonly setAsideOrder: "drawn" | "forced-draws-first";
  /** `at-once`: a Second Chance flipped during a Flip Three can save at once; `after-the-three`: it is set aside with the actions. */
  readonly chanceInFlip3: "at-once" | "after-the-three";
  /** `reshuffle-once`: the discards are shuffled into a new pile at most once a round; `end-round`: no reshuffle, the round ends when the pile runs out. */
  readonly runOut: "reshuffle-once" | "end-round";
  /** `continue`: a tie at the top after the final round plays on; `draw`: the game is drawn. */
  readonly ties: "continue" | "draw";
  // the Vengeance edition's rulings (VENGEANCE_RULINGS); a rule set of the
  // official edition carries their defaults and no component reads them
  /** Vengeance: a Flip 7 is seven number `cards` (Lucky 13 and a 13 are two) or seven `ranks` (one). */
  readonly flip7Count: "cards" | "ranks";
  /** Vengeance: the deck `persist`s across rounds, or a `fresh` full deck every round. */
  readonly roundDeck: "persist" | "fresh";
  /** Vengeance: may Just One More and Flip Four be played on a player who stayed (`yes`) or only on active ones (`no`). */
  readonly forceStayed: "yes" | "no";
  /** Vengeance: Swap, Steal and Discard take `any-face-up` card (numbers and modifiers) or `numbers-only`. */
  readonly takeThatCards: "any-face-up" | "numbers-only";
  /** Vengeance: a drawn Swap, Steal or Discard with a legal card is `mandatory` or `optional`. */
  readonly takeThat: "mandatory" | "optional";
  /** Vengeance: may Discard take the player's own card. */
  readonly discardOwn: "yes" | "no";
  /** Vengeance: may Steal take the player's own card when no other player shows one. */
  readonly stealOwn: "no" | "yes";
  /** Vengeance: the effects of the Zero, Unlucky 7 and Lucky 13 `follow-card` when it moves, or `stay-with-owner` who drew it. */
  readonly specialTransfer: "follow-card" | "stay-with-owner";
  /** Vengeance: a round opens with one card `deal`t to each player, or each player's `first-turn`. */
  readonly opening: "deal" | "first-turn";
  /** Vengeance: may a player with no card in front stay. */
  readonly stayEmpty: "no" | "yes";
  /** Vengeance: Brutal Mode `off` or `on` (negative scores, modifiers on busted players, a Flip 7's 15 points as an attack). */
  readonly brutal: "off" | "on";
}

/**
 * The two editions: `flip7`, the official game of seeds 002-004 (2024), and
 * `vengeance`, *Flip 7: With a Vengeance* (2026). A rules object names its
 * edition; each edition has its own list of rulings
 * ({@linkcode EDITION_RULINGS}).
 */
export type Edition = "flip7" | "vengeance";

/** The editions, the official one first. */
export const EDITIONS: readonly Edition[] = ["flip7", "vengeance"];

/** One allowed value of a ruling and who reads the rule so. */
export interface RulingValue {
  /** The value as typed after `NAME=`. */
  readonly value: string;
  /** One line: which text or implementation reads the rule this way. */
  readonly source: string;
}

/** A named ruling: where the official texts are silent or ambiguous. */
export interface Ruling {
  /** The name typed in `--ruling NAME=VALUE`. */
  readonly name: string;
  /** The field of {@linkcode Rulings} it sets. */
  readonly key: keyof Rulings;
  /** What the ruling decides. */
  readonly summary: string;
  /** The allowed values, the default first. */
  readonly values: readonly RulingValue[];
}

/** `run-out`: the same ruling in both editions. */
const RUN_OUT_RULING: Ruling = {
  name: "run-out",
  key: "runOut",
  summary:
    "What happens when the draw pile runs out in a round (the texts say to shuffle the discards, and are silent on a second run-out).",
  values: [
    {
      value: "reshuffle-once",
      source:
        "Seeds 002 and 004 ('shuffle the discarded cards to form a new deck'), at most once a round; a second run-out ends the round, everyone active banking (our engine).",
    },
    {
      value: "end-round",
      source:
        "No reshuffle: the round ends when the pile runs out, everyone active banking (the solo models' reading: a round from one fresh deck).",
    },
  ],
};

/**
 * The rulings table, in the order `flip7 rules` lists it. The first value of
 * each is the default (the official texts where they speak, else our engine's
 * reading since its first version).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(RULINGS.map((r) => r.name).includes("ties"));
 * ```
 */
export const RULINGS: readonly Ruling[] = [
  {
    name: "actions",
    key: "actions",
    summary:
      "A Freeze or Flip Three flipped during a Flip Three: set aside until the three are done, or resolved at once.",
    values: [
      {
        value: "deferred",
        source:
          "Official: seed 004 ('set it aside and resolve it after the 3-card sequence'), seed 003, seed 002's FAQ.",
      },
      {
        value: "immediate",
        source:
          "Seed 000's simulator ('An action flipped during those three resolves immediately'); the immediate-actions preset.",
      },
    ],
  },
  {
    name: "set-aside-order",
    key: "setAsideOrder",
    summary:
      "With deferred actions, the order the set-aside Freezes and Flip Threes resolve in (the official texts are silent).",
    values: [
      {
        value: "drawn",
        source:
          "In the order flipped; a Freeze ends the turn at once, dropping what waits after it (our engine and solver; another implementation's owner ruled reveal order, issue 23).",
      },
      {
        value: "forced-draws-first",
        source:
          "Every forced draw first, stacked Flip Threes included, then the Freeze (Eppie/flip-seven's all-94 solver: 'a Freeze drawn during it is pending and Stays after the forced draws').",
      },
    ],
  },
  {
    name: "chance-in-flip3",
    key: "chanceInFlip3",
    summary:
      "A Second Chance flipped during a Flip Three: usable at once, or set aside with the actions until the three are done.",
    values: [
      {
        value: "at-once",
        source:
          "Seed 002's FAQ ('The Second Chance card may be set aside for your use immediately'); Eppie/flip-seven's solver; our engine and solver.",
      },
      {
        value: "after-the-three",
        source:
          "Set aside and resolved with the actions (Eppie/flip-seven's two-player engine, as issue 23 reports it).",
      },
    ],
  },
  RUN_OUT_RULING,
  {
    name: "ties",
    key: "ties",
    summary:
      "A tie at the top after the round in which someone reaches the target.",
    values: [
      {
        value: "continue",
        source:
          "Seeds 003 and 004 ('The player with the most points wins'): with no single most, play goes on (our reading).",
      },
      {
        value: "draw",
        source:
          "Seed 001's two-player game: a tie is a draw (the duel preset).",
      },
    ],
  },
];

/**
 * The Vengeance edition's rulings (docs/vengeance.md), in the order
 * `flip7 rules --edition vengeance` lists them: every point where the two
 * public implementations (GitHub 2222-42/flip7_strategy in Go, and
 * Eppie/flip-seven in C++) read the edition differently, with the source of
 * each value. The official rulebook is not among our sources; what reaches
 * us of it is quoted by the Go project's docs/vengeance/rules.md ("per Go").
 * `actions`, `run-out` and `ties` are the official edition's rulings,
 * reread for this one (`run-out` word for word).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(VENGEANCE_RULINGS.length, 14);
 * assert.equal(parseRuling("flip7-count=ranks", "vengeance").value, "ranks");
 * assert.throws(() => parseRuling("flip7-count=ranks"), /vengeance edition/);
 * ```
 */
export const VENGEANCE_RULINGS: readonly Ruling[] = [
  {
    name: "flip7-count",
    key: "flip7Count",
    summary:
      "A Flip 7 with Lucky 13 and another 13 in the line: seven number cards (the two 13s count twice) or seven ranks (once).",
    values: [
      {
        value: "cards",
        source:
          "Eppie/flip-seven (`ncards() == kFlip7Target`), michelecontessi/flip7, gjcodess/flip7-companion-mobile ('both count toward Flip 7'); Lucky 13's text per Go, 'Count toward the Flip 7 bonus'.",
      },
      {
        value: "ranks",
        source:
          "2222-42/flip7_strategy (`HasFlip7`: `DistinctRanks() >= 7`, its rules.md #2), reading the rulebook's 'seven different Number cards'.",
      },
    ],
  },
  {
    name: "round-deck",
    key: "roundDeck",
    summary:
      "The deck between rounds: the rest of it passes on (discards reshuffled when it runs out), or a fresh full deck every round.",
    values: [
      {
        value: "persist",
        source:
          "The rulebook per Go ('Set all cards from the round aside. Do not shuffle them back. Pass the remaining deck left'), as seeds 002 and 004; 2222-42/flip7_strategy, michelecontessi/flip7.",
      },
      {
        value: "fresh",
        source:
          "Eppie/flip-seven (`begin_round` deals from all 108 cards every round).",
      },
    ],
  },
  {
    name: "actions",
    key: "actions",
    summary:
      "An action or a modifier flipped during a Flip Four: set aside and resolved by its target after the four (dropped on a bust or a Flip 7), or resolved at once.",
    values: [
      {
        value: "deferred",
        source:
          "2222-42/flip7_strategy (`executeFlipFour`, its reading of the rulebook's Flip 4 clause), michelecontessi/flip7, gjcodess/flip7-companion-mobile ('resolve its queued Actions and Modifiers afterward in reveal order').",
      },
      {
        value: "immediate",
        source:
          "Eppie/flip-seven (`forced_flip_four`; its rules doc: 'action/modifier cards drawn during it resolve normally').",
      },
    ],
  },
  {
    name: "force-stayed",
    key: "forceStayed",
    summary:
      "Just One More and Flip Four: playable on a player who stayed (who then takes the cards and may bust), or on active players only.",
    values: [
      {
        value: "yes",
        source:
          "Go's rules.md ('Play on any player who has not busted, including yourself and anyone who stayed'); Eppie/flip-seven's rules doc; michelecontessi/flip7.",
      },
      {
        value: "no",
        source:
          "Eppie/flip-seven's engine (`forced_one_then_stay` and `forced_flip_four` act on an active target only).",
      },
    ],
  },
  {
    name: "take-that-cards",
    key: "takeThatCards",
    summary:
      "What Swap, Steal and Discard can take: any face-up card (numbers and modifiers), or number cards only.",
    values: [
      {
        value: "any-face-up",
        source:
          "Go's rules.md ('Number <-> Modifier is allowed (both are face-up cards)'); michelecontessi/flip7, gjcodess; Eppie/flip-seven's rules doc for Swap.",
      },
      {
        value: "numbers-only",
        source: "Eppie/flip-seven's engine (number slots only).",
      },
    ],
  },
  {
    name: "take-that",
    key: "takeThat",
    summary:
      "Whether a drawn Swap, Steal or Discard must be used when it has a legal card.",
    values: [
      {
        value: "mandatory",
        source:
          "gjcodess/flip7-companion-mobile ('Actions must be played if there is a valid target'); 2222-42/flip7_strategy's engine fallbacks (`FirstLegalSwapPair`, `fallbackCardRef`).",
      },
      {
        value: "optional",
        source:
          "Eppie/flip-seven (its naive policy declines Swap, Steal and Discard; its adversarial one a Swap that gains nothing).",
      },
    ],
  },
  {
    name: "discard-own",
    key: "discardOwn",
    summary: "Whether Discard may take one of the player's own cards.",
    values: [
      {
        value: "yes",
        source:
          "Go's rules.md ('Choose any non-busted player and one of their face-up cards'); michelecontessi/flip7, gjcodess.",
      },
      {
        value: "no",
        source: "Eppie/flip-seven (Discard targets opponents only).",
      },
    ],
  },
  {
    name: "steal-own",
    key: "stealOwn",
    summary:
      "Whether Steal may re-take one of the player's own cards when no other player shows one (it matters solo).",
    values: [
      {
        value: "no",
        source:
          "Every rule text read: a card of another player (Eppie/flip-seven's doc 'from another player', michelecontessi/flip7, gjcodess, Go's selector).",
      },
      {
        value: "yes",
        source:
          "2222-42/flip7_strategy's engine fallback (`fallbackCardRef`: the thief's own first face-up card, received again).",
      },
    ],
  },
  {
    name: "special-transfer",
    key: "specialTransfer",
    summary:
      "When a Steal or Swap moves (or a Discard removes) the Zero, Unlucky 7 or Lucky 13: its effect follows the card, or stays with the player who drew it.",
    values: [
      {
        value: "follow-card",
        source:
          "Go's rules.md #10-#11 (effects last while the card is held); michelecontessi/flip7 ('fanno effetto appena arrivano in mano ... e smettono appena se ne vanno').",
      },
      {
        value: "stay-with-owner",
        source:
          "Eppie/flip-seven's engine: the `zero` and `lucky13` flags stay with whoever drew the card; a moved Unlucky 7 is a plain 7.",
      },
    ],
  },
  {
    name: "opening",
    key: "opening",
    summary:
      "How a round opens: one card dealt to each player in turn before any decision, or each player's first turn (a player given cards before it decides).",
    values: [
      {
        value: "deal",
        source:
          "The rulebook per Go ('starting with the player on the Dealer's left'), as seeds 002-004; michelecontessi/flip7, gjcodess.",
      },
      {
        value: "first-turn",
        source:
          "Eppie/flip-seven (no deal: every player starts empty, so a first turn is a forced hit).",
      },
    ],
  },
  {
    name: "stay-empty",
    key: "stayEmpty",
    summary: "Whether a player with no card in front may stay.",
    values: [
      {
        value: "no",
        source:
          "The official game's rule (seeds 002 and 004: 'You may only Stay if you have at least 1 card'); no Vengeance text known.",
      },
      {
        value: "yes",
        source:
          "Go's rules.md ('Stay with an empty line ... is legal'); no published figure depends on it.",
      },
    ],
  },
  {
    name: "brutal",
    key: "brutal",
    summary:
      "Brutal Mode: round scores below zero, modifiers on busted players, a Flip 7's 15 points taken or taken off another player.",
    values: [
      {
        value: "off",
        source:
          "The standard rules (2222-42/flip7_strategy: 'Brutal Mode is an opt-in overlay'; Eppie/flip-seven has none).",
      },
      {
        value: "on",
        source:
          "The rulebook's page 7 per Go ('Your round score can go below zero' ...), with Go's readings B1-B8.",
      },
    ],
  },
  RUN_OUT_RULING,
  {
    name: "ties",
    key: "ties",
    summary:
      "A tie at the top after the round in which someone reaches the target.",
    values: [
      {
        value: "continue",
        source:
          "As the official game ('The player with the most points wins'); Eppie/flip-seven (`play_game` plays on).",
      },
      {
        value: "draw",
        source:
          "2222-42/flip7_strategy (`DetermineWinners`: every tied player wins, credited 1/k); gjcodess/flip7-companion-mobile.",
      },
    ],
  },
];

/**
 * Each edition's rulings: the ones `--ruling` takes under a rule set of
 * that edition.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(EDITION_RULINGS.flip7, RULINGS);
 * assert.ok(EDITION_RULINGS.vengeance.some((r) => r.name === "brutal"));
 * ```
 */
export const EDITION_RULINGS: Readonly<Record<Edition, readonly Ruling[]>> =
  Object.freeze({ flip7: RULINGS, vengeance: VENGEANCE_RULINGS });

/**
 * Every ruling at its default (both editions': the ones they share have the
 * same default).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(DEFAULT_RULINGS.actions, "deferred");
 * assert.equal(DEFAULT_RULINGS.flip7Count, "cards");
 * ```
 */
export const DEFAULT_RULINGS: Rulings = Object.freeze(
  Object.fromEntries(
    [...VENGEANCE_RULINGS, ...RULINGS].map((r) => [r.key, r.values[0].value]),
  ),
) as unknown as Rulings;

/** The names of the official edition's rulings. */
export const RULING_NAMES: readonly string[] = RULINGS.map((r) => r.name);

/**
 * Parse one `NAME=VALUE` of an edition's rulings (default the official
 * one's).
 *
 * @throws {InputError} naming the bad name or value and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(parseRuling("ties=draw").ruling.key, "ties");
 * assert.equal(parseRuling("brutal=on", "vengeance").value, "on");
 * ```
 */
export function parseRuling(
  text: string,
  edition: Edition = "flip7",
): { ruling: Ruling; value: string } {
  const eq = text.indexOf("=");
  const name = (eq < 0 ? text : text.slice(0, eq)).trim();
  const list = EDITION_RULINGS[edition];
  const ruling = list.find((r) => r.name === name);
  if (!ruling) {
    const other = EDITIONS.find((e) =>
      EDITION_RULINGS[e].some((r) => r.name === name)
    );
    throw new InputError(
      `unknown ruling '${name}' in '${text}'${
        other ? ` (a ruling of the ${other} edition)` : ""
      }: allowed ${list.map((r) => r.name).join(", ")} (as NAME=VALUE)`,
    );
  }
  const allowed = ruling.values.map((v) => v.value);
  const value = eq < 0 ? "" : text.slice(eq + 1).trim();
  if (!allowed.includes(value)) {
    throw new InputError(
      `bad value '${value}' for ruling '${name}': allowed ${
        allowed.join(", ")
      }`,
    );
  }
  return { ruling, value };
}

/**
 * Rulings with some `NAME=VALUE` changes applied, in order (a later one
 * wins); the names are the edition's (default the official one's).
 *
 * @throws {InputError} for an unknown name or value.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(applyRulings(DEFAULT_RULINGS, ["actions=immediate"]).actions, "immediate");
 * ```
 */
export function applyRulings(
  base: Rulings,
  changes: readonly string[],
  edition: Edition = "flip7",
): Rulings {
  const out: Record<string, string> = { ...base };
  for (const c of changes) {
    const { ruling, value } = parseRuling(c, edition);
    out[ruling.key] = value;
  }
  return Object.freeze(out) as unknown as Rulings;
}

/**
 * The `NAME=VALUE` of every ruling of an edition (default the official one)
 * that differs between `from` and `to`, in table order (empty when they
 * agree).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(rulingChanges(DEFAULT_RULINGS, { ...DEFAULT_RULINGS, ties: "draw" }), ["ties=draw"]);
 * ```
 */
export function rulingChanges(
  from: Rulings,
  to: Rulings,
  edition: Edition = "flip7",
): string[] {
  return EDITION_RULINGS[edition].filter((r) => from[r.key] !== to[r.key])
    .map((r) => `${r.name}=${to[r.key]}`);
}

/**
 * The ruling of a name in an edition (default the official one), for
 * one-line lookups in tables and tests.
 *
 * @throws {InputError} for an unknown name.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(rulingNamed("run-out").values.length, 2);
 * assert.equal(rulingNamed("take-that", "vengeance").values[0].value, "mandatory");
 * ```
 */
export function rulingNamed(name: string, edition: Edition = "flip7"): Ruling {
  const list = EDITION_RULINGS[edition];
  const r = list.find((x) => x.name === name);
  if (!r) {
    throw new InputError(
      `unknown ruling '${name}': allowed ${list.map((x) => x.name).join(", ")}`,
    );
  }
  return r;
}
