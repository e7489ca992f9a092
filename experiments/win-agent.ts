/**
 * `win-agent`: win-probability play. Seed 001's two-player search agent
 * (`search`, its table trained by approximate policy iteration on seeds 9001+)
 * and the exact independent-round best response (`winprob`) against
 * `sum:37`, `ev`, `bust:0.25` and the same search without the table
 * (`search0`), under `duel` (2,000 games a match) and `standard` (20,000),
 * plus a 4-player `standard` table (seats alternate agent, opponent).
 *
 * Seed 001: search wins 77.3% against stop-at-37, 55.8% against greedy
 * expected-score play, 56.7% against the same search without the table. The
 * public solver: a best response worth 0.5593 against a score maximiser
 * (numbers only, fresh deck, independent rounds); ours is computed exactly.
 *
 * @example
 * ```sh
 * deno task repro win-agent
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import type { Experiment, Row } from "../lib/experiment.ts";
import { DEFAULT_TRAINING, setSearchTable } from "../lib/strategies/search.ts";
import { brTable } from "../lib/strategies/winprob.ts";
import { bestResponse, w00 } from "../lib/winprob/bestresponse.ts";
import { searchTablePath, WTable } from "../lib/winprob/table.ts";
import { trainTable } from "../lib/winprob/train.ts";
import {
  deriveSeed,
  field,
  groupStats,
  phase,
  r6,
  runBatch,
  type RunSpec,
} from "./common.ts";

interface Match {
  rules: string;
  players: number;
  agent: string;
  opponent: string;
  games: number;
  seed001?: number;
}

const MATCHES: Match[] = [
  {
    rules: "duel",
    players: 2,
    agent: "search",
    opponent: "sum:37",
    games: 2000,
    seed001: 0.773,
  },
  {
    rules: "duel",
    players: 2,
    agent: "search",
    opponent: "ev",
    games: 2000,
    seed001: 0.558,
  },
  {
    rules: "duel",
    players: 2,
    agent: "search",
    opponent: "search0",
    games: 2000,
    seed001: 0.567,
  },
  {
    rules: "duel",
    players: 2,
    agent: "winprob",
    opponent: "sum:37",
    games: 2000,
  },
  { rules: "duel", players: 2, agent: "winprob", opponent: "ev", games: 2000 },
  {
    rules: "duel",
    players: 2,
    agent: "winprob",
    opponent: "search",
    games: 2000,
  },
  {
    rules: "standard",
    players: 2,
    agent: "search",
    opponent: "ev",
    games: 20000,
  },
  {
    rules: "standard",
    players: 2,
    agent: "search",
    opponent: "bust:0.25",
    games: 20000,
  },
  {
    rules: "standard",
    players: 2,
    agent: "winprob",
    opponent: "ev",
    games: 20000,
  },
  {
    rules: "standard",
    players: 2,
    agent: "winprob",
    opponent: "bust:0.25",
    games: 20000,
  },
  {
    rules: "standard",
    players: 4,
    agent: "search",
    opponent: "ev",
    games: 4000,
  },
  {
    rules: "standard",
    players: 4,
    agent: "winprob",
    opponent: "ev",
    games: 4000,
  },
  {
    rules: "standard",
    players: 4,
    agent: "search",
    opponent: "bust:0.25",
    games: 4000,
  },
  {
    rules: "standard",
    players: 4,
    agent: "winprob",
    opponent: "bust:0.25",
    games: 4000,
  },
];
const QUICK_GAMES = 40;

/** The search table of a preset: from `.cache`, else trained now in parallel and saved. */
async function ensureSearchTable(
  rules: string,
  workers: number,
  log: string[],
): Promise<WTable> {
  const path = searchTablePath(rules);
  let w = WTable.loadSync(path);
  if (!w) {
    console.error(`win-agent: training the search table for ${rules}`);
    const t = performance.now();
    const r = await trainTable({ rules, ...DEFAULT_TRAINING, workers });
    w = r.table;
    await w.save(path);
    log.push(
      `trained ${rules} table in ${
        ((performance.now() - t) / 1000).toFixed(1)
      } s; W[0,0,first] by step: ${r.w00.map((x) => x.toFixed(4)).join(", ")}`,
    );
  }
  setSearchTable(rules, w);
  return w;
}

/** The experiment. */
export const winAgent: Experiment = {
  name: "win-agent",
  claim:
    "Playing for the win beats playing for points: seed 001's search agent and an exact best response against ev, sum:37 and bust:0.25.",
  async run({ seed, quick, workers, onProgress }) {
    const notes: string[] = [];
    for (const r of ["duel", "standard"]) {
      const w = await ensureSearchTable(r, workers, notes);
      notes.push(
        `${r} search table: ${JSON.stringify(w.meta)}, W[0,0,first] ${
          w.get(0, 0, 0).toFixed(4)
        }`,
      );
    }
    const br = brTable();
    const brLoss = quick ? null : w00(bestResponse({ ties: "loss" }));
    const runs: RunSpec[] = MATCHES.map((m, i) => ({
      rules: m.rules,
      policies: m.players === 2
        ? [m.agent, m.opponent]
        : field(m.players, m.agent, m.opponent),
      seed: deriveSeed(seed, "win-agent", i),
      count: quick ? QUICK_GAMES : m.games,
      mode: "game",
    }));
    const accs = await runBatch(runs, {
      workers,
      onProgress: phase(onProgress, "win-agent"),
    });
    const rows: Row[] = [];
    const summary: string[] = [];
    MATCHES.forEach((m, i) => {
      const g = groupStats(accs[i]).find((x) => x.policy === m.agent)!;
      rows.push({
        rules: m.rules,
        players: m.players,
        agent: m.agent,
        opponent: m.opponent,
        seed: runs[i].seed,
        games: g.games,
        wins: g.wins,
        win_share: r6(g.win_share),
        ci_low: r6(g.ci_low),
        ci_high: r6(g.ci_high),
        seed001: m.seed001 ?? null,
      });
      summary.push(
        `${m.rules}, ${m.players} players: ${m.agent} vs ${m.opponent}: ${
          (100 * g.win_share).toFixed(1)
        }% [${(100 * g.ci_low).toFixed(1)}, ${
          (100 * g.ci_high).toFixed(1)
        }] per seat over ${g.games} games${
          m.seed001 ? ` (seed 001: ${(100 * m.seed001).toFixed(1)}%)` : ""
        }`,
      );
    });
    const brw = Number(br.meta.w00);
    summary.push(
      `best response vs score maximiser, numbers-only fresh-deck independent rounds: W(0,0) = ${
        brw.toFixed(4)
      } (draws one half)${
        brLoss === null ? "" : `, ${brLoss.toFixed(4)} (draws lost)`
      }; public solver 0.5593`,
    );
    summary.push(...notes);
    const pts = rows.map((r) => ({
      ...r,
      label: `${r.agent} vs ${r.opponent}`,
      panel: `${r.rules}, ${r.players}p`,
    }));
    const chart = {
      title: "Win share of the win-probability agents",
      subtitle: `Per-seat win share, seats and starting player balanced; ${
        quick ? "quick run" : "duel 2,000, standard 20,000 (4p: 4,000) games"
      }`,
      caption:
        "Bars: Wilson 95%. Hollow: seed 001's figures. Dashed: fair share. Source: results/win-agent.csv",
      height: 520,
      marginLeft: 150,
      x: { label: "Win share", percent: true, grid: true },
      y: { label: null },
      fy: { label: null },
      color: { legend: true, domain: ["search", "winprob"], label: "Agent" },
      marks: [
        Plot.ruleX([0.25, 0.5], { stroke: "#999", strokeDasharray: "4,3" }),
        Plot.link(pts, {
          y1: "label",
          y2: "label",
          x1: "ci_low",
          x2: "ci_high",
          fy: "panel",
          stroke: "agent",
          strokeWidth: 2,
        }),
        Plot.dot(pts, {
          y: "label",
          x: "win_share",
          fy: "panel",
          fill: "agent",
          r: 3,
        }),
        Plot.dot(pts.filter((p) => (p as Row).seed001 !== null), {
          y: "label",
          x: "seed001",
          fy: "panel",
          stroke: "black",
          r: 5,
        }),
      ],
    };
    const claims = [
      {
        claim: "duel: search vs stop-at-37 / ev / search without table",
        seed000: "seed 001: 77.3% / 55.8% / 56.7%",
        ours: rows.slice(0, 3).map((r) =>
          `${(100 * (r.win_share as number)).toFixed(1)}%`
        ).join(" / "),
      },
      {
        claim: "best response W(0,0) vs score maximiser (independent rounds)",
        seed000: "public solver: 0.5593",
        ours: brw.toFixed(4),
      },
    ];
    return {
      columns: [
        "rules",
        "players",
        "agent",
        "opponent",
        "seed",
        "games",
        "wins",
        "win_share",
        "ci_low",
        "ci_high",
        "seed001",
      ],
      rows,
      chart,
      summary,
      claims,
      provenance: {
        matches: MATCHES,
        training: DEFAULT_TRAINING,
        best_response_w00: brw,
        best_response_w00_draws_lost: brLoss,
        notes,
      },
    };
  },
};
