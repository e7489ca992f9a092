/**
 * `deno task report [--out DIR]` (default `results`): write the claims table
 * with verdicts (`claims.csv`, `CLAIMS.md`) and the write-up `index.html` of
 * a results folder (`experiments/report.ts`). A folder that cannot be written
 * is one line and exit code 2.
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

if (import.meta.main) {
  const { values } = parseArgs({
    args: Deno.args,
    options: { out: { type: "string" } },
    strict: false,
  });
  const dir = typeof values.out === "string" ? values.out : "results";
  try {
    const path = await writeReport(dir);
    console.log(`wrote ${path}`);
  } catch (e) {
    if (e instanceof InputError) {
      console.error(`report: ${e.message}`);
      Deno.exit(2);
    }
    console.error(
      `report: cannot write ${dir}/index.html (${
        e instanceof Error ? e.message.split("\n")[0] : e
      })`,
    );
    Deno.exit(2);
  }
}
