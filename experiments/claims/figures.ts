/**
 * Printed figures: their digits, unit and rounding interval, and ours shown
 * in their unit.
 *
 * @module
 */

/** Decimals of a number as stored (its shortest text). */
export function decimals(x: number): number {
  const s = String(x);
  if (/e/i.test(s)) return 12;
  const i = s.indexOf(".");
  return i < 0 ? 0 : s.length - i - 1;
}

/** A printed figure: value (fraction for `%`), decimals, unit. */
export function parseFigure(
  fig: string,
): { value: number; d: number; pct: boolean } {
  const pct = fig.endsWith("%");
  const t = fig.replace(/[%,]/g, "").replace(/^\+/, "");
  const v = Number(t);
  if (!Number.isFinite(v)) throw new Error(`claims: bad figure '${fig}'`);
  const dd = t.includes(".") ? t.length - t.indexOf(".") - 1 : 0;
  return pct ? { value: v / 100, d: dd + 2, pct } : { value: v, d: dd, pct };
}

/** An exact figure of ours in the published unit, two decimals more (at most as stored). */
export function showExact(x: number, fig: string): string {
  const f = parseFigure(fig);
  const d = Math.min(decimals(x), f.d + 2);
  return f.pct ? `${(100 * x).toFixed(Math.max(0, d - 2))}%` : x.toFixed(d);
}

/** Our figure in the published unit, one decimal more than it prints. */
export function show(x: number, fig: string | null, extra = 1): string {
  if (fig === null) return String(x);
  const f = parseFigure(fig);
  return f.pct
    ? `${(100 * x).toFixed(Math.max(0, f.d - 2 + extra))}%`
    : x.toFixed(f.d + extra);
}

/** An exact figure matches printed digits: the rounding intervals overlap. */
export function digitsMatch(
  ours: number,
  oursDigits: number,
  figure: string,
): boolean {
  const f = parseFigure(figure);
  const half = 0.5 * 10 ** -f.d + 0.5 * 10 ** -oursDigits;
  return Math.abs(ours - f.value) <= half + 1e-12;
}
