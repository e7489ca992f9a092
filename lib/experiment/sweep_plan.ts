/**
 * The plan of a sweep: policy sets, rules presets, table sizes and seed
 * replicates checked and turned into one Monte Carlo run per rules ×
 * players × set × replicate ({@linkcode planSweep}, {@linkcode planSweeps}),
 * with the seats of each table and the seed of each replicate. `sweep.ts`
 * re-exports it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { planSweep } from "./sweep_plan.ts";
 * const plan = planSweep({
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [2, 4], seeds: 2, seed: 1, games: 100,
 * });
 * assert.equal(plan.length, 4); // 2 sizes × 2 seeds
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { getRules } from "../game/rules.ts";
import { deriveSeed } from "../game/rng.ts";
import type { RunSpec } from "../run/runner.ts";

/**
 * A labelled list of policies whose seats cycle over the table.
 *
 * @example
 * ```ts
 * const s: PolicySet = { label: "bust", policies: ["ev", "bust:0.25"] };
 * ```
 */
export interface PolicySet {
  /** Name of the set in the rows and the chart (no commas). */
  label: string;
  /** Policy specs; seat `i` plays `policies[i % policies.length]`. */
  policies: string[];
}

/**
 * Where a run sits in the sweep (what a seed derivation may depend on).
 *
 * @example
 * ```ts
 * const c: SweepCell = { set: "bust", rules: "standard", players: 4 };
 * ```
 */
export interface SweepCell {
  /** Label of the policy set. */
  set: string;
  /** Rules preset. */
  rules: string;
  /** Table size. */
  players: number;
}

/**
 * What to sweep.
 *
 * @example
 * ```ts
 * const c: SweepConfig = {
 *   sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard", "immediate-actions"], players: [2, 3, 4, 5, 6],
 *   seeds: 3, seed: 1, games: 2000,
 * };
 * ```
 */
export interface SweepConfig {
  /** Policy sets (at least one; distinct labels). */
  sets: PolicySet[];
  /** Rules presets (at least one). */
  rules: string[];
  /** Table sizes, each from 2 (and at least the set's policy count) to the preset's maximum. */
  players: number[];
  /** Seed replicates per cell (1 to 100). */
  seeds: number;
  /** Base seed. */
  seed: number;
  /** Games per run: a number, or one per table size. */
  games: number | ((players: number) => number);
  /**
   * Seed of replicate `r` of a cell (default `deriveSeed(base, "sweep", r)`,
   * the same for every cell).
   */
  seedOf?: (base: number, replicate: number, cell: SweepCell) => number;
}

/**
 * One run of a planned sweep.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const [run]: SweepRun[] = planSweep({ sets: [{ label: "bust", policies: ["ev", "bust:0.25"] }],
 *   rules: ["standard"], players: [3], seeds: 1, seed: 1, games: 100 });
 * assert.deepEqual(run.spec.policies, ["ev", "bust:0.25", "ev"]); // one policy per seat
 * assert.equal(run.replicate, 0);
 * ```
 */
export interface SweepRun extends SweepCell {
  /** Replicate index, 0-based. */
  replicate: number;
  /** The runner's spec: rules, one policy per seat, seed, games. */
  spec: RunSpec;
}

/**
 * Most seed replicates of a sweep.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(MAX_SEEDS, 100);
 * assert.throws(() => planSweep({ sets: [{ label: "x", policies: ["ev", "sum:20"] }], rules: ["standard"],
 *   players: [2], seeds: MAX_SEEDS + 1, seed: 1, games: 100 }));
 * ```
 */
export const MAX_SEEDS = 100;

/**
 * The seats of a table of `n` players: the policies cycled (`A,B,A,B,...`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(seatsOf(["ev", "bust:0.25"], 3), ["ev", "bust:0.25", "ev"]);
 * ```
 */
export function seatsOf(policies: string[], n: number): string[] {
  return Array.from({ length: n }, (_, i) => policies[i % policies.length]);
}

/**
 * The default seed of replicate `r`: `deriveSeed(base, "sweep", r)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(defaultSeedOf(1, 0), defaultSeedOf(1, 0));
 * assert.notEqual(defaultSeedOf(1, 0), defaultSeedOf(1, 1));
 * assert.notEqual(defaultSeedOf(1, 0), defaultSeedOf(2, 0));
 * ```
 */
export function defaultSeedOf(base: number, replicate: number): number {
  return deriveSeed(base, "sweep", replicate);
}

/**
 * Parse a table-size list: `2-8`, `4`, or a comma list of both (`2,4,6-8`),
 * giving distinct sizes in increasing order. Each size must lie in
 * `[min, max]` and a range must not run backwards.
 *
 * @throws {InputError} naming the bad value and what is allowed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(parsePlayers("2-4,6"), [2, 3, 4, 6]);
 * assert.throws(() => parsePlayers("1-4"), /bad --players '1-4': 1 is outside 2-18/);
 * ```
 */
export function parsePlayers(text: string, min = 2, max = 18): number[] {
  const bad = (why: string) =>
    new InputError(
      `bad --players '${text}': ${why}; give sizes from ${min} to ${max} as A-B, N or a comma list (e.g. 2-8)`,
    );
  const out = new Set<number>();
  for (const part of text.split(",").map((s) => s.trim())) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw bad(`'${part}' is not a size or range`);
    const a = Number(m[1]), b = m[2] === undefined ? a : Number(m[2]);
    if (b < a) throw bad(`range ${part} runs backwards`);
    for (const v of [a, b]) {
      if (v < min || v > max) throw bad(`${v} is outside ${min}-${max}`);
    }
    for (let v = a; v <= b; v++) out.add(v);
  }
  return [...out].sort((x, y) => x - y);
}

/**
 * Parse a policy set: `A,B,...` or `LABEL=A,B,...` (the default label is
 * the list joined by ` vs `).
 *
 * @throws {InputError} for an empty list, an empty spec or a bad label.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(parsePolicySet("bust=ev,bust:0.25"), { label: "bust", policies: ["ev", "bust:0.25"] });
 * assert.equal(parsePolicySet("prudent é=ev,sum:20").label, "prudent é"); // any printable label
 * ```
 */
export function parsePolicySet(text: string): PolicySet {
  let label: string | undefined;
  let list = text.trim();
  // a label is any printable text before the first `=` (no spec holds one):
  // `é=ev,sum:20`, `bust risk=...`
  // deno-lint-ignore no-control-regex
  const eq = /^([^,=\x00-\x1f\x7f]+)=(.*)$/.exec(list);
  if (eq && eq[1].trim() !== "") [label, list] = [eq[1].trim(), eq[2]];
  const policies = list.split(",").map((s) => s.trim());
  if (list === "" || policies.some((p) => p === "")) {
    throw new InputError(
      `bad -p '${text}': give policy specs separated by commas, e.g. -p ev,bust:0.25 (optionally LABEL=ev,bust:0.25)`,
    );
  }
  return { label: label ?? policies.join(" vs "), policies };
}

function gamesOf(config: SweepConfig, players: number): number {
  const g = typeof config.games === "number"
    ? config.games
    : config.games(players);
  if (!Number.isSafeInteger(g) || g < 1) {
    throw new InputError(
      `bad game count ${g} at ${players} players: give a whole number of at least 1`,
    );
  }
  return g;
}

/**
 * Check a sweep and list its runs, ordered rules → players → set →
 * replicate. Checked here: rules presets, sizes against each preset's
 * limits and each set's policy count, seeds, labels and counts; the policy
 * specs (which may name policy modules, loaded asynchronously) are checked
 * by {@linkcode checkSweep}, and again by {@linkcode runSweep} before any
 * game.
 *
 * @throws {InputError} naming the first bad value and what is allowed.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const plan = planSweep({ sets: [{ label: "x", policies: ["ev", "sum:20"] }], rules: ["standard"],
 *   players: [2, 3], seeds: 1, seed: 1, games: 100 });
 * assert.deepEqual(plan.map((r) => r.players), [2, 3]);
 * ```
 */
export function planSweep(config: SweepConfig): SweepRun[] {
  if (config.sets.length === 0) {
    throw new InputError("no policy set: give -p A,B,... at least once");
  }
  const labels = new Set<string>();
  for (const s of config.sets) {
    if (s.label === "" || s.label.includes(",") || labels.has(s.label)) {
      throw new InputError(
        `bad policy set label '${s.label}': give each set a distinct, non-empty label without commas`,
      );
    }
    labels.add(s.label);
  }
  if (config.rules.length === 0) {
    throw new InputError("no rules preset: give --rules, e.g. standard");
  }
  const presets = config.rules.map((r) => getRules(r));
  if (new Set(config.rules).size !== config.rules.length) {
    throw new InputError(
      `bad --rules '${config.rules.join(",")}': list each preset once`,
    );
  }
  if (
    !Number.isSafeInteger(config.seeds) || config.seeds < 1 ||
    config.seeds > MAX_SEEDS
  ) {
    throw new InputError(
      `bad --seeds '${config.seeds}': give a whole number from 1 to ${MAX_SEEDS}`,
    );
  }
  if (config.players.length === 0) {
    throw new InputError("no table size: give --players, e.g. 2-8");
  }
  for (const rules of presets) {
    const lo = Math.max(2, rules.minPlayers), hi = rules.maxPlayers;
    for (const n of config.players) {
      if (!Number.isSafeInteger(n) || n < lo || n > hi) {
        throw new InputError(
          `bad --players: ${n} players, the '${rules.name}' rules allow a sweep from ${lo} to ${hi} players`,
        );
      }
    }
  }
  for (const s of config.sets) {
    const n = Math.min(...config.players);
    if (n < s.policies.length) {
      throw new InputError(
        `bad --players: ${n} players cannot seat the ${s.policies.length} policies of '${s.label}'; start the sizes at ${s.policies.length} or list fewer policies`,
      );
    }
  }
  const games = new Map(config.players.map((n) => [n, gamesOf(config, n)]));
  const seedOf = config.seedOf ?? defaultSeedOf;
  const runs: SweepRun[] = [];
  for (const rules of config.rules) {
    for (const players of config.players) {
      for (const set of config.sets) {
        for (let r = 0; r < config.seeds; r++) {
          const cell = { set: set.label, rules, players };
          runs.push({
            ...cell,
            replicate: r,
            spec: {
              rules,
              policies: seatsOf(set.policies, players),
              seed: seedOf(config.seed, r, cell) >>> 0,
              count: games.get(players)!,
              mode: "game",
            },
          });
        }
      }
    }
  }
  return runs;
}

/**
 * A sweep made of several sub-sweeps, each with its own sets, presets, sizes,
 * replicates and counts: the runs of each {@linkcode planSweep} in turn
 * (sub-plan order kept), one plan for {@linkcode runSweep},
 * {@linkcode sweepRows} and {@linkcode pooledRows}. A cell (set, rules,
 * players) may appear in one sub-sweep only, so pooling stays per sub-sweep.
 *
 * @throws {InputError} from a sub-sweep, or naming a cell planned twice.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const plan = planSweeps([
 *   { sets: [{ label: "a", policies: ["ev", "sum:20"] }], rules: ["standard"],
 *     players: [2, 3], seeds: 3, seed: 1, games: 100 },
 *   { sets: [{ label: "b", policies: ["ev", "sum:25"] }], rules: ["immediate-actions"],
 *     players: [4], seeds: 1, seed: 1, games: 50 },
 * ]);
 * assert.equal(plan.length, 7); // 2 × 3 + 1
 * ```
 */
export function planSweeps(configs: SweepConfig[]): SweepRun[] {
  const seen = new Map<string, number>();
  const runs: SweepRun[] = [];
  configs.forEach((config, j) => {
    for (const run of planSweep(config)) {
      const k = JSON.stringify([run.set, run.rules, run.players]);
      if ((seen.get(k) ?? j) !== j) {
        throw new InputError(
          `set '${run.set}' at ${run.players} players under '${run.rules}' is planned by two sub-sweeps: give each cell to one`,
        );
      }
      seen.set(k, j);
      runs.push(run);
    }
  });
  return runs;
}
