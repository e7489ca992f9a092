/**
 * `win-agent`: win-probability play. Seed 001's two-player search agent
 * (`search`: two-ply expectiminimax, leaves valued by a win table trained by
 * approximate policy iteration on seeds 9001 and up) and the exact
 * independent-round best response (`winprob`), against `sum:37`, `ev`,
 * `bust:0.25` and the same search without the table (`search0`):
 *
 * - `duel` (seed 001's game), 10,000 games a match (seed 001 played
 *   2,000): search and winprob against sum:37, ev and search0 / search; plus
 *   an ablation, `search-bank`, whose leaves assume every player banks the
 *   line in front of them (the literal reading of seed 001's text; our
 *   `search` lets a player still in the round go on by its continuation
 *   law), against sum:37, ev and `search0-bank`; and a ceiling, `brsum:37`,
 *   the best response to a `sum:37` it knows to be one; and `adapt`, which
 *   learns during each game which opponent model fits (see
 *   `lib/winprob/adaptive.ts`), against sum:37, ev and search;
 * - `standard`, 50,000 games a match: search, winprob and adapt against ev
 *   and bust:0.25, two players, and four ablations of winprob against ev on
 *   winprob's own games;
 * - `standard`, four players (the agent and three copies of the opponent),
 *   10,000 games a match.
 *
 * Every match rotates the seats game by game (game `g` shifts the seats by
 * `g`; seat 0 deals the first round), so the agent's seat and the starting
 * player are balanced, and is played exactly as `flip7 sim -n GAMES -p
 * POLICIES --rules RULES --seed SEED` plays it (the same tables loaded from
 * `.cache/winprob/v5`). Win share is per seat, with a Wilson 95% interval;
 * draws (duel only) count as not won.
 *
 * The best-response part computes `W(0, 0)` exactly for the public solver's
 * model and for the variants that could explain a different figure (greedy
 * opponent, draws lost / won / played on, the responder seeing the
 * opponent's round, first to 200 winning at once, and the earlier version's
 * bug of valuing scores above 62 as a loss).
 *
 * Seed 001: search wins 77.3% against stop-at-37, 55.8% against greedy
 * expected-score play, 56.7% against the same search without the table.
 * The public solver: a best response worth 0.5593 against a score maximiser.
 *
 * The matches and the best-response variants are data in
 * `experiments/win-agent/matches.ts`, the plan (tables, runs, the workers'
 * strategy maker) in `plan.ts`, the claims-table lines in `claims.ts`, the
 * chart in `chart.ts`, the prose in `experiments/text/win-agent.md`.
 *
 * @example
 * ```sh
 * deno task repro --only win-agent
 * deno task flip7 experiment win-agent --quick
 * ```
 * @module
 */

import {
  defineExperiment,
  type Experiment,
  type Row,
} from "../lib/experiment/experiment.ts";
import { wilson } from "../lib/run/stats.ts";
import { DEFAULT_TRAINING } from "../lib/winprob/search_strategy.ts";
import { REGION_CUTS } from "../lib/run/train.ts";
import { r6 } from "./common.ts";
import { prose } from "./text.ts";
import TEXT from "./text/win-agent.md" with { type: "text" };
import {
  BR_VARIANTS,
  MATCHES,
  pct,
  QUICK_TRAINING,
  SEED001,
} from "./win-agent/matches.ts";
import {
  planMatches,
  type Variant,
  type WinAgentState,
} from "./win-agent/plan.ts";
import { winAgentClaims } from "./win-agent/claims.ts";
import { winAgentChart } from "./win-agent/chart.ts";

export {
  ABLATIONS,
  BR_VARIANTS,
  type Match,
  MATCHES,
} from "./win-agent/matches.ts";
export {
  type AgentTables,
  bestResponseVariants,
  makeAgent,
} from "./win-agent/plan.ts";
export { winAgentClaims } from "./win-agent/claims.ts";
export { winAgentChart } from "./win-agent/chart.ts";

const text = prose("win-agent", TEXT);

/** The experiment. */
export const winAgent: Experiment = defineExperiment<WinAgentState, Variant[]>({
  name: "win-agent",
  source: import.meta.url,
  chart: winAgentChart,
  claim: text("claim"),
  // The custom step: the search tables are trained (or loaded) while
  // planning, since the runs' strategies are built from them (`maker`); the
  // best-response variants are solver work (`work`).
  plan: planMatches,
  analyse({ plan, accs: acc, state, work: variants }, { quick }) {
    const { notes, rulesList, tableMeta, training, trainSeeds, br } = state;
    const runs = plan.runs!;
    const rows: Row[] = [];
    const summary: string[] = [];
    MATCHES.forEach((m, i) => {
      const a = acc[i];
      // the agent is seat group 0 (policy list position 0)
      const [lo, hi] = wilson(a.wins[0], a.games);
      const share = a.wins[0] / a.games;
      const s1 = m.seed001 !== undefined
        ? SEED001[m.opponent.replace("-bank", "")]
        : undefined;
      rows.push({
        rules: m.rules,
        players: m.players,
        agent: m.agent,
        opponent: m.opponent,
        seats: 1,
        seed: runs[i].seed,
        games: a.games,
        wins: a.wins[0],
        draws: a.draws,
        win_share: r6(share),
        ci_low: r6(lo),
        ci_high: r6(hi),
        fair_share: r6(1 / m.players),
        seed001: s1 ? s1[0] : null,
        seed001_low: s1 ? s1[1] : null,
        seed001_high: s1 ? s1[2] : null,
      });
      summary.push(text("summary-match", {
        rules: m.rules,
        players: m.players,
        agent: m.agent,
        opponent: m.opponent,
        share: pct(share),
        lo: pct(lo),
        hi: pct(hi),
        games: a.games,
        drawn: a.draws ? ` ${text("summary-drawn", { draws: a.draws })}` : "",
        seed001: s1
          ? text("summary-seed001", {
            share: pct(s1[0]),
            lo: pct(s1[1]),
            hi: pct(s1[2]),
          })
          : "",
      }));
    });
    const brRows = variants.map((v, i) => ({
      variant: BR_VARIANTS[i].name,
      w00: v.w00,
      ...(v.second !== null
        ? { w00_opponent_first: v.second, w00_mean: (v.w00 + v.second) / 2 }
        : {}),
    }));
    for (const b of brRows) {
      summary.push(text("summary-br", {
        variant: b.variant,
        w00: b.w00.toFixed(6),
        second: "w00_mean" in b
          ? ` ${
            text("summary-br-second", {
              second: (b.w00_opponent_first as number).toFixed(6),
              mean: (b.w00_mean as number).toFixed(6),
            })
          }`
          : "",
      }));
    }
    summary.push(text("summary-public-solver"));
    const claims = winAgentClaims(rows, brRows[0].w00, quick);
    return {
      columns: [
        "rules",
        "players",
        "agent",
        "opponent",
        "seats",
        "seed",
        "games",
        "wins",
        "draws",
        "win_share",
        "ci_low",
        "ci_high",
        "fair_share",
        "seed001",
        "seed001_low",
        "seed001_high",
      ],
      rows,
      summary,
      claims,
      provenance: {
        seeds: runs.map((r) => r.seed),
        rules: rulesList,
        matches: MATCHES.map((m, i) => ({ ...m, games: runs[i].count })),
        composition: text("composition"),
        win_share: text("win-share"),
        reproduce_a_row: text("reproduce-a-row"),
        training: {
          budget: quick ? QUICK_TRAINING : DEFAULT_TRAINING,
          regions: REGION_CUTS,
          seeds: trainSeeds,
          tables: tableMeta,
        },
        best_response_w00: brRows[0].w00,
        best_response: {
          model: text("best-response-model"),
          table_w00: Number(br.meta.w00),
          variants: brRows,
        },
        // how this run went: which tables it trained (and in how long) or
        // refused from the cache; not what it made, so a rerun that loads
        // the tables keeps the file
        run: { training_seconds: training, notes },
      },
    };
  },
});
