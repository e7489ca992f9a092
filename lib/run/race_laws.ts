/**
 * The exact solo round-score laws of a family of stopping rules on a solo
 * model (by default the 94-card game, `all94`): the inputs of the N-player
 * race model (`race.ts`). Each law is the exact forward pass of the rule
 * (`evaluatePolicies`, the lumped pass for `sum:N` and `bust:P`, the full pass
 * for `ev`), cached in `.cache/race-laws-<model id>.json` beside the solver's
 * other caches: JSON with a kind, a format version, the model's signature,
 * one entry per spec and an FNV-1a checksum of the rest. A missing, stale,
 * foreign or damaged file is recomputed with a one-line message; each newly
 * computed law is written at once (atomically), so an interrupted run keeps
 * what it finished.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { raceLaws } from "./race_laws.ts";
 * // on the 79-card numbers model, cached in a temp folder
 * const dir = await Deno.makeTempDir();
 * const lines: string[] = [];
 * const laws = raceLaws(["sum:20", "ev"], { model: "numbers", dir, log: (l) => lines.push(l) });
 * assert.equal(laws.get("sum:20")!.ev.toFixed(4), "18.2451"); // exact EV of sum:20
 * assert.equal(laws.get("ev")!.ev.toFixed(4), "18.5624");
 * const d = laws.get("ev")!.distribution;
 * assert.ok(Math.abs(d.reduce((a, b) => a + b, 0) - 1) < 1e-9); // a law
 * assert.equal(lines.length, 1); // computed once, then read back (from memory, or the file)
 * assert.equal(raceLaws(["ev"], { model: "numbers", dir, log: (l) => lines.push(l) }).get("ev")!.ev, laws.get("ev")!.ev);
 * assert.equal(lines.length, 1);
 * await Deno.remove(dir, { recursive: true });
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { writeFileAtomicSync } from "../util/io.ts";
import { readCacheFileSync } from "../util/kept.ts";
import {
  checkedJson,
  defaultCacheDir,
  readCheckedJson,
} from "../solver/cache.ts";
import { evaluatePolicies } from "./evaluate.ts";
import { getModel, type SoloModel } from "../solver/model.ts";
import { BR2_FAMILY } from "../winprob/racetable.ts";

const KIND = "race-laws";
/**
 * The cache's format: 2 since `ev`'s law comes from the level pass on two
 * threads (`forwardRuleLevels`), whose law sums to 1 within 3e-16; a
 * format-1 file's `ev` law on `all94` lost about 9e-10 of its mass to the
 * one-thread pass's rounding, and is recomputed.
 */
const FORMAT = 2;

/** One rule's exact solo round law. */
export interface RaceLaw {
  /** The policy spec, e.g. `sum:20`. */
  spec: string;
  /** Expected round score. */
  ev: number;
  /** Probability of busting. */
  bust: number;
  /** Probability of a Flip 7. */
  flip7: number;
  /** `distribution[s]` = P(round score = s). */
  distribution: Float64Array;
}

/** Options of {@linkcode raceLaws}. */
export interface RaceLawOptions {
  /** Solo model (default `all94`). */
  model?: string | SoloModel;
  /** Cache directory (default `.cache/`, or `FLIP7_CACHE_DIR`). */
  dir?: string;
  /** False: ignore the file and recompute every law. */
  useCache?: boolean;
  /** Where messages go (default stderr). */
  log?: (line: string) => void;
}

/**
 * Path of a model's race-law cache.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "../solver/model.ts";
 * assert.equal(raceLawPath(getModel("all94"), ".cache"), ".cache/race-laws-all94.json");
 * assert.equal(raceLawPath(getModel("numbers"), "/tmp"), "/tmp/race-laws-numbers.json");
 * ```
 */
export function raceLawPath(
  model: SoloModel,
  dir: string = defaultCacheDir(),
): string {
  return `${dir}/race-laws-${model.id}.json`;
}

interface Entry {
  ev: number;
  bust: number;
  flip7: number;
  distribution: number[];
}

/** The entries of a cache file, or why it cannot be used. */
function readCache(
  model: SoloModel,
  path: string,
): { entries: Record<string, Entry> } | { problem: string } {
  let text: string;
  try {
    text = new TextDecoder().decode(readCacheFileSync(path));
  } catch (e) {
    return {
      problem: e instanceof Deno.errors.NotFound
        ? "missing"
        : `unreadable (${e instanceof Error ? e.message : e})`,
    };
  }
  const r = readCheckedJson(text, KIND, FORMAT, model.signature);
  if ("problem" in r) return r;
  const body = r.body;
  const laws = body.laws as Record<string, Entry>;
  for (const [spec, e] of Object.entries(laws ?? {})) {
    if (
      !Array.isArray(e.distribution) ||
      e.distribution.length !== model.maxScore + 1
    ) {
      return { problem: `damaged (law of ${spec})` };
    }
  }
  return { entries: laws ?? {} };
}

function writeCache(
  model: SoloModel,
  path: string,
  entries: Record<string, Entry>,
): boolean {
  const body = {
    kind: KIND,
    format: FORMAT,
    model: model.id,
    signature: model.signature,
    laws: entries,
  };
  try {
    writeFileAtomicSync(path, checkedJson(body));
    return true;
  } catch {
    return false;
  }
}

const memo = new Map<string, RaceLaw>();

/**
 * The exact solo laws of `specs` on the model: from memory, from the cache,
 * or computed by the exact forward pass (and added to the cache).
 *
 * @throws {InputError} for a spec the solo evaluator does not accept.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = await Deno.makeTempDir();
 * const law = raceLaws(["sum:1"], { model: "numbers", dir, log: () => {} }).get("sum:1")!;
 * assert.equal(law.bust, 0); // one card never busts
 * assert.throws(() => raceLaws(["hit-always"], { model: "numbers", dir }), /allowed sum:N, count:N, bust:P, ev/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function raceLaws(
  specs: readonly string[],
  opts: RaceLawOptions = {},
): Map<string, RaceLaw> {
  const model = typeof opts.model === "object"
    ? opts.model
    : getModel(opts.model ?? "all94");
  const log = opts.log ?? ((l: string) => console.error(l));
  const path = raceLawPath(model, opts.dir);
  const out = new Map<string, RaceLaw>();
  const todo: string[] = [];
  for (const s of specs) {
    const m = memo.get(`${path}\n${s}`);
    if (m && opts.useCache !== false) out.set(s, m);
    else todo.push(s);
  }
  if (todo.length === 0) return out;
  let entries: Record<string, Entry> = {};
  if (opts.useCache !== false) {
    const r = readCache(model, path);
    if ("entries" in r) entries = r.entries;
    else if (r.problem !== "missing") {
      log(`flip7: race-law cache ${path} is ${r.problem}; recomputing it`);
    }
  }
  let warned = false;
  const missing = todo.filter((s) => opts.useCache === false || !entries[s]);
  for (const s of missing) {
    if (!/^(sum:\d+|bust:[0-9.]+|ev|count:\d+)$/.test(s)) {
      throw new InputError(
        `race-law policy '${s}': allowed sum:N, count:N, bust:P, ev`,
      );
    }
  }
  // in batches of 6: one state space per batch, the cache written after each
  for (let b = 0; b < missing.length; b += 6) {
    const batch = missing.slice(b, b + 6);
    const t0 = performance.now();
    const evs = evaluatePolicies(batch, model);
    evs.forEach((ev, i) => {
      entries[batch[i]] = {
        ev: ev.ev,
        bust: ev.bust,
        flip7: ev.flip7,
        distribution: Array.from(ev.distribution),
      };
    });
    log(
      `flip7: race laws of ${batch.join(",")} on ${model.id} (${
        ((performance.now() - t0) / 1000).toFixed(1)
      } s)`,
    );
    if (!writeCache(model, path, entries) && !warned) {
      log(`flip7: race-law cache ${path} cannot be written; kept in memory`);
      warned = true;
    }
  }
  for (const s of todo) {
    const e = entries[s];
    const law: RaceLaw = {
      spec: s,
      ev: e.ev,
      bust: e.bust,
      flip7: e.flip7,
      distribution: Float64Array.from(e.distribution),
    };
    memo.set(`${path}\n${s}`, law);
    out.set(s, law);
  }
  return out;
}

/**
 * The default family of round policies of the race model, `BR2_FAMILY`
 * (`racetable.ts`): `sum:N` for N = 1 to 12, then 14 to 30 by twos, 33, 36,
 * 40, 45, 50, 60 and 79 (always hit: the numbers sum to 78 at most),
 * `bust:P` for P = 0.2, 0.3, 0.4 and `ev` (the field's policy in `brfield`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { BR2_FAMILY } from "../winprob/racetable.ts";
 * assert.ok(RACE_FAMILY.includes("sum:24"));
 * assert.equal(RACE_FAMILY, BR2_FAMILY);
 * ```
 */
export const RACE_FAMILY: readonly string[] = BR2_FAMILY;
