/**
 * The experiments' prose files (`experiments/text/*.md`, read by
 * `experiments/text.ts`): every section a module asks for exists, every
 * section is asked for by some module (none unused), every file is imported,
 * and every call names its section literally (so this check sees it).
 *
 * The calls are found in the source: a module imports its file with
 * `import TEXT from "./text/NAME.md" with { type: "text" }`, makes
 * `const text = prose("NAME", TEXT)` and calls `text("id", {...})`.
 * Whether a call passes exactly the section's `{keys}` is checked when it
 * runs (`prose` throws), i.e. by the experiments' quick runs and the report
 * tests.
 *
 * @module
 */
import assert from "node:assert/strict";
import { parseProse, prose } from "../experiments/text.ts";

const ROOT = new URL("../", import.meta.url);
const TEXT_DIR = new URL("experiments/text/", ROOT);

/** Every `.ts` file under `experiments/`, as a path relative to the root. */
function sources(dir = "experiments"): string[] {
  const out: string[] = [];
  for (const e of Deno.readDirSync(new URL(`${dir}/`, ROOT))) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory) out.push(...sources(p));
    // the reader itself (its doc shows the pattern) is not a user of it
    else if (e.name.endsWith(".ts") && p !== "experiments/text.ts") {
      out.push(p);
    }
  }
  return out.sort();
}

const IMPORT =
  /import\s+(\w+)\s+from\s+"((?:\.\.?\/)+(?:[\w-]+\/)*text\/([\w-]+)\.md)"\s+with\s*\{\s*type:\s*"text"\s*\}/g;
const CALL = /(?<![.\w])text\(\s*("([a-z0-9-]+)"|[^\s)])/g;

/** Per prose file: the modules importing it and the section ids they call. */
function uses(): Map<string, { modules: string[]; ids: Set<string> }> {
  const out = new Map<string, { modules: string[]; ids: Set<string> }>();
  for (const path of sources()) {
    const src = Deno.readTextFileSync(new URL(path, ROOT));
    const imports = [...src.matchAll(IMPORT)];
    if (imports.length === 0) continue;
    assert.equal(imports.length, 1, `${path}: one prose file per module`);
    const [, binding, , name] = imports[0];
    assert.match(
      src,
      new RegExp(`const text = prose\\("${name}", ${binding}\\)`),
      `${path}: const text = prose("${name}", ${binding})`,
    );
    const u = out.get(name) ?? { modules: [], ids: new Set<string>() };
    u.modules.push(path);
    for (const m of src.matchAll(CALL)) {
      assert.ok(
        m[2] !== undefined,
        `${path}: text(...) must name its section literally, not ${m[1]}...`,
      );
      u.ids.add(m[2]);
    }
    out.set(name, u);
  }
  return out;
}

Deno.test("prose files: every section called exists, every section is called, every file is imported", () => {
  const files = [...Deno.readDirSync(TEXT_DIR)]
    .filter((e) => e.isFile && e.name.endsWith(".md"))
    .map((e) => e.name.replace(/\.md$/, ""))
    .sort();
  assert.ok(files.length > 0);
  const u = uses();
  assert.deepEqual([...u.keys()].sort(), files, "files imported = files");
  for (const name of files) {
    const text = Deno.readTextFileSync(new URL(`${name}.md`, TEXT_DIR));
    const sections = [...parseProse(name, text).keys()];
    const { modules, ids } = u.get(name)!;
    const missing = [...ids].filter((id) => !sections.includes(id));
    assert.deepEqual(
      missing,
      [],
      `${modules.join(", ")} call missing sections of ${name}.md`,
    );
    const unused = sections.filter((s) => !ids.has(s));
    assert.deepEqual(unused, [], `${name}.md: sections nobody calls`);
  }
});

Deno.test("prose: placeholders must be passed, and nothing else", () => {
  const text = prose("t", "## a\n{x} and {y}\n## b\nplain\n");
  assert.equal(text("a", { x: 1, y: "two" }), "1 and two");
  assert.throws(() => text("a", { x: 1 }), /t.md: section 'a' needs \{y\}/);
  assert.throws(
    () => text("b", { x: 1 }),
    /t.md: section 'b' does not use \{x\}/,
  );
  assert.throws(() => prose("t", "## A\nx\n"), /bad section id 'A'/);
  assert.throws(() => prose("t", "## a\n\n## b\nx\n"), /section 'a' is empty/);
  // the check above finds calls by this pattern; a computed id is refused
  const calls = [
    ...'text("a-1", v) + text(`x${k}`) + x.text("no") + mytext("no")'
      .matchAll(CALL),
  ].map((m) => m[2] ?? null);
  assert.deepEqual(calls, ["a-1", null]);
});
