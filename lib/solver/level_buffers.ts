/**
 * The shared buffers of the level passes (`levels.ts`): their layout, the
 * largest level they are sized for, and the sets kept for the next pass of
 * the same sizes.
 *
 * @module
 */

import { FLIP3, MODS } from "../game/cards.ts";
import type { LevelModel as ActionModel } from "./action_modes.ts";
import { CHUNK, CTRL_WORDS, MAX_NEXT } from "./level_team.ts";

/**
 * The shared buffers of a level pass (all `SharedArrayBuffer`s). A level's
 * blocks hold `width` floats per kept mode of a core: the DP's values
 * (`width` = 64 masks) in place, a forward pass's outgoing rows packed per
 * chunk (a core's rows from `rowAt[q]` on, one per entry of its `flags` row).
 */
export interface LevelShared {
  ctrl: SharedArrayBuffer;
  /** Level L's blocks or rows are in `layers[L & 1]`. */
  layers: [SharedArrayBuffer, SharedArrayBuffer];
  /** Forward: the first row of each core of level L, `rowAt[L & 1]`. */
  rowAt: [SharedArrayBuffer, SharedArrayBuffer];
  /**
   * Forward: per core of level L (`flags[L & 1]`), the kept modes mass
   * leaves it into, as `s + 1` ascending, then zeros (a row of `stored` bytes).
   */
  flags: [SharedArrayBuffer, SharedArrayBuffer];
  /** The decisions (DP) or the decision table a forward pass reads. */
  hit: SharedArrayBuffer;
  edgeN: SharedArrayBuffer;
  edgeT: SharedArrayBuffer;
  edgeC: SharedArrayBuffer;
  inStart: SharedArrayBuffer;
  inSrc: SharedArrayBuffer;
  inC: SharedArrayBuffer;
  /** Forward: each chunk's banked mass (`accN` floats) and bust, Flip 7, visited. */
  partAcc: SharedArrayBuffer;
  partScal: SharedArrayBuffer;
  /** Float64 scalars: [0] the root's value. */
  scal: SharedArrayBuffer;
  /** Sizes they were made for. */
  maxLevel: number;
  blockN: number;
  hitN: number;
  accN: number;
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

/** The kept sets, by block width (the full passes' 64 masks, the lumped classes). */
const pools = new Map<number, LevelShared>();

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
 * const kept = sharedFor(model, 64, 100);
 * assert.equal(sharedFor(model, 64, 100), kept); // the same sizes: the kept set
 * releaseLevelBuffers();
 * assert.notEqual(sharedFor(model, 64, 100), kept); // a new set
 * ```
 */
export function releaseLevelBuffers(): void {
  pools.clear();
}

/**
 * The shared buffers for a pass over `model` with `width` floats per kept
 * mode and `accN` floats of banked mass per chunk: the kept set of that
 * width when it was made for the same sizes, else a new set (then kept).
 */
export function sharedFor(
  model: ActionModel,
  width: number,
  accN: number,
): LevelShared {
  const { start } = model.levels();
  const maxLevel = maxLevelOf(start);
  const stored = model.modes.nStored;
  const blockN = stored * width;
  const nCores = model.spaces().base.cores.length;
  const hitN = nCores * (model.deck[FLIP3] + 1) * MODS;
  const p = pools.get(width);
  if (
    p && p.maxLevel === maxLevel && p.blockN === blockN && p.hitN === hitN &&
    p.accN === accN && p.stored === stored
  ) {
    return p;
  }
  pools.delete(width); // let the old buffers go before the new ones are made
  const sab = (bytes: number) => new SharedArrayBuffer(Math.max(8, bytes));
  const chunks = Math.ceil(maxLevel / CHUNK) + 1;
  const two = (bytes: number): [SharedArrayBuffer, SharedArrayBuffer] => [
    sab(bytes),
    sab(bytes),
  ];
  const made: LevelShared = {
    ctrl: sab(CTRL_WORDS * 4), // replaced by each team's own
    layers: two(maxLevel * blockN * 8),
    rowAt: two(maxLevel * 4),
    flags: two(maxLevel * stored),
    hit: sab(hitN),
    edgeN: sab(maxLevel * 4),
    edgeT: sab(maxLevel * MAX_NEXT * 4),
    edgeC: sab(maxLevel * MAX_NEXT * 8),
    inStart: sab((maxLevel + 1) * 4),
    inSrc: sab(maxLevel * MAX_NEXT * 4),
    inC: sab(maxLevel * MAX_NEXT * 8),
    partAcc: sab(chunks * accN * 8),
    partScal: sab(chunks * 3 * 8),
    scal: sab(8 * 8),
    maxLevel,
    blockN,
    hitN,
    accN,
    stored,
  };
  pools.set(width, made);
  return made;
}
