/**
 * The files of a results directory as the claims table reads them, parsed
 * once each.
 *
 * @module
 */

import { parseRows, type Row } from "../../lib/experiment/experiment.ts";

/** The parsed files of a results directory. */
export class Files {
  #csv = new Map<string, Row[] | null>();
  #json = new Map<string, Record<string, unknown> | null>();
  constructor(readonly dir: string) {}
  /** Rows of `NAME.csv`, or null when it is missing. */
  csv(name: string): Row[] | null {
    if (!this.#csv.has(name)) {
      let rows: Row[] | null = null;
      try {
        rows = parseRows(Deno.readTextFileSync(`${this.dir}/${name}.csv`));
      } catch {
        rows = null;
      }
      this.#csv.set(name, rows);
    }
    return this.#csv.get(name)!;
  }
  /** `NAME.json`, or null. */
  json(name: string): Record<string, unknown> | null {
    if (!this.#json.has(name)) {
      let p: Record<string, unknown> | null = null;
      try {
        p = JSON.parse(Deno.readTextFileSync(`${this.dir}/${name}.json`));
      } catch {
        p = null;
      }
      this.#json.set(name, p);
    }
    return this.#json.get(name)!;
  }
  /** The first row of `name` matching every key of `where`, or null. */
  row(name: string, where: Record<string, string | number>): Row | null {
    return this.csv(name)?.find((r) =>
      Object.entries(where).every(([k, v]) => r[k] === v)
    ) ?? null;
  }
}
