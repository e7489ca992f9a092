/**
 * How close the two exact forward passes of an action model come to the
 * truth: the level pass (`forwardLevels` for a decision table,
 * `forwardRuleLevels` for a rule, `lib/solver/levels.ts`) and the one-thread
 * reference pass (`forwardActions` with a rule, `tests/solver_ref.ts`),
 * which sum the same terms in other orders. For the optimum (the cached or
 * solved decision table) and for `ev` it prints each pass's EV, how far the
 * law's total is from 1 and, for the optimum, how far the EV is from the
 * DP's value, with the seconds: a script, not a bench (one process, each pass
 * once). The first argument is the model (default `all94`, about 3 minutes
 * and 4 GiB here), the second an optional `--deck-counts` value.
 *
 * @example
 * ```sh
 * deno run --allow-read --allow-write=.cache --allow-env bench/forward_accuracy.ts
 * deno run --allow-read --allow-write=.cache --allow-env bench/forward_accuracy.ts all94 9:0,10:0,11:0,12:0,chance:1
 * ```
 * @module
 */
import { getModel } from "../lib/solver/model.ts";
import { ActionModel } from "../lib/solver/actions.ts";
import { forwardLevels, forwardRuleLevels } from "../lib/solver/levels.ts";
import { viewDecider } from "../lib/solver/mod_classes.ts";
import { forwardActions } from "../tests/solver_ref.ts";
import { SoloView } from "../lib/solver/view.ts";
import { loadDecisions } from "../lib/solver/cache.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import type { Evaluation } from "../lib/solver/forward.ts";

const model = getModel(Deno.args[0] ?? "all94", Deno.args[1]);
if (!(model instanceof ActionModel)) {
  console.error(`'${model.name}' is not an action model`);
  Deno.exit(2);
}
model.log = () => {};

/** The law's total less 1. */
function lost(e: Evaluation): number {
  let s = 0;
  for (const x of e.distribution) s += x;
  return s - 1;
}

function timed(f: () => Evaluation): [Evaluation, number] {
  const t = performance.now();
  const e = f();
  return [e, (performance.now() - t) / 1000];
}

const dp = loadDecisions(model);
const hit = dp.hit;
const table = (slot: number, mods: number) => hit[slot * 64 + mods] === 1;
const rule = viewDecider(new SoloView(model.space()), makeStrategy("ev"));
const rows: [string, string, () => Evaluation, number | null][] = [
  ["optimum", "level pass", () => forwardLevels(model, hit, "dp"), dp.ev],
  [
    "optimum",
    "reference",
    () => forwardActions(model, table, null, "dp"),
    dp.ev,
  ],
  ["ev", "level pass", () => forwardRuleLevels(model, "ev", "ev", rule), null],
  ["ev", "reference", () => forwardActions(model, rule, null, "ev"), null],
];
console.log(
  `model ${model.id}; the DP's optimum ${dp.ev} (${dp.source})\n` +
    "| policy | pass | EV | EV - DP | law total - 1 | states visited | seconds |\n" +
    "| --- | --- | --- | --- | --- | --- | --- |",
);
for (const [policy, pass, f, ref] of rows) {
  const [e, s] = timed(f);
  console.log(
    `| ${policy} | ${pass} | ${e.ev} | ${
      ref === null ? "" : (e.ev - ref).toExponential(2)
    } | ${lost(e).toExponential(2)} | ${e.visited} | ${s.toFixed(1)} |`,
  );
}
