/**
 * A cell of a results file as our side of a claims row.
 *
 * @module
 */

import type { Row } from "../../lib/experiment/experiment.ts";
import type { Files } from "./files.ts";
import { decimals } from "./figures.ts";
import type { Ours } from "./types.ts";

export const num = (r: Row | null, k: string): number | null =>
  r && typeof r[k] === "number" ? r[k] as number : null;

/** An exact figure of a CSV cell. */
export function exactCell(
  f: Files,
  name: string,
  where: Record<string, string | number>,
  col: string,
): Ours | null {
  const v = num(f.row(name, where), col);
  return v === null ? null : { value: v, digits: decimals(v) };
}
