/**
 * The binary cache of a solved model's optimal decisions, in `.cache/`.
 *
 * File layout (little-endian), format 2: a 128-byte header — magic `F7DP`,
 * format version, header length, the kind of file (`solo-decisions`, 16
 * bytes), a hash of the model's signature (its free identity string: state
 * layout and deck composition), number of cores, number of states, payload
 * length, the checksum, the optimal value, the model name (64 bytes) — then
 * the payload: the reachable core keys (int32, ascending) and one bit per
 * state, 1 = hit. The checksum (FNV-1a) covers the whole file, header and
 * payload, but its own four bytes, so no single damaged byte anywhere goes
 * unnoticed. A missing, stale (other format, kind or model) or corrupt (bad
 * magic, size or checksum) file is rebuilt by solving, with a one-line
 * message on stderr, and written atomically (temporary file, then rename).
 * Everything here is synchronous so that the `dp` strategy can load lazily
 * from `makeStrategy`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadDecisions } from "./cache.ts";
 * import { getModel } from "./model.ts";
 * const t = loadDecisions(getModel("approx"));
 * assert.equal(t.ev.toFixed(3), "22.232");
 * ```
 * @module
 */

import { fnv1a, guardFolder, writeFileAtomicSync } from "../util/io.ts";
import { forgetKept, keepUnwritten, readCacheFileSync } from "../util/kept.ts";
import { getModel, type SoloModel } from "./model.ts";
import {
  adoptSpace,
  MODS,
  type SoloSpace,
  solve,
  spaceFromCores,
} from "./solve.ts";

/**
 * Version of the file format; bump it to invalidate every cache file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(CACHE_FORMAT, 2);
 * ```
 */
export const CACHE_FORMAT = 2;
const MAGIC = 0x50443746; // "F7DP" little-endian
const HEADER = 128;
/** The kind of file, in the header (a win table or another cache is refused). */
const KIND = "solo-decisions";
/** Byte offset of the checksum, which covers every other byte. */
const SUM_AT = 44;
/** Offset and length of the model name field. */
const NAME_AT = 56, NAME_LEN = 64;

/** FNV-1a of the whole file except its checksum field. */
function fileChecksum(buf: Uint8Array): number {
  return fnv1a(buf, SUM_AT + 4, buf.length, fnv1a(buf, 0, SUM_AT));
}

function fieldText(buf: Uint8Array, at: number, len: number): string {
  return new TextDecoder().decode(buf.subarray(at, at + len)).replace(
    /\0+$/,
    "",
  );
}

/**
 * The optimal decisions of a model, from the cache or a fresh solve.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const t: DecisionTable = loadDecisions(getModel("approx"));
 * assert.ok(t.source === "cache" || t.source === "solved"); // read, or solved and written
 * ```
 */
export interface DecisionTable {
  /** The state space the slots refer to. */
  readonly space: SoloSpace;
  /** `hit[slot * 64 + mods]`: 1 where hitting is optimal. */
  readonly hit: Uint8Array;
  /** The optimal expected round score. */
  readonly ev: number;
  /** Where it came from. */
  readonly source: "cache" | "solved";
  /** Seconds to load or to solve. */
  readonly seconds: number;
  /** The cache file. */
  readonly path: string;
}

/**
 * Options of {@linkcode loadDecisions}.
 *
 * @example
 * ```ts
 * import { getModel } from "./model.ts";
 * loadDecisions(getModel("approx"), { dir: "/tmp/flip7", useCache: false, log: console.log });
 * ```
 */
export interface CacheOptions {
  /** Directory of the cache files (default: `.cache/` at the repository root). */
  dir?: string;
  /** False: ignore any cache file and solve from scratch (the result is still written). */
  useCache?: boolean;
  /** Where rebuild messages go (default: stderr). */
  log?: (line: string) => void;
}

/**
 * The default cache directory: `.cache/` at the repository root, or the
 * folder named by the environment variable `FLIP7_CACHE_DIR` (tests use it
 * to damage cache files without touching the real ones).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(defaultCacheDir().endsWith(".cache"), true);
 * ```
 */
export function defaultCacheDir(): string {
  let env: string | undefined;
  try {
    env = Deno.env.get("FLIP7_CACHE_DIR");
  } catch {
    env = undefined;
  }
  const url = new URL("../../.cache", import.meta.url);
  const dir = env
    ? env.replace(/\/+$/, "")
    : url.protocol === "file:"
    ? decodeURIComponent(url.pathname)
    : ".cache";
  guardFolder(dir); // no symbolic link leads a cache file out of it
  return dir;
}

/**
 * Path of a model's cache file in `dir`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * assert.equal(cachePath(getModel("exact"), ".cache"), ".cache/solo-dp-exact.bin");
 * ```
 */
export function cachePath(
  model: SoloModel,
  dir: string = defaultCacheDir(),
): string {
  return `${dir}/solo-dp-${model.id}.bin`;
}

/**
 * Encode a solved model's decisions as a cache file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * import { solve } from "./solve.ts";
 * const sol = solve(getModel("approx"));
 * assert.equal(encodeDecisions(sol.space, sol.hit, sol.ev).length, 128 + 28660 * 12);
 * ```
 */
export function encodeDecisions(
  space: SoloSpace,
  hit: Uint8Array,
  ev: number,
): Uint8Array {
  const n = space.cores.length;
  const payload = n * 4 + (n * MODS) / 8;
  const buf = new Uint8Array(HEADER + payload);
  const dv = new DataView(buf.buffer);
  const enc = new TextEncoder();
  const name = enc.encode(space.model.name);
  if (name.length > NAME_LEN) {
    throw new Error(
      `model name '${space.model.name}' is over ${NAME_LEN} bytes`,
    );
  }
  dv.setUint32(0, MAGIC, true);
  dv.setUint32(4, CACHE_FORMAT, true);
  dv.setUint32(8, HEADER, true);
  buf.set(enc.encode(KIND), 12);
  dv.setUint32(28, fnv1a(space.model.signature), true);
  dv.setUint32(32, n, true);
  dv.setUint32(36, space.states, true);
  dv.setUint32(40, payload, true);
  dv.setFloat64(48, ev, true);
  buf.set(name, NAME_AT);
  for (let s = 0; s < n; s++) dv.setInt32(HEADER + 4 * s, space.cores[s], true);
  const bitsAt = HEADER + 4 * n;
  for (let i = 0; i < n * MODS; i++) {
    if (hit[i]) buf[bitsAt + (i >> 3)] |= 1 << (i & 7);
  }
  dv.setUint32(SUM_AT, fileChecksum(buf), true);
  return buf;
}

/**
 * Decode a cache file; the reason it cannot be used otherwise.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const r = decodeDecisions(getModel("approx"), new Uint8Array(10));
 * assert.equal("problem" in r, true); // "corrupt (too short)"
 * ```
 */
export function decodeDecisions(
  model: SoloModel,
  buf: Uint8Array,
): { space: SoloSpace; hit: Uint8Array; ev: number } | { problem: string } {
  if (buf.length < HEADER) return { problem: "corrupt (too short)" };
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (dv.getUint32(0, true) !== MAGIC) {
    return { problem: "corrupt (bad magic)" };
  }
  const format = dv.getUint32(4, true);
  if (format !== CACHE_FORMAT) {
    return { problem: `stale (format ${format}, expected ${CACHE_FORMAT})` };
  }
  const n = dv.getUint32(32, true);
  const payload = dv.getUint32(40, true);
  if (payload !== n * 4 + (n * MODS) / 8 || buf.length !== HEADER + payload) {
    return { problem: "corrupt (wrong size)" };
  }
  // the checksum covers the header too: nothing below is trusted before it
  if (fileChecksum(buf) !== dv.getUint32(SUM_AT, true)) {
    return { problem: "corrupt (bad checksum)" };
  }
  if (dv.getUint32(8, true) !== HEADER) {
    return { problem: "corrupt (bad header length)" };
  }
  const kind = fieldText(buf, 12, 16);
  if (kind !== KIND) {
    return { problem: `of the wrong kind ('${kind}', expected '${KIND}')` };
  }
  const name = fieldText(buf, NAME_AT, NAME_LEN);
  if (name !== model.name) {
    return { problem: `stale (model '${name}', expected '${model.name}')` };
  }
  if (dv.getUint32(28, true) !== fnv1a(model.signature)) {
    return { problem: "stale (the model's state layout or deck changed)" };
  }
  const cores = new Int32Array(n);
  for (let s = 0; s < n; s++) cores[s] = dv.getInt32(HEADER + 4 * s, true);
  for (let s = 1; s < n; s++) {
    if (cores[s] <= cores[s - 1]) {
      return { problem: "corrupt (cores out of order)" };
    }
  }
  const space = spaceFromCores(model, cores);
  if (space === null || space.states !== dv.getUint32(36, true)) {
    return { problem: "stale (the reachable states differ from this model's)" };
  }
  const hit = new Uint8Array(n * MODS);
  const bitsAt = HEADER + 4 * n;
  for (let i = 0; i < n * MODS; i++) {
    hit[i] = (buf[bitsAt + (i >> 3)] >> (i & 7)) & 1;
  }
  return { space, hit, ev: dv.getFloat64(48, true) };
}

const memo = new Map<string, DecisionTable>();

/**
 * The optimal decisions of a model: from the cache file if it is valid,
 * otherwise solved in-process (with a message saying why) and written back.
 * Memoised per process.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getModel } from "./model.ts";
 * const t = loadDecisions(getModel("exact"));
 * assert.equal(t.hit[t.space.rootSlot * 64], 1); // the first card is always drawn
 * ```
 */
export function loadDecisions(
  model: SoloModel,
  options: CacheOptions = {},
): DecisionTable {
  const t0 = performance.now();
  return cachedOrComputed(memo, cachePath(model, options.dir), options, {
    what: "solver cache",
    doing: `solving the '${model.name}' model`,
    inMemory: "solved in memory for this run",
    decode: (buf, path) => {
      const r = decodeDecisions(model, buf);
      if ("problem" in r) return r;
      return {
        value: {
          space: adoptSpace(r.space),
          hit: r.hit,
          ev: r.ev,
          source: "cache",
          seconds: (performance.now() - t0) / 1000,
          path,
        },
      };
    },
    compute: (path) => {
      const sol = model.solveDecisions?.() ?? solve(model);
      return {
        value: {
          space: adoptSpace(sol.space),
          hit: sol.hit,
          ev: sol.ev,
          source: "solved",
          seconds: sol.seconds,
          path,
        },
        bytes: () => encodeDecisions(sol.space, sol.hit, sol.ev),
      };
    },
  });
}

/**
 * How {@linkcode cachedOrComputed} reads, checks and computes one kind of
 * cache file.
 *
 * @example
 * ```ts
 * const spec: CachedFile<number> = {
 *   what: "demo cache",
 *   doing: "computing it",
 *   inMemory: "kept in memory for this run",
 *   decode: (bytes) => bytes.length === 1 ? { value: bytes[0] } : { problem: "damaged" },
 *   compute: () => ({ value: 7, bytes: () => new Uint8Array([7]) }),
 * };
 * ```
 */
export interface CachedFile<T> {
  /** What the messages call the file, e.g. `solver cache`. */
  what: string;
  /** What is done when the file cannot be used, e.g. `solving the 'exact' model`. */
  doing: string;
  /** What happens when the file cannot be written, e.g. `solved in memory for this run`. */
  inMemory: string;
  /** The value in the file's bytes, or what is wrong with them. */
  decode(bytes: Uint8Array, path: string): { value: T } | { problem: string };
  /** Compute the value, and the bytes to write for it. */
  compute(path: string): { value: T; bytes: () => Uint8Array | string };
}

/**
 * The text of a JSON cache file (the format of the round-law, policy-evaluation
 * and race-law caches): `body` (its `kind`, `format` and `signature` first)
 * with the FNV-1a checksum of its JSON text added as `checksum`; read back by
 * {@linkcode readCheckedJson}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const text = checkedJson({ kind: "demo", format: 1, signature: "s", x: 2 });
 * assert.deepEqual(readCheckedJson(text, "demo", 1, "s"), { body: { kind: "demo", format: 1, signature: "s", x: 2 } });
 * assert.deepEqual(readCheckedJson(text.replace("2", "3"), "demo", 1, "s"), { problem: "damaged (checksum mismatch)" });
 * assert.deepEqual(readCheckedJson(text, "demo", 2, "s"), { problem: "format 1, not 2 (stale)" });
 * ```
 */
export function checkedJson(body: Record<string, unknown>): string {
  return JSON.stringify({ ...body, checksum: fnv1a(JSON.stringify(body)) }) +
    "\n";
}

/**
 * The body of a JSON cache file written by {@linkcode checkedJson}, checked
 * in order (JSON, checksum, kind, format, the model's signature), or why it
 * cannot be used; the caller checks what is its own (lengths, fields).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(readCheckedJson("{", "demo", 1, "s"), { problem: "not JSON (damaged)" });
 * const text = checkedJson({ kind: "demo", format: 1, signature: "s" });
 * assert.deepEqual(readCheckedJson(text, "other", 1, "s"), { problem: "of another kind (demo)" });
 * assert.deepEqual(readCheckedJson(text, "demo", 1, "t"), { problem: "for another model or deck (stale)" });
 * ```
 */
export function readCheckedJson(
  data: Uint8Array | string,
  kind: string,
  format: number,
  signature: string,
): { body: Record<string, unknown> } | { problem: string } {
  let doc: Record<string, unknown>;
  try {
    doc = JSON.parse(
      typeof data === "string" ? data : new TextDecoder().decode(data),
    );
  } catch {
    return { problem: "not JSON (damaged)" };
  }
  if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
    return { problem: "not a cache document (damaged)" };
  }
  const { checksum, ...body } = doc;
  if (checksum !== fnv1a(JSON.stringify(body))) {
    return { problem: "damaged (checksum mismatch)" };
  }
  if (body.kind !== kind) return { problem: `of another kind (${body.kind})` };
  if (body.format !== format) {
    return { problem: `format ${body.format}, not ${format} (stale)` };
  }
  if (body.signature !== signature) {
    return { problem: "for another model or deck (stale)" };
  }
  return { body };
}

const unwritten = new Set<string>();

/**
 * True when the last attempt of this process to write the cache file `path`
 * failed (the value is then in memory only): what a command reports, so that
 * it never says "written" after the message that it was not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(cacheNotWritten(".cache/solo-dp-exact.bin"), false); // after a successful write
 * ```
 */
export function cacheNotWritten(path: string): boolean {
  return unwritten.has(path);
}

/**
 * One cache file, memoised per process: the value from the file if it
 * decodes, otherwise (with one message saying why) computed and written back
 * atomically; a file that cannot be written leaves the value in memory, with a
 * message. `options.useCache: false` always computes (and writes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const spec: CachedFile<number> = {
 *   what: "demo cache",
 *   doing: "computing it",
 *   inMemory: "kept in memory for this run",
 *   decode: (bytes) => bytes.length === 1 ? { value: bytes[0] } : { problem: "damaged" },
 *   compute: () => ({ value: 7, bytes: () => new Uint8Array([7]) }),
 * };
 * const dir = Deno.makeTempDirSync();
 * assert.equal(cachedOrComputed(new Map(), `${dir}/demo.bin`, {}, spec), 7); // computed, written
 * assert.deepEqual(Deno.readFileSync(`${dir}/demo.bin`), new Uint8Array([7]));
 * assert.equal(cachedOrComputed(new Map(), `${dir}/demo.bin`, {}, spec), 7); // read back
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function cachedOrComputed<T>(
  memo: Map<string, T>,
  path: string,
  options: CacheOptions,
  spec: CachedFile<T>,
): T {
  const useCache = options.useCache ?? true;
  const key = path;
  if (useCache) {
    const m = memo.get(key);
    if (m) return m;
  }
  const log = options.log ?? ((line: string) => console.error(line));
  if (useCache) {
    let problem: string;
    try {
      const r = spec.decode(readCacheFileSync(path), path);
      if ("value" in r) {
        memo.set(key, r.value);
        return r.value;
      }
      problem = r.problem;
    } catch (e) {
      problem = e instanceof Deno.errors.NotFound
        ? "missing"
        : `unreadable (${errText(e)})`;
    }
    log(`flip7: ${spec.what} ${path} is ${problem}; ${spec.doing}...`);
  }
  const { value, bytes } = spec.compute(path);
  const data = bytes();
  try {
    writeFileAtomicSync(path, data);
    unwritten.delete(path);
    forgetKept(path);
  } catch (e) {
    unwritten.add(path);
    keepUnwritten(path, data); // the workers of this run read it from memory
    log(
      `flip7: could not write the ${spec.what} ${path} (${
        errText(e)
      }); ${spec.inMemory} (make its folder writable, or delete ${path})`,
    );
  }
  memo.set(key, value);
  return value;
}

/**
 * Forget the tables loaded in this process (tests use it to force a reload).
 *
 * @example
 * ```ts
 * clearDecisionMemo();
 * ```
 */
export function clearDecisionMemo(): void {
  memo.clear();
}

function errText(e: unknown): string {
  if (e instanceof Deno.errors.NotCapable) {
    return "not allowed to write there: the flip7 task may write only under results/ and .cache/";
  }
  return e instanceof Error ? e.message.split("\n")[0] : String(e);
}

/**
 * The `dp` decision table of a model by name (cache-backed, memoised).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(decisionsOf("approx").space.states, 1834239);
 * ```
 */
export function decisionsOf(
  name?: string,
  options?: CacheOptions,
): DecisionTable {
  return loadDecisions(getModel(name), options);
}
