/**
 * Exact evaluation of policy specs on a solo model: each spec becomes a
 * {@linkcode Strategy} read through a {@linkcode SoloView} (the same classes the
 * engine plays), and the forward pass of `forward.ts` gives its exact EV, sd,
 * P(bust), P(Flip 7) and score distribution.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluatePolicies } from "./evaluate.ts";
 * const [row] = evaluatePolicies(["sum:20"], "approx");
 * assert.equal(row.ev.toFixed(3), "20.251");
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { DpStrategy } from "../solver/dp_strategy.ts";
import { makeStrategy, resolveStrategy } from "./registry.ts";
import { policyChain } from "./modules.ts";
import type { Strategy } from "../game/view.ts";
import { loadDecisions } from "../solver/cache.ts";
import {
  evaluateDecider,
  evaluateTable,
  type Evaluation,
  lumpedEvaluate,
} from "../solver/forward.ts";
import {
  forwardRuleLevels,
  lumpedLevels,
  lumpedSpec,
  ruleSpec,
} from "../solver/levels.ts";
import {
  dropPrestarted,
  prestartHelpers,
  threadsFor,
} from "../solver/level_team.ts";
import { viewDecider } from "../solver/mod_classes.ts";
import { getModel, type SoloModel } from "../solver/model.ts";
import { ActionModel } from "../solver/actions.ts";
import { MODS, type SoloSpace, spaceOf } from "../solver/solve.ts";
import { SoloView } from "../solver/view.ts";

export type { Evaluation } from "../solver/forward.ts";

/**
 * Evaluate a strategy exactly through a {@linkcode SoloView}; a `dp` strategy
 * of the same model reads its decision table directly. `scratch` (one float
 * per state) is reused instead of allocating when given.
 *
 * The strategy must decide as a function of what the view shows (every
 * built-in one does). A decision taken without `unseenExact*` is reused for
 * every state that shows the same table ({@linkcode SoloView.visibleKey}),
 * which makes the `exact` model's 22M states cost about one call per table.
 * On an action model (`all94` and its decks) a policy that decides alike
 * whichever `+X` cards are held (`sum:N`, `count:N`, `bust:P`) is evaluated
 * by the lumped pass (`lumpedEvaluate`, `forward.ts`), about five times less work; others (and
 * every other model) by the full forward pass. On the big action models both
 * run level by level on two threads for a registry policy each helper can
 * rebuild (`sum:N`, `count:N`, `bust:P` for the lumped pass; `ev`, `evc` for
 * the full pass, which they need: they read the round score); a policy
 * module runs on this thread alone.
 *
 * @example
 * ```ts
 * import { makeStrategy } from "./registry.ts";
 * import { getModel } from "../solver/model.ts";
 * import { spaceOf } from "../solver/solve.ts";
 * import assert from "node:assert/strict";
 * assert.equal(evaluateStrategy(spaceOf(getModel("approx")), makeStrategy("count:4")).ev.toFixed(3), "19.669");
 * ```
 */
export function evaluateStrategy(
  space: SoloSpace,
  strategy: Strategy,
  policy: string = strategy.name,
  view: SoloView = new SoloView(space),
  scratch?: Float64Array,
): Evaluation {
  if (
    strategy instanceof DpStrategy && strategy.model.id === space.model.id
  ) {
    const t = strategy.table();
    if (t.space === space) {
      const e = evaluateTable(space, t.hit, policy, scratch);
      // the cache states its optimum; its decisions' forward pass, computed
      // here anyway, must give it (a forged or damaged file with a good checksum)
      if (Math.abs(e.ev - t.ev) <= 1e-8 * Math.max(1, Math.abs(t.ev))) {
        return e;
      }
      throw new InputError(
        `solver cache ${t.path} states an optimal value of ${t.ev} that its decisions do not give (${e.ev}): it is damaged; solve again with 'deno task flip7 solve --model ${space.model.name} --no-cache' (with the same --deck-counts and --ruling)`,
      );
    }
  }
  // a decision that did not count cards exactly holds for every state showing the same table
  const decide = viewDecider(view, strategy);
  // the action models: the lumped pass when the policy cannot tell the +X cards apart
  // (level-parallel on the big models, each worker asking its own copy of a registry policy)
  const model = space.model;
  const spec = policy.trim();
  const big = model instanceof ActionModel && threadsFor(model) > 1;
  const rebuilt = (ok: boolean) =>
    ok && makeStrategy(spec).name === strategy.name;
  const fast = big && rebuilt(lumpedSpec(spec))
    ? lumpedLevels(model, spec, policy, decide)
    : model.forwardEvaluate
    ? lumpedEvaluate(space, decide, policy)
    : null;
  if (fast) return fast;
  // the full pass: level-parallel likewise for a registry rule the helpers rebuild
  return big && rebuilt(ruleSpec(spec))
    ? forwardRuleLevels(model, spec, policy, decide)
    : evaluateDecider(space, decide, policy, scratch);
}

/** Policies that cannot be evaluated exactly on the solo state, and why. */
const NOT_SOLO: Record<string, string> = {
  human: "it asks a person at the terminal",
};

/**
 * The strategy for a policy spec on a solo model, from the strategy registry
 * with the model as context: `dp` (alias `optimal`) is the model's own
 * optimum, `advice` the beer-mat rule derived from the model's optimal play,
 * `advice:seed` seed 000's published cut-offs. `endgame` is accepted: alone,
 * with a total of 0, it plays as `ev`.
 *
 * @throws {InputError} for an unknown spec or one that cannot be evaluated solo.
 * @example
 * ```ts
 * import { getModel } from "../solver/model.ts";
 * import assert from "node:assert/strict";
 * assert.equal(soloStrategy("optimal", getModel("approx")).name, "dp:approx");
 * ```
 */
export function soloStrategy(spec: string, model: SoloModel): Strategy {
  const s = spec.trim();
  const name = s.split(":")[0];
  if (NOT_SOLO[name]) {
    throw new InputError(
      `policy '${spec}' cannot be evaluated solo: ${NOT_SOLO[name]}`,
    );
  }
  return resolveStrategy(s, { model });
}

/**
 * Evaluate a list of policy specs exactly on a model (default `exact`).
 *
 * @throws {InputError} for an unknown model or a bad policy (before any work).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const evs = evaluatePolicies(["optimal", "sum:20", "bust:0.25"], "approx").map((r) => r.ev.toFixed(3));
 * assert.deepEqual(evs, ["22.232", "20.251", "20.988"]);
 * ```
 */
export function evaluatePolicies(
  specs: readonly string[],
  modelName?: string | SoloModel,
): Evaluation[] {
  const model = typeof modelName === "object" ? modelName : getModel(modelName);
  for (const s of specs) {
    const name = policyChain(s).map((p) => p.split(":")[0]).find((n) =>
      NOT_SOLO[n]
    );
    if (name) {
      throw new InputError(
        `policy '${s.trim()}' cannot be evaluated solo: ${NOT_SOLO[name]}`,
      );
    }
    // validates the spec before any solving (advice would solve now)
    if (s.trim() !== "advice") {
      try {
        makeStrategy(s);
      } catch (e) {
        // human cannot be evaluated solo: leave it out of the allowed names
        if (e instanceof InputError && e.message.startsWith("unknown policy")) {
          throw new InputError(e.message.replace(/, human(?=,)/, ""));
        }
        throw e;
      }
    }
  }
  const strategies = specs.map((s) => soloStrategy(s, model));
  // a big action model's lumped pass: its helper starts now, building the
  // model and its cores while this thread does (instead of after)
  if (
    model instanceof ActionModel && !model.enumerated &&
    model.deck.reduce((a, b) => a + b, 0) >= PRESTART_CARDS
  ) {
    const i = strategies.findIndex((st, i) =>
      lumpedSpec(specs[i]) && makeStrategy(specs[i].trim()).name === st.name
    );
    if (i >= 0) prestartHelpers("lumped", model, specs[i].trim());
  }
  try {
    const space = spaceOf(model);
    const view = new SoloView(space);
    // the action models' forward pass keeps its own buffers
    const scratch = model.forwardEvaluate
      ? undefined
      : new Float64Array(space.cores.length * MODS);
    return strategies.map((st, i) =>
      evaluateStrategy(space, st, specs[i].trim(), view, scratch)
    );
  } finally {
    dropPrestarted(); // started for a pass that did not take them
  }
}

/**
 * Decks of at least this many cards get their lumped pass's helper started
 * before the cores are enumerated: a guess from the deck alone (every
 * action deck of 60 cards or more tried has over 2e7 dense states, the
 * level passes' two-thread size; smaller ones may or may not). A wrong
 * guess costs only time: a helper started and ended unused, or one started
 * when the pass starts, as for every deck before.
 */
const PRESTART_CARDS = 60;

/**
 * The seed 000 table's policies, in its order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(evaluatePolicies(SEED_TABLE, "approx").length, 10);
 * ```
 */
export const SEED_TABLE: readonly string[] = [
  "optimal",
  "sum:16",
  "sum:20",
  "sum:24",
  "count:3",
  "count:4",
  "count:5",
  "bust:0.25",
  "bust:0.35",
  "bust:0.45",
];

/**
 * Optimal play on a model (default `exact`), evaluated exactly: EV, sd,
 * P(bust), P(Flip 7) and the full score distribution (decisions from the
 * cache, solved if needed).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const o = optimalEvaluation("approx");
 * assert.equal(o.distribution[0].toFixed(4), "0.3173"); // busts (and nothing else) score 0
 * assert.equal(o.ev.toFixed(4), "22.2318");
 * ```
 */
export function optimalEvaluation(
  modelName?: string | SoloModel,
): Evaluation {
  const t = loadDecisions(
    typeof modelName === "object" ? modelName : getModel(modelName),
  );
  return evaluateTable(t.space, t.hit, "dp");
}
