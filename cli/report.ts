/**
 * `deno task report [--out DIR]` (default `results`): write the claims table
 * with verdicts (`claims.csv`, `CLAIMS.md`) and the write-up `index.html` of
 * a results folder (`experiments/report.ts`), together. An unknown option, a
 * damaged result (an empty or broken CSV, a chart the report will not
 * inline) or a folder that cannot be written is one line and exit code 2,
 * with no file changed.
 *
 * @example
 * ```sh
 * deno task report
 * ```
 * @module
 */

import { parseArgs } from "node:util";
import { writeReport } from "../experiments/report.ts";
import { InputError } from "../lib/game/cards.ts";

const USAGE = "deno task report [--out DIR]";

/**
 * The `deno task report` command line; returns the exit code.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(await main(["--ot", "x"]), 2); // an unknown option: one line, exit 2
 * ```
 */
export async function main(argv: string[]): Promise<number> {
  let dir: string;
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { out: { type: "string" }, help: { type: "boolean" } },
      strict: true,
      allowPositionals: true,
    });
    if (values.help) {
      console.log(`usage: ${USAGE}`);
      return 0;
    }
    if (positionals.length) {
      throw new Error(`unexpected argument '${positionals[0]}'`);
    }
    if (values.out === "") throw new Error("--out needs a folder");
    dir = values.out ?? "results";
  } catch (e) {
    const m = (e instanceof Error ? e.message : String(e)).split("\n")[0]
      .replace(/^Unknown option '([^']+)'.*/, "unknown option '$1'");
    console.error(`report: ${m}: usage ${USAGE}`);
    return 2;
  }
  try {
    const path = await writeReport(dir);
    console.log(`wrote ${path}`);
    return 0;
  } catch (e) {
    if (e instanceof InputError) {
      console.error(`report: ${e.message}`);
      return 2;
    }
    console.error(
      `report: cannot write ${dir}/index.html (${
        e instanceof Error ? e.message.split("\n")[0] : e
      })`,
    );
    return 2;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
