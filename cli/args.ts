/**
 * Option parsing helpers shared by the commands: every bad value becomes an
 * {@linkcode InputError} that names the value and what is allowed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { intOption } from "./args.ts";
 * assert.equal(intOption({ n: "100" }, "n", { min: 1 }), 100);
 * ```
 * @module
 */

import { InputError } from "../lib/game/cards.ts";

/** Parsed option values as `node:util` `parseArgs` returns them. */
export type Values = Record<
  string,
  string | boolean | (string | boolean)[] | undefined
>;

/**
 * A whole-number option within `[min, max]`, or its default.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(intOption({}, "seed", { default: 1 }), 1);
 * ```
 */
export function intOption(
  values: Values,
  name: string,
  opts: { min?: number; max?: number; default?: number; flag?: string } = {},
): number {
  const raw = values[name];
  const flag = opts.flag ?? (name.length === 1 ? `-${name}` : `--${name}`);
  const min = opts.min ?? 0, max = opts.max ?? Number.MAX_SAFE_INTEGER;
  if (raw === undefined) {
    if (opts.default === undefined) {
      throw new InputError(
        `missing ${flag}: give a whole number from ${min} to ${max}`,
      );
    }
    return opts.default;
  }
  const s = String(raw).trim();
  const v = Number(s);
  if (!/^-?\d+$/.test(s) || !Number.isSafeInteger(v) || v < min || v > max) {
    throw new InputError(
      `bad ${flag} '${raw}': give a whole number from ${min} to ${max}`,
    );
  }
  return v;
}

/**
 * A string option restricted to a list, or its default.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(choiceOption({ model: "exact" }, "model", ["approx", "exact"], "exact"), "exact");
 * ```
 */
export function choiceOption(
  values: Values,
  name: string,
  allowed: readonly string[],
  fallback: string,
): string {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const s = String(raw);
  if (!allowed.includes(s)) {
    throw new InputError(`bad --${name} '${s}': allowed ${allowed.join(", ")}`);
  }
  return s;
}

/**
 * A string option that must be present.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(requiredString({ p: "ev" }, "p", "-p POLICIES"), "ev");
 * ```
 */
export function requiredString(
  values: Values,
  name: string,
  usage: string,
): string {
  const raw = values[name];
  if (typeof raw !== "string" || raw.trim() === "") {
    throw new InputError(`missing ${usage}`);
  }
  return raw;
}

/**
 * The `--scale` of an experiment run: a positive number (at most 100) that
 * multiplies every Monte Carlo count of a full run; 1 when absent. It cannot
 * be combined with `--quick`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(scaleOption({ scale: "0.1" }), 0.1);
 * ```
 */
export function scaleOption(values: Values): number {
  const raw = values.scale;
  if (raw === undefined) return 1;
  const s = String(raw).trim();
  const v = Number(s);
  if (!/^(\d+\.?\d*|\.\d+)$/.test(s) || !(v > 0 && v <= 100)) {
    throw new InputError(
      `bad --scale '${raw}': give a number above 0 and at most 100 (it multiplies the full run's game counts)`,
    );
  }
  if (values.quick === true) {
    throw new InputError(
      `--scale ${raw} with --quick: give one of them (--quick plays fixed small counts)`,
    );
  }
  return v;
}

/**
 * Join a string option and a following value that starts with a dash and a
 * digit (`--seed -1` becomes `--seed=-1`), so that `parseArgs` passes the
 * value to the option's own check instead of calling it ambiguous.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(joinNegativeValues(["--seed", "-1"], { seed: { type: "string" } }), ["--seed=-1"]);
 * ```
 */
export function joinNegativeValues(
  rest: readonly string[],
  options: Record<string, { type: string; short?: string }>,
): string[] {
  const shorts = new Map<string, string>();
  for (const [k, v] of Object.entries(options)) {
    if (v.short) shorts.set(v.short, k);
  }
  const args: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i], next = rest[i + 1];
    let key = a.startsWith("--")
      ? a.slice(2)
      : a.startsWith("-")
      ? a.slice(1)
      : "";
    key = shorts.get(key) ?? key;
    const spec = options[key];
    if (spec?.type === "string" && next !== undefined && /^-\d/.test(next)) {
      args.push(a.startsWith("--") ? `${a}=${next}` : `${a}${next}`);
      i++;
    } else args.push(a);
  }
  return args;
}

/**
 * Shorten a value for an error message: at most 60 characters, then how long
 * it was (so that a 120 KB argument is not echoed whole).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(clip("x".repeat(100)), "x".repeat(60) + "…(100 characters)");
 * ```
 */
export function clip(s: string, max = 60): string {
  return s.length <= max ? s : `${s.slice(0, max)}…(${s.length} characters)`;
}

/**
 * A `node:util` `parseArgs` error rewritten as one line naming the option as
 * it is typed (`-n`, not `--n`) and the usage.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(
 *   parseArgsMessage("Option '--n <value>' argument missing", "sim", "sim -n GAMES", { n: { type: "string" } }),
 *   "missing value for -n (sim: usage sim -n GAMES)",
 * );
 * ```
 */
export function parseArgsMessage(
  msg: string,
  name: string,
  usage: string,
  options: Record<string, unknown>,
  allowed?: string,
): string {
  const first = msg.split("\n")[0];
  const opt = /'([^']+)'/.exec(first)?.[1] ?? "";
  const flag = (o: string) => {
    const k = o.replace(/^-+/, "").replace(/ <value>$/, "").split(", ").pop()!
      .replace(/^-+/, "");
    return k.length === 1 && k in options ? `-${k}` : `--${k}`;
  };
  if (/Unknown option/i.test(first)) {
    return `unknown option '${clip(opt)}' for ${name}${
      allowed ? `: allowed ${allowed}` : `: usage ${usage}`
    }`;
  }
  if (/positional|Unexpected argument/i.test(first)) {
    return `unexpected argument '${clip(opt)}' for ${name}: usage ${usage}`;
  }
  if (/argument missing|ambiguous/i.test(first)) {
    return `missing value for ${flag(opt)} (${name}: usage ${usage})`;
  }
  if (/does not take an argument/i.test(first)) {
    return `${flag(opt)} takes no value (${name}: usage ${usage})`;
  }
  return `${clip(first, 200)} (${name}: usage ${usage})`;
}

/**
 * A number as a plain decimal, never in exponent form (`1e-9` is written
 * `0.000000001`), so that a recorded command line is accepted on rerun.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(plainNumber(1e-9), "0.000000001");
 * assert.equal(plainNumber(0.1), "0.1");
 * ```
 */
export function plainNumber(x: number): string {
  const s = String(x);
  if (!/e/i.test(s)) return s;
  const [m, e] = s.toLowerCase().split("e");
  const dec = (m.split(".")[1] ?? "").length;
  return x.toFixed(Math.max(0, Math.min(100, dec - Number(e))));
}

/**
 * The one experiment NAME a command takes (`chart`, `experiment`): none or
 * more than one is a one-line {@linkcode InputError} naming what is allowed.
 *
 * @param what what one run handles ("chart", "experiment")
 * @param allowed the allowed names, as the message lists them
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(experimentName(["sweep"], "chart", "sweep, win-agent"), "sweep");
 * ```
 */
export function experimentName(
  positionals: string[],
  what: string,
  allowed: string,
): string {
  if (positionals.length !== 1) {
    throw new InputError(
      `${
        positionals.length === 0
          ? "missing experiment NAME"
          : `one ${what} at a time, got '${positionals.join(" ")}'`
      }: allowed ${allowed}`,
    );
  }
  return positionals[0];
}
