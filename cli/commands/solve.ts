/**
 * `flip7 solve [--model M] [--deck-counts K:N,...] [--ruling NAME=VALUE ...] [--no-cache] [--json]`:
 * solve the single-player round exactly (optimal stopping), or load the
 * solved table from `.cache/`, and print the optimal value, the state count,
 * the time, the model's assumptions and the optimal play's sd, P(bust) and
 * P(Flip 7). `--deck-counts 0:2,x2:0` changes the model's deck; `--ruling
 * actions=immediate` (repeatable, see `flip7 rules`) the rulings (only
 * `all94` reads them).
 *
 * @example
 * ```sh
 * deno task flip7 solve --model approx --no-cache --json
 * ```
 * @module
 */

import { choiceOption, type Values } from "../args.ts";
import { InputError } from "../../lib/game/cards.ts";
import type { Command } from "../command.ts";
import { JSON_FLAG, pct, rulesOf, RULING, rulingsOf } from "../common.ts";
import { applyRulings, DEFAULT_RULINGS } from "../../lib/game/rulings.ts";
import { writeFileAtomic } from "../output.ts";
import { fsCause } from "../guard.ts";
import {
  cacheNotWritten,
  cachePath,
  encodeDecisions,
  loadDecisions,
} from "../../lib/solver/cache.ts";
import { evaluateTable } from "../../lib/solver/forward.ts";
import {
  baseDeck,
  deckLabel,
  DEFAULT_MODEL,
  getModel,
  MODEL_NAMES,
  type SoloModel,
} from "../../lib/solver/model.ts";
import { adoptSpace, solve } from "../../lib/solver/solve.ts";
import { ActionModel } from "../../lib/solver/actions.ts";
import { announce } from "../cost.ts";
import { solveVengeanceCommand } from "./solve_vengeance.ts";

/**
 * The `--model` option.
 *
 * @example
 * ```ts
 * const options = { ...MODEL_OPTION }; // --model M --deck-counts K:N,...
 * ```
 */
export const MODEL_OPTION = {
  model: { type: "string" as const },
  "deck-counts": { type: "string" as const },
};

/**
 * The `--model` value for commands that need the reach probability of every
 * state (`odds`, `advice`): a model that does not keep them (`all94`) is
 * refused before any solving, naming the ones that do.
 *
 * @throws {InputError} naming the model and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(reachModelOf({ model: "approx" }, "odds").name, "approx");
 * ```
 */
export function reachModelOf(values: Values, command: string): SoloModel {
  const model = modelOf(values);
  if (model.forwardEvaluate) {
    const ok = MODEL_NAMES.filter((n) => !getModel(n).forwardEvaluate);
    throw new InputError(
      `bad --model '${model.name}' for ${command}: it needs the reach probability of every state, which the '${model.name}' model does not keep; allowed ${
        ok.join(", ")
      }`,
    );
  }
  return model;
}

/**
 * The `--model` value as a model (default `exact`).
 *
 * @throws {InputError} naming the bad value and the allowed ones.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(modelOf({ model: "approx" }).name, "approx");
 * ```
 */
export function modelOf(values: Values): SoloModel {
  const name = choiceOption(values, "model", MODEL_NAMES, DEFAULT_MODEL);
  const counts = values["deck-counts"];
  if (typeof counts === "string" && counts.trim() === "") {
    throw new InputError(
      "bad --deck-counts '': give KIND:COUNT pairs separated by commas, e.g. 0:2,x2:0 (leave the option out for the model's own deck)",
    );
  }
  const rulings = applyRulings(DEFAULT_RULINGS, rulingsOf(values));
  return getModel(
    name,
    counts === undefined ? undefined : String(counts),
    rulings,
  );
}

const fmtInt = (n: number) => n.toLocaleString("en-US");

function exists(path: string): boolean {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
}

/**
 * The `solve` command.
 *
 * @example
 * ```ts
 * // deno task flip7 solve --model approx --no-cache --json
 * ```
 */
export const solveCommand: Command = {
  name: "solve",
  summary:
    "Solve one solo round exactly (optimal stopping): value, states, time, assumptions.",
  usage:
    "solve [--model approx|exact|numbers|modifiers|all94] [--edition flip7|vengeance] [--deck-counts K:N,...] [--ruling NAME=VALUE ...] [--limit N] [--no-cache] [--json]",
  notes: [
    "--edition vengeance solves a round of Flip 7: With a Vengeance by the packed-state solver (no --model; --deck-counts in its card names; --limit N draw nodes, default 50 million, about 4 GiB): the whole Vengeance deck passes the limit (docs/vengeance.md, 'The solo optimum').",
    "On the all-94 family (all94: 1.36 billion states) a solve and its forward pass take about 1 min on 2 cores and 4 GiB of memory (30 s from the cache); it says so before it starts. The other models take seconds.",
  ],
  options: {
    ...MODEL_OPTION,
    ...RULING,
    edition: { type: "string" },
    limit: { type: "string" },
    "no-cache": { type: "boolean" },
    ...JSON_FLAG,
  },
  async run({ values, out }) {
    if (
      values.edition !== undefined &&
      rulesOf({ edition: values.edition }).edition === "vengeance"
    ) {
      solveVengeanceCommand(values, out);
      return;
    }
    if (values.limit !== undefined) {
      throw new InputError(
        `--limit '${values.limit}' is for --edition vengeance (the official models' solves have no limit)`,
      );
    }
    const model = modelOf(values);
    // the all-94 family: 1.36 billion states on the full deck
    const clock = model instanceof ActionModel
      ? announce(
        `solve ${model.name}`,
        `${
          values["no-cache"] || cacheNotWritten(cachePath(model)) ||
            !exists(cachePath(model))
            ? "solve and forward pass, about 1 min"
            : "the table from the cache and a forward pass, about 30 s"
        } on 2 cores and 4 GiB of memory on the full deck (less on a smaller --deck-counts deck)`,
      )
      : null;
    type Table = Pick<ReturnType<typeof loadDecisions>, "space" | "hit">;
    let ev = 0, seconds = 0, source = "", written = true;
    const fresh = async (): Promise<Table> => {
      const sol = model.solveDecisions?.() ?? solve(model);
      ev = sol.ev;
      seconds = sol.seconds;
      source = "solved";
      try {
        await writeFileAtomic(
          cachePath(model),
          encodeDecisions(sol.space, sol.hit, sol.ev),
        );
        written = true;
      } catch (e) {
        written = false;
        console.error(
          `flip7: could not write the solver cache ${cachePath(model)} (${
            fsCause(e)
          }); the solve is used for this run only`,
        );
      }
      return { space: adoptSpace(sol.space), hit: sol.hit };
    };
    let table: Table;
    if (values["no-cache"]) table = await fresh();
    else {
      const t = loadDecisions(model);
      ev = t.ev;
      seconds = t.seconds;
      source = t.source;
      table = t;
      written = !cacheNotWritten(cachePath(model));
    }
    let t1 = performance.now();
    let opt = evaluateTable(table.space, table.hit, "dp");
    // the value a cache file states is checked against its own decisions'
    // forward pass (a forged or damaged header with a good checksum)
    if (
      source !== "solved" &&
      !(Math.abs(opt.ev - ev) <= 1e-8 * Math.max(1, Math.abs(ev)))
    ) {
      console.error(
        `flip7: solver cache ${
          cachePath(model)
        } states an optimal value of ${ev} that its decisions do not give (${opt.ev}): damaged; solving the '${model.name}' model again`,
      );
      table = await fresh();
      t1 = performance.now();
      opt = evaluateTable(table.space, table.hit, "dp");
    }
    const evalSeconds = (performance.now() - t1) / 1000;
    clock?.done();
    const mem = Deno.memoryUsage();
    const actions = model instanceof ActionModel ? model : null;
    const result = {
      model: model.name,
      ev,
      states: actions ? actions.denseStates() : table.space.states,
      seconds,
      source,
      cores: actions
        ? actions.spaces().base.cores.length
        : table.space.cores.length,
      modes: actions ? actions.modes.n : 1,
      visited: opt.visited,
      deck: model.deck.every((c, k) => c === baseDeck(model.name)[k])
        ? "default"
        : deckLabel(model.deck, baseDeck(model.name)),
      // the rulings the model reads, when they are not the defaults
      ...(model.rules.name.includes("+")
        ? { rulings: model.rules.name.split("+").slice(1) }
        : {}),
      sd: opt.sd,
      bust: opt.bust,
      flip7: opt.flip7,
      forwardEv: opt.ev,
      evalSeconds,
      rssMB: Math.round(mem.rss / 1e6),
      arrayMB: Math.round(mem.external / 1e6),
      cache: cachePath(model),
      summary: model.summary,
      assumptions: model.assumptions,
    };
    if (values.json) {
      out.json(result);
      return;
    }
    out.line(`Model '${model.name}': ${model.summary}`);
    out.line("Assumptions:");
    for (const a of model.assumptions) out.line(`  - ${a}`);
    out.line("");
    out.line(
      `Optimal value: ${ev.toFixed(4)} points per round (sd ${
        opt.sd.toFixed(2)
      }, bust ${pct(opt.bust)}, Flip 7 ${pct(opt.flip7, 2)})`,
    );
    out.line(
      `Deck: ${result.deck} (${model.deck.reduce((a, b) => a + b)} cards)`,
    );
    out.line(
      actions
        ? `States: ${fmtInt(result.states)} (${
          fmtInt(result.cores)
        } cores × ${result.modes} action modes × 64 modifier masks, the pre-deal state not counted); optimal play visits ${
          fmtInt(opt.visited)
        }`
        : `Reachable states: ${fmtInt(result.states)} (${
          fmtInt(result.cores)
        } cores × 64 modifier masks, the pre-deal state not counted)`,
    );
    out.line(
      source === "cache"
        ? `Loaded from ${result.cache} in ${
          seconds.toFixed(3)
        } s (solve from scratch: --no-cache)`
        : `Solved in ${seconds.toFixed(3)} s; table ${
          written ? "written to" : "not written to"
        } ${result.cache}`,
    );
    out.line(
      `Forward pass over the optimal policy: ${opt.ev.toFixed(10)} (${
        evalSeconds.toFixed(3)
      } s); memory: rss ${result.rssMB} MB, typed arrays ${result.arrayMB} MB`,
    );
  },
};
