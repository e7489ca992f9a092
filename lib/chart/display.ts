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
  /** Called by the Deno kernel (`Symbol.for("Jupyter.display")`) to get the MIME bundle. */
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

/**
 * What {@linkcode progressDisplay} returns.
 *
 * @example
 * ```ts
 * const p: ProgressDisplay = progressDisplay("replication");
 * p.log("training the table");
 * ```
 */
export interface ProgressDisplay {
  /** An experiment's `onProgress`: updates the display (at most twice a second). */
  onProgress: (label: string, done: number, total: number) => void;
  /** Show a message line (e.g. "training the table") in the display. */
  log: (line: string) => void;
  /**
   * Run `fn` with this display: lines written with `console.error` during
   * the run (cache and training messages) go to the display instead of
   * stderr; the display ends with the time taken.
   */
  run: <T>(fn: () => Promise<T>) => Promise<T>;
}

type JupyterApi = {
  display(
    obj: unknown,
    options?: { raw?: boolean; update?: boolean; display_id?: string },
  ): Promise<void>;
};

let progressCount = 0;

/**
 * A progress display for long runs in a notebook: one output updated in
 * place (the Deno kernel's `Deno.jupyter.display` with a display id), in
 * place of lines on stderr (which notebook viewers show as error boxes).
 * Outside Jupyter it prints nothing.
 *
 * @example
 * ```ts
 * import { progressDisplay } from "./display.ts";
 * const progress = progressDisplay("field-size");
 * // const res = await progress.run(() => fieldSize.run({ seed: 1, quick: true, workers: 2, onProgress: progress.onProgress }));
 * ```
 */
export function progressDisplay(name: string): ProgressDisplay {
  const jupyter = (Deno as unknown as { jupyter?: JupyterApi }).jupyter;
  const id = `flip7-progress-${++progressCount}-${name}`;
  const lines: string[] = [];
  let status = "starting";
  let shown = false;
  let last = 0;
  const show = (force = false) => {
    if (!jupyter) return;
    const now = performance.now();
    if (!force && now - last < 500) return;
    last = now;
    const text = [`${name}: ${status}`, ...lines].join("\n");
    jupyter.display({ "text/plain": text }, {
      raw: true,
      update: shown,
      display_id: id,
    }).catch(() => {});
    shown = true;
  };
  const self: ProgressDisplay = {
    onProgress(label, done, total) {
      status = `${label} ${done}/${total}`;
      show();
    },
    log(line) {
      lines.push(line);
      show(true);
    },
    async run(fn) {
      const t0 = performance.now();
      const error = console.error;
      console.error = (...args: unknown[]) =>
        self.log(args.map(String).join(" "));
      try {
        status = "running";
        show(true);
        const r = await fn();
        status = `done in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
        return r;
      } finally {
        console.error = error;
        show(true);
      }
    },
  };
  return self;
}
