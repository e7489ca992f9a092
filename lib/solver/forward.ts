/**
 * The forward pass: exact evaluation of a decision rule on a solo model. It
 * walks the reachable states in topological order (ascending slot, then
 * ascending `mods`), carrying the probability of reaching each state, asks the
 * rule at every state reached with positive probability, and collects the
 * full distribution of the round score, P(bust) and P(Flip 7). The action
 * models (`all94`) run their own, level by level (`levels.ts`).
 *
 * **The lumped pass** ({@linkcode lumpedEvaluate}) is the same pass over the
 * *lumped* chain, for policies that do not tell the `+X` cards apart: a
 * state's six-bit modifier mask is replaced by its class — how many `+X`
 * cards are held and whether `x2` is (`mod_classes.ts`) — so a core carries
 * at most 12 classes instead of 64 masks. It is exact: the `+X` cards are
 * one copy each and drawn uniformly, so as long as the policy decides alike
 * on every mask of a class, the process seen through the classes is itself
 * a Markov chain, and given a path, which `+X` cards were drawn is a
 * uniformly random subset of the class's size; a round's score is
 * `(x2 ? 2 : 1) × numbers + (+X sum) (+ the Flip 7 bonus)`, so its law is
 * the class's mass spread over the subset sums of the `+X` values. `sum:N`,
 * `count:N`, `bust:P` (the bust risk depends on how many modifiers are out,
 * not which) and "always hit" are such policies; `ev`, `dp` and anything
 * reading the round score are not. This is checked, not assumed: at every
 * class the pass reaches it asks the policy at every mask of the class and
 * gives up (returns `null`) on the first disagreement, so a caller falls
 * back to the full pass. The figures equal the full pass's up to
 * floating-point rounding (the sums run in another order;
 * `tests/solver_lumped_test.ts`) and it visits the same states; on the
 * 94-card model it is about five times less work and memory.
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

import { FLIP7_BONUS, InputError, MODS, SUM_OF_MASK } from "../game/cards.ts";
import { FLIP7 } from "./model.ts";
import type { Decider, Evaluation } from "./space.ts";
import { CoreStep, modifiersInDeck, type SoloSpace } from "./solve.ts";
import { classDecision, finish, ModClasses } from "./mod_classes.ts";

export type { Decider, Evaluation };

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;

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
  return classPass(space, false, decide, null, policy, scratch)!;
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
  return classPass(space, false, null, hit, policy, scratch)!;
}

/**
 * Evaluate a decision rule exactly on the lumped chain (see the module
 * doc), or return `null` when the rule tells two masks of one modifier class
 * apart at a state it reaches (then use {@linkcode evaluateDecider}).
 * `decide(slot, mods)` is asked as `evaluateDecider` asks it (for `all94`,
 * `slot` is a decision slot).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { numberSumOf } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * const sp = spaceOf(getModel("exact"));
 * const sum25 = (s: number) => numberSumOf(sp.model, sp.cores[s]) < 25;
 * assert.equal(lumpedEvaluate(sp, sum25, "sum:25")!.ev.toFixed(4), "21.0357");
 * assert.ok(Math.abs(lumpedEvaluate(sp, sum25, "sum:25")!.ev - evaluateDecider(sp, sum25, "sum:25").ev) < 1e-10);
 * // a rule that tells two masks of one class apart: null
 * assert.equal(lumpedEvaluate(sp, (_s, mods) => mods !== 2, "odd"), null);
 * ```
 */
export function lumpedEvaluate(
  space: SoloSpace,
  decide: Decider,
  policy: string,
): Evaluation | null {
  return classPass(space, true, decide, null, policy);
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
  const evaluation = classPass(space, false, decide, null, policy, reach)!;
  return { reach, evaluation };
}

/**
 * The forward pass: an action model's own (`levels.ts`), or over the states
 * of a model without action modes, in ascending slots: every mask apart (the mass left in `scratch` when it is
 * big enough, read by {@linkcode reachProbabilities}) or the lumped classes
 * (null when the rule tells masks of a class apart).
 */
function classPass(
  space: SoloSpace,
  lumped: boolean,
  decide: Decider | null,
  table: Uint8Array | null,
  policy: string,
  scratch?: Float64Array,
): Evaluation | null {
  const model = space.model;
  if (model.forwardEvaluate) {
    return model.forwardEvaluate(decide, table, policy, lumped);
  }
  const k = new ModClasses(modifiersInDeck(model), lumped);
  const NC = k.n, nSlots = space.cores.length;
  const W = model.maxScore + 1;
  const acc = new Float64Array(lumped ? NC * W : W);
  const off = k.offsets(W), mul = k.mul, free = k.free;
  const upStart = k.upStart, upTo = k.upTo, upMul = k.upMul;
  let mass: Float64Array;
  if (scratch && scratch.length >= nSlots * NC) {
    mass = scratch.subarray(0, nSlots * NC);
    mass.fill(0);
  } else mass = new Float64Array(nSlots * NC);
  const step = new CoreStep();
  const o = step.o, nb = step.nextBase, nc = step.nextCount;
  const pHit = new Float64Array(NC);
  let bust = 0, flip7 = 0, visited = 0;
  mass[space.rootSlot * NC] = 1;
  for (let slot = space.rootSlot; slot < nSlots; slot++) {
    const core = space.cores[slot];
    const base = slot * NC;
    let loaded = false, anyHit = false;
    // within the core, mass only flows to larger classes: settle them in order
    for (let c = 0; c < NC; c++) {
      pHit[c] = 0;
      const m = mass[base + c];
      if (m === 0) continue;
      visited += k.memberN[c];
      const ms = k.members[c];
      let hits: boolean;
      if (model.forced(core, ms[0])) {
        if (ms.some((mods) => !model.forced(core, mods))) return null;
        hits = true;
      } else if (table) hits = table[slot * MODS + c] === 1;
      else {
        const d = classDecision(decide!, k, slot, c);
        if (d < 0) return null;
        hits = d === 1;
      }
      if (!loaded) {
        step.load(space, core);
        loaded = true;
      }
      const stay = off[c] + mul[c] * step.sum;
      if (!hits) {
        acc[stay] += m;
        continue;
      }
      anyHit = true;
      const p = m / (step.total + free[c]);
      pHit[c] = p;
      const to = (step.modBase / MODS) * NC;
      for (let i = upStart[c]; i < upStart[c + 1]; i++) {
        mass[to + upTo[i]] += p * upMul[i];
      }
      if (step.bust > 0) {
        bust += p * step.bust;
        acc[0] += p * step.bust;
      }
      if (step.bank > 0) acc[stay] += p * step.bank;
      if (step.flip7 > 0) {
        for (let i = 0; i < o.n; i++) {
          if (o.effect[i] !== FLIP7) continue;
          const q = p * o.count[i];
          acc[off[c] + mul[c] * SUM_OF_MASK[o.next[i]] + BONUS] += q;
          flip7 += q;
        }
      }
    }
    if (!anyHit) continue;
    // then the cards that leave the core: one pass per outcome over the classes
    for (let j = 0; j < step.nNext; j++) {
      const cnt = nc[j], to = (nb[j] / MODS) * NC;
      for (let c = 0; c < NC; c++) mass[to + c] += pHit[c] * cnt;
    }
  }
  return finish(k, acc, W, bust, flip7, visited, policy, model.name);
}
