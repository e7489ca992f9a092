/**
 * The optimal-stopping DP over the round kernel in doubles (the same
 * backward induction as {@linkcode solveKernel}'s exact rationals, with the
 * same tie rules), and a forward pass that plays its decisions: the reach
 * probability of every state under the policy, its expected score, bust and
 * Flip 7 rates. The forward pass checks the DP (its expected score is the
 * DP's optimum) and gives the policy's rates by another route.
 *
 * Both memoise states by the kernel's `key`, so they suit decks whose
 * reachable state count is in the low millions: the 108-card Vengeance deck
 * is beyond them (docs/vengeance.md, "The solo optimum").
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundKernel } from "../game/kernel.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * import { solveKernel } from "./kernel_dp.ts";
 * const deck = getRules().deck.map((c, k) => (k >= 1 && k <= 4 ? c : 0)); // numbers 1-4
 * const kernel = new RoundKernel(withRules(getRules(), { deck }));
 * const dp = solveKernelFloat(kernel);
 * assert.ok(Math.abs(dp.value - solveKernel(kernel).value.toNumber()) < 1e-12);
 * const fw = forwardKernel(kernel, dp.choices);
 * assert.ok(Math.abs(fw.value - dp.value) < 1e-12);
 * ```
 * @module
 */

import type { Decision, RoundKernel, RoundState } from "../game/kernel.ts";

/** The optimal decisions of a round: each decision or choose node's key, and what to do there. */
export type KernelChoices = Map<string, Decision | number>;

/** What a policy makes of a round, in doubles. */
export interface FloatValue {
  /** The expected round score. */
  readonly value: number;
  /** The probability of busting. */
  readonly bust: number;
  /** The probability of a Flip 7. */
  readonly flip7: number;
}

/** The solution of a round by {@linkcode solveKernelFloat}. */
export interface FloatSolution extends FloatValue {
  /** Distinct states the DP visited (every node kind). */
  readonly states: number;
  /** Decision and choose nodes among them. */
  readonly decisions: number;
  /** The optimal decision at each decision and choose node. */
  readonly choices: KernelChoices;
}

/**
 * Solve the round of `kernel` from `start` (default its initial state) in
 * doubles: backward induction over every reachable state, hitting when
 * hitting is worth strictly more than staying and taking the first best
 * option at a choose node (as {@linkcode solveKernel}).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundKernel } from "../game/kernel.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * const deck = getRules().deck.map((c, k) => (k >= 1 && k <= 3 ? c : 0)); // a 1, two 2s, three 3s
 * const s = solveKernelFloat(new RoundKernel(withRules(getRules(), { deck })));
 * assert.ok(s.value > 2 && s.bust < 1);
 * ```
 */
export function solveKernelFloat(
  kernel: RoundKernel,
  start: RoundState = kernel.initial(),
): FloatSolution {
  const memo = new Map<string, FloatValue>();
  const choices: KernelChoices = new Map();
  const valueOf = (s: RoundState): FloatValue => {
    const key = kernel.key(s);
    const known = memo.get(key);
    if (known) return known;
    let v: FloatValue;
    const node = kernel.node(s);
    if (kernel.isTerminal(s)) {
      v = {
        value: kernel.score(s),
        bust: s.end === "bust" ? 1 : 0,
        flip7: s.end === "flip7" ? 1 : 0,
      };
    } else if (node === "decide") {
      const hit = valueOf(kernel.apply(s, "hit"));
      const stay = valueOf(kernel.apply(s, "stay"));
      const choice: Decision = hit.value > stay.value ? "hit" : "stay";
      choices.set(key, choice);
      v = choice === "hit" ? hit : stay;
    } else if (node === "choose") {
      let best: FloatValue | null = null, pick = 0;
      for (const o of kernel.options(s)) {
        const w = valueOf(kernel.apply(s, o));
        if (best === null || w.value > best.value) [best, pick] = [w, o];
      }
      choices.set(key, pick);
      v = best!;
    } else {
      const outs = kernel.outcomes(s);
      let total = 0, value = 0, bust = 0, flip7 = 0;
      for (const o of outs) {
        const w = valueOf(o.state);
        total += o.count;
        value += o.count * w.value;
        bust += o.count * w.bust;
        flip7 += o.count * w.flip7;
      }
      v = { value: value / total, bust: bust / total, flip7: flip7 / total };
    }
    memo.set(key, v);
    return v;
  };
  const v = valueOf(start);
  return { ...v, states: memo.size, decisions: choices.size, choices };
}

/**
 * Play `choices` forward from `start` (default the kernel's initial state):
 * the states in an order where every state comes before its successors
 * (reverse post-order), the probability of reaching each, and the expected
 * score, bust and Flip 7 rates summed over the terminal states.
 *
 * @throws {Error} when a decision or choose node reached has no choice
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { RoundKernel } from "../game/kernel.ts";
 * import { getRules, withRules } from "../game/rules.ts";
 * const deck = getRules().deck.map((c, k) => (k >= 1 && k <= 3 ? c : 0)); // a 1, two 2s, three 3s
 * const kernel = new RoundKernel(withRules(getRules(), { deck }));
 * const dp = solveKernelFloat(kernel);
 * const fw = forwardKernel(kernel, dp.choices);
 * assert.ok(Math.abs(fw.bust - dp.bust) < 1e-12 && fw.states <= dp.states);
 * ```
 */
export function forwardKernel(
  kernel: RoundKernel,
  choices: KernelChoices,
  start: RoundState = kernel.initial(),
): FloatValue & { readonly states: number } {
  interface Node {
    readonly state: RoundState;
    readonly next: { key: string; p: number }[];
  }
  const nodes = new Map<string, Node>();
  const order: string[] = [];
  const visit = (s: RoundState, key: string): void => {
    const node: Node = { state: s, next: [] };
    nodes.set(key, node);
    const succ: { state: RoundState; p: number }[] = [];
    const kind = kernel.node(s);
    if (kind === "decide" || kind === "choose") {
      const c = choices.get(key);
      if (c === undefined) throw new Error(`no choice at a ${kind} node`);
      succ.push({ state: kernel.apply(s, c), p: 1 });
    } else if (kind === "draw") {
      const outs = kernel.outcomes(s);
      const total = outs.reduce((n, o) => n + o.count, 0);
      for (const o of outs) succ.push({ state: o.state, p: o.count / total });
    }
    for (const { state, p } of succ) {
      const k = kernel.key(state);
      node.next.push({ key: k, p });
      if (!nodes.has(k)) visit(state, k);
    }
    order.push(key);
  };
  const startKey = kernel.key(start);
  visit(start, startKey);
  const reach = new Map<string, number>([[startKey, 1]]);
  let value = 0, bust = 0, flip7 = 0;
  for (let i = order.length - 1; i >= 0; i--) {
    const key = order[i], node = nodes.get(key)!, r = reach.get(key) ?? 0;
    const s = node.state;
    if (kernel.isTerminal(s)) {
      value += r * kernel.score(s);
      if (s.end === "bust") bust += r;
      if (s.end === "flip7") flip7 += r;
    }
    for (const { key: k, p } of node.next) {
      reach.set(k, (reach.get(k) ?? 0) + r * p);
    }
  }
  return { value, bust, flip7, states: nodes.size };
}
