/**
 * The level-parallel passes of the action models (`lib/solver/levels.ts`) on
 * one thread and on two (this thread and a Web Worker), over a mid-size deck
 * (`all94` with one Freeze and one Flip Three: 1.1e8 dense states, about a
 * tenth of the real deck), side by side in one `deno bench` run. After the
 * run it prints the ratios of the medians: DP on 2 threads / 1, forward pass
 * on 2 threads / 1, and forward pass / DP (the statistics of the optimum
 * against finding it). The 2-thread ratios need two idle cores.
 */
import { getModel } from "../lib/solver/model.ts";
import type { ActionModel } from "../lib/solver/actions.ts";
import "../lib/solver/actions.ts"; // registers the all94 model
import { forwardLevels, solveLevels } from "../lib/solver/levels.ts";

const model = getModel("all94", "freeze:1,flip3:1") as ActionModel;
model.log = () => {};
const RUN = { n: 3, warmup: 1 };
const times: Record<string, number[]> = {};
let hit: Uint8Array | null = null;
let sink = 0;

function timed(name: string, f: () => number): void {
  const t0 = performance.now();
  sink += f();
  (times[name] ??= []).push(performance.now() - t0);
}

for (const threads of [1, 2]) {
  Deno.bench(`all94 freeze:1,flip3:1 DP, ${threads} thread(s)`, {
    group: "levels",
    baseline: threads === 1,
    ...RUN,
  }, () => {
    timed(`dp${threads}`, () => {
      const s = solveLevels(model, threads);
      hit = s.hit;
      return s.ev;
    });
  });
}
for (const threads of [1, 2]) {
  Deno.bench(
    `all94 freeze:1,flip3:1 forward pass of the optimum, ${threads} thread(s)`,
    {
      group: "levels",
      ...RUN,
    },
    () => {
      hit ??= solveLevels(model, 2).hit;
      timed(`fw${threads}`, () => forwardLevels(model, hit!, "dp", threads).ev);
    },
  );
}

function median(xs: number[] | undefined): number {
  if (!xs?.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

addEventListener("unload", () => {
  const m = (k: string) => median(times[k]);
  if (!Number.isFinite(m("dp1"))) return;
  console.log(
    `levels (all94 freeze:1,flip3:1, medians incl. warm-up): DP ${
      (m("dp1") / 1000).toFixed(2)
    } s on 1 thread, ${(m("dp2") / 1000).toFixed(2)} s on 2 (ratio 2/1 ${
      (m("dp2") / m("dp1")).toFixed(2)
    }); forward ${(m("fw1") / 1000).toFixed(2)} s on 1, ${
      (m("fw2") / 1000).toFixed(2)
    } s on 2 (ratio 2/1 ${(m("fw2") / m("fw1")).toFixed(2)}); forward / DP ${
      (m("fw1") / m("dp1")).toFixed(2)
    } on 1 thread, ${(m("fw2") / m("dp2")).toFixed(2)} on 2${
      sink === 0 ? "" : ""
    }`,
  );
});
