/**
 * The strategy registry and the spec parser (`name` or `name:param`).
 * Adding a strategy is one new file plus one line in {@linkcode REGISTRY}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { makeStrategy, parseSpecs } from "./registry.ts";
 * assert.equal(makeStrategy("sum:20").name, "sum:20");
 * assert.deepEqual(parseSpecs("ev,bust:0.25").map((s) => s.name), ["ev", "bust:0.25"]);
 * assert.throws(() => makeStrategy("sum"), /sum/);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import type { Strategy } from "../game/view.ts";
import type { StrategyContext, StrategyEntry } from "./entry.ts";
import { BustStrategy } from "../strategies/bust.ts";
import { BustScStrategy } from "../strategies/bustsc.ts";
import { CountStrategy } from "../strategies/count.ts";
import { DpStrategy } from "../solver/dp_strategy.ts";
import { EndgameStrategy } from "../strategies/endgame.ts";
import { EvStrategy } from "../strategies/ev.ts";
import { HumanStrategy } from "../strategies/human.ts";
import { SumStrategy } from "../strategies/sum.ts";
import { firstOption } from "../strategies/vengeance.ts";
import { SearchStrategy } from "../winprob/search_strategy.ts";
import {
  WINPROB_ABLATIONS,
  WinProbStrategy,
} from "../winprob/winprob_strategy.ts";
import { ADAPT_MODELS, AdaptiveStrategy } from "../winprob/adaptive.ts";
import { AdviceStrategy, deriveAdvice, SEED_ADVICE } from "../solver/advice.ts";
import { getModel } from "../solver/model.ts";
import { isModuleSpec, moduleStrategy } from "./modules.ts";
import {
  BrFieldStrategy,
  MixedRaceStrategy,
} from "../winprob/brfield_strategy.ts";
import { BREQ_WANT, BRFIELD_WANT, raceTable } from "../winprob/racetable.ts";
import { WinTargetStrategy } from "../winprob/targetvalue.ts";
import { brFieldV } from "../winprob/vengeance_race.ts";
import { raceValue } from "../winprob/racevalue.ts";
import { goStrategy } from "../strategies/vengeance_go.ts";
import { cppStrategy } from "../strategies/vengeance_cpp.ts";

export type { ParamKind, StrategyContext, StrategyEntry } from "./entry.ts";

/**
 * The registry entry of `dp`.
 *
 * @example
 * ```ts
 * import { DpStrategy } from "../solver/dp_strategy.ts";
 * import { makeStrategy } from "./registry.ts";
 * import assert from "node:assert/strict";
 * assert.ok(makeStrategy("dp") instanceof DpStrategy);
 * ```
 */
export const DP_ENTRY: StrategyEntry = {
  name: "dp",
  param: "none",
  usage: "dp",
  describe:
    "The exact solo optimum (exact model), looked up in a solved table of 22M states; the seat's line is mapped to the nearest solo state.",
  make: (_, c) => new DpStrategy(c.model),
};

/** Every strategy, in the order `flip7 rules` lists them. */
export const REGISTRY: StrategyEntry[] = [
  {
    name: "sum",
    param: "count",
    usage: "sum:N",
    describe:
      "Hit until the face values of your numbers total N or more, then stay. The classic table rule.",
    make: (n) => new SumStrategy(n),
  },
  {
    name: "count",
    param: "count",
    usage: "count:N",
    describe: "Hit until you hold N distinct numbers.",
    make: (n) => new CountStrategy(n),
  },
  {
    name: "bust",
    param: "probability",
    usage: "bust:P",
    describe:
      "Hit while the chance that the next card duplicates a number you show is under P (reads the table only).",
    make: (p) => new BustStrategy(p, false),
  },
  {
    name: "bustc",
    param: "probability",
    usage: "bustc:P",
    describe: "bust:P counting the discard pile exactly.",
    make: (p) => new BustStrategy(p, true),
  },
  {
    name: "bustsc",
    param: "probability",
    usage: "bustsc:P",
    describe:
      "bust:P that hits while holding a Second Chance (the next card cannot bust you), else while the table-read risk is under P.",
    make: (p) => new BustScStrategy(p),
  },
  {
    name: "bustscc",
    param: "probability",
    usage: "bustscc:P",
    describe: "bustsc:P counting the discard pile exactly.",
    make: (p) => new BustScStrategy(p, "count"),
  },
  {
    name: "bustscd",
    param: "probability",
    usage: "bustscd:P",
    describe:
      "bustsc:P with the risk counted against the full deck minus only your own cards.",
    make: (p) => new BustScStrategy(p, "deck"),
  },
  {
    name: "ev",
    param: "none",
    usage: "ev",
    describe:
      "Hit whenever one more card, then stopping, beats standing now (one-step lookahead over the unseen cards).",
    make: () => new EvStrategy(false),
  },
  {
    name: "evc",
    param: "none",
    usage: "evc",
    describe: "ev with perfect card counting.",
    make: () => new EvStrategy(true),
  },
  {
    name: "endgame",
    param: "none",
    usage: "endgame",
    describe:
      "ev with race awareness: once someone is within 60 of the target it gambles when trailing and coasts when ahead.",
    make: () => new EndgameStrategy(),
  },
  DP_ENTRY,
  {
    name: "optimal",
    param: "none",
    usage: "optimal",
    describe: "Another name of dp: the solo optimum.",
    make: (_, c) => DP_ENTRY.make(0, c),
  },
  {
    name: "advice",
    param: "none",
    usage: "advice",
    describe:
      "The beer-mat rule derived from the solo optimum: hit while the bust risk is under a cut-off that depends on how many numbers you show.",
    make: (_, c) =>
      deriveAdvice(
        typeof c.model === "object" ? c.model : getModel(c.model),
      ).strategy,
  },
  {
    name: "advice:seed",
    param: "none",
    usage: "advice:seed",
    describe:
      "The beer-mat rule with seed 000's published cut-offs (22%, 25%, ..., 34% with six numbers).",
    make: () => new AdviceStrategy(SEED_ADVICE, "advice:seed"),
  },
  {
    name: "search",
    param: "none",
    usage: "search",
    describe:
      "After seed 001's agent: two-ply expectiminimax over the round, leaves valued by a trained win table W[t0, t1, starter]; at a leaf a player still in the round goes on by a continuation law, which seed 001 does not describe (search-bank is its literal reading).",
    make: (_, c) => new SearchStrategy(true, c.searchTable?.() ?? null),
  },
  {
    name: "search-bank",
    param: "none",
    usage: "search-bank",
    describe:
      "Seed 001's agent as its text reads: search whose leaves bank every player's line (the literal reading).",
    make: (_, c) =>
      new SearchStrategy(true, c.searchTable?.() ?? null, 2, "bank"),
  },
  {
    name: "search0",
    param: "none",
    usage: "search0",
    describe:
      "The same two-ply search without the table: leaves valued by the round-score difference.",
    make: () => new SearchStrategy(false),
  },
  {
    name: "search0-bank",
    param: "none",
    usage: "search0-bank",
    describe:
      "search0 with banking leaves (the literal reading of seed 001's table-less search).",
    make: () => new SearchStrategy(false, null, 2, "bank"),
  },
  {
    name: "winprob",
    param: "none",
    usage: "winprob",
    describe:
      "Plays the exact two-player best response to a score maximiser (independent-round model): an exact round DP for the win value.",
    make: (_, c) => new WinProbStrategy({ table: c.brTable?.("maximiser") }),
  },
  ...Object.entries(WINPROB_ABLATIONS).map(([name, options]) => ({
    name,
    param: "none" as const,
    usage: name,
    describe: `winprob with one part changed (an ablation): ${
      JSON.stringify(options)
    }.`,
    make: (_: number, c: StrategyContext) =>
      new WinProbStrategy({ table: c.brTable?.("maximiser"), ...options }),
  })),
  {
    name: "adapt",
    param: "none",
    usage: "adapt",
    describe:
      "winprob that learns whom it plays: a posterior over the maximiser and sum:25 ... sum:45 from the opponent's hits and stays this game, then the best response to the likeliest.",
    make: (_, c) =>
      new AdaptiveStrategy(
        c.brTable ? ADAPT_MODELS.map((o) => c.brTable!(o)) : [],
      ),
  },
  {
    name: "brsum",
    param: "count",
    usage: "brsum:N",
    describe:
      "winprob against a known sum:N player: the best response to sum:N (its table, and sum:N's law for an opponent still in the round). A ceiling, not a fair agent.",
    make: (n, c) => new WinProbStrategy({ table: c.brTable?.(n), opponent: n }),
  },
  {
    name: "brfield",
    param: "none",
    usage: "brfield",
    describe:
      "The race model's best response to a field of ev players (exact round laws, all 94 cards): each round it plays the sum:N, bust:P or ev rule its table picks for the table size and the totals.",
    make: () => new BrFieldStrategy(),
  },
  {
    name: "brfieldb",
    param: "probability",
    usage: "brfieldb:P",
    describe:
      "brfield against a field of bust:P players: its tables are the race model's best response to bust:P's exact round law (the field-leader reduction from three players on).",
    make: (p) =>
      new BrFieldStrategy(
        (n) => raceTable(BRFIELD_WANT(n, "all94", 200, `bust:${p}`)),
        `brfieldb:${p}`,
      ),
  },
  {
    name: "brfield-v",
    param: "none",
    usage: "brfield-v",
    describe:
      "Flip 7: With a Vengeance: the race model's best response to a field of ev players, on round laws estimated from the engine at each table size (docs/vengeance.md); each round it plays the sum:N or ev rule its table picks for the totals.",
    make: () => brFieldV(),
  },
  {
    name: "breq",
    param: "none",
    usage: "breq",
    describe:
      "The race model's heads-up symmetric equilibrium over sum:N and ev (exact round laws, all 94 cards): each round it draws its rule from the equilibrium's mixture at the totals.",
    make: () => new MixedRaceStrategy(raceTable(BREQ_WANT())),
  },
  {
    name: "searchbr",
    param: "none",
    usage: "searchbr",
    describe:
      "search as a best response to a known ev opponent: in the search the opponent hits and stays as ev does, and the leaves are valued by the race model's exact heads-up table against ev's all-94 round law (docs/win-optimal.md). Heads-up; not a fair agent against others.",
    make: () =>
      new SearchStrategy(
        true,
        () => raceValue(2),
        2,
        "continue",
        "ev",
        "searchbr",
      ),
  },
  {
    name: "wt",
    param: "policy",
    usage: "wt:POLICY",
    describe:
      "Any policy with its Freezes and Flip Threes aimed by win probability: the target of highest value in the round model (continuation laws, the exact pile for a Flip Three's three cards) under the race model's value table of the table size (docs/win-optimal.md).",
    make: (_, __, inner) => new WinTargetStrategy(inner!),
  },
  ...[
    ["cautious", "stay on a number sum over 18, or on a hit risk over 10%"],
    [
      "aggressive",
      "hit with six ranks, else stay on a hit risk over 40% or a sum over 50",
    ],
    [
      "ev",
      "hit when one more card raises the round score in expectation (ExpectedValue)",
    ],
    [
      "adaptive",
      "go:aggressive when behind (an opponent 25 ahead, or at 160 and ahead), else go:ev",
    ],
  ].map(([p, what]): StrategyEntry => ({
    name: `go:${p}`,
    param: "none",
    usage: `go:${p}`,
    describe:
      `Vengeance, GitHub 2222-42/flip7_strategy's ${p} policy: ${what}; Go's target selector.`,
    make: () => goStrategy(p),
  })),
  {
    name: "go:ev-ff",
    param: "probability",
    usage: "go:ev-ff:P",
    describe:
      "Vengeance, GitHub 2222-42/flip7_strategy's ExpectedValue with its Flip Four aimed at the opponent likeliest to bust from a risk of P (its evaluation's EV-FF-P; go:ev is P = 0.5).",
    make: (p) => goStrategy(`ev-ff:${p}`),
  },
  {
    name: "go:ev-take",
    param: "none",
    usage: "go:ev-take",
    describe:
      "Vengeance, GitHub 2222-42/flip7_strategy's ExpectedValue that keeps a Flip 7's 15 points under Brutal Mode (its EV-Take15; go:ev takes them off the leader).",
    make: () => goStrategy("ev-take"),
  },
  {
    name: "go:heuristic",
    param: "count",
    usage: "go:heuristic:N",
    describe:
      "Vengeance, GitHub 2222-42/flip7_strategy's Heuristic-N: stay on a number sum of N; Go's target selector.",
    make: (n) => goStrategy(`heuristic:${n}`),
  },
  ...[
    [
      "self",
      "modifiers and actions on oneself, Swap/Steal/Discard declined (its naive field)",
    ],
    ["random", "modifiers, actions and Swap/Steal/Discard aimed at random"],
    ["adversarial", "everything aimed at the opponent of the highest total"],
  ].map(([p, what]): StrategyEntry => ({
    name: `cpp:${p}`,
    param: "none",
    usage: `cpp:${p}`,
    describe:
      `Vengeance, Eppie/flip-seven's wants_hit rule with its ${p} targeting: ${what}.`,
    make: () => cppStrategy(p),
  })),
  {
    name: "first",
    param: "policy",
    usage: "first:POLICY",
    describe:
      "Any policy with the engine's default Vengeance choices (the first option: the player on the left, its lowest number), the baseline of the shared targeting heuristics (docs/vengeance.md).",
    make: (_, __, inner) => firstOption(inner!),
  },
  {
    name: "human",
    param: "none",
    usage: "human",
    describe:
      "Asks you at the terminal, showing the table, your bust risk and the value of one more card.",
    make: () => new HumanStrategy(),
  },
];

/**
 * Register a strategy (used by modules that add strategies, e.g. the solver's `dp`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * registerStrategy({ name: "always", param: "none", usage: "always", describe: "Always hits.",
 *   make: () => ({ name: "always", hit: () => true, target: (_v, s) => s }) });
 * assert.equal(makeStrategy("always").name, "always");
 * ```
 */
export function registerStrategy(entry: StrategyEntry): void {
  RUNTIME.add(entry.name);
  const i = REGISTRY.findIndex((e) => e.name === entry.name);
  if (i >= 0) REGISTRY[i] = entry;
  else REGISTRY.push(entry);
}

/** Names added by {@linkcode registerStrategy} in this thread (workers do not see them). */
const RUNTIME = new Set<string>();

/**
 * True when a spec's strategy exists only in this thread: it was added by
 * {@linkcode registerStrategy}, so a worker thread cannot build it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isThreadLocal("ev"), false);
 * ```
 */
export function isThreadLocal(spec: string): boolean {
  const s = spec.trim();
  if (isModuleSpec(s)) return false;
  const colon = s.indexOf(":");
  return RUNTIME.has(colon < 0 ? s : s.slice(0, colon));
}

function allowed(): string {
  return REGISTRY.map((e) => e.usage).join(", ");
}

/**
 * Build a strategy from its spec, with no context: {@linkcode resolveStrategy}
 * with the exact model and the tables provided per rules preset (its
 * one-argument form, so that `specs.map(makeStrategy)` works).
 *
 * @throws {InputError} naming the bad spec and what is allowed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(makeStrategy("bust:0.25").name, "bust:0.25");
 * assert.throws(() => makeStrategy("bust:2"), /bust/);
 * ```
 */
export function makeStrategy(spec: string): Strategy {
  return resolveStrategy(spec);
}

/**
 * Build a strategy from its spec: the one resolver of every name the
 * project accepts (`flip7 rules` lists them), optionally against a solo
 * model and tables handed in ({@linkcode StrategyContext}).
 *
 * @throws {InputError} naming the bad spec and what is allowed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(resolveStrategy("dp", { model: "approx" }).name, "dp:approx");
 * assert.equal(resolveStrategy("advice:seed").name, "advice:seed");
 * ```
 */
export function resolveStrategy(
  spec: string,
  context: StrategyContext = {},
): Strategy {
  const s = spec.trim();
  if (isModuleSpec(s)) return moduleStrategy(s);
  // a spec named whole (e.g. advice:seed) before name:param
  const whole = REGISTRY.find((x) => x.name === s && x.param === "none");
  if (whole) return whole.make(0, context);
  // name:param, or a name with a colon (go:heuristic:N) split at the last
  let colon = s.indexOf(":");
  if (
    colon >= 0 && !REGISTRY.some((x) => x.name === s.slice(0, colon)) &&
    s.lastIndexOf(":") > colon
  ) colon = s.lastIndexOf(":");
  const name = colon < 0 ? s : s.slice(0, colon);
  const arg = colon < 0 ? null : s.slice(colon + 1);
  const e = REGISTRY.find((x) => x.name === name);
  if (!e) {
    throw new InputError(
      `unknown policy '${spec}': allowed ${allowed()}, or a policy module ./FILE.ts[:PARAM]`,
    );
  }
  if (e.param === "none") {
    if (arg !== null) {
      throw new InputError(
        `policy '${spec}' takes no parameter: write '${e.usage}'`,
      );
    }
    return e.make(0, context);
  }
  if (arg === null || arg === "") {
    throw new InputError(
      `policy '${spec}' needs a parameter: write '${e.usage}'`,
    );
  }
  if (e.param === "policy") {
    return e.make(0, context, resolveStrategy(arg, context));
  }
  if (e.param === "count") {
    if (!/^\d+$/.test(arg) || Number(arg) > 1000) {
      throw new InputError(
        `bad parameter in '${spec}': ${e.usage} needs a whole number N from 0 to 1000`,
      );
    }
    return e.make(Number(arg), context);
  }
  const p = Number(arg);
  if (!/^(0|1|0?\.\d+|1\.0*)$/.test(arg) || !(p >= 0 && p <= 1)) {
    throw new InputError(
      `bad parameter in '${spec}': ${e.usage} needs a probability P from 0 to 1`,
    );
  }
  return e.make(p, context);
}

/**
 * Parse a comma-separated list of specs into strategies.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(parseSpecs("ev,ev,ev").map((s) => s.name), ["ev", "ev", "ev"]);
 * ```
 */
export function parseSpecs(list: string): Strategy[] {
  const parts = list.split(",").map((x) => x.trim());
  if (parts.length === 0 || parts.some((x) => x === "")) {
    throw new InputError(
      `bad policy list '${list}': give specs separated by commas, e.g. ev,sum:20`,
    );
  }
  return parts.map(makeStrategy);
}
