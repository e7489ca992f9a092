/**
 * The command registry's one list: each command's name, in help order, and
 * how to load its file. A run loads only the file of the command it runs (the
 * round command then does not load the chart stack, the experiments or the
 * solver's commands); the help, the command reference and the tests load
 * them all ({@linkcode loadCommands}, or `COMMANDS` of `commands.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMAND_NAMES, loadCommand } from "./command_list.ts";
 * assert.ok(COMMAND_NAMES.includes("round"));
 * assert.equal((await loadCommand("round"))?.name, "round");
 * assert.equal(await loadCommand("nope"), undefined);
 * ```
 * @module
 */

import type { Command } from "./command.ts";

/** One command of the registry: its name and how to load it. */
export interface CommandEntry {
  /** Name typed after `flip7`. */
  name: string;
  /** Load the command's file and return the command. */
  load(): Promise<Command>;
}

/** The command, made shardable (`--shard I/N`, `cli/shard.ts`). */
async function sharded(command: Promise<Command>): Promise<Command> {
  const { shardable } = await import("./shard.ts");
  return shardable(await command);
}

/** Every command, in help order. */
export const COMMAND_ENTRIES: readonly CommandEntry[] = [
  {
    name: "play",
    load: async () => (await import("./commands/play.ts")).playCommand,
  },
  {
    name: "watch",
    load: async () => (await import("./commands/watch.ts")).watchCommand,
  },
  {
    name: "sim",
    load: () => sharded(import("./commands/sim.ts").then((m) => m.simCommand)),
  },
  {
    name: "round",
    load: () =>
      sharded(import("./commands/round.ts").then((m) => m.roundCommand)),
  },
  {
    name: "rules",
    load: async () => (await import("./commands/rules.ts")).rulesCommand,
  },
  {
    name: "experiment",
    load: () =>
      sharded(
        import("./commands/experiment.ts").then((m) => m.experimentCommand),
      ),
  },
  {
    name: "chart",
    load: async () => (await import("./commands/chart.ts")).chartCommand,
  },
  {
    name: "sweep",
    load: () =>
      sharded(import("./commands/sweep.ts").then((m) => m.sweepCommand)),
  },
  {
    name: "decide",
    load: async () => (await import("./commands/decide.ts")).decideCommand,
  },
  {
    name: "solve",
    load: async () => (await import("./commands/solve.ts")).solveCommand,
  },
  {
    name: "evaluate",
    load: async () => (await import("./commands/evaluate.ts")).evaluateCommand,
  },
  {
    name: "advice",
    load: async () => (await import("./commands/advice.ts")).adviceCommand,
  },
  {
    name: "odds",
    load: async () => (await import("./commands/odds.ts")).oddsCommand,
  },
  {
    name: "merge",
    // merge reruns the other commands' analyses: it loads them all when it runs
    load: async () =>
      (await import("./commands/merge.ts")).mergeCommandOver(loadCommands),
  },
];

/**
 * The commands' names, in help order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(COMMAND_NAMES[0], "play");
 * ```
 */
export const COMMAND_NAMES: readonly string[] = COMMAND_ENTRIES.map((e) =>
  e.name
);

/** A loaded command, checked against the name it is listed under. */
async function loadEntry(entry: CommandEntry): Promise<Command> {
  const command = await entry.load();
  if (command.name !== entry.name) {
    throw new Error(
      `cli/command_list.ts lists '${entry.name}' but its file defines '${command.name}'`,
    );
  }
  return command;
}

/**
 * The command called `name`, loaded (only its own file and what that
 * imports), or undefined for a name the registry does not list.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal((await loadCommand("rules"))?.summary.length! > 0, true);
 * ```
 */
export function loadCommand(name: string): Promise<Command | undefined> {
  const entry = COMMAND_ENTRIES.find((e) => e.name === name);
  return entry ? loadEntry(entry) : Promise.resolve(undefined);
}

/**
 * Every command, loaded, in help order.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const commands = await loadCommands();
 * assert.deepEqual(commands.map((c) => c.name), COMMAND_NAMES);
 * ```
 */
export function loadCommands(): Promise<Command[]> {
  return Promise.all(COMMAND_ENTRIES.map(loadEntry));
}
