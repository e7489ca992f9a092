/**
 * The error of bad input, for every layer: the command line prints its
 * message alone (one line) and exits with code 2.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { InputError } from "./errors.ts";
 * assert.equal(new InputError("bad -n 'x'").name, "InputError");
 * ```
 * @module
 */

/** An error from bad user input: the CLI prints its message alone and exits 2. */
export class InputError extends Error {
  /**
   * An error whose message is one line naming the bad value and what is allowed.
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * assert.throws(
   *   () => { throw new InputError("unknown card 'x3': allowed 0-12, +2, +4, +6, +8, +10, x2, freeze, flip3, chance"); },
   *   { name: "InputError", message: /^unknown card 'x3': allowed / },
   * );
   * ```
   */
  constructor(message: string) {
    super(message);
    this.name = "InputError";
  }
}
