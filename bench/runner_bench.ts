/**
 * The runner's cost over the bare engine loop, measured side by side in one
 * `deno bench` run (so that a loaded machine slows both alike): 100,000
 * solo `sum:20` rounds under `solo-model`
 * - bare: `Game.playRound()` in a loop on one stream (bench/engine_bench.ts);
 * - bare, same rounds: the engine alone playing the rounds the runner plays
 *   (round `k` from `newGame` on stream `k`), without the runner;
 * - runner: `playRange` of `lib/runner.ts`, the code behind
 *   `flip7 round -n N -p sum:20 --rules solo-model` (each round on its own
 *   stream from a fresh deck, seats rotated, counted into the accumulator).
 * Compare the two means: the ratio is the runner's overhead.
 */
import { Game } from "../lib/engine.ts";
import { getRules } from "../lib/rules.ts";
import { playRange } from "../lib/runner.ts";
import { makeStrategy } from "../lib/strategies/registry.ts";

const BATCH = 100_000;
const solo = new Game(getRules("solo-model"), [makeStrategy("sum:20")], {
  seed: 1,
});
let sink = 0;

Deno.bench(
  "bare engine loop: solo sum:20 rounds, solo-model (100,000 rounds/iter)",
  {
    group: "runner",
    baseline: true,
  },
  () => {
    for (let i = 0; i < BATCH; i++) sink += solo.playRound()[0];
  },
);

const same = new Game(getRules("solo-model"), [makeStrategy("sum:20")], {
  seed: 1,
});
const start = { seed: 1, stream: 0 };
let k0 = 0;
Deno.bench(
  "bare engine loop, same rounds: newGame on stream k, then playRound (100,000 rounds/iter)",
  {
    group: "runner",
  },
  () => {
    for (let i = 0; i < BATCH; i++) {
      start.stream = k0++;
      same.newGame(start);
      sink += same.playRound()[0];
    }
  },
);

let next = 0;
Deno.bench(
  "runner playRange: solo sum:20 rounds, solo-model (100,000 rounds/iter)",
  {
    group: "runner",
  },
  () => {
    const acc = playRange(
      {
        rules: "solo-model",
        policies: ["sum:20"],
        seed: 1,
        count: 1e9,
        mode: "round",
      },
      next,
      next + BATCH,
    );
    next += BATCH;
    sink += acc.points[0];
  },
);

globalThis.addEventListener("unload", () => {
  if (sink === -1) console.log(sink);
});
