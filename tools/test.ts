/**
 * `deno task test`, `test:full` and `test:long`: the JSDoc examples
 * (`deno task test:doc`), then `tests/`, with the caches in a temporary
 * folder, and a check that the run left the repository as it found it.
 *
 * ```sh
 * deno task test                   # the fast tier: the slow end-to-end cases are ignored
 * deno task test:full              # every case (what CI runs): FLIP7_TESTS=full
 * deno task test:long              # and the long ones: FLIP7_LONG=1
 * deno task test tests/sim_test.ts # these files only (no examples), with the task's rights
 * ```
 *
 * `FLIP7_CACHE_DIR` points every test (and every command a test runs) at a
 * fresh temporary folder, removed at the end, so a run writes nothing into
 * the repository's `.cache/` and starts from no cache. After the tests,
 * `git status` and every file of `.cache/` and `results/` (ignored ones
 * included: run logs, shards) must be as they were before: a test that
 * wrote there fails the run, named by the file it left.
 *
 * @module
 */

/** The permissions `tests/` run with. */
export const TEST_FLAGS = [
  "--allow-read",
  "--allow-write",
  "--allow-env",
  "--allow-sys",
  "--allow-run",
  "--allow-ffi",
  "--allow-net=127.0.0.1",
];

const ROOT = new URL("../", import.meta.url).pathname;

/**
 * What a test run must not change: `git status`, and the size and
 * modification time of every file under `.cache/` and `results/`.
 */
export async function repoState(root = ROOT): Promise<Map<string, string>> {
  const state = new Map<string, string>();
  const git = await new Deno.Command("git", {
    args: ["status", "--porcelain=v1", "--untracked-files=all"],
    cwd: root,
    stdout: "piped",
    stderr: "null",
  }).output();
  if (git.success) {
    for (const l of new TextDecoder().decode(git.stdout).split("\n")) {
      if (l) state.set(`git status: ${l}`, "");
    }
  }
  const walk = (dir: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(`${root}${dir}`)];
    } catch {
      return;
    }
    for (const e of entries) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory) walk(rel);
      else {
        const s = Deno.lstatSync(`${root}${rel}`);
        state.set(rel, `${s.size} bytes, modified ${s.mtime?.toISOString()}`);
      }
    }
  };
  walk(".cache");
  walk("results");
  return state;
}

/** The differences between two states, one line each. */
export function changes(
  before: Map<string, string>,
  after: Map<string, string>,
): string[] {
  const out: string[] = [];
  for (const [k, v] of after) {
    if (!before.has(k)) out.push(`new: ${k}`);
    else if (before.get(k) !== v) out.push(`changed: ${k}`);
  }
  for (const k of before.keys()) if (!after.has(k)) out.push(`gone: ${k}`);
  return out;
}

async function run(args: string[], env: Record<string, string>) {
  const r = await new Deno.Command(Deno.execPath(), {
    args,
    cwd: ROOT,
    env,
    stdin: "null",
  }).spawn().status;
  return r.code;
}

if (import.meta.main) {
  const tier = Deno.args.includes("--long")
    ? "long"
    : Deno.args.includes("--full")
    ? "full"
    : "fast";
  const files = Deno.args.filter((a) => !a.startsWith("--"));
  const tmp = await Deno.makeTempDir({ prefix: "flip7-test-" });
  const env: Record<string, string> = { FLIP7_CACHE_DIR: `${tmp}/.cache` };
  if (tier !== "fast") env.FLIP7_TESTS = "full";
  if (tier === "long") env.FLIP7_LONG = "1";
  const t0 = performance.now();
  const before = await repoState();
  let failed = false;
  try {
    if (files.length === 0) {
      failed = await run(["task", "--quiet", "test:doc"], env) !== 0;
    }
    failed = await run(
          ["test", ...TEST_FLAGS, ...(files.length ? files : ["tests/"])],
          env,
        ) !== 0 || failed;
  } finally {
    await Deno.remove(tmp, { recursive: true }).catch(() => {});
  }
  const changed = changes(before, await repoState());
  if (changed.length > 0) {
    console.log(
      `test: the run changed the repository (tests must write into temporary folders):\n  ${
        changed.join("\n  ")
      }`,
    );
    failed = true;
  }
  console.log(
    `test: ${tier} tier ${failed ? "FAILED" : "passed"} in ${
      ((performance.now() - t0) / 1000).toFixed(0)
    } s`,
  );
  Deno.exit(failed ? 1 : 0);
}
