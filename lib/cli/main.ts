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
import { InputError } from "../cards.ts";
import { COMMANDS } from "./commands.ts";
import type { Command } from "./command.ts";
import { Output, runStamp, writeFileAtomic } from "./output.ts";
// the trainer of missing search tables (lib/winprob/provide.ts)
import "../winprob/train.ts";

const COMMON = {
  o: { type: "string" as const },
  "no-file": { type: "boolean" as const },
  help: { type: "boolean" as const, short: "h" },
};

/** The overall help text. */
export function helpText(): string {
  const w = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "Flip 7 Lab — usage: deno task flip7 <command> [options]",
    "",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(w)}  ${c.summary}`),
    "",
    "Every run also writes what it printed to results/runs/<command>-<timestamp>.txt;",
    "-o PATH chooses the file, --no-file skips it. 'flip7 <command> --help' shows its options.",
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
 * const code = await main(["rules", "--no-file"]);
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
    console.log(helpText());
    return 0;
  }
  const cmd = COMMANDS.find((c) => c.name === name);
  try {
    if (!cmd) {
      throw new InputError(
        `unknown command '${name}': allowed ${
          COMMANDS.map((c) => c.name).join(", ")
        }`,
      );
    }
    let parsed;
    // let negative numbers through as values (`-n -5`), so that the option's own check names them
    const args: string[] = [];
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i], next = rest[i + 1];
      const key = a.startsWith("--")
        ? a.slice(2)
        : a.startsWith("-")
        ? a.slice(1)
        : "";
      const spec = (cmd.options as Record<string, { type: string }>)[key];
      if (spec?.type === "string" && next !== undefined && /^-\d/.test(next)) {
        args.push(a.startsWith("--") ? `${a}=${next}` : `${a}${next}`);
        i++;
      } else args.push(a);
    }
    try {
      parsed = parseArgs({
        args,
        options: { ...cmd.options, ...COMMON },
        allowPositionals: cmd.positionals ?? false,
        strict: true,
      });
    } catch (e) {
      const msg = e instanceof Error ? e.message : String(e);
      const opt = /'([^']+)'/.exec(msg)?.[1];
      if (/Unknown option/i.test(msg)) {
        throw new InputError(
          `unknown option '${opt}' for ${name}: allowed ${optionList(cmd)}`,
        );
      }
      if (/positional/i.test(msg)) {
        throw new InputError(
          `unexpected argument '${
            opt ?? rest.join(" ")
          }' for ${name}: usage ${cmd.usage}`,
        );
      }
      throw new InputError(
        `${msg.split("\n")[0]} (${name}: usage ${cmd.usage})`,
      );
    }
    const values = parsed.values as Record<
      string,
      string | boolean | undefined
    >;
    if (values.help) {
      console.log(commandHelp(cmd));
      return 0;
    }
    const out = new Output(options);
    await cmd.run({ values, positionals: parsed.positionals, out });
    if ((cmd.runFile ?? true) && !values["no-file"]) {
      const path = typeof values.o === "string"
        ? values.o
        : `results/runs/${cmd.name}-${runStamp()}.txt`;
      await writeFileAtomic(path, out.text());
    }
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      console.error(`flip7: ${e.message}`);
      return 2;
    }
    throw e;
  }
}

if (import.meta.main) {
  const code = await main(Deno.args);
  Deno.exit(code);
}
