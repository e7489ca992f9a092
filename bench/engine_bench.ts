/**
 * Engine throughput. Each iteration plays a fixed batch, so rounds (games)
 * per second = batch size / time per iteration:
 * - solo `sum:20` rounds under `solo-model` (batch 100,000);
 * - 4-player `ev` games under `standard` (batch 200).
 */
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { makeStrategy } from "../lib/run/registry.ts";

const solo = new Game(getRules("solo-model"), [makeStrategy("sum:20")], {
  seed: 1,
});
let sink = 0;

Deno.bench("solo sum:20 rounds, solo-model (100,000 rounds/iter)", {
  group: "engine",
}, () => {
  for (let i = 0; i < 100_000; i++) sink += solo.playRound()[0];
});

const four = new Game(
  getRules("standard"),
  ["ev", "ev", "ev", "ev"].map(makeStrategy),
  { seed: 1 },
);
let stream = 0;
Deno.bench(
  "4-player ev games, standard (200 games/iter)",
  { group: "engine" },
  () => {
    for (let i = 0; i < 200; i++) {
      four.newGame({ stream: stream++ });
      sink += four.playGame().rounds;
    }
  },
);

const two = new Game(
  getRules("standard"),
  ["ev", "bust:0.25"].map(makeStrategy),
  { seed: 1 },
);
Deno.bench("2-player ev vs bust:0.25 games, standard (200 games/iter)", {
  group: "engine",
}, () => {
  for (let i = 0; i < 200; i++) {
    two.newGame({ stream: stream++ });
    sink += two.playGame().rounds;
  }
});

globalThis.addEventListener("unload", () => {
  if (sink === -1) console.log(sink);
});
