/**
 * The hot-loop cost of the policy-module sandbox (lib/run/modules.ts: a
 * module's strategy sees a frozen facade of the view and its answers are
 * checked), by interleaved A/B runs, so that a loaded machine weighs on both
 * sides alike: `--pairs N` processes of each side, started alternately
 * (raw, sandboxed, raw, sandboxed, ...; which goes first alternates too), each
 * a fresh process (no call site shared between the two sides) that plays
 * `--rounds` solo rounds of `solo-model` after a warm-up and reports the CPU
 * time (user + sys, `process.cpuUsage`) of the timed loop.
 * - raw: the strategy of `tests/fixtures/my_policy.ts:0.3` called by the
 *   engine directly (its factory imported);
 * - sandboxed: the same module through `loadPolicies`/`makeStrategy`, as
 *   `flip7 round -p ./tests/fixtures/my_policy.ts:0.3` plays it.
 *
 * Prints each pair's ratio sandboxed/raw, their median and a distribution-free
 * 95% interval of the median (order statistics of the pairs' ratios,
 * binomial), and the sum of the rounds' scores of both sides (equal: the same
 * games).
 *
 * ```sh
 * nice -n 10 deno run --allow-read --allow-run --allow-env --allow-sys bench/policy_sandbox_ab.ts --pairs 12
 * ```
 * @module
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { loadPolicies } from "../lib/run/modules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import make from "../tests/fixtures/my_policy.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    side: { type: "string" },
    pairs: { type: "string", default: "12" },
    rounds: { type: "string", default: "5000000" },
  },
});
const rounds = Number(values.rounds);
const spec = new URL("../tests/fixtures/my_policy.ts", import.meta.url).href +
  ":0.3";

/** One side in this process: CPU milliseconds of the timed loop. */
async function side(which: string): Promise<{ cpu: number; sum: number }> {
  await loadPolicies([spec]);
  const strategy = which === "raw" ? make("0.3") : makeStrategy(spec);
  const game = new Game(getRules("solo-model"), [strategy], { seed: 1 });
  let sum = 0;
  for (let i = 0; i < 200_000; i++) sum += game.playRound()[0]; // warm-up
  sum = 0;
  const c0 = process.cpuUsage();
  for (let i = 0; i < rounds; i++) sum += game.playRound()[0];
  const c = process.cpuUsage(c0);
  return { cpu: (c.user + c.system) / 1000, sum };
}

if (values.side) {
  console.log(JSON.stringify(await side(values.side)));
} else {
  const pairs = Number(values.pairs);
  const run = async (which: string) => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "--allow-env",
        "--allow-sys",
        new URL(import.meta.url).pathname,
        "--side",
        which,
        "--rounds",
        String(rounds),
      ],
      stderr: "inherit",
    }).output();
    if (!out.success) throw new Error(`side ${which} failed`);
    return JSON.parse(new TextDecoder().decode(out.stdout)) as {
      cpu: number;
      sum: number;
    };
  };
  const ratios: number[] = [];
  for (let p = 0; p < pairs; p++) {
    const order = p % 2 === 0 ? ["raw", "boxed"] : ["boxed", "raw"];
    const got: Record<string, { cpu: number; sum: number }> = {};
    for (const w of order) got[w] = await run(w);
    if (got.raw.sum !== got.boxed.sum) {
      throw new Error("the two sides played different games");
    }
    ratios.push(got.boxed.cpu / got.raw.cpu);
    console.log(
      `pair ${p + 1} (${order[0]} first): raw ${
        got.raw.cpu.toFixed(0)
      } ms, sandboxed ${got.boxed.cpu.toFixed(0)} ms CPU, ratio ${
        ratios[p].toFixed(3)
      }`,
    );
  }
  const s = [...ratios].sort((a, b) => a - b);
  const n = s.length;
  const median = n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  // the largest k with P(Binomial(n, 1/2) < k) <= 2.5%: [s[k-1], s[n-k]]
  let k = 0, cdf = 0;
  const pmf = (i: number) => {
    let c = 1;
    for (let j = 0; j < i; j++) c = (c * (n - j)) / (j + 1);
    return c / 2 ** n;
  };
  while (k < n && cdf + pmf(k) <= 0.025) cdf += pmf(k++);
  const lo = k > 0 ? s[k - 1] : NaN, hi = k > 0 ? s[n - k] : NaN;
  console.log(
    `${n} interleaved pairs of ${rounds} rounds: sandboxed/raw CPU median ${
      median.toFixed(3)
    } (${((median - 1) * 100).toFixed(1)}%), 95% interval of the median ${
      lo.toFixed(3)
    }-${hi.toFixed(3)} (order statistics ${k} and ${n + 1 - k})`,
  );
}
