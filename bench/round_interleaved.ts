/**
 * The solo round loop against its plain-C reference, interleaved in one
 * process: `bench/round_ref.c` is built as a shared library
 * (`gcc -O2 -DROUND_REF_LIB -shared -fPIC`) and called through FFI, block by
 * block, beside the runner's `playRange` on the same rounds (10,000,000
 * `sum:20` rounds under `solo-model`, round `k` on stream `(1, k)`, as
 * `deno task flip7 round -n 10000000 -p sum:20 --rules solo-model --workers 1 --no-file`
 * plays them).
 *
 * Why: this machine's speed changes by up to 2x from one second to the next
 * (a plain loop timed between the chunks of a run slows down with them), so
 * two whole processes run one after the other can meet different machines.
 * Here each block of rounds is played by both loops within ~40 ms, in
 * alternating order (C first in even blocks, JavaScript first in odd ones),
 * and the ratio is taken block by block.
 *
 * Prints, for the blocks after the warm-up: the median of the block ratios
 * (JavaScript / C) with a distribution-free 95% interval of that median (the
 * order statistics of the binomial(n, 1/2) law), the ratio of the summed
 * times, both loops' totals, and the check that both played the same rounds
 * (the sums of the scores, their squares, busts and Flip 7s agree exactly;
 * exit 1 if not). The whole command adds its start-up and the runner's
 * bookkeeping on top of the JavaScript loop (bench/README.md).
 *
 *   deno task bench:round            # 10,000,000 rounds
 *   deno task bench:round 400000     # fewer (a multiple of 40)
 *
 * @module
 */
import { playRange } from "../lib/run/runner.ts";
import {
  BLOCKS,
  ROUNDS as DEFAULT_ROUNDS,
  roundSpec,
  THRESHOLD,
  WARMUP,
} from "./round_spec.ts";

/** The rounds to play: the first argument (default 10,000,000). */
function roundsArg(arg: string | undefined): number {
  if (arg === undefined) return DEFAULT_ROUNDS;
  const n = Number(arg);
  if (!Number.isInteger(n) || n <= 0 || n % BLOCKS !== 0 || n > 2 ** 30) {
    console.error(
      `bad rounds '${arg}': allowed a positive multiple of ${BLOCKS} up to 2^30`,
    );
    Deno.exit(2);
  }
  return n;
}

/**
 * Build the shared library into `.cache/bench/` (or `FLIP7_CACHE_DIR`'s
 * `bench/`, where the tests put it) and return its path.
 */
async function build(): Promise<string> {
  const src = new URL("./round_ref.c", import.meta.url).pathname;
  const cache = Deno.env.get("FLIP7_CACHE_DIR");
  const dir = cache
    ? `${cache.replace(/\/+$/, "")}/bench/`
    : new URL("../.cache/bench/", import.meta.url).pathname;
  await Deno.mkdir(dir, { recursive: true });
  const lib = `${dir}round_ref.so`;
  const out = await new Deno.Command("gcc", {
    args: ["-O2", "-DROUND_REF_LIB", "-shared", "-fPIC", "-o", lib, src],
  }).output();
  if (!out.success) {
    throw new Error(`gcc failed: ${new TextDecoder().decode(out.stderr)}`);
  }
  return lib;
}

/**
 * The median of `xs` and its distribution-free 95% interval: the order
 * statistics `[s[j-1], s[n-j]]` of the sorted values for the largest `j`
 * with P(Binomial(n, 1/2) < j) <= 2.5%.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const xs = Array.from({ length: 40 }, (_, i) => i + 1);
 * assert.deepEqual(medianInterval(xs), [20.5, 14, 27]);
 * ```
 */
export function medianInterval(xs: number[]): [number, number, number] {
  const s = xs.slice().sort((a, b) => a - b), n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  // the largest j with P(Binomial(n, 1/2) < j) <= 2.5%: [s[j-1], s[n-j]]
  let j = 0, cdf = 0, p = Math.pow(0.5, n);
  while (cdf + p <= 0.025) {
    cdf += p;
    j++;
    p *= (n - j + 1) / j;
  }
  return [median, s[Math.max(0, j - 1)], s[Math.min(n - 1, n - j)]];
}

if (import.meta.main) {
  const ROUNDS = roundsArg(Deno.args[0]);
  const BLOCK = ROUNDS / BLOCKS;
  const SPEC = roundSpec(ROUNDS);
  const lib = Deno.dlopen(await build(), {
    round_ref_range: {
      parameters: ["u32", "i32", "i32", "i32", "buffer"],
      result: "void",
    },
  });
  const cOut = new Float64Array(4), cSums = new Float64Array(4);
  const jsSums = new Float64Array(4);
  const ratios: number[] = [];
  let cTotal = 0, jsTotal = 0;
  const runC = (from: number, to: number): number => {
    const t0 = performance.now();
    lib.symbols.round_ref_range(SPEC.seed, from, to, THRESHOLD, cOut);
    const t = performance.now() - t0;
    for (let i = 0; i < 4; i++) cSums[i] += cOut[i];
    return t;
  };
  const runJs = (from: number, to: number): number => {
    const t0 = performance.now();
    const acc = playRange(SPEC, from, to);
    const t = performance.now() - t0;
    jsSums[0] += acc.points[0];
    jsSums[1] += acc.seat_points_sq[0];
    jsSums[2] += acc.busts[0];
    jsSums[3] += acc.flip7s[0];
    return t;
  };
  // warm-up on rounds past the measured ones (the same code paths)
  for (let w = 0; w < WARMUP; w++) {
    runC(ROUNDS + w * BLOCK, ROUNDS + (w + 1) * BLOCK);
    runJs(ROUNDS + w * BLOCK, ROUNDS + (w + 1) * BLOCK);
  }
  cSums.fill(0);
  jsSums.fill(0);
  for (let b = 0; b < BLOCKS; b++) {
    const from = b * BLOCK, to = from + BLOCK;
    let c: number, js: number;
    if (b % 2 === 0) {
      c = runC(from, to);
      js = runJs(from, to);
    } else {
      js = runJs(from, to);
      c = runC(from, to);
    }
    cTotal += c;
    jsTotal += js;
    ratios.push(js / c);
  }
  lib.close();
  const same = cSums.every((x, i) => x === jsSums[i]);
  const [med, lo, hi] = medianInterval(ratios);
  const f = (x: number, d = 2) => x.toFixed(d);
  console.log(
    `rounds ${ROUNDS} in ${BLOCKS} blocks of ${BLOCK} (after ${WARMUP} warm-up blocks)`,
  );
  console.log(
    `sums (score, square, busts, Flip 7s): C ${cSums.join(" ")}; JavaScript ${
      jsSums.join(" ")
    }: ${same ? "the same rounds" : "DIFFERENT"}`,
  );
  console.log(
    `loop time: JavaScript ${f(jsTotal / 1000, 3)} s, C ${
      f(cTotal / 1000, 3)
    } s, ratio of the totals ${f(jsTotal / cTotal)}`,
  );
  console.log(
    `block ratio JavaScript / C: median ${f(med)} (95% interval of the median ${
      f(lo)
    }-${f(hi)}), range ${f(Math.min(...ratios))}-${f(Math.max(...ratios))}`,
  );
  if (!same) Deno.exit(1);
}
