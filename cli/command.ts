/**
 * The shape of a command-line command. Each command lives in its own file
 * under `commands/` and is listed once in `command_list.ts`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import type { Command } from "./command.ts";
 * import { Output } from "./output.ts";
 * const hello: Command = {
 *   name: "hello", summary: "Say hello.", usage: "hello", options: {},
 *   run: ({ out }) => out.line("hello"),
 * };
 * const out = new Output({ echo: false });
 * await hello.run({ values: {}, positionals: [], out });
 * assert.equal(out.text(), "hello\n");
 * ```
 * @module
 */

import type { Values } from "./args.ts";
import type { Output } from "./output.ts";

/** Option spec in `node:util` `parseArgs` form. */
export type OptionSpec = Record<
  string,
  { type: "string" | "boolean"; short?: string; multiple?: boolean }
>;

/** What a command's `run` receives. */
export interface CommandContext {
  /** Parsed options. */
  values: Values;
  /** Positional arguments after the command name. */
  positionals: string[];
  /** Where to print. */
  out: Output;
}

/** A command of `deno task flip7`. */
export interface Command {
  /** Name typed after `flip7`. */
  name: string;
  /** One line for the command list. */
  summary: string;
  /** Usage line, e.g. `sim -n GAMES -p P1,P2,... [--seed S]`. */
  usage: string;
  /**
   * More help, shown by `--help` and in docs/commands.md: the syntax of a
   * value, what a first run costs.
   */
  notes?: string[];
  /** Command-specific options (the common `-o`, `--no-file`, `--help` are added). */
  options: OptionSpec;
  /** Whether positional arguments are allowed (default false). */
  positionals?: boolean;
  /** True for commands that may seat `human` (it asks at the terminal); default false. */
  interactive?: boolean;
  /** False for commands that never write a run file (default true). */
  runFile?: boolean;
  /** Do the work. */
  run(ctx: CommandContext): void | Promise<void>;
}
