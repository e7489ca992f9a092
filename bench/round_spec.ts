/**
 * The rounds the round benches play (`bench/round_bench.ts`,
 * `bench/round_interleaved.ts`; `bench/round_ab.ts` by default): `sum:20` rounds under `solo-model`, seed 1,
 * round `k` on stream `(1, k)`, as
 * `deno task flip7 round -n N -p sum:20 --rules solo-model --workers 1 --no-file`
 * plays them, and as `bench/round_ref.c` plays them with threshold 20.
 *
 * @module
 */

/** The default number of rounds: 10,000,000. */
export const ROUNDS = 10_000_000;

/** The blocks the interleaved benches cut their rounds into (round_interleaved.ts, round_ab.ts). */
export const BLOCKS = 40;

/** Blocks both sides play before the measured ones. */
export const WARMUP = 2;

/** The threshold of the `sum:20` policy, passed to the C loop. */
export const THRESHOLD = 20;

/** The runner's spec for `count` rounds (default {@link ROUNDS}). */
export function roundSpec(count: number = ROUNDS): {
  rules: string;
  policies: string[];
  seed: number;
  count: number;
  mode: "round";
} {
  return {
    rules: "solo-model",
    policies: [`sum:${THRESHOLD}`],
    seed: 1,
    count,
    mode: "round",
  };
}
