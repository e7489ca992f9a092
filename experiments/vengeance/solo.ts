/**
 * The `solo` section of experiment `vengeance`: one solo round of the
 * edition solved exactly by the packed solver (`VengeanceSolver`,
 * lib/solver/vengeance.ts) — the optimum's value, bust and Flip 7 rates and
 * the simple rules `sum:N` beside it — on the sub-decks it solves (the
 * whole 108-card deck passes its limit: docs/vengeance.md, "The solo
 * optimum"): the numbers without Unlucky 7 (91 cards), and those with the
 * six modifiers (97). Exact figures: no interval.
 *
 * @module
 */

import { getRules, withRules } from "../../lib/game/rules.ts";
import { VengeanceSolver, withDeckCounts } from "../../lib/solver/mod.ts";
import type { Row } from "../../lib/experiment/experiment.ts";
import { r6 } from "../common.ts";
import { fullRow } from "./published.ts";

const ACTIONS = "onemore:0,flip4:0,swap:0,steal:0,discard:0";
const MODIFIERS = "-2:0,-4:0,-6:0,-8:0,-10:0,/2:0";

/** The sub-decks of the solo section: a name, what it holds, its `--deck-counts`. */
export const SOLO_DECKS: readonly {
  table: string;
  what: string;
  counts: string;
}[] = [
  {
    table: "numbers-91",
    what: "the Zero, 1-13 and Lucky 13, no Unlucky 7 (91 cards)",
    counts: `unlucky7:0,${MODIFIERS},${ACTIONS}`,
  },
  {
    table: "numbers-modifiers-97",
    what: "those numbers and the six modifiers (97 cards)",
    counts: `unlucky7:0,${ACTIONS}`,
  },
];

/** The simple rules set beside the optimum. */
export const SOLO_SUMS = [15, 20, 24, 25, 26, 27, 28, 30];

/**
 * The `solo` rows: per sub-deck, the optimum and each `sum:N` (a quick run:
 * the first deck, the optimum and `sum:25`): expected round score, its sd,
 * bust and Flip 7 rates, and the share of the optimum.
 */
export function soloRows(quick: boolean): Row[] {
  const V = getRules("vengeance");
  const rows: Row[] = [];
  for (const d of quick ? SOLO_DECKS.slice(0, 1) : SOLO_DECKS) {
    const rules = withRules(V, {
      deck: withDeckCounts(V.deck, d.counts, V.cards),
    });
    const solver = new VengeanceSolver(rules);
    const opt = solver.solve();
    const sums = quick ? [25] : SOLO_SUMS;
    for (const p of ["optimal", ...sums.map((n) => `sum:${n}`)]) {
      const e = solver.evaluate(
        p === "optimal" ? "optimal" : { sum: Number(p.slice(4)) },
      );
      rows.push(fullRow({
        section: "solo",
        table: d.table,
        rules: `vengeance, --deck-counts ${d.counts}`,
        players: 1,
        policy: p,
        lineup: d.what,
        metric: "round_value",
        value: r6(e.value),
        sd: r6(e.sd),
        bust: r6(e.bust),
        flip7: r6(e.flip7),
        share_of_optimal: r6(e.value / opt.value),
      }));
    }
  }
  return rows;
}
