/**
 * Provenance files (`results/NAME.json`, `results/repro.json`) that are not
 * rewritten when nothing but the time and the commit would change: a rerun
 * that produces the same content from the same code (the same
 * `code.sources`, the hash of the module graph that wrote it) keeps the old
 * file, so its `code.commit` stays the commit at which that content was
 * first produced from that code. Rewritten whenever anything else differs:
 * a figure, a count, the command, the Deno version, or the code's hash; and
 * when the old file came from uncommitted code and the new one does not.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const a = { rows: 3, started: "2026-12-01", code: { commit: "aaa", dirty: false, sources: "s1" } };
 * const b = { rows: 3, started: "2026-12-05", code: { commit: "bbb", dirty: false, sources: "s1" } };
 * assert.ok(sameContent(JSON.stringify(a), b)); // only the time and commit differ: keep a
 * assert.ok(!sameContent(JSON.stringify(a), { ...b, rows: 4 }));
 * assert.ok(!sameContent(JSON.stringify(a), { ...b, code: { ...b.code, sources: "s2" } }));
 * ```
 * @module
 */

import { writeFileAtomic } from "../util/io.ts";

/**
 * Top-level fields that say when and how a run was made, not what it made:
 * its times, its worker count, and `run` (an experiment's own timings and
 * notes on the caches it used).
 */
export const VOLATILE_FIELDS: readonly string[] = [
  "run",
  "started",
  "elapsed_s",
  "elapsed_covers",
  "workers",
  "cores",
  "total_s",
  "shared_steps_s",
];

/** Fields of `code` that name the checkout, not the code (its hash is `sources`). */
export const VOLATILE_CODE_FIELDS: readonly string[] = [
  "commit",
  "dirty",
  "changed",
  "changedHash",
];

function stable(p: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(p)) {
    if (VOLATILE_FIELDS.includes(k)) continue;
    if (k === "code" && v && typeof v === "object") {
      out.code = Object.fromEntries(
        Object.entries(v).filter(([c]) => !VOLATILE_CODE_FIELDS.includes(c)),
      );
    } else out[k] = v;
  }
  return out;
}

/**
 * Whether the old file's text says the same as the new provenance, time and
 * checkout aside (so the old file is kept).
 */
export function sameContent(
  oldText: string | null,
  next: Record<string, unknown>,
): boolean {
  if (oldText === null) return false;
  let old: unknown;
  try {
    old = JSON.parse(oldText);
  } catch {
    return false;
  }
  if (!old || typeof old !== "object" || Array.isArray(old)) return false;
  const o = old as Record<string, unknown>;
  const oc = o.code as Record<string, unknown> | undefined;
  const nc = next.code as Record<string, unknown> | undefined;
  // a file from uncommitted code gives way to one from a commit
  if (oc?.dirty !== false && nc?.dirty === false) return false;
  return JSON.stringify(stable(o)) === JSON.stringify(stable(next));
}

/**
 * The text of a provenance file, or null when the one at `path` says the
 * same ({@linkcode sameContent}) and is to be kept; a caller writing it
 * with other files stages them together.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = Deno.makeTempDirSync();
 * const p = { n: 1, started: "t1", code: { commit: "a", dirty: false, sources: "s" } };
 * assert.equal(await writeProvenance(`${dir}/x.json`, p), true);
 * assert.equal(await provenanceText(`${dir}/x.json`, { ...p, started: "t2" }), null);
 * assert.match((await provenanceText(`${dir}/x.json`, { ...p, n: 2 }))!, /"n": 2/);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export async function provenanceText(
  path: string,
  p: Record<string, unknown>,
): Promise<string | null> {
  let old: string | null = null;
  try {
    old = await Deno.readTextFile(path);
  } catch {
    old = null;
  }
  return sameContent(old, p) ? null : JSON.stringify(p, null, 2) + "\n";
}

/**
 * Write a provenance file unless the one there says the same
 * ({@linkcode sameContent}); returns whether it was written.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const dir = Deno.makeTempDirSync();
 * const p = { n: 1, started: "t1", code: { commit: "a", dirty: false, sources: "s" } };
 * assert.equal(await writeProvenance(`${dir}/x.json`, p), true);
 * assert.equal(await writeProvenance(`${dir}/x.json`, { ...p, started: "t2" }), false);
 * assert.match(Deno.readTextFileSync(`${dir}/x.json`), /"t1"/);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export async function writeProvenance(
  path: string,
  p: Record<string, unknown>,
): Promise<boolean> {
  const text = await provenanceText(path, p);
  if (text === null) return false;
  await writeFileAtomic(path, text);
  return true;
}
