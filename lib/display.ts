/**
 * Tables for Jupyter: rows shown as an HTML table, with aligned text as the
 * plain-text fallback (what a terminal or a code host without HTML shows).
 *
 * @example
 * ```ts
 * import { tableDisplay } from "./display.ts";
 * tableDisplay([{ policy: "ev", ev: 22.218 }]); // the last expression of a notebook cell renders it
 * ```
 * @module
 */

/** What the Deno Jupyter kernel renders: an object with a `Jupyter.display` method. */
export interface JupyterDisplayable {
  [key: symbol]: () => Record<string, string>;
}

/**
 * Show rows as a table (display only: the rows are not changed).
 *
 * @param rows one object per row
 * @param columns which keys to show, in order (default: the first row's keys)
 * @example
 * ```ts
 * tableDisplay([{ a: 1, b: "x" }, { a: 2, b: "y" }], ["b", "a"]);
 * ```
 */
export function tableDisplay(
  rows: Record<string, unknown>[],
  columns: string[] = Object.keys(rows[0] ?? {}),
): JupyterDisplayable {
  const esc = (v: unknown) =>
    String(v ?? "").replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html =
    `<table><thead><tr>${
      columns.map((c) => `<th>${esc(c)}</th>`).join("")
    }</tr></thead><tbody>` +
    rows.map((r) =>
      `<tr>${columns.map((c) => `<td>${esc(r[c])}</td>`).join("")}</tr>`
    ).join("") +
    "</tbody></table>";
  const cells = [
    columns,
    ...rows.map((r) => columns.map((c) => String(r[c] ?? ""))),
  ];
  const w = columns.map((_, j) => Math.max(...cells.map((r) => r[j].length)));
  const text = cells.map((r) =>
    r.map((c, j) => c.padEnd(w[j])).join("  ").trimEnd()
  ).join("\n");
  return {
    [Symbol.for("Jupyter.display")]: () => ({
      "text/html": html,
      "text/plain": text,
    }),
  };
}
