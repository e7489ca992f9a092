/**
 * The shared buffers of the level passes: their layout, the largest level
 * they are sized for, and the set kept for the next pass of the same size
 * (moved out of `levels.ts` whole; `levels.ts` re-exports them).
 *
 * @module
 */

import { FLIP3 } from "../game/cards.ts";
import type { LevelModel as ActionModel } from "./action_modes.ts";
import { MODS } from "./solve.ts";
import { CHUNK, CTRL_WORDS, MAX_NEXT } from "./level_team.ts";

/** The shared buffers of a level pass (all `SharedArrayBuffer`s). */
export interface LevelShared {
  ctrl: SharedArrayBuffer;
  /** Level buffers: level L lives in `layers[L % 2]`. */
  layers: [SharedArrayBuffer, SharedArrayBuffer];
  /** Touched flags of a level's cores, `touched[L % 2]`. */
  touched: [SharedArrayBuffer, SharedArrayBuffer];
  hit: SharedArrayBuffer;
  edgeN: SharedArrayBuffer;
  edgeT: SharedArrayBuffer;
  edgeC: SharedArrayBuffer;
  flags: SharedArrayBuffer;
  inStart: SharedArrayBuffer;
  inSrc: SharedArrayBuffer;
  inC: SharedArrayBuffer;
  partDist: SharedArrayBuffer;
  partScal: SharedArrayBuffer;
  /** Float64 scalars: [0] the root's value. */
  scal: SharedArrayBuffer;
  /** Sizes they were made for. */
  maxLevel: number;
  blockN: number;
  hitN: number;
  width: number;
  stored: number;
}

/**
 * Cores of the largest level.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // levels [0, 1), [1, 15), [15, 20): the largest holds 14 cores
 * assert.equal(maxLevelOf(Int32Array.of(0, 1, 15, 20)), 14);
 * ```
 */
export function maxLevelOf(start: Int32Array): number {
  let n = 0;
  for (let l = 0; l + 1 < start.length; l++) {
    n = Math.max(n, start[l + 1] - start[l]);
  }
  return n;
}

let pool: LevelShared | null = null;

/**
 * Drop the level buffers kept for the next pass (they are otherwise held
 * until the process ends; about 3.3 GB for `all94`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * const model = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * const kept = sharedFor(model);
 * assert.equal(sharedFor(model), kept); // the same sizes: the kept set
 * releaseLevelBuffers();
 * assert.notEqual(sharedFor(model), kept); // a new set
 * ```
 */
export function releaseLevelBuffers(): void {
  pool = null;
}

/**
 * The shared buffers for a pass over `model`: the kept set when it was made
 * for the same sizes, else a new set (which is then kept).
 */
export function sharedFor(model: ActionModel): LevelShared {
  const { start } = model.levels();
  const maxLevel = maxLevelOf(start);
  const stored = model.modes.nStored;
  const blockN = stored * MODS;
  const nCores = model.spaces().base.cores.length;
  const hitN = nCores * (model.deck[FLIP3] + 1) * MODS;
  const width = model.maxScore + 1;
  const p = pool;
  if (
    p && p.maxLevel === maxLevel && p.blockN === blockN && p.hitN === hitN &&
    p.width === width && p.stored === stored
  ) {
    return p;
  }
  pool = null; // let the old buffers go before the new ones are made
  const sab = (bytes: number) => new SharedArrayBuffer(Math.max(8, bytes));
  const chunks = Math.ceil(maxLevel / CHUNK) + 1;
  const made: LevelShared = {
    ctrl: sab(CTRL_WORDS * 4), // replaced by each team's own
    layers: [sab(maxLevel * blockN * 8), sab(maxLevel * blockN * 8)],
    touched: [sab(maxLevel), sab(maxLevel)],
    hit: sab(hitN),
    edgeN: sab(maxLevel * 4),
    edgeT: sab(maxLevel * MAX_NEXT * 4),
    edgeC: sab(maxLevel * MAX_NEXT * 8),
    flags: sab(maxLevel * stored),
    inStart: sab((maxLevel + 1) * 4),
    inSrc: sab(maxLevel * MAX_NEXT * 4),
    inC: sab(maxLevel * MAX_NEXT * 8),
    partDist: sab(chunks * width * 8),
    partScal: sab(chunks * 3 * 8),
    scal: sab(8 * 8),
    maxLevel,
    blockN,
    hitN,
    width,
    stored,
  };
  pool = made;
  return made;
}
