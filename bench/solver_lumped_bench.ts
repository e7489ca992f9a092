/**
 * The lumped pass (`lumpedEvaluate`, `lib/solver/forward.ts`: the level
 * pass over the lumped modifier classes on these decks) against the full
 * forward pass it replaces for rules that cannot tell the `+X` cards apart:
 * `sum:25` on the 91-card deck without Flip Three (`all94 --deck-counts
 * flip3:0`, 21,980,031 states) and, with `FLIP7_BENCH_ALL94=1`, on all 94
 * cards (1.36 billion states; one iteration each, about a minute in all).
 * The decisions are asked through a `SoloView` as `evaluateStrategy` asks
 * them. The lumped pass is timed on 1 and 2 threads (`lumpedLevels`, what
 * `evaluate` runs on these decks); after the run the bench prints the
 * medians and their ratio (2 threads / 1).
 *
 * @example
 * ```sh
 * deno bench --allow-read --allow-env bench/solver_lumped_bench.ts
 * ```
 * @module
 */
import { getModel, type SoloModel } from "../lib/solver/model.ts";
import type { ActionModel } from "../lib/solver/actions.ts";
import {
  type Decider,
  evaluateDecider,
  lumpedEvaluate,
} from "../lib/solver/forward.ts";
import { lumpedLevels } from "../lib/solver/levels.ts";
import { spaceOf } from "../lib/solver/solve.ts";
import { SoloView } from "../lib/solver/view.ts";
import { makeStrategy } from "../lib/run/registry.ts";

function decider(model: SoloModel, spec: string): Decider {
  const view = new SoloView(spaceOf(model));
  const st = makeStrategy(spec);
  return (slot, mods) => {
    view.set(slot, mods);
    return st.hit(view, 0);
  };
}

const decks: [string, number][] = [["flip3:0", 5]];
if (Deno.env.get("FLIP7_BENCH_ALL94") === "1") decks.push(["all94", 1]);

for (const [counts, n] of decks) {
  const model = getModel("all94", counts === "all94" ? undefined : counts);
  (model as ActionModel).log = () => {};
  const sp = spaceOf(model);
  const decide = decider(model, "sum:25");
  const group = `sum:25 on all94 ${counts}`;
  Deno.bench(`lumped pass, ${group}`, { group, baseline: true, n }, () => {
    lumpedEvaluate(sp, decide, "sum:25");
  });
  Deno.bench(`full forward pass, ${group}`, { group, n }, () => {
    evaluateDecider(sp, decide, "sum:25");
  });
  for (const threads of [1, 2]) {
    Deno.bench(`lumped pass, ${threads} thread(s), ${group}`, {
      group,
      n,
    }, () => {
      const t0 = performance.now();
      lumpedLevels(model as ActionModel, "sum:25", "sum:25", decide, threads);
      (times[`${counts} ${threads}`] ??= []).push(performance.now() - t0);
    });
  }
}

const times: Record<string, number[]> = {};
function median(xs: number[] | undefined): number {
  if (!xs?.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
addEventListener("unload", () => {
  for (const [counts] of decks) {
    const m = (k: string) => median(times[`${counts} ${k}`]);
    if (!Number.isFinite(m("1"))) continue;
    console.log(
      `lumped sum:25 on all94 ${counts} (medians): ${
        (m("1") / 1000).toFixed(2)
      } s on 1 thread, ${(m("2") / 1000).toFixed(2)} s on 2: ratio ${
        (m("2") / m("1")).toFixed(2)
      }`,
    );
  }
});
