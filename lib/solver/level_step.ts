/**
 * The per-core setup the level passes share with `actions.ts`: the
 * modifier-mask tables and one core's chance node in level-buffer offsets
 * (moved out of `levels.ts` whole; `levels.ts` re-exports them).
 *
 * @module
 */

import { MULT_OF_MASK, PLUS_OF_MASK, SUM_OF_MASK } from "../game/cards.ts";
import type { LevelModel as ActionModel } from "./action_modes.ts";
import { FLIP7, NEXT, Outcomes } from "./model.ts";
import { MODS, type SoloSpace } from "./solve.ts";

/** Per-modifier-mask constants: x2 factor, +X bonus, modifiers left (internal, shared with `actions.ts`). */
export function modTables(avail: number) {
  const x2 = new Float64Array(MODS), plus = new Float64Array(MODS);
  const free = new Float64Array(MODS);
  for (let mods = 0; mods < MODS; mods++) {
    x2[mods] = MULT_OF_MASK[mods];
    plus[mods] = PLUS_OF_MASK[mods];
    let f = avail & ~mods, c = 0;
    for (; f; f &= f - 1) c++;
    free[mods] = c;
  }
  return { x2, plus, free };
}

/** One core's chance node (numbers and Second Chances) in level-buffer offsets (internal, shared with `actions.ts`). */
export class LevelStep {
  readonly o = new Outcomes();
  /** Offset of each NEXT outcome's core in the next level's buffer. */
  readonly nextOff = new Int32Array(64);
  /** Level position of each NEXT outcome's core. */
  readonly nextPos = new Int32Array(64);
  readonly nextCount = new Float64Array(64);
  /** Number sum of each NEXT outcome's core. */
  readonly nextSum = new Float64Array(64);
  nNext = 0;
  bust = 0;
  flip7 = 0;
  flip7Sum = 0;
  /** The Flip 7 outcomes: number sum of the seven and copies. */
  readonly f7Sum = new Float64Array(16);
  readonly f7Count = new Float64Array(16);
  f7n = 0;
  total = 0;
  mask = 0;
  sum = 0;
  /** Σ copies × number sum over the NEXT outcomes, and Σ copies. */
  nextSumC = 0;
  nextC = 0;

  load(
    model: ActionModel,
    base: SoloSpace,
    posOf: Int32Array,
    nextStart: number,
    blockN: number,
    core: number,
  ): void {
    const o = this.o;
    model.base.outcomes(core, o);
    this.mask = model.base.mask(core);
    this.sum = SUM_OF_MASK[this.mask];
    this.nNext = 0;
    this.bust = 0;
    this.flip7 = 0;
    this.flip7Sum = 0;
    this.f7n = 0;
    this.total = o.total;
    this.nextSumC = 0;
    this.nextC = 0;
    for (let i = 0; i < o.n; i++) {
      const c = o.count[i];
      if (o.effect[i] === NEXT) {
        const slot = base.index.get(o.next[i]);
        if (slot < 0) throw new Error(`core ${o.next[i]} is missing`);
        const pos = posOf[slot];
        const j = this.nNext++;
        this.nextPos[j] = pos;
        this.nextOff[j] = (pos - nextStart) * blockN;
        this.nextCount[j] = c;
        const s = SUM_OF_MASK[model.base.mask(o.next[i])];
        this.nextSum[j] = s;
        this.nextSumC += c * s;
        this.nextC += c;
      } else if (o.effect[i] === FLIP7) {
        this.flip7 += c;
        this.flip7Sum += c * SUM_OF_MASK[o.next[i]];
        this.f7Sum[this.f7n] = SUM_OF_MASK[o.next[i]];
        this.f7Count[this.f7n++] = c;
      } else {
        this.bust += c;
      }
    }
  }
}
