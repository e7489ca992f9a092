/**
 * The race-model analyses of the `win-optimal` experiment, computed while
 * planning: the field-leader reduction's error at three players, the
 * unreduced race played by a table, the risk curve of the chart, and the
 * targeting positions `wt:ev` meets in the engine.
 *
 * @module
 */

import type { Row } from "../../lib/experiment/experiment.ts";
import { resolveStrategy } from "../../lib/run/registry.ts";
import { buildRaceTable, familyLaws } from "../../lib/run/race_build.ts";
import { raceLaws } from "../../lib/run/race_laws.ts";
import { simulateRace, slotIndex, solveRace3 } from "../../lib/winprob/race.ts";
import {
  BR2_FAMILY,
  BRFIELD_WANT,
  type RaceTable,
  raceTable,
} from "../../lib/winprob/racetable.ts";
import { raceValue } from "../../lib/winprob/racevalue.ts";
import {
  type TargetRecord,
  WinTargetStrategy,
} from "../../lib/winprob/targetvalue.ts";
import { playRange } from "../../lib/run/runner.ts";
import { deriveSeed, r6 } from "../common.ts";
import { prose } from "../text.ts";
import TEXT from "../text/win-optimal.md" with { type: "text" };

const text = prose("win-optimal", TEXT);

/**
 * The field-leader reduction at three players (a heads-up table against the
 * law of the leading total's round gain of two `ev` players), its table
 * played in the exact three-player model, against the exact optimum.
 */
export function fieldLeaderError(
  model: string,
  target: number,
): Record<string, unknown> {
  const want = {
    ...BRFIELD_WANT(3, model, target),
    family: BR2_FAMILY,
    reduction: "field-leader",
  };
  const red = buildRaceTable(want);
  const { family, opponent } = familyLaws(BR2_FAMILY, "ev", model);
  const T = target;
  const fixed = new Uint8Array(T * T * T);
  for (let t0 = 0; t0 < T; t0++) {
    for (let p = 0; p < T; p++) {
      for (let q = 0; q <= p; q++) {
        const k = red.choice[t0 * T + p];
        fixed[(t0 * T + p) * T + q] = k;
        fixed[(t0 * T + q) * T + p] = k;
      }
    }
  }
  const played = solveRace3(family, opponent, opponent, T, fixed);
  const exact = raceTable(BRFIELD_WANT(3, model, T)).header.w0;
  return {
    players: 3,
    reduction: text("reduction-three"),
    reduced_model_w0: r6(red.header.w0),
    played_in_exact_model_w0: r6(played.w[0]),
    exact_optimum_w0: r6(exact),
    claim_error: r6(red.header.w0 - played.w[0]),
    loss_vs_exact: r6(exact - played.w[0]),
  };
}

/** The unreduced race played by a table, against the table's own figure. */
export function simulationError(
  t: RaceTable,
  model: string,
  games: number,
  seed: number,
): Record<string, unknown> {
  const { family, opponent } = familyLaws(
    t.header.family,
    t.header.opponent,
    model,
  );
  const T = t.header.target, n = t.header.players;
  const choose = (t0: number, others: Int32Array) => {
    if (t.header.dims === 3) return t.choice[slotIndex(t0, others, T)];
    let lead = 0;
    for (let i = 0; i < others.length; i++) lead = Math.max(lead, others[i]);
    return t.choice[t0 * T + lead];
  };
  const sim = simulateRace(n, family, choose, opponent, T, games, seed);
  return {
    players: n,
    field: t.header.opponent,
    reduction: t.header.reduction,
    model_w0: r6(t.header.w0),
    simulated: r6(sim.mean),
    simulated_se: r6(sim.se),
    games,
    z: r6((t.header.w0 - sim.mean) / sim.se),
  };
}

/** Risk picked against the deficit to the leader (all opponents level). */
export function cutoffCurve(
  tables: Record<number, RaceTable>,
  model: string,
  target: number,
): Row[] {
  const laws = raceLaws(
    [...new Set(Object.values(tables).flatMap((t) => t.header.family))],
    { model },
  );
  const lead = Math.round(0.75 * target);
  const rows: Row[] = [];
  for (const t of Object.values(tables)) {
    const T = t.header.target, n = t.header.players;
    for (
      let d = -Math.round(target / 4);
      d <= Math.round(target / 2);
      d += 2
    ) {
      const t0 = d >= 0 ? lead - d : lead;
      const a = d >= 0 ? lead : lead + d;
      if (t0 < 0 || a < 0) continue;
      const i = t.header.dims === 2 ? t0 * T + a : (t0 * T + a) * T + a;
      const spec = t.header.family[t.choice[i]];
      const law = laws.get(spec)!;
      rows.push({
        players: n,
        deficit: d,
        my_total: t0,
        leader_total: a,
        policy: spec,
        bust: r6(law.bust),
        ev: r6(law.ev),
      });
    }
  }
  return rows;
}

/**
 * A table row with its numbers to six places.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.deepEqual(roundRow({ k: 2, p: 1 / 3 }), { k: 2, p: 0.333333 });
 * ```
 */
export function roundRow(r: object): Record<string, number> {
  return Object.fromEntries(
    Object.entries(r).map(([k, v]) => [k, r6(v as number)]),
  );
}

/**
 * The targeting positions that occur: `games` engine games at each size of
 * `wt:ev` against N − 1 `ev` played in this thread, every Freeze and Flip
 * Three it aims recorded with the win value of each target; per size and
 * card, how often its target differs from the default heuristics' and by
 * how much win probability (in the round model) it prefers its own, with
 * the first few positions.
 */
export function targetingPositions(
  model: string,
  target: number,
  ns: readonly number[],
  games: number,
  seed: number,
): Record<string, unknown> {
  const out: Record<string, unknown>[] = [];
  const examples: TargetRecord[] = [];
  for (const n of ns) {
    const recs: TargetRecord[] = [];
    const make = (p: string) => {
      if (p !== "wt:ev") return resolveStrategy(p);
      const s = new WinTargetStrategy(
        resolveStrategy("ev"),
        (k) => raceValue(k, "ev", model, target),
      );
      s.record = (r) => recs.push(r);
      return s;
    };
    playRange(
      {
        rules: "standard",
        policies: ["wt:ev", ...Array(n - 1).fill("ev")],
        seed: deriveSeed(seed, n),
        count: games,
        mode: "game",
        ...(target !== 200 ? { target } : {}),
      },
      0,
      games,
      make,
    );
    for (const kind of ["freeze", "flip3"] as const) {
      const rs = recs.filter((r) => r.kind === kind);
      let differ = 0, gain = 0, self = 0, spread = 0;
      for (const r of rs) {
        const vc = r.values[r.chosen]!, vh = r.values[r.heuristic] ?? vc;
        if (r.chosen !== r.heuristic) differ++;
        if (r.chosen === r.seat) self++;
        gain += vc - vh;
        const vs = r.values.filter((v): v is number => v !== null);
        spread += Math.max(...vs) - Math.min(...vs);
      }
      const d = Math.max(1, rs.length);
      out.push({
        players: n,
        card: kind,
        decisions: rs.length,
        differs_from_heuristic: r6(differ / d),
        aimed_at_self: r6(self / d),
        mean_value_gain: r6(gain / d),
        mean_value_spread: r6(spread / d),
      });
      examples.push(
        ...rs.slice(0, 3).map((r) => ({
          ...r,
          values: r.values.map((v) => (v === null ? null : r6(v))),
        })),
      );
    }
  }
  return {
    games_per_size: games,
    seed,
    method: text("targeting-method"),
    summary: out,
    examples,
  };
}
