/**
 * Exact evaluations of a policy spec on a solo model, cached on disk like the
 * round laws of `law.ts` (`.cache/solo-eval-<model id>-<spec>.json`), so that
 * a rerun of the `deck-variants` rule searches (every step one lumped pass of
 * about 12 CPU seconds on the all-94-sized decks) reads the figures instead
 * of redoing the passes.
 *
 * The file is JSON: a kind, a format version, the model's signature (deck and
 * state layout), the spec, the figures (EV, sd, P(bust), P(Flip 7), visited
 * states; JSON keeps every bit of a double) and an FNV-1a checksum of the
 * rest; a missing, stale, foreign or damaged file is recomputed and rewritten
 * atomically. The figures depend on the model, the spec and the code (the
 * policies, the rules and the evaluator): each file also carries
 * {@linkcode librarySource}, a hash of every source file of `lib/`, so a
 * change to any of them makes every file stale (recomputed on next use);
 * where the sources cannot be read, nothing is cached.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { cachedEvaluation } from "./eval_cache.ts";
 * import { getModel } from "./model.ts";
 * import { evaluatePolicies } from "../run/evaluate.ts";
 * const m = getModel("numbers");
 * const dir = Deno.makeTempDirSync(); // .cache/ by default
 * let passes = 0;
 * const run = () => {
 *   passes++;
 *   return evaluatePolicies(["sum:25"], m)[0];
 * };
 * const a = cachedEvaluation(m, "sum:25", run, { dir, log: () => {} });
 * const b = cachedEvaluation(m, "sum:25", run, { dir, log: () => {} });
 * assert.equal(passes, 1); // the second comes from the cache
 * assert.equal(a.ev, b.ev);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 * @module
 */

import { fnv1a } from "../util/io.ts";
import {
  cachedOrComputed,
  type CacheOptions,
  checkedJson,
  defaultCacheDir,
  readCheckedJson,
} from "./cache.ts";
import type { Evaluation } from "./forward.ts";
import type { SoloModel } from "./model.ts";

/** Kind and format of the evaluation cache files. */
const KIND = "solo-policy-evaluation";
const FORMAT = 1;

/** The figures of one evaluation that the cache keeps (no distribution). */
export type PolicyFigures = Pick<
  Evaluation,
  "policy" | "model" | "ev" | "sd" | "bust" | "flip7" | "visited"
>;

/**
 * Path of the cache file of `spec` on `model` in `dir`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(evalCachePath(getModel("numbers"), "bust:0.25", ".cache"), ".cache/solo-eval-numbers-bust_0.25.json");
 * ```
 */
export function evalCachePath(
  model: SoloModel,
  spec: string,
  dir: string = defaultCacheDir(),
): string {
  const name = spec.trim().replace(/[^A-Za-z0-9.+-]/g, "_");
  return `${dir}/solo-eval-${model.id}-${name}.json`;
}

const memo = new Map<string, PolicyFigures>();

let source: string | null | undefined;

/**
 * FNV-1a over the paths and contents of every `.ts` file under `lib/` (sorted
 * by path), once per process; null when they cannot be read (no read
 * permission, or the library is not a folder of files). An evaluation cached
 * under another hash was computed by other code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.match(librarySource() ?? "", /^[0-9a-f]{8}$/);
 * ```
 */
export function librarySource(): string | null {
  if (source !== undefined) return source;
  try {
    const root = new URL("../", import.meta.url);
    if (root.protocol !== "file:") return source = null;
    const files: string[] = [];
    const walk = (rel: string) => {
      for (const e of Deno.readDirSync(new URL(rel, root))) {
        if (e.isDirectory) walk(`${rel}${e.name}/`);
        else if (e.isFile && e.name.endsWith(".ts")) files.push(rel + e.name);
      }
    };
    walk("");
    files.sort();
    const parts = files.map((f) =>
      `${f}\0${fnv1a(Deno.readTextFileSync(new URL(f, root)))}`
    );
    source = fnv1a(parts.join("\n")).toString(16).padStart(8, "0");
  } catch {
    source = null;
  }
  return source;
}

const FIELDS = ["ev", "sd", "bust", "flip7", "visited"] as const;

/** The figures the cache keeps, from an evaluation or a checked file body. */
function figuresOf(f: PolicyFigures, model: SoloModel): PolicyFigures {
  const { policy, ev, sd, bust, flip7, visited } = f;
  return { policy, model: model.name, ev, sd, bust, flip7, visited };
}

/**
 * The figures of `spec` on `model`: from memory, from the cache file, or
 * from `evaluate()` (written to the cache). Messages go to `options.log`
 * (default: stderr); `useCache: false` recomputes.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { evaluatePolicies } from "../run/evaluate.ts";
 * const m = getModel("numbers");
 * const dir = Deno.makeTempDirSync();
 * const exact = evaluatePolicies(["count:3"], m)[0];
 * const f = cachedEvaluation(m, "count:3", () => exact, { dir, log: () => {} });
 * assert.equal(f.ev, exact.ev); // bit for bit
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function cachedEvaluation(
  model: SoloModel,
  spec: string,
  evaluate: () => Evaluation,
  options: CacheOptions = {},
): PolicyFigures {
  const s = spec.trim();
  const code = librarySource();
  if (code === null) return figuresOf(evaluate(), model);
  const path = evalCachePath(model, s, options.dir);
  return cachedOrComputed<PolicyFigures>(memo, path, options, {
    what: "policy-evaluation cache",
    doing: "evaluating the policy",
    inMemory: "kept in memory for this run",
    decode: (bytes) => {
      const r = readCheckedJson(bytes, KIND, FORMAT, model.signature);
      if ("problem" in r) return r;
      const body = r.body;
      if (body.spec !== s) return { problem: "for another policy (stale)" };
      if (body.source !== code) {
        return { problem: "computed by other code (stale)" };
      }
      if (FIELDS.some((k) => typeof body[k] !== "number")) {
        return { problem: "damaged (figures)" };
      }
      return { value: figuresOf(body as unknown as PolicyFigures, model) };
    },
    compute: () => {
      const e = evaluate();
      const value = figuresOf(e, model);
      const body = {
        kind: KIND,
        format: FORMAT,
        model: model.id,
        signature: model.signature,
        source: code,
        spec: s,
        policy: e.policy,
        ev: e.ev,
        sd: e.sd,
        bust: e.bust,
        flip7: e.flip7,
        visited: e.visited,
      };
      return {
        value,
        bytes: () => checkedJson(body),
      };
    },
  });
}
