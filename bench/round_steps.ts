/**
 * The round command's loop in one process, for measuring a change to the
 * engine step by step without the command's start-up:
 *
 *   deno run --allow-read --v8-flags=--max-inlined-bytecode-size-cumulative=4600,--max-inlined-bytecode-size=920 bench/round_steps.ts [rounds] [policy]
 *
 * plays `rounds` (default 10,000,000) solo `solo-model` rounds of `policy`
 * (default `sum:20`) on seed 1 through {@linkcode playRange} in the same 64
 * chunks the command's one worker plays, and prints the points, the busts,
 * the Flip 7s (to check that a change played the same rounds) and the
 * seconds of the loop. `sum:0` plays one card a round: its time is the
 * engine's fixed cost per round. The V8 flags are the `flip7` task's
 * (deno.json), so that the loop is compiled as the command compiles it.
 * bench/HISTORY.md quotes it ("The round loop", sessions 31 and 32).
 *
 * @module
 */
import { chunkBounds } from "../lib/run/parallel.ts";
import { playRange } from "../lib/run/runner.ts";

const rounds = Number(Deno.args[0] ?? 10_000_000);
const policy = Deno.args[1] ?? "sum:20";
const spec = {
  rules: "solo-model",
  policies: [policy],
  seed: 1,
  count: rounds,
  mode: "round" as const,
};
const t0 = performance.now();
let points = 0, busts = 0, flip7s = 0;
for (const [a, b] of chunkBounds(rounds, 64)) {
  const acc = playRange(spec, a, b);
  points += acc.points[0];
  busts += acc.busts[0];
  flip7s += acc.flip7s[0];
}
const s = (performance.now() - t0) / 1000;
console.log(
  `${policy}: ${rounds} rounds, points ${points}, busts ${busts}, Flip 7s ${flip7s}, ${
    s.toFixed(3)
  } s`,
);
