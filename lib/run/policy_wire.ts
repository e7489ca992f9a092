/**
 * The wire between the engine's thread and a policy module's thread: one
 * `SharedArrayBuffer` per module per thread, laid out as below, that the
 * trusted side (`modules.ts`) and the module's host (`policy_host.ts`, in a
 * thread of its own with no right but reading the project) read and write
 * with `Atomics`. The trusted side writes a request (an operation, the view's
 * state) and waits for the answer, with a time budget; the host answers. The
 * jail (`policy_jail.ts`) that started the host marks it dead when it ends.
 * Nothing the host writes is believed: every answer is checked by the
 * trusted side.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { C, newWire, readText, writeText } from "./policy_wire.ts";
 * const w = newWire();
 * assert.equal(w.ctl[C.REQ], 0);
 * writeText(w.inText, w.ctl, C.IN_LEN, "0.3");
 * assert.equal(readText(w.inText, w.ctl[C.IN_LEN]), "0.3");
 * ```
 * @module
 */

import { KINDS } from "../game/cards.ts";

/** Most seats a view on the wire carries. */
export const MAX_SEATS = 64;

/** Int32 fields of a seat's block: what a {@linkcode TableView} tells of a seat. */
export const SEAT_FIELDS = 10;

/**
 * Indices of the control words (`Int32Array`). `REQ` is the trusted side's
 * request number, `ANS` the host's answer to it; `DEAD` is set by the jail
 * when the host ended (see {@linkcode Dead}); `LOAD` by the host when the
 * module is imported or failed to be (see {@linkcode Load}).
 */
export const C = {
  REQ: 0,
  ANS: 1,
  DEAD: 2,
  DEAD_CODE: 3,
  OP: 4,
  ID: 5,
  SEAT: 6,
  KIND: 7,
  STATUS: 8,
  RESULT: 9,
  FLAGS: 10,
  RULES_VER: 11,
  PLAYERS: 12,
  ROUND: 13,
  FIRST: 14,
  TABLE_TOTAL: 15,
  EXACT_TOTAL: 16,
  IN_LEN: 17,
  OUT_LEN: 18,
  DEAD_LEN: 19,
  LOAD: 20,
  UNSEEN_TABLE: 32,
  UNSEEN_EXACT: 32 + KINDS,
  SEATS: 32 + 2 * KINDS,
} as const;

/** Int32 words of the control block. */
const CTL_WORDS = C.SEATS + MAX_SEATS * SEAT_FIELDS;
/** Bytes of the text the trusted side sends (a parameter, the rules). */
export const IN_BYTES = 65536;
/** Bytes of the text the host sends back (a name, an error). */
export const OUT_BYTES = 4096;

/** Operations the trusted side asks for. */
export const Op = {
  /** Build a strategy: `IN` is the parameter (`IN_LEN` -1: none); `RESULT` its id. */
  MAKE: 1,
  HIT: 2,
  TARGET: 3,
  NEW_GAME: 4,
  ROUND_END: 5,
  /** The exact counts the host asked for are in place: go on. */
  EXACT: 6,
} as const;

/** How loading the module went (`LOAD`, set by the host; `OUT` says why it failed). */
export const Load = {
  PENDING: 0,
  READY: 1,
  /** Its import was refused a permission. */
  REFUSED: 2,
  /** Its import threw. */
  FAILED: 3,
  /** It has no default-exported function. */
  NO_DEFAULT: 4,
} as const;

/** What the host answers in `STATUS`. */
export const Status = {
  OK: 0,
  /** The policy threw: `OUT` says what. */
  THREW: 1,
  /** The policy was refused a permission: `OUT` says which. */
  REFUSED: 2,
  /** The answer was not of the right type: `OUT` describes it. */
  BAD: 3,
  /** The policy read the exact counts: fill them in and send {@linkcode Op.EXACT}. */
  NEED_EXACT: 4,
} as const;

/** How the host ended (`DEAD`, set by the jail). */
export const Dead = {
  ALIVE: 0,
  /** It exited (`Deno.exit`, `process.exit`): `DEAD_CODE` is the code. */
  EXIT: 1,
  /** It ran out of its heap. */
  MEMORY: 2,
  /** An error nobody caught: `DEAD` text says what. */
  ERROR: 3,
} as const;

/**
 * Per seat, the offsets of its fields in its block.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(F.STATUS, 9);
 * ```
 */
export const F = {
  LINE_MASK: 0,
  LINE_COUNT: 1,
  NUMBER_SUM: 2,
  MOD_MASK: 3,
  HAS_CHANCE: 4,
  CARDS: 5,
  ROUND_SCORE: 6,
  TOTAL: 7,
  ACTIVE: 8,
  STATUS: 9,
} as const;

/**
 * A wire's views: the control words and the three text areas (to the host,
 * from the host, from the jail).
 *
 * @example
 * ```ts
 * const w: Wire = newWire();
 * ```
 */
export interface Wire {
  /** The shared memory itself (what is sent to the jail). */
  sab: SharedArrayBuffer;
  /** The control words. */
  ctl: Int32Array;
  /** Text to the host. */
  inText: Uint8Array;
  /** Text from the host. */
  outText: Uint8Array;
  /** Text from the jail (why the host ended). */
  deadText: Uint8Array;
}

/**
 * A new wire (zeroed), or the views of an existing one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const a = newWire();
 * assert.equal(newWire(a.sab).ctl.length, a.ctl.length);
 * ```
 */
export function newWire(sab?: SharedArrayBuffer): Wire {
  const s = sab ??
    new SharedArrayBuffer(CTL_WORDS * 4 + IN_BYTES + 2 * OUT_BYTES);
  let at = CTL_WORDS * 4;
  const area = (n: number) => {
    const a = new Uint8Array(s, at, n);
    at += n;
    return a;
  };
  return {
    sab: s,
    ctl: new Int32Array(s, 0, CTL_WORDS),
    inText: area(IN_BYTES),
    outText: area(OUT_BYTES),
    deadText: area(OUT_BYTES),
  };
}

const enc = new TextEncoder();
const dec = new TextDecoder();

/**
 * Write `text` into a text area (cut to its size) and its length in
 * `ctl[lenAt]`; returns false when it had to be cut.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const w = newWire();
 * assert.equal(writeText(w.outText, w.ctl, C.OUT_LEN, "é"), true);
 * assert.equal(w.ctl[C.OUT_LEN], 2);
 * ```
 */
export function writeText(
  area: Uint8Array,
  ctl: Int32Array,
  lenAt: number,
  text: string,
): boolean {
  const bytes = enc.encode(text);
  const n = Math.min(bytes.length, area.length);
  area.set(bytes.subarray(0, n));
  ctl[lenAt] = n;
  return n === bytes.length;
}

/**
 * The text of an area, `len` bytes (clamped to the area: the length may come
 * from the other side).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const w = newWire();
 * writeText(w.inText, w.ctl, C.IN_LEN, "abc");
 * assert.equal(readText(w.inText, w.ctl[C.IN_LEN]), "abc");
 * assert.equal(readText(w.inText, -5), ""); // a length out of range is clamped
 * ```
 */
export function readText(area: Uint8Array, len: number): string {
  const n = Math.max(0, Math.min(area.length, len | 0));
  return dec.decode(area.slice(0, n));
}
