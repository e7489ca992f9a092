/**
 * `win-optimal`: win-optimal play at every table size in the race model with
 * the exact all-94-card round laws (`lib/winprob/race.ts`), played in the
 * full-rules engine.
 *
 * - The best response to a field of N − 1 `ev` players (`brfield`), N = 2 to
 *   6: exact for 2 and 3, the field-leader reduction for 4 to 6; its model
 *   win probability (`model_win`) beside its engine win share against N − 1
 *   `ev` seats (seats rotated game by game; Wilson 95%, and a Bonferroni
 *   family-wise interval over the experiment's rows).
 * - The reduction's error: at three players the field-leader reduction (the
 *   field as one player whose round gain follows the measured law of the
 *   leading total's gain), its table played in the exact three-player model
 *   against the exact optimum; at every N the model's figure against a Monte
 *   Carlo of the unreduced N-player race playing the same table.
 * - The heads-up symmetric equilibrium over the same family (`breq`): its
 *   exploitability (the exact best response's gain against it), and in the
 *   engine its self-play share, against `ev` and against `brfield`.
 * - The figure: the risk the best response takes (the solo bust probability
 *   of the rule it picks) against its deficit to the leader, one line per N.
 *
 * The agents the workers build and the pre-registered settings are in
 * `experiments/win-optimal/agents.ts`, the plan in `plan.ts`, the race-model
 * analyses it computes in `models.ts`, the tests (Bonferroni, Holm) in
 * `stats.ts`, the chart in `chart.ts`, the prose in
 * `experiments/text/win-optimal.md`.
 *
 * `--quick` runs the same pipeline on the 79-number-card laws to 60 points,
 * for 2 to 4 players, with a few hundred games a row.
 *
 * @example
 * ```sh
 * deno task flip7 experiment win-optimal --seed 1
 * ```
 * @module
 */

import {
  defineExperiment,
  type Experiment,
  type Row,
} from "../lib/experiment/experiment.ts";
import { wilson } from "../lib/run/stats.ts";
import { BR2_FAMILY, BR3_FAMILY } from "../lib/winprob/racetable.ts";
import { r6 } from "./common.ts";
import { prose } from "./text.ts";
import TEXT from "./text/win-optimal.md" with { type: "text" };
import { HEADS_UP_FINAL } from "./win-optimal/agents.ts";
import { planWinOptimal, type WinOptimalState } from "./win-optimal/plan.ts";
import { bonferroniZ, holm, pAbove } from "./win-optimal/stats.ts";
import { winOptimalChart } from "./win-optimal/chart.ts";

export {
  HEADS_UP_FINAL,
  makeWinOptimalAgent,
  TARGETING_GAMES,
  TARGETING_SIZES,
} from "./win-optimal/agents.ts";
export { holm } from "./win-optimal/stats.ts";
export { winOptimalChart } from "./win-optimal/chart.ts";

const text = prose("win-optimal", TEXT);

/**
 * The experiment.
 *
 * @example
 * ```ts ignore
 * // a quick run builds race tables into .cache/ and plays a few thousand
 * // games: tests/experiments_test.ts runs it (--quick, one and two workers)
 * const r = await winOptimal.run({ seed: 1, quick: true, workers: 1 });
 * ```
 */
export const winOptimal: Experiment = defineExperiment<
  WinOptimalState,
  unknown
>({
  name: "win-optimal",
  source: import.meta.url,
  chart: winOptimalChart,
  claim: text("claim"),
  plan: planWinOptimal,
  analyse({ accs, state }, { quick }) {
    const z = bonferroniZ(state.matches.length);
    const tIdx = state.matches.flatMap((m, i) => (m.targeting ? [i] : []));
    const tP = tIdx.map((i) =>
      pAbove(accs[i].wins[0], accs[i].games, 1 / state.matches[i].players)
    );
    const tRej = holm(tP);
    const rows: Row[] = state.matches.map((m, i) => {
      const ti = tIdx.indexOf(i);
      const a = accs[i];
      // seat 0 is the agent's group (groupBy seat); its games won
      const wins = a.wins[0];
      const games = a.games;
      const [lo, hi] = wilson(wins, games);
      const [flo, fhi] = wilson(wins, games, z);
      return {
        players: m.players,
        agent: m.agent,
        opponent: m.opponent,
        games,
        wins,
        win_share: r6(wins / games),
        ci_low: r6(lo),
        ci_high: r6(hi),
        ci_low_fw: r6(flo),
        ci_high_fw: r6(fhi),
        fair_share: r6(1 / m.players),
        model_win: m.model === null ? null : r6(m.model),
        model_win_se: m.modelSe === undefined ? null : r6(m.modelSe),
        reduced_claim: m.claim === undefined ? null : r6(m.claim),
        model_in_ci: m.model === null ? null : m.model >= lo && m.model <= hi,
        gain: ti < 0 ? null : r6(wins / games - 1 / m.players),
        p_one_sided: ti < 0 ? null : Number(tP[ti].toPrecision(4)),
        holm_reject: ti < 0 ? null : tRej[ti],
        seed: m.seed ?? null,
      };
    });
    const eqh = state.eq.header;
    const selfRow = rows.find((r) => r.opponent === "breq")!;
    const summary = [
      ...rows.map((r) =>
        text("summary-row", {
          players: r.players as number,
          agent: r.agent as string,
          opponent: r.opponent as string,
          share: (100 * (r.win_share as number)).toFixed(2),
          lo: (100 * (r.ci_low as number)).toFixed(2),
          hi: (100 * (r.ci_high as number)).toFixed(2),
          games: r.games as number,
          fair: (100 * (r.fair_share as number)).toFixed(1),
          model: r.model_win === null
            ? "-"
            : (100 * (r.model_win as number)).toFixed(2) + "%",
        })
      ),
      text("summary-equilibrium", {
        exploitability: (eqh.exploitability as number).toExponential(2),
        mixed: eqh.mixedStates as number,
        states: state.target ** 2,
      }),
    ];
    return {
      columns: [
        "players",
        "agent",
        "opponent",
        "games",
        "wins",
        "win_share",
        "ci_low",
        "ci_high",
        "ci_low_fw",
        "ci_high_fw",
        "fair_share",
        "model_win",
        "model_win_se",
        "reduced_claim",
        "model_in_ci",
        "gain",
        "p_one_sided",
        "holm_reject",
        "seed",
      ],
      rows,
      summary,
      claims: [{
        claim: text("claim-brfield"),
        ours: rows.filter((r) => r.agent === "brfield").map((r) =>
          `${r.players}p ${(100 * (r.win_share as number)).toFixed(1)}%`
        ).join(", "),
      }],
      provenance: {
        seeds: accs.map((_, i) => i),
        rules: quick ? text("rules-quick") : text("rules"),
        model: state.model,
        target: state.target,
        families: {
          "2": state.tables[2].header.family,
          "3": BR3_FAMILY,
          "4-6": BR2_FAMILY,
          equilibrium: eqh.family,
        },
        race_model: text("race-model"),
        reductions: {
          "2": "exact",
          "3": "exact",
          "4-6": text("reduction-field-leader"),
        },
        reduction_error: state.reduction,
        equilibrium: {
          method: text("equilibrium-method"),
          family: eqh.family,
          w0: r6(eqh.w0),
          exploitability: eqh.exploitability,
          mixed_states: eqh.mixedStates,
          self_play_share: selfRow.win_share,
          self_play_ci: [selfRow.ci_low, selfRow.ci_high],
        },
        model_win: text("model-win"),
        interval: text("interval"),
        cutoff_curve: state.curve,
        targeting: {
          agent: text("targeting-agent"),
          baseline: text("targeting-baseline"),
          test: text("targeting-test"),
          positions: state.positions,
        },
        flip_three_table: state.flip3,
        heads_up_final: {
          ...HEADS_UP_FINAL,
          agent: quick ? HEADS_UP_FINAL.quickAgent : HEADS_UP_FINAL.agent,
          games: rows[rows.length - 1].games,
          criterion: text("heads-up-criterion"),
          row: rows[rows.length - 1],
          command:
            "deno task flip7 experiment win-optimal --seed 1 --workers 2",
        },
        // how often each rule is picked, over every state of each table
        choice_counts: Object.fromEntries(
          Object.values(state.tables).map((t) => {
            const counts: Record<string, number> = {};
            for (const k of t.choice) {
              const spec = t.header.family[k];
              counts[spec] = (counts[spec] ?? 0) + 1;
            }
            return [String(t.header.players), counts];
          }),
        ),
      },
    };
  },
});
