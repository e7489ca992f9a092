/**
 * The law of one solo round under a model's optimal one-round play — above
 * all the 94-card game's (`all94`) — computed once by the exact forward pass
 * of the model's optimal decisions and cached on disk beside them
 * (`.cache/solo-law-<model id>.json`), so the experiments that need it
 * (`deck-variants`, `round-law`) and the win-probability tables that take an
 * opponent's round law (`bestResponse({ opponentLaw })`) do not redo the
 * 1.36-billion-state pass every time.
 *
 * The cache file is JSON: a kind, a format version, the model's signature
 * (deck and state layout), the figures and the distribution, and an FNV-1a
 * checksum of the rest; a missing, stale, foreign or damaged file is
 * recomputed with a message and rewritten atomically.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { roundLaw } from "./law.ts";
 * import { getModel } from "./model.ts";
 * // a temporary cache folder, so the example writes nothing of the repository's
 * const dir = await Deno.makeTempDir();
 * const law = roundLaw(getModel("numbers"), { dir, log: () => {} });
 * // P(score 0) under optimal play, numbers only
 * assert.equal(law.distribution[0].toFixed(4), "0.3135");
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import {
  cachedOrComputed,
  type CacheOptions,
  checkedJson,
  defaultCacheDir,
  loadDecisions,
  readCheckedJson,
} from "./cache.ts";
import { evaluateTable, type Evaluation } from "./forward.ts";
import type { SoloModel } from "./model.ts";
import "./actions.ts";

/** Kind and format of the law cache files. */
const KIND = "solo-round-law";
const FORMAT = 1;

/**
 * The optimal one-round law of a model: the optimum's exact evaluation, and
 * where it came from.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const dir = await Deno.makeTempDir();
 * const l: RoundLaw = roundLaw(getModel("numbers"), { dir, log: () => {} });
 * assert.ok(l.source === "cache" || l.source === "computed");
 * assert.equal(l.path, lawCachePath(getModel("numbers"), dir));
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export interface RoundLaw extends Evaluation {
  /** `cache` (read from `path`) or `computed` (and written to `path`). */
  source: "cache" | "computed";
  /** The cache file. */
  path: string;
  /** Seconds to load or compute (decisions included). */
  seconds: number;
}

/**
 * Path of a model's law cache file in `dir`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(lawCachePath(getModel("all94"), ".cache"), ".cache/solo-law-all94.json");
 * ```
 */
export function lawCachePath(
  model: SoloModel,
  dir: string = defaultCacheDir(),
): string {
  return `${dir}/solo-law-${model.id}.json`;
}

const memo = new Map<string, RoundLaw>();

/** The checked body of a cache file, or why it cannot be used. */
function decodeLaw(
  model: SoloModel,
  bytes: Uint8Array,
): { body: Record<string, unknown> } | { problem: string } {
  const r = readCheckedJson(bytes, KIND, FORMAT, model.signature);
  if ("problem" in r) return r;
  const body = r.body;
  const d = body.distribution;
  if (!Array.isArray(d) || d.length !== model.maxScore + 1) {
    return { problem: "damaged (distribution length)" };
  }
  return { body };
}

/**
 * The law of one round under the model's optimal one-round play (EV, sd,
 * P(bust), P(Flip 7), the distribution of the score): from memory, from the
 * cache file, or computed from the model's optimal decisions (themselves
 * cached by `cache.ts`) by the full forward pass and written to the cache.
 * `options` as for `loadDecisions` (`useCache: false` recomputes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * // the 79 number cards (the 94-card round's optimum, 20.2976, is a
 * // 1.36-billion-state pass: tests/solver_all94_test.ts)
 * const model = getModel("numbers");
 * const dir = await Deno.makeTempDir();
 * const law = roundLaw(model, { dir, log: () => {} });
 * assert.equal(law.ev.toFixed(4), "18.5652");
 * assert.equal(law.distribution.length, model.maxScore + 1);
 * assert.equal(roundLaw(model, { dir }), law); // the second time from memory
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function roundLaw(
  model: SoloModel,
  options: CacheOptions = {},
): RoundLaw {
  const t0 = performance.now();
  return cachedOrComputed(memo, lawCachePath(model, options.dir), options, {
    what: "round-law cache",
    doing: "computing it",
    inMemory: "computed in memory for this run",
    decode: (bytes, path) => {
      const r = decodeLaw(model, bytes);
      if ("problem" in r) return r;
      const b = r.body;
      return {
        value: {
          policy: "dp",
          model: model.name,
          ev: b.ev as number,
          sd: b.sd as number,
          bust: b.bust as number,
          flip7: b.flip7 as number,
          visited: b.visited as number,
          distribution: Float64Array.from(b.distribution as number[]),
          source: "cache",
          path,
          seconds: (performance.now() - t0) / 1000,
        },
      };
    },
    compute: (path) => {
      const t = loadDecisions(model, options);
      const e = evaluateTable(t.space, t.hit, "dp");
      const body = {
        kind: KIND,
        format: FORMAT,
        model: model.id,
        signature: model.signature,
        ev: e.ev,
        sd: e.sd,
        bust: e.bust,
        flip7: e.flip7,
        visited: e.visited,
        distribution: Array.from(e.distribution),
      };
      return {
        value: {
          ...e,
          source: "computed",
          path,
          seconds: (performance.now() - t0) / 1000,
        },
        bytes: () => checkedJson(body),
      };
    },
  });
}

/**
 * Expected number of rounds for one player alone to reach `target` points
 * from 0 when every round's score follows `law` independently (`law[s]` =
 * P(score = s)): the renewal equation `R(t) = (1 + Σ_{s>0} law[s] R(t+s)) /
 * (1 − law[0])` for `t < target`, `R(t) = 0` from `target` on.
 *
 * @throws {InputError} when `law[0]` is 1 (the target is never reached).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(roundsToReach([0, 1], 3), 3); // one point a round
 * assert.equal(roundsToReach([0.5, 0.5], 2), 4); // two successes at one half each
 * assert.throws(() => roundsToReach([1, 0], 5));
 * ```
 */
export function roundsToReach(law: ArrayLike<number>, target = 200): number {
  if (!(law[0] < 1)) {
    throw new InputError(
      `a round law with P(0) = ${
        law[0]
      } never reaches ${target}: allowed laws with P(0) < 1`,
    );
  }
  const r = new Float64Array(target + law.length);
  for (let t = target - 1; t >= 0; t--) {
    let e = 1;
    for (let s = 1; s < law.length; s++) e += law[s] * r[t + s];
    r[t] = e / (1 - law[0]);
  }
  return r[0];
}
