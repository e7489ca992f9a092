/**
 * The forward pass: exact evaluation of a decision rule on a solo model. It
 * walks the reachable states in topological order (ascending slot, then
 * ascending `mods`), carrying the probability of reaching each state, asks the
 * rule at every state reached with positive probability, and collects the
 * full distribution of the round score, P(bust) and P(Flip 7).
 *
 * @example
 * ```ts
 * import { evaluateDecider } from "./forward.ts";
 * import { spaceOf } from "./solve.ts";
 * import { getModel } from "./model.ts";
 * const sp = spaceOf(getModel("approx"));
 * evaluateDecider(sp, (_slot, _mods) => false, "stay").ev; // stay after the first card
 * ```
 * @module
 */

import { InputError, lineScore } from "../game/cards.ts";
import { FLIP7 } from "./model.ts";
import type { Decider, Evaluation } from "./space.ts";

export type { Decider, Evaluation };
import { CoreStep, modifiersInDeck, MODS, type SoloSpace } from "./solve.ts";

/**
 * Evaluate a decision function exactly on a state space. `scratch` (one
 * float per state) is reused instead of allocating when given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * const sp = spaceOf(getModel("approx"));
 * const r = evaluateDecider(sp, () => false, "stay"); // stays after the first card
 * assert.equal(r.ev.toFixed(3), "7.727"); // 680 / 88: the first card's mean value
 * ```
 */
export function evaluateDecider(
  space: SoloSpace,
  decide: Decider,
  policy: string,
  scratch?: Float64Array,
): Evaluation {
  if (space.model.forwardEvaluate) {
    return space.model.forwardEvaluate(decide, null, policy);
  }
  return forwardPass(space, decide, null, policy, massBuffer(space, scratch));
}

/** A zeroed buffer of one float per state: `scratch` reused when given. */
function massBuffer(space: SoloSpace, scratch?: Float64Array): Float64Array {
  const n = space.cores.length * MODS;
  if (scratch && scratch.length >= n) {
    const m = scratch.subarray(0, n);
    m.fill(0);
    return m;
  }
  return new Float64Array(n);
}

/**
 * The probability that a decision rule reaches each state (`slot * 64 + mods`),
 * with the rule's evaluation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { solve } from "./solve.ts";
 * const sol = solve(getModel("approx"));
 * const { reach } = reachProbabilities(sol.space, (s, m) => sol.hit[s * 64 + m] === 1);
 * assert.equal(reach[sol.space.rootSlot * 64], 1);
 * ```
 */
export function reachProbabilities(
  space: SoloSpace,
  decide: Decider,
  policy = "policy",
): { reach: Float64Array; evaluation: Evaluation } {
  if (space.model.forwardEvaluate) {
    throw new InputError(
      `reach probabilities per state are not kept for the '${space.model.name}' model`,
    );
  }
  const reach = new Float64Array(space.cores.length * MODS);
  const evaluation = forwardPass(space, decide, null, policy, reach);
  return { reach, evaluation };
}

function forwardPass(
  space: SoloSpace,
  decide: Decider | null,
  table: Uint8Array | null,
  policy: string,
  mass: Float64Array,
): Evaluation {
  const model = space.model;
  const nSlots = space.cores.length;
  const dist = new Float64Array(model.maxScore + 1);
  const step = new CoreStep();
  const o = step.o, nb = step.nextBase, nc = step.nextCount;
  const avail = modifiersInDeck(model);
  let bust = 0, flip7 = 0, visited = 0;
  mass[space.rootSlot * MODS] = 1;
  const pHit = new Float64Array(MODS); // probability of each card drawn from (slot, mods)
  for (let slot = space.rootSlot; slot < nSlots; slot++) {
    const core = space.cores[slot];
    const base = slot * MODS;
    let loaded = false, anyHit = false;
    // within the core, mass only flows to larger mods: settle them in order
    for (let mods = 0; mods < MODS; mods++) {
      pHit[mods] = 0;
      const m = mass[base + mods];
      if (m === 0) continue;
      visited++;
      const hits = model.forced(core, mods) ||
        (table ? table[base + mods] === 1 : decide!(slot, mods));
      if (!hits) {
        dist[lineScore(model.mask(core), mods, false)] += m;
        continue;
      }
      if (!loaded) {
        step.load(space, core);
        loaded = true;
      }
      anyHit = true;
      let cards = step.total;
      for (let f = avail & ~mods; f !== 0; f &= f - 1) cards++;
      const p = m / cards;
      pHit[mods] = p;
      for (let free = avail & ~mods; free !== 0; free &= free - 1) {
        mass[step.modBase + (mods | (free & -free))] += p;
      }
      if (step.bust > 0) {
        bust += p * step.bust;
        dist[0] += p * step.bust;
      }
      if (step.bank > 0) {
        dist[lineScore(step.mask, mods, false)] += p * step.bank;
      }
      if (step.flip7 > 0) {
        for (let i = 0; i < o.n; i++) {
          if (o.effect[i] !== FLIP7) continue;
          const q = p * o.count[i];
          dist[lineScore(o.next[i], mods, true)] += q;
          flip7 += q;
        }
      }
    }
    if (!anyHit) continue;
    // then the cards that leave the core: one pass per outcome over the 64 mods
    for (let j = 0; j < step.nNext; j++) {
      const c = nc[j], to = nb[j];
      for (let mods = 0; mods < MODS; mods++) mass[to + mods] += pHit[mods] * c;
    }
  }
  let ev = 0, sq = 0;
  for (let s = 0; s < dist.length; s++) {
    ev += s * dist[s];
    sq += s * s * dist[s];
  }
  return {
    policy,
    model: model.name,
    ev,
    sd: Math.sqrt(Math.max(0, sq - ev * ev)),
    bust,
    flip7,
    distribution: dist,
    visited,
  };
}

/**
 * Evaluate a decision table (`hit[slot * 64 + mods]`, e.g. a solved model's) exactly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { solve } from "./solve.ts";
 * const sol = solve(getModel("approx"));
 * const ev = evaluateTable(sol.space, sol.hit, "dp").ev;
 * assert.ok(Math.abs(ev - sol.ev) < 1e-9); // the forward pass agrees with the DP
 * assert.equal(ev.toFixed(4), "22.2318");
 * ```
 */
export function evaluateTable(
  space: SoloSpace,
  hit: Uint8Array,
  policy = "dp",
  scratch?: Float64Array,
): Evaluation {
  if (space.model.forwardEvaluate) {
    return space.model.forwardEvaluate(null, hit, policy);
  }
  return forwardPass(space, null, hit, policy, massBuffer(space, scratch));
}
