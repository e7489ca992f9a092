/**
 * The runner's cost over the bare engine loop, measured side by side in one
 * `deno bench` run (so that a loaded machine slows all alike).
 *
 * Group `runner`, 1,000,000 solo `sum:20` rounds under `solo-model` an
 * iteration:
 * - bare: `Game.playRound()` in a loop on one stream (bench/engine_bench.ts);
 * - engine, the runner's rounds: the engine alone playing the rounds the
 *   runner plays (round `k` from `newGame` on stream `k`), without the runner;
 * - `playRange` of `lib/run/runner.ts`, the loop behind
 *   `flip7 round -n N -p sum:20 --rules solo-model` (each round on its own
 *   stream from a fresh deck, counted into the accumulator).
 *
 * Group `command`, 10,000,000 rounds an iteration: the bare loop again, then
 * the command's path, `runRounds` of `lib/run/sim.ts` — what
 * `flip7 round -n 10000000 -p sum:20 --rules solo-model --workers W --no-file`
 * runs after parsing its flags (checks, 64 chunks, merging, the summary; only
 * the CLI's start-up and printing are left out) — on 1 and on 2 workers (this
 * thread and one Web Worker, started in each iteration as the command starts
 * it). The 2-worker ratio needs two idle cores.
 */
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { playRange } from "../lib/run/runner.ts";
import { runRounds } from "../lib/run/sim.ts";
import { makeStrategy } from "../lib/run/registry.ts";

const BATCH = 1_000_000;
const RUN = { n: 20, warmup: 3 };
let sink = 0;

const solo = new Game(getRules("solo-model"), [makeStrategy("sum:20")], {
  seed: 1,
});
Deno.bench(
  "bare engine loop: playRound() on one stream (1,000,000 rounds/iter)",
  { group: "runner", baseline: true, ...RUN },
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
  "engine, the runner's rounds: newGame on stream k, then playRound() (1,000,000 rounds/iter)",
  { group: "runner", ...RUN },
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
  "runner playRange (1,000,000 rounds/iter)",
  { group: "runner", ...RUN },
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

/** What `flip7 round -n rounds -p sum:20 --rules solo-model` runs. */
async function command(rounds: number, workers: number): Promise<void> {
  const [row] = await runRounds({
    rules: "solo-model",
    policies: ["sum:20"],
    rounds,
    seed: 1,
    workers,
  });
  sink += row.mean;
}

const COMMAND = { group: "command", n: 5, warmup: 1 };
Deno.bench(
  "bare engine loop: playRound() on one stream (10,000,000 rounds/iter)",
  { ...COMMAND, baseline: true },
  () => {
    for (let i = 0; i < 10 * BATCH; i++) sink += solo.playRound()[0];
  },
);

Deno.bench(
  "the command's path, runRounds on 1 worker (10,000,000 rounds/iter)",
  COMMAND,
  async () => await command(10 * BATCH, 1),
);

Deno.bench(
  "the command's path, runRounds on 2 workers (10,000,000 rounds/iter)",
  COMMAND,
  async () => await command(10 * BATCH, 2),
);

globalThis.addEventListener("unload", () => {
  if (sink === -1) console.log(sink);
});
