/**
 * The test tiers. `deno task test` runs the fast tier: every test but the
 * slow end-to-end cases, which it lists as ignored. `deno task test:full`
 * (what CI runs, `FLIP7_TESTS=full`) runs them too, and `deno task test:long`
 * (`FLIP7_LONG=1`) adds the long ones. `tools/test.ts` sets the variables.
 *
 * @example
 * ```ts
 * Deno.test(slow("the whole quick suite, end to end"), async () => {});
 * ```
 * @module
 */

/** True in `test:full` and `test:long`: the slow cases run. */
export const FULL: boolean = Deno.env.get("FLIP7_TESTS") === "full" ||
  Deno.env.get("FLIP7_LONG") === "1";

/** The options of a slow test: run in `test:full` (and CI), ignored by `deno task test`. */
export function slow(name: string): { name: string; ignore: boolean } {
  return { name, ignore: !FULL };
}
