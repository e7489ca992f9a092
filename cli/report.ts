/**
 * `deno task report`: write `results/index.html`, one self-contained page
 * (no script, no external file) to browse the results: the claims table of
 * `CLAIMS.md`, then every chart of `results/` (inline SVG) with its
 * experiment's claim, summary and provenance (command, commit, seeds,
 * counts, time) and links to its CSV, JSON and PNG. `deno task repro`
 * rewrites it after each run.
 *
 * Usage: `deno task report [--out DIR]` (default `results`).
 *
 * @example
 * ```ts
 * import { reportHtml, writeReport } from "./report.ts";
 * const html = reportHtml("results");
 * await writeReport("results"); // results/index.html
 * ```
 * @module
 */

import { parseArgs } from "node:util";
import { writeFileAtomic } from "../lib/util/io.ts";

const esc = (s: unknown) =>
  String(s ?? "").replace(
    /[&<>"]/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!,
  );

/** Inline markdown of a table cell: `code`, [text](link). */
function inline(md: string): string {
  return esc(md)
    .replace(/`([^`]+)`/g, "<code>$1</code>")
    .replace(
      /\[([^\]]+)\]\(([^)\s]+)\)/g,
      (_m, t: string, href: string) => `<a href="${href}">${t}</a>`,
    );
}

/** The markdown pipe tables of a text, as HTML; other lines as paragraphs. */
function markdownToHtml(md: string): string {
  const out: string[] = [];
  let table: string[][] = [];
  const flush = () => {
    if (table.length === 0) return;
    const [head, ...body] = table.filter((r) =>
      !r.every((c) => /^:?-{3,}:?$/.test(c))
    );
    out.push(
      `<table><thead><tr>${
        head.map((c) => `<th>${inline(c)}</th>`).join("")
      }</tr></thead><tbody>${
        body.map((r) =>
          `<tr>${r.map((c) => `<td>${inline(c)}</td>`).join("")}</tr>`
        )
          .join("\n")
      }</tbody></table>`,
    );
    table = [];
  };
  for (const line of md.split("\n")) {
    if (line.startsWith("|")) {
      const cells = line.trim().replace(/^\||\|$/g, "")
        .split(/(?<!\\)\|/).map((c) => c.trim().replaceAll("\\|", "|"));
      table.push(cells);
      continue;
    }
    flush();
    if (line.startsWith("# ")) continue; // the page has its own title
    if (line.trim()) out.push(`<p>${inline(line)}</p>`);
  }
  flush();
  return out.join("\n");
}

function readJson(path: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Deno.readTextFileSync(path));
  } catch {
    return null;
  }
}

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/** Counts worth showing from a provenance: fields named like counts. */
function counts(p: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(p)) {
    if (!/games|rounds|count|^rows$/.test(k)) continue;
    if (typeof v === "number") {
      out.push(`${k.replaceAll("_", " ")} ${v.toLocaleString("en-US")}`);
    } else if (v && typeof v === "object" && !Array.isArray(v)) {
      const nums = Object.entries(v).filter(([, x]) => typeof x === "number");
      if (nums.length && nums.length <= 10) {
        out.push(
          `${k.replaceAll("_", " ")}: ${
            nums.map(([a, x]) =>
              `${a} ${(x as number).toLocaleString("en-US")}`
            )
              .join(", ")
          }`,
        );
      }
    }
  }
  return out;
}

function seedsOf(p: Record<string, unknown>): string {
  const s = Array.isArray(p.seeds) ? p.seeds : [];
  const base = `base seed ${p.seed ?? "-"}`;
  if (s.length === 0) return `${base}; no randomness`;
  const shown = s.slice(0, 6).join(", ");
  return `${base}; ${s.length} run seed${s.length === 1 ? "" : "s"}: ${shown}${
    s.length > 6 ? ", …" : ""
  }`;
}

/**
 * The report page of a results directory, as HTML.
 *
 * @example
 * ```ts
 * reportHtml("results").startsWith("<!DOCTYPE html>"); // true
 * ```
 */
export function reportHtml(dir = "results"): string {
  dir = dir.replace(/\/+$/, "");
  const files = [...Deno.readDirSync(dir)].filter((e) => e.isFile)
    .map((e) => e.name).sort();
  const claimsMd = exists(`${dir}/CLAIMS.md`)
    ? Deno.readTextFileSync(`${dir}/CLAIMS.md`)
    : "";
  // charts in the order of the claims table, then the others by name
  const order = [...claimsMd.matchAll(/\]\(([^)]+)\.csv\)/g)].map((m) => m[1]);
  const rank = (n: string) =>
    order.includes(n) ? order.indexOf(n) : order.length;
  const charts = files.filter((f) => f.endsWith(".svg"))
    .map((f) => f.slice(0, -4))
    .sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const claims = claimsMd
    ? markdownToHtml(claimsMd)
    : "<p>No CLAIMS.md: run <code>deno task repro</code>.</p>";
  const repro = readJson(`${dir}/repro.json`);
  const sections = charts.map((name) => {
    const p = readJson(`${dir}/${name}.json`) ?? {};
    const code = (p.code ?? {}) as Record<string, unknown>;
    const svg = Deno.readTextFileSync(`${dir}/${name}.svg`)
      .replace(/^<\?xml[^>]*>\s*/, "");
    const links = ["csv", "json", "png", "svg"]
      .filter((x) => exists(`${dir}/${name}.${x}`))
      .map((x) => `<a href="${esc(name)}.${x}">${esc(name)}.${x}</a>`)
      .join(" · ");
    const summary = Array.isArray(p.summary) ? p.summary as string[] : [];
    const prov = [
      ["command", p.command ? `<code>${esc(p.command)}</code>` : "-"],
      [
        "commit",
        code.commit
          ? `<code>${esc(String(code.commit).slice(0, 12))}</code>${
            code.dirty ? " (with uncommitted changes)" : ""
          }`
          : "-",
      ],
      ["seeds", esc(seedsOf(p))],
      ["counts", esc(counts(p).join("; ") || "-")],
      [
        "run",
        p.started
          ? `${esc(p.started)}, ${esc(p.elapsed_s)} s on ${
            esc(p.workers)
          } worker(s), Deno ${esc(p.deno)}${
            p.quick ? " — <strong>quick run</strong>" : ""
          }${p.scale && p.scale !== 1 ? `, counts × ${esc(p.scale)}` : ""}`
          : "-",
      ],
    ];
    return `<section id="${esc(name)}">
<h2>${esc(name)}</h2>
${p.claim ? `<p class="claim">${esc(p.claim)}</p>` : ""}
<figure class="chart" data-chart="${esc(name)}">${svg}</figure>
<p class="files">${links}</p>
${
      summary.length
        ? `<details open><summary>Summary</summary><ul>${
          summary.map((l) => `<li>${esc(l)}</li>`).join("")
        }</ul></details>`
        : ""
    }
<table class="prov"><tbody>${
      prov.map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`).join("")
    }</tbody></table>
</section>`;
  });
  const toc = charts.map((n) => `<a href="#${esc(n)}">${esc(n)}</a>`).join(
    " · ",
  );
  const reproLine = repro
    ? `<p>Last <code>${esc(repro.command)}</code>: ${esc(repro.total_s)} s on ${
      esc(repro.workers)
    } worker(s), commit <code>${
      esc(
        String((repro.code as Record<string, unknown>)?.commit ?? "").slice(
          0,
          12,
        ),
      )
    }</code>.</p>`
    : "";
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Flip 7 Lab — results</title>
<style>
body { font-family: "DejaVu Sans", Verdana, Arial, sans-serif; color: #1a1a1a; margin: 0 auto; max-width: 980px; padding: 1em 1.5em 3em; line-height: 1.4; }
h1 { margin-bottom: 0.2em; }
h2 { margin-top: 2em; border-bottom: 1px solid #ddd; padding-bottom: 0.2em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.8em 0; }
th, td { border: 1px solid #ddd; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
thead th { background: #f4f4f4; }
.prov th { background: #f8f8f8; width: 7em; }
figure.chart { margin: 1em 0; }
figure.chart svg { max-width: 100%; height: auto; }
.claim { font-style: italic; }
.files, nav { font-size: 0.9em; }
code { font-size: 0.9em; }
</style>
</head>
<body>
<h1>Flip 7 Lab — results</h1>
<p>Every chart and table here is read from the files of <code>results/</code>, written by <code>deno task repro</code>; this page by <code>deno task report</code>.</p>
${reproLine}
<nav>${toc}</nav>
<h2 id="claims">Claims</h2>
${claims}
${sections.join("\n")}
</body>
</html>
`;
}

/**
 * Write `DIR/index.html` (atomically) and return its path.
 *
 * @example
 * ```ts
 * await writeReport("results"); // "results/index.html"
 * ```
 */
export async function writeReport(dir = "results"): Promise<string> {
  const path = `${dir.replace(/\/+$/, "")}/index.html`;
  await writeFileAtomic(path, reportHtml(dir));
  return path;
}

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
    console.error(
      `report: cannot write ${dir}/index.html (${
        e instanceof Error ? e.message.split("\n")[0] : e
      })`,
    );
    Deno.exit(2);
  }
}
