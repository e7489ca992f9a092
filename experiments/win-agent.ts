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
 * @example
 * ```sh
 * deno task repro --only win-agent
 * deno task flip7 experiment win-agent --quick
 * ```
 * @module
 */

import * as Plot from "@observablehq/plot";
import {
  type ChartOptions,
  type Claim,
  defineExperiment,
  type Experiment,
  type ExperimentOptions,
  type Row,
  sized,
} from "../lib/experiment/experiment.ts";
import { runChunks } from "../lib/run/parallel.ts";
import { wilson } from "../lib/run/stats.ts";
import { resolveStrategy } from "../lib/run/registry.ts";
import {
  DEFAULT_TRAINING,
  searchTableIdentity,
  setSearchTable,
} from "../lib/winprob/search_strategy.ts";
import { ADAPT_MODELS } from "../lib/winprob/adaptive.ts";
import {
  brTable,
  WINPROB_ABLATIONS,
  type WinProbOptions,
} from "../lib/winprob/winprob_strategy.ts";
import {
  bestResponse,
  type BestResponseOptions,
} from "../lib/winprob/bestresponse.ts";
import { fnv1a, searchTablePath, WTable } from "../lib/winprob/table.ts";
import { REGION_CUTS, trainTable } from "../lib/run/train.ts";
import type { Strategy } from "../lib/game/view.ts";
import { deriveSeed, phase, r6 } from "./common.ts";

/** One match: an agent against an opponent. */
interface Match {
  rules: string;
  players: number;
  agent: string;
  opponent: string;
  games: number;
  seed001?: number;
  /**
   * Play the games of this agent's match with the same rules, players and
   * opponent (the same seed: paired ablations).
   */
  pairedWith?: string;
}

/** Ablations of `winprob` (against ev, standard, two players): spec → options. */
export const ABLATIONS: Readonly<Record<string, WinProbOptions>> =
  WINPROB_ABLATIONS;

const duel = (agent: string, opponent: string, seed001?: number): Match => ({
  rules: "duel",
  players: 2,
  agent,
  opponent,
  games: 10000,
  seed001,
});

/** The matches, in CSV order. */
export const MATCHES: Match[] = [
  duel("search", "sum:37", 0.773),
  duel("search", "ev", 0.558),
  duel("search", "search0", 0.567),
  duel("winprob", "sum:37"),
  duel("winprob", "ev"),
  duel("winprob", "search"),
  duel("brsum:37", "sum:37"),
  duel("search-bank", "sum:37", 0.773),
  duel("search-bank", "ev", 0.558),
  duel("search-bank", "search0-bank", 0.567),
  ...["search", "winprob"].flatMap((agent) =>
    ["ev", "bust:0.25"].map((opponent) => ({
      rules: "standard",
      players: 2,
      agent,
      opponent,
      games: 50000,
    }))
  ),
  ...Object.keys(ABLATIONS).map((agent) => ({
    rules: "standard",
    players: 2,
    agent,
    opponent: "ev",
    games: 50000,
    pairedWith: "winprob",
  })),
  ...["search", "winprob"].flatMap((agent) =>
    ["ev", "bust:0.25"].map((opponent) => ({
      rules: "standard",
      players: 4,
      agent,
      opponent,
      games: 10000,
    }))
  ),
  // added later, at the end, so that every earlier match keeps its seed
  duel("adapt", "sum:37"),
  duel("adapt", "ev"),
  duel("adapt", "search"),
  ...["ev", "bust:0.25"].map((opponent) => ({
    rules: "standard",
    players: 2,
    agent: "adapt",
    opponent,
    games: 50000,
  })),
];

/** Seed 001's figures with their published 95% intervals. */
const SEED001: Record<string, [number, number, number]> = {
  "sum:37": [0.773, 0.754, 0.791],
  ev: [0.558, 0.536, 0.58],
  search0: [0.567, 0.545, 0.588],
};

const QUICK_GAMES = 24;
/** Training budget of a quick run (a tiny table, not saved). */
const QUICK_TRAINING = { games: 24, iterations: 3, seed: 9001 };

/** The best-response variants, in report order. */
export const BR_VARIANTS: { name: string; options: BestResponseOptions }[] = [
  { name: "exact maximiser, draw = 1/2 (default)", options: {} },
  { name: "draw = loss", options: { ties: "loss" } },
  { name: "draw = win", options: { ties: "win" } },
  { name: "draw played on", options: { ties: "continue" } },
  { name: "greedy one-step opponent", options: { opponent: "greedy" } },
  { name: "responder sees the opponent's round", options: { sees: true } },
  {
    name: "rounds in turn, first to 200 wins at once",
    options: { immediate: true },
  },
  {
    name: "earlier version: scores above 62 valued as a loss",
    options: { zeroAbove: 62 },
  },
  {
    name: "reference: best response to sum:37 instead",
    options: { opponent: 37 },
  },
];

/**
 * Worker job: `W(0, 0)` of the best-response variants `[from, to)`.
 *
 * @example
 * ```ts
 * bestResponseVariants({ target: 30 }, 0, 1)[0].w00 > 0.5; // true
 * ```
 */
export function bestResponseVariants(
  args: { target: number },
  from: number,
  to: number,
): { w00: number; second: number | null }[] {
  const out = [];
  for (let i = from; i < to; i++) {
    const r = bestResponse({ target: args.target, ...BR_VARIANTS[i].options });
    out.push({ w00: r.w00, second: r.second });
  }
  return out;
}

/**
 * The tables the agents are built from (sent to every worker).
 *
 * @example
 * ```ts
 * declare const id: string, data: Float32Array; // a table's id and values
 * const t: AgentTables = { tables: { duel: { id, target: 200, data } }, br: {} };
 * ```
 */
export interface AgentTables {
  /** Search tables by rules preset (data of a two-sided table), with ids. */
  tables: Record<string, { id: string; target: number; data: Float32Array }>;
  /** The best-response tables (one side) of `winprob` and `brsum:N`, by spec. */
  br: Record<string, { id: string; target: number; data: Float32Array }>;
}

const tableCache = new Map<string, WTable>();

function tableOf(
  t: { id: string; target: number; data: Float32Array },
  sides: number,
): WTable {
  let w = tableCache.get(t.id);
  if (!w) {
    w = new WTable(t.target, sides, t.data);
    tableCache.set(t.id, w);
  }
  return w;
}

/**
 * The runner's strategy maker for the matches: the registry's strategy for
 * the spec, its win agents built on the tables passed in (no cache read).
 *
 * @example
 * ```ts
 * declare const tables: AgentTables["tables"], br: AgentTables["br"];
 * const s = makeAgent({ tables, br }, "search", "duel");
 * ```
 */
export function makeAgent(
  args: AgentTables,
  spec: string,
  rules: string,
): Strategy {
  return resolveStrategy(spec, {
    searchTable: () => tableOf(args.tables[rules], 2),
    brTable: (o) => tableOf(args.br[brSpec(o)], 1),
  });
}

/** The search table of a preset for this run: cached and matching, else trained. */
async function searchTable(
  rules: string,
  quick: boolean,
  workers: number,
  notes: string[],
): Promise<{ table: WTable; trainedNow: boolean; seconds: number | null }> {
  const path = searchTablePath(rules);
  // a quick run always trains its own tiny table, so its output does not depend on the cache
  if (!quick) {
    // the header must name this kind, these rules and the default training
    const r = WTable.check(path, searchTableIdentity(rules));
    if ("table" in r) {
      return { table: r.table, trainedNow: false, seconds: null };
    }
    if (r.problem !== "missing") {
      notes.push(`${path} refused (${r.problem}); retrained`);
    }
  }
  const budget = quick ? QUICK_TRAINING : DEFAULT_TRAINING;
  console.error(
    `win-agent: training the ${rules} search table (${budget.games} games x ${
      budget.iterations + 1
    } steps)`,
  );
  const t = performance.now();
  const r = await trainTable({ rules, ...budget, workers });
  const seconds = (performance.now() - t) / 1000;
  if (!quick) r.table.trySaveSync(path);
  notes.push(
    `trained the ${rules} table in ${seconds.toFixed(1)} s on ${workers} ${
      workers === 1 ? "worker" : "workers"
    }; W[0,0,first] by step ${r.w00.map((x) => x.toFixed(4)).join(", ")}`,
  );
  return { table: r.table, trainedNow: true, seconds };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** The spec of the best response to an opponent model. */
function brSpec(o: "maximiser" | number): string {
  return o === "maximiser" ? "winprob" : `brsum:${o}`;
}

/** The match whose seed match `i` plays on: itself, or its pair. */
function seedIndex(m: Match, i: number): number {
  if (m.pairedWith === undefined) return i;
  const j = MATCHES.findIndex((o) =>
    o.agent === m.pairedWith && o.rules === m.rules &&
    o.players === m.players && o.opponent === m.opponent
  );
  if (j < 0) throw new Error(`no match for ${m.agent} to pair with`);
  return j;
}

/**
 * Win-agent's plan: its search tables trained (or loaded) first, since the
 * matches' strategies are built from them (the runs' `maker`); the matches'
 * runs, their evaluation seeds checked against every training seed; the
 * best-response variants as solver work.
 */
async function planMatches(
  { seed, quick, scale, workers }: ExperimentOptions,
) {
  const notes: string[] = [];
  const rulesList = ["duel", "standard"];
  const tables: AgentTables["tables"] = {};
  const tableMeta: Record<string, unknown> = {};
  const training: Record<string, number | null> = {};
  for (const rules of rulesList) {
    const t = await searchTable(rules, quick, workers, notes);
    setSearchTable(rules, t.table);
    const bytes = new Uint8Array(t.table.data.buffer);
    tables[rules] = {
      id: `${rules}-${fnv1a(bytes)}`,
      target: t.table.target,
      data: t.table.data,
    };
    tableMeta[rules] = { ...t.table.meta, w00_first: t.table.get(0, 0, 0) };
    training[rules] = t.seconds === null ? null : Math.round(t.seconds * 10) /
      10;
  }
  const br = brTable();
  const brData: AgentTables["br"] = {};
  const needed = new Set<string>();
  for (const m of MATCHES) {
    if (m.agent === "winprob" || m.agent.startsWith("brsum:")) {
      needed.add(m.agent);
    }
    if (m.agent === "adapt") {
      ADAPT_MODELS.forEach((o) => needed.add(brSpec(o)));
    }
  }
  for (const spec of needed) {
    const w = spec === "winprob" ? br : brTable(Number(spec.slice(6)));
    brData[spec] = {
      id: `${spec}-${fnv1a(new Uint8Array(w.data.buffer))}`,
      target: w.target,
      data: w.data,
    };
  }
  // evaluation seeds, checked against every training seed
  const runs = MATCHES.map((m, i) => ({
    rules: m.rules,
    policies: m.players === 2
      ? [m.agent, m.opponent]
      : [m.agent, ...Array(m.players - 1).fill(m.opponent)],
    seed: deriveSeed(seed, "win-agent", seedIndex(m, i)),
    count: sized(m.games, QUICK_GAMES, { quick, scale }),
    mode: "game" as const,
    groupBy: "seat" as const,
  }));
  const trainSeeds: number[] = [];
  for (const rules of rulesList) {
    const meta = tableMeta[rules] as { seed: number; iterations: number };
    for (let i = 0; i <= meta.iterations; i++) {
      trainSeeds.push(meta.seed + 7919 * i);
    }
  }
  for (const r of runs) {
    if (trainSeeds.includes(r.seed)) {
      throw new Error(`evaluation seed ${r.seed} is a training seed`);
    }
  }
  return {
    runs,
    maker: {
      module: import.meta.url,
      fn: "makeAgent",
      args: { tables, br: brData } satisfies AgentTables,
    },
    // the best response and its variants (exact; quick runs only the table's own)
    work: async ({ workers, onProgress }: ExperimentOptions) =>
      quick
        ? [{ w00: Number(br.meta.w00), second: null }]
        : (await runChunks<{ w00: number; second: number | null }[]>({
          module: import.meta.url,
          fn: "bestResponseVariants",
          args: { target: 200 },
          total: BR_VARIANTS.length,
          workers,
          chunks: BR_VARIANTS.length,
          onProgress: phase(onProgress, "best response"),
        })).flat(),
    state: { notes, rulesList, tableMeta, training, trainSeeds, br },
  };
}

/** The experiment. */
export const winAgent: Experiment = defineExperiment({
  name: "win-agent",
  chart: winAgentChart,
  claim:
    "Playing for the win beats playing for points: seed 001's search agent and an exact best response against sum:37, ev and bust:0.25.",
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
      summary.push(
        `${m.rules}, ${m.players}p: ${m.agent} vs ${m.opponent}: ${
          pct(share)
        } [${pct(lo)}, ${pct(hi)}] of ${a.games} games${
          a.draws ? ` (${a.draws} drawn)` : ""
        }${
          s1 ? `; seed 001 ${pct(s1[0])} [${pct(s1[1])}, ${pct(s1[2])}]` : ""
        }`,
      );
    });
    const brRows = variants.map((v, i) => ({
      variant: BR_VARIANTS[i].name,
      w00: v.w00,
      ...(v.second !== null
        ? { w00_opponent_first: v.second, w00_mean: (v.w00 + v.second) / 2 }
        : {}),
    }));
    for (const b of brRows) {
      summary.push(
        `best response W(0,0), ${b.variant}: ${b.w00.toFixed(6)}${
          "w00_mean" in b
            ? ` (opponent first ${
              (b.w00_opponent_first as number).toFixed(6)
            }, mean ${(b.w00_mean as number).toFixed(6)})`
            : ""
        }`,
      );
    }
    summary.push(
      "public solver: 0.5593 — the default model gives it; the earlier 0.5563 was a bug (utility cut at the opponent's top score 62)",
    );
    summary.push(...notes);
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
        composition:
          "two players: agent, opponent; four players: agent and three opponents; seats rotated by game index (game k shifts the seats by k), seat 0 deals round 1, so seat and starting player are balanced",
        win_share:
          "agent's wins / games (the agent has one seat, column seats); Wilson 95% interval; draws (duel: equal totals at the top) are not wins",
        reproduce_a_row:
          "deno task flip7 sim -n GAMES -p AGENT,OPPONENT[,OPPONENT,OPPONENT] --rules RULES --seed SEED (with the same .cache/winprob/v5 tables; search-bank rows have no sim spec)",
        training: {
          budget: quick ? QUICK_TRAINING : DEFAULT_TRAINING,
          regions: REGION_CUTS,
          seeds: trainSeeds,
          seconds: training,
          tables: tableMeta,
        },
        best_response_w00: brRows[0].w00,
        best_response: {
          model:
            "79 numbers only, a fresh deck per player per round, simultaneous independent rounds, target 200, the opponent the exact expected-score maximiser (mean 18.565)",
          table_w00: Number(br.meta.w00),
          variants: brRows,
        },
        notes,
      },
    };
  },
});

/**
 * The claims-table lines of {@linkcode winAgent}, from its CSV rows and the
 * best response's `W(0,0)`.
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * declare const csv: string; // results/win-agent.csv
 * winAgentClaims(parseRows(csv), 0.5593, false)[0].ours;
 * ```
 */
export function winAgentClaims(
  rows: Row[],
  w00: number,
  quick: boolean,
): Claim[] {
  const ours = (agent: string, rules = "duel", players = 2) =>
    ["sum:37", "ev", agent === "search-bank" ? "search0-bank" : "search0"]
      .map((o) =>
        rows.find((r) =>
          r.agent === agent && r.opponent === o && r.rules === rules &&
          r.players === players
        )
      ).map((r) => (r ? pct(r.win_share as number) : "-")).join(" / ");
  const std = (agent: string) =>
    rows.filter((r) =>
      r.agent === agent && r.rules === "standard" && r.players === 2
    ).map((r) => `${pct(r.win_share as number)} vs ${r.opponent}`).join(
      ", ",
    );
  return [
    {
      claim:
        "duel: search vs stop-at-37 / ev / the same search without the table",
      reference: { source: "seed 001", figure: "77.3% / 55.8% / 56.7%" },
      ours: `${ours("search")} (leaves banking every line: ${
        ours("search-bank")
      })`,
    },
    {
      claim:
        "duel: the ceiling against stop-at-37 (best response to a known sum:37)",
      reference: { source: "seed 001", figure: "its search, 77.3%" },
      ours: `brsum:37 ${
        rows.filter((r) => r.agent === "brsum:37").map((r) =>
          `${pct(r.win_share as number)} [${pct(r.ci_low as number)}, ${
            pct(r.ci_high as number)
          }]`
        ).join("")
      }`,
    },
    {
      claim: "standard, 2 players: win share against ev (target 57%)",
      ours: `search ${std("search")}; winprob ${std("winprob")}; adapt ${
        std("adapt")
      }`,
    },
    {
      claim: "duel: adapt (learns whom it plays) vs stop-at-37 / ev / search",
      reference: {
        source: "seed 001",
        figure: "its search vs stop-at-37, 77.3%",
      },
      ours: ["sum:37", "ev", "search"].map((o) =>
        rows.find((r) =>
          r.agent === "adapt" && r.opponent === o && r.rules === "duel"
        )
      ).map((r) => (r ? pct(r.win_share as number) : "-")).join(" / "),
    },
    {
      claim:
        "standard, 2 players: winprob against ev without each of its parts (same games)",
      ours: rows.filter((r) =>
        r.rules === "standard" && r.players === 2 && r.opponent === "ev" &&
        (r.agent === "winprob" || (r.agent as string) in ABLATIONS)
      ).map((r) => `${r.agent} ${pct(r.win_share as number)}`).join("; "),
    },
    {
      claim: "best response W(0,0) vs a score maximiser (independent rounds)",
      reference: { source: "public solver", figure: "0.5593" },
      ours: `${w00.toFixed(4)}${
        quick ? "" : " (the earlier 0.5563 was a bug, reproduced exactly)"
      }`,
    },
  ];
}

/** The color group of an agent: ablations (`…-bank`, `winprob/…`) share one. */
function agentFamily(agent: unknown): string {
  const a = String(agent);
  return a.includes("/") || a.endsWith("-bank") ? "ablations" : a;
}

/**
 * The chart of {@linkcode winAgent} from its CSV rows (and `quick` from the
 * provenance): each match's per-seat win share of the agent with its Wilson
 * interval, the fair share, and seed 001's figures; one color per agent
 * family (the ablations share one).
 *
 * @example
 * ```ts
 * import { parseRows } from "../lib/experiment/experiment.ts";
 * declare const csv: string, json: string; // the CSV and JSON files of the run
 * const chart = winAgentChart(parseRows(csv), JSON.parse(json));
 * ```
 */
export function winAgentChart(
  rows: Row[],
  provenance: Record<string, unknown>,
): ChartOptions {
  const label = (r: Row) =>
    `${
      r.rules === "duel" ? "duel" : `standard ${r.players}p`
    }: ${r.agent} vs ${r.opponent}`;
  const pts: Row[] = rows.map((r) => ({
    ...r,
    label: label(r),
    family: agentFamily(r.agent),
  }));
  const withSeed001 = pts.filter((p) => p.seed001 !== null);
  const games = (rules: string, players: number) =>
    ((rows.find((r) => r.rules === rules && r.players === players)
      ?.games as number) ?? 0).toLocaleString("en-US");
  const hi = Math.max(
    ...pts.map((p) =>
      Math.max(p.ci_high as number, (p.seed001_high ?? 0) as number)
    ),
  );
  return {
    title: "Win share of the win-probability agents",
    subtitle:
      `Agent's per-seat win share, seats and starting player balanced; ${
        provenance.quick ? "quick run: " : ""
      }duel ${games("duel", 2)}, standard ${games("standard", 2)} (4 players: ${
        games("standard", 4)
      }) games a match`,
    caption:
      "Bars: Wilson 95%. Circles on grey: seed 001 (95%). Dashed ticks: fair share 1/n. Ablations: search-bank, winprob/…; brsum:37 knows its opponent. Source: results/win-agent.csv",
    width: 780,
    height: 60 + 26 * pts.length,
    marginLeft: 270,
    marginRight: 20,
    x: {
      label: "Agent's win share (%)",
      percent: true,
      grid: true,
      domain: [0, Math.min(100, Math.ceil(hi * 10) * 10)], // percent
    },
    y: { label: null, domain: pts.map((p) => p.label as string) },
    color: {
      legend: true,
      domain: [...new Set(pts.map((p) => p.family as string))],
      label: "Agent",
    },
    marks: [
      Plot.tickX(pts, {
        x: "fair_share",
        y: "label",
        stroke: "#999",
        strokeDasharray: "3,2",
      }),
      Plot.link(withSeed001, {
        y1: "label",
        y2: "label",
        x1: "seed001_low",
        x2: "seed001_high",
        stroke: "#ccc",
        strokeWidth: 7,
      }),
      Plot.dot(withSeed001, {
        y: "label",
        x: "seed001",
        stroke: "currentColor",
        r: 5,
      }),
      Plot.link(pts, {
        y1: "label",
        y2: "label",
        x1: "ci_low",
        x2: "ci_high",
        stroke: "family",
        strokeWidth: 2,
      }),
      Plot.dot(pts, {
        y: "label",
        x: "win_share",
        fill: "family",
        r: 3.5,
      }),
    ],
  };
}
