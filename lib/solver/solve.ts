/**
 * The reachable state space of a solo model and the optimal-stopping DP over it.
 *
 * States are `(core, mods)` pairs laid out as `slot * 64 + mods`, where `slot`
 * is the rank of the core among the reachable cores in ascending key order
 * (a topological order: every Hit leads to a larger core, or a larger `mods`
 * in the same core). The cores are indexed densely when the model allows
 * (`approx`: 16-bit keys) and by a flat open-addressing table otherwise
 * (`exact`: the saved duplicates push keys to 25 bits). Values are one
 * `Float64Array`, decisions one `Uint8Array`; no per-state objects.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { solve } from "./solve.ts";
 * import { getModel } from "./model.ts";
 * const s = solve(getModel("approx"));
 * assert.equal(s.ev.toFixed(4), "22.2318");
 * assert.equal(s.space.states, 1834239);
 * ```
 * @module
 */

import {
  FLIP7_BONUS,
  MODIFIERS,
  MODS as MOD_MASKS,
  MULT_OF_MASK,
  PLUS_OF_MASK,
  SUM_OF_MASK,
} from "../game/cards.ts";

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;
import { BANK, BUST, FLIP7, NEXT, Outcomes, type SoloModel } from "./model.ts";
import type { SoloSpace } from "./space.ts";

export type { SoloSpace };
import { type CoreIndex, DenseIndex, IntTable } from "./table.ts";

/**
 * Modifier masks per core: every state is `slot * MODS + mods`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const slot = 3, mods = 5;
 * const i = slot * MODS + mods; // the index of state (slot, mods)
 * assert.equal(i, 197);
 * assert.equal(MODS, 1 << 6); // six modifiers, one bit each
 * ```
 */
export const MODS: number = MOD_MASKS;

/**
 * Enumerate the reachable cores of a model from the pre-deal state.
 *
 * Every modifier mask goes with every reachable core (modifiers can be drawn
 * in any order, before or after the numbers), so the states are cores × 64.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const sp = buildSpace(getModel("approx"));
 * assert.equal(sp.cores.length, 28660);
 * ```
 */
export function buildSpace(model: SoloModel): SoloSpace {
  if (model.space) return model.space();
  const t0 = performance.now();
  // visited set: a byte per possible key when the keys are small, else a hash table
  const dense = model.dense ? new Uint8Array(2 ** model.coreBits) : null;
  const seen = dense ? null : new IntTable(1 << 19);
  const visit = (key: number): boolean => {
    if (dense) {
      if (dense[key]) return false;
      dense[key] = 1;
      return true;
    }
    return seen!.set(key, 0);
  };
  let stack = new Int32Array(1024);
  let found = new Int32Array(1 << 15);
  let nFound = 0, top = 0;
  const o = new Outcomes();
  visit(model.root);
  stack[top++] = model.root;
  while (top > 0) {
    const core = stack[--top];
    if (nFound === found.length) {
      const f = new Int32Array(found.length * 2);
      f.set(found);
      found = f;
    }
    found[nFound++] = core;
    model.outcomes(core, o);
    for (let i = 0; i < o.n; i++) {
      if (o.effect[i] !== NEXT || !visit(o.next[i])) continue;
      if (top === stack.length) {
        const s = new Int32Array(stack.length * 2);
        s.set(stack);
        stack = s;
      }
      stack[top++] = o.next[i];
    }
  }
  let cores: Int32Array;
  if (dense) {
    cores = new Int32Array(nFound);
    for (let k = 0, n = 0; k < dense.length; k++) if (dense[k]) cores[n++] = k;
  } else {
    cores = found.slice(0, nFound).sort();
  }
  const space = spaceFromCores(model, cores, (performance.now() - t0) / 1000);
  if (!space) {
    throw new Error("the pre-deal state is missing from the state space");
  }
  return space;
}

/**
 * A state space from its sorted core keys (as stored in the cache), or null
 * when they cannot be one (the pre-deal core is missing).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const sp = buildSpace(getModel("approx"));
 * assert.equal(spaceFromCores(sp.model, sp.cores)?.states, 1834239);
 * ```
 */
export function spaceFromCores(
  model: SoloModel,
  cores: Int32Array,
  seconds = 0,
): SoloSpace | null {
  const n = cores.length;
  let index: CoreIndex;
  if (model.dense) {
    const d = new DenseIndex(model.coreBits);
    for (let s = 0; s < n; s++) {
      if (cores[s] < 0 || cores[s] >= 2 ** model.coreBits) return null;
      d.set(cores[s], s);
    }
    index = d;
  } else {
    const t = new IntTable(n);
    for (let s = 0; s < n; s++) {
      if (cores[s] < 0) return null;
      t.set(cores[s], s);
    }
    index = t;
  }
  const rootSlot = index.get(model.root);
  if (rootSlot < 0) return null;
  return { model, cores, index, rootSlot, states: n * MODS - 1, seconds };
}

const spaceCache = new Map<SoloModel, SoloSpace>();

/**
 * The state space of a model, built once per process.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(spaceOf(getModel("exact")).states, 21980031);
 * ```
 */
export function spaceOf(model: SoloModel): SoloSpace {
  let s = spaceCache.get(model);
  if (!s) {
    s = buildSpace(model);
    spaceCache.set(model, s);
  }
  return s;
}

/**
 * Make `space` the process-wide space of its model unless one is already
 * there; returns the one to use (the existing one when their cores agree).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(adoptSpace(buildSpace(getModel("approx"))) === spaceOf(getModel("approx")), true);
 * ```
 */
export function adoptSpace(space: SoloSpace): SoloSpace {
  const old = spaceCache.get(space.model);
  if (!old) {
    spaceCache.set(space.model, space);
    return space;
  }
  if (old === space) return old;
  if (old.cores.length !== space.cores.length) return space;
  for (let i = 0; i < old.cores.length; i++) {
    if (old.cores[i] !== space.cores[i]) return space;
  }
  return old;
}

/**
 * Per-core successor tables, shared by the DP and the forward evaluation: the
 * chance node of one core with its next cores turned into state offsets.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const sp = solve(getModel("approx")).space;
 * const step = new CoreStep();
 * step.load(sp, sp.cores[sp.rootSlot]);
 * assert.equal(step.total, 82); // the 88 cards less the six modifiers
 * ```
 */
export class CoreStep {
  /** The chance node of the current core. */
  readonly o: Outcomes = new Outcomes();
  /** `slot(next) * 64` of the NEXT outcomes, in order. */
  readonly nextBase: Int32Array = new Int32Array(64);
  /** Copies drawn for each NEXT outcome. */
  readonly nextCount: Float64Array = new Float64Array(64);
  /** Number of NEXT outcomes. */
  nNext = 0;
  /** Copies that bust. */
  bust = 0;
  /** Copies that make Flip 7, and the sum of copies × the final number sum. */
  flip7 = 0;
  /** Σ copies × number sum of the Flip 7 line. */
  flip7Sum = 0;
  /** Copies that force a stay. */
  bank = 0;
  /** Non-modifier copies in the pile. */
  total = 0;
  /** `slot * 64` of the core a modifier card leads to. */
  modBase = 0;
  /** Number mask of the core. */
  mask = 0;
  /** Number sum of the core. */
  sum = 0;

  /** Load the chance node of `core` from `space`. */
  load(space: SoloSpace, core: number): void {
    const o = this.o;
    space.model.outcomes(core, o);
    this.mask = space.model.mask(core);
    this.sum = SUM_OF_MASK[this.mask];
    this.nNext = 0;
    this.bust = 0;
    this.flip7 = 0;
    this.flip7Sum = 0;
    this.bank = 0;
    this.total = o.total;
    const modSlot = space.index.get(o.modNext);
    if (modSlot < 0) {
      throw new Error(`core ${o.modNext} is not in the state space`);
    }
    this.modBase = modSlot * MODS;
    for (let i = 0; i < o.n; i++) {
      const c = o.count[i];
      switch (o.effect[i]) {
        case NEXT: {
          const slot = space.index.get(o.next[i]);
          if (slot < 0) {
            throw new Error(`core ${o.next[i]} is not in the state space`);
          }
          this.nextBase[this.nNext] = slot * MODS;
          this.nextCount[this.nNext++] = c;
          break;
        }
        case BUST:
          this.bust += c;
          break;
        case FLIP7:
          this.flip7 += c;
          this.flip7Sum += c * SUM_OF_MASK[o.next[i]];
          break;
        case BANK:
          this.bank += c;
          break;
      }
    }
  }
}

/**
 * A solved model: the value and the optimal decision of every state.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const s: Solution = solve(getModel("approx"));
 * assert.equal(s.hit[s.space.rootSlot * MODS], 1);
 * ```
 */
export interface Solution {
  /** The state space. */
  readonly space: SoloSpace;
  /** Expected round score under optimal play from each state, `slot * 64 + mods`. */
  readonly value: Float64Array;
  /** 1 where hitting is optimal (strictly better than staying, or forced). */
  readonly hit: Uint8Array;
  /** Value of the pre-deal state: the optimal expected round score. */
  readonly ev: number;
  /** Seconds to solve, enumeration included. */
  readonly seconds: number;
}

/**
 * The modifier mask of the modifier kinds a model's deck holds (one copy each).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(modifiersInDeck(getModel("approx")), 63); // +2 +4 +6 +8 +10 x2
 * ```
 */
export function modifiersInDeck(model: SoloModel): number {
  let m = 0;
  for (let b = 0; b < MODIFIERS.length; b++) {
    const c = model.deck[MODIFIERS[b]];
    if (c > 1) {
      throw new Error("a modifier mask holds at most one copy of each kind");
    }
    if (c === 1) m |= 1 << b;
  }
  return m;
}

/**
 * Solve a model: backward induction over the reachable states. A state hits
 * when the expected value of a Hit is strictly above the stay score (or the
 * draw is forced).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const s = solve(getModel("exact"));
 * assert.equal(s.ev.toFixed(4), "22.2504");
 * ```
 */
export function solve(model: SoloModel, space?: SoloSpace): Solution {
  const t0 = performance.now();
  const sp = space ?? buildSpace(model);
  const nSlots = sp.cores.length;
  const value = new Float64Array(nSlots * MODS);
  const hit = new Uint8Array(nSlots * MODS);
  const step = new CoreStep();
  const nb = step.nextBase, nc = step.nextCount;
  // per modifier mask: x2 factor, +X bonus, modifier cards still in the deck
  // (the deck holds one copy of each modifier kind it has at all)
  const avail = modifiersInDeck(model);
  const x2Of = new Float64Array(MODS), plusOf = new Float64Array(MODS);
  const freeOf = new Float64Array(MODS);
  for (let mods = 0; mods < MODS; mods++) {
    x2Of[mods] = MULT_OF_MASK[mods];
    plusOf[mods] = PLUS_OF_MASK[mods];
    let f = avail & ~mods, c = 0;
    for (; f; f &= f - 1) c++;
    freeOf[mods] = c;
  }
  const ext = new Float64Array(MODS);
  for (let slot = nSlots - 1; slot >= 0; slot--) {
    const core = sp.cores[slot];
    step.load(sp, core);
    const base = slot * MODS;
    // outcomes that leave the core: one pass per pair of outcomes over the 64 mods
    const n = step.nNext;
    let j = 0;
    if (n & 1) {
      const c = nc[0], from = nb[0];
      for (let mods = 0; mods < MODS; mods++) {
        ext[mods] = c * value[from + mods];
      }
      j = 1;
    } else {
      ext.fill(0);
    }
    for (; j < n; j += 2) {
      const c0 = nc[j], f0 = nb[j], c1 = nc[j + 1], f1 = nb[j + 1];
      for (let mods = 0; mods < MODS; mods++) {
        ext[mods] += c0 * value[f0 + mods] + c1 * value[f1 + mods];
      }
    }
    const f7 = step.flip7, f7Sum = step.flip7Sum, bank = step.bank;
    const total = step.total, sum = step.sum, modBase = step.modBase;
    // then the modifiers, which lead to larger mods (in this core or a later one)
    for (let mods = MODS - 1; mods >= 0; mods--) {
      const x2 = x2Of[mods], plus = plusOf[mods];
      const stay = x2 * sum + plus;
      let e = ext[mods] + x2 * f7Sum + f7 * (plus + BONUS) + bank * stay;
      for (let free = avail & ~mods; free !== 0; free &= free - 1) {
        e += value[modBase + (mods | (free & -free))];
      }
      const h = e / (total + freeOf[mods]);
      const i = base + mods;
      if (h > stay || model.forced(core, mods)) {
        value[i] = h;
        hit[i] = 1;
      } else {
        value[i] = stay;
      }
    }
  }
  return {
    space: sp,
    value,
    hit,
    ev: value[sp.rootSlot * MODS],
    seconds: (performance.now() - t0) / 1000,
  };
}
