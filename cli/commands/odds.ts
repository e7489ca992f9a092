/**
 * `flip7 odds [--model approx|exact] [--min-share P] [--json]`: the odds
 * reference — for the hands a player meets (weighted by how often optimal
 * play meets them), the risk that the next card busts and what one more card
 * is worth, counted against the real 94-card deck from your own cards.
 *
 * @example
 * ```sh
 * deno task flip7 odds --min-share 0.005
 * ```
 * @module
 */

import { InputError } from "../../lib/game/cards.ts";
import type { Command } from "../command.ts";
import { JSON_FLAG, pct, table } from "../common.ts";
import { oddsReference, type OddsRow } from "../../lib/solver/odds.ts";
import { MODEL_OPTION, reachModelOf } from "./solve.ts";

const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(2)}`;

function rowCells(r: OddsRow, first: string): string[] {
  return [
    first,
    pct(r.share, 2),
    r.stay.toFixed(1),
    pct(r.risk),
    signed(r.oneMore),
    pct(r.optimalHit, 0),
  ];
}

/**
 * The `odds` command.
 *
 * @example
 * ```sh
 * deno task flip7 odds --min-share 0.005
 * ```
 */
export const oddsCommand: Command = {
  name: "odds",
  summary:
    "Odds reference: bust risk and the value of one more card for the hands you meet.",
  usage: "odds [--model approx|exact] [--min-share P] [--json]",
  options: { ...MODEL_OPTION, "min-share": { type: "string" }, ...JSON_FLAG },
  run({ values, out }) {
    const model = reachModelOf(values, "odds");
    const raw = values["min-share"];
    const minShare = raw === undefined ? 0.001 : Number(raw);
    if (
      raw !== undefined &&
      (!/^\d*\.?\d+$/.test(String(raw)) || !(minShare <= 1))
    ) {
      throw new InputError(
        `bad --min-share '${raw}': give a fraction from 0 to 1`,
      );
    }
    const o = oddsReference(model);
    if (values.json) {
      out.json(o);
      return;
    }
    const head = [
      "",
      "decisions",
      "stay now",
      "bust risk",
      "one more card",
      "optimal hits",
    ];
    out.line(
      `Odds reference (hands weighted by optimal play, model '${model.name}'; risks and values`,
    );
    out.line(
      "counted against the 94-card deck minus the cards in front of you):",
    );
    out.line("");
    for (
      const line of table([
        ["numbers showing", ...head.slice(1)],
        ...o.byCount.filter((r) => r.share > 0).map((r) =>
          rowCells(r, String(r.count))
        ),
      ])
    ) out.line(line);
    out.line("");
    out.line(
      "Holding a Second Chance or not (holding one, a duplicate is saved, not a bust):",
    );
    out.line("");
    for (
      const line of table([
        [
          "numbers showing",
          "Second Chance",
          ...head.slice(1, 3),
          "duplicate risk",
          ...head.slice(4),
        ],
        ...[0, 1, 2, 3, 4, 5, 6].flatMap((n) =>
          ([0, 1] as const).flatMap((h) => {
            const r = o.byCountChance[h][n];
            return r.share > 0
              ? [[String(n), h ? "held" : "none", ...rowCells(r, "").slice(1)]]
              : [];
          })
        ),
      ])
    ) out.line(line);
    out.line("");
    out.line(
      `By hand (count and sum of your numbers; hands met on at least ${
        pct(minShare, 2)
      } of decisions):`,
    );
    out.line("");
    const rows = o.rows.filter((r) => r.count > 0 && r.share >= minShare);
    for (
      const line of table([
        ["numbers: sum", ...head.slice(1)],
        ...rows.map((r) => rowCells(r, `${r.count}: ${r.sum}`)),
      ])
    ) out.line(line);
    out.line("");
    out.line(
      "'one more card' is the expected change of your score if you take exactly one more card and stop;",
    );
    out.line("Freeze and Flip Three are counted as worth your current score.");
  },
};
