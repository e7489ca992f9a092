/**
 * The evaluation cache of the deck-variants rule searches
 * (`lib/solver/eval_cache.ts`): a file gives back every bit the evaluation
 * gave, and a damaged file, one of another model or policy, or one written
 * by other code is recomputed, never believed.
 */
import assert from "node:assert/strict";
import {
  cachedEvaluation,
  evalCachePath,
  librarySource,
} from "../lib/solver/eval_cache.ts";
import { getModel } from "../lib/solver/model.ts";
import { evaluatePolicies } from "../lib/run/evaluate.ts";
import { fnv1a } from "../lib/util/io.ts";

const model = getModel("numbers");
const SPEC = "sum:23";
const exact = evaluatePolicies([SPEC], model)[0];
const never = () => {
  throw new Error("evaluated although a good cache file was there");
};

/** A fresh folder holding the cache file one evaluation wrote. */
function written(): { dir: string; path: string } {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-evalcache-" });
  let calls = 0;
  cachedEvaluation(model, SPEC, () => {
    calls++;
    return exact;
  }, { dir, log: () => {} });
  assert.equal(calls, 1);
  return { dir, path: evalCachePath(model, SPEC, dir) };
}

/** The same file in another folder (the in-memory copy is per path). */
function copied(from: string, edit?: (text: string) => string): string {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-evalcache-" });
  const text = Deno.readTextFileSync(from);
  Deno.writeTextFileSync(
    evalCachePath(model, SPEC, dir),
    edit ? edit(text) : text,
  );
  return dir;
}

Deno.test("eval cache: a file gives back every figure bit for bit without evaluating", () => {
  const { path } = written();
  const dir = copied(path);
  const f = cachedEvaluation(model, SPEC, never, { dir, log: () => {} });
  for (const k of ["ev", "sd", "bust", "flip7", "visited"] as const) {
    assert.ok(Object.is(f[k], exact[k]), `${k}: ${f[k]} vs ${exact[k]}`);
  }
  assert.equal(JSON.parse(Deno.readTextFileSync(path)).source, librarySource());
});

Deno.test("eval cache: damaged, foreign or other-code files are recomputed", () => {
  const { path } = written();
  const edits: [string, (t: string) => string][] = [
    ["a changed figure", (t) => t.replace(/"ev":[0-9.e-]+/, '"ev":1')],
    ["truncated", (t) => t.slice(0, t.length >> 1)],
    ["empty", () => ""],
    ["another policy", (t) => t.replace(`"spec":"${SPEC}"`, '"spec":"sum:24"')],
  ];
  for (const [what, edit] of edits) {
    const dir = copied(path, edit);
    let calls = 0;
    const lines: string[] = [];
    const f = cachedEvaluation(model, SPEC, () => {
      calls++;
      return exact;
    }, { dir, log: (l) => lines.push(l) });
    assert.equal(calls, 1, what);
    assert.equal(f.ev, exact.ev, what);
    assert.equal(lines.length, 1, `${what}: ${lines.join(" | ")}`);
  }
  // another code version, with a checksum that matches its body: stale
  const doc = JSON.parse(Deno.readTextFileSync(path));
  assert.ok(typeof doc.source === "string");
  const { checksum: _, ...body } = doc;
  body.source = "00000000";
  const dir = copied(
    path,
    () => JSON.stringify({ ...body, checksum: fnv1a(JSON.stringify(body)) }),
  );
  const lines: string[] = [];
  let calls = 0;
  cachedEvaluation(model, SPEC, () => {
    calls++;
    return exact;
  }, { dir, log: (l) => lines.push(l) });
  assert.equal(calls, 1);
  assert.match(lines.join("\n"), /other code/);
});
