/**
 * The JSDoc examples, type-checked and run in one batch: what
 * `deno test --doc FILES` does, without its one type-check per example
 * (708 examples took 10 minutes that way, 2 of them running).
 *
 * Every ```ts example of the files and folders given (a folder: its `.ts`
 * files, recursively) is written as a module of a temporary folder, its
 * imports hoisted to the top (relative ones rewritten against the source
 * file's folder, `import.meta.url` made the source file's), its body in an
 * exported async function at the line numbers it has in the source file,
 * and the source file's exports imported as `deno test --doc` imports them
 * (every named export and the default one, unless the example imports the
 * name itself). One generated test file imports them all, so one type-check
 * covers every example, and registers one `Deno.test` per example, named
 * `FILE:LINE` (the line of its opening fence); a failure names the line of
 * the source file it failed on. Blocks that `deno test --doc` does not run
 * (```ts ignore, ```sh, ...) are skipped here too.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-run --allow-env tools/doc_tests.ts \
 *   --allow-read --allow-env lib/util/ lib/mod.ts   # flags for the examples, then files
 * ```
 *
 * Arguments starting with `--` go to `deno test` (the examples' permissions,
 * `--filter`); the rest name the files. `deno task test:doc` lists them. The
 * examples run with `FLIP7_CACHE_DIR` set to a temporary folder (unless it is
 * set already), so they write nothing into the repository's `.cache/`; the
 * temporary folders are removed at the end.
 *
 * @module
 */

const ROOT = new URL("../", import.meta.url);

/** One runnable example of a file: the line of its opening fence and its lines. */
export interface Example {
  /** 1-based line of the opening fence in the source file. */
  line: number;
  /** The example's lines, the comment's leading `* ` removed. */
  code: string[];
}

/**
 * The languages `deno test --doc` runs a fenced block as (a bare ``` fence
 * is taken as TypeScript too).
 */
const RUN_LANGS = new Set([
  "",
  "ts",
  "typescript",
  "js",
  "javascript",
  "mjs",
  "cjs",
  "mts",
  "cts",
  "jsx",
  "tsx",
]);

/**
 * The examples `deno test --doc` runs in a file's JSDoc comments: in each
 * `/** ... *\/` comment, every fenced block whose first attribute is a
 * TypeScript or JavaScript language (or none) and none of whose attributes
 * is `ignore`, with the line its opening fence is on. A ```sh block's
 * closing fence closes it: it never opens a TypeScript one.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const src = ["/**", " * ```sh", " * deno task flip7", " * ```", " * ```ts", " * const n = 1;", " * ```", " * ```ts ignore", " * x();", " * ```", " *\/"].join("\n");
 * assert.deepEqual(examplesOf(src), [{ line: 5, code: ["const n = 1;"] }]);
 * ```
 */
export function examplesOf(text: string): Example[] {
  const out: Example[] = [];
  for (const c of text.matchAll(/\/\*\*[\s\S]*?\*\//g)) {
    const start = text.slice(0, c.index).split("\n").length; // line of `/**`
    const lines = c[0].split("\n");
    let open: Example | null = null, inside = false;
    lines.forEach((raw, i) => {
      // the comment's own prefix: `/**` on the first line, `*` on the others
      const body = (i === 0 ? raw.replace(/^\s*\/\*\*/, "*") : raw)
        .replace(/\*\/\s*$/, "");
      const m = body.match(/\*[ ]?(?:# ?)?(.*)$/);
      const fence = m?.[1].match(/^```(.*)$/);
      if (fence) {
        if (inside) {
          if (open) out.push(open);
          inside = false;
          open = null;
        } else {
          const attrs = fence[1].trim().split(" ");
          inside = true;
          open = RUN_LANGS.has(attrs[0].toLowerCase()) &&
              !attrs.includes("ignore")
            ? { line: start + i, code: [] }
            : null;
        }
        return;
      }
      open?.code.push(m ? m[1] : "");
    });
  }
  return out;
}

/** The names a module exports, as `deno test --doc` imports them into its examples. */
export interface Exports {
  /** Value exports (functions, classes, constants, enums). */
  values: Set<string>;
  /** Type-only exports (interfaces, type aliases, `export type { }`). */
  types: Set<string>;
  /** The local name of `export default NAME` (or a named default function or class). */
  defaultName?: string;
}

/**
 * The exports of a module's source, read from its top-level `export`
 * statements (`export * from` adds none, as for `deno test --doc`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const e = exportsOf('export const a = 1;\nexport interface B {}\nexport { c, type D } from "./x.ts";\nexport default function f() {}\n');
 * assert.deepEqual([...e.values].sort(), ["a", "c"]);
 * assert.deepEqual([...e.types].sort(), ["B", "D"]);
 * assert.equal(e.defaultName, "f");
 * ```
 */
export function exportsOf(text: string): Exports {
  const e: Exports = { values: new Set(), types: new Set() };
  const value = (n: string) => {
    e.types.delete(n);
    e.values.add(n);
  };
  const type = (n: string) => {
    if (!e.values.has(n)) e.types.add(n);
  };
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    let m;
    if (
      (m = l.match(
        /^export\s+default\s+(?:async\s+)?(?:function\*?|class)\s+([\w$]+)/,
      ))
    ) e.defaultName = m[1];
    else if ((m = l.match(/^export\s+default\s+([\w$]+)\s*;?\s*$/))) {
      e.defaultName = m[1];
    } else if (
      (m = l.match(
        /^export\s+(?:declare\s+)?(?:async\s+)?(?:function\*?|(?:abstract\s+)?class|(?:const\s+)?enum|namespace)\s+([\w$]+)/,
      ))
    ) value(m[1]);
    else if (
      (m = l.match(/^export\s+(?:declare\s+)?(?:const|let|var)\s+(.*)/))
    ) {
      const d = m[1];
      const destructured = d.match(/^[{[]([^}\]]*)[}\]]/);
      if (destructured) {
        for (const part of destructured[1].split(",")) {
          const n = part.split(":").pop()!.split("=")[0].trim()
            .replace(/^\.\.\./, "");
          if (n) value(n);
        }
      } else value(d.match(/^([\w$]+)/)![1]);
    } else if (
      (m = l.match(/^export\s+(?:declare\s+)?(?:interface|type)\s+([\w$]+)/))
    ) type(m[1]);
    else if ((m = l.match(/^export\s+(type\s+)?\{/))) {
      // `export { a, b as c, type D } [from "..."]`, perhaps over several lines
      let s = l;
      while (!s.includes("}") && i + 1 < lines.length) s += " " + lines[++i];
      const typeOnly = Boolean(m[1]);
      const from = /\}\s*from\s/.test(s);
      const inner = s.slice(s.indexOf("{") + 1, s.indexOf("}"));
      for (let part of inner.split(",")) {
        part = part.replace(/\/\/.*$|\/\*.*?\*\//g, "").trim();
        if (!part) continue;
        const isType = typeOnly || /^type\s/.test(part);
        const name = part.replace(/^type\s+/, "").split(/\s+as\s+/).pop()!
          .trim();
        if (from && name === "default") continue;
        if (name === "default") continue;
        if (isType) type(name);
        else value(name);
      }
    }
  }
  return e;
}

/** The specifier of a relative import, made absolute against `base`. */
function absolute(spec: string, base: URL): string {
  return /^\.\.?\//.test(spec) ? new URL(spec, base).href : spec;
}

/** The names an import statement binds. */
function importedNames(stmt: string): string[] {
  const m = stmt.match(/^import\s+(?:type\s+)?([\s\S]*?)\s+from\s/);
  if (!m) return []; // a side-effect import
  const names: string[] = [];
  let clause = m[1];
  const braces = clause.match(/\{([\s\S]*)\}/);
  if (braces) {
    for (const part of braces[1].split(",")) {
      const n = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/).pop()!
        .trim();
      if (n) names.push(n);
    }
    clause = clause.replace(/\{[\s\S]*\}/, "");
  }
  for (const part of clause.split(",")) {
    const p = part.trim();
    const ns = p.match(/^\*\s+as\s+([\w$]+)$/);
    if (ns) names.push(ns[1]);
    else if (/^[\w$]+$/.test(p)) names.push(p);
  }
  return names;
}

/**
 * One example as a module: its imports (relative ones made absolute against
 * `source`) and the source module's exports on the first line, then blank
 * lines, then its body in `export async function run()` at the line numbers
 * it has in the source file (when the first line fits before it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const source = new URL("file:///repo/lib/x.ts");
 * const m = snippetModule({ line: 3, code: ['import { y } from "./y.ts";', "assert.equal(x(), y);"] }, source, { values: new Set(["x", "y"]), types: new Set() });
 * const lines = m.split("\n");
 * assert.match(lines[0], /^import \{ y \} from "file:\/\/\/repo\/lib\/y\.ts"; import \{ x \} from "file:\/\/\/repo\/lib\/x\.ts"; export async function run/);
 * assert.equal(lines[4], "assert.equal(x(), y);"); // line 5, as in the source
 * ```
 */
export function snippetModule(
  ex: Example,
  source: URL,
  exports: Exports,
): string {
  const imports: string[] = [];
  const body: string[] = [];
  const src = JSON.stringify(source.href);
  for (let i = 0; i < ex.code.length; i++) {
    const l = ex.code[i];
    if (/^import\b(?!\s*\(|\.)/.test(l)) {
      // the whole statement, perhaps over several lines
      const stmt = [l];
      const done = (s: string) =>
        /(?:\bfrom\s*|^import\s*)(["'])[^"']*\1(?:\s*with\s*\{[^}]*\})?\s*;?\s*(?:\/\/.*)?$/
          .test(s);
      while (!done(stmt.join(" ")) && i + 1 < ex.code.length) {
        body.push("");
        stmt.push(ex.code[++i]);
      }
      body.push("");
      imports.push(
        stmt.map((s) => s.replace(/\s*\/\/.*$/, "")).join(" ")
          .replace(
            /(["'])(\.\.?\/[^"']*)\1/,
            (_, q, p) => q + absolute(p, source) + q,
          )
          .replace(/;?\s*$/, ";"),
      );
    } else {
      body.push(
        l.replace(
          /^export\s+(?=(?:async\s+)?function|const|let|class|interface|type\s)/,
          "",
        )
          .replaceAll("import.meta.url", src)
          .replace(
            /\bimport\(\s*(["'])(\.\.?\/[^"']*)\1/g,
            (_, q, p) => `import(${q}${absolute(p, source)}${q}`,
          ),
      );
    }
  }
  const own = new Set(imports.flatMap(importedNames));
  const auto = [
    ...[...exports.values].filter((n) => !own.has(n)),
    ...[...exports.types].filter((n) => !own.has(n)).map((n) => `type ${n}`),
  ];
  const named = auto.length ? `{ ${auto.join(", ")} }` : "";
  const def = exports.defaultName && !own.has(exports.defaultName) &&
      !exports.values.has(exports.defaultName)
    ? exports.defaultName
    : "";
  if (def || named) {
    imports.push(
      `import ${[def, named].filter(Boolean).join(", ")} from ${src};`,
    );
  }
  const head = [...imports, "export async function run(): Promise<void> {"]
    .join(" ");
  // the body's first line at the source line after the fence
  const pad = Math.max(0, ex.line - 1);
  return [head, ...Array(pad).fill(""), ...body, "}", ""].join("\n");
}

/** Every .ts file a target names (a folder: its files, recursively, sorted). */
export function filesOf(target: string): string[] {
  const rel = target.replace(/^\.\//, "");
  const url = new URL(rel, ROOT);
  if (Deno.statSync(url).isFile) return [rel];
  const base = rel.replace(/\/?$/, "/");
  return [...Deno.readDirSync(url)]
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) =>
      e.isDirectory
        ? filesOf(base + e.name)
        : e.name.endsWith(".ts")
        ? [base + e.name]
        : []
    );
}

/**
 * The generated files of a batch: one module per example (`e/FILE@LINE.ts`)
 * and the test file importing them all (`doc_test.ts`), as paths relative
 * to the folder they go in, with their text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const files = batch(["tools/doc_tests.ts"]);
 * assert.ok(files.has("doc_test.ts"));
 * assert.match(files.get("doc_test.ts")!, /Deno\.test\("tools\/doc_tests\.ts:\d+"/);
 * ```
 */
export function batch(targets: string[]): Map<string, string> {
  const files = [...new Set(targets.flatMap(filesOf))];
  const out = new Map<string, string>();
  const tests: string[] = [
    "// generated by tools/doc_tests.ts: one test per JSDoc example",
    "function at(file: string, fence: number, mod: string, run: () => Promise<void>): () => Promise<void> {",
    "  return async () => {",
    "    // what an example changes in the process is put back: the environment, the folder",
    "    let env: Record<string, string> | null = null, cwd: string | null = null;",
    "    try {",
    "      env = Deno.env.toObject();",
    "      cwd = Deno.cwd();",
    "    } catch { /* without --allow-env or --allow-read an example cannot change them */ }",
    "    try {",
    "      await run();",
    "    } catch (e) {",
    "      // the example's module keeps the source file's line numbers",
    "      const stack = e instanceof Error ? e.stack ?? '' : '';",
    "      const i = stack.indexOf(mod + ':');",
    "      const line = i >= 0 ? stack.slice(i + mod.length + 1).match(/^\\d+/)?.[0] : undefined;",
    "      const msg = e instanceof Error ? e.message : String(e);",
    "      throw new Error(`${file}:${line ?? fence} (the example at line ${fence}): ${msg}`, { cause: e });",
    "    } finally {",
    "      if (env) {",
    "        for (const k of Object.keys(Deno.env.toObject())) if (!(k in env)) Deno.env.delete(k);",
    "        for (const [k, v] of Object.entries(env)) if (Deno.env.get(k) !== v) Deno.env.set(k, v);",
    "      }",
    "      if (cwd !== null && Deno.cwd() !== cwd) Deno.chdir(cwd);",
    "    }",
    "  };",
    "}",
  ];
  let k = 0;
  for (const f of files) {
    const source = new URL(f, ROOT);
    const text = Deno.readTextFileSync(source);
    const examples = examplesOf(text);
    if (examples.length === 0) continue;
    const exports = exportsOf(text);
    for (const ex of examples) {
      const path = `e/${f}@${ex.line}.ts`;
      out.set(path, snippetModule(ex, source, exports));
      tests.push(
        `import { run as e${k} } from "./${path}";`,
        `Deno.test(${JSON.stringify(`${f}:${ex.line}`)}, at(${
          JSON.stringify(f)
        }, ${ex.line}, ${JSON.stringify(`${f}@${ex.line}.ts`)}, e${k}));`,
      );
      k++;
    }
  }
  out.set("doc_test.ts", tests.join("\n") + "\n");
  return out;
}

if (import.meta.main) {
  const flags = Deno.args.filter((a) => a.startsWith("--"));
  const targets = Deno.args.filter((a) => !a.startsWith("--"));
  if (targets.length === 0) {
    console.error("doc_tests: name the files and folders whose examples run");
    Deno.exit(2);
  }
  const files = batch(targets);
  const tmp = await Deno.makeTempDir({ prefix: "flip7-doc-" });
  const env: Record<string, string> = {};
  if (!Deno.env.get("FLIP7_CACHE_DIR")) {
    env.FLIP7_CACHE_DIR = `${tmp}/cache/.cache`;
  }
  let code = 1;
  try {
    for (const [path, text] of files) {
      const p = `${tmp}/${path}`;
      await Deno.mkdir(p.slice(0, p.lastIndexOf("/")), { recursive: true });
      await Deno.writeTextFile(p, text);
    }
    console.log(
      `doc_tests: ${files.size - 1} examples of ${
        new Set(targets.flatMap(filesOf)).size
      } files, in one batch`,
    );
    const r = await new Deno.Command(Deno.execPath(), {
      args: [
        "test",
        "--config",
        new URL("deno.json", ROOT).pathname,
        ...flags,
        `${tmp}/doc_test.ts`,
      ],
      cwd: new URL(".", ROOT).pathname,
      env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    // an example's module keeps its source lines: name the source file
    const at = new RegExp(
      `(?:file://)?${
        tmp.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
      }/e/(\\S+?)@\\d+\\.ts`,
      "g",
    );
    const pipe = async (
      from: ReadableStream<Uint8Array>,
      to: typeof Deno.stdout,
    ) => {
      const enc = new TextEncoder(), dec = new TextDecoder();
      let rest = ""; // whole lines only, so that no path is cut in two
      for await (const chunk of from) {
        const text = rest + dec.decode(chunk, { stream: true });
        const cut = text.lastIndexOf("\n") + 1;
        rest = text.slice(cut);
        await to.write(enc.encode(text.slice(0, cut).replace(at, "$1")));
      }
      await to.write(enc.encode(rest.replace(at, "$1")));
    };
    await Promise.all([
      pipe(r.stdout, Deno.stdout),
      pipe(r.stderr, Deno.stderr),
    ]);
    code = (await r.status).code;
  } finally {
    await Deno.remove(tmp, { recursive: true });
  }
  Deno.exit(code);
}
