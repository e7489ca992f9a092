/**
 * Win-probability play: the table format, the round DP (its laws, its
 * first-order modifiers against a recursion), the continuation laws, the best response (symmetry, dominance,
 * exact values, the earlier bug reproduced), `winprob`'s fast decisions
 * against its full DP, the search's leaves, deterministic training, whole
 * games under duel and standard, the experiment's chunking, `decide` input.
 * `FLIP7_LONG=1` adds the full-size best response (W(0,0) = 0.559345).
 */
import assert from "node:assert/strict";
import {
  COUNT_OF_MASK,
  FLIP3,
  FLIP7_BONUS,
  FREEZE,
  InputError,
  MODIFIER_KINDS,
  modifierBit,
  MODS,
  PLUS10,
  STANDARD_CARDS,
  X2,
} from "../lib/game/cards.ts";
import { defaultTarget, flipThreeTarget } from "../lib/strategies/targeting.ts";
import { getRules } from "../lib/game/rules.ts";
import { Game } from "../lib/game/engine.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { SearchStrategy } from "../lib/winprob/search_strategy.ts";
import { ADAPT_MODELS, AdaptiveStrategy } from "../lib/winprob/adaptive.ts";
import {
  WinProbCore,
  WinProbStrategy,
} from "../lib/winprob/winprob_strategy.ts";
import { bestResponse, opponentLaw } from "../lib/winprob/bestresponse.ts";
import {
  ContinuationLaws,
  IDENTITY_UTILITY,
  NUMBERS_DECK,
  RoundSolver,
} from "../lib/winprob/rounddp.ts";
import { SearchCore } from "../lib/winprob/search.ts";
import { WTable } from "../lib/winprob/table.ts";
import { trainTableSync } from "../lib/run/train.ts";
import { DecideView } from "../cli/commands/decide.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { Rng } from "../lib/game/rng.ts";
import { playBatchChunk, runAll } from "../lib/run/runner.ts";

Deno.test("win table: binary round trip, checksum refuses damage, padded lookup", () => {
  const w = WTable.symmetric(20, 2, 0.25);
  w.data[7] = 0.75;
  const bytes = w.encode();
  const back = WTable.decode(bytes);
  assert.deepEqual(Array.from(back.data), Array.from(w.data));
  assert.equal(back.value(25, 3, 0), 1);
  assert.equal(back.value(20, 20, 1), 0.5);
  const bad = bytes.slice();
  bad[bad.length - 1] ^= 1;
  assert.throws(() => WTable.decode(bad), InputError);
  assert.throws(() => WTable.decode(bytes.slice(0, 30)), InputError);
  for (const s of [0, 1]) {
    const p = back.padded(s);
    for (let a = 0; a < back.stride; a += 7) {
      for (let b = 0; b < back.stride; b += 5) {
        assert.equal(p[a * back.stride + b], Math.fround(back.value(a, b, s)));
      }
    }
  }
});

Deno.test("round DP: a law that sums to 1 and whose mean is the value (18.565...)", () => {
  const g = new RoundSolver();
  const v = g.solve(IDENTITY_UTILITY, 0, false, NUMBERS_DECK, 0, true);
  const d = new ContinuationLaws(g).law(0, 0);
  let s = 0, m = 0;
  d.forEach((p, x) => {
    s += p;
    m += p * x;
  });
  assert.ok(Math.abs(s - 1) < 1e-12);
  assert.ok(Math.abs(m - v) < 1e-9);
  assert.equal(v.toFixed(9), "18.565217614");
  assert.equal(d.findLastIndex((p) => p > 0), 62); // its top score (bestResponse zeroAbove)
});

/** The modifier-aware round model by plain recursion (a test oracle for RoundSolver). */
function bruteValue(
  u: Float64Array,
  m: number,
  ch: number,
  pile: number[],
  md: number,
  mods: number[],
): number {
  const t = STANDARD_CARDS, stay = u[t.score(m, md, 0)];
  let n = 0, dup = 0;
  for (let v = 0; v < 13; v++) {
    n += pile[v];
    if (m & (1 << v)) dup += pile[v];
  }
  if (n === 0) return stay;
  let h = 0;
  for (let v = 0; v < 13; v++) {
    if (pile[v] === 0 || m & (1 << v)) continue;
    if (COUNT_OF_MASK[m] === 6) {
      h += pile[v] * u[t.score(m | (1 << v), md, FLIP7_BONUS)];
      continue;
    }
    pile[v]--;
    h += (pile[v] + 1) * bruteValue(u, m | (1 << v), ch, pile, md, mods);
    pile[v]++;
  }
  if (dup > 0) h += dup * (ch ? bruteValue(u, m, 0, pile, md, mods) : u[0]);
  // a modifier the line lacks, drawn: the staying utility it adds (first order)
  mods.forEach((c, i) => {
    if (!(md & (1 << i))) h += c * (u[t.score(m, md | (1 << i), 0)] - stay);
  });
  return Math.max(stay, h / n);
}

Deno.test("RoundSolver with modifiers left: equals the recursion of the same model, and never below the numbers-only value", () => {
  const rng = new Rng(6, 0);
  const r = new RoundSolver();
  const u = new Float64Array(256);
  for (let x = 0; x < 256; x++) {
    u[x] = 1 - Math.exp(-x / 25) + (x > 40 ? 0.1 : 0);
  }
  let checked = 0;
  for (let trial = 0; trial < 60; trial++) {
    // a small pile keeps the recursion short
    const pile = NUMBERS_DECK.map((c) => rng.below(Math.min(c, 2) + 1));
    let m = 0;
    for (let v = 0; v < 13; v++) if (rng.below(3) === 0) m |= 1 << v;
    if (COUNT_OF_MASK[m] >= 7) continue;
    for (let v = 0; v < 13; v++) {
      if (m & (1 << v)) pile[v] = Math.min(pile[v], 1);
    }
    const ch = rng.below(2);
    const md = rng.below(MODS);
    const mods = Array.from({ length: MODIFIER_KINDS }, () => rng.below(2));
    const h = r.solve(u, m, ch === 1, pile, md, false, mods);
    const got = Math.max(r.stay, h);
    const want = bruteValue(u, m, ch, pile.slice(), md, mods);
    assert.ok(Math.abs(got - want) < 1e-12, `${got} vs ${want}`);
    const plain = r.solve(u, m, ch === 1, pile, md);
    assert.ok(h >= plain - 1e-12 || h === -Infinity);
    // no modifier left: the plain solve
    assert.equal(
      r.solve(u, m, ch === 1, pile, md, false, mods.map(() => 0)),
      plain,
    );
    checked++;
  }
  assert.ok(checked > 40);
});

Deno.test("continuation laws: each sums to 1, means equal the maximiser's exact value; codes score with the modifiers", () => {
  const L = ContinuationLaws.get();
  const g = new RoundSolver();
  for (const m of [0, 1 << 7, (1 << 12) | (1 << 3), 0b1011011, 0b111110]) {
    for (const ch of [0, 1]) {
      const key = (m << 1) | ch;
      let s = 0, mean = 0;
      for (let i = L.start[key]; i < L.start[key + 1]; i++) {
        s += L.prob[i];
        mean += L.prob[i] * L.scores[L.code[i]];
      }
      assert.ok(Math.abs(s - 1) < 1e-12);
      assert.ok(Math.abs(mean - L.mean(key, 0)) < 1e-9);
      const pile = NUMBERS_DECK.map((c, v) => c - ((m >> v) & 1));
      g.solve(IDENTITY_UTILITY, m, ch === 1, pile, 0, m === 0 && ch === 0);
      assert.ok(Math.abs(g.value[key] - mean) < 1e-9);
    }
  }
  // a bust scores 0 whatever the modifiers; a bank is doubled then plussed
  const md = modifierBit(X2) | modifierBit(PLUS10), at = md * L.width;
  assert.equal(L.scores[at + L.bustCode], 0);
  assert.equal(L.scores[at + 30], 70);
  assert.equal(L.scores[at + L.f7Code + 30], 70 + FLIP7_BONUS);
});

Deno.test("continuation laws of sum:N from the empty line are the best response's opponent law of sum:N", () => {
  for (const n of [20, 37]) {
    const L = ContinuationLaws.get(n), want = opponentLaw(n);
    const got = L.law(0, 0);
    for (let y = 0; y < 256; y++) {
      assert.ok(Math.abs(got[y] - want[y]) < 1e-12, `sum:${n} at ${y}`);
    }
    // a line at or past N stays
    assert.equal(L.hit[((1 << 12) | (1 << 11) | (1 << 10) | (1 << 9)) << 1], 0);
  }
});

Deno.test("best response: self-play is exactly one half, the response dominates it, exact small-target values", () => {
  const self = bestResponse({ target: 40, selfPlay: true });
  assert.ok(Math.abs(self.w00 - 0.5) < 1e-12);
  const br = bestResponse({ target: 40 });
  assert.ok(br.w00 > 0.5);
  for (let a = 0; a < 40; a += 3) {
    for (let b = 0; b < 40; b += 3) {
      assert.ok(br.table.get(a, b, 0) >= self.table.get(a, b, 0) - 1e-6);
    }
  }
  // pinned exact values (target 60)
  assert.equal(bestResponse({ target: 60 }).w00.toFixed(9), "0.592443666");
  const lossy = bestResponse({ target: 60, ties: "loss" }).w00;
  const winny = bestResponse({ target: 60, ties: "win" }).w00;
  assert.ok(lossy < 0.592443666 && 0.592443666 < winny);
  // seeing the opponent's round first is worth more
  assert.ok(bestResponse({ target: 40, sees: true }).w00 > br.w00);
});

Deno.test({
  name:
    "best response at target 200: W(0,0) = 0.559345 (public solver 0.5593); the earlier 0.5563 was a bug",
  ignore: Deno.env.get("FLIP7_LONG") !== "1",
  fn() {
    assert.equal(bestResponse().w00.toFixed(6), "0.559345");
    assert.equal(bestResponse({ zeroAbove: 62 }).w00.toFixed(6), "0.556319");
  },
});

/** Decision states of real games (a duel and a standard game of ev players). */
function collectStates(
  rules: string,
  visit: (v: TableView, seat: number) => void,
  games = 30,
): void {
  const ev = makeStrategy("ev");
  const s: Strategy = {
    name: "probe",
    hit: (v, seat) => {
      visit(v, seat);
      return ev.hit(v, seat);
    },
    target: (v, seat, k) => ev.target(v, seat, k),
  };
  const g = new Game(getRules(rules), [s, s], { seed: 12 });
  for (let i = 0; i < games; i++) {
    g.newGame({ stream: i });
    g.playGame();
  }
}

Deno.test("winprob: the fast decision (bound, kept policy) is always the full DP's", () => {
  const br = bestResponse({ target: 200 / 4 }).table; // any table will do
  const table = new WTable(200, 1, new Float32Array(200 * 200));
  for (let a = 0; a < 200; a++) {
    for (let b = 0; b < 200; b++) {
      table.data[a * 200 + b] = br.value(a >> 2, b >> 2, 0);
    }
  }
  const fast = new WinProbCore({ table }), full = new WinProbCore({ table });
  let n = 0;
  for (const rules of ["duel", "standard"]) {
    collectStates(rules, (v, seat) => {
      const a = full.advise(v, seat, 1 - seat);
      // a tie either way, or no number left (then it hits: no bust is possible)
      if (!Number.isFinite(a.hit) || Math.abs(a.hit - a.stay) < 1e-12) return;
      assert.equal(fast.shouldHit(v, seat, 1 - seat), a.hit > a.stay);
      n++;
    });
  }
  assert.ok(n > 1000);
  assert.ok(fast.bounded > 0 && fast.solves > 0 && fast.reused > 0);
});

Deno.test("winprob aims a Freeze by win value: the opponent exactly when playing on against its frozen line beats banking", () => {
  const core = new WinProbCore();
  const wp = new WinProbStrategy();
  let n = 0, opp = 0;
  collectStates("standard", (v, seat) => {
    const o = 1 - seat;
    if (!v.isActive(o)) return;
    // banking now against the opponent's law...
    const bank = core.advise(v, seat, o).stay;
    // ...or the opponent frozen at its line: a view where it is out of the round
    const frozen: TableView = Object.create(v, {
      isActive: { value: (t: number) => t === o ? false : v.isActive(t) },
    });
    const a = core.advise(frozen, seat, o);
    const on = v.cardsInFront(seat) === 0 ? a.hit : Math.max(a.hit, a.stay);
    if (Math.abs(on - bank) < 1e-12) return;
    const want = on > bank ? o : seat;
    assert.equal(wp.target(v, seat, FREEZE), want);
    n++;
    if (want === o) opp++;
  });
  assert.ok(n > 500 && opp > 0 && opp < n, `${opp} of ${n}`);
});

Deno.test("win agents keep a Flip Three only while their line is empty; the ablations aim as asked", () => {
  let n = 0;
  collectStates("standard", (v, seat) => {
    if (!v.isActive(1 - seat)) return;
    const want = v.lineCount(seat) === 0 ? seat : 1 - seat;
    assert.equal(flipThreeTarget(v, seat, 1 - seat), want);
    assert.equal(new WinProbStrategy().target(v, seat, FLIP3), want);
    // the ablations
    const shared = new WinProbStrategy({
      flipThree: "shared",
      freeze: "shared",
    });
    assert.equal(shared.target(v, seat, FLIP3), defaultTarget(v, seat, FLIP3));
    assert.equal(
      shared.target(v, seat, FREEZE),
      defaultTarget(v, seat, FREEZE),
    );
    const give = new WinProbStrategy({ flipThree: "opponent" });
    assert.equal(give.target(v, seat, FLIP3), 1 - seat);
    n++;
  }, 5);
  assert.ok(n > 50);
});

Deno.test("search: values are win probabilities; banking leaves differ from continuing ones", () => {
  const w = trainTableSync({
    rules: "duel",
    games: 40,
    iterations: 1,
    seed: 9001,
  }).table;
  const cont = new SearchCore(w), bank = new SearchCore(w, 2, "bank");
  let differ = 0, n = 0;
  collectStates("duel", (v, seat) => {
    for (const c of [cont, bank]) {
      c.load(v, seat, 1 - seat, 0);
      const h = c.hitValue(), s = c.stayValue();
      assert.ok(h >= 0 && h <= 1 && s >= 0 && s <= 1, `${h} ${s}`);
    }
    cont.load(v, seat, 1 - seat, 0);
    const a = cont.hitValue() > cont.stayValue();
    bank.load(v, seat, 1 - seat, 0);
    if (a !== bank.hitValue() > bank.stayValue()) differ++;
    n++;
  }, 10);
  assert.ok(n > 100 && differ > 0);
});

Deno.test("training: deterministic, values in [0, 1], about one half at the start", () => {
  const opts = { rules: "duel", games: 64, iterations: 1, seed: 9001 };
  const a = trainTableSync(opts), b = trainTableSync(opts);
  assert.deepEqual(a.table.encode(), b.table.encode());
  for (const x of a.table.data) assert.ok(x >= 0 && x <= 1);
  // symmetric self-play: W[0,0,first] + W[0,0,second] = 1 up to sampling noise
  const s = a.table.get(0, 0, 0) + a.table.get(0, 0, 1);
  assert.ok(Math.abs(s - 1) < 0.1, `sum ${s}`);
  assert.equal(a.w00.length, 2);
});

Deno.test("search, search0 and winprob play whole games under duel and standard", () => {
  const w = WTable.symmetric(200, 2, 0.5);
  const flat = WTable.symmetric(200, 1, 0.5);
  for (const rules of ["duel", "standard"]) {
    const g = new Game(getRules(rules), [
      new SearchStrategy(true, w),
      new WinProbStrategy({ table: flat }),
    ], { seed: 3 });
    for (let i = 0; i < 3; i++) {
      g.newGame({ stream: i });
      const r = g.playGame();
      assert.ok(Math.max(...r.totals) >= 200);
      assert.equal(g.checkConservation(), null);
    }
  }
  const g4 = new Game(getRules("standard"), [
    new SearchStrategy(false),
    makeStrategy("ev"),
    new SearchStrategy(true, w),
    new SearchStrategy(true, w, 2, "bank"),
  ], { seed: 4 });
  assert.ok(g4.playGame().rounds > 0);
});

Deno.test("search without table prefers staying on a big line near a bust-heavy pile", () => {
  const view = new DecideView(
    getRules("duel"),
    [0, 0],
    [12, 11, 10, 9, 8],
    [],
    false,
    [],
  );
  const s = new SearchStrategy(false);
  assert.equal(s.hit(view, 0), false);
  const low = new DecideView(getRules("duel"), [0, 0], [1], [], false, []);
  assert.equal(s.hit(low, 0), true);
});

Deno.test("win-agent matches on the runner: the same counts however the range is cut", async () => {
  const t = WTable.symmetric(200, 2, 0.5), b = WTable.symmetric(200, 1, 0.5);
  const runs = [
    { rules: "duel", policies: ["search", "ev"], seed: 7, count: 6 },
    {
      rules: "standard",
      policies: ["winprob", "ev", "ev", "ev"],
      seed: 8,
      count: 4,
    },
    { rules: "duel", policies: ["brsum:37", "sum:37"], seed: 9, count: 4 },
  ].map((r) => ({ ...r, mode: "game" as const, groupBy: "seat" as const }));
  const maker = {
    module: new URL("../experiments/win-agent.ts", import.meta.url).href,
    fn: "makeAgent",
    args: {
      tables: {
        duel: { id: "t", target: 200, data: t.data },
        standard: { id: "t", target: 200, data: t.data },
      },
      br: {
        winprob: { id: "b", target: 200, data: b.data },
        "brsum:37": { id: "b", target: 200, data: b.data },
      },
    },
  };
  const whole = await playBatchChunk({ runs, maker }, 0, 14);
  const cut = [
    ...await playBatchChunk({ runs, maker }, 0, 3),
    ...await playBatchChunk({ runs, maker }, 3, 7),
    ...await playBatchChunk({ runs, maker }, 7, 14),
  ];
  for (const run of [0, 1, 2]) {
    const sum = (xs: typeof cut) =>
      xs.filter((x) => x.run === run).reduce(
        (
          s,
          x,
        ) => [
          s[0] + x.acc.games,
          s[1] + x.acc.wins[0],
          s[2] + x.acc.wins.slice(1).reduce((a, b) => a + b, 0),
        ],
        [0, 0, 0],
      );
    assert.deepEqual(sum(cut), sum(whole));
  }
  assert.equal(
    whole[0].acc.games + whole[1].acc.games + whole[2].acc.games,
    14,
  );
  const [viaAll] = await runAll([runs[0]], { workers: 2, maker, chunks: 3 });
  assert.deepEqual(viaAll.wins, whole[0].acc.wins);
});

Deno.test("decide: bad input is a one-line InputError", () => {
  const r = getRules("duel");
  assert.throws(
    () => new DecideView(r, [0, 0], [5, 5], [], false, []),
    InputError,
  );
  assert.throws(
    () => new DecideView(r, [0, 0], [1], [1], false, []),
    InputError,
  );
  assert.throws(() => new DecideView(r, [0, 0], [], [], false, []), InputError);
});

Deno.test("adapt: learns a threshold player within a game, keeps the maximiser for ev, forgets between games", () => {
  // any sensible table will do (the opponent's decisions are what it learns from)
  const br = bestResponse({ target: 200 / 4 }).table;
  const table = new WTable(200, 1, new Float32Array(200 * 200));
  for (let a = 0; a < 200; a++) {
    for (let b = 0; b < 200; b++) {
      table.data[a * 200 + b] = br.value(a >> 2, b >> 2, 0);
    }
  }
  const flat = ADAPT_MODELS.map(() => table);
  const learned = (opp: string, rules: string) => {
    const a = new AdaptiveStrategy(flat);
    const g = new Game(getRules(rules), [a, makeStrategy(opp)], { seed: 3 });
    const models: ("maximiser" | number)[] = [];
    for (let i = 0; i < 6; i++) {
      g.newGame({ stream: i });
      assert.equal(a.seen, 0); // a new game starts from the prior
      g.playGame();
      assert.ok(a.seen >= 5, `${opp}: ${a.seen} decisions seen`);
      models.push(a.model());
    }
    return models;
  };
  for (const m of learned("sum:37", "duel")) {
    assert.ok(m === 35 || m === 40, `${m}`);
  }
  for (const m of learned("sum:25", "standard")) assert.equal(m, 25);
  const ev = learned("ev", "duel");
  assert.ok(ev.filter((m) => m === "maximiser").length >= 4, `${ev}`);
});
