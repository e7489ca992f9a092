/**
 * The round kernel's vocabulary (`kernel.ts`): its states, nodes, outcomes
 * and decisions, and the solo treatments — how a lone player's round treats
 * what the rules leave to the other players — as a named table like the
 * rulings'.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_TREATMENTS, SOLO_TREATMENTS } from "./kernel_state.ts";
 * assert.equal(SOLO_TREATMENTS.length, 6);
 * assert.equal(DEFAULT_TREATMENTS.ownCard, "choose");
 * ```
 * @module
 */

/**
 * How a lone player's round treats what the rules leave to the other
 * players: named, so that a model can say which it uses. The first value of
 * each is the engine's (a solo table plays it so).
 */
export interface SoloTreatments {
  /**
   * A Freeze, Flip N or Just One More: `self`, played on the player (the
   * only active player must take it, seeds 002-004; the engine's rule for
   * one seat).
   */
  readonly actionTarget: "self";
  /**
   * A Second Chance drawn while holding one: `discard` (it goes to another
   * active player without one, and there is none; the engine's rule).
   */
  readonly spareChance: "discard";
  /**
   * The duplicate a Second Chance saves: `discard` with the Second Chance
   * (the rules), or `back-in-deck` (seed 000's approximation, the `approx`
   * model: the Second Chance is discarded, the duplicate goes back into the
   * draw pile).
   */
  readonly savedDuplicate: "discard" | "back-in-deck";
  /**
   * A Vengeance modifier: `self`, kept (the only player not bust must keep
   * it).
   */
  readonly modifierTarget: "self";
  /** A Vengeance Swap: `no-effect` (it needs two players' cards). */
  readonly swap: "no-effect";
  /**
   * A Vengeance Steal or Discard of the player's own card (`steal-own=yes`,
   * `discard-own=yes`): `choose`, a decision node over its face-up cards
   * (and declining it, `take-that=optional`); or `go-order`, the Go
   * project's fixed preference (Discard: the Zero, then `/2`, then the
   * largest negative, then the lowest number, Lucky 13 last; Steal:
   * Unlucky 7 if held, else the first card, which changes nothing).
   */
  readonly ownCard: "choose" | "go-order";
}

/**
 * The solo treatments as a table, like the rulings' (`rulings.ts`): each
 * treatment's values and who reads it so, the default first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(SOLO_TREATMENTS.map((t) => t.key).slice(0, 3), ["actionTarget", "spareChance", "savedDuplicate"]);
 * assert.deepEqual(DEFAULT_TREATMENTS, { actionTarget: "self", spareChance: "discard", savedDuplicate: "discard", modifierTarget: "self", swap: "no-effect", ownCard: "choose" });
 * ```
 */
export const SOLO_TREATMENTS: readonly {
  readonly key: keyof SoloTreatments;
  readonly summary: string;
  readonly values: readonly { value: string; source: string }[];
}[] = [
  {
    key: "actionTarget",
    summary:
      "Whom a Freeze, Flip N or Just One More is played on in a solo round.",
    values: [{
      value: "self",
      source:
        "The only active player must take it (seeds 002-004; the Vengeance rulebook per Go); the engine with one seat; the all94 model.",
    }],
  },
  {
    key: "spareChance",
    summary: "A Second Chance drawn while holding one, in a solo round.",
    values: [{
      value: "discard",
      source:
        "Passed to another active player without one, else discarded (seeds 002-004); alone there is none. Every solo model.",
    }],
  },
  {
    key: "savedDuplicate",
    summary: "The duplicate number a Second Chance saves.",
    values: [
      {
        value: "discard",
        source:
          "Discarded with the Second Chance (seeds 002-004); the engine; every solo model but approx.",
      },
      {
        value: "back-in-deck",
        source:
          "Seed 000's solver: the Second Chance is used up, the duplicate stays in the deck (the approx model).",
      },
    ],
  },
  {
    key: "modifierTarget",
    summary: "Whom a Vengeance modifier goes to in a solo round.",
    values: [{
      value: "self",
      source:
        "The rulebook per Go: 'If you are the only player who hasn't busted, you must keep it'; the engine with one seat.",
    }],
  },
  {
    key: "swap",
    summary: "A Vengeance Swap in a solo round.",
    values: [{
      value: "no-effect",
      source:
        "It exchanges cards of two different players: alone it is discarded with no effect (Go, the engine).",
    }],
  },
  {
    key: "ownCard",
    summary:
      "Which of its own cards a lone player steals (steal-own=yes) or discards (discard-own=yes).",
    values: [
      {
        value: "choose",
        source:
          "The player chooses (the engine asks the strategy): a decision node of the round.",
      },
      {
        value: "go-order",
        source:
          "2222-42/flip7_strategy's fixed preference (`discardValue`; Steal's fallback, the first face-up card).",
      },
    ],
  },
];

/** The engine's treatments (the first value of each). */
export const DEFAULT_TREATMENTS: SoloTreatments = Object.freeze({
  actionTarget: "self",
  spareChance: "discard",
  savedDuplicate: "discard",
  modifierTarget: "self",
  swap: "no-effect",
  ownCard: "choose",
});

/** A decision of the player: draw a card, or stop and bank. */
export type Decision = "hit" | "stay";

/** The outcome of a draw node when no card is left to draw: the round ends. */
export const RUN_OUT: number = -1;

/**
 * What kind of node a state is: `draw` (a chance node: the next card,
 * `RoundKernel.outcomes`), `decide` (the player hits or stays,
 * `RoundKernel.legal`), `choose` (the player picks one of its cards for a
 * Vengeance Steal or Discard, `RoundKernel.options`), or `end` (terminal,
 * `RoundKernel.score`).
 */
export type NodeKind = "draw" | "decide" | "choose" | "end";

/** How a round ended: bust, a Flip 7, stayed, frozen, or the cards ran out. */
export type RoundEnd = "bust" | "flip7" | "stay" | "freeze" | "run-out";

/**
 * One forced sequence in progress (innermost last in
 * {@linkcode RoundState.program}): a Flip N's cards, or a Just One More's
 * (`oneMore`: taking effect at once, the player staying after them); the
 * cards it still owes, the cards set aside during it (their kinds in the
 * order flipped, -1 once resolved), and where its resolution stands.
 */
export interface Frame {
  /** A Just One More's cards (else a Flip N's). */
  readonly oneMore: boolean;
  /** Cards still to flip in the current run of forced draws. */
  readonly owed: number;
  /** The set-aside cards, in the order flipped (-1: resolved). */
  readonly aside: readonly number[];
  /**
   * `draw`: flipping its cards; `first`: resolving its set-aside Flip Ns
   * before the rest (`set-aside-order=forced-draws-first`), the cards of
   * one being flipped while `owed` is above 0; `resolve`: resolving the
   * set-aside cards in order.
   */
  readonly stage: "draw" | "first" | "resolve";
  /** The next set-aside card to look at (in `first` and `resolve`). */
  readonly pos: number;
}

/** A Vengeance Steal or Discard waiting for the player's choice. */
export interface Pending {
  /** Which card asks. */
  readonly type: "steal" | "discard";
  /** The options: the player's face-up cards (kinds; `view.ts`'s card refs of seat 0), maybe DECLINE (-1). */
  readonly options: readonly number[];
}

/**
 * A state of a solo round. Counts are by kind of the rules' card table;
 * a state is frozen, and `RoundKernel.key` names it.
 */
export interface RoundState {
  /** What the state is: a chance node, a decision, a choice, or the end. */
  readonly node: NodeKind;
  /** At a draw node: the card is a forced one (a Flip N's or a Just One More's; else the deal or a hit). */
  readonly forced: boolean;
  /** The draw pile, by kind. */
  readonly pile: readonly number[];
  /** The discards, by kind. */
  readonly discards: readonly number[];
  /** True once the discards were shuffled into a new pile this round. */
  readonly reshuffled: boolean;
  /** The numbers of the line (bit k: number kind k). */
  readonly line: number;
  /** The modifiers in front (bit i: the table's modifier kind `modifierKinds[i]`). */
  readonly mods: number;
  /** A Second Chance in front. */
  readonly chance: boolean;
  /** The Freezes and Flip Ns played on the player, by kind (the official edition: they lie in front). */
  readonly played: readonly number[];
  /** The number kind that busted the player, -1 if none. */
  readonly bustCard: number;
  /** How the round ended (null while it goes on). */
  readonly end: RoundEnd | null;
  /** The forced sequences in progress, innermost last (empty at a decision). */
  readonly program: readonly Frame[];
  /** The effects kept under `special-transfer=stay-with-owner` (the engine's FX_ZERO 1, FX_LUCKY 2); 0 otherwise. */
  readonly fx: number;
  /** The player stayed (by a Just One More) while forced cards are still to come. */
  readonly stayed: boolean;
  /** At a choose node: the choice asked (else null). */
  readonly choice: Pending | null;
}

/** One outcome of a draw node: a card (or {@linkcode RUN_OUT}), its copies, and the state it leads to. */
export interface Outcome {
  /** The card's kind, or {@linkcode RUN_OUT}. */
  readonly card: number;
  /** Copies of it the draw can be: its probability is `count / total`. */
  readonly count: number;
  /** The state after it (the program run on to the next node). */
  readonly state: RoundState;
}

/** A mutable copy of a state while a card takes effect. */
export interface Work {
  pile: number[];
  discards: number[];
  reshuffled: boolean;
  line: number;
  mods: number;
  chance: boolean;
  played: number[];
  bustCard: number;
  end: RoundEnd | null;
  program: {
    oneMore: boolean;
    owed: number;
    aside: number[];
    stage: Frame["stage"];
    pos: number;
  }[];
  fx: number;
  stayed: boolean;
  choice: Pending | null;
}

/** A mutable copy of a state. */
export function thaw(s: RoundState): Work {
  return {
    pile: s.pile.slice(),
    discards: s.discards.slice(),
    reshuffled: s.reshuffled,
    line: s.line,
    mods: s.mods,
    chance: s.chance,
    played: s.played.slice(),
    bustCard: s.bustCard,
    end: s.end,
    program: s.program.map((f) => ({ ...f, aside: f.aside.slice() })),
    fx: s.fx,
    stayed: s.stayed,
    choice: s.choice,
  };
}

/** The state of a work copy at a node. */
export function finish(w: Work, node: NodeKind, forced: boolean): RoundState {
  return freeze({
    node,
    forced,
    pile: w.pile,
    discards: w.discards,
    reshuffled: w.reshuffled,
    line: w.line,
    mods: w.mods,
    chance: w.chance,
    played: w.played,
    bustCard: w.bustCard,
    end: w.end,
    program: w.program,
    fx: w.fx,
    stayed: w.stayed,
    choice: w.choice,
  });
}

/** Freeze a state and everything in it. */
export function freeze(s: RoundState): RoundState {
  Object.freeze(s.pile);
  Object.freeze(s.discards);
  Object.freeze(s.played);
  for (const f of s.program) {
    Object.freeze(f.aside);
    Object.freeze(f);
  }
  Object.freeze(s.program);
  if (s.choice) {
    Object.freeze(s.choice.options);
    Object.freeze(s.choice);
  }
  return Object.freeze(s);
}

/** Set bits of a mask. */
export function popCount(m: number): number {
  let c = 0;
  for (; m !== 0; m &= m - 1) c++;
  return c;
}
