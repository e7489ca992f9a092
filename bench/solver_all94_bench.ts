/**
 * The `all94` solve from scratch: the official 94-card solo round (every
 * Freeze a forced stay, every Flip Three three forced draws), 343,438 cores ×
 * 62 action modes × 64 modifier masks, then the forward pass of its optimum
 * (sd, P(bust), P(Flip 7)), each on the level passes' default threads (2).
 * One iteration each (about a minute); after them the bench prints the peak
 * resident memory of the process (the largest resident set size seen at the
 * end of a level, when two levels are held), the level buffers, the optimal
 * value and the ratio forward pass / DP.
 *
 * The public C++ solver of this model: ~1.21 billion states, ~5.3 minutes,
 * a 34 GB table.
 */
import { getModel } from "../lib/solver/model.ts";
import {
  type ActionModel,
  type ActionSolution,
  solveActions,
} from "../lib/solver/actions.ts";
import { forwardLevels } from "../lib/solver/levels.ts";

const model = getModel("all94") as ActionModel;
model.log = () => {};
let last: ActionSolution | null = null;

Deno.bench("all94 solve from scratch (1,362,761,983 states)", {
  group: "all94",
  n: 1,
  warmup: 0,
}, () => {
  last = solveActions(model);
});

let forwardSeconds = NaN, sd = NaN;
Deno.bench("all94 forward pass of the optimum (sd, bust, Flip 7)", {
  group: "all94",
  n: 1,
  warmup: 0,
}, () => {
  last ??= solveActions(model);
  const t0 = performance.now();
  sd = forwardLevels(model, last.hit, "dp").sd;
  forwardSeconds = (performance.now() - t0) / 1000;
});

addEventListener("unload", () => {
  if (!last) return;
  const s = last as ActionSolution;
  console.log(
    `all94: ev ${s.ev.toFixed(4)}, ${
      s.states.toLocaleString("en-US")
    } states, ${s.seconds.toFixed(1)} s (enumeration ${
      s.enumSeconds.toFixed(1)
    } s); peak RSS ${
      (s.peakRss / 2 ** 30).toFixed(2)
    } GiB (largest at the end of a level); level buffers at most ${
      (s.peakLayerBytes / 2 ** 30).toFixed(2)
    } GiB; forward pass ${forwardSeconds.toFixed(1)} s (sd ${
      sd.toFixed(2)
    }): forward / DP ${(forwardSeconds / s.seconds).toFixed(2)}`,
  );
});
