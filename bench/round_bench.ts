/**
 * The solo round loop against its plain-C reference (`bench/round_ref.c`):
 * 10,000,000 `sum:20` rounds under `solo-model`, round `k` from the deck in
 * kind order on stream `(1, k)`, as
 * `deno task flip7 round -n 10000000 -p sum:20 --rules solo-model --workers 1 --no-file`
 * plays them.
 *
 * Group `round-ref`, one iteration each:
 * - `runRounds` of `lib/run/sim.ts` on 1 worker: the command's path after
 *   its flags are parsed (checks, 64 chunks, merging, the summary);
 * - `playRange` of `lib/run/runner.ts` over all the rounds at once: the
 *   runner's loop alone;
 * - `plainRounds` of `bench/round_plain.ts`: the same rounds in plain
 *   JavaScript with the state in locals and no bookkeeping (the C loop's
 *   twin), the floor of a JavaScript loop of these rounds on this machine.
 *
 * After the runs the bench compiles `bench/round_ref.c` with `gcc -O2` into
 * `.cache/bench/round_ref` (skipped, with a message, when gcc is missing),
 * runs it three times, checks that it played the same rounds (the same sum
 * of scores, of squares, busts and Flip 7s as `playRange`), and prints the
 * ratios ours / C of the medians (the C loop's own clock; the Deno figures
 * from `performance.now()` around each call, the median of the iterations).
 */
import { playRange } from "../lib/run/runner.ts";
import { runRounds } from "../lib/run/sim.ts";
import { plainRounds } from "./round_plain.ts";
import { ROUNDS, roundSpec, THRESHOLD } from "./round_spec.ts";

const RUN = { group: "round-ref", n: 3, warmup: 1 };
const SPEC = roundSpec();
const times: Record<string, number[]> = { command: [], range: [], plain: [] };
let sums: number[] = [], plainSums: number[] = [];

Deno.bench(
  "the command's path, runRounds on 1 worker (10,000,000 rounds)",
  { ...RUN, baseline: true },
  async () => {
    const t0 = performance.now();
    await runRounds({
      rules: SPEC.rules,
      policies: SPEC.policies,
      rounds: ROUNDS,
      seed: SPEC.seed,
      workers: 1,
    });
    times.command.push((performance.now() - t0) / 1000);
  },
);

Deno.bench(
  "runner playRange, rounds [0, 10,000,000) in one call",
  RUN,
  () => {
    const t0 = performance.now();
    const acc = playRange(SPEC, 0, ROUNDS);
    times.range.push((performance.now() - t0) / 1000);
    sums = [acc.points[0], acc.seat_points_sq[0], acc.busts[0], acc.flip7s[0]];
  },
);

Deno.bench(
  "plain JavaScript loop of the same rounds (bench/round_plain.ts)",
  RUN,
  () => {
    const t0 = performance.now();
    plainSums = plainRounds(SPEC.seed, ROUNDS, THRESHOLD);
    times.plain.push((performance.now() - t0) / 1000);
  },
);

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.floor((s.length - 1) / 2)];
};

/** Compile and run the C reference three times: its loop seconds and sums. */
function cReference(): { seconds: number[]; sums: number[] } | string {
  const bin = ".cache/bench/round_ref";
  try {
    Deno.mkdirSync(".cache/bench", { recursive: true });
    const cc = new Deno.Command("gcc", {
      args: ["-O2", "-o", bin, "bench/round_ref.c"],
      stderr: "piped",
    }).outputSync();
    if (!cc.success) return new TextDecoder().decode(cc.stderr).trim();
  } catch (e) {
    return `gcc not available (${(e as Error).message.split("\n")[0]})`;
  }
  const seconds: number[] = [];
  let got: number[] = [];
  for (let i = 0; i < 3; i++) {
    const out = new TextDecoder().decode(
      new Deno.Command(bin, { args: ["1", String(ROUNDS)] }).outputSync()
        .stdout,
    );
    const f = out.trim().split(/\s+/);
    const at = (k: string) => Number(f[f.indexOf(k) + 1]);
    seconds.push(at("seconds"));
    got = [at("sum"), at("sumsq"), at("busts"), at("flip7s")];
  }
  return { seconds, sums: got };
}

globalThis.addEventListener("unload", () => {
  const c = cReference();
  if (typeof c === "string") {
    console.log(`round-ref: the C reference was skipped: ${c}`);
    return;
  }
  const same = sums.length === 4 && sums.every((x, i) => x === c.sums[i]);
  const cs = median(c.seconds);
  const cmd = median(times.command), range = median(times.range);
  const plain = median(times.plain);
  const plainSame = plainSums.length === 4 &&
    plainSums.every((x, i) => x === c.sums[i]);
  console.log(
    `round-ref: C loop ${cs.toFixed(3)} s (median of ${c.seconds.length}; ${
      same
        ? "the same rounds as playRange"
        : `DIFFERENT sums: C ${c.sums}, ours ${sums}`
    }); runRounds 1 worker ${cmd.toFixed(3)} s = ${
      (cmd / cs).toFixed(2)
    }x the C loop; playRange ${range.toFixed(3)} s = ${
      (range / cs).toFixed(2)
    }x; plain JavaScript loop ${plain.toFixed(3)} s = ${
      (plain / cs).toFixed(2)
    }x (${
      plainSame ? "the same rounds" : `DIFFERENT sums: ${plainSums}`
    }); playRange / plain loop = ${(range / plain).toFixed(2)}`,
  );
});
