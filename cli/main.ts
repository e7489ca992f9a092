/**
 * `deno task flip7 <command> ...`: the command line over the library.
 *
 * Bad input of any kind prints one line naming the bad value and what is
 * allowed, exits with code 2, prints no stack trace and writes no file.
 *
 * @example
 * ```sh
 * deno task flip7 sim -n 1000 -p ev,bust:0.25 --seed 1
 * ```
 * @module
 */

import { parseArgs } from "node:util";
import { InputError } from "../lib/game/cards.ts";
import { COMMAND_NAMES, loadCommand, loadCommands } from "./command_list.ts";
import type { Command } from "./command.ts";
import { Output, runStamp, writeFileAtomic } from "./output.ts";
import { clip, joinNegativeValues, parseArgsMessage } from "./args.ts";
import {
  checkOutputFile,
  checkRunLogDir,
  fsCause,
  writeRunLog,
} from "./guard.ts";
// the trainer of missing search tables (lib/winprob/provide.ts)
import "../lib/run/train.ts";
import "../lib/run/race_build.ts";
import { closePolicies, policyChain } from "../lib/run/modules.ts";

/** Where run logs go. */
const RUN_DIR = "results/runs";

/** Any quoted value longer than 60 characters is shortened. */
function clipQuoted(msg: string): string {
  // control characters (a newline in a value) would break the one line
  // deno-lint-ignore no-control-regex
  msg = msg.replace(/[\x00-\x1f\x7f]/g, (c) => JSON.stringify(c).slice(1, -1));
  // a quoted value opens after a space, '(' or '=' and closes before a space or punctuation
  return msg.replace(
    /(^|[\s(=])'([^'\n]{61,})'(?=$|[\s:;,.)])/g,
    (m, pre: string, v: string) => v.includes("…(") ? m : `${pre}'${clip(v)}'`,
  );
}

function isFsError(e: unknown): e is Error {
  const E = Deno.errors;
  return e instanceof E.NotFound || e instanceof E.PermissionDenied ||
    e instanceof E.NotCapable || e instanceof E.AlreadyExists ||
    e instanceof E.IsADirectory || e instanceof E.NotADirectory ||
    e instanceof E.FilesystemLoop || e instanceof E.WriteZero ||
    e instanceof E.InvalidData || e instanceof E.UnexpectedEof ||
    e instanceof E.Busy || e instanceof E.TimedOut ||
    (e instanceof Error && /\(os error \d+\)/.test(e.message));
}

function fsLine(e: Error): string {
  const path = /'([^']+)'|"([^"]+)"/.exec(e.message);
  const where = path ? (path[1] ?? path[2]) : "";
  return `file-system error${where ? ` on '${clip(where)}'` : ""}: ${
    fsCause(e)
  }`;
}

/**
 * An option given twice that takes one value (`-n 10 -n 20`, two `-p` lists
 * of `sim`, `-o a -o b`) is refused, naming both values: which one would
 * win is not for the command line to guess.
 */
function refuseRepeats(
  tokens: readonly {
    kind: string;
    name?: string;
    rawName?: string;
    value?: string;
  }[],
  options: Record<string, object>,
): void {
  const seen = new Map<string, string>();
  for (const t of tokens) {
    const o = options[t.name ?? ""] as { multiple?: boolean } | undefined;
    if (t.kind !== "option" || !t.name || o?.multiple) continue;
    const shown = t.value === undefined
      ? t.rawName!
      : `${t.rawName} ${t.value}`;
    const first = seen.get(t.name);
    if (first !== undefined) {
      throw new InputError(
        `option ${t.rawName} is given twice ('${first}' and '${shown}'): give it once`,
      );
    }
    seen.set(t.name, shown);
  }
}

/** `human` asks at the terminal: only interactive commands may seat it. */
function rejectHuman(p: unknown, name: string): void {
  // `-p` may be given several times (sweep), each a list, perhaps `LABEL=list`
  const lists = (Array.isArray(p) ? p : [p]).filter((x) =>
    typeof x === "string"
  ) as string[];
  const humans = lists.flatMap((l) => l.replace(/^[^,=]*=/, "").split(","))
    .filter((s) => policyChain(s).includes("human"));
  if (humans.length > 0) {
    throw new InputError(
      `policy '${
        humans[0].trim()
      }' cannot play in '${name}' (human asks at the terminal): use 'deno task flip7 play', or choose bots`,
    );
  }
}

/**
 * The options every command takes (`-o PATH`, `--no-file`, `--help`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(Object.keys(COMMON), ["o", "no-file", "help"]);
 * ```
 */
export const COMMON = {
  o: { type: "string" as const },
  "no-file": { type: "boolean" as const },
  help: { type: "boolean" as const, short: "h" },
};

/**
 * The overall help text of the given commands (every command: `COMMANDS` of
 * `commands.ts`, or `await loadCommands()` of `command_list.ts`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { COMMANDS } from "./commands.ts";
 * assert.match(helpText(COMMANDS), /^ {2}round {2}/m);
 * ```
 */
export function helpText(commands: readonly Command[]): string {
  const w = Math.max(...commands.map((c) => c.name.length));
  return [
    "Flip 7 Lab — usage: deno task flip7 <command> [options]",
    "",
    ...commands.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    "",
    "Every run also writes what it printed to results/runs/<command>-<timestamp>.txt",
    "(and says so on stderr); -o PATH chooses the file, --no-file skips it.",
    "'deno task flip7 <command> --help' shows a command's options.",
  ].join("\n");
}

function commandHelp(c: Command): string {
  const opts = Object.entries(c.options).map(([k, v]) =>
    `${v.short ? `-${v.short}, ` : ""}${k.length === 1 ? "-" : "--"}${k}${
      v.type === "string" ? " VALUE" : ""
    }`
  );
  return [
    `usage: deno task flip7 ${c.usage}`,
    c.summary,
    `options: ${[...opts, "-o PATH", "--no-file"].join(", ")}`,
    ...(c.notes ?? []),
  ].join("\n");
}

function optionList(c: Command): string {
  return [
    ...Object.keys(c.options).map((k) => (k.length === 1 ? `-${k}` : `--${k}`)),
    "-o",
    "--no-file",
    "--help",
  ].join(", ");
}

/**
 * Run the command line with the given arguments; returns the exit code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const code = await main(["rules", "--no-file"]); // prints the rules table
 * assert.equal(code, 0);
 * ```
 */
export async function main(
  argv: string[],
  options: { echo?: boolean } = {},
): Promise<number> {
  const [name, ...rest] = argv;
  if (
    name === undefined || name === "help" || name === "--help" || name === "-h"
  ) {
    console.log(helpText(await loadCommands()));
    return 0;
  }
  // only the command's own file (and what it imports) is loaded
  const cmd = await loadCommand(name);
  try {
    if (!cmd) {
      throw new InputError(
        `unknown command '${name}': allowed ${COMMAND_NAMES.join(", ")}`,
      );
    }
    let parsed;
    // let negative numbers through as values (`-n -5`), so that the option's own check names them
    const allOptions = { ...cmd.options, ...COMMON };
    try {
      parsed = parseArgs({
        args: joinNegativeValues(rest, allOptions),
        options: allOptions,
        allowPositionals: cmd.positionals ?? false,
        strict: true,
        tokens: true,
      });
    } catch (e) {
      throw new InputError(
        parseArgsMessage(
          e instanceof Error ? e.message : String(e),
          name,
          cmd.usage,
          allOptions,
          optionList(cmd),
        ),
      );
    }
    refuseRepeats(parsed.tokens ?? [], allOptions);
    const values = parsed.values as Record<
      string,
      string | boolean | undefined
    >;
    if (typeof values.o === "string" && values["no-file"]) {
      throw new InputError(
        `-o '${values.o}' and --no-file contradict each other: give one (-o PATH writes the run there, --no-file writes none)`,
      );
    }
    if (values.help) {
      console.log(commandHelp(cmd));
      return 0;
    }
    // evaluate refuses `human` itself, saying why (it cannot be evaluated solo)
    if (!cmd.interactive && name !== "evaluate") rejectHuman(values.p, name);
    // every output path is checked before any work
    const runFile = (cmd.runFile ?? true) && !values["no-file"];
    const path = typeof values.o === "string" ? values.o : null;
    if (runFile && path !== null) checkOutputFile(path, "-o");
    else if (runFile) checkRunLogDir(RUN_DIR);
    const stamp = runStamp();
    const out = new Output(options);
    await cmd.run({ values, positionals: parsed.positionals, out });
    if (runFile) {
      try {
        if (path !== null) await writeFileAtomic(path, out.text());
        else {
          const log = await writeRunLog(
            RUN_DIR,
            `${cmd.name}-${stamp}`,
            out.text(),
          );
          // stderr, so that stdout stays the command's output alone
          console.error(`(this output is also in ${log}; --no-file skips it)`);
        }
      } catch (e) {
        throw new InputError(
          `cannot write the run log ${path ?? RUN_DIR} (${fsCause(e)})`,
        );
      }
    }
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      console.error(`flip7: ${clipQuoted(e.message)}`);
      return 2;
    }
    if (isFsError(e)) {
      // a file-system error anywhere: one line with the path and the cause
      console.error(`flip7: ${fsLine(e)}`);
      return 2;
    }
    throw e;
  } finally {
    closePolicies(); // the policy modules' threads end with the command
  }
}

if (import.meta.main) {
  const code = await main(Deno.args);
  Deno.exit(code);
}
