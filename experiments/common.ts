/**
 * Shared helpers of the experiments. The runs themselves go through the one
 * runner, `lib/run/runner.ts` ({@linkcode runBatch} is its `runAll`), and the
 * statistics come from `lib/run/stats.ts` ({@linkcode groupStats} is its
 * `policyRows`); this module re-exports them under the names the
 * experiments use, plus the seat layouts and rounding they share.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runBatch, groupStats } from "./common.ts";
 * const [acc] = await runBatch([{ rules: "standard", policies: ["ev", "bust:0.25"], seed: 1, count: 200, mode: "game" }]);
 * const ev = groupStats(acc).find((g) => g.policy === "ev")!;
 * assert.equal(acc.games, 200);
 * assert.ok(ev.win_share > 0 && ev.win_share < 1);
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
 * import assert from "node:assert/strict";
 * const [acc] = await runBatch([{ rules: "standard", policies: ["ev", "evc"], seed: 1, count: 100, mode: "game" }]);
 * assert.equal(acc.games, 100);
 * ```
 */
export const runBatch = runAll;

/**
 * Per-group statistics of a run (unrounded): `policyRows` of `lib/run/stats.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const [acc] = await runBatch([{ rules: "standard", policies: ["ev", "sum:20"], seed: 1, count: 100, mode: "game" }]);
 * assert.deepEqual(groupStats(acc).map((g) => g.policy), ["ev", "sum:20"]);
 * assert.ok(groupStats(acc)[0].points_per_round > 0);
 * ```
 */
export const groupStats = policyRows;

/**
 * Add the sums of `s` into `t` (same policies), e.g. to pool seeds.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const spec = { rules: "standard", policies: ["ev", "sum:20"], count: 50, mode: "game" as const };
 * const [total, acc] = await runBatch([{ ...spec, seed: 1 }, { ...spec, seed: 2 }]);
 * mergeInto(total, acc);
 * assert.equal(total.games, 100);
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
 * import assert from "node:assert/strict";
 * const spec = { rules: "standard", policies: ["ev", "sum:20"], count: 50, mode: "game" as const };
 * const [acc1, acc2] = await runBatch([{ ...spec, seed: 1 }, { ...spec, seed: 2 }]);
 * const all = pool([acc1, acc2]);
 * assert.equal(all.games, acc1.games + acc2.games);
 * assert.equal(acc1.games, 50); // a copy: the runs are untouched
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
 * import assert from "node:assert/strict";
 * assert.deepEqual(field(3, "ev", "bust:0.25"), ["ev", "bust:0.25", "ev"]);
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
 * import assert from "node:assert/strict";
 * assert.equal(r6(0.1234567), 0.123457);
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
 * import assert from "node:assert/strict";
 * const seen: string[] = [];
 * const p = phase((l, d, t) => seen.push(`${l} ${d}/${t}`), "field-size");
 * p?.(10, 100);
 * assert.deepEqual(seen, ["field-size 10/100"]);
 * assert.equal(phase(undefined, "x"), undefined);
 * ```
 */
export function phase(
  cb: ((label: string, done: number, total: number) => void) | undefined,
  label: string,
): ((done: number, total: number) => void) | undefined {
  return cb ? (d, t) => cb(label, d, t) : undefined;
}
