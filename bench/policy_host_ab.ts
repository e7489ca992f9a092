/**
 * What a decision of a policy module costs in its host (lib/run/modules.ts:
 * the engine writes the view into shared memory, wakes the module's thread
 * and waits for the answer), against the same module called in-process as
 * before issue 41, by interleaved A/B runs, so that a loaded machine weighs
 * on both sides alike: `--pairs N` processes of each side, started
 * alternately (which goes first alternates too), each a fresh process that
 * plays `--rounds` solo rounds of `tests/fixtures/my_policy.ts:0.3` under
 * `solo-model` after a warm-up and reports the wall time of the timed loop
 * and the decisions (`hit` calls) it made.
 *
 * With `--evaluate MODEL` each side times instead one exact evaluation of
 * the module on a solo model (`evaluateStrategy`, as `flip7 evaluate` runs
 * it), whose decisions are one per visible table.
 *
 * Prints per pair each side's nanoseconds per decision and their ratio, then
 * the median ratio and the median difference (the host's cost per decision)
 * with a distribution-free 95% interval of each (order statistics of the
 * pairs, binomial), and checks that both sides played the same games.
 *
 * ```sh
 * nice -n 10 deno run --allow-read --allow-run --allow-env --allow-sys bench/policy_host_ab.ts --pairs 12
 * ```
 * @module
 */
import { parseArgs } from "node:util";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { closePolicies, loadPolicies } from "../lib/run/modules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import type { Strategy } from "../lib/game/view.ts";
import make from "../tests/fixtures/my_policy.ts";
import { evaluateStrategy } from "../lib/run/evaluate.ts";
import { getModel } from "../lib/solver/model.ts";
import { spaceOf } from "../lib/solver/solve.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    side: { type: "string" },
    pairs: { type: "string", default: "12" },
    rounds: { type: "string", default: "200000" },
    evaluate: { type: "string" },
  },
});
const rounds = Number(values.rounds);
const spec = new URL("../tests/fixtures/my_policy.ts", import.meta.url).href +
  ":0.3";

interface Side {
  ms: number;
  decisions: number;
  sum: number;
}

/** One side in this process: wall milliseconds of the timed loop. */
async function side(which: string): Promise<Side> {
  await loadPolicies([spec]);
  const inner = which === "raw" ? make("0.3") : makeStrategy(spec);
  let decisions = 0;
  const counted: Strategy = {
    name: inner.name,
    hit: (v, s) => (decisions++, inner.hit(v, s)),
    target: (v, s, k) => inner.target(v, s, k),
  };
  if (values.evaluate) {
    const space = spaceOf(getModel(values.evaluate));
    const t0 = performance.now();
    const e = evaluateStrategy(space, counted, spec);
    const ms = performance.now() - t0;
    closePolicies();
    return { ms, decisions, sum: e.ev };
  }
  const game = new Game(getRules("solo-model"), [counted], { seed: 1 });
  let sum = 0;
  for (let i = 0; i < 20_000; i++) sum += game.playRound()[0]; // warm-up
  sum = 0;
  decisions = 0;
  const t0 = performance.now();
  for (let i = 0; i < rounds; i++) sum += game.playRound()[0];
  const ms = performance.now() - t0;
  closePolicies();
  return { ms, decisions, sum };
}

/** Median and a distribution-free 95% interval of it (order statistics). */
function medianCi(xs: number[]): [number, number, number] {
  const s = [...xs].sort((a, b) => a - b);
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
  return [median, k > 0 ? s[k - 1] : NaN, k > 0 ? s[n - k] : NaN];
}

if (values.side) {
  console.log(JSON.stringify(await side(values.side)));
} else {
  const pairs = Number(values.pairs);
  const run = async (which: string): Promise<Side> => {
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--allow-read",
        "--allow-env",
        new URL(import.meta.url).pathname,
        "--side",
        which,
        "--rounds",
        String(rounds),
        ...(values.evaluate ? ["--evaluate", values.evaluate] : []),
      ],
      stderr: "inherit",
    }).output();
    if (!out.success) throw new Error(`side ${which} failed`);
    return JSON.parse(new TextDecoder().decode(out.stdout));
  };
  const ratios: number[] = [], costs: number[] = [];
  for (let p = 0; p < pairs; p++) {
    const order = p % 2 === 0 ? ["raw", "hosted"] : ["hosted", "raw"];
    const got: Record<string, Side> = {};
    for (const w of order) got[w] = await run(w);
    if (
      got.raw.sum !== got.hosted.sum ||
      got.raw.decisions !== got.hosted.decisions
    ) {
      throw new Error("the two sides played different games");
    }
    const ns = (x: Side) => (x.ms * 1e6) / x.decisions;
    ratios.push(ns(got.hosted) / ns(got.raw));
    costs.push(ns(got.hosted) - ns(got.raw));
    console.log(
      `pair ${p + 1} (${
        order[0]
      } first): ${got.raw.decisions} decisions; in-process ${
        ns(got.raw).toFixed(0)
      } ns, hosted ${ns(got.hosted).toFixed(0)} ns a decision, ratio ${
        ratios[p].toFixed(1)
      }`,
    );
  }
  const [rm, rlo, rhi] = medianCi(ratios);
  const [cm, clo, chi] = medianCi(costs);
  console.log(
    `${pairs} interleaved pairs of ${
      values.evaluate ? `evaluations on ${values.evaluate}` : `${rounds} rounds`
    }: hosted/in-process median ${rm.toFixed(1)} (95% interval ${
      rlo.toFixed(1)
    }-${rhi.toFixed(1)}); the host adds ${
      (cm / 1000).toFixed(2)
    } µs a decision (${(clo / 1000).toFixed(2)}-${(chi / 1000).toFixed(2)})`,
  );
}
