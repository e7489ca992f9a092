/**
 * `flip7 evaluate -p P1,P2,... [--model M] [--deck-counts K:N,...] [--ruling NAME=VALUE ...] [--json]`: the exact
 * one-round EV, sd, P(bust) and P(Flip 7) of each policy played alone, from
 * the solo model (no simulation). `dp`/`optimal` is the model's optimum,
 * `advice` the derived beer-mat rule, `advice:seed` seed 000's cut-offs; with
 * no `-p`, seed 000's table. Policies that cannot be evaluated solo (`human`)
 * get a one-line error.
 *
 * @example
 * ```sh
 * deno task flip7 evaluate --model approx -p optimal,sum:20,bust:0.25 --json
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";
import { loadPolicies } from "../../lib/run/modules.ts";
import type { Command } from "../command.ts";
import { JSON_FLAG, pct, POLICIES, rulesOf, RULING, table } from "../common.ts";
import { evaluateVengeanceCommand } from "./solve_vengeance.ts";
import { evaluatePolicies, SEED_TABLE } from "../../lib/run/evaluate.ts";
import { MODEL_OPTION, modelOf } from "./solve.ts";
import { ActionModel } from "../../lib/solver/actions.ts";
import { announce, duration } from "../cost.ts";

/** Most policies one `evaluate` run takes (each is an exact pass over the model). */
const MAX_POLICIES = 64;

/**
 * The `evaluate` command.
 *
 * @example
 * ```sh
 * deno task flip7 evaluate --model approx -p optimal,sum:20 --json
 * ```
 */
export const evaluateCommand: Command = {
  name: "evaluate",
  summary:
    "Exact EV, sd, bust and Flip 7 rates of policies played alone (default: seed 000's table).",
  usage:
    "evaluate [-p P1,P2,...] [--model approx|exact|numbers|modifiers|all94] [--edition flip7|vengeance] [--deck-counts K:N,...] [--ruling NAME=VALUE ...] [--limit N] [--json]",
  notes: [
    "--edition vengeance evaluates optimal and sum:N (default optimal) over the packed solo Vengeance round, with the solve's --deck-counts, --ruling and --limit (docs/vengeance.md).",
    "On all94 each policy is an exact pass over 1.36 billion states: 3 to 10 s a policy on 2 cores and 4.5 GiB of memory (the default ten: 1-2 min); it says so before it starts. The other models take seconds.",
  ],
  options: {
    ...POLICIES,
    ...MODEL_OPTION,
    ...RULING,
    edition: { type: "string" },
    limit: { type: "string" },
    ...JSON_FLAG,
  },
  async run({ values, out }) {
    if (
      values.edition !== undefined &&
      rulesOf({ edition: values.edition }).edition === "vengeance"
    ) {
      evaluateVengeanceCommand(values, out);
      return;
    }
    if (values.limit !== undefined) {
      throw new InputError(
        `--limit '${values.limit}' is for --edition vengeance (the official models' passes have no limit)`,
      );
    }
    const model = modelOf(values);
    let specs: string[] = [...SEED_TABLE];
    if (values.p !== undefined) {
      const list = String(values.p);
      specs = list.split(",").map((s) => s.trim());
      if (specs.some((s) => s === "")) {
        throw new InputError(
          `bad policy list '${list}': give specs separated by commas, e.g. dp,sum:20`,
        );
      }
      if (specs.length > MAX_POLICIES) {
        throw new InputError(
          `bad -p '${list}': ${specs.length} policies given, evaluate takes at most ${MAX_POLICIES} at a time`,
        );
      }
    }
    await loadPolicies(specs);
    // the all-94 family: one exact pass over 1.36 billion states a policy
    const clock = model instanceof ActionModel
      ? announce(
        `evaluate ${model.name}`,
        `${specs.length} exact pass${specs.length === 1 ? "" : "es"}, about ${
          duration(5 + 3 * specs.length)
        } to ${
          duration(30 + 10 * specs.length)
        } on 2 cores (a minute more for the first solve), and 4.5 GiB of memory on the full deck`,
      )
      : null;
    const t0 = performance.now();
    const rows = evaluatePolicies(specs, model);
    clock?.done();
    const seconds = (performance.now() - t0) / 1000;
    if (values.json) {
      out.json(rows.map((r) => ({
        policy: r.policy,
        ev: r.ev,
        sd: r.sd,
        bust: r.bust,
        flip7: r.flip7,
      })));
      return;
    }
    out.line(
      `Exact one-round values, solo, model '${model.name}' (${
        seconds.toFixed(2)
      } s):`,
    );
    out.line("");
    for (
      const line of table([
        ["policy", "EV", "sd", "bust", "flip7"],
        ...rows.map((r) => [
          r.policy,
          r.ev.toFixed(3),
          r.sd.toFixed(2),
          pct(r.bust),
          pct(r.flip7, 2),
        ]),
      ])
    ) out.line(line);
  },
};
