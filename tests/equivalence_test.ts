/**
 * The engine and the all94 model, equal card by card (issue 23, item 4): from
 * each model state, the engine is set to the same position — by replaying a
 * card sequence that reaches it on a stacked deck that holds nothing more
 * (`stackOnly`) — and stepped through every possible next card; the
 * positions it reaches and their probabilities (copies of the card in the
 * pile over the pile's size, compared as integers: exact rationals) must
 * equal the model's outcomes, under every action reading the model
 * implements. A position is the end of the round with its score, or the
 * line, modifiers, Second Chances (held, drawn, saved duplicates), Flip
 * Threes and Freezes drawn, and whether the next draw is forced — the hidden
 * part of a model state (what a Flip Three still owes) shows in the positions
 * further down, which the walk reaches too.
 *
 * `deno task test` walks every reachable state of small decks with all three
 * action kinds; `FLIP7_LONG=1` adds random walks on the real 94-card deck.
 * `chance-in-flip3=after-the-three` is played by the engine but not modelled,
 * so it is not here (tests/rulings_test.ts plays it on stacked decks).
 */
import assert from "node:assert/strict";
import {
  CHANCE,
  FLIP3,
  FREEZE,
  KINDS,
  NUMBER_KINDS,
  PLUS_OF_MASK,
  SUM_OF_MASK,
  X2_BIT,
} from "../lib/game/cards.ts";
import { Game } from "../lib/game/engine.ts";
import type { GameEvent } from "../lib/game/events.ts";
import {
  getRules,
  type Rules,
  withRules,
  withRulings,
} from "../lib/game/rules.ts";
import { applyRulings, DEFAULT_RULINGS } from "../lib/game/rulings.ts";
import type { ActionModel } from "../lib/solver/actions.ts";
import "../lib/solver/actions.ts";
import { BUST, FLIP7, getModel, NEXT, Outcomes } from "../lib/solver/model.ts";
import { modifiersInDeck } from "../lib/solver/solve.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { Rng } from "../lib/game/rng.ts";

/** Score of a line of number sum `sum` under modifiers `mods`. */
function stay(sum: number, mods: number): number {
  return (mods & X2_BIT ? 2 : 1) * sum + PLUS_OF_MASK[mods & 31];
}

/** A model state: core (exact packing), action mode, modifier mask. */
type State = [number, number, number];

/** The successors of a state: position -> copies, and the state behind a live one. */
type Step = {
  total: number;
  out: Map<string, { count: number; state: State | null }>;
};

/** The model's outcomes of one card from a state (through ActionModes' transitions). */
function modelStep(m: ActionModel, [core, mi, mods]: State): Step {
  const md = m.modes, base = m.base;
  const o = new Outcomes();
  base.outcomes(core, o);
  const tl = m.deck[FLIP3] - md.td[mi], fl = m.deck[FREEZE] - md.fd[mi];
  const avail = modifiersInDeck(base);
  const out = new Map<string, { count: number; state: State | null }>();
  let total = 0;
  const add = (count: number, pos: string, state: State | null) => {
    const e = out.get(pos);
    if (e) e.count += count;
    else out.set(pos, { count, state });
    total += count;
  };
  const to = (count: number, c: number, mode: number, mm: number) => {
    if (mode === md.bank) {
      add(count, `end:${stay(SUM_OF_MASK[base.mask(c)], mm)}`, null);
    } else {
      add(
        count,
        `live:${md.r[mode] > 0 ? 1 : 0}:${c}:${mm}:${md.td[mode]}:${
          md.fd[mode]
        }`,
        [c, mode, mm],
      );
    }
  };
  const t = md.advN[mi];
  for (let i = 0; i < o.n; i++) {
    const c = o.count[i];
    if (o.effect[i] === BUST) add(c, "end:0", null);
    else if (o.effect[i] === FLIP7) {
      add(c, `end:${stay(SUM_OF_MASK[o.next[i]], mods) + 15}`, null);
    } else if (o.effect[i] === NEXT) to(c, o.next[i], t, mods);
  }
  for (let f = avail & ~mods; f !== 0; f &= f - 1) {
    to(1, core, t, mods | (f & -f));
  }
  if (tl > 0) to(tl, core, md.advT[mi], mods);
  if (fl > 0) to(fl, core, md.advF[mi], mods);
  return { total, out };
}

/** Hits whenever asked, plays every action on itself; records whether it was asked. */
class Probe implements Strategy {
  readonly name = "probe";
  asked = false;
  hit(): boolean {
    this.asked = true;
    return true;
  }
  target(_v: TableView, seat: number): number {
    return seat;
  }
}

/** The engine's position after playing `cards` (and nothing more), with its pile. */
function engineAt(
  rules: Rules,
  m: ActionModel,
  cards: readonly number[],
): { pos: string; unseen: number[]; total: number } {
  const probe = new Probe();
  let snap: { pos: string; unseen: number[]; total: number } | null = null;
  const deck = rules.deck;
  const g: Game = new Game(rules, [probe], {
    seed: 1,
    stack: cards,
    stackOnly: true,
    listener: (e: GameEvent) => {
      if (e.type === "deal" || e.type === "draw") probe.asked = false;
      if (e.type !== "deck_exhausted") return;
      const unseen = Array.from({ length: KINDS }, (_, k) => g.unseenExact(k));
      const mask = g.lineMask(0);
      const saved = new Array<number>(NUMBER_KINDS).fill(0);
      for (let v = 0; v < NUMBER_KINDS; v++) {
        saved[v] = deck[v] - unseen[v] - ((mask >> v) & 1);
      }
      const core = m.base.pack(
        mask,
        deck[CHANCE] - unseen[CHANCE],
        g.hasChance(0),
        saved,
      );
      snap = {
        pos: `live:${probe.asked ? 0 : 1}:${core}:${g.modMask(0)}:${
          deck[FLIP3] - unseen[FLIP3]
        }:${deck[FREEZE] - unseen[FREEZE]}`,
        unseen,
        total: g.unseenExactTotal(),
      };
    },
  });
  const score = g.playRound()[0];
  assert.equal(g.checkConservation(), null);
  return snap ?? { pos: `end:${score}`, unseen: [], total: 0 };
}

/**
 * Compare the engine and the model from `state`, reached by `cards`: returns
 * the live successors (state and a card sequence reaching it).
 */
function compareAt(
  rules: Rules,
  m: ActionModel,
  state: State,
  cards: number[],
  where: string,
): [State, number[]][] {
  const want = modelStep(m, state);
  const here = engineAt(rules, m, cards);
  // the root is the deal (forced); elsewhere the engine's pile is the model's
  if (cards.length > 0) {
    assert.equal(here.total, want.total, `${where}: pile size at ${cards}`);
  }
  const got = new Map<string, { count: number; card: number }>();
  let total = 0;
  for (let k = 0; k < KINDS; k++) {
    const c = cards.length ? here.unseen[k] : rules.deck[k];
    if (!(c > 0)) continue;
    total += c;
    const { pos } = engineAt(rules, m, [...cards, k]);
    const e = got.get(pos);
    if (e) e.count += c;
    else got.set(pos, { count: c, card: k });
  }
  const show = (mp: Map<string, { count: number }>) =>
    [...mp].map(([p, e]) => `${p}×${e.count}`).sort().join(" ");
  assert.equal(total, want.total, `${where}: cards after ${cards}`);
  assert.equal(
    show(got),
    show(want.out),
    `${where}: after cards [${cards}] (model state ${state}, ${
      m.describe(state[0] << m.tdBits, state[2])
    }, mode ${m.modes.label[state[1]]})`,
  );
  const next: [State, number[]][] = [];
  for (const [pos, e] of want.out) {
    if (e.state) next.push([e.state, [...cards, got.get(pos)!.card]]);
  }
  return next;
}

/** The rulings of each case, and the rules the engine plays them with. */
const CASES: string[][] = [
  [],
  ["set-aside-order=forced-draws-first"],
  ["actions=immediate"],
  ["actions=immediate", "set-aside-order=forced-draws-first"],
  ["run-out=end-round", "ties=draw"],
];

function setup(counts: string, changes: string[]) {
  const rulings = applyRulings(DEFAULT_RULINGS, changes);
  const m = getModel("all94", counts, rulings) as ActionModel;
  const rules = withRulings(
    withRules(getRules("standard"), { name: "equivalence", deck: m.deck }),
    changes,
  );
  const root: State = [m.base.root, m.modes.free[0], 0];
  return { m, rules, root };
}

/** Every reachable state of a small deck, each compared once. */
function walkAll(counts: string, changes: string[]): number {
  const { m, rules, root } = setup(counts, changes);
  const seen = new Set<string>();
  const stack: [State, number[]][] = [[root, []]];
  let n = 0;
  while (stack.length) {
    const [st, cards] = stack.pop()!;
    const key = st.join(",");
    if (seen.has(key)) continue;
    seen.add(key);
    n++;
    for (const nx of compareAt(rules, m, st, cards, changes.join(" "))) {
      stack.push(nx);
    }
  }
  return n;
}

// numbers 0-6 (Flip 7 possible; 2 the one duplicate), a Second Chance, a
// Freeze, two Flip Threes: 12 cards, 5,608 states
const FLIP7_DECK =
  "12:0,11:0,10:0,9:0,8:0,7:0,6:1,5:1,4:1,3:1,2:2,+2:0,+4:0,+6:0,+8:0,+10:0,x2:0,chance:1,freeze:1,flip3:2";
// the three Freezes and three Flip Threes with numbers 0-4 and a Second
// Chance: nested Flip Threes with Freezes before and after (all 62 modes of
// the default reading), 12 cards, 3,319 states
const ACTIONS_DECK =
  "12:0,11:0,10:0,9:0,8:0,7:0,6:0,5:0,4:1,3:1,2:1,+2:0,+4:0,+6:0,+8:0,+10:0,x2:0,chance:1";

for (const changes of CASES) {
  Deno.test(
    `engine = all94 model, every state of two small decks: ${
      changes.join(" ") || "default rulings"
    }`,
    () => {
      for (const counts of [FLIP7_DECK, ACTIONS_DECK]) {
        const n = walkAll(counts, changes);
        assert.ok(n > 500, `${counts}: ${n} states`);
      }
    },
  );
}

Deno.test({
  name: "engine = all94 model on the real deck: random walks (FLIP7_LONG=1)",
  ignore: Deno.env.get("FLIP7_LONG") !== "1",
  fn() {
    for (const changes of CASES.slice(0, 3)) {
      const { m, rules, root } = setup("", changes);
      const rng = new Rng();
      rng.reseed(23, 0);
      let states = 0;
      for (let walk = 0; walk < 400; walk++) {
        let cur: [State, number[]] | undefined = [root, []];
        while (cur) {
          const next = compareAt(rules, m, cur[0], cur[1], "real deck");
          states++;
          cur = next.length ? next[rng.below(next.length)] : undefined;
        }
      }
      assert.ok(states > 2000, `${states} states`);
    }
  },
});
