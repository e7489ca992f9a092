/**
 * The code a result depends on, as one hash: every local file in the module
 * graph of an entry point (its static and dynamic imports with a literal
 * specifier, its text imports, and the files it names with
 * `new URL("…", import.meta.url)`, such as worker modules), followed
 * recursively, with `deno.json` and `deno.lock` (the versions of every npm
 * package). Two checkouts with the same hash run the same code for that
 * entry point, so a result written at one commit is what the other
 * produces; `results/NAME.json` records its experiment's hash
 * (`code.sources`) and `results/repro.json` every experiment's, which is
 * how the report checks that one commit can be cited (docs/experiments.md,
 * "How to cite").
 *
 * Specifiers are found by pattern, not by a parser, outside comments (a
 * doc example's import is not the graph): a pattern inside a string adds a
 * file (or names none that exists, and is skipped), so the graph is the
 * real one or larger (`tests/provenance_test.ts` compares it with
 * `deno info`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sourceFiles, sourcesHash } from "./sources.ts";
 * const files = sourceFiles([new URL("./io.ts", import.meta.url).href]);
 * assert.ok(files.includes("lib/util/io.ts") && files.includes("deno.lock"));
 * assert.match(sourcesHash([new URL("./io.ts", import.meta.url).href]), /^[0-9a-f]{16}$/);
 * ```
 * @module
 */

import { createHash } from "node:crypto";

/** The repository's root, as a file URL ending in `/`. */
const ROOT = new URL("../../", import.meta.url);

const SPECIFIERS = [
  /\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\bimport\s*["']([^"']+)["']/g,
  /new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g,
];

function isFile(url: URL): boolean {
  try {
    return Deno.statSync(url).isFile;
  } catch {
    return false;
  }
}

/**
 * The files of the module graphs of `entries` (file URLs), as paths from the
 * repository's root, sorted; with `deno.json` and `deno.lock`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const files = sourceFiles([new URL("./mod.ts", import.meta.url).href]);
 * assert.ok(files.includes("lib/util/version.ts") && files.includes("deno.json"));
 * ```
 */
export function sourceFiles(entries: string[]): string[] {
  const seen = new Set<string>();
  const todo = entries.map((e) => new URL(e));
  while (todo.length) {
    const url = todo.pop()!;
    if (url.protocol !== "file:" || seen.has(url.href) || !isFile(url)) {
      continue;
    }
    seen.add(url.href);
    if (!/\.(ts|js|mjs)$/.test(url.pathname)) continue;
    // comments (doc examples import other modules) are not the graph
    const text = Deno.readTextFileSync(url)
      .replace(/\/\*[\s\S]*?\*\//g, " ")
      .replace(/(^|[\s;{}(),])\/\/.*$/gm, "$1");
    for (const re of SPECIFIERS) {
      for (const m of text.matchAll(re)) {
        if (m[1].startsWith("./") || m[1].startsWith("../")) {
          todo.push(new URL(m[1], url));
        }
      }
    }
  }
  for (const f of ["deno.json", "deno.lock"]) {
    const u = new URL(f, ROOT);
    if (isFile(u)) seen.add(u.href);
  }
  // paths from the repository's root (a file outside it: its URL)
  return [...seen].map((h) =>
    h.startsWith(ROOT.href) ? h.slice(ROOT.href.length) : h
  ).sort();
}

/**
 * SHA-256 over the paths and contents of {@linkcode sourceFiles}, its first
 * 16 hex digits.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const io = new URL("./io.ts", import.meta.url).href;
 * assert.equal(sourcesHash([io]), sourcesHash([io])); // the same code, the same hash
 * ```
 */
export function sourcesHash(entries: string[]): string {
  const h = createHash("sha256");
  for (const f of sourceFiles(entries)) {
    h.update(f);
    h.update("\0");
    h.update(Deno.readFileSync(new URL(f, ROOT)));
    h.update("\0");
  }
  return h.digest("hex").slice(0, 16);
}

/**
 * SHA-256 of bytes or text, its first 16 hex digits: the digest a
 * provenance records of each file written beside it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(digest("abc"), "ba7816bf8f01cfea");
 * assert.equal(digest(new TextEncoder().encode("abc")), digest("abc"));
 * ```
 */
export function digest(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex").slice(0, 16);
}
