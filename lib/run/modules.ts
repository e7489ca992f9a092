/**
 * Policy modules: a policy written in its own file and named by its path
 * wherever a policy spec goes (`-p ./my_policy.ts:0.3,ev`).
 *
 * A policy module default-exports a factory `(param: string | undefined) =>
 * Strategy`; the part after the module path's last `:` is passed as `param`
 * (a string, or `undefined` when there is none). Modules are loaded
 * asynchronously once per process or worker ({@linkcode loadPolicies});
 * after that, {@linkcode makeStrategy} builds their strategies
 * synchronously like any other spec. Every failure — a missing file, a
 * module that does not load, no default-exported function, a factory that
 * throws or returns something that is not a Strategy — is an `InputError`
 * naming the spec.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isModuleSpec, loadPolicies } from "./modules.ts";
 * import { makeStrategy } from "./registry.ts";
 * // a path relative to the working directory (here the repository's root)
 * assert.ok(isModuleSpec("./tests/fixtures/my_policy.ts:0.3"));
 * await loadPolicies(["./tests/fixtures/my_policy.ts:0.3", "ev"]);
 * assert.equal(makeStrategy("./tests/fixtures/my_policy.ts:0.3").name, "cautious:0.3");
 * ```
 * @module
 */

import { CHANCE, InputError } from "../game/cards.ts";
import type { Rules } from "../game/rules.ts";
import type { Strategy, TableView } from "../game/view.ts";

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
  if (!isModuleSpec(spec)) return spec;
  const { url, param } = splitModuleSpec(spec);
  return param === undefined ? url : `${url}:${param}`;
}

const factories = new Map<string, PolicyFactory>();

/**
 * node:child_process reports a program it may not start (no `--allow-run`)
 * as "Command failed", without Deno's error: recognised by the missing right.
 */
function isNodeRunRefusal(e: unknown): boolean {
  if (!(e instanceof Error) || !/^Command failed: /.test(e.message)) {
    return false;
  }
  try {
    return Deno.permissions.querySync({ name: "run" }).state !== "granted";
  } catch {
    return true;
  }
}

/**
 * True for an error that is a permission refused to a policy.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(isRefusal(new Deno.errors.NotCapable("Requires run access")));
 * ```
 */
export function isRefusal(e: unknown): boolean {
  return e instanceof Deno.errors.NotCapable || isNodeRunRefusal(e);
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
  "a policy may read files and the environment, and write only under results/ and .cache/; it may not run programs, load native code or use the network (docs/policy-modules.md)";

/**
 * One line for a permission a policy was refused: what it tried (Deno's
 * words, without the advice to grant it) and what a policy may do.
 *
 * @example
 * ```ts
 * refusedLine("policy 'x.ts'", new Deno.errors.NotCapable('Requires run access to "git", run again with --allow-run'));
 * // "policy 'x.ts' was refused a permission: Requires run access to \"git\" (a policy may ...)"
 * ```
 */
export function refusedLine(who: string, e: unknown): string {
  const what =
    (isNodeRunRefusal(e)
      ? "Requires run access (a program started through node:child_process)"
      : firstLine(e)).replace(/,? run again with[^]*$/, "").replace(
        /\.$/,
        "",
      );
  return `${who} was refused a permission: ${what} (${POLICY_RIGHTS})`;
}

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0].trim();
}

/** The library's folder: the only place a worker's module may come from. */
const LIB = new URL("../", import.meta.url).href;
let confined = false;

/**
 * From the first policy module loaded in a thread on, `Worker` starts only
 * the library's own workers (the runner's pool, the solver's helpers, files
 * under `lib/`): a worker a policy starts would have the same rights, but an
 * error in it is printed by Deno with a stack trace, so the policy is
 * refused in one line instead ("a policy may not start a worker"). The real
 * constructor is not reachable from the replacement. `localStorage` and
 * `caches` (which Deno keeps on disk in its own folder, without a
 * permission) are refused the same way.
 */
function confineWorkers(): void {
  if (confined || typeof globalThis.Worker !== "function") return;
  confined = true;
  const Real = globalThis.Worker;
  const Confined = function (url: string | URL, options?: WorkerOptions) {
    let href = "";
    try {
      href = new URL(url).href;
    } catch { /* a relative URL: not one of the library's */ }
    if (!href.startsWith(LIB)) {
      throw new InputError(
        `a policy may not start a worker ('${
          String(url).slice(0, 60)
        }'): only the runner starts threads`,
      );
    }
    return new Real(url, options);
  } as unknown as typeof Worker;
  Object.defineProperty(Confined, "prototype", { value: Real.prototype });
  Object.defineProperty(Real.prototype, "constructor", { value: Confined });
  Object.defineProperty(globalThis, "Worker", {
    value: Confined,
    writable: false,
    configurable: false,
  });
  // localStorage and the Cache API write to Deno's folder (outside results/
  // and .cache/, kept from run to run), with no permission asked
  for (const name of ["localStorage", "caches"]) {
    try {
      Object.defineProperty(globalThis, name, {
        get() {
          throw new InputError(
            `a policy may not use ${name}: it writes outside results/ and .cache/ and keeps state from run to run`,
          );
        },
        configurable: false,
      });
    } catch { /* not defined in this runtime */ }
  }
}

/**
 * Load the policy modules among `specs` (others are ignored), once per
 * process or worker, and check that each one can build its strategy.
 *
 * @throws {InputError} naming the spec: missing file, load failure, no
 *   default-exported function, factory that throws or returns a non-Strategy.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * await loadPolicies(["./tests/fixtures/my_policy.ts:0.3"]);
 * await assert.rejects(loadPolicies(["./tests/fixtures/none.ts"]), /none\.ts/); // one line naming it
 * ```
 */
export async function loadPolicies(specs: readonly string[]): Promise<void> {
  for (const spec of specs) {
    if (!isModuleSpec(spec)) continue;
    confineWorkers();
    const { path, url } = splitModuleSpec(spec);
    if (!factories.has(url)) {
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
      let mod: Record<string, unknown>;
      try {
        mod = await import(url);
      } catch (e) {
        throw new InputError(
          isRefusal(e)
            ? refusedLine(`policy module '${path}'`, e)
            : `policy module '${path}' failed to load: ${firstLine(e)}`,
        );
      }
      if (typeof mod.default !== "function") {
        throw new InputError(
          `policy module '${path}' has no default export of a factory: write 'export default (param?: string) => strategy'`,
        );
      }
      factories.set(url, mod.default as PolicyFactory);
    }
    moduleStrategy(spec); // build one now, so that a bad factory fails before any game
  }
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
 * ```
 */
export function isPolicyLoaded(spec: string): boolean {
  return factories.has(splitModuleSpec(spec).url);
}

/**
 * Build a module policy's strategy (its module must have been loaded with
 * {@linkcode loadPolicies}).
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
 * ```
 */
export function moduleStrategy(spec: string): Strategy {
  const { path, url, param } = splitModuleSpec(spec);
  const f = factories.get(url);
  if (!f) {
    throw new InputError(
      `policy module '${path}' is not loaded: call loadPolicies([...specs]) (lib/run/modules.ts) before makeStrategy`,
    );
  }
  let s: unknown;
  try {
    s = f(param);
  } catch (e) {
    throw new InputError(
      `policy '${spec}': the factory of '${path}' threw: ${firstLine(e)}`,
    );
  }
  const o = s as Partial<Strategy> | null;
  if (
    o === null || typeof o !== "object" || typeof o.hit !== "function" ||
    typeof o.target !== "function" || typeof o.name !== "string"
  ) {
    throw new InputError(
      `policy '${spec}': the factory of '${path}' returned no Strategy (an object with name, hit(view, seat) and target(view, seat, kind))`,
    );
  }
  return sandboxed(spec, o as Strategy);
}

const frozenRules = new WeakMap<Rules, Rules>();

/** A deep-frozen copy of a rule set (one per rule set). */
function rulesCopy(r: Rules): Rules {
  let c = frozenRules.get(r);
  if (!c) {
    c = Object.freeze({ ...r, deck: Object.freeze(r.deck.slice()) });
    frozenRules.set(r, c);
  }
  return c;
}

/**
 * A frozen facade of a table view: the reads of {@linkcode TableView} and
 * nothing else (no engine field, no way to write), with a frozen copy of
 * the rules. What a policy module's strategy sees.
 */
function facadeOf(v: TableView): TableView {
  return Object.freeze(new Facade(v));
}

/** The facade's class: prototype methods of fixed arity, one field. */
class Facade implements TableView {
  readonly #v: TableView;
  #rules: Rules | null = null;
  constructor(v: TableView) {
    this.#v = v;
  }
  get rules(): Rules {
    return this.#rules ??= rulesCopy(this.#v.rules);
  }
  get players(): number {
    return this.#v.players;
  }
  get round(): number {
    return this.#v.round;
  }
  lineMask(s: number): number {
    return this.#v.lineMask(s);
  }
  lineCount(s: number): number {
    return this.#v.lineCount(s);
  }
  numberSum(s: number): number {
    return this.#v.numberSum(s);
  }
  modMask(s: number): number {
    return this.#v.modMask(s);
  }
  hasChance(s: number): boolean {
    return this.#v.hasChance(s);
  }
  cardsInFront(s: number): number {
    return this.#v.cardsInFront(s);
  }
  roundScore(s: number): number {
    return this.#v.roundScore(s);
  }
  total(s: number): number {
    return this.#v.total(s);
  }
  isActive(s: number): boolean {
    return this.#v.isActive(s);
  }
  seatStatus(s: number): number {
    return this.#v.seatStatus(s);
  }
  firstOfRound(): number {
    return this.#v.firstOfRound();
  }
  unseenTable(k: number): number {
    return this.#v.unseenTable(k);
  }
  unseenTableTotal(): number {
    return this.#v.unseenTableTotal();
  }
  unseenExact(k: number): number {
    return this.#v.unseenExact(k);
  }
  unseenExactTotal(): number {
    return this.#v.unseenExactTotal();
  }
}
Object.freeze(Facade.prototype);

/**
 * Why a policy failed, as one line naming it: what it threw (a permission
 * it was refused is named as such) or the illegal answer it gave.
 */
function policyFailure(spec: string, what: string, e: unknown): InputError {
  if (isRefusal(e)) {
    return new InputError(refusedLine(`policy '${spec}' (in ${what})`, e));
  }
  return new InputError(`policy '${spec}' threw in ${what}: ${firstLine(e)}`);
}

/**
 * A policy module's strategy as the engine calls it: every call sees a
 * frozen facade of the view (the game and the rules cannot be changed
 * through it), an error thrown becomes one line naming the policy, and an
 * illegal target is refused naming the policy and the seat.
 */
function sandboxed(spec: string, s: Strategy): Strategy {
  let real: TableView | null = null, facade: TableView | null = null;
  const viewOf = (v: TableView): TableView => {
    if (v !== real) {
      real = v;
      facade = facadeOf(v);
    }
    return facade!;
  };
  const out: Strategy = {
    name: s.name,
    hit(v, seat) {
      try {
        return s.hit(viewOf(v), seat) ? true : false;
      } catch (e) {
        throw policyFailure(spec, "hit()", e);
      }
    },
    target(v, seat, kind) {
      let t: unknown;
      try {
        t = s.target(viewOf(v), seat, kind);
      } catch (e) {
        throw policyFailure(spec, "target()", e);
      }
      const ok = typeof t === "number" && Number.isInteger(t) && t >= 0 &&
        t < v.players && v.isActive(t) &&
        (kind !== CHANCE || (t !== seat && !v.hasChance(t)));
      if (!ok) {
        throw new InputError(
          `policy '${spec}' returned an illegal target ${
            String(t).slice(0, 40)
          } for seat ${seat}: ${
            kind === CHANCE
              ? "a Second Chance goes to another active seat without one"
              : "a Freeze or Flip Three goes to an active seat"
          } (seats 0 to ${v.players - 1})`,
        );
      }
      return t as number;
    },
  };
  if (s.newGame) {
    const f = s.newGame.bind(s);
    out.newGame = (v, seat) => {
      try {
        f(viewOf(v), seat);
      } catch (e) {
        throw policyFailure(spec, "newGame()", e);
      }
    };
  }
  if (s.roundEnd) {
    const f = s.roundEnd.bind(s);
    out.roundEnd = (v, seat) => {
      try {
        f(viewOf(v), seat);
      } catch (e) {
        throw policyFailure(spec, "roundEnd()", e);
      }
    };
  }
  return Object.freeze(out);
}
