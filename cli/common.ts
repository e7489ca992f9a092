/**
 * Options several commands share: `--seed`, `--rules`, `-p`, `--workers`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { seedOf, rulesOf } from "./common.ts";
 * assert.equal(seedOf({ seed: "5" }), 5);
 * ```
 * @module
 */

import {
  editionPreset,
  getRules,
  PRESETS,
  type Rules,
  withRulings,
} from "../lib/game/rules.ts";
import { parseSpecs } from "../lib/run/registry.ts";
import { loadPolicies, moduleIn } from "../lib/run/modules.ts";
import type { Strategy } from "../lib/game/view.ts";
import { clip, intOption, requiredString, type Values } from "./args.ts";
import { InputError } from "../lib/game/cards.ts";

/** Option specs for `--seed`, `--rules`, `-p`, `--workers`, `--json`. */
export const SEED = { seed: { type: "string" as const } };
/** `--rules PRESET`, `--edition EDITION` and `--ruling NAME=VALUE` (repeatable). */
export const RULES = {
  rules: { type: "string" as const },
  edition: { type: "string" as const },
  ruling: { type: "string" as const, multiple: true },
};
/** `--ruling NAME=VALUE` (repeatable) alone, for the solo solver commands. */
export const RULING = { ruling: { type: "string" as const, multiple: true } };
/** `-p P1,P2,...`. */
export const POLICIES = { p: { type: "string" as const } };
/** `--workers N`. */
export const WORKERS = { workers: { type: "string" as const } };
/** `--json`. */
export const JSON_FLAG = { json: { type: "boolean" as const } };

/**
 * The `--seed` value (a whole number from 0 to 2^32-1; default 1).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(seedOf({}), 1);
 * ```
 */
export function seedOf(values: Values, fallback = 1): number {
  return intOption(values, "seed", {
    min: 0,
    max: 4294967295,
    default: fallback,
  });
}

/**
 * The `--ruling NAME=VALUE` values given (none: an empty list).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(rulingsOf({ ruling: ["ties=draw"] }), ["ties=draw"]);
 * ```
 */
export function rulingsOf(values: Values): string[] {
  const r = values.ruling;
  if (r === undefined) return [];
  return (Array.isArray(r) ? r : [r]).map(String);
}

/**
 * The `--rules` preset (default: the `--edition`'s preset, `standard` for
 * the official edition, `vengeance` for *Flip 7: With a Vengeance*) with the
 * `--ruling` changes (the edition's rulings).
 *
 * @throws {InputError} for an unknown preset, edition, ruling or value, or a
 *   preset of another edition than `--edition`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(rulesOf({ rules: "duel" }).name, "duel");
 * assert.equal(rulesOf({ ruling: ["run-out=end-round"] }).name, "standard+run-out=end-round");
 * assert.equal(rulesOf({ edition: "vengeance", ruling: ["flip7-count=ranks"] }).name, "vengeance+flip7-count=ranks");
 * assert.throws(() => rulesOf({ edition: "vengeance", rules: "duel" }), /edition/);
 * ```
 */
export function rulesOf(values: Values): Rules {
  const edition = typeof values.edition === "string" ? values.edition : null;
  const named = typeof values.rules === "string" ? values.rules : null;
  const base = named !== null
    ? getRules(named)
    : edition !== null
    ? editionPreset(edition)
    : getRules("standard");
  if (edition !== null && named !== null) {
    editionPreset(edition); // (names a bad edition first)
    if (base.edition !== edition) {
      throw new InputError(
        `--rules '${named}' is a preset of the ${base.edition} edition, not of --edition '${edition}': allowed ${
          PRESETS.filter((p) => p.edition === edition).map((p) => p.name)
            .join(", ")
        }`,
      );
    }
  }
  const changes = rulingsOf(values);
  return changes.length ? withRulings(base, changes) : base;
}

/**
 * Load the policy modules named in `-p` (call before {@linkcode policiesOf}).
 *
 * @throws {InputError} naming a module that is missing, does not load, has
 *   no default-exported factory, or whose factory fails.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../lib/game/rules.ts";
 * import { closePolicies } from "../lib/run/modules.ts";
 * const values = { p: "./tests/fixtures/my_policy.ts:0.3,ev" }; // a module, then a built-in
 * await loadPoliciesOf(values);
 * assert.deepEqual(policiesOf(values, getRules()).map((s) => s.name), ["cautious:0.3", "ev"]);
 * closePolicies(); // the module's thread ends
 * ```
 */
export async function loadPoliciesOf(values: Values): Promise<void> {
  if (typeof values.p === "string") {
    await loadPolicies(values.p.split(",").map((x) => x.trim()));
  }
}

/**
 * The labels of the `-p` policies in output: a built-in strategy's name
 * (its spec, normalised), a policy module's spec as written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { makeStrategy } from "../lib/run/registry.ts";
 * const strategies = [makeStrategy("ev"), makeStrategy("sum:20")]; // the module's seat plays sum:20 here
 * assert.deepEqual(policyLabels({ p: "ev,./p.ts:1" }, strategies), ["ev", "./p.ts:1"]);
 * ```
 */
export function policyLabels(values: Values, strategies: Strategy[]): string[] {
  const parts = typeof values.p === "string"
    ? values.p.split(",").map((x) => x.trim())
    : [];
  return strategies.map((s, i) =>
    parts[i] !== undefined && moduleIn(parts[i]) !== null ? parts[i] : s.name
  );
}

/**
 * The names of the `-p` policies in a command's output: each strategy's own
 * `name` (a policy module's is what its factory returns), with the spec
 * beside it when two policies would otherwise read the same.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { makeStrategy } from "../lib/run/registry.ts";
 * const named = (name: string) => ({ ...makeStrategy("ev"), name });
 * assert.deepEqual(displayNames(["ev", "./p.ts:1"], [makeStrategy("ev"), named("dash:1")]), ["ev", "dash:1"]);
 * assert.deepEqual(displayNames(["ev", "./p.ts"], [makeStrategy("ev"), named("ev")]), ["ev", "ev (./p.ts)"]);
 * ```
 */
export function displayNames(
  specs: string[],
  strategies: Strategy[],
): string[] {
  return strategies.map((s, i) =>
    specs[i] !== s.name &&
      strategies.some((t, j) => j !== i && t.name === s.name)
      ? `${s.name} (${specs[i]})`
      : s.name
  );
}

/**
 * The `-p` policy list, checked against the preset's player limits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../lib/game/rules.ts";
 * assert.equal(policiesOf({ p: "ev,ev" }, getRules()).length, 2);
 * ```
 */
export function policiesOf(
  values: Values,
  rules: Rules,
  fallback?: string,
  others = 0,
): Strategy[] {
  const list = values.p === undefined && fallback !== undefined
    ? fallback
    : requiredString(values, "p", "-p POLICIES (e.g. -p ev,sum:20)");
  if (rules.edition === "vengeance") vengeancePolicies(list);
  else officialPolicies(list);
  const s = parseSpecs(list);
  const seats = s.length + others;
  if (seats < rules.minPlayers || seats > rules.maxPlayers) {
    const lo = Math.max(1, rules.minPlayers - others);
    const hi = rules.maxPlayers - others;
    const range = lo === hi ? `exactly ${lo}` : `${lo} to ${hi}`;
    throw new InputError(
      `bad -p '${clip(list)}': ${s.length} polic${
        s.length === 1 ? "y" : "ies"
      } given, the '${rules.name}' rules allow ${range}${
        others ? ` ${hi === 1 ? "bot" : "bots"} besides you` : " players"
      }`,
    );
  }
  return s;
}

/**
 * The registry's policies that play the Vengeance edition: they read only
 * the number sum, the count of numbers or the bust risk of the line, or
 * value a card on the edition's scoring (`ev`, `evc`); the others value
 * cards by the official card table (docs/vengeance.md).
 */
export const VENGEANCE_POLICIES: readonly string[] = [
  "sum",
  "count",
  "bust",
  "bustc",
  "ev",
  "evc",
  "brfield-v",
  "go",
  "cpp",
];

/**
 * Refuse, under the Vengeance edition, a `-p` policy of the registry that
 * reads the official card table (policy modules are the author's to judge).
 *
 * @throws {InputError} naming the first such policy and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * vengeancePolicies("sum:25,bust:0.3,ev,first:ev,./mine.ts");
 * assert.throws(() => vengeancePolicies("sum:25,endgame"), /policy 'endgame'/);
 * ```
 */
export function vengeancePolicies(list: string): void {
  for (const spec of list.split(",").map((x) => x.trim())) {
    if (moduleIn(spec) !== null) continue;
    // first:POLICY plays POLICY (the engine's default choices)
    const base = spec.replace(/^(first:)+/, "").split(":")[0];
    if (!VENGEANCE_POLICIES.includes(base)) {
      throw new InputError(
        `bad -p '${
          clip(list)
        }': policy '${spec}' values cards by the official card table; the vengeance edition allows sum:N, count:N, bust:P, bustc:P, ev, evc, brfield-v (each also as first:POLICY), the public projects' go:* and cpp:* or a policy module (./FILE.ts)`,
      );
    }
  }
}

/**
 * Refuse, under the official edition, a `-p` policy made for the Vengeance
 * edition (`brfield-v`: its race tables are the Vengeance laws').
 *
 * @throws {InputError} naming the policy and the edition it plays.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * officialPolicies("ev,brfield,first:ev");
 * assert.throws(() => officialPolicies("ev,brfield-v"), /policy 'brfield-v' plays the vengeance edition/);
 * ```
 */
export function officialPolicies(list: string): void {
  for (const spec of list.split(",").map((x) => x.trim())) {
    if (spec.replace(/^(first:)+/, "") === "brfield-v") {
      throw new InputError(
        `bad -p '${
          clip(list)
        }': policy '${spec}' plays the vengeance edition (its race tables are that edition's); add --edition vengeance`,
      );
    }
  }
}

/**
 * The `--workers` count (default: the number of cores).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(workersOf({ workers: "2" }), 2);
 * ```
 */
export function workersOf(values: Values): number {
  return intOption(values, "workers", {
    min: 1,
    max: 64,
    default: Math.max(1, navigator.hardwareConcurrency || 1),
  });
}

/** Percentages and text tables (see `lib/util/format.ts`), re-exported for the commands. */
export { pct, table } from "../lib/util/format.ts";
