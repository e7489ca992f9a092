/**
 * Policy modules: a policy written in its own file and named by its path
 * wherever a policy spec goes (`-p ./my_policy.ts:0.3,ev`).
 *
 * A policy module default-exports a factory `(param: string | undefined) =>
 * Strategy`; the part after the module path's last `:` is passed as `param`
 * (a string, or `undefined` when there is none).
 *
 * A module never runs in a thread that runs the engine, the runner, the
 * statistics, the caches or the output: each thread that plays it starts a
 * host of its own ({@linkcode loadPolicies}), a thread with Deno permissions
 * of its own (read the project and the module's folder, nothing else) and a
 * heap limit, where the module is imported. Its strategies are asked
 * synchronously through shared memory (`policy_wire.ts`): the engine writes
 * what the view shows, waits for the answer with a time budget per decision,
 * and checks it. After loading, {@linkcode makeStrategy} builds a module's
 * strategies like any other spec's. Every failure — a missing file, a module
 * that does not load, no default-exported function, a factory that throws or
 * returns something that is not a Strategy, a decision that throws, is late,
 * is not a boolean or an allowed seat, a host that exits or runs out of
 * memory — is an `InputError` of one line naming the spec.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { closePolicies, isModuleSpec, loadPolicies } from "./modules.ts";
 * import { makeStrategy } from "./registry.ts";
 * // a path relative to the working directory (here the repository's root)
 * assert.ok(isModuleSpec("./tests/fixtures/my_policy.ts:0.3"));
 * await loadPolicies(["./tests/fixtures/my_policy.ts:0.3", "ev"]);
 * assert.equal(makeStrategy("./tests/fixtures/my_policy.ts:0.3").name, "cautious:0.3");
 * closePolicies(); // ends the hosts this thread started
 * ```
 * @module
 */

import { CHANCE, InputError, KINDS } from "../game/cards.ts";
import type { Rules } from "../game/rules.ts";
import type { Strategy, TableView } from "../game/view.ts";
import type { JailStart } from "./policy_jail.ts";
import { inMerge } from "./shard_mode.ts";
import {
  C,
  Dead,
  F,
  Load,
  MAX_SEATS,
  newWire,
  Op,
  readText,
  SEAT_FIELDS,
  Status,
  type Wire,
  writeText,
} from "./policy_wire.ts";

/** A policy factory: what a policy module default-exports. */
export type PolicyFactory = (param: string | undefined) => Strategy;

const MODULE_RE =
  /^((?:\.{1,2}\/|\/|file:\/\/).*?\.(?:ts|js|mts|mjs))(?::(.*))?$/;

/**
 * True when a spec names a policy module (a path starting `./`, `../`, `/`
 * or `file://`, ending in `.ts`, `.js`, `.mts` or `.mjs`, optionally
 * followed by `:PARAM`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isModuleSpec("../p.ts"), true);
 * assert.equal(isModuleSpec("./p.ts:0.3"), true);
 * assert.equal(isModuleSpec("ev"), false);
 * assert.equal(isModuleSpec("p.ts"), false); // a bare name is not a path
 * ```
 */
export function isModuleSpec(spec: string): boolean {
  return MODULE_RE.test(spec.trim());
}

/**
 * Split a module spec into its path and parameter, and resolve the path to
 * an absolute `file://` URL (relative paths against the working directory).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const { path, url, param } = splitModuleSpec("./p.ts:0.3");
 * assert.deepEqual([path, param], ["./p.ts", "0.3"]);
 * assert.equal(url, new URL("p.ts", `file://${Deno.cwd()}/`).href);
 * ```
 */
export function splitModuleSpec(
  spec: string,
): { path: string; url: string; param: string | undefined } {
  const m = MODULE_RE.exec(spec.trim());
  if (!m) throw new InputError(`'${spec}' is not a policy module path`);
  const path = m[1];
  const url = path.startsWith("file://")
    ? new URL(path).href
    : new URL(path, `file://${Deno.cwd()}/`).href;
  return { path, url, param: m[2] };
}

/**
 * The spec with its module path made absolute (`file:///…/p.ts:0.3`): what
 * workers are sent, so that they load the same file whatever their working
 * directory. Other specs are returned unchanged.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(resolvePolicySpec("ev"), "ev");
 * assert.equal(resolvePolicySpec("./p.ts:1"), `${new URL("p.ts", `file://${Deno.cwd()}/`).href}:1`);
 * ```
 */
export function resolvePolicySpec(spec: string): string {
  const inner = moduleIn(spec);
  if (inner === null) return spec;
  const { url, param } = splitModuleSpec(inner);
  const outer = spec.trim();
  return `${outer.slice(0, outer.length - inner.length)}${url}${
    param === undefined ? "" : `:${param}`
  }`;
}

/**
 * A spec and the policies it wraps, outermost first: `wt:POLICY` plays
 * POLICY with other targets, so `wt:human` is `["wt:human", "human"]`. The
 * chain stops at a policy module (whose parameter is its own).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(policyChain("wt:human"), ["wt:human", "human"]);
 * assert.deepEqual(policyChain("wt:./p.ts:0.3"), ["wt:./p.ts:0.3", "./p.ts:0.3"]);
 * assert.deepEqual(policyChain("ev"), ["ev"]);
 * ```
 */
export function policyChain(spec: string): string[] {
  const out: string[] = [];
  let s = spec.trim();
  for (let i = 0; i < 64; i++) {
    out.push(s);
    if (isModuleSpec(s)) break;
    const m = /^[A-Za-z][A-Za-z0-9_-]*:(.+)$/.exec(s);
    if (!m) break;
    s = m[1].trim();
  }
  return out;
}

/**
 * The policy module a spec plays, itself or wrapped (`wt:./p.ts`), or null.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(moduleIn("wt:./p.ts:1"), "./p.ts:1");
 * assert.equal(moduleIn("ev"), null);
 * ```
 */
export function moduleIn(spec: string): string | null {
  const last = policyChain(spec).at(-1)!;
  return isModuleSpec(last) ? last : null;
}

/** The project's root folder (what a module may read, beside its own folder). */
const ROOT = new URL("../../", import.meta.url);

/** A whole number from the environment, or `fallback` (the variable unset or unreadable). */
function envNumber(name: string, fallback: number, max: number): number {
  let raw: string | undefined;
  try {
    raw = Deno.env.get(name);
  } catch {
    return fallback;
  }
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new InputError(
      `bad ${name} '${raw}': give a whole number from 1 to ${max}`,
    );
  }
  return n;
}

/**
 * The limits of a policy module's host: milliseconds per decision
 * (`FLIP7_DECISION_MS`, default 10,000; loading the module may take three
 * times as long, at least 30 s) and the heap of its thread in MB
 * (`FLIP7_POLICY_MB`, default 1024).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(policyLimits().heapMb > 0, true);
 * ```
 */
export function policyLimits(): {
  decisionMs: number;
  loadMs: number;
  heapMb: number;
} {
  const decisionMs = envNumber("FLIP7_DECISION_MS", 10_000, 3_600_000);
  return {
    decisionMs,
    loadMs: Math.max(30_000, 3 * decisionMs),
    heapMb: envNumber("FLIP7_POLICY_MB", 1024, 65536),
  };
}

/**
 * What a policy may do, in one line (the rest is in docs/policy-modules.md).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(POLICY_RIGHTS.startsWith("a policy may"));
 * ```
 */
export const POLICY_RIGHTS =
  "a policy may only read the project and its own folder: it may not run programs, load native code, write files, use the network or the environment, start threads or signal the process (docs/policy-modules.md)";

/**
 * One line for a permission a policy was refused: what it tried (Deno's
 * words, without the advice to grant it) and what a policy may do.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const line = refusedLine("policy 'x.ts'", 'Requires run access to "git", run again with --allow-run');
 * assert.match(line, /^policy 'x\.ts' was refused a permission: Requires run access to "git" \(a policy may/);
 * ```
 */
export function refusedLine(who: string, what: string): string {
  const w = clean(what).replace(/,? run again with[^]*$/, "").replace(
    /\.$/,
    "",
  );
  return `${who} was refused a permission: ${w} (${POLICY_RIGHTS})`;
}

/** Text from another thread, made one printable line of at most 200 characters. */
function clean(text: string): string {
  // deno-lint-ignore no-control-regex
  const one = text.split("\n")[0].replace(/[\x00-\x1f\x7f]/g, "?").trim();
  return one.length > 200 ? `${one.slice(0, 199)}…` : one;
}

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0].trim();
}

/** The names of the operations, for messages. */
const OP_NAME: Record<number, string> = {
  [Op.MAKE]: "its factory",
  [Op.HIT]: "hit()",
  [Op.TARGET]: "target()",
  [Op.NEW_GAME]: "newGame()",
  [Op.ROUND_END]: "roundEnd()",
};

/**
 * A policy module's host, seen from the thread that plays it: its jail, the
 * wire, and the synchronous call of one operation.
 */
class Host {
  readonly wire: Wire = newWire();
  jail: Worker | null = null;
  /** Why the host can no longer answer (every later call throws it). */
  failure: InputError | null = null;
  private seq = 0;
  private rules: Rules | null = null;
  private rulesVer = 0;

  constructor(
    readonly path: string,
    readonly url: string,
    readonly limits: ReturnType<typeof policyLimits>,
  ) {}

  /** Start the jail and wait until the module is imported (or failed to). */
  async start(): Promise<void> {
    const file = new URL(this.url);
    const dir = new URL("./", file);
    const read = [ROOT, dir].filter((u) => u.protocol === "file:").map((u) =>
      decodeURIComponent(u.pathname)
    );
    const who = `policy module '${shownSpec(this.url)}'`;
    let jail: Worker;
    try {
      // Worker's `deno.permissions` (`"unstable": ["worker-options"]` of deno.json)
      const options = {
        type: "module",
        deno: {
          permissions: {
            read,
            write: false,
            net: false,
            env: false,
            sys: false,
            run: false,
            ffi: false,
            import: false,
          },
        },
      } as WorkerOptions;
      jail = new Worker(
        new URL("./policy_jail.ts", import.meta.url).href,
        options,
      );
    } catch (e) {
      throw new InputError(`${who} cannot be started: ${firstLine(e)}`);
    }
    this.jail = jail;
    const outcome = await new Promise<string | null>((resolve) => {
      const timer = setTimeout(
        () =>
          resolve(
            `${who} did not load within ${
              Math.round(this.limits.loadMs / 1000)
            } s (FLIP7_DECISION_MS sets a policy's time)`,
          ),
        this.limits.loadMs,
      );
      let finished = false;
      const done = (r: string | null) => {
        finished = true;
        clearTimeout(timer);
        resolve(r);
      };
      // the host says how loading went on the wire (it may post nothing);
      // the jail says so when the host ended
      const ctl = this.wire.ctl;
      const wait = () => {
        const w = Atomics.waitAsync(
          ctl,
          C.LOAD,
          Load.PENDING,
          this.limits.loadMs,
        );
        if (w.async) void w.value.then(check);
        else check();
      };
      const check = () => {
        if (finished) return;
        const how = Atomics.load(ctl, C.LOAD);
        const text = clean(readText(this.wire.outText, ctl[C.OUT_LEN]));
        // (a host whose load failed then ends: what it said comes first)
        if (how === Load.READY) done(null);
        else if (how === Load.REFUSED) done(refusedLine(who, text));
        else if (how === Load.FAILED) done(`${who} failed to load: ${text}`);
        else if (how === Load.NO_DEFAULT) {
          done(
            `${who} has no default export of a factory: write 'export default (param?: string) => strategy'`,
          );
        } else if (Atomics.load(ctl, C.DEAD) !== Dead.ALIVE) {
          done(`${who} ${this.deadWhat()}`);
        } else if (how === Load.PENDING) wait();
        else done(`${who} failed to load: its thread wrote no known state`);
      };
      wait();
      jail.onmessage = () => check(); // the jail's word that the host ended
      jail.onerror = (e) => {
        e.preventDefault();
        done(`${who} failed to load: ${clean(e.message ?? "")}`);
      };
      jail.postMessage(
        {
          sab: this.wire.sab,
          url: this.url,
          heapMb: this.limits.heapMb,
        } satisfies JailStart,
      );
    });
    if (outcome !== null) {
      this.close();
      throw new InputError(outcome);
    }
    jail.onmessage = null;
  }

  /** Why the host ended, from what its jail wrote. */
  private deadWhat(): string {
    const ctl = this.wire.ctl;
    const how = Atomics.load(ctl, C.DEAD);
    if (how === Dead.MEMORY) {
      const mb = this.limits.heapMb;
      return ctl[C.DEAD_CODE] === 1
        ? `grew the process by more than ${
          2 * mb + 128
        } MB in one decision (a policy has ${mb} MB of heap and as much again and 128 MB besides; FLIP7_POLICY_MB sets it)`
        : `ran out of memory (a policy's thread has ${mb} MB of heap; FLIP7_POLICY_MB sets it)`;
    }
    if (how === Dead.EXIT) {
      return `ended its thread (exit code ${
        ctl[C.DEAD_CODE]
      }): a policy may not exit or close its thread`;
    }
    return `failed: ${clean(readText(this.wire.deadText, ctl[C.DEAD_LEN]))}`;
  }

  /** End the host and its jail. */
  close(): void {
    this.jail?.terminate();
    this.jail = null;
  }

  /** Fail for good: end the host, keep the reason. */
  private fail(message: string): never {
    this.failure = new InputError(message);
    this.close();
    throw this.failure;
  }

  /** Send `op` (its arguments are on the wire) and wait for the answer's status. */
  private send(op: number, spec: string): number {
    const ctl = this.wire.ctl;
    const what = OP_NAME[op] ?? "a call";
    const seq = ++this.seq;
    ctl[C.OP] = op;
    Atomics.store(ctl, C.REQ, seq);
    Atomics.notify(ctl, C.REQ);
    const deadline = performance.now() + this.limits.decisionMs;
    for (;;) {
      const a = Atomics.load(ctl, C.ANS);
      if (a === seq) return ctl[C.STATUS];
      if (Atomics.load(ctl, C.DEAD) !== Dead.ALIVE) {
        this.fail(`policy '${spec}' (in ${what}) ${this.deadWhat()}`);
      }
      const left = deadline - performance.now();
      if (left <= 0) {
        this.fail(
          `policy '${spec}' did not answer ${what} within ${
            this.limits.decisionMs / 1000
          } s: a policy has ${
            this.limits.decisionMs / 1000
          } s per decision (FLIP7_DECISION_MS sets it)`,
        );
      }
      Atomics.wait(ctl, C.ANS, a, left);
    }
  }

  /**
   * Ask `op` of strategy `id` at this view and seat; returns the answer's
   * result word (checked by the caller). Throws an `InputError` naming the
   * spec for anything but a plain answer.
   */
  call(
    op: number,
    spec: string,
    id: number,
    v: TableView | null,
    seat: number,
    kind = 0,
  ): number {
    if (this.failure) throw this.failure;
    const ctl = this.wire.ctl;
    ctl[C.ID] = id;
    ctl[C.SEAT] = seat;
    ctl[C.KIND] = kind;
    if (v) this.snapshot(v, spec);
    let status = this.send(op, spec);
    while (status === Status.NEED_EXACT && v) {
      for (let k = 0; k < KINDS; k++) {
        ctl[C.UNSEEN_EXACT + k] = v.unseenExact(k);
      }
      ctl[C.EXACT_TOTAL] = v.unseenExactTotal();
      status = this.send(Op.EXACT, spec);
    }
    if (status === Status.OK) return ctl[C.RESULT];
    const what = OP_NAME[op] ?? "a call";
    const text = clean(readText(this.wire.outText, ctl[C.OUT_LEN]));
    if (status === Status.REFUSED) {
      throw new InputError(refusedLine(`policy '${spec}' (in ${what})`, text));
    }
    if (status === Status.THREW) {
      throw new InputError(
        op === Op.MAKE
          ? `policy '${spec}': the factory of '${this.path}' threw: ${text}`
          : `policy '${spec}' threw in ${what}: ${text}`,
      );
    }
    if (op === Op.MAKE) {
      throw new InputError(
        `policy '${spec}': the factory of '${this.path}' returned ${
          text === "a Promise" ? "a Promise" : "no Strategy"
        } (an object with name, hit(view, seat) and target(view, seat, kind), made synchronously)`,
      );
    }
    if (op === Op.HIT) {
      throw new InputError(
        `policy '${spec}' returned ${text} from hit(): hit() must return true or false, synchronously`,
      );
    }
    throw new InputError(
      `policy '${spec}' returned ${text} from ${what}: ${what} must return ${
        op === Op.TARGET ? "a seat number" : "nothing"
      }, synchronously`,
    );
  }

  /** Write what the view shows (the exact counts are sent only when asked). */
  private snapshot(v: TableView, spec: string): void {
    const ctl = this.wire.ctl;
    const n = v.players;
    if (!(n >= 1 && n <= MAX_SEATS)) {
      throw new InputError(
        `policy '${spec}' cannot play at a table of ${n} seats: a policy module plays at 1 to ${MAX_SEATS}`,
      );
    }
    if (v.rules !== this.rules) {
      this.rules = v.rules;
      writeText(this.wire.inText, ctl, C.IN_LEN, JSON.stringify(v.rules));
      ctl[C.RULES_VER] = ++this.rulesVer;
    }
    ctl[C.PLAYERS] = n;
    ctl[C.ROUND] = v.round;
    ctl[C.FIRST] = v.firstOfRound();
    ctl[C.TABLE_TOTAL] = v.unseenTableTotal();
    for (let k = 0; k < KINDS; k++) {
      ctl[C.UNSEEN_TABLE + k] = v.unseenTable(k);
    }
    for (let s = 0; s < n; s++) {
      const b = C.SEATS + s * SEAT_FIELDS;
      ctl[b + F.LINE_MASK] = v.lineMask(s);
      ctl[b + F.LINE_COUNT] = v.lineCount(s);
      ctl[b + F.NUMBER_SUM] = v.numberSum(s);
      ctl[b + F.MOD_MASK] = v.modMask(s);
      ctl[b + F.HAS_CHANCE] = v.hasChance(s) ? 1 : 0;
      ctl[b + F.CARDS] = v.cardsInFront(s);
      ctl[b + F.ROUND_SCORE] = v.roundScore(s);
      ctl[b + F.TOTAL] = v.total(s);
      ctl[b + F.ACTIVE] = v.isActive(s) ? 1 : 0;
      ctl[b + F.STATUS] = v.seatStatus(s);
    }
  }

  /** Build a strategy from the factory: its id, name and optional calls. */
  make(spec: string, param: string | undefined): {
    id: number;
    name: string;
    flags: number;
  } {
    const ctl = this.wire.ctl;
    if (param === undefined) ctl[C.IN_LEN] = -1;
    else if (!writeText(this.wire.inText, ctl, C.IN_LEN, param)) {
      throw new InputError(
        `policy '${clean(spec)}': its parameter is too long (at most 64 KB)`,
      );
    }
    this.rules = null; // the text area held the parameter
    const id = this.call(Op.MAKE, spec, 0, null, 0);
    const name = clean(readText(this.wire.outText, ctl[C.OUT_LEN]));
    return { id, name: name || spec, flags: ctl[C.FLAGS] };
  }
}

const hosts = new Map<string, Host>();

/**
 * A module spec as messages show it: its path relative to the working
 * folder when it lies under it (`./tests/fixtures/p.ts:0.3`), whether the
 * thread was given it so or as an absolute URL (as workers are).
 */
function shownSpec(spec: string): string {
  const { url, param } = splitModuleSpec(spec);
  const here = new URL(`file://${Deno.cwd()}/`).href;
  const path = url.startsWith(here)
    ? `./${decodeURIComponent(url.slice(here.length))}`
    : url.startsWith("file://")
    ? decodeURIComponent(new URL(url).pathname)
    : url;
  return clean(param === undefined ? path : `${path}:${param}`);
}

/**
 * Load the policy modules among `specs` (others are ignored), once per
 * process or worker: start each one's host, import it there, and check that
 * it can build its strategy.
 *
 * @throws {InputError} naming the spec: missing file, load failure, a
 *   permission refused while loading, no default-exported function, a
 *   factory that throws or returns a non-Strategy.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * await loadPolicies(["./tests/fixtures/my_policy.ts:0.3"]);
 * await assert.rejects(loadPolicies(["./tests/fixtures/none.ts"]), /none\.ts/); // one line naming it
 * closePolicies();
 * ```
 */
export async function loadPolicies(specs: readonly string[]): Promise<void> {
  const limits = policyLimits();
  for (const given of specs) {
    const spec = moduleIn(given);
    if (spec === null) continue;
    const { path, url } = splitModuleSpec(spec);
    if (!hosts.has(url) && !(named.has(url) && inMerge())) {
      let isFile = false;
      try {
        isFile = Deno.statSync(new URL(url)).isFile;
      } catch (e) {
        if (e instanceof Deno.errors.NotCapable) {
          throw new InputError(
            `policy module '${path}' cannot be read: ${firstLine(e)}`,
          );
        }
      }
      if (!isFile) {
        throw new InputError(
          `policy module '${path}' not found (spec '${spec}'): give the path of a .ts or .js file that default-exports a factory (param) => Strategy`,
        );
      }
      // a merge adds up what shards played: it runs no code a partial names
      if (inMerge()) {
        named.add(url);
        continue;
      }
      const host = new Host(path, url, limits);
      await host.start();
      hosts.set(url, host);
    }
    moduleStrategy(spec); // build one now, so that a bad factory fails before any game
  }
}

/** Modules a merge named and did not load (see {@linkcode loadPolicies}). */
const named = new Set<string>();

/**
 * End the hosts of the policy modules this thread loaded (a process that
 * ends ends them too; a library caller that stays calls this).
 *
 * @example
 * ```ts
 * closePolicies(); // nothing loaded: nothing to do
 * ```
 */
export function closePolicies(): void {
  for (const h of hosts.values()) h.close();
  hosts.clear();
  named.clear();
}

/**
 * True when the spec's module has been loaded in this process or worker.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(isPolicyLoaded("./tests/fixtures/no_such_policy.ts"), false); // never loaded
 * await loadPolicies(["./tests/fixtures/my_policy.ts"]);
 * assert.equal(isPolicyLoaded("./tests/fixtures/my_policy.ts:0.5"), true); // whatever the parameter
 * closePolicies();
 * ```
 */
export function isPolicyLoaded(spec: string): boolean {
  return hosts.has(splitModuleSpec(spec).url);
}

/**
 * Build a module policy's strategy (its module must have been loaded with
 * {@linkcode loadPolicies}): the strategy the engine calls, whose every
 * call is asked of the module's host and checked here.
 *
 * @throws {InputError} when the module is not loaded, or the factory throws
 *   or returns something that is not a Strategy.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * await loadPolicies(["./tests/fixtures/my_policy.ts:0.3"]);
 * const s = moduleStrategy("./tests/fixtures/my_policy.ts:0.3");
 * assert.equal(s.name, "cautious:0.3");
 * assert.equal(typeof s.hit, "function");
 * closePolicies();
 * ```
 */
export function moduleStrategy(given: string): Strategy {
  const { path, url, param } = splitModuleSpec(given);
  const spec = shownSpec(given);
  const host = hosts.get(url);
  if (!host && named.has(url) && inMerge()) {
    // a merge's runs are answered by the partials: this seat never plays
    const never = (): never => {
      throw new InputError(
        `policy '${spec}' was asked to play in a merge, which plays no game`,
      );
    };
    return Object.freeze({ name: spec, hit: never, target: never });
  }
  if (!host) {
    throw new InputError(
      `policy module '${path}' is not loaded: call loadPolicies([...specs]) (lib/run/modules.ts) before makeStrategy`,
    );
  }
  const { id, name, flags } = host.make(spec, param);
  const out: Strategy = {
    name,
    hit(v, seat) {
      return host.call(Op.HIT, spec, id, v, seat) === 1;
    },
    target(v, seat, kind) {
      const t = host.call(Op.TARGET, spec, id, v, seat, kind);
      const ok = t >= 0 && t < v.players && v.isActive(t) &&
        (kind !== CHANCE || (t !== seat && !v.hasChance(t)));
      if (!ok) {
        throw new InputError(
          `policy '${spec}' returned an illegal target ${t} for seat ${seat}: ${
            kind === CHANCE
              ? "a Second Chance goes to another active seat without one"
              : "a Freeze or Flip Three goes to an active seat"
          } (seats 0 to ${v.players - 1})`,
        );
      }
      return t;
    },
  };
  if (flags & 1) {
    out.newGame = (v, seat) => void host.call(Op.NEW_GAME, spec, id, v, seat);
  }
  if (flags & 2) {
    out.roundEnd = (v, seat) => void host.call(Op.ROUND_END, spec, id, v, seat);
  }
  return Object.freeze(out);
}
