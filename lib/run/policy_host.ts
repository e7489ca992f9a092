/**
 * The host of a policy module: the thread, started by its jail
 * (`policy_jail.ts`) with the jail's permissions and a heap limit, where the
 * module is imported and its strategies are asked. No engine, runner,
 * statistics, cache or output code runs here, so nothing the module changes
 * in this realm (prototypes, `toJSON`, globals) reaches a figure.
 *
 * Before the module is imported the realm loses what would reach the rest
 * of the process: starting threads (`Worker`, `node:worker_threads`),
 * signals to the process (`Deno.kill`, `process.kill`), its working folder
 * (`Deno.chdir`), standard input, Deno's internals, `localStorage` and
 * `caches`; standard output goes to standard error. Then it serves the
 * requests of the engine's thread on the wire (`policy_wire.ts`): build a
 * strategy from the factory, and ask it `hit`, `target`, `newGame`,
 * `roundEnd` on a read-only view rebuilt from the wire. Whatever it answers
 * is checked on the other side.
 *
 * @example
 * It runs only as the worker a jail starts; tests/issue41_test.ts runs it.
 * ```ts ignore
 * new Worker(new URL("./policy_host.ts", import.meta.url), { workerData: { sab, url }, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
 * ```
 * @module
 */

import {
  parentPort,
  Worker as NodeWorker,
  workerData,
} from "node:worker_threads";
import process from "node:process";
import { KINDS } from "../game/cards.ts";
import type { Rules } from "../game/rules.ts";
import type { Strategy, TableView } from "../game/view.ts";
import { C, F, Load, newWire, Op, SEAT_FIELDS, Status } from "./policy_wire.ts";

const { sab, url } = workerData as { sab: SharedArrayBuffer; url: string };
const wire = newWire(sab);
const ctl = wire.ctl;

// What this file uses once the module has run, taken before it is imported:
// the module shares this realm, and a built-in it rewrites for its own ends
// (Array.prototype.push, JSON, TextEncoder) must not garble the wire. (What
// it could garble is only its own answers, which the other side checks.)
const wait = Atomics.wait,
  load = Atomics.load,
  store = Atomics.store,
  notify = Atomics.notify;
const NotCapable = Deno.errors.NotCapable;
const call = Function.prototype.call;
const uncurry = <A extends unknown[], R>(f: (...a: A) => R) =>
  call.bind(f) as unknown as (self: unknown, ...a: A) => R;
const U8 = Uint8Array;
const enc = new TextEncoder(), dec = new TextDecoder();
const encodeInto = uncurry(TextEncoder.prototype.encodeInto);
const decode = uncurry(TextDecoder.prototype.decode);
const parse = JSON.parse;
const freeze = Object.freeze, values = Object.values;
const isInteger = Number.isInteger;
const stringOf = String;
const indexOf = uncurry(String.prototype.indexOf);
const sliceString = uncurry(String.prototype.slice);
const regexTest = uncurry(RegExp.prototype.test);
const querySync = uncurry(Deno.permissions.querySync);
const permissions = Deno.permissions;

/** Write `text` (cut to the area) into a text area of the wire and its length into `ctl[lenAt]`. */
function writeText(area: Uint8Array, lenAt: number, text: string): void {
  ctl[lenAt] = (encodeInto(enc, text, area) as { written: number }).written;
}

/** The text of `len` bytes of an area (copied out of the shared memory first). */
function readText(area: Uint8Array, len: number): string {
  const n = len < 0 ? 0 : len > area.length ? area.length : len | 0;
  const copy = new U8(n);
  for (let i = 0; i < n; i++) copy[i] = area[i];
  return decode(dec, copy) as string;
}

/** The first line of a text, cut to 1,000 characters. */
function firstLineOf(text: string): string {
  const nl = indexOf(text, "\n") as number;
  return sliceString(text, 0, nl < 0 ? 1000 : nl < 1000 ? nl : 1000) as string;
}

/** An error thrown where the module tried what a policy may not do. */
function refuse(what: string): never {
  throw new NotCapable(`a policy may not ${what}`);
}

/** Define `name` on `o` as a getter that refuses, for good. */
function deny(o: object, name: PropertyKey, what: string): void {
  try {
    Object.defineProperty(o, name, {
      get: () => refuse(what),
      configurable: false,
    });
  } catch { /* not defined here */ }
}

/** Replace `o[name]` by `f`, for good. */
function fix(o: object, name: PropertyKey, f: unknown): void {
  try {
    Object.defineProperty(o, name, {
      value: f,
      writable: false,
      configurable: false,
    });
  } catch { /* not defined here */ }
}

function harden(): void {
  // Deno's internals reach every operation (signals, threads, the folder)
  const internal = (Deno as unknown as { internal: symbol }).internal;
  try {
    delete (Deno as unknown as Record<symbol, unknown>)[internal];
  } catch { /* already gone */ }
  fix(Deno, "internal", Symbol("gone"));
  // threads: the global Worker, and node:worker_threads' Worker, whose
  // constructor calls its prototype's (made to refuse, and kept so)
  const noWorker = function () {
    refuse("start a worker: only the runner starts threads");
  };
  fix(globalThis, "Worker", noWorker);
  try {
    Object.setPrototypeOf(NodeWorker, noWorker);
    Object.freeze(NodeWorker);
  } catch { /* not extensible */ }
  // the process: signals, its folder, standard input and output
  const noSignal = () => refuse("send signals to the process");
  fix(Deno, "kill", noSignal);
  fix(process, "kill", noSignal);
  fix(Deno, "chdir", () => refuse("change the working folder"));
  fix(process, "chdir", () => refuse("change the working folder"));
  fix(process, "binding", () => refuse("use the runtime's internal bindings"));
  deny(Deno, "stdin", "read standard input");
  deny(process, "stdin", "read standard input");
  fix(Deno, "stdout", Deno.stderr);
  try {
    const err = process.stderr;
    fix(process, "stdout", err);
  } catch { /* no streams */ }
  for (const k of ["log", "info", "debug", "table", "dir"] as const) {
    fix(console, k, console.error.bind(console));
  }
  // messages to the jail (node:worker_threads' parentPort is this global):
  // the wire is the only way out, and the other side reads it with care
  const noPost = () => refuse("post messages");
  fix(globalThis, "postMessage", noPost);
  if (parentPort) fix(parentPort, "postMessage", noPost);
  // storage Deno keeps on disk, with no permission asked
  deny(globalThis, "localStorage", "use localStorage");
  deny(globalThis, "caches", "use caches");
}

/** One line saying what a thrown value or a bad answer was, whatever it is. */
function describe(e: unknown): string {
  try {
    if (e instanceof Error) {
      const m = e.message;
      if (typeof m === "string") return firstLineOf(m);
    }
  } catch { /* a getter or a trap that throws */ }
  try {
    return firstLineOf(stringOf(e));
  } catch { /* no toString */ }
  try {
    return `a value of type ${typeof e}`;
  } catch {
    return "a value that cannot be shown";
  }
}

/** A refused permission (Deno's NotCapable, or node:child_process without run rights). */
function isRefusal(e: unknown): boolean {
  try {
    if (e instanceof NotCapable) return true;
    if (!(e instanceof Error)) return false;
    const m = stringOf(e.message);
    // an import the jail's `import` right refuses (a TypeError of Deno's)
    if (regexTest(/\bRequires import access\b/, m)) return true;
    return regexTest(/^Command failed: /, m) &&
      (querySync(permissions, { name: "run" }) as { state: string }).state !==
        "granted";
  } catch {
    return false;
  }
}

let rules: Rules | null = null;
let rulesVer = -1;

function deepFreeze<T>(o: T): T {
  if (o && typeof o === "object") {
    const vs = values(o);
    for (let i = 0; i < vs.length; i++) deepFreeze(vs[i]);
    freeze(o);
  }
  return o;
}

let seq = 0;

/** Answer the current request and wait for the next one; returns its op. */
function answer(status: number): number {
  ctl[C.STATUS] = status;
  store(ctl, C.ANS, seq);
  notify(ctl, C.ANS);
  while (load(ctl, C.REQ) === seq) wait(ctl, C.REQ, seq);
  seq = load(ctl, C.REQ);
  return ctl[C.OP];
}

let exactRound = -1;

/** Ask the engine's thread for the exact counts of the current request. */
function needExact(): void {
  if (exactRound === seq) return;
  answer(Status.NEED_EXACT); // the reply (Op.EXACT) carries them
  exactRound = seq;
}

const seat = (s: number) => C.SEATS + s * SEAT_FIELDS;
const ok = (s: number) => isInteger(s) && s >= 0 && s < ctl[C.PLAYERS];

/** The table as the module sees it: read-only, from the wire. */
class WireView implements TableView {
  get rules(): Rules {
    if (ctl[C.RULES_VER] !== rulesVer) {
      rulesVer = ctl[C.RULES_VER];
      rules = deepFreeze(parse(readText(wire.inText, ctl[C.IN_LEN])));
    }
    return rules!;
  }
  get players(): number {
    return ctl[C.PLAYERS];
  }
  get round(): number {
    return ctl[C.ROUND];
  }
  lineMask(s: number): number {
    return ok(s) ? ctl[seat(s) + F.LINE_MASK] : 0;
  }
  lineCount(s: number): number {
    return ok(s) ? ctl[seat(s) + F.LINE_COUNT] : 0;
  }
  numberSum(s: number): number {
    return ok(s) ? ctl[seat(s) + F.NUMBER_SUM] : 0;
  }
  modMask(s: number): number {
    return ok(s) ? ctl[seat(s) + F.MOD_MASK] : 0;
  }
  hasChance(s: number): boolean {
    return ok(s) && ctl[seat(s) + F.HAS_CHANCE] === 1;
  }
  cardsInFront(s: number): number {
    return ok(s) ? ctl[seat(s) + F.CARDS] : 0;
  }
  roundScore(s: number): number {
    return ok(s) ? ctl[seat(s) + F.ROUND_SCORE] : 0;
  }
  total(s: number): number {
    return ok(s) ? ctl[seat(s) + F.TOTAL] : 0;
  }
  isActive(s: number): boolean {
    return ok(s) && ctl[seat(s) + F.ACTIVE] === 1;
  }
  seatStatus(s: number): number {
    return ok(s) ? ctl[seat(s) + F.STATUS] : 0;
  }
  firstOfRound(): number {
    return ctl[C.FIRST];
  }
  unseenTable(k: number): number {
    return k >= 0 && k < KINDS ? ctl[C.UNSEEN_TABLE + (k | 0)] : 0;
  }
  unseenTableTotal(): number {
    return ctl[C.TABLE_TOTAL];
  }
  unseenExact(k: number): number {
    needExact();
    return k >= 0 && k < KINDS ? ctl[C.UNSEEN_EXACT + (k | 0)] : 0;
  }
  unseenExactTotal(): number {
    needExact();
    return ctl[C.EXACT_TOTAL];
  }
}
Object.freeze(WireView.prototype);
const view: TableView = Object.freeze(new WireView());

const strategies: Strategy[] = [];

/** Whether `x` looks like a promise (asked without trusting it). */
function thenable(x: unknown): boolean {
  try {
    return x !== null && (typeof x === "object" || typeof x === "function") &&
      typeof (x as { then?: unknown }).then === "function";
  } catch {
    return false;
  }
}

/** Serve one request; returns the status of the answer. */
function serve(
  op: number,
  factory: (p: string | undefined) => unknown,
): number {
  const out = (text: string) =>
    writeText(wire.outText, C.OUT_LEN, sliceString(text, 0, 1000) as string);
  try {
    if (op === Op.MAKE) {
      const param = ctl[C.IN_LEN] < 0
        ? undefined
        : readText(wire.inText, ctl[C.IN_LEN]);
      const s = factory(param) as Partial<Strategy> | null;
      let name: unknown = undefined;
      let good = false;
      try {
        name = s?.name;
        good = s !== null && typeof s === "object" &&
          typeof s.hit === "function" && typeof s.target === "function" &&
          typeof name === "string";
      } catch { /* a hostile object: no Strategy */ }
      if (!good) {
        out(thenable(s) ? "a Promise" : "no Strategy");
        return Status.BAD;
      }
      let flags = 0;
      try {
        if (typeof s!.newGame === "function") flags |= 1;
        if (typeof s!.roundEnd === "function") flags |= 2;
      } catch { /* treated as absent */ }
      ctl[C.RESULT] = strategies.length;
      strategies[strategies.length] = s as Strategy;
      ctl[C.FLAGS] = flags;
      out(name as string);
      return Status.OK;
    }
    const s = strategies[ctl[C.ID]];
    if (!s) {
      out(`no strategy ${ctl[C.ID]}`);
      return Status.BAD;
    }
    const at = ctl[C.SEAT];
    if (op === Op.HIT) {
      const r: unknown = s.hit(view, at);
      if (typeof r !== "boolean") {
        out(thenable(r) ? "a Promise" : `${describe(r)} (${typeof r})`);
        return Status.BAD;
      }
      ctl[C.RESULT] = r ? 1 : 0;
    } else if (op === Op.TARGET) {
      const r: unknown = s.target(view, at, ctl[C.KIND]);
      if (typeof r !== "number" || !isInteger(r) || r < 0 || r > 1e6) {
        out(thenable(r) ? "a Promise" : describe(r));
        return Status.BAD;
      }
      ctl[C.RESULT] = r;
    } else if (op === Op.NEW_GAME) s.newGame?.(view, at);
    else if (op === Op.ROUND_END) s.roundEnd?.(view, at);
    return Status.OK;
  } catch (e) {
    out(describe(e));
    return isRefusal(e) ? Status.REFUSED : Status.THREW;
  }
}

/** Say how loading went, on the wire (the module may post no message). */
function loaded(how: number, text = ""): void {
  writeText(wire.outText, C.OUT_LEN, sliceString(text, 0, 1000) as string);
  store(ctl, C.LOAD, how);
  notify(ctl, C.LOAD);
}

async function start(): Promise<void> {
  harden();
  let factory: (p: string | undefined) => unknown;
  try {
    const mod = await import(url);
    factory = mod.default;
  } catch (e) {
    loaded(isRefusal(e) ? Load.REFUSED : Load.FAILED, describe(e));
    return;
  }
  if (typeof factory !== "function") {
    loaded(Load.NO_DEFAULT);
    return;
  }
  loaded(Load.READY);
  // from here on this thread only answers requests, synchronously: no
  // timer or promise of the module runs again. The loop starts from a
  // timer, not from this async function: a heap overflow inside an async
  // function ends a node worker with exit code 0 and no error (Deno 2.9.6),
  // from a timer with ERR_WORKER_OUT_OF_MEMORY, which the jail reports.
  setTimeout(() => serveForever(factory), 0);
}

function serveForever(factory: (p: string | undefined) => unknown): never {
  while (load(ctl, C.REQ) === seq) wait(ctl, C.REQ, seq);
  seq = load(ctl, C.REQ);
  let op = ctl[C.OP];
  for (;;) {
    exactRound = -1;
    op = answer(serve(op, factory));
  }
}

// an error nobody awaited (a timer, a promise of the module) is the
// module's failure, said once by the jail, not a stack trace
globalThis.addEventListener("error", (e) => e.preventDefault());
globalThis.addEventListener("unhandledrejection", (e) => e.preventDefault());
start();
