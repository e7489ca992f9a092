/**
 * Option parsing helpers shared by the commands: every bad value becomes an
 * {@linkcode InputError} that names the value and what is allowed.
 *
 * @example
 * ```ts
 * import { intOption } from "./args.ts";
 * intOption({ n: "100" }, "n", { min: 1 }); // 100
 * ```
 * @module
 */

import { InputError } from "../cards.ts";

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
 * intOption({}, "seed", { default: 1 }); // 1
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
 * choiceOption({ model: "exact" }, "model", ["approx", "exact"], "exact"); // "exact"
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
 * requiredString({ p: "ev" }, "p", "-p POLICIES"); // "ev"
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
 * scaleOption({ scale: "0.1" }); // 0.1
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
