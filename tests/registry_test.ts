/**
 * One spec resolver: every name the project accepts — the registry's
 * strategies, `optimal`, `advice`, `advice:seed`, the search and winprob
 * ablations, policy modules — resolves through the registry, and `rules`
 * lists them all.
 */
import assert from "node:assert/strict";
import { InputError } from "../lib/game/cards.ts";
import { main } from "../cli/main.ts";
import { AdviceStrategy, SEED_ADVICE } from "../lib/solver/advice.ts";
import { getModel } from "../lib/solver/model.ts";
import { soloStrategy } from "../lib/run/evaluate.ts";
import { DpStrategy } from "../lib/solver/dp_strategy.ts";
import {
  makeStrategy,
  REGISTRY,
  resolveStrategy,
} from "../lib/run/registry.ts";
import { SearchStrategy } from "../lib/winprob/search_strategy.ts";
import {
  WINPROB_ABLATIONS,
  WinProbStrategy,
} from "../lib/winprob/winprob_strategy.ts";
import { MATCHES } from "../experiments/win-agent.ts";

Deno.test("registry: optimal, advice:seed and the ablations are names of the registry", () => {
  const dp = makeStrategy("optimal");
  assert.ok(dp instanceof DpStrategy);
  assert.equal(dp.name, "dp");
  assert.equal(
    resolveStrategy("optimal", { model: "approx" }).name,
    "dp:approx",
  );
  const seed = makeStrategy("advice:seed");
  assert.ok(seed instanceof AdviceStrategy);
  assert.deepEqual(seed.groups[0], SEED_ADVICE);
  const bank = makeStrategy("search-bank");
  assert.ok(bank instanceof SearchStrategy);
  assert.equal(bank.leafMode, "bank");
  assert.equal(makeStrategy("search0-bank").name, "search0-bank");
  for (const name of Object.keys(WINPROB_ABLATIONS)) {
    assert.ok(makeStrategy(name) instanceof WinProbStrategy, name);
  }
  assert.throws(() => makeStrategy("advice:other"), InputError);
  assert.throws(() => makeStrategy("search-bank:1"), InputError);
});

Deno.test("registry: soloStrategy is the registry with the model as context", () => {
  const model = getModel("approx");
  for (const spec of ["dp", "optimal", "advice:seed", "sum:20", "bust:0.25"]) {
    assert.equal(
      soloStrategy(spec, model).name,
      resolveStrategy(spec, { model: "approx" }).name,
      spec,
    );
  }
  const advice = soloStrategy("advice", model);
  assert.ok(advice instanceof AdviceStrategy);
  assert.throws(() => soloStrategy("human", model), InputError);
});

Deno.test("registry: every agent and opponent of the win-agent matches resolves", () => {
  for (const m of MATCHES) {
    for (const spec of [m.agent, m.opponent]) makeStrategy(spec);
  }
});

Deno.test("registry: rules lists every name and policy modules", async () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (s: string) => lines.push(s);
  try {
    assert.equal(await main(["rules", "--no-file"]), 0);
  } finally {
    console.log = log;
  }
  const text = lines.join("\n");
  for (const e of REGISTRY) {
    assert.match(text, new RegExp(`^  ${RegExp.escape(e.usage)} +\\S`, "m"));
  }
  assert.match(text, /^ {2}\.\/FILE\.ts\[:P\] +A policy module/m);
});
