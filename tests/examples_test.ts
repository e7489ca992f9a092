/**
 * The JSDoc examples run: `deno task test` starts with `deno task test:doc`
 * (`deno test --doc` on the files and folders it names), which executes
 * every example of them with its assertions. This test keeps that list and
 * the examples honest: every export of deno.json is in it, and an example
 * states its result with an assertion, never as a `// value` comment that
 * nothing checks.
 */
import assert from "node:assert/strict";

const ROOT = new URL("../", import.meta.url);
const config = JSON.parse(
  Deno.readTextFileSync(new URL("deno.json", ROOT)),
) as { exports: Record<string, string>; tasks: Record<string, string> };

/** The files and folders `deno task test:doc` runs the examples of. */
function docTargets(): string[] {
  const task = config.tasks["test:doc"];
  assert.ok(task, "deno.json has no test:doc task");
  const words = task.split(/\s+/);
  assert.deepEqual(words.slice(0, 3), ["deno", "test", "--doc"]);
  return words.slice(3).filter((w) => !w.startsWith("-"));
}

/** Every .ts file a target names (a folder: its files, recursively). */
function filesOf(target: string): string[] {
  const url = new URL(target, ROOT);
  if (Deno.statSync(url).isFile) return [target.replace(/^\.\//, "")];
  const base = target.replace(/^\.\//, "").replace(/\/?$/, "/");
  return [...Deno.readDirSync(url)].flatMap((e) =>
    e.isDirectory
      ? filesOf(base + e.name)
      : e.name.endsWith(".ts")
      ? [base + e.name]
      : []
  );
}

/**
 * The languages `deno test --doc` runs a fenced block of a JSDoc comment as
 * (a bare ``` fence is TypeScript there).
 */
const RUN_LANGS = new Set(["", "ts", "typescript", "js", "javascript"]);

/**
 * The examples `deno test --doc` runs in a file's JSDoc comments: the
 * ```ts (or bare ```) blocks, with the line each starts on. Every fence
 * opens or closes a block whatever its language, so the closing fence of a
 * ```sh block is not read as the opening of a TypeScript one, and a block
 * marked `ignore` (```ts ignore, which `deno test --doc` skips) is not
 * returned.
 */
export function examplesOf(text: string): { line: number; code: string[] }[] {
  const out: { line: number; code: string[] }[] = [];
  const lines = text.split("\n");
  // inside a fence: the block being collected, or null for one that is not run
  let inside = false;
  let open: { line: number; code: string[] } | null = null;
  lines.forEach((raw, i) => {
    const m = raw.match(/^\s*\*\s?(.*)$/);
    if (!m) return;
    const body = m[1];
    const fence = body.trim().match(/^```\s*([^`]*)$/);
    if (fence) {
      if (inside) {
        if (open) out.push(open);
        inside = false;
        open = null;
      } else {
        const [lang = "", ...attrs] = fence[1].trim().split(/[\s,]+/);
        inside = true;
        open = RUN_LANGS.has(lang.toLowerCase()) && !attrs.includes("ignore")
          ? { line: i + 1, code: [] }
          : null;
      }
      return;
    }
    open?.code.push(body);
  });
  return out;
}

/**
 * A line of an example that shows a value in a trailing comment instead of
 * asserting it: `x.ev; // 22.2318`, `f(); // "a"`, `ok; // true`.
 */
export function unassertedValue(line: string): boolean {
  if (/\bassert\b/.test(line)) return false;
  return /\S.*\/\/\s*(["'`[{]|[-+]?\d|≈|true\b|false\b|null\b|undefined\b)/
    .test(line);
}

Deno.test("deno task test runs the JSDoc examples first (deno task test:doc)", () => {
  assert.match(config.tasks.test, /^deno task test:doc && deno test /);
  assert.match(config.tasks["test:long"], /^deno task test:doc && /);
});

Deno.test("test:doc covers every export of deno.json", () => {
  const targets = docTargets();
  const covered = new Set(targets.flatMap(filesOf));
  const missing = Object.values(config.exports)
    .map((p) => p.replace(/^\.\//, ""))
    .filter((p) => !covered.has(p));
  assert.deepEqual(missing, [], "exports whose examples do not run");
});

Deno.test("every example that test:doc runs states its results with assertions", () => {
  const files = [...new Set(docTargets().flatMap(filesOf))];
  let examples = 0, asserting = 0;
  const bad: string[] = [];
  for (const f of files) {
    for (const ex of examplesOf(Deno.readTextFileSync(new URL(f, ROOT)))) {
      examples++;
      if (ex.code.some((l) => /\bassert\b/.test(l))) asserting++;
      ex.code.forEach((l, k) => {
        if (unassertedValue(l)) {
          bad.push(`${f}:${ex.line + 1 + k}: ${l.trim()}`);
        }
        if (/^\s*declare\s/.test(l)) {
          bad.push(
            `${f}:${ex.line + 1 + k}: a declared placeholder: ${l.trim()}`,
          );
        }
      });
    }
  }
  assert.deepEqual(bad, []);
  // the ten exports alone hold 84 examples, 62 of them asserting (the rest
  // show a type's shape): fewer means the extraction broke
  assert.ok(examples >= 84, `only ${examples} examples found`);
  assert.ok(
    asserting >= 62,
    `only ${asserting} of ${examples} examples assert`,
  );
});

Deno.test("the example checks find what they look for", () => {
  const ex = examplesOf([
    "/**",
    " * @example",
    " * ```ts",
    ' * solve(getModel("approx")).ev; // 22.2318',
    " * ```",
    " * ```sh",
    " * deno task flip7 sim",
    " * ```",
    " */",
  ].join("\n"));
  assert.deepEqual(ex, [{
    line: 3,
    code: ['solve(getModel("approx")).ev; // 22.2318'],
  }]);
  // a ```sh block before a ```ts one, and a ```ts ignore block: the old
  // parser opened a TypeScript block at the sh block's closing fence (and
  // at the ignore block's), and lost the real example
  assert.deepEqual(
    examplesOf([
      "/**",
      " * ```sh",
      " * deno task flip7 sim -n 10",
      " * ```",
      " * Between the blocks.",
      " * ```ts ignore",
      ' * await Deno.writeTextFile("results/x.csv", ""); // 1',
      " * ```",
      " * ```ts",
      " * assert.equal(1 + 1, 2);",
      " * ```",
      " * ``` typescript",
      " * const n = 2;",
      " * ```",
      " */",
    ].join("\n")),
    [
      { line: 9, code: ["assert.equal(1 + 1, 2);"] },
      { line: 12, code: ["const n = 2;"] },
    ],
  );
  for (
    const l of [
      "x.ev; // 22.2318",
      'referenceText(undefined); // "—"',
      "MAX_SEEDS === 100; // true",
      "f(); // [1, 2]",
      "pngDpi(png); // ≈ 192",
    ]
  ) assert.ok(unassertedValue(l), l);
  for (
    const l of [
      'assert.equal(x.ev.toFixed(4), "22.2318"); // exact',
      "const dir = await Deno.makeTempDir(); // e.g. results/charts",
      "// 2 sizes × 2 seeds",
      "const n = 2;",
    ]
  ) assert.ok(!unassertedValue(l), l);
});
