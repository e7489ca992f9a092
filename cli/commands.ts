/**
 * The command registry: one line per command, each in its own file.
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
import { rulesCommand } from "./commands/rules.ts";
import { watchCommand } from "./commands/watch.ts";
import { simCommand } from "./commands/sim.ts";
import { roundCommand } from "./commands/round.ts";
import { playCommand } from "./commands/play.ts";
import { decideCommand } from "./commands/decide.ts";
import { experimentCommand } from "./commands/experiment.ts";
import { solveCommand } from "./commands/solve.ts";
import { evaluateCommand } from "./commands/evaluate.ts";
import { adviceCommand } from "./commands/advice.ts";
import { oddsCommand } from "./commands/odds.ts";
import { sweepCommand } from "./commands/sweep.ts";
import { mergeCommandOver } from "./commands/merge.ts";
import { shardable } from "./shard.ts";
import { chartCommand } from "./commands/chart.ts";

/** Every command, in help order. */
export const COMMANDS: Command[] = [
  playCommand,
  watchCommand,
  shardable(simCommand),
  shardable(roundCommand),
  rulesCommand,
  shardable(experimentCommand),
  chartCommand,
  shardable(sweepCommand),
  decideCommand,
  solveCommand,
  evaluateCommand,
  adviceCommand,
  oddsCommand,
  mergeCommandOver(() => COMMANDS),
];
