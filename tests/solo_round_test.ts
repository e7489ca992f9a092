/**
 * The runner's one-seat round without the engine (lib/run/solo_round.ts)
 * plays the engine's rounds: for every registry policy that plays solo, and
 * for a random policy and always-hit on decks that reach Flip 7s and Second
 * Chance saves, round `k` on stream `(seed, k)` gives the same score, the
 * same outcome, and every decision is asked on the same view (every read of
 * the TableView compared at every call).
 */
import assert from "node:assert/strict";
import { CHANCE, FLIP3, FREEZE, KINDS } from "../lib/game/cards.ts";
import { Game } from "../lib/game/engine.ts";
import { Rng } from "../lib/game/rng.ts";
import { getRules, withRules } from "../lib/game/rules.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { playRange } from "../lib/run/runner.ts";
import { SoloRound, soloRoundFits } from "../lib/run/solo_round.ts";

/** Everything a strategy can read of a view, as one string. */
function readAll(v: TableView): string {
  const unseen: number[] = [];
  for (let k = 0; k < KINDS; k++) {
    unseen.push(v.unseenTable(k), v.unseenExact(k));
  }
  return [
    v.players,
    v.round,
    v.firstOfRound(),
    v.lineMask(0),
    v.lineCount(0),
    v.numberSum(0),
    v.modMask(0),
    v.hasChance(0),
    v.cardsInFront(0),
    v.roundScore(0),
    v.total(0),
    v.isActive(0),
    v.seatStatus(0),
    v.unseenTableTotal(),
    v.unseenExactTotal(),
    v.rules.name,
    ...unseen,
  ].join(",");
}

/** `inner`, logging every view it is asked on. */
function recording(inner: Strategy, log: string[]): Strategy {
  return {
    name: inner.name,
    hit(v, seat) {
      log.push(readAll(v));
      return inner.hit(v, seat);
    },
    target: (v, seat, kind) => inner.target(v, seat, kind),
  };
}

/** A seeded coin: hit with probability p (the same decisions both ways). */
function coin(seed: number, p: number): () => Strategy {
  return () => {
    const rng = new Rng(seed);
    return { name: "coin", hit: () => rng.float() < p, target: (_v, s) => s };
  };
}

function compare(
  rulesName: string,
  rules: ReturnType<typeof getRules>,
  make: () => Strategy,
  rounds: number,
) {
  const engineLog: string[] = [], fastLog: string[] = [];
  const game = new Game(rules, [recording(make(), engineLog)], { seed: 5 });
  const fast = new SoloRound(rules, recording(make(), fastLog));
  assert.ok(soloRoundFits(rules, make()), rulesName);
  const outcomes = [0, 0, 0];
  const start = { seed: 5, stream: 0 };
  for (let k = 0; k < rounds; k++) {
    start.stream = k;
    game.newGame(start);
    const x = game.playRound()[0];
    const y = fast.play(5, k);
    assert.equal(y, x, `${rulesName} ${make().name}: round ${k}`);
    assert.equal(fast.outcome, game.lastRoundOutcome(0));
    outcomes[fast.outcome]++;
  }
  // the first difference only (a diff of thousands of lines takes minutes)
  const at = engineLog.findIndex((line, i) => fastLog[i] !== line);
  assert.equal(fastLog.length, engineLog.length, `${rulesName}: decisions`);
  assert.equal(
    at < 0 ? "" : fastLog[at],
    at < 0 ? "" : engineLog[at],
    `${rulesName} ${make().name}: the view at decision ${at}`,
  );
  return outcomes;
}

const SOLO = getRules("solo-model");
// 79 numbers without the 12s and 11s, all three Second Chances: Flip 7s and saves come often
const SMALL = withRules(SOLO, {
  deck: SOLO.deck.map((c, k) => (k === 11 || k === 12 ? 0 : c)),
});

Deno.test("solo rounds without the engine: every solo registry policy, the engine's rounds", () => {
  for (
    const spec of [
      "sum:16",
      "sum:25",
      "count:3",
      "count:6",
      "bust:0.25",
      "bustc:0.3",
      "bustsc:0.25",
      "bustscc:0.25",
      "bustscd:0.25",
      "ev",
      "evc",
      "endgame",
    ]
  ) {
    compare("solo-model", SOLO, () => makeStrategy(spec), 3000);
  }
});

Deno.test("solo rounds without the engine: Flip 7s, Second Chance saves, small decks", () => {
  const always = () => ({
    name: "always",
    hit: () => true,
    target: (_v: TableView, s: number) => s,
  });
  const o = compare("small", SMALL, always, 20000);
  assert.ok(o[2] > 100 && o[1] > 100, `outcomes ${o}`); // Flip 7s and busts both
  compare("solo-model", SOLO, always, 20000);
  compare("small", SMALL, coin(3, 0.8), 20000);
  compare("solo-model", SOLO, coin(4, 0.6), 20000);
});

Deno.test("solo rounds without the engine: only where it fits", () => {
  const s = makeStrategy("sum:20");
  assert.ok(!soloRoundFits(getRules("standard"), s));
  assert.ok(
    !soloRoundFits(
      withRules(SOLO, {
        deck: SOLO.deck.map((c, k) => (k === FREEZE ? 1 : c)),
      }),
      s,
    ),
  );
  assert.ok(
    !soloRoundFits(
      withRules(SOLO, { deck: SOLO.deck.map((c, k) => (k === FLIP3 ? 1 : c)) }),
      s,
    ),
  );
  // a deck too small to rule out running out of cards
  const tiny = SOLO.deck.map((c, k) => (k < 5 || k === CHANCE ? c : 0));
  assert.ok(!soloRoundFits(withRules(SOLO, { deck: tiny }), s));
  assert.ok(!soloRoundFits(SOLO, { ...s, hit: s.hit, newGame: () => {} }));
});

Deno.test("solo rounds without the engine: a round a strategy's throw cut short leaves the next one whole", () => {
  const sum20 = makeStrategy("sum:20");
  let calls = 0;
  const once: Strategy = {
    name: "sum:20, one throw",
    hit(v, seat) {
      if (++calls === 3) throw new Error("boom");
      return sum20.hit(v, seat);
    },
    target: (_v, s) => s,
  };
  const fast = new SoloRound(SOLO, once);
  assert.throws(() => {
    for (let k = 0; k < 10; k++) fast.play(1, k);
  }, /boom/);
  const ref = new SoloRound(SOLO, sum20);
  for (let k = 0; k < 500; k++) assert.equal(fast.play(1, k), ref.play(1, k));
});

Deno.test("the runner's one-seat rounds: the same accumulator through the engine and without", () => {
  for (const spec of ["sum:20", "bust:0.3", "ev"]) {
    const fast = playRange(
      {
        rules: "solo-model",
        policies: [spec],
        seed: 3,
        count: 5000,
        mode: "round",
      },
      100,
      5000,
    );
    // the engine's path: the same run with a strategy the fast path refuses (a newGame hook)
    const viaEngine = playRange(
      {
        rules: "solo-model",
        policies: [spec],
        seed: 3,
        count: 5000,
        mode: "round",
      },
      100,
      5000,
      (p) => {
        const s = makeStrategy(p);
        return {
          name: s.name,
          hit: s.hit.bind(s),
          target: s.target.bind(s),
          newGame: () => {},
        };
      },
    );
    assert.deepEqual(fast, viaEngine, spec);
  }
});
