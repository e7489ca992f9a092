/**
 * The command reference of `docs/commands.md`, generated from the command
 * registry (`cli/commands.ts`): one section per command with its usage line,
 * its summary and every option it takes. `deno task docs` rewrites the block
 * between the markers; `tests/docs_test.ts` fails when the file and the
 * registry disagree.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { commandReference } from "./commands_doc.ts";
 * const ref = commandReference();
 * assert.ok(ref.includes("### `sim`"));
 * assert.ok(ref.includes("deno task flip7 sim -n GAMES"));
 * ```
 * @module
 */

import { COMMANDS } from "./commands.ts";
import type { Command } from "./command.ts";
import { writeFileAtomic } from "../lib/util/io.ts";

/** The marker lines around the generated block. */
export const DOC_START = "<!-- commands:start (deno task docs) -->";
/** The closing marker. */
export const DOC_END = "<!-- commands:end -->";

function optionName(k: string, v: { type: string; short?: string }): string {
  const flag = k.length === 1 ? `-${k}` : `--${k}`;
  const short = v.short ? `-${v.short}, ` : "";
  return `${short}${flag}${v.type === "string" ? " VALUE" : ""}`;
}

function section(c: Command): string {
  const opts = Object.entries(c.options).map(([k, v]) =>
    "`" + optionName(k, v) + "`"
  );
  return [
    `### \`${c.name}\``,
    "",
    "```sh",
    `deno task flip7 ${c.usage}`,
    "```",
    "",
    c.summary,
    "",
    `Options: ${
      [...opts, "`-o PATH`", "`--no-file`", "`-h, --help`"].join(", ")
    }.`,
    ...(c.notes ?? []).flatMap((n) => ["", n]),
  ].join("\n");
}

/** The generated reference: every command of the registry, in help order. */
export function commandReference(
  commands: readonly Command[] = COMMANDS,
): string {
  return commands.map(section).join("\n\n");
}

/**
 * The text of `docs/commands.md` with its generated block replaced by
 * {@linkcode commandReference}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DOC_END, DOC_START, withReference } from "./commands_doc.ts";
 * const doc = withReference(`intro\n${DOC_START}\nold\n${DOC_END}\n`);
 * assert.ok(doc.startsWith("intro\n"));
 * assert.ok(!doc.includes("\nold\n"));
 * ```
 */
export function withReference(text: string): string {
  const a = text.indexOf(DOC_START), b = text.indexOf(DOC_END);
  if (a < 0 || b < a) {
    throw new Error(
      `docs/commands.md lacks the markers ${DOC_START} … ${DOC_END}`,
    );
  }
  return text.slice(0, a + DOC_START.length) +
    "\n<!-- deno-fmt-ignore-start -->\n\n" + commandReference() +
    "\n\n<!-- deno-fmt-ignore-end -->\n" + text.slice(b);
}

if (import.meta.main) {
  const path = "docs/commands.md";
  const text = withReference(await Deno.readTextFile(path));
  await writeFileAtomic(path, text);
  console.log(`wrote ${path} (${COMMANDS.length} commands)`);
}
