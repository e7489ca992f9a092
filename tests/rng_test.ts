import assert from "node:assert/strict";
import { Rng } from "../lib/rng.ts";

Deno.test("the PRNG is pinned: SFC32 outputs for seed 42 never change", () => {
  const r = new Rng(42);
  assert.deepEqual(Array.from({ length: 5 }, () => r.next()), [
    1786082761,
    1094965026,
    2468979905,
    604201345,
    3720885681,
  ]);
  const s = new Rng(42, 7);
  assert.deepEqual(Array.from({ length: 5 }, () => s.below(94)), [
    5,
    17,
    75,
    70,
    48,
  ]);
});

Deno.test("streams differ, reseeding restarts, below() is uniform within 4 SE", () => {
  const a = new Rng(1, 0), b = new Rng(1, 1);
  assert.notEqual(a.next(), b.next());
  const c = new Rng(5, 3), first = c.next();
  c.reseed(5, 3);
  assert.equal(c.next(), first);
  const n = 600_000, k = 6, counts = new Array(k).fill(0);
  const r = new Rng(9);
  for (let i = 0; i < n; i++) counts[r.below(k)]++;
  const p = 1 / k, se = Math.sqrt((p * (1 - p)) / n);
  for (const x of counts) assert.ok(Math.abs(x / n - p) < 4 * se, `${x}`);
});
