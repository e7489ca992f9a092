/**
 * Every command of the registry, loaded (for the help, the command reference
 * and the tests). The list itself, with each command's file, is
 * `command_list.ts`; a run loads only its own command from there.
 *
 * @example
 * ```ts
 * import { COMMANDS } from "./commands.ts";
 * import assert from "node:assert/strict";
 * const names = COMMANDS.map((c) => c.name);
 * assert.ok(names.includes("sim") && names.includes("merge"));
 * assert.equal(new Set(names).size, names.length); // one command a name
 * ```
 * @module
 */

import type { Command } from "./command.ts";
import { loadCommands } from "./command_list.ts";

/** Every command, in help order. */
export const COMMANDS: Command[] = await loadCommands();
