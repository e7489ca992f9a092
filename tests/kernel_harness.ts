/**
 * The card-by-card comparison of the engine with the round kernel, shared by
 * tests/kernel_test.ts (the official card table) and tests/new_card_test.ts
 * (a table with cards the official deck lacks): see kernel_test.ts.
 */
import assert from "node:assert/strict";
import { Game } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import {
  EFFECT_CHANCE,
  EFFECT_DISCARD,
  EFFECT_FLIP,
  EFFECT_FREEZE,
  EFFECT_LUCKY,
  EFFECT_NUMBER,
  EFFECT_ONE_MORE,
  EFFECT_PLUS,
  EFFECT_STEAL,
  EFFECT_SWAP,
  EFFECT_TIMES,
  EFFECT_UNLUCKY,
  EFFECT_ZERO,
  unhandledEffect,
} from "../lib/game/cards.ts";
import { RoundKernel, type RoundState, RUN_OUT } from "../lib/game/kernel.ts";
import {
  getRules,
  type Rules,
  withRules,
  withRulings,
} from "../lib/game/rules.ts";
import { RULINGS } from "../lib/game/rulings.ts";
import { Rng } from "../lib/game/rng.ts";
import { STAYED, type Strategy } from "../lib/game/view.ts";
import type { Choice } from "../lib/game/view.ts";

/** A choice asked beyond the script: the engine stops there. */
class Pause {
  constructor(readonly options: readonly number[]) {}
}

/**
 * Hits the first `hits` times it is asked, then stays; plays every action
 * on itself; makes the `choices` given, in order, and pauses the engine at
 * the next choice.
 */
class Script implements Strategy {
  readonly name = "script";
  asked = 0;
  chosen = 0;
  constructor(readonly hits: number, readonly choices: readonly number[]) {}
  hit(): boolean {
    return this.asked++ < this.hits;
  }
  target(_v: unknown, seat: number): number {
    return seat;
  }
  choose(_v: unknown, _seat: number, c: Choice): number {
    if (this.chosen < this.choices.length) return this.choices[this.chosen++];
    throw new Pause(c.options);
  }
}

/** Where the engine stands after a stack of cards. */
export interface EngineAt {
  /** `end:HOW:SCORE` when the round ended before the cards ran out, else the live position. */
  readonly pos: string;
  /** The draw pile and the discards by kind when the cards ran out (live only). */
  readonly pile: number[];
  readonly discards: number[];
  /** The round's score at its end. */
  readonly score: number;
  /** The kinds of the cards taken, in order. */
  readonly drawn: number[];
  /** For each of them: whether it was one of a Flip Three's cards. */
  readonly forced: boolean[];
}

/** A live position's string, from counts by kind (shared by both sides). */
function live(
  asked: boolean | readonly number[],
  s: {
    stayed: boolean;
    line: number;
    mods: number;
    chance: boolean;
    front: number[];
    pile: readonly number[];
    discards: readonly number[];
    aside: number[];
    reshuffled: boolean;
    score: number;
  },
): string {
  const ask = typeof asked === "boolean" ? (asked ? 1 : 0) : `[${asked}]`;
  return `live asked=${ask} stayed=${
    s.stayed ? 1 : 0
  } line=${s.line} mods=${s.mods} chance=${
    s.chance ? 1 : 0
  } front=${s.front} pile=${s.pile} discards=${s.discards} aside=${s.aside} reshuffled=${
    s.reshuffled ? 1 : 0
  } score=${s.score}`;
}

/**
 * The engine after playing `cards` (hitting `hits` times when asked, then
 * staying; making the `choices` given, and stopping at the next choice).
 */
export function engineAt(
  rules: Rules,
  cards: readonly number[],
  hits = Infinity,
  choices: readonly number[] = [],
): EngineAt {
  const script = new Script(hits, choices);
  const deck = rules.deck, kinds = deck.length;
  let snap: string | null = null, pile: number[] = [], discards: number[] = [];
  let askedAtCard = 0, reshuffled = false, how = "";
  const snapshot = (asked: boolean | readonly number[]) => {
    assert.equal(g.checkConservation(), null);
    pile = Array.from({ length: kinds }, (_, k) => g.pileCount(k));
    discards = Array.from({ length: kinds }, (_, k) => g.discardCount(k));
    const front = Array.from(
      { length: kinds },
      (_, k) => deck[k] - g.unseenTable(k),
    );
    const aside = front.map((f, k) => deck[k] - f - pile[k] - discards[k]);
    snap = live(asked, {
      stayed: g.seatStatus(0) === STAYED,
      line: g.lineMask(0),
      mods: g.modMask(0),
      chance: g.hasChance(0),
      front,
      pile,
      discards,
      aside,
      reshuffled,
      score: g.roundScore(0),
    });
  };
  const drawn: number[] = [], forced: boolean[] = [];
  const g: Game = new Game(rules, [script], {
    seed: 1,
    stack: cards,
    stackOnly: true,
    listener: (e: GameEvent) => {
      switch (e.type) {
        case "deal":
        case "draw":
          drawn.push(rules.cards.kindOf(e.card));
          forced.push(e.type === "draw" && e.flip3);
          askedAtCard = script.asked;
          return;
        case "reshuffle":
          reshuffled = true;
          return;
        case "bust":
        case "flip7":
        case "stay":
        case "freeze":
          how = e.type;
          return;
        case "deck_exhausted":
          snapshot(script.asked > askedAtCard);
          return;
        default:
          return;
      }
    },
  });
  let score: number;
  try {
    score = g.playRound()[0];
    assert.equal(g.checkConservation(), null);
  } catch (e) {
    if (!(e instanceof Pause)) throw e;
    snapshot(e.options);
    score = g.roundScore(0);
  }
  return {
    pos: snap ?? `end:${how}:${score}`,
    pile,
    discards,
    score,
    drawn,
    forced,
  };
}

/** The kernel's position of a state (as {@linkcode engineAt} writes the engine's). */
export function kernelPos(k: RoundKernel, s: RoundState): string {
  if (s.end !== null) {
    return `end:${s.end === "run-out" ? "" : s.end}:${k.score(s)}`;
  }
  const t = k.cards;
  const front = t.effects.map((e, kind) => {
    switch (e) {
      case EFFECT_NUMBER:
      case EFFECT_ZERO:
      case EFFECT_UNLUCKY:
      case EFFECT_LUCKY:
        return ((s.line >> kind) & 1) + (s.bustCard === kind ? 1 : 0);
      case EFFECT_PLUS:
      case EFFECT_TIMES:
        return s.mods & t.modBit[kind] ? 1 : 0;
      case EFFECT_CHANCE:
        return s.chance ? 1 : 0;
      case EFFECT_FREEZE:
      case EFFECT_FLIP:
      case EFFECT_ONE_MORE:
      case EFFECT_SWAP:
      case EFFECT_STEAL:
      case EFFECT_DISCARD:
        return s.played[kind];
      default:
        return unhandledEffect(e);
    }
  });
  const aside = new Array<number>(t.kinds).fill(0);
  for (const f of s.program) for (const c of f.aside) if (c >= 0) aside[c]++;
  return live(s.node === "choose" ? k.options(s) : s.node === "decide", {
    stayed: s.stayed,
    line: s.line,
    mods: s.mods,
    chance: s.chance,
    front,
    pile: s.pile,
    discards: s.discards,
    aside,
    reshuffled: s.reshuffled,
    score: k.score(s),
  });
}

/** A walk's step: a kernel state, the cards that reach it, the hits and the choices made on the way. */
export type Step = {
  state: RoundState;
  cards: number[];
  hits: number;
  choices: number[];
};

/**
 * Compare the engine with the kernel at a non-terminal state: its
 * decision's stay, or its draw's outcomes and the positions they lead to.
 * Returns the successors to walk.
 */
export function compareAt(
  rules: Rules,
  k: RoundKernel,
  at: Step,
  where: string,
): Step[] {
  const { state: s, cards, hits, choices } = at;
  const path = `${where}: after [${
    cards.map((c) => k.cards.names[c])
  }] with ${hits} hits, choices [${choices}]`;
  if (s.node === "decide") {
    // stay: the round ends with what the line shows
    const stayed = k.apply(s, "stay");
    assert.equal(
      engineAt(rules, cards, hits, choices).pos,
      kernelPos(k, stayed),
      `${path}: stay`,
    );
    return [{ state: k.apply(s, "hit"), cards, hits: hits + 1, choices }];
  }
  if (s.node === "choose") {
    // the engine asks the same options; each leads where the kernel's does
    assert.equal(
      engineAt(rules, cards, Infinity, choices).pos,
      kernelPos(k, s),
      `${path}: the choice`,
    );
    return k.options(s).map((o) => {
      const next = k.apply(s, o), made = [...choices, o];
      assert.equal(
        engineAt(rules, cards, Infinity, made).pos,
        kernelPos(k, next),
        `${path}: option ${o}`,
      );
      return { state: next, cards, hits, choices: made };
    });
  }
  // a draw: the engine's next cards, each played, against the kernel's outcomes
  const here = engineAt(rules, cards, Infinity, choices);
  const want = k.outcomes(s);
  const got: { card: number; count: number; pos: string }[] = [];
  const pileTotal = here.pile.reduce((a, b) => a + b, 0);
  for (let c = 0; c < k.cards.kinds; c++) {
    const copies = pileTotal > 0 ? here.pile[c] : here.discards[c];
    if (!(copies > 0)) continue;
    let next: EngineAt;
    try {
      next = engineAt(rules, [...cards, c], Infinity, choices);
    } catch (e) {
      if (/is not in the pile/.test(String(e))) continue; // not drawable here
      throw e;
    }
    if (next.drawn[cards.length] !== c) continue; // no reshuffle: the round ended instead
    assert.equal(
      next.forced[cards.length],
      s.forced,
      `${path}: is card ${c} a forced one`,
    );
    got.push({ card: c, count: copies, pos: next.pos });
  }
  // no card could come: the round ends, the player banking
  if (got.length === 0) {
    got.push({ card: RUN_OUT, count: 1, pos: `end::${here.score}` });
  }
  const show = (xs: { card: number; count: number; pos: string }[]) =>
    xs.map((x) => `${x.card}×${x.count} → ${x.pos}`).join("\n");
  assert.equal(
    show(got),
    show(
      want.map((o) => ({
        card: o.card,
        count: o.count,
        pos: kernelPos(k, o.state),
      })),
    ),
    `${path} (${s.forced ? "forced" : "free"} draw)`,
  );
  return want.map((o) => ({
    state: o.state,
    cards: o.card === RUN_OUT ? cards : [...cards, o.card],
    hits,
    choices,
  }));
}

/** Every reachable state of the kernel from its start, each compared once; returns how many. */
export function walkAll(rules: Rules, where: string): number {
  const k = new RoundKernel(rules);
  const seen = new Set<string>();
  const todo: Step[] = [{
    state: k.initial(),
    cards: [],
    hits: 0,
    choices: [],
  }];
  let n = 0;
  while (todo.length) {
    const at = todo.pop()!;
    const key = k.key(at.state);
    if (seen.has(key)) continue;
    seen.add(key);
    n++;
    if (at.state.node !== "end") todo.push(...compareAt(rules, k, at, where));
  }
  return n;
}

/** Random walks from the start: at a decision, stay with probability 1/4. */
export function walkRandom(
  rules: Rules,
  walks: number,
  seed: number,
  where: string,
): number {
  const k = new RoundKernel(rules);
  const rng = new Rng();
  rng.reseed(seed, 0);
  let n = 0;
  for (let w = 0; w < walks; w++) {
    let at: Step | undefined = {
      state: k.initial(),
      cards: [],
      hits: 0,
      choices: [],
    };
    while (at && at.state.node !== "end") {
      const next = compareAt(rules, k, at, where);
      n++;
      if (at.state.node === "decide" && rng.below(4) === 0) break;
      at = next[rng.below(next.length)];
    }
  }
  return n;
}

/** A deck of the official table from `name:count` pairs (every other kind 0). */
export function deckOf(rules: Rules, counts: string): number[] {
  const d = new Array<number>(rules.cards.kinds).fill(0);
  for (const part of counts.split(",")) {
    const [name, c] = part.split(":");
    d[rules.cards.kindOf(name)] = Number(c);
  }
  return d;
}

/** The 16 combinations of the values of the rulings a round reads. */
export const ROUND_CASES: string[][] = (() => {
  const round = RULINGS.filter((r) => r.key !== "ties");
  let cases: string[][] = [[]];
  for (const r of round) {
    cases = cases.flatMap((c) =>
      r.values.map((v) => [...c, `${r.name}=${v.value}`])
    );
  }
  return cases;
})();

/** The rules of `deck` (the official table) under the rulings `changes`. */
export function rulesOf(deck: number[] | null, changes: string[]): Rules {
  const std = getRules("standard");
  const base = deck ? withRules(std, { name: "kernel-test", deck }) : std;
  return withRulings(base, changes);
}
