/**
 * The JSDoc examples run: every tier of `deno task test` starts with
 * `deno task test:doc` (`tools/doc_tests.ts` on the files and folders it
 * names, one batch), which executes every example of them with its
 * assertions. This test keeps that list and the examples honest: every
 * export of deno.json is in it, and an example states its result with an
 * assertion, never as a `// value` comment that nothing checks.
 */
import assert from "node:assert/strict";
import { examplesOf, filesOf } from "../tools/doc_tests.ts";

const ROOT = new URL("../", import.meta.url);
const config = JSON.parse(
  Deno.readTextFileSync(new URL("deno.json", ROOT)),
) as { exports: Record<string, string>; tasks: Record<string, string> };

/** The files and folders `deno task test:doc` runs the examples of. */
function docTargets(): string[] {
  const task = config.tasks["test:doc"];
  assert.ok(task, "deno.json has no test:doc task");
  const words = task.split(/\s+/);
  const at = words.indexOf("tools/doc_tests.ts");
  assert.ok(at > 0, "test:doc runs tools/doc_tests.ts");
  return words.slice(at + 1).filter((w) => !w.startsWith("-"));
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

Deno.test("every tier of deno task test runs the JSDoc examples first (deno task test:doc)", () => {
  for (const t of ["test", "test:full", "test:long"]) {
    assert.match(config.tasks[t], /^deno run .* tools\/test\.ts\b/, t);
  }
  const script = Deno.readTextFileSync(new URL("tools/test.ts", ROOT));
  assert.match(script, /\["task", "--quiet", "test:doc"\]/);
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

Deno.test("the batch of examples runs each once, skips `ignore` blocks, and a failure names the source file and line", async () => {
  const r = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      "--allow-run",
      "--allow-env",
      "tools/doc_tests.ts",
      "tests/fixtures/doc_failing.ts",
    ],
    cwd: new URL(".", ROOT).pathname,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const out = new TextDecoder().decode(r.stdout) +
    new TextDecoder().decode(r.stderr);
  assert.equal(r.code, 1, out);
  assert.match(out, /2 examples of 1 files/);
  assert.match(out, /tests\/fixtures\/doc_failing\.ts:6 \.\.\. ok/);
  assert.match(
    out,
    /tests\/fixtures\/doc_failing\.ts:14 \(the example at line 11\): Expected values to be strictly equal/,
  );
  assert.match(out, /FAILED \| 1 passed \| 1 failed/);
  assert.doesNotMatch(out, /not run/);
});
