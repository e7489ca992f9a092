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
 * import { isModuleSpec, loadPolicies } from "./modules.ts";
 * isModuleSpec("./my_policy.ts:0.3"); // true
 * await loadPolicies(["./my_policy.ts:0.3", "ev"]);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import type { Strategy } from "../game/view.ts";

/** A policy factory: what a policy module default-exports. */
export type PolicyFactory = (param: string | undefined) => Strategy;

const MODULE_RE =
  /^((?:\.{1,2}\/|\/|file:\/\/).*?\.(?:ts|js|mts|mjs))(?::(.*))?$/;

/**
 * True when a spec names a policy module (a path starting `../strategies/`, `../`, `/`
 * or `file://`, ending in `.ts`, `.js`, `.mts` or `.mjs`, optionally
 * followed by `:PARAM`).
 *
 * @example
 * ```ts
 * isModuleSpec("../p.ts"); // true
 * isModuleSpec("ev"); // false
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
 * splitModuleSpec("./p.ts:0.3"); // { path: "./p.ts", url: "file:///…/p.ts", param: "0.3" }
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
 * resolvePolicySpec("ev"); // "ev"
 * resolvePolicySpec("./p.ts:1"); // "file:///…/p.ts:1"
 * ```
 */
export function resolvePolicySpec(spec: string): string {
  if (!isModuleSpec(spec)) return spec;
  const { url, param } = splitModuleSpec(spec);
  return param === undefined ? url : `${url}:${param}`;
}

const factories = new Map<string, PolicyFactory>();

function firstLine(e: unknown): string {
  const msg = e instanceof Error ? e.message : String(e);
  return msg.split("\n")[0].trim();
}

/**
 * Load the policy modules among `specs` (others are ignored), once per
 * process or worker, and check that each one can build its strategy.
 *
 * @throws {InputError} naming the spec: missing file, load failure, no
 *   default-exported function, factory that throws or returns a non-Strategy.
 * @example
 * ```ts
 * await loadPolicies(["./tests/fixtures/my_policy.ts:0.3"]);
 * ```
 */
export async function loadPolicies(specs: readonly string[]): Promise<void> {
  for (const spec of specs) {
    if (!isModuleSpec(spec)) continue;
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
          `policy module '${path}' failed to load: ${firstLine(e)}`,
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
 * isPolicyLoaded("./p.ts"); // false before loadPolicies
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
 * await loadPolicies(["./p.ts:0.3"]);
 * moduleStrategy("./p.ts:0.3").hit;
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
  return o as Strategy;
}
