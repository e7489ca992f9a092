/**
 * The level-parallel passes of the action models (`all94`), run by this
 * thread and helper workers over shared buffers (`SharedArrayBuffer`), one
 * level at a time: the backward DP ({@linkcode solveLevels}), and the
 * forward passes — over every state by a decision table
 * ({@linkcode forwardLevels}) or by a registry policy's rule
 * ({@linkcode forwardRuleLevels}), and the lumped pass
 * ({@linkcode lumpedLevels}) — all one loop ({@linkcode PassWork} of
 * `level_pass.ts`) over the classes of `mod_classes.ts`. The states of one
 * level are independent, so every level is cut into chunks of `CHUNK`
 * cores that the threads take by `Atomics.add`; sums are taken per chunk in
 * the order of their sources and added in chunk order, so every figure is
 * the same bit for bit whatever the number of threads. On all 94 cards the
 * optimum's law sums to 1 within 3e-16 and its EV meets the DP's within
 * 3e-14 (`bench/forward_accuracy.ts`, measured 2026-12-04:
 * bench/README.md).
 *
 * Two level buffers (sized for the largest level) and the decision table
 * are kept per process and reused by the next pass of the same size
 * (`level_buffers.ts`, `releaseLevelBuffers` drops them); the per-core
 * setup is `level_step.ts`, the worker plumbing and thread counts
 * `level_team.ts`. No per-state allocation.
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import { type ActionModel } from "./actions.ts";
 * import { forwardLevels, solveLevels } from "./levels.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * const s = solveLevels(m, 2);
 * const f = forwardLevels(m, s.hit, "dp", 2);
 * if (!(Math.abs(f.ev - s.ev) < 1e-12)) throw new Error(`${f.ev} vs ${s.ev}`);
 * ```
 * @module
 */

import { FLIP3, FLIP7_BONUS, FREEZE, MODS } from "../game/cards.ts";
import type {
  ActionSolution,
  LevelModel as ActionModel,
} from "./action_modes.ts";
import type { Decider, Evaluation } from "./space.ts";
import { modifiersInDeck } from "./solve.ts";
import { modTables } from "./level_step.ts";
import { type LevelShared, maxLevelOf, sharedFor } from "./level_buffers.ts";
import {
  CHUNK,
  CTRL_WORDS,
  DECLINED,
  levelInit,
  LevelTeam,
  LevelWork,
  type PassKind,
  TASK_DP,
  TASK_FWD,
  threadsFor,
} from "./level_team.ts";
import { PassWork } from "./level_pass.ts";
import {
  type ClassDecider,
  classDeciderOf,
  finish,
  ModClasses,
} from "./mod_classes.ts";

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;

/** One thread's side of the DP: the model's tables, the shared buffers' views and its scratch. */
export class DpWork extends LevelWork {
  declare readonly M: number;
  declare readonly BANK: number;
  declare readonly T: number;
  declare readonly F: number;
  declare readonly T1: number;
  declare readonly blockN: number;
  declare readonly avail: number;
  declare readonly x2Of: Float64Array;
  declare readonly plusOf: Float64Array;
  declare readonly freeOf: Float64Array;
  /** The modes a non-action card leads to (their `ext` blocks). */
  declare readonly targets: Int16Array;
  declare readonly hit: Uint8Array;
  declare readonly scal: Float64Array;
  declare readonly cur: Float64Array;
  declare readonly ext: Float64Array;
  /** The targets whose `ext` block is complete for the current core. */
  declare readonly ready: Uint8Array;

  /**
   * @param model the model
   * @param sh the shared buffers (64 floats a kept mode)
   */
  constructor(model: ActionModel, sh: LevelShared) {
    super(TASK_DP, model, sh);
    const md = model.modes;
    this.M = md.n;
    this.BANK = md.bank;
    this.T = model.deck[FLIP3];
    this.F = model.deck[FREEZE];
    this.T1 = this.T + 1;
    this.blockN = md.nStored * MODS;
    this.avail = modifiersInDeck(model.base);
    const t = modTables(this.avail);
    this.x2Of = t.x2;
    this.plusOf = t.plus;
    this.freeOf = t.free;
    const want = new Uint8Array(this.M + 1);
    for (let i = 0; i < this.M; i++) want[md.advN[i]] = 1;
    this.targets = Int16Array.from(
      [...want.keys()].filter((x) => want[x] === 1),
    );
    this.hit = new Uint8Array(sh.hit, 0, sh.hitN);
    this.scal = new Float64Array(sh.scal);
    this.cur = new Float64Array(this.M * MODS);
    this.ext = new Float64Array((this.M + 1) * MODS);
    this.ready = new Uint8Array(this.M + 1);
  }

  /** Backward induction over chunk `c` of level L (reads level L + 1). */
  chunk(L: number, c: number): boolean {
    const { md, M, BANK, T, F, T1, blockN, avail, x2Of, plusOf, freeOf } = this;
    const { step, cur, ext, targets, hit, model, base } = this;
    const start = this.start;
    const ls = start[L], le = start[L + 1];
    const nextStart = le;
    const layer = this.layers[L & 1], next = this.layers[(L + 1) & 1];
    const nb = step.nextOff, nc = step.nextCount;
    const from0 = ls + c * CHUNK, to0 = Math.min(le, from0 + CHUNK);
    const root = model.base.root;
    for (let pos = from0; pos < to0; pos++) {
      const slot = this.order[pos];
      const core = base.cores[slot];
      step.load(model, base, this.posOf, nextStart, blockN, core);
      const n = step.nNext;
      // the cards that leave the core, once per target mode of a non-action card
      for (let ti = 0; ti < targets.length; ti++) {
        const t = targets[ti];
        const eo = t * MODS;
        if (t === BANK) {
          const sc = step.nextSumC, cc = step.nextC;
          for (let mods = 0; mods < MODS; mods++) {
            ext[eo + mods] = x2Of[mods] * sc + plusOf[mods] * cc;
          }
          continue;
        }
        const so = md.stored[t] * MODS;
        let j = 0;
        if (n & 1) {
          const c0 = nc[0], from = nb[0] + so;
          for (let mods = 0; mods < MODS; mods++) {
            ext[eo + mods] = c0 * next[from + mods];
          }
          j = 1;
        } else {
          for (let mods = 0; mods < MODS; mods++) ext[eo + mods] = 0;
        }
        // two pairs at a time, the running sum in a register: the same
        // additions in the same order as one pair at a time
        for (; j + 3 < n; j += 4) {
          const c0 = nc[j],
            f0 = nb[j] + so,
            c1 = nc[j + 1],
            f1 = nb[j + 1] + so;
          const c2 = nc[j + 2], f2 = nb[j + 2] + so;
          const c3 = nc[j + 3], f3 = nb[j + 3] + so;
          for (let mods = 0; mods < MODS; mods++) {
            const e = ext[eo + mods] +
              (c0 * next[f0 + mods] + c1 * next[f1 + mods]);
            ext[eo + mods] = e + (c2 * next[f2 + mods] + c3 * next[f3 + mods]);
          }
        }
        for (; j < n; j += 2) {
          const c0 = nc[j],
            f0 = nb[j] + so,
            c1 = nc[j + 1],
            f1 = nb[j + 1] + so;
          for (let mods = 0; mods < MODS; mods++) {
            ext[eo + mods] += c0 * next[f0 + mods] + c1 * next[f1 + mods];
          }
        }
      }
      const f7 = step.flip7, f7Sum = step.flip7Sum, total = step.total;
      const sum = step.sum;
      const isRoot = core === root;
      const hitBase = slot * T1 * MODS;
      // ext[t] becomes, once per target t, what every mode leading to t adds
      // up first: the cards that leave the core, a Flip 7, and a modifier
      // drawn (in the order of the reference sum, so the values are the same
      // bits); a free mode (its own target) does it inline, mods descending
      const ready = this.ready;
      ready.fill(0);
      for (let mi = M - 1; mi >= 0; mi--) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const eo = t * MODS, mo = mi * MODS;
        const cards0 = total + tl + fl;
        if (md.r[mi] === 0) {
          // a free mode: the player decides (t === mi)
          const td = md.td[mi], hb = hitBase + td * MODS;
          const to = tT * MODS;
          for (let mods = MODS - 1; mods >= 0; mods--) {
            const x2 = x2Of[mods], plus = plusOf[mods];
            const stay = x2 * sum + plus;
            const cards = cards0 + freeOf[mods];
            let v = stay;
            let e = ext[eo + mods] + x2 * f7Sum + f7 * (plus + BONUS);
            for (let free = avail & ~mods; free !== 0; free &= free - 1) {
              e += cur[eo + (mods | (free & -free))];
            }
            ext[eo + mods] = e;
            if (cards !== 0) {
              if (tl > 0) e += tl * (tT === BANK ? stay : cur[to + mods]);
              if (fl > 0) {
                e += fl * (tF === BANK ? stay : cur[tF * MODS + mods]);
              }
              v = e / cards;
              if (v > stay || (isRoot && mods === 0 && td === 0)) {
                hit[hb + mods] = 1;
              } else v = stay;
            }
            cur[mo + mods] = v;
          }
          ready[t] = 1;
          continue;
        }
        if (ready[t] === 0) {
          ready[t] = 1;
          if (t === BANK) {
            for (let mods = 0; mods < MODS; mods++) {
              const x2 = x2Of[mods], plus = plusOf[mods];
              let e = ext[eo + mods] + x2 * f7Sum + f7 * (plus + BONUS);
              for (let free = avail & ~mods; free !== 0; free &= free - 1) {
                const mm = mods | (free & -free);
                e += x2Of[mm] * sum + plusOf[mm];
              }
              ext[eo + mods] = e;
            }
          } else {
            for (let mods = 0; mods < MODS; mods++) {
              ext[eo + mods] = ext[eo + mods] + x2Of[mods] * f7Sum +
                f7 * (plusOf[mods] + BONUS);
            }
            // a modifier drawn, lowest bit first (as the reference sum)
            for (let b = 1; b < MODS; b <<= 1) {
              if ((avail & b) === 0) continue;
              for (let hi = 0; hi < MODS; hi += b + b) {
                for (let k = eo + hi; k < eo + hi + b; k++) {
                  ext[k] += cur[k + b];
                }
              }
            }
          }
        }
        const to = tT * MODS, fo = tF * MODS;
        for (let mods = 0; mods < MODS; mods++) {
          const stay = x2Of[mods] * sum + plusOf[mods];
          const cards = cards0 + freeOf[mods];
          if (cards === 0) {
            cur[mo + mods] = stay; // nothing left to draw: the round ends as it stands
            continue;
          }
          let e = ext[eo + mods];
          if (tl > 0) e += tl * (tT === BANK ? stay : cur[to + mods]);
          if (fl > 0) e += fl * (tF === BANK ? stay : cur[fo + mods]);
          cur[mo + mods] = e / cards;
        }
      }
      const out = (pos - ls) * blockN;
      for (let mi = 0; mi < M; mi++) {
        const s = md.stored[mi];
        if (s < 0) continue;
        const to = out + s * MODS, from = mi * MODS;
        for (let k = 0; k < MODS; k++) layer[to + k] = cur[from + k];
      }
      if (isRoot) this.scal[0] = cur[md.free[0] * MODS];
    }
    return true;
  }
}

/**
 * Solve an action model by backward induction, level by level, on `threads`
 * threads (default: 2 for the big models, 1 below 2e7 dense states). The
 * decisions and the value are the same bit for bit whatever the number.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * m.log = () => {};
 * // one thread or two: the same decisions, byte for byte, and the same value
 * const one = solveLevels(m, 1), two = solveLevels(m, 2);
 * assert.deepEqual(one.hit, two.hit);
 * assert.equal(one.ev, two.ev);
 * ```
 */
export function solveLevels(
  model: ActionModel,
  threads?: number,
): ActionSolution {
  const t0 = performance.now();
  const { base, decisions } = model.spaces();
  const { start } = model.levels();
  const enumSeconds = (performance.now() - t0) / 1000;
  const nCores = base.cores.length;
  const states = model.denseStates();
  const log = model.log ??
    (states > 1e8 ? (l: string) => console.error(l) : null);
  const shared = ownCtrl(sharedFor(model, MODS, model.maxScore + 1));
  const w = new DpWork(model, shared);
  const team = new LevelTeam(
    w,
    levelInit("dp", model, shared),
    threadsFor(model, threads) - 1,
  );
  w.hit.fill(0);
  w.scal[0] = NaN;
  const levels = start.length - 1;
  let peakRss = 0, done = 0;
  try {
    for (let L = levels - 1; L >= 0; L--) {
      team.run(TASK_DP, L);
      done += start[L + 1] - start[L];
      peakRss = Math.max(peakRss, Deno.memoryUsage().rss);
      log?.(
        `flip7: ${model.id}: level ${L} done (${
          done.toLocaleString("en-US")
        } of ${nCores.toLocaleString("en-US")} cores, ${
          ((performance.now() - t0) / 1000).toFixed(1)
        } s, ${team.workers.length + 1} threads)`,
      );
    }
  } finally {
    team.close();
  }
  return {
    space: decisions,
    hit: w.hit.slice(), // a plain (not shared) copy for the callers
    ev: w.scal[0],
    seconds: (performance.now() - t0) / 1000,
    enumSeconds,
    states,
    peakLayerBytes: 2 * maxLevelOf(start) * w.blockN * 8,
    peakRss,
  };
}

/**
 * A set of shared buffers with a control block of its own: a worker of an
 * earlier team still shutting down never sees this team's tasks.
 */
function ownCtrl(sh: LevelShared): LevelShared {
  return { ...sh, ctrl: new SharedArrayBuffer(CTRL_WORDS * 4) };
}

/**
 * The classes and the decisions a helper of a forward pass builds for
 * itself (`levels_worker.ts` too): every mask apart deciding by the shared
 * table (`table`: no decider) or by `decide` (`rule`), or the lumped classes
 * deciding a class at a time (`lumped`).
 */
export function passParts(
  kind: Exclude<PassKind, "dp">,
  model: ActionModel,
  decide: Decider | null,
): { k: ModClasses; decideClass: ClassDecider | null } {
  const k = new ModClasses(modifiersInDeck(model.base), kind === "lumped");
  return {
    k,
    decideClass: kind === "table" ? null : classDeciderOf(decide!, k),
  };
}

/**
 * One forward pass over an action model on `threads` threads: the pass of
 * `kind` (see {@linkcode passParts}), its helpers rebuilding `spec`; null
 * when a lumped pass declines. With `table`, the table is copied into the
 * shared buffers first.
 */
function forwardPass(
  model: ActionModel,
  kind: Exclude<PassKind, "dp">,
  policy: string,
  threads: number | undefined,
  decide: Decider | null,
  spec?: string,
  table?: Uint8Array,
): Evaluation | null {
  const { start } = model.levels();
  const lumped = kind === "lumped";
  const width = lumped ? new ModClasses(modifiersInDeck(model.base)).n : MODS;
  const W = model.maxScore + 1;
  const shared = ownCtrl(sharedFor(model, width, lumped ? width * W : W));
  if (table && table.length !== shared.hitN) {
    throw new Error(
      `decision table of ${table.length} bytes for a model of ${shared.hitN}`,
    );
  }
  if (table) new Uint8Array(shared.hit, 0, shared.hitN).set(table);
  const { k, decideClass } = passParts(kind, model, decide);
  const w = new PassWork(model, shared, k, decideClass);
  const team = new LevelTeam(
    w,
    levelInit(kind, model, shared, spec),
    threadsFor(model, threads) - 1,
  );
  const acc = new Float64Array(w.accN);
  let bust = 0, flip7 = 0, visited = 0;
  const levels = start.length - 1;
  try {
    for (let L = 0; L < levels; L++) {
      team.run(TASK_FWD, L);
      if (Atomics.load(w.ctrl, DECLINED) !== 0) return null;
      const n = w.chunksOf(TASK_FWD, L);
      for (let c = 0; c < n; c++) {
        const o = c * w.accN;
        for (let i = 0; i < w.accN; i++) acc[i] += w.partAcc[o + i];
        bust += w.partScal[c * 3];
        flip7 += w.partScal[c * 3 + 1];
        visited += w.partScal[c * 3 + 2];
      }
      if (L + 1 < levels) w.buildInEdges(L);
    }
  } finally {
    team.close();
  }
  return finish(k, acc, W, bust, flip7, visited, policy, model.name);
}

/**
 * Exact forward evaluation of a decision table over an action model, level
 * by level on `threads` threads (see the module doc).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * m.log = () => {};
 * const s = solveLevels(m);
 * const f = forwardLevels(m, s.hit, "dp");
 * assert.ok(Math.abs(f.ev - s.ev) < 1e-12); // the optimum's value, found again
 * assert.ok(f.bust > 0 && f.bust < 1);
 * ```
 */
export function forwardLevels(
  model: ActionModel,
  table: Uint8Array,
  policy: string,
  threads?: number,
): Evaluation {
  return forwardPass(model, "table", policy, threads, null, undefined, table)!;
}

/**
 * Exact forward evaluation of a decision rule over an action model, level
 * by level: the pass of {@linkcode forwardLevels}, asking `decide` (this
 * thread's copy) at the free states the mass reaches instead of reading a
 * table. On several threads (default: 2 for the big models, when `spec` is
 * given) each helper rebuilds `spec` from the registry and asks its own
 * copy (it must decide as `decide` does); without `spec`, this thread
 * alone. The figures are the same bit for bit whatever the number of
 * threads.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import type { ActionModel } from "./actions.ts";
 * import { viewDecider } from "./mod_classes.ts";
 * import { SoloView } from "./view.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * m.log = () => {};
 * const decide = viewDecider(new SoloView(m.space()), makeStrategy("ev"));
 * const two = forwardRuleLevels(m, "ev", "ev", decide, 2);
 * assert.deepEqual(forwardRuleLevels(m, "ev", "ev", decide, 1), two); // bit for bit
 * assert.deepEqual(forwardRuleLevels(m, null, "ev", decide), two); // this thread alone
 * ```
 */
export function forwardRuleLevels(
  model: ActionModel,
  spec: string | null,
  policy: string,
  decide: Decider,
  threads?: number,
): Evaluation {
  return forwardPass(
    model,
    "rule",
    policy,
    spec === null ? 1 : threads,
    decide,
    spec ?? undefined,
  )!;
}

/**
 * The lumped pass (`lumpedEvaluate`, `forward.ts`) of a rule over an action model on `threads`
 * threads (default: 2 for the big models, when `spec` is given: a registry
 * policy, `sum:N`, `count:N`, `bust:P`, that each helper rebuilds; without
 * it, this thread alone), or `null` when the rule tells two masks of one
 * modifier class apart at a state it reaches. `decide` is this thread's
 * copy of the rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import type { ActionModel } from "./actions.ts";
 * import { viewDecider } from "./mod_classes.ts";
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
 * // the full pass over every mask agrees
 * const full = forwardRuleLevels(m, null, "sum:25", decide);
 * assert.ok(Math.abs(one.ev - full.ev) < 1e-12);
 * assert.equal(one.visited, full.visited);
 * ```
 */
export function lumpedLevels(
  model: ActionModel,
  spec: string | null,
  policy: string,
  decide: Decider,
  threads?: number,
): Evaluation | null {
  return forwardPass(
    model,
    "lumped",
    policy,
    spec === null ? 1 : threads,
    decide,
    spec ?? undefined,
  );
}

/**
 * True when `spec` is a registry policy whose full pass
 * ({@linkcode forwardRuleLevels}) runs on several threads, each helper
 * rebuilding it: `ev` and `evc`, which read the round score (so the lumped
 * pass declines them).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(ruleSpec("ev"), true);
 * assert.equal(ruleSpec("sum:25"), false); // the lumped pass's
 * assert.equal(ruleSpec("./my_policy.ts"), false); // a module: this thread only
 * ```
 */
export function ruleSpec(spec: string): boolean {
  return /^(ev|evc)$/.test(spec.trim());
}

/**
 * True when `spec` is a registry policy whose lumped pass
 * ({@linkcode lumpedLevels}) runs on several threads, each helper
 * rebuilding it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(lumpedSpec("sum:25"), true);
 * assert.equal(lumpedSpec("ev"), false); // ev's decisions read more than the class
 * ```
 */
export function lumpedSpec(spec: string): boolean {
  return /^(sum|count|bust):[0-9.]+$/.test(spec.trim());
}
