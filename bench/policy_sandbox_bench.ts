/**
 * The cost of the policy-module sandbox (lib/run/modules.ts): a
 * module's strategy sees a frozen facade of the view and its answers are
 * checked. Group `sandbox`, 200,000 solo rounds under `solo-model` an
 * iteration, side by side in one `deno bench` run:
 * - raw: the strategy of `tests/fixtures/my_policy.ts:0.3` called by the
 *   engine directly (its factory imported);
 * - sandboxed: the same module through `loadPolicies`/`makeStrategy`, as
 *   `flip7 round -p ./tests/fixtures/my_policy.ts:0.3` plays it;
 * - built-in `sum:20` for scale (built-in strategies are not wrapped: their
 *   hot loop is unchanged).
 *
 * ```sh
 * deno bench --allow-read bench/policy_sandbox_bench.ts
 * ```
 */
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { loadPolicies } from "../lib/run/modules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import make from "../tests/fixtures/my_policy.ts";

const BATCH = 200_000;
const RUN = { n: 20, warmup: 3 };
let sink = 0;
const spec = new URL("../tests/fixtures/my_policy.ts", import.meta.url).href +
  ":0.3";
await loadPolicies([spec]);
const rules = getRules("solo-model");
const raw = new Game(rules, [make("0.3")], { seed: 1 });
const boxed = new Game(rules, [makeStrategy(spec)], { seed: 1 });
const sum = new Game(rules, [makeStrategy("sum:20")], { seed: 1 });

Deno.bench(
  "module policy, raw (200,000 rounds/iter)",
  { group: "sandbox", baseline: true, ...RUN },
  () => {
    for (let i = 0; i < BATCH; i++) sink += raw.playRound()[0];
  },
);
Deno.bench(
  "module policy, sandboxed as the runner plays it (200,000 rounds/iter)",
  { group: "sandbox", ...RUN },
  () => {
    for (let i = 0; i < BATCH; i++) sink += boxed.playRound()[0];
  },
);
Deno.bench(
  "built-in sum:20, not wrapped (200,000 rounds/iter)",
  { group: "sandbox", ...RUN },
  () => {
    for (let i = 0; i < BATCH; i++) sink += sum.playRound()[0];
  },
);
globalThis.addEventListener("unload", () => {
  if (sink === 0.5) console.log(sink);
});
