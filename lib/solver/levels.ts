/**
 * The level-parallel passes of the action models (`all94`): the backward DP
 * and the forward evaluation of a decision table or of a registry policy's
 * rule (each thread asking its own copy: {@linkcode forwardRuleLevels}), run
 * by this thread and helper workers over shared buffers
 * (`SharedArrayBuffer`), one level at a time. The states of one level are
 * independent, so every level is cut into chunks of {@linkcode CHUNK} cores
 * that the threads take by `Atomics.add`.
 *
 * - **DP.** Each core reads the next level and writes its own block: the
 *   values and decisions are those of a one-thread solve, bit for bit,
 *   whatever the number of threads.
 * - **Forward pass.** Phase A (per core of level L): the core's mass is
 *   propagated through its modes as in `forwardActions`, the banked, bust and
 *   Flip 7 mass summed per chunk, and the mass leaving the core written back
 *   in place, one block per kept target mode. Phase B (per core of level
 *   L + 1): the core pulls its mass from its predecessors (an in-edge list
 *   built between the phases), in ascending order. Per-chunk sums are added
 *   in chunk order, so the figures do not depend on the number of threads;
 *   they equal the reference pass's up to floating-point rounding (the sums
 *   are taken in another order) and visit the same states. On all 94 cards
 *   this pass is the closer of the two: its law sums to 1 within 3e-16 and
 *   the optimum's forward EV meets the DP's within 3e-14, where the
 *   reference pass loses 9e-10 of the mass and is 1.5e-9 off the DP
 *   (`bench/forward_accuracy.ts`, measured 2026-12-04: bench/README.md).
 *
 * Two level buffers (sized for the largest level) and the decision table are
 * kept per process and reused by the next pass of the same size
 * ({@linkcode releaseLevelBuffers} drops them). No per-state allocation.
 *
 * Why this file runs past ~500 lines: what is left here is the hot loop of
 * the `all94` solve and evaluation, {@linkcode LevelWork} (the DP and both
 * forward phases over one chunk of a level, ~510 lines over the shared
 * buffers' typed views), the in-edge build and pull of phase B that
 * `lumped_levels.ts` shares, and the two drivers that run them level by
 * level. The per-core setup is `level_step.ts`, the buffers' layout
 * `level_buffers.ts`, the worker plumbing and thread counts `level_team.ts`
 * (all re-exported here).
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

import { FLIP3, FLIP7_BONUS, FREEZE } from "../game/cards.ts";
import type {
  ActionModes,
  ActionSolution,
  LevelModel as ActionModel,
} from "./action_modes.ts";
import type { Decider, Evaluation } from "./forward.ts";
import { modifiersInDeck, MODS, type SoloSpace } from "./solve.ts";
import { LevelStep, modTables } from "./level_step.ts";
import { type LevelShared, maxLevelOf, sharedFor } from "./level_buffers.ts";
import {
  CHUNK,
  CTRL_WORDS,
  levelInit,
  type LevelTasks,
  LevelTeam,
  MAX_NEXT,
  NEXT_CHUNK,
  TASK_DP,
  TASK_FWD_A,
  TASK_FWD_B,
  threadsFor,
} from "./level_team.ts";

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;

// moved out whole (see the files); re-exported so that every import of
// levels.ts (actions.ts, lumped_levels.ts, levels_worker.ts, evaluate.ts)
// stays as it was
export { LevelStep, modTables } from "./level_step.ts";
export {
  type LevelShared,
  maxLevelOf,
  releaseLevelBuffers,
} from "./level_buffers.ts";
export {
  CHUNK,
  CTRL_WORDS,
  DECLINED,
  dropPrestarted,
  type LevelEarly,
  type LevelInit,
  levelInit,
  type LevelTasks,
  LevelTeam,
  NEXT_CHUNK,
  prestartHelpers,
  serveLevels,
  setLevelThreads,
  TASK_FWD_A,
  TASK_FWD_B,
  threadsFor,
} from "./level_team.ts";

/**
 * One thread's view of a level pass: the model's tables, typed views of the
 * shared buffers and its own scratch.
 */
export class LevelWork implements LevelTasks {
  readonly md: ActionModes;
  readonly M: number;
  readonly BANK: number;
  readonly S: number;
  readonly T: number;
  readonly F: number;
  readonly T1: number;
  readonly blockN: number;
  readonly avail: number;
  readonly x2Of: Float64Array;
  readonly plusOf: Float64Array;
  readonly freeOf: Float64Array;
  readonly targets: Int16Array;
  readonly posOf: Int32Array;
  readonly W: number;
  readonly step: LevelStep = new LevelStep();
  // shared views
  readonly ctrl: Int32Array;
  readonly layers: [Float64Array, Float64Array];
  readonly touched: [Uint8Array, Uint8Array];
  readonly hit: Uint8Array;
  readonly edgeN: Int32Array;
  readonly edgeT: Int32Array;
  readonly edgeC: Float64Array;
  readonly flags: Uint8Array;
  readonly inStart: Int32Array;
  readonly inSrc: Int32Array;
  readonly inC: Float64Array;
  readonly partDist: Float64Array;
  readonly partScal: Float64Array;
  readonly scal: Float64Array;
  // scratch
  readonly cur: Float64Array;
  readonly ext: Float64Array;
  /** DP: the targets whose `ext` block is complete for the current core. */
  readonly ready: Uint8Array;
  readonly pHit: Float64Array = new Float64Array(MODS);
  /** Forward pass: the hit mass of the current core per modifier mask (all modes). */
  readonly pMods: Float64Array = new Float64Array(MODS);
  /** Forward pass: the hit mass whose next number banks the round, per mask. */
  readonly pBank: Float64Array = new Float64Array(MODS);
  /** Forward pass: where each mask's score lands in the chunk's partial law. */
  readonly sIdx: Int32Array = new Int32Array(MODS);

  readonly base: SoloSpace;
  readonly order: Int32Array;
  readonly start: Int32Array;

  /**
   * @param model the model
   * @param sh the shared buffers
   * @param decide the forward pass's decision rule, this thread's copy
   *   (asked where the table would be read); null: the decision table
   */
  constructor(
    readonly model: ActionModel,
    sh: LevelShared,
    readonly decide: Decider | null = null,
  ) {
    this.base = model.spaces().base;
    const { order, start } = model.levels();
    this.order = order;
    this.start = start;
    const base = this.base;
    const md = model.modes;
    this.md = md;
    this.M = md.n;
    this.BANK = md.bank;
    this.S = md.nStored;
    this.T = model.deck[FLIP3];
    this.F = model.deck[FREEZE];
    this.T1 = this.T + 1;
    this.blockN = this.S * MODS;
    this.avail = modifiersInDeck(model.base);
    const t = modTables(this.avail);
    this.x2Of = t.x2;
    this.plusOf = t.plus;
    this.freeOf = t.free;
    const nTargets = this.M + 1;
    const want = new Uint8Array(nTargets);
    for (let i = 0; i < this.M; i++) want[md.advN[i]] = 1;
    this.targets = Int16Array.from(
      [...want.keys()].filter((x) => want[x] === 1),
    );
    const n = base.cores.length;
    this.posOf = new Int32Array(n);
    for (let p = 0; p < n; p++) this.posOf[order[p]] = p;
    this.W = model.maxScore + 1;
    this.ctrl = new Int32Array(sh.ctrl);
    this.layers = [
      new Float64Array(sh.layers[0]),
      new Float64Array(sh.layers[1]),
    ];
    this.touched = [
      new Uint8Array(sh.touched[0]),
      new Uint8Array(sh.touched[1]),
    ];
    this.hit = new Uint8Array(sh.hit, 0, sh.hitN);
    this.edgeN = new Int32Array(sh.edgeN);
    this.edgeT = new Int32Array(sh.edgeT);
    this.edgeC = new Float64Array(sh.edgeC);
    this.flags = new Uint8Array(sh.flags);
    this.inStart = new Int32Array(sh.inStart);
    this.inSrc = new Int32Array(sh.inSrc);
    this.inC = new Float64Array(sh.inC);
    this.partDist = new Float64Array(sh.partDist);
    this.partScal = new Float64Array(sh.partScal);
    this.scal = new Float64Array(sh.scal);
    this.cur = new Float64Array(this.M * MODS);
    this.ext = new Float64Array(nTargets * MODS);
    this.ready = new Uint8Array(nTargets);
  }

  /** Chunks of level L's task. */
  chunksOf(task: number, L: number): number {
    const start = this.start;
    const K = task === TASK_FWD_B ? L + 1 : L;
    if (K + 1 >= start.length) return 0;
    return Math.ceil((start[K + 1] - start[K]) / CHUNK);
  }

  /** Take chunks of the current task until none is left. */
  work(task: number, L: number): void {
    const ctrl = this.ctrl;
    const n = this.chunksOf(task, L);
    for (;;) {
      const c = Atomics.add(ctrl, NEXT_CHUNK, 1);
      if (c >= n) return;
      if (task === TASK_DP) this.dpChunk(L, c);
      else if (task === TASK_FWD_A) this.forwardA(L, c);
      else this.forwardB(L, c);
    }
  }

  /** Backward induction over chunk `c` of level L (reads level L + 1). */
  dpChunk(L: number, c: number): void {
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
  }

  /**
   * Phase A of the forward pass over chunk `c` of level L: propagate each
   * touched core's mass through its modes, sum what ends the round into the
   * chunk's partials, write the mass leaving the core (per kept target mode)
   * back over its block, and record its outgoing edges.
   */
  forwardA(L: number, c: number): void {
    const { md, M, BANK, S, T, F, T1, blockN, avail, x2Of, plusOf, freeOf } =
      this;
    const { step, pHit, hit, model, base, W, decide } = this;
    const mass = this.cur;
    const agg = this.ext; // per kept target mode: the mass leaving the core
    const pMods = this.pMods, pBank = this.pBank, sIdx = this.sIdx;
    const start = this.start;
    const ls = start[L], le = start[L + 1];
    const ns = le;
    const layer = this.layers[L & 1], touched = this.touched[L & 1];
    const flags = this.flags, edgeN = this.edgeN;
    const edgeT = this.edgeT, edgeC = this.edgeC;
    const dist = this.partDist, dOff = c * W;
    for (let s = 0; s < W; s++) dist[dOff + s] = 0;
    let bust = 0, flip7 = 0, visited = 0;
    const from0 = ls + c * CHUNK, to0 = Math.min(le, from0 + CHUNK);
    const root = model.base.root;
    const nc = step.nextCount;
    for (let pos = from0; pos < to0; pos++) {
      const q = pos - ls;
      if (!touched[q]) {
        edgeN[q] = 0;
        continue;
      }
      const slot = this.order[pos];
      const core = base.cores[slot];
      const inOff = q * blockN;
      for (let mi = 0; mi < M; mi++) {
        const s = md.stored[mi];
        const to = mi * MODS;
        if (s >= 0) {
          const from = inOff + s * MODS;
          for (let k = 0; k < MODS; k++) mass[to + k] = layer[from + k];
        } else {
          for (let k = 0; k < MODS; k++) mass[to + k] = 0;
        }
      }
      for (let k = 0; k < S * MODS; k++) agg[k] = 0;
      for (let k = 0; k < MODS; k++) pMods[k] = pBank[k] = 0;
      let anyBank = false;
      const fl0 = q * S;
      for (let s = 0; s < S; s++) flags[fl0 + s] = 0;
      step.load(model, base, this.posOf, ns, blockN, core);
      const total = step.total, sum = step.sum;
      const isRoot = core === root;
      const dBase = slot * T1;
      // where each mask's score lands in the partial law if the round ends
      for (let mods = 0; mods < MODS; mods++) {
        sIdx[mods] = dOff + x2Of[mods] * sum + plusOf[mods];
      }
      for (let mi = 0; mi < M; mi++) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const mo = mi * MODS;
        const isFree = md.r[mi] === 0;
        const cards0 = total + tl + fl;
        let any = false;
        if (!isFree && cards0 > 0) {
          // a forced draw (cards are left at every mask): the draws into
          // other modes per mask; a modifier drawn into another mode after
          // the loop, one bit at a time, highest first, so each state gets
          // its mass in ascending order of the source as in the reference
          // loop (the sums are the same, bit for bit)
          const to = tT * MODS, fo = tF * MODS;
          for (let mods = 0; mods < MODS; mods++) {
            const m = mass[mo + mods];
            if (m === 0) {
              pHit[mods] = 0;
              continue;
            }
            visited++;
            const p = m / (cards0 + freeOf[mods]);
            pHit[mods] = p;
            any = true;
            if (t === BANK) {
              for (let free = avail & ~mods; free !== 0; free &= free - 1) {
                dist[sIdx[mods | (free & -free)]] += p;
              }
            }
            if (tl > 0) {
              if (tT === BANK) dist[sIdx[mods]] += p * tl;
              else mass[to + mods] += p * tl;
            }
            if (fl > 0) {
              if (tF === BANK) dist[sIdx[mods]] += p * fl;
              else mass[fo + mods] += p * fl;
            }
            pMods[mods] += p; // bust and Flip 7: once per core, below
          }
          if (!any) continue;
          if (t === BANK) {
            // a number banks the round: once per core, below
            for (let mods = 0; mods < MODS; mods++) pBank[mods] += pHit[mods];
            anyBank = true;
            continue;
          }
          const eo = t * MODS;
          for (let b = MODS >> 1; b > 0; b >>= 1) {
            if ((avail & b) === 0) continue;
            for (let hi = 0; hi < MODS; hi += b + b) {
              const u = eo + b;
              for (let mods = hi; mods < hi + b; mods++) {
                mass[u + mods] += pHit[mods];
              }
            }
          }
          if (step.nNext === 0) continue;
          const s = md.stored[t];
          flags[fl0 + s] = 1;
          const so = s * MODS;
          for (let mods = 0; mods < MODS; mods++) agg[so + mods] += pHit[mods];
          continue;
        }
        for (let mods = 0; mods < MODS; mods++) {
          pHit[mods] = 0;
          const m = mass[mo + mods];
          if (m === 0) continue;
          visited++;
          const cards = cards0 + freeOf[mods];
          if (cards === 0) {
            dist[sIdx[mods]] += m;
            continue;
          }
          if (isFree) {
            const td = md.td[mi];
            const hits = (isRoot && mods === 0 && td === 0) ||
              (decide === null
                ? hit[(dBase + td) * MODS + mods] === 1
                : decide(dBase + td, mods));
            if (!hits) {
              dist[sIdx[mods]] += m;
              continue;
            }
          }
          const p = m / cards;
          pHit[mods] = p;
          any = true;
          for (let free = avail & ~mods; free !== 0; free &= free - 1) {
            const mm = mods | (free & -free);
            if (t === BANK) dist[sIdx[mm]] += p;
            else mass[t * MODS + mm] += p;
          }
          if (tl > 0) {
            if (tT === BANK) dist[sIdx[mods]] += p * tl;
            else mass[tT * MODS + mods] += p * tl;
          }
          if (fl > 0) {
            if (tF === BANK) dist[sIdx[mods]] += p * fl;
            else mass[tF * MODS + mods] += p * fl;
          }
          pMods[mods] += p; // bust and Flip 7: once per core, below
        }
        if (!any) continue;
        // the cards that leave the core
        if (t === BANK) {
          // a number banks the round: once per core, below
          for (let mods = 0; mods < MODS; mods++) pBank[mods] += pHit[mods];
          anyBank = true;
          continue;
        }
        if (step.nNext === 0) continue;
        const s = md.stored[t];
        flags[fl0 + s] = 1;
        const so = s * MODS;
        for (let mods = 0; mods < MODS; mods++) agg[so + mods] += pHit[mods];
      }
      // what every hit of the core shares: a bust, a Flip 7, a number that banks
      const nb = step.bust, f7n = step.f7n;
      let hitMass = 0;
      for (let mods = 0; mods < MODS; mods++) {
        const p = pMods[mods];
        if (p === 0) continue;
        hitMass += p;
        const x2 = x2Of[mods], plus = plusOf[mods] + BONUS;
        for (let i = 0; i < f7n; i++) {
          const qq = p * step.f7Count[i];
          dist[dOff + x2 * step.f7Sum[i] + plus] += qq;
          flip7 += qq;
        }
      }
      if (nb > 0 && hitMass > 0) {
        bust += hitMass * nb;
        dist[dOff] += hitMass * nb;
      }
      if (anyBank) {
        for (let j = 0; j < step.nNext; j++) {
          const cc = nc[j], s = step.nextSum[j];
          for (let mods = 0; mods < MODS; mods++) {
            if (pBank[mods] !== 0) {
              dist[dOff + x2Of[mods] * s + plusOf[mods]] += pBank[mods] * cc;
            }
          }
        }
      }
      // the mass leaving the core, over its own block
      for (let s = 0; s < S; s++) {
        if (!flags[fl0 + s]) continue;
        const to = inOff + s * MODS, from = s * MODS;
        for (let k = 0; k < MODS; k++) layer[to + k] = agg[from + k];
      }
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
  }

  /** The in-edge lists of level L + 1 (see {@linkcode buildInEdges}). */
  inEdges(L: number): void {
    buildInEdges(this, L);
  }

  /** Phase B over chunk `c` of level L + 1 (see {@linkcode pullLevel}). */
  forwardB(L: number, c: number): void {
    pullLevel(this, L, c, MODS);
  }
}

/** The edge and flag buffers of a forward pass, as {@linkcode buildInEdges} and {@linkcode pullLevel} read them. */
export interface EdgeViews {
  readonly start: Int32Array;
  readonly S: number;
  readonly blockN: number;
  readonly layers: [Float64Array, Float64Array];
  readonly touched: [Uint8Array, Uint8Array];
  readonly edgeN: Int32Array;
  readonly edgeT: Int32Array;
  readonly edgeC: Float64Array;
  readonly flags: Uint8Array;
  readonly inStart: Int32Array;
  readonly inSrc: Int32Array;
  readonly inC: Float64Array;
}

/**
 * Build the in-edge lists of level L + 1 from the edges phase A recorded
 * (sources ascending); only sources with mass leaving them count. Then
 * {@linkcode pullLevel} runs for each chunk of level L + 1. Both run inside
 * the forward and lumped passes only (their views are the passes' shared
 * buffers); `tests/solver_levels_test.ts` and `tests/solver_lumped_test.ts`
 * check the passes they serve against the reference forward pass.
 */
export function buildInEdges(w: EdgeViews, L: number): void {
  const start = w.start;
  const ls = start[L], le = start[L + 1];
  const ne = L + 2 < start.length ? start[L + 2] : le;
  const nq = ne - le, S = w.S;
  const inStart = w.inStart, edgeN = w.edgeN, flags = w.flags;
  const edgeT = w.edgeT, edgeC = w.edgeC;
  const inSrc = w.inSrc, inC = w.inC;
  for (let i = 0; i <= nq; i++) inStart[i] = 0;
  for (let q = 0; q < le - ls; q++) {
    let live = false;
    if (edgeN[q] > 0) {
      for (let s = 0; s < S; s++) {
        if (flags[q * S + s]) {
          live = true;
          break;
        }
      }
    }
    if (!live) {
      edgeN[q] = 0;
      continue;
    }
    const e0 = q * MAX_NEXT;
    for (let j = 0; j < edgeN[q]; j++) inStart[edgeT[e0 + j] + 1]++;
  }
  for (let i = 0; i < nq; i++) inStart[i + 1] += inStart[i];
  // fill in ascending source order; inStart[t] ends as the end of t's list
  for (let q = 0; q < le - ls; q++) {
    const n = edgeN[q], e0 = q * MAX_NEXT;
    for (let j = 0; j < n; j++) {
      const t = edgeT[e0 + j];
      const k = inStart[t]++;
      inSrc[k] = q;
      inC[k] = edgeC[e0 + j];
    }
  }
  for (let i = nq; i > 0; i--) inStart[i] = inStart[i - 1];
  inStart[0] = 0;
}

/**
 * Phase B over chunk `c` of level L + 1: each core pulls its mass from its
 * predecessors' outgoing blocks (`width` floats per kept mode), after
 * {@linkcode buildInEdges} (no example: its views are the passes' shared
 * buffers; the tests named there cover it).
 */
export function pullLevel(
  w: EdgeViews,
  L: number,
  c: number,
  width: number,
): void {
  const start = w.start;
  const le = start[L + 1], ne = start[L + 2];
  const S = w.S, blockN = w.blockN;
  const src = w.layers[L & 1], dst = w.layers[(L + 1) & 1];
  const touched = w.touched[(L + 1) & 1];
  const flags = w.flags, inStart = w.inStart;
  const inSrc = w.inSrc, inC = w.inC;
  const from0 = c * CHUNK, to0 = Math.min(ne - le, from0 + CHUNK);
  for (let q = from0; q < to0; q++) {
    const a = inStart[q], b = inStart[q + 1];
    if (a === b) {
      touched[q] = 0;
      continue;
    }
    touched[q] = 1;
    if (b - a > pullFrom.length) {
      pullFrom = new Int32Array(2 * (b - a));
      pullC = new Float64Array(2 * (b - a));
    }
    const offs = pullFrom, cs = pullC;
    const out = q * blockN;
    for (let s = 0; s < S; s++) {
      // the predecessors with mass leaving into kept mode s, ascending
      let n = 0;
      for (let e = a; e < b; e++) {
        const p = inSrc[e];
        if (!flags[p * S + s]) continue;
        offs[n] = p * blockN + s * width;
        cs[n++] = inC[e];
      }
      const to = out + s * width;
      if (n === 0) {
        for (let k = 0; k < width; k++) dst[to + k] = 0;
        continue;
      }
      // the sum from 0 in ascending source order, two sources a pass (the
      // running sum in a register: the same additions, the same bits)
      const o0 = offs[0], c0 = cs[0];
      if (n === 1) {
        for (let k = 0; k < width; k++) dst[to + k] = src[o0 + k] * c0;
        continue;
      }
      const o1 = offs[1], c1 = cs[1];
      for (let k = 0; k < width; k++) {
        dst[to + k] = src[o0 + k] * c0 + src[o1 + k] * c1;
      }
      let i = 2;
      for (; i + 1 < n; i += 2) {
        const oa = offs[i], ca = cs[i], ob = offs[i + 1], cb = cs[i + 1];
        for (let k = 0; k < width; k++) {
          const d = dst[to + k] + src[oa + k] * ca;
          dst[to + k] = d + src[ob + k] * cb;
        }
      }
      if (i < n) {
        const oa = offs[i], ca = cs[i];
        for (let k = 0; k < width; k++) dst[to + k] += src[oa + k] * ca;
      }
    }
  }
}

/** Phase B's scratch (per thread): the sources of one kept mode of one core. */
let pullFrom = new Int32Array(64);
let pullC = new Float64Array(64);

/** A forward pass's decision rule: its registry spec (each helper rebuilds it) and this thread's copy. */
interface Rule {
  spec: string;
  decide: Decider;
}

function teamFor(model: ActionModel, threads: number, rule?: Rule): LevelTeam {
  const sh = sharedFor(model);
  // a control block of its own: a worker of an earlier team still shutting
  // down never sees this team's tasks
  const shared = { ...sh, ctrl: new SharedArrayBuffer(CTRL_WORDS * 4) };
  const work = new LevelWork(model, shared, rule?.decide ?? null);
  return new LevelTeam(
    work,
    levelInit("levels", model, shared, rule?.spec),
    threads - 1,
  );
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
  const team = teamFor(model, threadsFor(model, threads));
  const w = team.work as LevelWork;
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
  const maxLevel = maxLevelOf(start);
  return {
    space: decisions,
    hit: w.hit.slice(), // a plain (not shared) copy for the callers
    ev: w.scal[0],
    seconds: (performance.now() - t0) / 1000,
    enumSeconds,
    states,
    peakLayerBytes: 2 * maxLevel * w.blockN * 8,
    peakRss,
  };
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
  const team = teamFor(model, threadsFor(model, threads));
  const w = team.work as LevelWork;
  if (table.length !== w.hit.length) {
    team.close();
    throw new Error(
      `decision table of ${table.length} bytes for a model of ${w.hit.length}`,
    );
  }
  w.hit.set(table);
  return forwardTeam(model, team, policy);
}

/**
 * Exact forward evaluation of a registry policy over an action model, level
 * by level on `threads` threads (default: 2 for the big models): the pass of
 * {@linkcode forwardLevels}, where each thread asks its own copy of the rule
 * at the free states the mass reaches instead of reading a table. `decide`
 * is this thread's copy (it must decide as `spec` does: each helper rebuilds
 * `spec` from the registry). The figures are the same bit for bit whatever
 * the number of threads, and equal the one-thread reference pass
 * (`forwardActions` with the rule) up to rounding, with the same states
 * visited.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import "./actions.ts"; // registers the all94 model
 * import { forwardActions, type ActionModel } from "./actions.ts";
 * import { viewDecider } from "./lumped_levels.ts";
 * import { SoloView } from "./view.ts";
 * import { makeStrategy } from "../run/registry.ts";
 * const m = getModel("all94", "9:0,10:0,11:0,12:0,chance:1") as ActionModel;
 * m.log = () => {};
 * const decide = viewDecider(new SoloView(m.space()), makeStrategy("ev"));
 * const two = forwardRuleLevels(m, "ev", "ev", decide, 2);
 * assert.deepEqual(forwardRuleLevels(m, "ev", "ev", decide, 1), two); // bit for bit
 * const ref = forwardActions(m, decide, null, "ev"); // the reference order of the sums
 * assert.ok(Math.abs(two.ev - ref.ev) < 1e-12);
 * assert.equal(two.visited, ref.visited);
 * ```
 */
export function forwardRuleLevels(
  model: ActionModel,
  spec: string,
  policy: string,
  decide: Decider,
  threads?: number,
): Evaluation {
  const team = teamFor(model, threadsFor(model, threads), { spec, decide });
  return forwardTeam(model, team, policy);
}

/** Specs whose rule the helpers of {@linkcode forwardRuleLevels} rebuild from the registry: the policies that read the round score. */
const RULE_SPEC = /^(ev|evc)$/;

/**
 * True when `spec` is a registry policy that {@linkcode forwardRuleLevels}
 * can evaluate on several threads (each helper rebuilds it from the
 * registry): `ev` and `evc`, which read the round score (so the lumped pass
 * declines them). Other policies take the lumped pass or one thread.
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
  return RULE_SPEC.test(spec.trim());
}

/** The forward pass of a team whose threads decide by its table or rule; closes the team. */
function forwardTeam(
  model: ActionModel,
  team: LevelTeam,
  policy: string,
): Evaluation {
  const { start } = model.levels();
  const w = team.work as LevelWork;
  const md = model.modes, W = w.W;
  const dist = new Float64Array(W);
  let bust = 0, flip7 = 0, visited = 0;
  const levels = start.length - 1;
  // the pre-deal state
  const l0 = w.layers[0];
  for (let k = 0; k < w.blockN; k++) l0[k] = 0;
  l0[md.stored[md.free[0]] * MODS] = 1;
  w.touched[0].fill(0, 0, start[1] - start[0]);
  w.touched[0][0] = 1;
  try {
    for (let L = 0; L < levels; L++) {
      team.run(TASK_FWD_A, L);
      const nc = w.chunksOf(TASK_FWD_A, L);
      for (let c = 0; c < nc; c++) {
        const o = c * W;
        for (let s = 0; s < W; s++) dist[s] += w.partDist[o + s];
        bust += w.partScal[c * 3];
        flip7 += w.partScal[c * 3 + 1];
        visited += w.partScal[c * 3 + 2];
      }
      if (L + 1 < levels) {
        w.inEdges(L);
        team.run(TASK_FWD_B, L);
      }
    }
  } finally {
    team.close();
  }
  let ev = 0, sq = 0;
  for (let s = 0; s < W; s++) {
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
