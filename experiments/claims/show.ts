/**
 * A claims row's difference and test as text, in the published unit: what
 * `CLAIMS.md`, the report and the notebooks print beside each verdict.
 *
 * @module
 */

import { parseFigure } from "./figures.ts";
import type { ClaimRow, SearchRow } from "./types.ts";
import { specs } from "./verdicts.ts";

let figures: Map<string, string | null> | undefined;

/** The published unit of a row: percent or plain, and the decimals printed. */
function unitOf(id: string): { pct: boolean; d: number } {
  figures ??= new Map(specs().map((s) => [s.id, s.figure]));
  const fig = figures.get(id);
  if (!fig) return { pct: false, d: 3 };
  const f = parseFigure(fig);
  return { pct: f.pct, d: f.pct ? f.d - 2 : f.d };
}

/** A signed difference in the row's unit (percentage points for a percent). */
function signed(x: number, id: string, exact: boolean): string {
  const u = unitOf(id);
  const v = u.pct ? 100 * x : x;
  const d = exact ? 6 - (u.pct ? 2 : 0) : Math.max(2, u.d + 1);
  const s = Math.abs(v).toFixed(Math.max(0, d));
  return `${v < 0 && Number(s) !== 0 ? "−" : "+"}${s}`;
}

/**
 * Ours minus published with its interval and margin, in the published unit:
 * `−3.30 pts [−5.37, −1.23] (90%), margin ±0.50` for a Monte Carlo row,
 * the rounding interval for an exact one, `-` for a statement.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { claimRows } from "./verdicts.ts";
 * const r = claimRows("results").find((x) => x.id === "s001-vs-ev")!;
 * assert.match(diffText(r), /^−3\.30 pts \[−5\.\d\d, −1\.\d\d\] \(90%\), margin ±0\.50 pts$/);
 * ```
 */
export function diffText(r: ClaimRow): string {
  if (r.diff === null) return "-";
  const exact = r.statistic === "digits";
  const pts = unitOf(r.id).pct ? " pts" : "";
  const iv = `[${signed(r.diff_low!, r.id, exact)}, ${
    signed(r.diff_high!, r.id, exact)
  }]`.replaceAll("+", "");
  if (exact) return `${signed(r.diff, r.id, true)}${pts} ${iv} (rounding)`;
  return `${signed(r.diff, r.id, false)}${pts} ${iv} (90%), margin ±${
    signed(r.margin!, r.id, false).slice(1)
  }${pts}`;
}

/** A p-value as text: three decimals, exponent form below 0.001, `<1e-15` below that; "-" when none. */
export function fmtP(p: number | null): string {
  if (p === null || !Number.isFinite(p)) return "-";
  if (p < 1e-15) return "<1e-15";
  return p < 0.001 ? p.toExponential(1) : p.toFixed(3);
}

/**
 * The test of a row as text: `digits` or `statement`, or for a Monte Carlo
 * row its z, Holm p within the family, whether the interval is inside the
 * margin, and for an inconclusive row the games the margin needs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { claimRows } from "./verdicts.ts";
 * const r = claimRows("results").find((x) => x.id === "s001-vs-ev")!;
 * assert.match(testText(r, 6), /^z −2\.\d\d, Holm p 0\.0\d\d \(6 in its table\); not inside the margin$/);
 * ```
 */
export function testText(r: ClaimRow, family?: number): string {
  if (r.statistic !== "tost") return r.statistic;
  const z = r.z === null ? "∞" : String(r.z).replace("-", "−");
  const k = family === undefined ? "" : ` (${family} in its table)`;
  const need = r.games_needed === null
    ? ""
    : typeof r.games_needed === "number"
    ? `; ${r.games_needed.toLocaleString("en-US")} games would fit it`
    : "; no count of ours can fit it (the published figure's rounding and SE)";
  return `z ${z}, Holm p ${fmtP(r.holm_p)}${k}; ${
    r.equivalent ? "inside the margin" : "not inside the margin"
  }${need}`;
}

/** Monte Carlo rows of each family: the size of its Holm family. */
export function familySizes(rows: ClaimRow[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const r of rows) {
    if (r.statistic === "tost") m.set(r.family, (m.get(r.family) ?? 0) + 1);
  }
  return m;
}

/** A reading search row's fit as text. */
export function fitText(s: SearchRow): string {
  if (s.matching !== null && s.sum_z2 === null) {
    return `${s.matching} of ${s.cells} match`;
  }
  return `largest |z| ${s.max_abs_z}, Σz² ${s.sum_z2}; Holm rejects ${s.rejected}, inside the margin ${s.equivalent}${
    s.matching !== null ? `; ${s.matching} exact match` : ""
  } (of ${s.cells})`;
}
