/**
 * The optimal one-round law of a model (`lib/solver/law.ts`): computed from
 * the optimal decisions, cached with a checksum, recomputed when damaged;
 * the renewal equation for the rounds a lone player needs to reach a target;
 * and the law used as the opponent's round law by the best-response table
 * (`bestResponse({ opponentLaw })`).
 */
import assert from "node:assert/strict";
import { InputError } from "../lib/game/cards.ts";
import { getModel } from "../lib/solver/model.ts";
import { lawCachePath, roundLaw, roundsToReach } from "../lib/solver/law.ts";
import { bestResponse, opponentLaw } from "../lib/winprob/bestresponse.ts";
import { slow } from "./tier.ts";

Deno.test("round law: computed once, then read back from its cache file; a damaged file is recomputed", () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-law-" });
  try {
    const model = getModel("numbers");
    const log: string[] = [];
    const a = roundLaw(model, {
      dir,
      useCache: false,
      log: (l) => log.push(l),
    });
    assert.equal(a.source, "computed");
    assert.equal(a.ev.toFixed(4), "18.5652");
    assert.ok(Math.abs(a.distribution.reduce((x, y) => x + y) - 1) < 1e-12);
    const path = lawCachePath(model, dir);
    // another spelling of the folder bypasses the in-process memo, as a new process would
    const b = roundLaw(model, { dir: `${dir}/.`, log: (l) => log.push(l) });
    assert.equal(b.source, "cache");
    assert.deepEqual([...b.distribution], [...a.distribution]);
    assert.equal(b.ev, a.ev);
    assert.equal(b.bust, a.bust);
    const text = Deno.readTextFileSync(path);
    Deno.writeTextFileSync(path, text.replace(/"ev":1/, '"ev":2'));
    const c = roundLaw(model, { dir: `${dir}/./.`, log: (l) => log.push(l) });
    assert.equal(c.source, "computed");
    assert.ok(log.some((l) => l.includes("checksum mismatch")), log.join("\n"));
    const d = roundLaw(model, { dir: `${dir}//`, log: (l) => log.push(l) });
    assert.equal(d.source, "cache");
    assert.equal(d.ev, a.ev);
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("rounds to reach a target: renewal equation, and a law that never scores is refused", () => {
  assert.equal(roundsToReach([0, 1], 3), 3);
  assert.equal(roundsToReach([0.5, 0.5], 2), 4);
  assert.throws(() => roundsToReach([1], 200), InputError);
});

Deno.test(
  slow(
    "best response: the maximiser's law given outright gives the same table; a stronger all-cards law lowers W(0, 0)",
  ),
  () => {
    const target = 60;
    const base = bestResponse({ target });
    const given = bestResponse({
      target,
      opponentLaw: opponentLaw("maximiser"),
    });
    assert.equal(given.w00, base.w00);
    // the modifiers deck's optimum (mean 20.23 against 18.57): a stronger opponent
    const law = roundLaw(getModel("modifiers"), { log: () => {} });
    const vsModifiers = bestResponse({ target, opponentLaw: law.distribution });
    assert.ok(vsModifiers.w00 < base.w00, `${vsModifiers.w00} vs ${base.w00}`);
    assert.ok(Math.abs(vsModifiers.opponentMean - law.ev) < 1e-9);
    assert.throws(
      () => bestResponse({ target, opponentLaw: [0.5, 0.4] }),
      InputError,
    );
    assert.throws(
      () =>
        bestResponse({ target, opponentLaw: law.distribution, selfPlay: true }),
      InputError,
    );
  },
);
