/**
 * `flip7 solve --edition vengeance [--deck-counts K:N,...] [--ruling NAME=VALUE ...] [--limit N] [--no-cache] [--json]`:
 * the exact solo optimum of one round of *Flip 7: With a Vengeance* by the
 * packed-state solver (`lib/solver/vengeance.ts`), under the rulings given
 * and the solo treatments, kept in a checksummed JSON cache file. The DP
 * stops at `--limit` draw nodes (default 50 million, about 4 GiB) with one
 * line, exit 2: the 108-card deck passes it (docs/vengeance.md, "The solo
 * optimum"), a smaller `--deck-counts` deck does not.
 *
 * @example
 * ```sh
 * deno task flip7 solve --edition vengeance --deck-counts 8:0,9:0,10:0,11:0,12:0,13:0,lucky13:0,unlucky7:0 --json
 * ```
 * @module
 */

import { intOption, type Values } from "../args.ts";
import { InputError } from "../../lib/game/cards.ts";
import { DEFAULT_TREATMENTS } from "../../lib/game/kernel_state.ts";
import { withRules } from "../../lib/game/rules.ts";
import { VENGEANCE_RULINGS } from "../../lib/game/rulings.ts";
import { withDeckCounts } from "../../lib/solver/decks.ts";
import {
  cachedVengeance,
  VENGEANCE_LIMIT,
  vengeanceCachePath,
  VengeanceSolver,
} from "../../lib/solver/vengeance.ts";
import type { Output } from "../output.ts";
import { pct, rulesOf, table } from "../common.ts";
import { announce } from "../cost.ts";

/** The rules, deck label and --limit of a Vengeance solve or evaluate. */
function vengeanceInput(values: Values) {
  if (values.model !== undefined) {
    throw new InputError(
      `bad --model '${values.model}' with --edition vengeance: the models are the official edition's; give the Vengeance deck with --deck-counts and its rulings with --ruling`,
    );
  }
  let rules = rulesOf({ edition: values.edition, ruling: values.ruling });
  const counts = values["deck-counts"];
  if (counts !== undefined) {
    const deck = withDeckCounts(rules.deck, String(counts), rules.cards);
    deck.forEach((c, k) => {
      if (c < 0) {
        throw new InputError(
          `bad --deck-counts: ${c} copies of '${
            rules.cards.names[k]
          }': a count goes from 0`,
        );
      }
    });
    rules = withRules(rules, { deck });
  }
  const limit = intOption(values, "limit", {
    min: 1,
    max: 1_000_000_000,
    default: VENGEANCE_LIMIT,
  });
  const label = rules.deck.every((c, k) => c === rules.cards.counts[k])
    ? "default"
    : rules.cards.names.flatMap((n, k) =>
      rules.deck[k] === rules.cards.counts[k] ? [] : [`${n}:${rules.deck[k]}`]
    ).join(",");
  return { rules, label, limit };
}

/**
 * Run `solve --edition vengeance` (the `solve` command hands it over when
 * `--edition` names the Vengeance edition).
 *
 * @throws {InputError} for a bad option, a deck the solver does not play, or
 *   a round that passes `--limit`
 * @example
 * ```ts
 * // deno task flip7 solve --edition vengeance --deck-counts ... --json
 * ```
 */
export function solveVengeanceCommand(values: Values, out: Output): void {
  const { rules, label, limit } = vengeanceInput(values);
  const cache = vengeanceCachePath(rules);
  const clock = label === "default"
    ? announce(
      "solve --edition vengeance",
      `the DP up to --limit ${limit} draw nodes: about 4 min and 4 GiB at the default limit before it stops, the 108-card deck passing it`,
    )
    : null;
  let solved;
  try {
    solved = cachedVengeance(rules, {
      limit,
      useCache: values["no-cache"] !== true,
    });
  } catch (e) {
    if (e instanceof RangeError) {
      throw new InputError(
        `solve --edition vengeance: the round passed --limit ${limit} draw nodes before it was solved (deck ${label}): give a smaller deck with --deck-counts or a larger --limit (docs/vengeance.md, 'The solo optimum')`,
      );
    }
    throw e;
  } finally {
    clock?.done();
  }
  const result = {
    edition: "vengeance",
    rules: rules.name,
    deck: label,
    cards: rules.deck.reduce((a, b) => a + b, 0),
    // the rulings of the edition, and the solo treatments of a Vengeance round
    rulings: Object.fromEntries(
      VENGEANCE_RULINGS.map((r) => [r.name, rules.rulings[r.key]]),
    ),
    treatments: {
      actionTarget: DEFAULT_TREATMENTS.actionTarget,
      modifierTarget: DEFAULT_TREATMENTS.modifierTarget,
      swap: DEFAULT_TREATMENTS.swap,
      ownCard: DEFAULT_TREATMENTS.ownCard,
    },
    value: solved.value,
    bust: solved.bust,
    flip7: solved.flip7,
    states: solved.states,
    seconds: solved.seconds,
    source: solved.source,
    cache,
  };
  if (values.json) {
    out.json(result);
    return;
  }
  out.line(
    `Vengeance solo round, rules '${rules.name}', deck ${label} (${result.cards} cards)`,
  );
  out.line(
    `Optimal value: ${solved.value.toFixed(6)} points per round (bust ${
      pct(solved.bust)
    }, Flip 7 ${pct(solved.flip7, 2)})`,
  );
  out.line(
    `Draw nodes solved: ${solved.states} (${
      solved.source === "cache" ? "from the cache" : "solved"
    } ${cache}; ${solved.seconds.toFixed(3)} s to solve)`,
  );
}

/** The policies `evaluate --edition vengeance` takes. */
const POLICY = /^(optimal|sum:(\d{1,3}))$/;

/**
 * Run `evaluate --edition vengeance -p P1,P2,...` (`optimal`, `sum:N`): each
 * policy's forward pass over the packed round (`evaluateVengeance`), its
 * expected score, sd, bust and Flip 7 rates and the draw nodes it reached.
 *
 * @throws {InputError} for a policy other than `optimal` or `sum:N`, a bad
 *   option, or a pass beyond `--limit`
 * @example
 * ```ts
 * // deno task flip7 evaluate --edition vengeance -p optimal,sum:20 --deck-counts ... --json
 * ```
 */
export function evaluateVengeanceCommand(values: Values, out: Output): void {
  const { rules, label, limit } = vengeanceInput(values);
  const specs = String(values.p ?? "optimal").split(",").map((x) => x.trim());
  for (const spec of specs) {
    if (!POLICY.test(spec)) {
      throw new InputError(
        `bad policy '${spec}' for evaluate --edition vengeance: allowed optimal, sum:N (N from 0 to 999)`,
      );
    }
  }
  const solver = new VengeanceSolver(rules, { limit });
  const rows = specs.map((spec) => {
    let e;
    try {
      const n = POLICY.exec(spec)![2];
      e = solver.evaluate(n === undefined ? "optimal" : { sum: Number(n) });
    } catch (err) {
      if (err instanceof RangeError) {
        throw new InputError(
          `evaluate --edition vengeance: '${spec}' passed --limit ${limit} draw nodes (deck ${label}): give a smaller deck with --deck-counts or a larger --limit (docs/vengeance.md, 'The solo optimum')`,
        );
      }
      throw err;
    }
    return {
      policy: spec,
      ev: e.value,
      sd: e.sd,
      bust: e.bust,
      flip7: e.flip7,
      states: e.states,
      seconds: e.seconds,
    };
  });
  if (values.json) {
    out.json({ edition: "vengeance", rules: rules.name, deck: label, rows });
    return;
  }
  out.line(`Vengeance solo round, rules '${rules.name}', deck ${label}`);
  const lines = table([
    ["policy", "EV", "sd", "bust", "Flip 7", "draw nodes"],
    ...rows.map((r) => [
      r.policy,
      r.ev.toFixed(4),
      r.sd.toFixed(2),
      pct(r.bust),
      pct(r.flip7, 2),
      String(r.states),
    ]),
  ]);
  for (const l of lines) out.line(l);
}
