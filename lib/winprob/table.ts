/**
 * Win-probability tables: `W[t0, t1, s]`, the probability that the player
 * whose total is `t0` wins a two-player game (a draw counts one half) from
 * round-start totals `t0`, `t1` below the target, where `s = 0` when that
 * player starts the round and `s = 1` when the opponent does. Tables whose
 * model has no starting player (the independent-round best response) hold
 * one layer (`sides = 1`).
 *
 * Binary format 2 (little endian): the 8 bytes `F7WTAB02`, a u32 header
 * length, the JSON header (`format`, `target`, `sides` and the metadata that
 * names what the table is: `kind`, the rules or model, the training
 * settings), `target * target * sides` float32 values, then a u32 FNV-1a
 * checksum of every byte before it, header included. A file with a bad
 * magic, length or checksum is refused with a one-line error; a caller that
 * knows what it needs ({@linkcode WTable.check}) also refuses a table whose
 * header names another kind, rules, model or training, and rebuilds it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { WTable } from "./table.ts";
 * const w = WTable.symmetric(200, 2, 0.5);
 * assert.equal(w.value(250, 10, 0), 1); // terminal: already past the target
 * const back = WTable.decode(w.encode());
 * assert.deepEqual(back.data, w.data);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { fnv1a, writeFileAtomic, writeFileAtomicSync } from "../util/io.ts";
import { forgetKept, keepUnwritten, readCacheFileSync } from "../util/kept.ts";
import { defaultCacheDir } from "../solver/cache.ts";

const MAGIC = "F7WTAB02";
/**
 * Version of the file format, in the magic and the header.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(WTAB_FORMAT, 2);
 * ```
 */
export const WTAB_FORMAT = 2;

/** Padding of {@linkcode WTable.padded}: above any round score (at most 201). */
export const PAD = 256;

/** FNV-1a, the one checksum of `lib/util/io.ts` (re-exported for the tables' callers). */
export { fnv1a } from "../util/io.ts";

/**
 * A two-player win-probability table with terminal handling.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const w = WTable.symmetric(200, 2, 0.5);
 * assert.equal(w.get(150, 120, 0), 0.5);
 * assert.equal(WTable.decode(w.encode()).target, 200);
 * ```
 */
export class WTable {
  /**
   * A table over the given values.
   *
   * @param target the game's target total (table covers totals 0..target-1)
   * @param sides 2 (who starts matters) or 1
   * @param data `target * target * sides` values, index `(s * target + t0) * target + t1`
   * @param meta free metadata stored in the header
   */
  constructor(
    readonly target: number,
    readonly sides: number,
    readonly data: Float32Array,
    readonly meta: Record<string, unknown> = {},
  ) {
    if (data.length !== target * target * sides) {
      throw new Error("table data has the wrong length");
    }
  }

  /**
   * A table filled with one value (0.5 is the neutral prior).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * assert.equal(WTable.symmetric(200, 2, 0.5).get(0, 0, 0), 0.5);
   * ```
   */
  static symmetric(target: number, sides: number, v: number): WTable {
    return new WTable(
      target,
      sides,
      new Float32Array(target * target * sides).fill(v),
    );
  }

  /**
   * Stored value for totals below the target (no bounds checks).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const w = new WTable(30, 2, new Float32Array(2 * 30 * 30));
   * w.data[(1 * 30 + 10) * 30 + 20] = 0.25; // layer 1, totals 10 and 20
   * assert.equal(w.get(10, 20, 1), 0.25);
   * assert.equal(w.get(10, 20, 0), 0);
   * ```
   */
  get(t0: number, t1: number, s: number): number {
    const T = this.target;
    return this.data[((this.sides === 1 ? 0 : s) * T + t0) * T + t1];
  }

  /**
   * Value at round-start totals, with the end of the game handled: once a
   * total reaches the target the higher total wins (1 or 0) and equal totals
   * count one half.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const w = WTable.symmetric(200, 2, 0.5);
   * assert.equal(w.value(201, 199, 0), 1);
   * assert.equal(w.value(199, 201, 0), 0);
   * assert.equal(w.value(205, 205, 1), 0.5);
   * assert.equal(w.value(100, 100, 0), 0.5); // stored
   * ```
   */
  value(t0: number, t1: number, s: number): number {
    const T = this.target;
    if (t0 >= T || t1 >= T) return t0 > t1 ? 1 : t0 < t1 ? 0 : 0.5;
    return this.data[((this.sides === 1 ? 0 : s) * T + t0) * T + t1];
  }

  private pads: (Float32Array | null)[] = [null, null];

  /** Row stride of {@linkcode padded}: the target plus {@linkcode PAD}. */
  get stride(): number {
    return this.target + PAD;
  }

  /**
   * Layer `s` padded with the end-of-game values, so that any totals below
   * `target + PAD` are read without a branch: `padded(s)[a * stride + b]` is
   * {@linkcode value}`(a, b, s)`. Built on first use (0.8 MB a layer).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const w = WTable.symmetric(200, 2, 0.5);
   * const p = w.padded(0);
   * assert.equal(p[250 * w.stride + 10], 1);
   * assert.equal(p[10 * w.stride + 10], 0.5);
   * ```
   */
  padded(s: number): Float32Array {
    const layer = this.sides === 1 ? 0 : s;
    const got = this.pads[layer];
    if (got) return got;
    const T = this.target, P = T + PAD;
    const out = new Float32Array(P * P);
    for (let a = 0; a < P; a++) {
      for (let b = 0; b < P; b++) {
        out[a * P + b] = a >= T || b >= T
          ? (a > b ? 1 : a < b ? 0 : 0.5)
          : this.data[(layer * T + a) * T + b];
      }
    }
    this.pads[layer] = out;
    return out;
  }

  /**
   * The binary encoding (header + checksum + data).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const w = WTable.symmetric(200, 1, 0.25);
   * const back = WTable.decode(w.encode());
   * assert.equal(back.target, 200);
   * assert.equal(back.sides, 1);
   * ```
   */
  encode(): Uint8Array {
    const header = new TextEncoder().encode(
      JSON.stringify({
        format: WTAB_FORMAT,
        target: this.target,
        sides: this.sides,
        ...this.meta,
      }),
    );
    const body = new Uint8Array(
      this.data.buffer,
      this.data.byteOffset,
      this.data.byteLength,
    );
    const out = new Uint8Array(8 + 4 + header.length + body.length + 4);
    out.set(new TextEncoder().encode(MAGIC), 0);
    const dv = new DataView(out.buffer);
    dv.setUint32(8, header.length, true);
    out.set(header, 12);
    // float data little endian (the platforms Deno runs on are little endian)
    out.set(body, 12 + header.length);
    const end = out.length - 4;
    dv.setUint32(end, fnv1a(out.subarray(0, end)), true);
    return out;
  }

  /**
   * Decode a table, checking the magic, the sizes and the checksum (which
   * covers the header and the data).
   *
   * @throws {InputError} on a damaged or foreign file.
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const bytes = WTable.symmetric(50, 2, 0.5).encode(); // a table file read back
   * assert.equal(WTable.decode(bytes).get(3, 4, 1), 0.5);
   * assert.throws(() => WTable.decode(bytes.subarray(0, 10)));
   * ```
   */
  static decode(bytes: Uint8Array, what = "table"): WTable {
    const r = WTable.tryDecode(bytes);
    if ("problem" in r) {
      throw new InputError(`${what} is not a valid win table: ${r.problem}`);
    }
    return r.table;
  }

  /**
   * Decode a table, or say why it cannot be used.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const r = WTable.tryDecode(new Uint8Array(3));
   * assert.ok("problem" in r);
   * assert.ok("table" in WTable.tryDecode(WTable.symmetric(10, 1, 0).encode()));
   * ```
   */
  static tryDecode(bytes: Uint8Array): { table: WTable } | { problem: string } {
    if (bytes.length < 16) return { problem: "too short" };
    if (new TextDecoder().decode(bytes.subarray(0, 8)) !== MAGIC) {
      const old = new TextDecoder().decode(bytes.subarray(0, 6)) === "F7WTAB";
      return { problem: old ? "an older format" : "bad magic" };
    }
    const dv = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const end = bytes.length - 4;
    if (fnv1a(bytes.subarray(0, end)) !== dv.getUint32(end, true)) {
      return { problem: "checksum mismatch" };
    }
    const hl = dv.getUint32(8, true);
    if (12 + hl > end) return { problem: "bad header length" };
    let meta: Record<string, unknown>;
    try {
      meta = JSON.parse(new TextDecoder().decode(bytes.subarray(12, 12 + hl)));
    } catch {
      return { problem: "unreadable header" };
    }
    if (typeof meta !== "object" || meta === null || Array.isArray(meta)) {
      return { problem: "unreadable header" };
    }
    if (meta.format !== WTAB_FORMAT) return { problem: "an older format" };
    const target = Number(meta.target), sides = Number(meta.sides);
    if (
      !Number.isInteger(target) || !(target >= 1 && target <= 10000) ||
      !(sides === 1 || sides === 2)
    ) {
      return { problem: "bad dimensions" };
    }
    const n = target * target * sides;
    const start = 12 + hl;
    if (end !== start + 4 * n) return { problem: "bad data length" };
    const body = bytes.slice(start, start + 4 * n);
    delete meta.format;
    delete meta.target;
    delete meta.sides;
    return {
      table: new WTable(target, sides, new Float32Array(body.buffer), meta),
    };
  }

  /**
   * Load a table and check that its header names what the caller needs:
   * every field of `expect` (`kind`, `target`, `sides`, rules or model,
   * training settings) must match. Otherwise the reason: `missing`,
   * `corrupt (...)`, `stale (...)` or `of the wrong kind (...)`, for a
   * one-line message before the table is rebuilt.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const dir = await Deno.makeTempDir();
   * const path = `${dir}/search-duel.wtab`;
   * assert.deepEqual(WTable.check(path, { kind: "search" }), { problem: "missing" });
   * new WTable(30, 2, new Float32Array(1800), { kind: "search" }).saveSync(path);
   * assert.ok("table" in WTable.check(path, { kind: "search", target: 30 }));
   * const r = WTable.check(path, { kind: "search", target: 200 });
   * assert.ok("problem" in r && r.problem.startsWith("stale"), JSON.stringify(r));
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  static check(
    path: string,
    expect: Record<string, unknown>,
  ): { table: WTable } | { problem: string } {
    let bytes: Uint8Array;
    try {
      bytes = readCacheFileSync(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return { problem: "missing" };
      return {
        problem: `unreadable (${
          e instanceof Error ? e.message.split("\n")[0] : String(e)
        })`,
      };
    }
    const r = WTable.tryDecode(bytes);
    if ("problem" in r) {
      return {
        problem: r.problem === "an older format"
          ? "stale (an older format)"
          : `corrupt (${r.problem})`,
      };
    }
    const t = r.table;
    const have: Record<string, unknown> = {
      ...t.meta,
      target: t.target,
      sides: t.sides,
    };
    if ("kind" in expect && have.kind !== expect.kind) {
      return {
        problem: `of the wrong kind ('${String(have.kind)}', expected '${
          String(expect.kind)
        }')`,
      };
    }
    for (const [k, v] of Object.entries(expect)) {
      if (JSON.stringify(have[k]) !== JSON.stringify(v)) {
        return {
          problem: `stale (${k} ${JSON.stringify(have[k])}, expected ${
            JSON.stringify(v)
          })`,
        };
      }
    }
    return { table: t };
  }

  /**
   * Save synchronously and never fail: a table that cannot be written is
   * used for this run only, with one message naming the file.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const dir = await Deno.makeTempDir();
   * const w = WTable.symmetric(20, 1, 0.5);
   * assert.equal(w.trySaveSync(`${dir}/br-numbers.wtab`), true);
   * // a folder that is a file: not written, one message, and no throw
   * const lines: string[] = [];
   * assert.equal(w.trySaveSync(`${dir}/br-numbers.wtab/x.wtab`, (l) => lines.push(l)), false);
   * assert.equal(lines.length, 1);
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  trySaveSync(
    path: string,
    log: (l: string) => void = (l) => console.error(l),
  ): boolean {
    const bytes = this.encode();
    try {
      writeFileAtomicSync(path, bytes);
      forgetKept(path);
      return true;
    } catch (e) {
      keepUnwritten(path, bytes); // the workers of this run read it from memory
      log(
        `flip7: could not write the win table ${path} (${
          e instanceof Deno.errors.NotCapable
            ? "not allowed to write there: the flip7 task may write only under results/ and .cache/"
            : e instanceof Error
            ? e.message.split("\n")[0]
            : String(e)
        }); it is used for this run only (make its folder writable, or delete ${path})`,
      );
      return false;
    }
  }

  /**
   * Save atomically.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const dir = await Deno.makeTempDir();
   * await WTable.symmetric(20, 2, 0.5).save(`${dir}/search-duel.wtab`);
   * assert.equal(WTable.loadSync(`${dir}/search-duel.wtab`)!.target, 20);
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  async save(path: string): Promise<void> {
    await writeFileAtomic(path, this.encode());
  }

  /**
   * Save synchronously, the same way (for strategies that build a missing
   * table on first use and cannot await).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const dir = await Deno.makeTempDir();
   * WTable.symmetric(20, 1, 0.5).saveSync(`${dir}/br-numbers.wtab`);
   * assert.equal(WTable.loadSync(`${dir}/br-numbers.wtab`)!.sides, 1);
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  saveSync(path: string): void {
    writeFileAtomicSync(path, this.encode());
  }

  /**
   * Load a saved table (synchronously, so that strategies can load lazily);
   * null when the file does not exist.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * const dir = await Deno.makeTempDir();
   * assert.equal(WTable.loadSync(`${dir}/none.wtab`), null);
   * await Deno.remove(dir, { recursive: true });
   * ```
   */
  static loadSync(path: string): WTable | null {
    let bytes: Uint8Array;
    try {
      bytes = readCacheFileSync(path);
    } catch (e) {
      if (e instanceof Deno.errors.NotFound) return null;
      throw e;
    }
    return WTable.decode(bytes, path);
  }
}

/**
 * Directory of the trained and computed tables (gitignored, rebuilt when
 * missing). Its last part is the version of the models that build the tables:
 * a change to the search, the training or the best response bumps it, so a
 * stale table is never loaded (v5: the random streams the training games are
 * played on changed, when seeding dropped its warm-up steps). It lies beside the solver's cache
 * (`<repo>/.cache`, or `FLIP7_CACHE_DIR`), whatever the working directory.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(searchTablePath("standard").startsWith(TABLE_DIR));
 * assert.ok(TABLE_DIR.endsWith("/winprob/v5"));
 * ```
 */
export const TABLE_DIR: string = `${defaultCacheDir()}/winprob/v5`;

/**
 * Path of the search agent's trained table for a rules preset.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(searchTablePath("duel"), `${TABLE_DIR}/search-duel.wtab`);
 * ```
 */
export function searchTablePath(rules: string): string {
  return `${TABLE_DIR}/search-${rules}.wtab`;
}

/**
 * Path of the best-response table for a model deck.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(bestResponsePath("numbers"), `${TABLE_DIR}/br-numbers.wtab`);
 * ```
 */
export function bestResponsePath(model: string): string {
  return `${TABLE_DIR}/br-${model}.wtab`;
}
