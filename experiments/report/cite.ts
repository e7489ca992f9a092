/**
 * How to cite the results: one commit, named only when every file of
 * `results/` is what that commit's code produces — checked from the files
 * alone (docs/experiments.md, "How to cite"):
 *
 * - the commit is that of `repro.json`, written by the last full
 *   `deno task repro` from committed code at full size; it records the hash
 *   of every registered experiment's code there (`sources`) and the digests
 *   of the claims files and the page the report wrote then (`report`);
 * - every experiment's `NAME.json` was written at that commit, or at an
 *   earlier one whose code for that experiment is the same (its
 *   `code.sources` equals the one `repro.json` records: a rerun keeps a
 *   file whose content did not change, `lib/experiment/provenance.ts`);
 * - `claims.csv`, `CLAIMS.md` and the page (this paragraph aside) are the
 *   ones written at that commit (the same digests);
 * - no other file is in the folder (its subfolders, run logs and shards,
 *   are not results).
 *
 * Otherwise it names no commit and lists each file with the commit that
 * wrote it and why it cannot be cited with the others.
 *
 * @module
 */

import { digest } from "../../lib/util/sources.ts";
import { REGISTERED } from "../names.ts";
import { esc, readJson } from "./read.ts";
import { prose } from "../text.ts";
import TEXT from "../text/report.md" with { type: "text" };

const text = prose("report", TEXT);

/** Where the page's citation goes; the digest of the page is taken with it. */
export const CITE_MARK = "<!-- how to cite -->";

/** The report's own files, as `repro.json` records their digests. */
export const REPORT_FILES = ["claims.csv", "CLAIMS.md", "index.html"] as const;

/**
 * Digests of the report's files (the page with its citation left out).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const d = reportDigests({ "claims.csv": "a", "CLAIMS.md": "b", "index.html": `x${CITE_MARK}y` });
 * assert.equal(d["index.html"], reportDigests({ "claims.csv": "", "CLAIMS.md": "", "index.html": `x${CITE_MARK}y` })["index.html"]);
 * ```
 */
export function reportDigests(
  files: Record<(typeof REPORT_FILES)[number], string>,
): Record<string, string> {
  return Object.fromEntries(REPORT_FILES.map((f) => [f, digest(files[f])]));
}

/** One file's standing against the cited commit. */
interface Standing {
  file: string;
  commit: string;
  command: string;
  ok: boolean;
  why: string;
}

const short = (c: unknown) => String(c ?? "").slice(0, 12) || "-";

/**
 * The citation of a results folder as HTML: the commit and the commands
 * when every file agrees, else the files, their commits and why not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * // a folder of one stray file cites nothing
 * const dir = Deno.makeTempDirSync();
 * Deno.writeTextFileSync(`${dir}/stray.txt`, "x");
 * assert.match(citation(dir, {}), /No single commit can be cited/);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function citation(dir: string, digests: Record<string, string>): string {
  const repro = readJson(`${dir}/repro.json`);
  const rc = (repro?.code ?? {}) as Record<string, unknown>;
  const commit = String(rc.commit ?? "");
  const sources = (repro?.sources ?? {}) as Record<string, string>;
  const problems: string[] = [];
  if (!repro) problems.push("there is no repro.json (no full deno task repro)");
  else {
    if (rc.dirty !== false || !/^[0-9a-f]{40}$/.test(commit)) {
      problems.push(
        `repro.json was written from uncommitted code (commit ${
          short(commit)
        })`,
      );
    }
    if (repro.quick === true || (repro.scale ?? 1) !== 1) {
      problems.push("repro.json is a quick or scaled run");
    }
    const was = (repro.report ?? {}) as Record<string, string>;
    const changed = REPORT_FILES.filter((f) => was[f] !== digests[f]);
    if (changed.length) {
      problems.push(
        `${changed.join(", ")} differ from what the report wrote at ${
          short(commit)
        } (the report's code or the files changed since)`,
      );
    }
  }
  const standings: Standing[] = [];
  const known = new Set<string>([
    "repro.json",
    ...REPORT_FILES,
  ]);
  for (const name of REGISTERED) {
    const p = readJson(`${dir}/${name}.json`);
    const files = [`${name}.json`, ...(Array.isArray(p?.files) ? p.files : [])]
      .map(String);
    for (const f of [`${name}.csv`, `${name}.svg`, `${name}.png`]) {
      known.add(f);
    }
    if (!p) continue;
    files.forEach((f) => known.add(f));
    const code = (p.code ?? {}) as Record<string, unknown>;
    const mine = String(code.sources ?? "");
    const at = sources[name];
    const ok = repro !== null && mine !== "" && at === mine;
    standings.push({
      file: `${name}.json`,
      commit: String(code.commit ?? ""),
      command: String(p.command ?? ""),
      ok,
      why: ok
        ? code.commit === commit
          ? `written at ${short(commit)}`
          : `written at ${short(code.commit)}; its code is unchanged at ${
            short(commit)
          }`
        : !mine
        ? "written before its code was hashed (no code.sources)"
        : !at
        ? "its experiment's code is not in repro.json"
        : `its code (${mine}) is not the code at ${short(commit)} (${at})`,
    });
  }
  // files only: run logs and shards live in folders of their own
  // (results/runs/, results/shards/), which are not results
  const strays = [...Deno.readDirSync(dir)].filter((e) => e.isFile)
    .map((e) => e.name).filter((n) => !known.has(n)).sort();
  if (strays.length) {
    problems.push(`files no experiment wrote: ${strays.join(", ")}`);
  }
  const bad = standings.filter((s) => !s.ok);
  if (bad.length) {
    problems.push(
      `${bad.length} experiment file${
        bad.length === 1 ? "" : "s"
      } not from the code at ${short(commit)}`,
    );
  }
  const commands = [
    ...new Set([
      ...(repro ? [String(repro.command)] : []),
      ...standings.map((s) => s.command),
    ]),
  ].filter((c) => c !== "");
  const at = standings.filter((s) => s.commit === commit).length;
  const table =
    `<table class="cite"><thead><tr><th>file</th><th>commit</th><th>command</th><th>standing</th></tr></thead><tbody>${
      standings.map((s) =>
        `<tr><td>${esc(s.file)}</td><td><code>${
          esc(short(s.commit))
        }</code></td><td><code>${esc(s.command)}</code></td><td>${
          esc(s.why)
        }</td></tr>`
      ).join("")
    }</tbody></table>`;
  const last = repro
    ? text("cite-last", {
      command: `<code>${esc(repro.command)}</code>`,
      seconds: esc(repro.total_s),
      workers: esc(repro.workers),
      commit: `<code>${esc(short(commit))}</code>`,
    })
    : "";
  if (problems.length === 0) {
    return `${
      text("cite", {
        commit: `<code>${esc(short(commit))}</code>`,
        full: `<code>${esc(commit)}</code>`,
        at,
        kept: standings.length - at,
        commands: commands.map((c) => `<code>${esc(c)}</code>`).join(", "),
      })
    }
${last}
<details><summary>Each experiment's file and commit</summary>${table}</details>`;
  }
  return `${
    text("cite-none", {
      problems: esc(problems.join("; ")),
    })
  }
${last}
${table}`;
}
