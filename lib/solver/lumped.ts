/**
 * A fast exact evaluator for policies that do not tell the `+X` cards apart:
 * the forward pass over the *lumped* chain, where a state's six-bit modifier
 * mask is replaced by its class — how many `+X` cards are held and whether
 * `x2` is — so a core carries at most 12 classes instead of 64 masks.
 *
 * **Why it is exact.** The `+X` cards are one copy each and drawn uniformly,
 * so as long as the policy decides alike on every mask of a class, the
 * process seen through the classes is itself a Markov chain, and given a
 * path, which `+X` cards were drawn is a uniformly random subset of the
 * class's size. A round's score is `(x2 ? 2 : 1) × numbers + (+X sum)
 * (+ 15)`, so its law is the class's mass spread over the subset sums of the
 * `+X` values (precomputed per class). `sum:N`, `count:N`, `bust:P` (bust
 * risk depends on how many modifiers are out, not which) and "always hit" are
 * such policies; `ev`, `dp` and anything reading the round score are not.
 *
 * **Checked, not assumed.** At every class the pass reaches it asks the
 * policy at every mask of the class and gives up (returns `null`) on the
 * first disagreement, so a caller falls back to the full forward pass of
 * `forward.ts` / `actions.ts` (the reference, kept unchanged). The figures
 * equal the reference's up to floating-point rounding (the sums are taken in
 * another order; `tests/solver_lumped_test.ts` asserts agreement to 1e-12
 * and the same count of visited states).
 *
 * On the 94-card model this is about five times less work and memory than
 * the full pass (42 kept modes × 12 classes per core instead of × 64).
 * Reachability is used as in the full pass: only cores and modes holding
 * mass are expanded.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { lumpedEvaluate } from "./lumped.ts";
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * import { numberSumOf } from "./model.ts";
 * const sp = spaceOf(getModel("exact"));
 * const e = lumpedEvaluate(sp, (s) => numberSumOf(sp.model, sp.cores[s]) < 25, "sum:25");
 * assert.equal(e!.ev.toFixed(4), "21.0357"); // as evaluateDecider gives
 * ```
 * @module
 */

import { FLIP3, FLIP7_BONUS, FREEZE, SUM_OF_MASK } from "../game/cards.ts";
import { ActionModel } from "./actions.ts";
import type { Decider, Evaluation } from "./forward.ts";
import { BANK, BUST, FLIP7, NEXT, Outcomes } from "./model.ts";
import { CoreStep, modifiersInDeck, MODS, type SoloSpace } from "./solve.ts";
import { Banked, classDecision, finish, ModClasses } from "./mod_classes.ts";

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;

// shared with lumped_levels.ts, which imports them from here
export { Banked, classDecision, finish, ModClasses };

/**
 * Evaluate a decision rule exactly on the lumped chain (see the module doc),
 * or return `null` when the rule tells two masks of one modifier class apart
 * at a state it reaches (then use `evaluateDecider`). `decide(slot, mods)` is
 * asked as `evaluateDecider` asks it (for `all94`, `slot` is a decision slot).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { ActionModel } from "./actions.ts";
 * import { spaceOf } from "./solve.ts";
 * import { evaluateDecider } from "./forward.ts";
 * // 49 cards: numbers 0-8, the modifiers, a Second Chance, the Freezes
 * const model = getModel("all94", "9:0,10:0,11:0,12:0,chance:1,flip3:0");
 * (model as ActionModel).log = () => {};
 * const sp = spaceOf(model);
 * const e = lumpedEvaluate(sp, () => true, "always hit")!;
 * const full = evaluateDecider(sp, () => true, "always hit");
 * assert.ok(Math.abs(e.flip7 - full.flip7) < 1e-12); // as the full pass
 * assert.equal(e.flip7.toFixed(6), "0.015786");
 * // a rule that tells two masks of one class apart: null
 * assert.equal(lumpedEvaluate(sp, (_s, mods) => mods !== 2, "odd"), null);
 * ```
 */
export function lumpedEvaluate(
  space: SoloSpace,
  decide: Decider,
  policy: string,
): Evaluation | null {
  return space.model instanceof ActionModel
    ? lumpedActions(space.model, decide, policy)
    : lumpedChance(space, decide, policy);
}

/** The lumped pass over a model without action modes (ascending slots). */
function lumpedChance(
  space: SoloSpace,
  decide: Decider,
  policy: string,
): Evaluation | null {
  const model = space.model;
  const k = new ModClasses(modifiersInDeck(model));
  const NC = k.n;
  const nSlots = space.cores.length;
  const banked = new Banked(k, model.maxScore);
  const acc = banked.acc, W = banked.width;
  const mass = new Float64Array(nSlots * NC);
  const step = new CoreStep();
  const o = step.o, nb = step.nextBase, nc = step.nextCount;
  const pHit = new Float64Array(NC);
  let bust = 0, flip7 = 0, visited = 0;
  mass[space.rootSlot * NC] = 1;
  for (let slot = space.rootSlot; slot < nSlots; slot++) {
    const core = space.cores[slot];
    const base = slot * NC;
    let loaded = false, anyHit = false;
    for (let c = 0; c < NC; c++) {
      pHit[c] = 0;
      const m = mass[base + c];
      if (m === 0) continue;
      visited += k.members[c].length;
      let hits: boolean;
      if (model.forced(core, k.members[c][0])) {
        if (k.members[c].some((mods) => !model.forced(core, mods))) return null;
        hits = true;
      } else {
        const d = classDecision(decide, k, slot, c);
        if (d < 0) return null;
        hits = d === 1;
      }
      if (!loaded) {
        step.load(space, core);
        loaded = true;
      }
      const stay = k.mul[c] * step.sum;
      if (!hits) {
        acc[c * W + stay] += m;
        continue;
      }
      anyHit = true;
      const p = m / (step.total + k.free[c]);
      pHit[c] = p;
      const to = (step.modBase / MODS) * NC;
      if (k.plusLeft[c] > 0) mass[to + k.upPlus[c]] += p * k.plusLeft[c];
      if (k.x2Left[c] > 0) mass[to + k.upX2[c]] += p * k.x2Left[c];
      if (step.bust > 0) {
        bust += p * step.bust;
        acc[0] += p * step.bust;
      }
      if (step.bank > 0) acc[c * W + stay] += p * step.bank;
      if (step.flip7 > 0) {
        for (let i = 0; i < o.n; i++) {
          if (o.effect[i] !== FLIP7) continue;
          const q = p * o.count[i];
          acc[c * W + k.mul[c] * SUM_OF_MASK[o.next[i]] + BONUS] += q;
          flip7 += q;
        }
      }
    }
    if (!anyHit) continue;
    for (let j = 0; j < step.nNext; j++) {
      const cnt = nc[j], to = (nb[j] / MODS) * NC;
      for (let c = 0; c < NC; c++) mass[to + c] += pHit[c] * cnt;
    }
  }
  return finish(space, policy, banked, bust, flip7, visited);
}

/** One core's numbers-and-Second-Chance node for the lumped action pass. */
class ActionStep {
  readonly o: Outcomes = new Outcomes();
  readonly nextPos: Int32Array = new Int32Array(64);
  readonly nextCount: Float64Array = new Float64Array(64);
  readonly nextSum: Float64Array = new Float64Array(64);
  readonly f7Sum: Float64Array = new Float64Array(16);
  readonly f7Count: Float64Array = new Float64Array(16);
  nNext = 0;
  f7n = 0;
  bust = 0;
  total = 0;
  sum = 0;

  load(
    model: ActionModel,
    base: SoloSpace,
    posOf: Int32Array,
    core: number,
  ): void {
    const o = this.o;
    model.base.outcomes(core, o);
    this.sum = SUM_OF_MASK[model.base.mask(core)];
    this.nNext = 0;
    this.f7n = 0;
    this.bust = 0;
    this.total = o.total;
    for (let i = 0; i < o.n; i++) {
      const c = o.count[i];
      if (o.effect[i] === NEXT) {
        const slot = base.index.get(o.next[i]);
        if (slot < 0) throw new Error(`core ${o.next[i]} is missing`);
        const j = this.nNext++;
        this.nextPos[j] = posOf[slot];
        this.nextCount[j] = c;
        this.nextSum[j] = SUM_OF_MASK[model.base.mask(o.next[i])];
      } else if (o.effect[i] === FLIP7) {
        this.f7Sum[this.f7n] = SUM_OF_MASK[o.next[i]];
        this.f7Count[this.f7n++] = c;
      } else if (o.effect[i] === BUST) {
        this.bust += c;
      } else if (o.effect[i] === BANK) {
        throw new Error("a number or Second Chance cannot bank");
      }
    }
  }
}

/**
 * Per model, reused across evaluations: the position of each core (key slot)
 * in the level order, and two level buffers (sized for the largest level)
 * that are handed back all zero, so repeated evaluations neither allocate
 * nor page in fresh memory.
 */
interface LevelBuffers {
  posOf: Int32Array;
  a: Float64Array;
  b: Float64Array;
  ta: Uint8Array;
  tb: Uint8Array;
}
const buffers = new WeakMap<ActionModel, LevelBuffers>();

function levelBuffers(
  model: ActionModel,
  order: Int32Array,
  start: Int32Array,
  blockN: number,
): LevelBuffers {
  let got = buffers.get(model);
  if (!got || got.a.length !== maxLevel(start) * blockN) {
    const posOf = new Int32Array(order.length);
    for (let p = 0; p < order.length; p++) posOf[order[p]] = p;
    const n = maxLevel(start);
    got = {
      posOf,
      a: new Float64Array(n * blockN),
      b: new Float64Array(n * blockN),
      ta: new Uint8Array(n),
      tb: new Uint8Array(n),
    };
    buffers.set(model, got);
  }
  return got;
}

function maxLevel(start: Int32Array): number {
  let n = 0;
  for (let l = 0; l + 1 < start.length; l++) {
    n = Math.max(n, start[l + 1] - start[l]);
  }
  return n;
}

/**
 * The lumped pass over an action model; when it gives up (or throws) the
 * reused buffers may hold mass, so they are dropped.
 */
function lumpedActions(
  model: ActionModel,
  decide: Decider,
  policy: string,
): Evaluation | null {
  let ok = false;
  try {
    const r = lumpedActionsPass(model, decide, policy);
    ok = r !== null;
    return r;
  } finally {
    if (!ok) buffers.delete(model);
  }
}

/** The lumped pass over an action model, level by level (as `forwardActions`). */
function lumpedActionsPass(
  model: ActionModel,
  decide: Decider,
  policy: string,
): Evaluation | null {
  const { base } = model.spaces();
  const { order, start } = model.levels();
  const md = model.modes;
  const M = md.n, BANKED = md.bank, S = md.nStored;
  const T = model.deck[FLIP3], F = model.deck[FREEZE], T1 = T + 1;
  const k = new ModClasses(modifiersInDeck(model.base));
  const NC = k.n;
  const blockN = S * NC;
  const buf = levelBuffers(model, order, start, blockN);
  const posOf = buf.posOf;
  const banked = new Banked(k, model.maxScore);
  const acc = banked.acc, W = banked.width;
  const mass = new Float64Array(M * NC);
  const pHit = new Float64Array(NC);
  const step = new ActionStep();
  const nc = step.nextCount;
  const levels = start.length - 1;
  let bust = 0, flip7 = 0, visited = 0;
  let layer = buf.a, touched = buf.ta;
  let nextLayer = buf.b, nextTouched = buf.tb;
  layer[md.stored[md.free[0]] * NC] = 1;
  touched[0] = 1;
  for (let L = 0; L < levels; L++) {
    const ls = start[L], le = start[L + 1];
    const ns = start[L + 1];
    for (let pos = ls; pos < le; pos++) {
      if (!touched[pos - ls]) continue;
      const slot = order[pos];
      const core = base.cores[slot];
      mass.fill(0);
      const inOff = (pos - ls) * blockN;
      for (let mi = 0; mi < M; mi++) {
        const s = md.stored[mi];
        if (s < 0) continue;
        const from = inOff + s * NC, to = mi * NC;
        for (let c = 0; c < NC; c++) {
          mass[to + c] = layer[from + c];
          layer[from + c] = 0; // the buffer is the level after next's
        }
      }
      step.load(model, base, posOf, core);
      const total = step.total, sum = step.sum;
      const isRoot = core === model.base.root;
      const dBase = slot * T1;
      for (let mi = 0; mi < M; mi++) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const mo = mi * NC;
        const isFree = md.r[mi] === 0;
        let any = false;
        for (let c = 0; c < NC; c++) {
          pHit[c] = 0;
          const m = mass[mo + c];
          if (m === 0) continue;
          visited += k.members[c].length;
          const stay = k.mul[c] * sum;
          const cards = total + k.free[c] + tl + fl;
          if (cards === 0) {
            acc[c * W + stay] += m;
            continue;
          }
          if (isFree) {
            const td = md.td[mi];
            let hits = isRoot && c === 0 && td === 0;
            if (!hits) {
              const d = classDecision(decide, k, dBase + td, c);
              if (d < 0) return null;
              hits = d === 1;
            }
            if (!hits) {
              acc[c * W + stay] += m;
              continue;
            }
          }
          const p = m / cards;
          pHit[c] = p;
          any = true;
          const pl = k.plusLeft[c], xl = k.x2Left[c];
          if (pl > 0) {
            const up = k.upPlus[c];
            if (t === BANKED) acc[up * W + k.mul[up] * sum] += p * pl;
            else mass[t * NC + up] += p * pl;
          }
          if (xl > 0) {
            const up = k.upX2[c];
            if (t === BANKED) acc[up * W + k.mul[up] * sum] += p * xl;
            else mass[t * NC + up] += p * xl;
          }
          if (tl > 0) {
            if (tT === BANKED) acc[c * W + stay] += p * tl;
            else mass[tT * NC + c] += p * tl;
          }
          if (fl > 0) {
            if (tF === BANKED) acc[c * W + stay] += p * fl;
            else mass[tF * NC + c] += p * fl;
          }
          if (step.bust > 0) {
            bust += p * step.bust;
            acc[0] += p * step.bust;
          }
          for (let i = 0; i < step.f7n; i++) {
            const q = p * step.f7Count[i];
            acc[c * W + k.mul[c] * step.f7Sum[i] + BONUS] += q;
            flip7 += q;
          }
        }
        if (!any) continue;
        // the cards that leave the core
        if (t === BANKED) {
          for (let j = 0; j < step.nNext; j++) {
            const cnt = nc[j], s = step.nextSum[j];
            for (let c = 0; c < NC; c++) {
              if (pHit[c] !== 0) {
                acc[c * W + k.mul[c] * s] += pHit[c] * cnt;
              }
            }
          }
          continue;
        }
        const so = md.stored[t] * NC;
        for (let j = 0; j < step.nNext; j++) {
          const cnt = nc[j], p = step.nextPos[j] - ns;
          const to = p * blockN + so;
          nextTouched[p] = 1;
          for (let c = 0; c < NC; c++) nextLayer[to + c] += pHit[c] * cnt;
        }
      }
    }
    touched.fill(0, 0, le - ls);
    [layer, nextLayer] = [nextLayer, layer];
    [touched, nextTouched] = [nextTouched, touched];
  }
  return finish(model.space(), policy, banked, bust, flip7, visited);
}
