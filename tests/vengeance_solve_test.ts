/**
 * The solo optimum of a Vengeance round over the round kernel: the float DP
 * (`lib/solver/kernel_solve.ts`) equals the exact-rational DP
 * (`solveKernel`, choose nodes included) on small Vengeance decks under the
 * default rulings and the solo treatments, and the forward pass under its
 * decisions has the DP's expected score, bust and Flip 7 rates. The
 * packed-state solver (`lib/solver/vengeance.ts`) equals both DPs on the same
 * decks under the defaults, each round ruling's other value and all of them
 * at once (the single values in `test:full`), and its forward pass of
 * `sum:N` equals the kernel's, round-score law included.
 */

import assert from "node:assert/strict";
import { InputError } from "../lib/game/cards.ts";
import { RoundKernel, type RoundState } from "../lib/game/kernel.ts";
import { getRules, withRules, withRulings } from "../lib/game/rules.ts";
import { solveKernel } from "../lib/solver/kernel_dp.ts";
import { forwardKernel, solveKernelFloat } from "../lib/solver/kernel_solve.ts";
import { VENGEANCE_RULINGS } from "../lib/game/rulings.ts";
import {
  evaluateVengeance,
  solveVengeance,
  VengeanceSolver,
} from "../lib/solver/vengeance.ts";
import { deckOf } from "./kernel_harness.ts";
import { slow } from "./tier.ts";

const V = getRules("vengeance");

/** The Vengeance rules on a deck of `counts`, a Flip 7 of four cards. */
function kernelOf(counts: string, changes: string[] = []): RoundKernel {
  const rules = withRules(V, {
    name: "v-solve-test",
    deck: deckOf(V, counts),
    flip7Length: 4,
  });
  return new RoundKernel(withRulings(rules, changes));
}

// the special numbers, and the actions (Discard: choose nodes)
const DECKS = [
  "zero:1,1:1,2:1,7:1,unlucky7:1,13:1,lucky13:1,-4:1,/2:1",
  "zero:1,1:1,2:1,3:1,onemore:1,flip4:1,steal:1,discard:1,swap:1,-2:1",
  "1:1,2:2,3:3,4:1,discard:2,-6:1,flip4:1",
];

for (const counts of DECKS) {
  Deno.test(`float DP = exact DP, forward pass = DP: ${counts}`, () => {
    const kernel = kernelOf(counts);
    const exact = solveKernel(kernel);
    const dp = solveKernelFloat(kernel);
    for (const f of ["value", "bust", "flip7"] as const) {
      assert.ok(
        Math.abs(dp[f] - exact[f].toNumber()) < 1e-12,
        `${f}: ${dp[f]} vs ${exact[f]}`,
      );
    }
    assert.equal(dp.states, exact.states);
    assert.ok(exact.value.toNumber() > 0);
    const fw = forwardKernel(kernel, dp.choices);
    for (const f of ["value", "bust", "flip7"] as const) {
      assert.ok(Math.abs(fw[f] - dp[f]) < 1e-12, `${f}: ${fw[f]} vs ${dp[f]}`);
    }
    assert.ok(fw.states < dp.states); // the policy's states only
  });
}

Deno.test("the optimum uses the Discard choice: better than Go's fixed order", () => {
  const counts = DECKS[2];
  const choose = solveKernel(kernelOf(counts)).value;
  const go = solveKernel(
    new RoundKernel(kernelOf(counts).rules, { ownCard: "go-order" }),
  ).value;
  assert.ok(choose.compare(go) > 0, `${choose} vs ${go}`);
  // the float DP records the cards it discards
  const dp = solveKernelFloat(kernelOf(counts));
  assert.ok([...dp.choices.values()].some((c) => typeof c === "number"));
});

// The packed-state solver (lib/solver/vengeance.ts) against the kernel's DPs.

/** The rulings a solo round reads (not `round-deck`, `ties`). */
const ROUND = VENGEANCE_RULINGS.filter((r) =>
  !["round-deck", "ties"].includes(r.name)
);
/** The defaults, each other value alone, and all of them at once. */
const CASES: string[][] = [
  [],
  ...ROUND.map((r) => [`${r.name}=${r.values[1].value}`]),
  ROUND.map((r) => `${r.name}=${r.values[1].value}`),
];

/** Each of value, bust and Flip 7 within 1e-12. */
function near(a: VengeanceRates, b: VengeanceRates, what: string): void {
  for (const f of ["value", "bust", "flip7"] as const) {
    assert.ok(
      Math.abs(a[f] - b[f]) < 1e-12,
      `${what} ${f}: ${a[f]} vs ${b[f]}`,
    );
  }
}
type VengeanceRates = { value: number; bust: number; flip7: number };

CASES.forEach((changes, i) => {
  const name = `packed solver = solveKernelFloat, forward pass = DP: ${
    changes.join(" ") || "defaults"
  }`;
  const fast = i === 0 || i === CASES.length - 1;
  Deno.test(fast ? { name, ignore: false } : slow(name), () => {
    for (const counts of DECKS) {
      const kernel = kernelOf(counts, changes);
      const want = solveKernelFloat(kernel);
      const solver = new VengeanceSolver(kernel.rules);
      const got = solver.solve();
      near(got, want, `${counts} ${changes}`);
      const fw = solver.evaluate("optimal");
      near(fw, want, `forward ${counts} ${changes}`);
      assert.ok(Math.abs(fw.law.reduce((a, b) => a + b, 0) - 1) < 1e-12);
      assert.ok(got.states > 100 && got.states < want.states);
    }
  });
});

Deno.test("packed solver = the exact-rational DP (solveKernel)", () => {
  for (const counts of [DECKS[0], DECKS[2]]) {
    const kernel = kernelOf(counts);
    const exact = solveKernel(kernel);
    const got = solveVengeance(kernel.rules);
    for (const f of ["value", "bust", "flip7"] as const) {
      // the double nearest the exact rational, to a few ulps
      assert.ok(
        Math.abs(got[f] - exact[f].toNumber()) <= 4e-15 * Math.max(1, got[f]),
        `${counts} ${f}: ${got[f]} vs ${exact[f]}`,
      );
    }
  }
});

Deno.test("the comparison is not vacuous: a ruling's other value is caught", () => {
  // the packed solver under the defaults against the kernel under another
  // ruling value that matters on the deck: the 1e-12 check fails
  for (
    const [counts, change] of [
      [DECKS[0], "flip7-count=ranks"],
      [DECKS[1], "take-that=optional"],
      [DECKS[2], "actions=immediate"],
    ] as const
  ) {
    const other = solveKernelFloat(kernelOf(counts, [change]));
    const got = solveVengeance(kernelOf(counts).rules);
    assert.ok(Math.abs(got.value - other.value) > 1e-3, `${counts} ${change}`);
  }
});

/** A sum:N policy's value, rates and law over the kernel (first option at a choice). */
function kernelSum(kernel: RoundKernel, n: number) {
  const memo = new Map<string, Map<string, number>>();
  const t = kernel.rules.cards;
  // the law of (score, end) from a state
  const walk = (s: RoundState): Map<string, number> => {
    const key = kernel.key(s);
    const known = memo.get(key);
    if (known) return known;
    let out = new Map<string, number>();
    const node = kernel.node(s);
    if (node === "end") out.set(`${kernel.score(s)} ${s.end}`, 1);
    else if (node === "decide") {
      out = walk(kernel.apply(s, t.sumOfMask[s.line] < n ? "hit" : "stay"));
    } else if (node === "choose") {
      out = walk(kernel.apply(s, kernel.options(s)[0]));
    } else {
      const outs = kernel.outcomes(s);
      const total = outs.reduce((a, o) => a + o.count, 0);
      for (const o of outs) {
        for (const [k, p] of walk(o.state)) {
          out.set(k, (out.get(k) ?? 0) + p * o.count / total);
        }
      }
    }
    memo.set(key, out);
    return out;
  };
  const law = walk(kernel.initial());
  let value = 0, bust = 0, flip7 = 0;
  const byScore = new Map<number, number>();
  for (const [k, p] of law) {
    const [score, end] = k.split(" ");
    value += Number(score) * p;
    if (end === "bust") bust += p;
    if (end === "flip7") flip7 += p;
    byScore.set(Number(score), (byScore.get(Number(score)) ?? 0) + p);
  }
  return { value, bust, flip7, byScore };
}

Deno.test("the forward pass of sum:N = the kernel's, law included", () => {
  for (const counts of DECKS) {
    for (const changes of [[], CASES[CASES.length - 1]]) {
      const kernel = kernelOf(counts, changes);
      for (const n of [1, 4, 6]) {
        const want = kernelSum(kernel, n);
        const got = evaluateVengeance(kernel.rules, { sum: n });
        near(got, want, `${counts} ${changes} sum:${n}`);
        got.law.forEach((p, i) => {
          const q = want.byScore.get(i + got.lawMin) ?? 0;
          assert.ok(Math.abs(p - q) < 1e-12, `score ${i + got.lawMin}`);
        });
        // a hit predicate that says the same
        const t = kernel.rules.cards;
        const same = evaluateVengeance(kernel.rules, {
          hit: (line) => t.sumOfMask[line] < n,
        });
        assert.deepEqual(same.law, got.law);
      }
    }
  }
});

Deno.test("the packed solver refuses what it does not play, in one line", () => {
  assert.throws(
    () => solveVengeance(getRules()),
    (e: Error) =>
      e instanceof InputError && /vengeance edition only/.test(e.message) &&
      !e.message.includes("\n"),
  );
  assert.throws(
    () => new VengeanceSolver(V, { treatments: { ownCard: "go-order" } }),
    /ownCard=go-order/,
  );
  assert.throws(
    () => solveVengeance(kernelOf(DECKS[1]).rules, { limit: 10 }),
    /limit of 10 draw nodes/,
  );
});
