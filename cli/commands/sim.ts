/**
 * `flip7 sim -n GAMES -p P1,P2,... [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...] [--workers N] [--json]`:
 * whole games with seats rotated; wins, win share with a Wilson 95% interval,
 * points per round, rounds per game.
 *
 * @example
 * ```sh
 * deno task flip7 sim -n 4000 -p ev,bust:0.25,sum:20 --seed 1
 * ```
 * @module
 */

import { runMatch } from "../../lib/run/sim.ts";
import { intOption } from "../args.ts";
import type { Command } from "../command.ts";
import {
  displayNames,
  JSON_FLAG,
  loadPoliciesOf,
  pct,
  POLICIES,
  policiesOf,
  policyLabels,
  RULES,
  rulesOf,
  SEED,
  seedOf,
  table,
  WORKERS,
  workersOf,
} from "../common.ts";
import { progress } from "../output.ts";
import { announce, duration } from "../cost.ts";

/** The `sim` command. */
export const simCommand: Command = {
  name: "sim",
  summary:
    "Simulate many games: win share (Wilson 95%), points per round, rounds per game.",
  usage:
    "sim -n GAMES -p P1,P2,... [--seed S] [--rules PRESET | --edition E] [--ruling NAME=VALUE ...] [--workers N] [--json]",
  notes: [
    "The table: '#' is a policy's place in -p (seats rotate game by game), the fair share is 1/N, draws are games ended tied at the top (only under ties=draw).",
    "Speed: 35 to 75 thousand seat-games a second per worker with quick policies; from a million seat-games on it prints an estimate first, and on a terminal the progress shows the time left.",
  ],
  options: {
    n: { type: "string" },
    ...POLICIES,
    ...SEED,
    ...RULES,
    ...WORKERS,
    ...JSON_FLAG,
  },
  async run({ values, out }) {
    const rules = rulesOf(values);
    const games = intOption(values, "n", { min: 1, max: 1e9 });
    await loadPoliciesOf(values);
    const strategies = policiesOf(values, rules);
    const policies = policyLabels(values, strategies);
    const seed = seedOf(values);
    const workers = workersOf(values);
    // 70,000 to 150,000 seat-games a second on 2 cores with the quick
    // policies (docs/commands.md, "Costs"); the progress shows the pace
    const work = games * policies.length;
    if (work >= 1_000_000) {
      announce(
        `${games} games`,
        `about ${duration(work / (75_000 * workers))} to ${
          duration(work / (35_000 * workers))
        } on ${workers} worker${
          workers === 1 ? "" : "s"
        } with quick policies like ev, sum and bust (search, winprob, adapt, brfield and policy modules are slower)`,
        { clock: false },
      );
    }
    const t0 = performance.now();
    const m = await runMatch({
      rules: rules.name,
      policies,
      games,
      seed,
      workers,
      onProgress: progress("sim"),
    });
    if (values.json) {
      out.json({
        games: m.games,
        rules: m.rules,
        seed: m.seed,
        rounds_per_game: m.rounds_per_game,
        rows: m.rows.map((r) => ({
          policy: r.policy,
          wins: r.wins,
          draws: r.draws,
          win_share: r.win_share,
          ci_low: r.ci_low,
          ci_high: r.ci_high,
          points_per_round: r.points_per_round,
        })),
      });
      return;
    }
    out.line(
      `${m.games} games, rules ${m.rules}, seed ${seed}; seats rotate game by game (# is a policy's place in -p, not a seat)`,
    );
    const names = displayNames(policies, strategies);
    const rows = [[
      "# policy",
      "wins",
      "draws",
      "win share",
      "95% interval",
      "pts/round",
    ]];
    m.rows.forEach((r, i) =>
      rows.push([
        `${i + 1} ${names[i]}`,
        String(r.wins),
        String(r.draws),
        pct(r.win_share),
        `${pct(r.ci_low)}-${pct(r.ci_high)}`,
        r.points_per_round.toFixed(2),
      ])
    );
    for (const l of table(rows)) out.line(l);
    const n = m.rows.length;
    out.line(
      `fair share ${
        pct(1 / n)
      } (1/${n}); draws: games ended tied at the top (only under ties=draw, e.g. --rules duel)`,
    );
    out.line(
      `rounds per game ${m.rounds_per_game.toFixed(2)} ± ${
        m.rounds_per_game_se.toFixed(2)
      } (SE)`,
    );
    console.error(`elapsed ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  },
};
