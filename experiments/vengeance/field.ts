/**
 * The `field` section of experiment `vengeance`: the race model's best
 * response `brfield-v` in one seat against N − 1 `ev` players at N = 2…6,
 * played in the engine under the `vengeance` preset
 * (`vengeanceFieldRows`, lib/run/vengeance_win.ts; its tables are built
 * into `.cache/` when missing, about a minute), as rows of the
 * experiment's CSV. A quick run plays `ev` in that seat instead (no
 * tables: a smoke run of the wiring, not the figure).
 *
 * @module
 */

import "../../lib/run/race_build.ts"; // installs the race tables' builder
import { vengeanceFieldRows } from "../../lib/run/mod.ts";
import { deriveSeed } from "../../lib/game/rng.ts";
import type { Row } from "../../lib/experiment/experiment.ts";
import { fullRow } from "./published.ts";

/** The table sizes of the field section. */
export const FIELD_SIZES = [2, 3, 4, 5, 6];

/**
 * The `field` rows: one per table size, the policy's engine win share with
 * its Wilson 95% interval (`value`, `ci_low`, `ci_high`), the fair share
 * 1/N and the race model's win probability (`model_win`).
 */
export async function fieldRows(
  seed: number,
  games: number,
  quick: boolean,
  workers: number,
): Promise<Row[]> {
  const rows = await vengeanceFieldRows({
    seed: deriveSeed(seed, "vengeance", "field"),
    games,
    sizes: FIELD_SIZES,
    workers,
    policy: quick ? "ev" : "brfield-v",
    field: "ev",
    rules: "vengeance",
  });
  return rows.map((r) =>
    fullRow({
      section: "field",
      table: `${r.policy}-vs-${r.field}`,
      rules: "vengeance",
      players: r.n,
      policy: r.policy,
      lineup: [r.policy, ...Array(r.n - 1).fill(r.field)].join(","),
      metric: "win_share",
      games: r.games,
      wins: r.wins,
      value: r.share,
      ci_low: r.ci_low,
      ci_high: r.ci_high,
      fair: r.fair,
      model_win: r.model_win,
    })
  );
}
