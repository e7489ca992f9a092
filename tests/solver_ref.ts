/**
 * The one-thread reference forward pass of the action models (the pass
 * `lib/solver/actions.ts` ran before the level passes), kept for the tests
 * and benchmarks that check the level passes against it: the same terms
 * summed in another order (core by core, mode by mode, mask by mask), so
 * its figures meet the level passes' to rounding (1e-10 on the small
 * decks; on all 94 cards it loses 9e-10 of the mass, `bench/forward_accuracy.ts`).
 *
 * @module
 */
import { FLIP3, FLIP7_BONUS, FREEZE, MODS } from "../lib/game/cards.ts";
import type { ActionModel } from "../lib/solver/actions.ts";
import type { Decider, Evaluation } from "../lib/solver/forward.ts";
import { LevelStep, modTables } from "../lib/solver/level_step.ts";
import { modifiersInDeck } from "../lib/solver/solve.ts";
import { finish, ModClasses } from "../lib/solver/mod_classes.ts";

const BONUS = FLIP7_BONUS;

/**
 * Exact forward evaluation of a decision rule (asked at free-mode states
 * with positive probability, `decide(decision slot, mods)`) or a decision
 * table over an action model, on this thread, level by level.
 */
export function forwardActions(
  model: ActionModel,
  decide: Decider | null,
  table: Uint8Array | null,
  policy: string,
): Evaluation {
  const { base } = model.spaces();
  const { order, start } = model.levels();
  const md = model.modes;
  const M = md.n, BANK = md.bank, S = md.nStored;
  const T = model.deck[FLIP3], F = model.deck[FREEZE], T1 = T + 1;
  const nCores = base.cores.length;
  const posOf = new Int32Array(nCores);
  for (let p = 0; p < nCores; p++) posOf[order[p]] = p;
  const avail = modifiersInDeck(model.base);
  const { x2: x2Of, plus: plusOf, free: freeOf } = modTables(avail);
  const blockN = S * MODS;
  const dist = new Float64Array(model.maxScore + 1);
  const mass = new Float64Array(M * MODS);
  const pHit = new Float64Array(MODS);
  const step = new LevelStep();
  const nb = step.nextOff, nc = step.nextCount;
  const levels = start.length - 1;
  let bust = 0, flip7 = 0, visited = 0;
  let layer = new Float64Array((start[1] - start[0]) * blockN);
  let touched = new Uint8Array(start[1] - start[0]);
  // the pre-deal state
  layer[md.stored[md.free[0]] * MODS] = 1;
  touched[0] = 1;
  for (let L = 0; L < levels; L++) {
    const ls = start[L], le = start[L + 1];
    const ns = start[L + 1], ne = L + 2 < start.length ? start[L + 2] : ns;
    const nextLayer = new Float64Array((ne - ns) * blockN);
    const nextTouched = new Uint8Array(ne - ns);
    for (let pos = ls; pos < le; pos++) {
      if (!touched[pos - ls]) continue;
      const slot = order[pos];
      const core = base.cores[slot];
      mass.fill(0);
      const inOff = (pos - ls) * blockN;
      for (let mi = 0; mi < M; mi++) {
        const s = md.stored[mi];
        if (s >= 0) {
          const from = inOff + s * MODS, to = mi * MODS;
          for (let k = 0; k < MODS; k++) mass[to + k] = layer[from + k];
        }
      }
      step.load(model, base, posOf, ns, blockN, core);
      const total = step.total, sum = step.sum;
      const isRoot = core === model.base.root;
      const dBase = slot * T1;
      for (let mi = 0; mi < M; mi++) {
        const t = md.advN[mi], tT = md.advT[mi], tF = md.advF[mi];
        const tl = T - md.td[mi], fl = F - md.fd[mi];
        const mo = mi * MODS;
        const isFree = md.r[mi] === 0;
        let any = false;
        for (let mods = 0; mods < MODS; mods++) {
          pHit[mods] = 0;
          const m = mass[mo + mods];
          if (m === 0) continue;
          visited++;
          const stay = x2Of[mods] * sum + plusOf[mods];
          const cards = total + freeOf[mods] + tl + fl;
          if (cards === 0) {
            dist[stay] += m;
            continue;
          }
          if (isFree) {
            const td = md.td[mi];
            const dslot = dBase + td;
            const hits = (isRoot && mods === 0 && td === 0) ||
              (table ? table[dslot * MODS + mods] === 1 : decide!(dslot, mods));
            if (!hits) {
              dist[stay] += m;
              continue;
            }
          }
          const p = m / cards;
          pHit[mods] = p;
          any = true;
          for (let free = avail & ~mods; free !== 0; free &= free - 1) {
            const mm = mods | (free & -free);
            if (t === BANK) dist[x2Of[mm] * sum + plusOf[mm]] += p;
            else mass[t * MODS + mm] += p;
          }
          if (tl > 0) {
            if (tT === BANK) dist[stay] += p * tl;
            else mass[tT * MODS + mods] += p * tl;
          }
          if (fl > 0) {
            if (tF === BANK) dist[stay] += p * fl;
            else mass[tF * MODS + mods] += p * fl;
          }
          if (step.bust > 0) {
            bust += p * step.bust;
            dist[0] += p * step.bust;
          }
          for (let i = 0; i < step.f7n; i++) {
            const q = p * step.f7Count[i];
            dist[x2Of[mods] * step.f7Sum[i] + plusOf[mods] + BONUS] += q;
            flip7 += q;
          }
        }
        if (!any) continue;
        // the cards that leave the core
        if (t === BANK) {
          for (let j = 0; j < step.nNext; j++) {
            const c = nc[j], s = step.nextSum[j];
            for (let mods = 0; mods < MODS; mods++) {
              if (pHit[mods] !== 0) {
                dist[x2Of[mods] * s + plusOf[mods]] += pHit[mods] * c;
              }
            }
          }
          continue;
        }
        const so = md.stored[t] * MODS;
        for (let j = 0; j < step.nNext; j++) {
          const c = nc[j], to = nb[j] + so;
          nextTouched[step.nextPos[j] - ns] = 1;
          for (let mods = 0; mods < MODS; mods++) {
            nextLayer[to + mods] += pHit[mods] * c;
          }
        }
      }
    }
    layer = nextLayer;
    touched = nextTouched;
  }
  const k = new ModClasses(avail, false);
  return finish(k, dist, dist.length, bust, flip7, visited, policy, model.name);
}
