/**
 * The lumped pass (`lumped.ts`) over an action model, level-parallel like the
 * forward pass of `levels.ts`, one task per level: each core of level L
 * pulls its class mass from its predecessors' outgoing blocks (level L - 1,
 * in-edge lists built between the levels by `buildInEdges`), takes it
 * through its modes, sums the banked mass per chunk and writes the mass
 * leaving it into level L's buffer (the forward pass's phase B fused into
 * its phase A: no incoming level buffer, one barrier a level). Each thread
 * asks its own copy of the policy — a registry spec (`sum:N`, `count:N`,
 * `bust:P`), rebuilt in each worker — through its own {@linkcode SoloView},
 * as `evaluateStrategy` asks it, a whole modifier class at a time
 * ({@linkcode classDeciderOf}); the forced draws take the fast loop of
 * {@linkcode fastModes}. The
 * figures do not depend on the number of threads, equal the one-thread
 * lumped pass's up to floating-point rounding (the sums are taken in another
 * order) and visit the same states; the pass declines (returns `null`) at
 * the same reached states.
 *
 * Why this file runs past ~500 lines: {@linkcode LumpedWork} is the lumped
 * pass's hot loop (~350 lines over the shared buffers' typed views, its
 * pull included) and {@linkcode classDeciderOf} the class memo it asks;
 * what it shares with the forward pass is `levels.ts`, `mod_classes.ts` and
 * `level_team.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import type { ActionModel } from "./actions.ts";
 * import { lumpedLevels, viewDecider } from "./lumped_levels.ts";
 * import { evaluateDecider } from "./forward.ts";
 * import { SoloView } from "./view.ts";
 * import { SumStrategy } from "../strategies/sum.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * m.log = () => {};
 * const view = new SoloView(m.space());
 * const decide = viewDecider(view, new SumStrategy(20));
 * const fast = lumpedLevels(m, "sum:20", "sum:20", decide, 2)!;
 * // the full forward pass over every state agrees
 * const full = evaluateDecider(m.space(), decide, "sum:20");
 * assert.ok(Math.abs(fast.ev - full.ev) < 1e-10);
 * assert.equal(fast.visited, full.visited);
 * ```
 * @module
 */

import { FLIP3, FLIP7_BONUS, FREEZE } from "../game/cards.ts";
import type { Strategy } from "../game/view.ts";
import type { ActionModes, LevelModel as ActionModel } from "./action_modes.ts";
import type { Decider, Evaluation } from "./forward.ts";
import {
  buildInEdges,
  CHUNK,
  CTRL_WORDS,
  DECLINED,
  type EdgeViews,
  levelInit,
  LevelStep,
  type LevelTasks,
  LevelTeam,
  maxLevelOf,
  NEXT_CHUNK,
  TASK_FWD_A,
  threadsFor,
} from "./levels.ts";
import { Banked, classDecision, finish, ModClasses } from "./lumped.ts";
import { modifiersInDeck, type SoloSpace } from "./solve.ts";
import type { SoloView } from "./view.ts";

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;

const MAX_NEXT = 64;

/**
 * The policy as a decision rule over a solo view: a decision that did not
 * count cards exactly holds for every state showing the same table (memo by
 * the view's visible key), as `evaluateStrategy` asks it. The lumped passes
 * also ask such a rule for a whole modifier class at once
 * ({@linkcode classDeciderOf}).
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * import { SoloView } from "./view.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const view = new SoloView(spaceOf(getModel("numbers")));
 * const decide = viewDecider(view, makeStrategy("sum:20"));
 * if (!decide(0, 0)) throw new Error("sum:20 stays on an empty line");
 * ```
 */
export function viewDecider(view: SoloView, strategy: Strategy): Decider {
  // 0: not asked yet, 1 stay, 2 hit (zero-filled: no pass over 32 MB)
  const memo = new Uint8Array(2 ** view.keyBits);
  const decide = (slot: number, mods: number) => {
    view.set(slot, mods);
    const key = view.visibleKey();
    const known = memo[key];
    if (known !== 0) return known === 2;
    view.exactReads = 0;
    const hit = strategy.hit(view, 0);
    if (view.exactReads === 0) memo[key] = hit ? 2 : 1;
    return hit;
  };
  viewRules.set(decide, { view, strategy });
  return decide;
}

/** What {@linkcode viewDecider} built a rule from (its view and policy). */
interface ViewRule {
  view: SoloView;
  strategy: Strategy;
}
const viewRules = new WeakMap<Decider, ViewRule>();

/**
 * A policy's decision on a whole modifier class at a decision slot: 1 hit,
 * 0 stay, -1 when masks of the class disagree (the lumped pass then
 * declines).
 */
export type ClassDecider = (dslot: number, cl: number) => number;

/** Bits of the visible key that hold the modifier mask (its low bits). */
const MOD_BITS = 6;
/** Bits of a class in the class memo's key (at most 16 classes). */
const CLASS_BITS = 4;

/**
 * The class decisions of a rule, as `classDecision` gives them (the rule
 * asked at every mask of the class). For a rule made by
 * {@linkcode viewDecider} they are also kept per visible table less the
 * modifiers: when no mask of the class counted cards exactly, every state
 * showing that table would read each mask's decision from the view memo, so
 * they decide the class alike — the same answers for a twelfth of the calls
 * on `all94` (64 masks a core and Flip Threes count, 12 classes). The view
 * memo itself is not read or written (its pages are never touched).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { spaceOf } from "./solve.ts";
 * import { SoloView } from "./view.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * import { classDecision, ModClasses } from "./mod_classes.ts";
 * const sp = spaceOf(getModel("numbers"));
 * const k = new ModClasses(0b111111);
 * const decide = viewDecider(new SoloView(sp), makeStrategy("sum:20"));
 * const byClass = classDeciderOf(decide, k);
 * for (let s = 0; s < 50; s++) {
 *   for (let c = 0; c < k.n; c++) {
 *     assert.equal(byClass(s, c), classDecision(decide, k, s, c));
 *   }
 * }
 * // a plain rule: asked at every mask each time
 * assert.equal(classDeciderOf((_s, mods) => mods !== 2, k)(0, 2), -1);
 * ```
 */
export function classDeciderOf(decide: Decider, k: ModClasses): ClassDecider {
  const rule = viewRules.get(decide);
  if (!rule || k.n > 1 << CLASS_BITS) {
    return (dslot, cl) => classDecision(decide, k, dslot, cl);
  }
  const { view, strategy } = rule;
  const members = k.members;
  // the decision + 2 (1: the masks disagree, 2 stay, 3 hit); 0: not asked yet
  const known = new Uint8Array(2 ** (view.keyBits - MOD_BITS + CLASS_BITS));
  let lastSlot = -1, table = 0; // the pass asks a slot's classes in a row
  return (dslot, cl) => {
    if (dslot !== lastSlot) {
      lastSlot = dslot;
      table = (view.tableKey(dslot) >>> MOD_BITS) << CLASS_BITS;
    }
    const at = table | cl;
    const got = known[at];
    if (got !== 0) return got - 2;
    const ms = members[cl];
    let d = -1, shared = true;
    for (let i = 0; i < ms.length; i++) {
      // (no look in the view memo: a mask's key is asked here once, when
      // its class's key is new, unless a mask counted cards exactly)
      view.set(dslot, ms[i]);
      view.exactReads = 0;
      const hit = strategy.hit(view, 0) ? 1 : 0;
      if (view.exactReads !== 0) shared = false;
      if (i === 0) d = hit;
      else if (hit !== d) {
        d = -1;
        break;
      }
    }
    if (shared) known[at] = d + 2;
    return d;
  };
}

/** Specs a worker can rebuild from the registry alone. */
const LUMPED_SPEC = /^(sum|count|bust):[0-9.]+$/;

/**
 * True when `spec` is a registry policy the parallel lumped pass can rebuild
 * in its workers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(lumpedSpec("sum:25"), true);
 * assert.equal(lumpedSpec("ev"), false); // ev's decisions read more than the class
 * ```
 */
export function lumpedSpec(spec: string): boolean {
  return LUMPED_SPEC.test(spec.trim());
}

/** The shared buffers of a lumped pass. */
export interface LumpedShared {
  ctrl: SharedArrayBuffer;
  /**
   * Level L's outgoing rows (a row: `NC` floats, one kept mode of one core)
   * are in `layers[L & 1]`: core q's rows, one per entry of its flags row,
   * from row `rowAt[L & 1][q]` on, packed per chunk.
   */
  layers: [SharedArrayBuffer, SharedArrayBuffer];
  rowAt: [SharedArrayBuffer, SharedArrayBuffer];
  edgeN: SharedArrayBuffer;
  edgeT: SharedArrayBuffer;
  edgeC: SharedArrayBuffer;
  /**
   * Level L's flags are in `flags[L & 1]`: per core, the kept modes mass
   * leaves it into, as `s + 1` ascending, then zeros (a row of `S` bytes).
   */
  flags: [SharedArrayBuffer, SharedArrayBuffer];
  inStart: SharedArrayBuffer;
  inSrc: SharedArrayBuffer;
  inC: SharedArrayBuffer;
  partAcc: SharedArrayBuffer;
  partScal: SharedArrayBuffer;
  maxLevel: number;
  blockN: number;
  accN: number;
}

let pool: LumpedShared | null = null;

function sharedFor(model: ActionModel, k: ModClasses): LumpedShared {
  const { start } = model.levels();
  const maxLevel = maxLevelOf(start);
  const S = model.modes.nStored;
  const blockN = S * k.n;
  const accN = k.n * (model.maxScore + 1);
  const p = pool;
  if (
    p && p.maxLevel === maxLevel && p.blockN === blockN && p.accN === accN
  ) {
    return p;
  }
  pool = null;
  const sab = (bytes: number) => new SharedArrayBuffer(Math.max(8, bytes));
  const chunks = Math.ceil(maxLevel / CHUNK) + 1;
  const made: LumpedShared = {
    ctrl: sab(CTRL_WORDS * 4),
    layers: [sab(maxLevel * blockN * 8), sab(maxLevel * blockN * 8)],
    edgeN: sab(maxLevel * 4),
    edgeT: sab(maxLevel * MAX_NEXT * 4),
    edgeC: sab(maxLevel * MAX_NEXT * 8),
    flags: [sab(maxLevel * S), sab(maxLevel * S)],
    rowAt: [sab(maxLevel * 4), sab(maxLevel * 4)],
    inStart: sab((maxLevel + 1) * 4),
    inSrc: sab(maxLevel * MAX_NEXT * 4),
    inC: sab(maxLevel * MAX_NEXT * 8),
    partAcc: sab(chunks * accN * 8),
    partScal: sab(chunks * 3 * 8),
    maxLevel,
    blockN,
    accN,
  };
  pool = made;
  return made;
}

/**
 * Per mode, 1 when its cells can be taken by the fast loop of the lumped
 * pass: a forced draw (no decision, no class stays) whose cards lead to
 * other modes or end the round, never to the mode itself (its cells would
 * be read before they are all written).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ActionModes } from "./action_modes.ts";
 * const md = new ActionModes(3, 3);
 * const fast = fastModes(md, 3, 3);
 * assert.equal(fast[md.free[0]], 0); // a free mode asks the policy
 * assert.ok(fast.some((f) => f === 1));
 * ```
 */
export function fastModes(
  md: ActionModes,
  flips: number,
  freezes: number,
): Uint8Array {
  const fast = new Uint8Array(md.n);
  for (let mi = 0; mi < md.n; mi++) {
    const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
    const tl = flips - md.td[mi], fl = freezes - md.fd[mi];
    const ok = md.r[mi] > 0 && t !== mi && (tl <= 0 || tT !== mi) &&
      (fl <= 0 || tF !== mi);
    fast[mi] = ok ? 1 : 0;
  }
  return fast;
}

/** One thread's side of a lumped pass. */
export class LumpedWork implements LevelTasks {
  readonly md: ActionModes;
  readonly k: ModClasses;
  readonly base: SoloSpace;
  readonly order: Int32Array;
  readonly start: Int32Array;
  readonly posOf: Int32Array;
  readonly S: number;
  readonly blockN: number;
  readonly accN: number;
  readonly W: number;
  /** This thread's class decisions ({@linkcode classDeciderOf}). */
  readonly decideClass: ClassDecider;
  readonly step: LevelStep = new LevelStep();
  readonly ctrl: Int32Array;
  readonly layers: [Float64Array, Float64Array];
  readonly rowAt: [Int32Array, Int32Array];
  readonly edgeN: Int32Array;
  readonly edgeT: Int32Array;
  readonly edgeC: Float64Array;
  readonly flags: [Uint8Array, Uint8Array];
  /** The kept modes' mode (the inverse of `md.stored`). */
  readonly modeOf: Int32Array;
  /** The pre-deal core's incoming block (level 0 has no predecessors). */
  readonly rootIn: Float64Array;
  readonly inStart: Int32Array;
  readonly inSrc: Int32Array;
  readonly inC: Float64Array;
  readonly partAcc: Float64Array;
  readonly partScal: Float64Array;
  readonly mass: Float64Array;
  /** The kept modes mass leaves the current core into (1) or not (0). */
  readonly leaves: Uint8Array;
  readonly agg: Float64Array;
  readonly pHit: Float64Array;
  /** The hit mass of the current core per class (all modes). */
  readonly pCls: Float64Array;
  /** The hit mass whose next number banks the round, per class. */
  readonly pBank: Float64Array;
  /** Where each class's score lands in the chunk's partial law (per core). */
  readonly cIdx: Int32Array;
  /** Masks in each class. */
  readonly memberN: Int32Array;
  /** Per mode, 1 when the pass takes its cells by the fast loop ({@linkcode fastModes}). */
  readonly fast: Uint8Array;
  /** Classes with a `+X` card left (a prefix: class `c` goes to `c + XS`). */
  readonly nPlus: number;
  /** Classes apart in `+X` cards held (2 with an `x2` in the deck, else 1). */
  readonly XS: number;
  /** Classes with the `x2` left (class `c` goes to `c + 1`). */
  readonly x2Cls: Int32Array;

  /**
   * @param model the action model
   * @param sh the shared buffers
   * @param decide this thread's copy of the decision rule
   */
  constructor(
    readonly model: ActionModel,
    sh: LumpedShared,
    decide: Decider,
  ) {
    this.md = model.modes;
    this.k = new ModClasses(modifiersInDeck(model.base));
    this.base = model.spaces().base;
    const { order, start } = model.levels();
    this.order = order;
    this.start = start;
    const n = this.base.cores.length;
    this.posOf = new Int32Array(n);
    for (let p = 0; p < n; p++) this.posOf[order[p]] = p;
    this.S = this.md.nStored;
    this.blockN = sh.blockN;
    this.accN = sh.accN;
    this.W = model.maxScore + 1;
    this.decideClass = classDeciderOf(decide, this.k);
    this.ctrl = new Int32Array(sh.ctrl);
    this.layers = [
      new Float64Array(sh.layers[0]),
      new Float64Array(sh.layers[1]),
    ];
    this.edgeN = new Int32Array(sh.edgeN);
    this.edgeT = new Int32Array(sh.edgeT);
    this.edgeC = new Float64Array(sh.edgeC);
    this.flags = [new Uint8Array(sh.flags[0]), new Uint8Array(sh.flags[1])];
    this.rowAt = [new Int32Array(sh.rowAt[0]), new Int32Array(sh.rowAt[1])];
    this.modeOf = new Int32Array(this.S).fill(-1);
    for (let mi = 0; mi < this.md.n; mi++) {
      if (this.md.stored[mi] >= 0) this.modeOf[this.md.stored[mi]] = mi;
    }
    this.rootIn = new Float64Array(this.blockN);
    this.rootIn[this.md.stored[this.md.free[0]] * this.k.n] = 1;
    this.inStart = new Int32Array(sh.inStart);
    this.inSrc = new Int32Array(sh.inSrc);
    this.inC = new Float64Array(sh.inC);
    this.partAcc = new Float64Array(sh.partAcc);
    this.partScal = new Float64Array(sh.partScal);
    this.mass = new Float64Array(this.md.n * this.k.n);
    this.leaves = new Uint8Array(this.S);
    this.agg = new Float64Array(this.S * this.k.n);
    this.pHit = new Float64Array(this.k.n);
    this.pCls = new Float64Array(this.k.n);
    this.pBank = new Float64Array(this.k.n);
    this.cIdx = new Int32Array(this.k.n);
    this.memberN = Int32Array.from(this.k.members, (m) => m.length);
    this.fast = fastModes(this.md, model.deck[FLIP3], model.deck[FREEZE]);
    const k = this.k;
    this.XS = k.n > 1 && k.upX2[0] === 1 ? 2 : 1;
    let nPlus = 0;
    while (nPlus < k.n && k.plusLeft[nPlus] > 0) nPlus++;
    const x2: number[] = [];
    for (let c = 0; c < k.n; c++) {
      if (k.plusLeft[c] > 0 && k.upPlus[c] !== c + this.XS) {
        throw new Error(`modifier class ${c}: unexpected +X successor`);
      }
      if (k.x2Left[c] > 0) {
        if (k.upX2[c] !== c + 1) {
          throw new Error(`modifier class ${c}: unexpected x2 successor`);
        }
        x2.push(c);
      }
    }
    for (let c = nPlus; c < k.n; c++) {
      if (k.plusLeft[c] > 0) throw new Error("+X classes are not a prefix");
    }
    this.nPlus = nPlus;
    this.x2Cls = Int32Array.from(x2);
  }

  chunksOf(task: number, L: number): number {
    if (task !== TASK_FWD_A || L + 1 >= this.start.length) return 0;
    return Math.ceil((this.start[L + 1] - this.start[L]) / CHUNK);
  }

  work(task: number, L: number): void {
    const n = this.chunksOf(task, L);
    for (;;) {
      const c = Atomics.add(this.ctrl, NEXT_CHUNK, 1);
      if (c >= n) return;
      if (Atomics.load(this.ctrl, DECLINED) !== 0) continue;
      if (!this.phaseA(L, c)) Atomics.store(this.ctrl, DECLINED, 1);
    }
  }

  /**
   * Pull the incoming block of a core of level L ≥ 1 (its in-edges `a` to
   * `b`) into `mass` (one row of classes per mode; the modes not kept get
   * none): per kept mode, the predecessors' outgoing rows (level L - 1,
   * `buildInEdges`'s lists, the rows their flags list) times their copies,
   * summed from 0 in ascending source order — the additions `pullLevel`
   * makes into a level buffer, so the same bits, without the buffer.
   */
  pullInto(L: number, a: number, b: number): void {
    const { S, md, mass, inSrc, inC, modeOf } = this;
    const rowAt = this.rowAt[(L - 1) & 1];
    const NC = this.k.n, M = md.n;
    const src = this.layers[(L - 1) & 1], flags = this.flags[(L - 1) & 1];
    for (let i = 0; i < M * NC; i++) mass[i] = 0;
    // source by source, ascending: each row's sum from 0 in that order (0 +
    // the first product is that product: the bits of pullLevel's sums)
    for (let e = a; e < b; e++) {
      const p = inSrc[e], c = inC[e], f0 = p * S, from0 = rowAt[p] * NC;
      for (let i = 0; i < S; i++) {
        const s1 = flags[f0 + i];
        if (s1 === 0) break;
        const from = from0 + i * NC, to = modeOf[s1 - 1] * NC;
        for (let x = 0; x < NC; x++) mass[to + x] += src[from + x] * c;
      }
    }
  }

  /** Chunk `c` of level L (pull, modes, write-back); false when the policy tells masks of a class apart. */
  phaseA(L: number, c: number): boolean {
    const {
      md,
      k,
      S,
      W,
      step,
      mass,
      agg,
      pHit,
      pCls,
      pBank,
      model,
      decideClass,
    } = this;
    const { cIdx, memberN, fast, nPlus, x2Cls } = this;
    const nX2 = x2Cls.length, XS = this.XS;
    const mul = k.mul, kFree = k.free, plusLeft = k.plusLeft;
    const x2Left = k.x2Left, upPlus = k.upPlus, upX2 = k.upX2;
    const NC = k.n, M = md.n, BANKED = md.bank;
    const T = model.deck[FLIP3], F = model.deck[FREEZE], T1 = T + 1;
    const blockN = this.blockN;
    const start = this.start;
    const ls = start[L], le = start[L + 1];
    const ns = le;
    const layer = this.layers[L & 1], flags = this.flags[L & 1];
    const rowAt = this.rowAt[L & 1];
    // the chunk's outgoing rows start at its share of the buffer (a core
    // writes only the rows it sends mass into: pages of unused rows are never
    // touched)
    let row = c * CHUNK * S;
    const leaves = this.leaves;
    const inStart = this.inStart, edgeN = this.edgeN;
    const edgeT = this.edgeT, edgeC = this.edgeC;
    const acc = this.partAcc, aOff = c * this.accN;
    for (let i = 0; i < this.accN; i++) acc[aOff + i] = 0;
    let bust = 0, flip7 = 0, visited = 0;
    const from0 = ls + c * CHUNK, to0 = Math.min(le, from0 + CHUNK);
    const root = model.base.root;
    const nc = step.nextCount;
    for (let pos = from0; pos < to0; pos++) {
      const q = pos - ls;
      // the mass reaching the core: the pre-deal state's, or pulled from level L - 1
      if (L === 0) {
        if (q !== 0) {
          edgeN[q] = 0;
          continue;
        }
        const rootIn = this.rootIn;
        for (let mi = 0; mi < M; mi++) {
          const s = md.stored[mi];
          const to = mi * NC;
          for (let x = 0; x < NC; x++) {
            mass[to + x] = s >= 0 ? rootIn[s * NC + x] : 0;
          }
        }
      } else {
        const a = inStart[q], b = inStart[q + 1];
        if (a === b) {
          edgeN[q] = 0;
          continue;
        }
        this.pullInto(L, a, b);
      }
      const slot = this.order[pos];
      const core = this.base.cores[slot];
      // (agg is all zero here: each row is cleared as it is written out)
      for (let cl = 0; cl < NC; cl++) pCls[cl] = pBank[cl] = 0;
      let anyBank = false;
      const fl0 = q * S;
      for (let s = 0; s < S; s++) leaves[s] = 0;
      step.load(model, this.base, this.posOf, ns, blockN, core);
      const total = step.total, sum = step.sum;
      const isRoot = core === root;
      const dBase = slot * T1;
      // where each class's score lands in the partial law if the round ends
      for (let cl = 0; cl < NC; cl++) cIdx[cl] = aOff + cl * W + mul[cl] * sum;
      for (let mi = 0; mi < M; mi++) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const mo = mi * NC;
        const isFree = md.r[mi] === 0;
        const cards0 = total + tl + fl;
        const to = t * NC, toT = tT * NC, toF = tF * NC;
        if (fast[mi] === 1 && cards0 > 0) {
          // a forced draw (see fastModes) with cards left: every class with
          // mass hits; each loop below adds to its targets (in the core, or
          // the law when the round ends) in the order the general loop does
          // (by source class), and a class without mass adds 0 (the same bits)
          let some = false;
          for (let cl = 0; cl < NC; cl++) {
            const m = mass[mo + cl];
            if (m !== 0) {
              visited += memberN[cl];
              some = true;
            }
            const p = m / (cards0 + kFree[cl]);
            pHit[cl] = p;
            pCls[cl] += p;
          }
          if (!some) continue;
          if (t !== BANKED) {
            for (let cl = 0; cl < nPlus; cl++) {
              mass[to + cl + XS] += pHit[cl] * plusLeft[cl];
            }
            for (let i = 0; i < nX2; i++) {
              const cl = x2Cls[i];
              mass[to + cl + 1] += pHit[cl] * x2Left[cl];
            }
          } else {
            for (let cl = 0; cl < nPlus; cl++) {
              acc[cIdx[cl + XS]] += pHit[cl] * plusLeft[cl];
            }
            for (let i = 0; i < nX2; i++) {
              const cl = x2Cls[i];
              acc[cIdx[cl + 1]] += pHit[cl] * x2Left[cl];
            }
          }
          if (tl > 0) {
            if (tT !== BANKED) {
              for (let cl = 0; cl < NC; cl++) mass[toT + cl] += pHit[cl] * tl;
            } else {
              for (let cl = 0; cl < NC; cl++) acc[cIdx[cl]] += pHit[cl] * tl;
            }
          }
          if (fl > 0) {
            if (tF !== BANKED) {
              for (let cl = 0; cl < NC; cl++) mass[toF + cl] += pHit[cl] * fl;
            } else {
              for (let cl = 0; cl < NC; cl++) acc[cIdx[cl]] += pHit[cl] * fl;
            }
          }
        } else {
          let any = false;
          for (let cl = 0; cl < NC; cl++) {
            pHit[cl] = 0;
            const m = mass[mo + cl];
            if (m === 0) continue;
            visited += memberN[cl];
            const cards = cards0 + kFree[cl];
            if (cards === 0) {
              acc[cIdx[cl]] += m;
              continue;
            }
            if (isFree) {
              const td = md.td[mi];
              let hits = isRoot && cl === 0 && td === 0;
              if (!hits) {
                const d = decideClass(dBase + td, cl);
                if (d < 0) return false;
                hits = d === 1;
              }
              if (!hits) {
                acc[cIdx[cl]] += m;
                continue;
              }
            }
            const p = m / cards;
            pHit[cl] = p;
            any = true;
            const pl = plusLeft[cl], xl = x2Left[cl];
            if (pl > 0) {
              if (t === BANKED) acc[cIdx[upPlus[cl]]] += p * pl;
              else mass[to + upPlus[cl]] += p * pl;
            }
            if (xl > 0) {
              if (t === BANKED) acc[cIdx[upX2[cl]]] += p * xl;
              else mass[to + upX2[cl]] += p * xl;
            }
            if (tl > 0) {
              if (tT === BANKED) acc[cIdx[cl]] += p * tl;
              else mass[toT + cl] += p * tl;
            }
            if (fl > 0) {
              if (tF === BANKED) acc[cIdx[cl]] += p * fl;
              else mass[toF + cl] += p * fl;
            }
            pCls[cl] += p; // bust and Flip 7: once per core, below
          }
          if (!any) continue;
        }
        // the cards that leave the core (both paths)
        if (t === BANKED) {
          // a number banks the round: once per core, below
          for (let cl = 0; cl < NC; cl++) pBank[cl] += pHit[cl];
          anyBank = true;
          continue;
        }
        if (step.nNext === 0) continue;
        const s = md.stored[t];
        leaves[s] = 1;
        const so = s * NC;
        for (let cl = 0; cl < NC; cl++) agg[so + cl] += pHit[cl];
      }
      // what every hit of the core shares: a bust, a Flip 7, a number that banks
      const nb = step.bust, f7n = step.f7n;
      let hitMass = 0;
      for (let cl = 0; cl < NC; cl++) {
        const p = pCls[cl];
        if (p === 0) continue;
        hitMass += p;
        const o = aOff + cl * W + BONUS, x = mul[cl];
        for (let i = 0; i < f7n; i++) {
          const qq = p * step.f7Count[i];
          acc[o + x * step.f7Sum[i]] += qq;
          flip7 += qq;
        }
      }
      if (nb > 0 && hitMass > 0) {
        bust += hitMass * nb;
        acc[aOff] += hitMass * nb;
      }
      if (anyBank) {
        for (let j = 0; j < step.nNext; j++) {
          const cnt = nc[j], s = step.nextSum[j];
          for (let cl = 0; cl < NC; cl++) {
            if (pBank[cl] !== 0) {
              acc[aOff + cl * W + k.mul[cl] * s] += pBank[cl] * cnt;
            }
          }
        }
      }
      // the rows mass leaves into, packed from the chunk's first free row
      let nl = 0;
      rowAt[q] = row;
      for (let s = 0; s < S; s++) {
        if (!leaves[s]) continue;
        flags[fl0 + nl] = s + 1;
        const to = (row + nl++) * NC, from = s * NC;
        for (let x = 0; x < NC; x++) {
          layer[to + x] = agg[from + x];
          agg[from + x] = 0;
        }
      }
      row += nl;
      for (let i = nl; i < S; i++) flags[fl0 + i] = 0;
      const n = step.nNext, e0 = q * MAX_NEXT;
      edgeN[q] = n;
      for (let j = 0; j < n; j++) {
        edgeT[e0 + j] = step.nextPos[j] - ns;
        edgeC[e0 + j] = nc[j];
      }
    }
    const sc = this.partScal, o = c * 3;
    sc[o] = bust;
    sc[o + 1] = flip7;
    sc[o + 2] = visited;
    return true;
  }
}

/**
 * The lumped pass of a registry policy (`sum:N`, `count:N`, `bust:P`) over
 * an action model on `threads` threads (default: 2 for the big models), or
 * `null` when the policy tells two masks of one modifier class apart at a
 * state it reaches. `decide` is this thread's copy of the rule (it must
 * decide as the spec does; each worker rebuilds the spec from the registry).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import type { ActionModel } from "./actions.ts";
 * import { viewDecider } from "./lumped_levels.ts";
 * import { SoloView } from "./view.ts";
 * import { SumStrategy } from "../strategies/sum.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * m.log = () => {};
 * const decide = viewDecider(new SoloView(m.space()), new SumStrategy(25));
 * // one thread and two threads: the same figures, bit for bit
 * const one = lumpedLevels(m, "sum:25", "sum:25", decide, 1)!;
 * const two = lumpedLevels(m, "sum:25", "sum:25", decide, 2)!;
 * assert.equal(one.ev, two.ev);
 * assert.equal(one.bust, two.bust);
 * ```
 */
export function lumpedLevels(
  model: ActionModel,
  spec: string,
  policy: string,
  decide: Decider,
  threads?: number,
): Evaluation | null {
  const { start } = model.levels();
  const k = new ModClasses(modifiersInDeck(model.base));
  const sh = sharedFor(model, k);
  const shared = { ...sh, ctrl: new SharedArrayBuffer(CTRL_WORDS * 4) };
  const w = new LumpedWork(model, shared, decide);
  const team = new LevelTeam(
    w,
    levelInit("lumped", model, shared, spec),
    threadsFor(model, threads) - 1,
  );
  const banked = new Banked(k, model.maxScore);
  const acc = banked.acc;
  let bust = 0, flip7 = 0, visited = 0;
  const levels = start.length - 1;
  // buildInEdges reads a level's edges and flags (no level buffers: the
  // cores of the next level pull in phase A itself)
  const none = new Float64Array(0), noTouch = new Uint8Array(0);
  const edges = (L: number): EdgeViews => ({
    start,
    S: w.S,
    blockN: w.blockN,
    layers: [none, none],
    touched: [noTouch, noTouch],
    edgeN: w.edgeN,
    edgeT: w.edgeT,
    edgeC: w.edgeC,
    flags: w.flags[L & 1],
    inStart: w.inStart,
    inSrc: w.inSrc,
    inC: w.inC,
  });
  try {
    for (let L = 0; L < levels; L++) {
      team.run(TASK_FWD_A, L);
      if (Atomics.load(w.ctrl, DECLINED) !== 0) return null;
      const n = w.chunksOf(TASK_FWD_A, L);
      for (let c = 0; c < n; c++) {
        const o = c * w.accN;
        for (let i = 0; i < w.accN; i++) acc[i] += w.partAcc[o + i];
        bust += w.partScal[c * 3];
        flip7 += w.partScal[c * 3 + 1];
        visited += w.partScal[c * 3 + 2];
      }
      if (L + 1 < levels) buildInEdges(edges(L), L);
    }
  } finally {
    team.close();
  }
  return finish(model.space(), policy, banked, bust, flip7, visited);
}
