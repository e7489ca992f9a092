/**
 * One thread's side of a forward pass over an action model, level by level
 * ({@linkcode PassWork}, run by `levels.ts`): the same loop for the full
 * pass (every modifier mask its own class, deciding by a table or a rule)
 * and the lumped pass (`lumpedEvaluate`: the masks grouped by `+X` cards
 * held and `x2`, deciding a class at a time), the difference held by the
 * {@linkcode ModClasses} it is given. One task per level: each core of level
 * L pulls its mass from its predecessors' outgoing rows (level L − 1,
 * in-edge lists built between the levels by `buildInEdges`),
 * takes it through its modes, sums what ends the round per chunk and writes
 * the mass leaving it into level L's rows. Every sum is taken in the order
 * of its sources, so the figures do not depend on the number of threads.
 *
 * @module
 */

import { FLIP3, FLIP7_BONUS, FREEZE } from "../game/cards.ts";
import type { LevelModel as ActionModel } from "./action_modes.ts";
import type { LevelShared } from "./level_buffers.ts";
import { CHUNK, LevelWork, MAX_NEXT, TASK_FWD } from "./level_team.ts";
import type { ClassDecider, ModClasses } from "./mod_classes.ts";
import { modifiersInDeck } from "./solve.ts";

// the Flip 7 bonus as this module's own constant (contributing.md, "hot loops")
const BONUS = FLIP7_BONUS;

/** One thread's side of a forward pass (see the module doc). */
export class PassWork extends LevelWork {
  declare readonly S: number;
  declare readonly blockN: number;
  declare readonly accN: number;
  declare readonly W: number;
  /** Where each class's score starts in a chunk's banked mass ({@linkcode ModClasses.offsets}). */
  declare readonly off: Float64Array;
  declare readonly rowAt: [Int32Array, Int32Array];
  declare readonly flags: [Uint8Array, Uint8Array];
  declare readonly edgeN: Int32Array;
  declare readonly edgeT: Int32Array;
  declare readonly edgeC: Float64Array;
  declare readonly inStart: Int32Array;
  declare readonly inSrc: Int32Array;
  declare readonly inC: Float64Array;
  declare readonly partAcc: Float64Array;
  declare readonly partScal: Float64Array;
  /** The kept modes' mode (the inverse of `md.stored`). */
  declare readonly modeOf: Int32Array;
  /** The pre-deal core's incoming block (level 0 has no predecessors). */
  declare readonly rootIn: Float64Array;
  declare readonly mass: Float64Array;
  /** The kept modes mass leaves the current core into (1) or not (0). */
  declare readonly leaves: Uint8Array;
  declare readonly agg: Float64Array;
  declare readonly pHit: Float64Array;
  /** The hit mass of the current core per class (all modes). */
  declare readonly pCls: Float64Array;
  /** The hit mass whose next number banks the round, per class. */
  declare readonly pBank: Float64Array;
  /** Where each class's score lands in the chunk's banked mass (per core). */
  declare readonly cIdx: Int32Array;
  /** The deck's modifier bits. */
  declare readonly avail: number;
  /** The decision table, when the pass reads one. */
  declare readonly table: Uint8Array | null;
  /** {@linkcode pullInto}'s scratch: per in-edge, its source's next row. */
  declare pullAt: Int32Array;
  /** {@linkcode pullInto}'s scratch: the sources of one kept mode (rows, copies). */
  declare pullOff: Int32Array;
  /** See {@linkcode pullOff}. */
  declare pullC: Float64Array;

  /**
   * @param model the action model
   * @param sh the shared buffers (`blockN` = kept modes × classes)
   * @param k the classes the mass is carried in
   * @param decideClass this thread's decisions at the free states, or
   *   null: the shared decision table (every mask apart)
   */
  constructor(
    model: ActionModel,
    sh: LevelShared,
    readonly k: ModClasses,
    readonly decideClass: ClassDecider | null,
  ) {
    super(TASK_FWD, model, sh);
    const md = model.modes, NC = k.n;
    for (let mi = 0; mi < md.n; mi++) {
      // a forced draw's cards lead on (its cells are read once, all written)
      const loops = md.advN[mi] === mi || md.advT[mi] === mi ||
        md.advF[mi] === mi;
      if (md.r[mi] > 0 && loops) throw new Error(`mode ${mi} leads to itself`);
    }
    this.S = md.nStored;
    this.blockN = sh.blockN;
    this.accN = sh.accN;
    this.W = model.maxScore + 1;
    this.off = k.offsets(this.W);
    const f64 = (b: SharedArrayBuffer) => new Float64Array(b);
    this.rowAt = [new Int32Array(sh.rowAt[0]), new Int32Array(sh.rowAt[1])];
    this.flags = [new Uint8Array(sh.flags[0]), new Uint8Array(sh.flags[1])];
    this.edgeN = new Int32Array(sh.edgeN);
    this.edgeT = new Int32Array(sh.edgeT);
    this.edgeC = f64(sh.edgeC);
    this.inStart = new Int32Array(sh.inStart);
    this.inSrc = new Int32Array(sh.inSrc);
    this.inC = f64(sh.inC);
    this.partAcc = f64(sh.partAcc);
    this.partScal = f64(sh.partScal);
    this.modeOf = new Int32Array(this.S).fill(-1);
    for (let mi = 0; mi < md.n; mi++) {
      if (md.stored[mi] >= 0) this.modeOf[md.stored[mi]] = mi;
    }
    this.rootIn = new Float64Array(this.blockN);
    this.rootIn[md.stored[md.free[0]] * NC] = 1;
    this.mass = new Float64Array(md.n * NC);
    this.leaves = new Uint8Array(this.S);
    this.agg = new Float64Array(this.S * NC);
    this.pHit = new Float64Array(NC);
    this.pCls = new Float64Array(NC);
    this.pBank = new Float64Array(NC);
    this.cIdx = new Int32Array(NC);
    this.table = decideClass ? null : new Uint8Array(sh.hit, 0, sh.hitN);
    this.avail = modifiersInDeck(model.base);
    this.pullAt = new Int32Array(64);
    this.pullOff = new Int32Array(64);
    this.pullC = new Float64Array(64);
  }

  /**
   * Pull the incoming block of a core of level L ≥ 1 (its in-edges `a` to
   * `b`) into `mass` (a row of classes per mode; the modes not kept get
   * none): per kept mode, the predecessors' outgoing rows times their
   * copies, summed from 0 in ascending source order, two sources a pass
   * (the running sum in a register: the same additions, the same bits).
   */
  pullInto(L: number, a: number, b: number): void {
    const { S, mass, inSrc, inC, modeOf } = this;
    const rowAt = this.rowAt[(L - 1) & 1];
    const NC = this.k.n, n = this.md.n * NC, m = b - a;
    const src = this.layers[(L - 1) & 1], flags = this.flags[(L - 1) & 1];
    for (let i = 0; i < n; i++) mass[i] = 0;
    if (m > this.pullAt.length) {
      this.pullAt = new Int32Array(2 * m);
      this.pullOff = new Int32Array(2 * m);
      this.pullC = new Float64Array(2 * m);
    }
    // per in-edge, the next of its source's rows (its flags ascend)
    const at = this.pullAt, offs = this.pullOff, cs = this.pullC;
    for (let e = 0; e < m; e++) at[e] = 0;
    for (let s = 0; s < S; s++) {
      // the predecessors with mass leaving into kept mode s, ascending
      let k = 0;
      for (let e = 0; e < m; e++) {
        const p = inSrc[a + e], i = at[e];
        if (i >= S || flags[p * S + i] !== s + 1) continue;
        at[e] = i + 1;
        offs[k] = (rowAt[p] + i) * NC;
        cs[k++] = inC[a + e];
      }
      if (k === 0) continue;
      const to = modeOf[s] * NC;
      const o0 = offs[0], c0 = cs[0];
      if (k === 1) {
        for (let x = 0; x < NC; x++) mass[to + x] = src[o0 + x] * c0;
        continue;
      }
      const o1 = offs[1], c1 = cs[1];
      for (let x = 0; x < NC; x++) {
        mass[to + x] = src[o0 + x] * c0 + src[o1 + x] * c1;
      }
      let i = 2;
      for (; i + 1 < k; i += 2) {
        const oa = offs[i], ca = cs[i], ob = offs[i + 1], cb = cs[i + 1];
        for (let x = 0; x < NC; x++) {
          const d = mass[to + x] + src[oa + x] * ca;
          mass[to + x] = d + src[ob + x] * cb;
        }
      }
      if (i < k) {
        const oa = offs[i], ca = cs[i];
        for (let x = 0; x < NC; x++) mass[to + x] += src[oa + x] * ca;
      }
    }
  }

  /**
   * Chunk `c` of level L (pull, modes, write-back); false when the policy
   * tells masks of a class apart (the pass declines).
   */
  chunk(L: number, c: number): boolean {
    const { md, k, S, step, mass, agg, pHit, pCls, pBank, model } = this;
    const { cIdx, off, decideClass, leaves, table } = this;
    const { mul, free: kFree, upStart, upTo, upMul, memberN } = k;
    const { moveShift, moveStart, moveSrc, moveMul } = k;
    const nMoves = moveShift.length;
    // one mask a class (the full pass): a modifier drawn sets one bit, walked
    // by bit loops rather than the move lists (the same sums, the same bits)
    const bits = k.lumped ? 0 : this.avail;
    const NC = k.n, M = md.n, BANKED = md.bank;
    const T = model.deck[FLIP3], F = model.deck[FREEZE], T1 = T + 1;
    const start = this.start;
    const ls = start[L], le = start[L + 1];
    const layer = this.layers[L & 1], flags = this.flags[L & 1];
    const rowAt = this.rowAt[L & 1];
    // the chunk's outgoing rows start at its share of the buffer (a core
    // writes only the rows it sends mass into: pages of unused rows are
    // never touched)
    let row = c * CHUNK * S;
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
        for (let mi = 0; mi < M; mi++) {
          const s = md.stored[mi];
          for (let x = 0; x < NC; x++) {
            mass[mi * NC + x] = s >= 0 ? this.rootIn[s * NC + x] : 0;
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
      step.load(model, this.base, this.posOf, le, this.blockN, core);
      const total = step.total, sum = step.sum;
      const isRoot = core === root;
      const dBase = slot * T1;
      // where each class's score lands in the banked mass if the round ends
      for (let cl = 0; cl < NC; cl++) cIdx[cl] = aOff + off[cl] + mul[cl] * sum;
      for (let mi = 0; mi < M; mi++) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const mo = mi * NC;
        const cards0 = total + tl + fl;
        const to = t * NC, toT = tT * NC, toF = tF * NC;
        let any = false;
        if (md.r[mi] > 0 && cards0 > 0) {
          // a forced draw with cards left: every class with mass hits; a
          // modifier drawn into another mode after the loop, by the moves
          // of the classes (each class's mass in ascending source order)
          for (let cl = 0; cl < NC; cl++) {
            const m = mass[mo + cl];
            if (m === 0) {
              pHit[cl] = 0;
              continue;
            }
            visited += memberN[cl];
            const p = m / (cards0 + kFree[cl]);
            pHit[cl] = p;
            any = true;
            if (t === BANKED) {
              if (bits !== 0) {
                for (let f = bits & ~cl; f !== 0; f &= f - 1) {
                  acc[cIdx[cl | (f & -f)]] += p;
                }
              } else {
                for (let i = upStart[cl]; i < upStart[cl + 1]; i++) {
                  acc[cIdx[upTo[i]]] += p * upMul[i];
                }
              }
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
          if (t !== BANKED && bits !== 0) {
            for (let b = NC >> 1; b > 0; b >>= 1) {
              if ((bits & b) === 0) continue;
              const u = to + b;
              for (let hi = 0; hi < NC; hi += b + b) {
                for (let cl = hi; cl < hi + b; cl++) mass[u + cl] += pHit[cl];
              }
            }
          } else if (t !== BANKED) {
            for (let g = 0; g < nMoves; g++) {
              const u = to + moveShift[g];
              for (let i = moveStart[g]; i < moveStart[g + 1]; i++) {
                const cl = moveSrc[i];
                mass[u + cl] += pHit[cl] * moveMul[i];
              }
            }
          }
        } else {
          const isFree = md.r[mi] === 0, td = md.td[mi];
          const tb = (dBase + td) * NC, first = isRoot && td === 0;
          for (let cl = 0; cl < NC; cl++) {
            pHit[cl] = 0;
            const m = mass[mo + cl];
            if (m === 0) continue;
            visited += memberN[cl];
            const cards = cards0 + kFree[cl];
            if (cards === 0) {
              acc[cIdx[cl]] += m; // nothing left to draw: the round ends
              continue;
            }
            if (isFree) {
              let hits = first && cl === 0;
              if (!hits) {
                const d = table !== null
                  ? table[tb + cl]
                  : decideClass!(dBase + td, cl);
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
            if (bits !== 0) {
              for (let f = bits & ~cl; f !== 0; f &= f - 1) {
                const up = cl | (f & -f);
                if (t === BANKED) acc[cIdx[up]] += p;
                else mass[to + up] += p;
              }
            } else {
              for (let i = upStart[cl]; i < upStart[cl + 1]; i++) {
                if (t === BANKED) acc[cIdx[upTo[i]]] += p * upMul[i];
                else mass[to + upTo[i]] += p * upMul[i];
              }
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
        // the cards that leave the core
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
        const o = aOff + off[cl] + BONUS, x = mul[cl];
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
              acc[aOff + off[cl] + mul[cl] * s] += pBank[cl] * cnt;
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
        edgeT[e0 + j] = step.nextPos[j] - le;
        edgeC[e0 + j] = nc[j];
      }
    }
    const sc = this.partScal, o = c * 3;
    sc[o] = bust;
    sc[o + 1] = flip7;
    sc[o + 2] = visited;
    return true;
  }

  /**
   * The in-edge lists of level L + 1 from the edges level L's chunks
   * recorded (sources ascending); only sources with mass leaving them count.
   */
  buildInEdges(L: number): void {
    const start = this.start;
    const ls = start[L], le = start[L + 1];
    const ne = L + 2 < start.length ? start[L + 2] : le;
    const nq = ne - le, S = this.S;
    const { inStart, edgeN, edgeT, edgeC, inSrc, inC } = this;
    const flags = this.flags[L & 1];
    for (let i = 0; i <= nq; i++) inStart[i] = 0;
    for (let q = 0; q < le - ls; q++) {
      if (edgeN[q] === 0) continue;
      if (flags[q * S] === 0) { // (a core's flags list its rows first)
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
}
