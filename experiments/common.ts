/**
 * Shared helpers of the experiments. The runs themselves go through the one
 * runner, `lib/run/runner.ts` ({@linkcode runBatch} is its `runAll`), and the
 * statistics come from `lib/run/stats.ts` ({@linkcode groupStats} is its
 * `policyRows`); this module re-exports them under the names the
 * experiments use, plus the seat layouts and rounding they share.
 *
 * @example
 * ```ts
 * import { runBatch, groupStats } from "./common.ts";
 * const [acc] = await runBatch([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 2000, mode: "game" }]);
 * groupStats(acc).find((g) => g.policy === "ev")!.win_share;
 * ```
 * @module
 */

import { mergeAccum, type RunAccum, runAll } from "../lib/run/runner.ts";
import { policyRows, round } from "../lib/run/stats.ts";

export { deriveSeed } from "../lib/game/rng.ts";
export type {
  RunAccum,
  RunMode,
  RunOptions as BatchOptions,
  RunSpec,
} from "../lib/run/runner.ts";
export { pointsDiff, winShareDiff } from "../lib/run/stats.ts";
export type { Difference, PolicyRow as GroupStats } from "../lib/run/stats.ts";

/**
 * Play every run of a batch over one pool of workers: `runAll` of
 * `lib/run/runner.ts`.
 *
 * @example
 * ```ts
 * const [acc] = await runBatch([{ rules: "standard", policies: ["ev", "evc"], seed: 1, count: 1000, mode: "game" }]);
 * ```
 */
export const runBatch = runAll;

/**
 * Per-group statistics of a run (unrounded): `policyRows` of `lib/run/stats.ts`.
 *
 * @example
 * ```ts
 * import type { RunAccum } from "../lib/run/runner.ts";
 * declare const acc: RunAccum;
 * groupStats(acc)[0].points_per_round;
 * ```
 */
export const groupStats = policyRows;

/**
 * Add the sums of `s` into `t` (same policies), e.g. to pool seeds.
 *
 * @example
 * ```ts
 * import type { RunAccum } from "../lib/run/runner.ts";
 * declare const total: RunAccum, acc: RunAccum;
 * mergeInto(total, acc);
 * ```
 */
export function mergeInto(t: RunAccum, s: RunAccum): void {
  mergeAccum(t, s);
}

/**
 * Pool several runs of the same policies into one accumulator (a copy).
 *
 * @example
 * ```ts
 * import type { RunAccum } from "../lib/run/runner.ts";
 * declare const acc1: RunAccum, acc2: RunAccum;
 * const all = pool([acc1, acc2]);
 * all.games === acc1.games + acc2.games; // true
 * ```
 */
export function pool(accs: RunAccum[]): RunAccum {
  const t = structuredClone(accs[0]);
  for (const a of accs.slice(1)) mergeAccum(t, a);
  return t;
}

/**
 * Seats for a field of `n` players, half `a` and half `b`, alternating
 * (`a, b, a, b, ...`); for odd `n` the extra seat is `a`.
 *
 * @example
 * ```ts
 * field(3, "ev", "bust:0.25"); // ["ev", "bust:0.25", "ev"]
 * ```
 */
export function field(n: number, a: string, b: string): string[] {
  return Array.from({ length: n }, (_, i) => (i % 2 === 0 ? a : b));
}

/**
 * Round every number of a row to `digits` decimals (integers untouched).
 *
 * @example
 * ```ts
 * r6(0.1234567); // 0.123457
 * ```
 */
export function r6(x: number): number {
  return round(x, 6);
}

/**
 * Label of a progress phase, and an `onProgress` that forwards to a
 * labelled callback.
 *
 * @example
 * ```ts
 * const p = phase((l, d, t) => console.error(l, d, t), "field-size");
 * p?.(10, 100);
 * ```
 */
export function phase(
  cb: ((label: string, done: number, total: number) => void) | undefined,
  label: string,
): ((done: number, total: number) => void) | undefined {
  return cb ? (d, t) => cb(label, d, t) : undefined;
}
