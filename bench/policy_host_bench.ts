/**
 * The cost of a policy module's host (lib/run/modules.ts): since issue 41 a
 * module runs in a thread of its own, asked each decision through shared
 * memory (the view written, the answer waited for). Group `policy host`,
 * 20,000 solo rounds under `solo-model` an iteration, side by side in one
 * `deno bench` run:
 * - in-process: the strategy of `tests/fixtures/my_policy.ts:0.3` called by
 *   the engine directly (its factory imported: how a module ran before);
 * - hosted: the same module through `loadPolicies`/`makeStrategy`, as
 *   `flip7 round -p ./tests/fixtures/my_policy.ts:0.3` plays it;
 * - built-in `sum:20` for scale (built-in strategies run in-process, as
 *   before).
 *
 * ```sh
 * deno bench --allow-read --allow-env bench/policy_host_bench.ts
 * ```
 * Pairs of fresh processes, per decision: `bench/policy_host_ab.ts`.
 * @module
 */
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { closePolicies, loadPolicies } from "../lib/run/modules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import make from "../tests/fixtures/my_policy.ts";

const BATCH = 20_000;
const RUN = { n: 10, warmup: 2 };
let sink = 0;
const spec = new URL("../tests/fixtures/my_policy.ts", import.meta.url).href +
  ":0.3";
await loadPolicies([spec]);
const rules = getRules("solo-model");
const raw = new Game(rules, [make("0.3")], { seed: 1 });
const hosted = new Game(rules, [makeStrategy(spec)], { seed: 1 });
const sum = new Game(rules, [makeStrategy("sum:20")], { seed: 1 });

Deno.bench(
  "module policy, in-process as before issue 41 (20,000 rounds/iter)",
  { group: "policy host", baseline: true, ...RUN },
  () => {
    for (let i = 0; i < BATCH; i++) sink += raw.playRound()[0];
  },
);
Deno.bench(
  "module policy in its host, as the runner plays it (20,000 rounds/iter)",
  { group: "policy host", ...RUN },
  () => {
    for (let i = 0; i < BATCH; i++) sink += hosted.playRound()[0];
  },
);
Deno.bench(
  "built-in sum:20, in-process (20,000 rounds/iter)",
  { group: "policy host", ...RUN },
  () => {
    for (let i = 0; i < BATCH; i++) sink += sum.playRound()[0];
  },
);
globalThis.addEventListener("unload", () => {
  closePolicies();
  if (sink === 0.5) console.log(sink);
});
