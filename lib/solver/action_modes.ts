/**
 * The action modes of the all-94 model and the types its level passes
 * (`levels.ts`, `level_pass.ts`) need, apart from the model itself
 * (`actions.ts`), so that the passes and the model do not import each other:
 * the action readings of the rulings, {@linkcode ActionModes} (the states of
 * the Freezes and Flip Threes in front of a lone player and their
 * transitions), what a solve returns, and the part of the model the level
 * passes read ({@linkcode LevelModel}).
 *
 * @module
 */

import { FLIP3_DRAWS } from "../game/cards.ts";
import type { Rulings } from "../game/rulings.ts";
import type { ChanceModel } from "./model.ts";
import type { SoloSpace } from "./solve.ts";

/**
 * How the action cards flipped during a Flip Three resolve for a lone player
 * (the rulings `actions` and `set-aside-order`, see `lib/game/rulings.ts`):
 *
 * - `drawn`: set aside, resolved in the order drawn after the three (a
 *   set-aside Flip Three flips three more, its own set-aside cards resolving
 *   after those; a set-aside Freeze banks and drops what waits after it);
 * - `forced-draws-first`: a Flip Three adds three forced draws, a Freeze
 *   waits until every forced draw is done (stacked ones included), then banks;
 * - `immediate`: a Flip Three adds three forced draws, a Freeze banks at once.
 */
export type ActionReading = "drawn" | "forced-draws-first" | "immediate";

/** The action readings, `drawn` (the default rulings) first. */
export const ACTION_READINGS: readonly ActionReading[] = [
  "drawn",
  "forced-draws-first",
  "immediate",
];

/**
 * The action reading of a set of rulings.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_RULINGS } from "../game/rulings.ts";
 * assert.equal(actionReading(DEFAULT_RULINGS), "drawn");
 * assert.equal(actionReading({ ...DEFAULT_RULINGS, actions: "immediate" }), "immediate");
 * ```
 */
export function actionReading(rulings: Rulings): ActionReading {
  return rulings.actions === "immediate" ? "immediate" : rulings.setAsideOrder;
}

/**
 * The action modes of a deck with `flips` Flip Threes and `freezes` Freezes,
 * in topological order, with their transitions, under one
 * {@linkcode ActionReading} (default `drawn`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const m = new ActionModes(3, 3);
 * assert.equal(m.n, 62);
 * assert.equal(m.free.length, 4); // one free mode per Flip Threes drawn, 0-3
 * assert.equal(new ActionModes(3, 3, "forced-draws-first").n, 46);
 * assert.equal(new ActionModes(1, 1).n, 7);
 * ```
 */
export class ActionModes {
  /** Number of modes. */
  readonly n: number;
  /** Pseudo-mode: the round ends banking the current score. */
  readonly bank: number;
  /** Flip Threes drawn. */
  readonly td: Uint8Array;
  /** Freezes drawn. */
  readonly fd: Uint8Array;
  /** Draws the current Flip Three still owes (0: a free mode). */
  readonly r: Uint8Array;
  /** Forced draws owed if no further action is drawn. */
  readonly owed: Uint8Array;
  /** A Freeze waits (the round will end with it). */
  readonly freeze: Uint8Array;
  /** Mode after a non-action card (a number, modifier or Second Chance), or {@linkcode bank}. */
  readonly advN: Int16Array;
  /** Mode after a Flip Three, or {@linkcode bank}; -1 when none is left. */
  readonly advT: Int16Array;
  /** Mode after a Freeze, or {@linkcode bank}; -1 when none is left. */
  readonly advF: Int16Array;
  /** The free mode of each count of Flip Threes drawn. */
  readonly free: Int16Array;
  /** Index among the kept modes (those a non-action card leads to), or -1. */
  readonly stored: Int16Array;
  /** Number of kept modes. */
  readonly nStored: number;
  /** A short description of each mode. */
  readonly label: string[];

  /**
   * Enumerates the modes of a deck with these action cards.
   *
   * @param flips Flip Threes in the deck
   * @param freezes Freezes in the deck
   * @param reading how set-aside actions resolve
   * @param draws the cards one Flip Three makes the player flip (its row's
   *   value in the card table)
   */
  constructor(
    readonly flips: number,
    readonly freezes: number,
    readonly reading: ActionReading = "drawn",
    readonly draws: number = FLIP3_DRAWS,
  ) {
    const FLIP_DRAWS = draws;
    type M = number[]; // drawn: td, fd, r, a, p, fL, fP; others: td, fd, owed, fp
    const T = flips, F = freezes;
    const canon = (m: M): M | null => {
      let [td, fd, r, a, p, fL, fP] = m;
      if (fL) {
        p = 0;
        fP = 0;
      }
      if (r === 0) {
        if (a > 0) {
          return canon([
            td,
            fd,
            FLIP_DRAWS,
            0,
            a - 1 + (fL ? 0 : p),
            0,
            fL || fP ? 1 : 0,
          ]);
        }
        if (fL) return null;
        if (p > 0) return canon([td, fd, FLIP_DRAWS, 0, p - 1, 0, fP]);
        if (fP) return null;
        return [td, fd, 0, 0, 0, 0, 0];
      }
      if (fd === F && !fL) {
        p += a;
        a = 0;
      }
      return [td, fd, r, a, p, fL, fP];
    };
    const key = (m: M) => m.join(",");
    const seen = new Map<string, M>();
    const queue: M[] = [];
    const add = (m: M | null) => {
      if (m === null || seen.has(key(m))) return;
      seen.set(key(m), m);
      queue.push(m);
    };
    const drawn = reading === "drawn";
    // forced-draws-first and immediate: (td, fd, owed, freeze pending)
    const counted = (td: number, fd: number, owed: number, fp: number) =>
      owed > 0 ? [td, fd, owed, fp] : fp ? null : [td, 0, 0, 0];
    const nextN = (m: M) =>
      m[2] === 0
        ? m
        : drawn
        ? canon([m[0], m[1], m[2] - 1, m[3], m[4], m[5], m[6]])
        : counted(m[0], m[1], m[2] - 1, m[3]);
    const nextT = (m: M): M | null | undefined => {
      if (!drawn) {
        const [td, fd, owed, fp] = m;
        if (td >= T) return undefined;
        return counted(
          td + 1,
          fd,
          owed === 0 ? FLIP_DRAWS : owed - 1 + FLIP_DRAWS,
          fp,
        );
      }
      const [td, fd, r, a, p, fL, fP] = m;
      if (td >= T) return undefined;
      if (r === 0) return canon([td + 1, fd, FLIP_DRAWS, 0, 0, 0, 0]);
      return canon([td + 1, fd, r - 1, fL ? a : a + 1, p, fL, fP]);
    };
    const nextF = (m: M): M | null | undefined => {
      if (!drawn) {
        const [td, fd, owed] = m;
        if (fd >= F) return undefined;
        if (owed === 0 || reading === "immediate") return null;
        return counted(td, fd + 1, owed - 1, 1);
      }
      const [td, fd, r, a, p, _fL, fP] = m;
      if (fd >= F) return undefined;
      if (r === 0) return null;
      return canon([td, fd + 1, r - 1, a, p, 1, fP]);
    };
    const freeMode = (td: number) =>
      drawn ? [td, 0, 0, 0, 0, 0, 0] : [td, 0, 0, 0];
    for (let td = 0; td <= T; td++) add(freeMode(td));
    while (queue.length) {
      const m = queue.pop()!;
      add(nextN(m));
      const t = nextT(m), f = nextF(m);
      if (t !== undefined) add(t);
      if (f !== undefined) add(f);
    }
    const owedOf = (m: M) =>
      drawn ? m[2] + FLIP_DRAWS * (m[3] + (m[5] ? 0 : m[4])) : m[2];
    const list = [...seen.values()].sort((x, y) =>
      x[0] + x[1] - (y[0] + y[1]) || owedOf(y) - owedOf(x) ||
      (key(x) < key(y) ? -1 : key(x) > key(y) ? 1 : 0)
    );
    const n = list.length;
    this.n = n;
    this.bank = n;
    const id = new Map(list.map((m, i) => [key(m), i]));
    const ref = (m: M | null | undefined) =>
      m === undefined ? -1 : m === null ? n : id.get(key(m))!;
    this.td = Uint8Array.from(list.map((m) => m[0]));
    this.fd = Uint8Array.from(list.map((m) => m[1]));
    this.r = Uint8Array.from(list.map((m) => m[2]));
    this.owed = Uint8Array.from(list.map(owedOf));
    this.freeze = Uint8Array.from(
      list.map((m) => (drawn ? m[5] || m[6] : m[3]) ? 1 : 0),
    );
    this.advN = Int16Array.from(list.map((m) => ref(nextN(m))));
    this.advT = Int16Array.from(list.map((m) => ref(nextT(m))));
    this.advF = Int16Array.from(list.map((m) => ref(nextF(m))));
    this.free = new Int16Array(T + 1);
    for (let td = 0; td <= T; td++) {
      this.free[td] = id.get(key(freeMode(td)))!;
    }
    this.stored = new Int16Array(n).fill(-1);
    let s = 0;
    for (let i = 0; i < n; i++) {
      const t = this.advN[i];
      if (t < n && this.stored[t] < 0) this.stored[t] = 0;
    }
    for (let i = 0; i < n; i++) if (this.stored[i] === 0) this.stored[i] = s++;
    this.nStored = s;
    this.label = list.map((m) =>
      m[2] === 0
        ? `free, ${m[0]} flip3 drawn`
        : !drawn
        ? `owes ${m[2]}${m[3] ? ", freeze waits" : ""}; ${m[0]} flip3, ${
          m[1]
        } freeze drawn`
        : `owes ${m[2]}+${FLIP_DRAWS}×${m[3] + m[4]} (set aside ${
          m[3]
        }, queued ${m[4]})${
          m[5] ? ", freeze waits here" : m[6] ? ", freeze waits above" : ""
        }; ${m[0]} flip3, ${m[1]} freeze drawn`
    );
  }
}

/** The `core << TB | td` decision keys of the free modes. */
export function bitsFor(n: number): number {
  return n <= 0 ? 0 : 32 - Math.clz32(n);
}

/**
 * Where a solve of an action model spends its time and memory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { type ActionModel, solveActions } from "./actions.ts";
 * import { getModel } from "./model.ts";
 * const model = getModel("all94", "5:0,6:0,7:0,8:0,9:0,10:0,11:0,12:0,+4:0,+6:0,+8:0,+10:0,chance:1,freeze:1,flip3:1") as ActionModel;
 * model.log = () => {};
 * const s: ActionSolution = solveActions(model, 1);
 * assert.equal(s.peakLayerBytes, 138240); // bytes of the two levels held at once
 * assert.ok(s.seconds >= 0 && s.states > 0);
 * ```
 */
export interface ActionSolution {
  /** The decision space (free modes): keys `core << TB | flip threes drawn`. */
  readonly space: SoloSpace;
  /** `hit[slot * 64 + mods]` over the decision space. */
  readonly hit: Uint8Array;
  /** Optimal value of the pre-deal state. */
  readonly ev: number;
  /** Seconds, enumeration included. */
  readonly seconds: number;
  /** Seconds enumerating the cores. */
  readonly enumSeconds: number;
  /** States of the dense layout: cores × modes × 64, less the pre-deal state. */
  readonly states: number;
  /** Largest bytes held by the two level buffers at once. */
  readonly peakLayerBytes: number;
  /** Largest resident set size of the process seen at the end of a level. */
  readonly peakRss: number;
}

/**
 * The part of the all-94 model (`ActionModel` of `actions.ts`) the level
 * passes read: its deck, rulings and modes, its two state spaces and their
 * level order.
 */
export interface LevelModel {
  /** The model's name. */
  readonly name: "all94";
  /** Its id (deck and rulings). */
  readonly id: string;
  /** Cards of each kind in the deck. */
  readonly deck: readonly number[];
  /** The rulings it was built under. */
  readonly rulings: Rulings;
  /** The 88-card model of the number and modifier cards under it. */
  readonly base: ChanceModel;
  /** The action modes. */
  readonly modes: ActionModes;
  /** Largest round score. */
  readonly maxScore: number;
  /** Progress lines (null: quiet). */
  log: ((line: string) => void) | null;
  /** The base and decision state spaces. */
  spaces(): { base: SoloSpace; decisions: SoloSpace };
  /** The decision state space. */
  space(): SoloSpace;
  /** Number of decision states. */
  denseStates(): number;
  /** The base cores in level order and where each level starts. */
  levels(): { order: Int32Array; start: Int32Array };
}
