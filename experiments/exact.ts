/**
 * Exact figures for the experiments, from the solver's evaluator, computed
 * over the workers (one task per model and policy, longest first) and
 * memoized for the life of the process, so that `deno task repro` evaluates
 * each (model, policy) once however many experiments quote it.
 *
 * The figures are exact and do not depend on the thread that computes them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { exactEvaluations, precomputeExact } from "./exact.ts";
 * await precomputeExact([{ model: "approx", spec: "optimal" }], 2);
 * assert.equal(exactEvaluations("approx", ["optimal"])[0].ev.toFixed(3), "22.232");
 * ```
 * @module
 */

import type { ExactWork } from "../lib/experiment/experiment.ts";
import { runChunks } from "../lib/run/parallel.ts";
import {
  type Advice,
  ADVICE_FEATURE_SETS,
  chanceRule,
  deriveAdviceRules,
  derivedChanceCutoff,
  evaluateRule,
  SEED_ADVICE,
  tableRisk94,
} from "../lib/solver/advice.ts";
import { bustRisk } from "../lib/strategies/estimate.ts";
import { defaultTarget } from "../lib/strategies/targeting.ts";
import type { Strategy, TableView } from "../lib/game/view.ts";
import { evaluatePolicies, SEED_TABLE } from "../lib/run/evaluate.ts";
import type { Evaluation } from "../lib/solver/forward.ts";
import { getModel } from "../lib/solver/model.ts";
import { shardStopHere } from "../lib/run/shard.ts";
import { prose } from "./text.ts";
import TEXT from "./text/exact.md" with { type: "text" };

const text = prose("exact", TEXT);

/**
 * The solver's two models: seed 000's (`approx`) and the faithful one (`exact`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(MODELS, ["approx", "exact"]);
 * ```
 */
export const MODELS = ["approx", "exact"] as const;

/**
 * Seed 000's table policies, then `ev` (the one-step rule, for comparison).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(TABLE_POLICIES.length, 11);
 * ```
 */
export const TABLE_POLICIES: readonly string[] = [...SEED_TABLE, "ev"];

/**
 * What each model is, for the provenance.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.match(MODEL_NOTES.approx, /^seed 000's model: 88-card deck/);
 * ```
 */
export const MODEL_NOTES: Record<string, string> = {
  approx: text("approx"),
  exact: text("exact"),
};

/**
 * One exact computation: a policy's evaluation, or (spec `advice`) the derived beer-mat rule.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const t: ExactTask = { model: "exact", spec: "sum:20" };
 * assert.equal(exactWork([t]).tasks.length, 1);
 * ```
 */
export interface ExactTask {
  /** Model name. */
  model: string;
  /** Policy spec, or `advice` for {@linkcode exactAdvice}. */
  spec: string;
}

/**
 * The exact part of an experiment's plan: the tasks, computed by
 * {@linkcode precomputeExact} (together with the other experiments' in
 * `deno task repro`); the analysis then reads them with
 * {@linkcode exactEvaluations} and {@linkcode exactAdviceStudy}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const plan = { exact: exactWork([{ model: "approx", spec: "optimal" }]) };
 * assert.deepEqual(plan.exact.tasks, [{ model: "approx", spec: "optimal" }]);
 * ```
 */
export function exactWork(tasks: ExactTask[]): ExactWork<ExactTask> {
  return { tasks, compute: precomputeExact };
}

/**
 * The `advice` spec of an {@linkcode ExactTask}: the whole derived rule.
 *
 * @example
 * ```ts ignore
 * // solving the exact model takes about a minute (and fills .cache/):
 * // tests/experiments_test.ts's quick suite computes these tasks and checks
 * // the experiments built on them
 * import assert from "node:assert/strict";
 * await precomputeExact([{ model: "exact", spec: ADVICE_TASK }], 2);
 * assert.equal(exactAdvice("exact").rows.length > 0, true);
 * ```
 */
export const ADVICE_TASK = "advice";

/** Tasks whose cost dominates (run first, for load balance). */
const SLOW = ["advice", "ev", "bust:0.45", "bust:0.35", "optimal"];

const evals = new Map<string, Evaluation>();
const advices = new Map<string, AdviceStudy>();

export type { Evaluation } from "../lib/solver/forward.ts";

/**
 * Plain-data part of an {@linkcode Advice} (the strategy object stays behind
 * when it is computed in a worker).
 *
 * @example
 * ```ts ignore
 * // solving the exact model takes about a minute (and fills .cache/):
 * // tests/experiments_test.ts's quick suite computes these tasks and checks
 * // the experiments built on them
 * import assert from "node:assert/strict";
 * const a: AdviceData = exactAdvice("exact");
 * assert.equal(a.rows[2].cutoff.toFixed(4), "0.2278");
 * ```
 */
export type AdviceData = Omit<Advice, "strategy">;

/**
 * Everything the advice experiment needs of one model: the beer-mat rule
 * for each feature set of `ADVICE_FEATURE_SETS` (the first is seed 000's
 * plain rule), and the one-number Second Chance rule at its derived
 * cut-off and at 23%, each evaluated exactly.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s: AdviceStudy = exactAdviceStudy("exact");
 * assert.equal(s.simple[0].evaluation.ev.toFixed(3), "22.175");
 * ```
 */
export interface AdviceStudy {
  /** One derived rule per feature set. */
  rules: AdviceData[];
  /** The one-number Second Chance rule: derived cut-off, then 23%. */
  simple: { cutoff: number; derived: boolean; evaluation: Evaluation }[];
  /**
   * Seed 000's published cut-offs under other readings of its risk: against
   * the 88-card model deck (table count), and "at most" for "under".
   */
  seedReadings: { reading: string; evaluation: Evaluation }[];
}

/** Seed 000's cut-offs with another risk reading (see {@linkcode AdviceStudy}). */
function seedReading(reading: "88-card" | "94-card, at most"): Strategy {
  const cut = (v: TableView) => SEED_ADVICE[Math.min(v.lineCount(0), 6)];
  return {
    name: `advice:seed/${reading}`,
    hit: reading === "88-card"
      ? (v, s) => bustRisk(v, s, false) < cut(v)
      : (v, s) => tableRisk94(v, s) <= cut(v),
    target: (v, s, k) => defaultTarget(v, s, k),
  };
}

function adviceStudy(model: string): AdviceStudy {
  const m = getModel(model);
  const rules = deriveAdviceRules(m, ADVICE_FEATURE_SETS).map((
    { strategy: _s, ...data },
  ) => data);
  const c = derivedChanceCutoff(m);
  const simple = [c, 0.23].map((cutoff, i) => ({
    cutoff,
    derived: i === 0,
    evaluation: evaluateRule(m, chanceRule(cutoff)),
  }));
  const seedReadings = (["88-card", "94-card, at most"] as const).map((
    reading,
  ) => ({ reading, evaluation: evaluateRule(m, seedReading(reading)) }));
  return { rules, simple, seedReadings };
}

function key(t: ExactTask): string {
  return `${t.model}/${t.spec}`;
}

function has(t: ExactTask): boolean {
  return t.spec === ADVICE_TASK ? advices.has(t.model) : evals.has(key(t));
}

function compute(t: ExactTask): Evaluation | AdviceStudy {
  if (t.spec === ADVICE_TASK) return adviceStudy(t.model);
  return evaluatePolicies([t.spec], t.model)[0];
}

/**
 * Compute tasks `[from, to)` of a list. Exported for the workers; use
 * {@linkcode precomputeExact}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const [r] = exactChunk({ tasks: [{ model: "approx", spec: "sum:20" }] }, 0, 1);
 * assert.ok("ev" in r);
 * assert.equal(r.ev.toFixed(3), "20.251"); // seed 000's table
 * ```
 */
export function exactChunk(
  job: { tasks: ExactTask[] },
  from: number,
  to: number,
): (Evaluation | AdviceStudy)[] {
  return job.tasks.slice(from, to).map(compute);
}

/**
 * Compute the tasks not yet memoized, one per chunk over the workers, the
 * slow ones first.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * await precomputeExact(MODELS.map((model) => ({ model, spec: "advice" })), 2);
 * assert.equal(exactAdvice("approx").rule.ev.toFixed(2), "21.05");
 * ```
 */
export async function precomputeExact(
  tasks: ExactTask[],
  workers: number,
  onProgress?: (done: number, total: number) => void,
): Promise<void> {
  shardStopHere("exact figures are the merge's"); // a shard only plays games
  const seen = new Set<string>();
  const todo = tasks.filter((t) => {
    const k = key(t);
    if (has(t) || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  if (todo.length === 0) return;
  const rank = (t: ExactTask) => {
    const i = SLOW.indexOf(t.spec);
    return (i < 0 ? SLOW.length : i) * 2 + (t.model === "exact" ? 0 : 1);
  };
  todo.sort((a, b) => rank(a) - rank(b));
  const parts = await runChunks<(Evaluation | AdviceStudy)[]>({
    module: import.meta.url,
    fn: "exactChunk",
    args: { tasks: todo },
    total: todo.length,
    chunks: todo.length,
    workers,
    onProgress,
  });
  parts.flat().forEach((r, i) => {
    const t = todo[i];
    if (t.spec === ADVICE_TASK) advices.set(t.model, r as AdviceStudy);
    else evals.set(key(t), r as Evaluation);
  });
}

/**
 * Every exact task the experiments need: the table policies on both models
 * and the beer-mat rule of both models.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const tasks = allExactTasks(); // precomputeExact(tasks, workers) computes them all
 * assert.ok(tasks.some((t) => t.model === "approx" && t.spec === "optimal"));
 * ```
 */
export function allExactTasks(): ExactTask[] {
  return MODELS.flatMap((model) => [
    ...TABLE_POLICIES.map((spec) => ({ model, spec })),
    { model, spec: ADVICE_TASK },
  ]);
}

/**
 * Exact evaluations of policy specs on a model, in order (memoized; computed
 * here, in this thread, if {@linkcode precomputeExact} did not).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(exactEvaluations("exact", ["optimal"])[0].bust.toFixed(3), "0.318");
 * ```
 */
export function exactEvaluations(
  model: string,
  specs: readonly string[],
): Evaluation[] {
  shardStopHere("exact figures are the merge's"); // a shard only plays games
  for (const spec of specs) {
    const t = { model, spec };
    if (!has(t)) evals.set(key(t), compute(t) as Evaluation);
  }
  return specs.map((s) => evals.get(`${model}/${s}`)!);
}

/**
 * The beer-mat rule derived from a model's optimal play (memoized). Its
 * `strategy` is absent when it was computed in a worker.
 *
 * @example
 * ```ts ignore
 * // the advice study solves the approx model under several rules (ten
 * // seconds and more): tests/experiments_test.ts's quick suite runs the
 * // advice experiment built on it
 * import assert from "node:assert/strict";
 * assert.equal(exactAdvice("approx").rule.ev.toFixed(2), "21.05");
 * ```
 */
export function exactAdvice(model: string): AdviceData {
  return exactAdviceStudy(model).rules[0];
}

/**
 * The whole advice study of a model (memoized; see {@linkcode AdviceStudy}).
 *
 * @example
 * ```ts ignore
 * // the advice study solves the approx model under several rules (ten
 * // seconds and more): tests/experiments_test.ts's quick suite runs the
 * // advice experiment built on it
 * import assert from "node:assert/strict";
 * // split on holding a Second Chance
 * assert.equal(exactAdviceStudy("approx").rules[1].rule.ev.toFixed(3), "22.201");
 * ```
 */
export function exactAdviceStudy(model: string): AdviceStudy {
  shardStopHere("exact figures are the merge's"); // a shard only plays games
  let a = advices.get(model);
  if (!a) {
    a = adviceStudy(model);
    advices.set(model, a);
  }
  return a;
}
