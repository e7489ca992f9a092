/**
 * A plain-JavaScript twin of `bench/round_ref.c`, for `round_bench.ts`: the
 * same rounds (the 88-card `solo-model` deck in kind order, round `k` on
 * stream `(seed, k)` of lib/game/rng.ts, the engine's swap-to-the-end draw,
 * hit while the number cards total under `threshold`), with the state in
 * locals and no bookkeeping — no card counts, no seats, no table view, no
 * events. It is a yardstick, not a second engine: it knows only this one
 * policy on this one deck, and nothing outside bench/ imports it. Its time is
 * the floor a JavaScript round loop of these rounds reaches on this machine,
 * so the bench can say how much of the engine's cost over the C loop is the
 * language and how much the engine's own work.
 *
 * The pile is put back in kind order by undoing the logged swaps
 * (lib/game/pile.ts copies the template back in 8-byte words instead; this
 * yardstick keeps the log, which was not measured against the word copy here).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { playRange } from "../lib/run/runner.ts";
 * const ours = plainRounds(1, 2000, 20);
 * const acc = playRange({ rules: "solo-model", policies: ["sum:20"], seed: 1, count: 2000, mode: "round" }, 0, 2000);
 * assert.deepEqual(ours, [acc.points[0], acc.seat_points_sq[0], acc.busts[0], acc.flip7s[0]]);
 * ```
 * @module
 */
import { Rng } from "../lib/game/rng.ts";

const PLUS2 = 13, X2 = 18, CHANCE = 21;

/**
 * Rounds `[0, n)` of seed `seed` played by `sum:threshold` on the
 * `solo-model` deck: the sums of the scores, of their squares, the busts and
 * the Flip 7s (what the runner's accumulator holds for the same rounds).
 */
export function plainRounds(
  seed: number,
  n: number,
  threshold: number,
): number[] {
  const template = new Uint8Array(88);
  let size = 0;
  template[size++] = 0;
  for (let v = 1; v < 13; v++) for (let c = 0; c < v; c++) template[size++] = v;
  for (let k = PLUS2; k <= X2; k++) template[size++] = k;
  for (let c = 0; c < 3; c++) template[size++] = CHANCE;
  const pile = template.slice();
  const log = new Uint8Array(88);
  const plus = [2, 4, 6, 8, 10];
  const rng = new Rng();
  let sum = 0, sq = 0, busts = 0, flip7s = 0, logN = 0, low = size;
  for (let k = 0; k < n; k++) {
    rng.reseed(seed, k);
    // back to kind order: the drawn tail and the logged swap positions
    for (let j = low; j < size; j++) pile[j] = template[j];
    for (let j = 0; j < logN; j++) pile[log[j]] = template[log[j]];
    logN = 0;
    let pn = size, mask = 0, mods = 0, chance = 0, count = 0, nsum = 0;
    let bust = 0, f7 = 0, first = true;
    while (first || nsum < threshold) {
      first = false;
      const i = rng.below(pn);
      const c = pile[i];
      pile[i] = pile[--pn];
      pile[pn] = c;
      log[logN++] = i;
      if (c < PLUS2) {
        if (mask & (1 << c)) {
          if (chance) chance = 0;
          else {
            bust = 1;
            break;
          }
        } else {
          mask |= 1 << c;
          nsum += c;
          if (++count === 7) {
            f7 = 1;
            break;
          }
        }
      } else if (c <= X2) mods |= 1 << (c - PLUS2);
      else if (c === CHANCE) chance = 1;
    }
    low = pn;
    let x = 0;
    if (!bust) {
      x = mods & 32 ? 2 * nsum : nsum;
      for (let m = 0; m < 5; m++) if (mods & (1 << m)) x += plus[m];
      if (f7) x += 15;
    }
    sum += x;
    sq += x * x;
    busts += bust;
    flip7s += f7;
  }
  return [sum, sq, busts, flip7s];
}
