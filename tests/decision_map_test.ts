/**
 * The decision map (lib/solver/decision_map.ts): the optimal decisions of
 * one solo round binned by Second Chance, numbers showing and their sum.
 */
import assert from "node:assert/strict";
import { decisionMap } from "../lib/solver/decision_map.ts";
import { getModel } from "../lib/solver/model.ts";

Deno.test("decisionMap (approx): weights and shares in range; hit low, stay high; a Second Chance hits further", () => {
  const cells = decisionMap(getModel("approx"));
  assert.ok(cells.length > 100);
  for (const c of cells) {
    assert.ok(c.reach > 0 && c.reach <= 1, JSON.stringify(c));
    assert.ok(c.hitShare >= 0 && c.hitShare <= 1, JSON.stringify(c));
    assert.ok(c.numbers <= 7 && c.sum <= 78, JSON.stringify(c));
  }
  // one number showing is met in most rounds (the first card is a number
  // 79 times in 88), and optimal play always hits on it
  const one = cells.filter((c) => c.numbers === 1);
  const reach1 = one.reduce((s, c) => s + c.reach, 0);
  assert.ok(reach1 > 0.85 && reach1 <= 1.5, `${reach1}`);
  assert.ok(one.every((c) => c.hitShare === 1));
  const at = (chance: boolean, n: number, s: number) =>
    cells.find((c) => c.chance === chance && c.numbers === n && c.sum === s);
  // three numbers, no Second Chance: hit at 20, stay at 27 (seed 000's model)
  assert.ok(at(false, 3, 20)!.hitShare > 0.9, `${at(false, 3, 20)?.hitShare}`);
  assert.ok(at(false, 3, 27)!.hitShare < 0.1, `${at(false, 3, 27)?.hitShare}`);
  // holding a Second Chance, a duplicate does not bust: hit there
  const held = at(true, 3, 27);
  assert.ok(held && held.hitShare > 0.5, `${held?.hitShare}`);
});
