/**
 * The plan of the `win-optimal` experiment: the race tables (built into
 * `.cache/` while planning), the engine matches as runs with the workers'
 * strategy maker (`agents.ts`), and the race-model analyses (`models.ts`)
 * the analysis reports.
 *
 * @module
 */

import {
  type ExperimentOptions,
  type ExperimentPlan,
  type Row,
  sized,
} from "../../lib/experiment/experiment.ts";
import {
  BREQ_WANT,
  BRFIELD_WANT,
  type RaceTable,
  raceTable,
} from "../../lib/winprob/racetable.ts";
import { raceValue } from "../../lib/winprob/racevalue.ts";
import { flipThreeTable } from "../../lib/winprob/flip3law.ts";
import { deriveSeed } from "../common.ts";
import { prose } from "../text.ts";
import TEXT from "../text/win-optimal.md" with { type: "text" };
import {
  B_FIELD,
  HEADS_UP_FINAL,
  type MakerArgs,
  TARGETING_GAMES,
  TARGETING_SIZES,
} from "./agents.ts";
import {
  cutoffCurve,
  fieldLeaderError,
  roundRow,
  simulationError,
  targetingPositions,
} from "./models.ts";

const text = prose("win-optimal", TEXT);

/** One engine match of the experiment. */
export interface Match {
  /** Players at the table. */
  players: number;
  /** The agent's policy spec (seat group 0). */
  agent: string;
  /** The opponents' policy spec. */
  opponent: string;
  /** The policies seat by seat (before the rotation). */
  policies: string[];
  /** Race-model win probability of the table played (exact, or Monte Carlo at 4+). */
  model: number | null;
  /** Its standard error when it is a Monte Carlo figure. */
  modelSe?: number;
  /** The reduced table's own figure (4+ players). */
  claim?: number;
  /** A targeting row (its gain over the fair share is tested, Holm). */
  targeting?: boolean;
  /** Games (default: the experiment's sizes). */
  games?: number;
  /** Seed (default: derived from the run's seed and the row). */
  seed?: number;
}

/** What win-optimal's analysis needs from its plan. */
export interface WinOptimalState {
  /** The round-law model of the tables. */
  model: string;
  /** The target score. */
  target: number;
  /** The table sizes of the `brfield` rows. */
  ns: number[];
  /** The engine matches, in row order. */
  matches: Match[];
  /** The `brfield` tables against ev, by size. */
  tables: Record<number, RaceTable>;
  /** The heads-up equilibrium table. */
  eq: RaceTable;
  /** The reductions' errors (`fieldLeaderError`, `simulationError`). */
  reduction: Record<string, unknown>[];
  /** The chart's risk curve (`cutoffCurve`). */
  curve: Row[];
  /** The targeting positions (`targetingPositions`). */
  positions: Record<string, unknown>;
  /** The Flip Three table and its method. */
  flip3: Record<string, unknown>;
}

/**
 * Win-optimal's plan: the `brfield` tables against ev and against
 * `bust:0.25` and the heads-up equilibrium (read from `.cache/` or built),
 * one engine match per row, the race-model errors of the reductions, the
 * risk curve, the targeting positions and the Flip Three table.
 */
export function planWinOptimal(
  { seed, quick, scale }: ExperimentOptions,
): ExperimentPlan<WinOptimalState> {
  const model = quick ? "numbers" : "all94";
  const target = quick ? 60 : 200;
  const ns = quick ? [2, 3, 4] : [2, 3, 4, 5, 6];
  const tables: Record<number, RaceTable> = {};
  for (const n of ns) tables[n] = raceTable(BRFIELD_WANT(n, model, target));
  const eq = raceTable(BREQ_WANT(model, target));
  const tablesB: Record<number, RaceTable> = {};
  for (const n of ns) {
    tablesB[n] = raceTable(BRFIELD_WANT(n, model, target, B_FIELD));
  }
  const matches: Match[] = [];
  for (const n of ns) {
    matches.push({
      players: n,
      agent: "brfield",
      opponent: "ev",
      policies: ["brfield", ...Array(n - 1).fill("ev")],
      model: tables[n].header.w0,
    });
  }
  matches.push(
    {
      players: 2,
      agent: "breq",
      opponent: "breq",
      policies: ["breq", "breq"],
      model: eq.header.w0,
    },
    {
      players: 2,
      agent: "breq",
      opponent: "ev",
      policies: ["breq", "ev"],
      model: null,
    },
    {
      players: 2,
      agent: "breq",
      opponent: "brfield",
      policies: ["breq", "brfield"],
      model: null,
    },
  );
  for (const n of ns) {
    matches.push({
      players: n,
      agent: `brfieldb:${B_FIELD.slice(5)}`,
      opponent: B_FIELD,
      policies: [
        `brfieldb:${B_FIELD.slice(5)}`,
        ...Array(n - 1).fill(B_FIELD),
      ],
      model: tablesB[n].header.w0,
    });
  }
  // targeting by win value: wt:ev against N - 1 ev (the value tables built here)
  const tns = quick ? [2, 3, 4] : TARGETING_SIZES;
  for (const n of tns) {
    raceValue(n, "ev", model, target);
    matches.push({
      players: n,
      agent: "wt:ev",
      opponent: "ev",
      policies: ["wt:ev", ...Array(n - 1).fill("ev")],
      model: null,
      targeting: true,
      games: sized(TARGETING_GAMES, 400, { quick, scale }),
    });
  }
  // the pre-registered heads-up run against ev (agent, games, seed fixed above)
  const fin = quick ? HEADS_UP_FINAL.quickAgent : HEADS_UP_FINAL.agent;
  matches.push({
    players: 2,
    agent: fin,
    opponent: HEADS_UP_FINAL.opponent,
    policies: [fin, HEADS_UP_FINAL.opponent],
    model: null,
    games: sized(HEADS_UP_FINAL.games, 200, { quick, scale }),
    seed: HEADS_UP_FINAL.seed,
  });
  const count = (m: Match) =>
    m.games ?? sized(
      m.agent === "brfield" && m.players === 2 ? 60_000 : 20_000,
      200,
      { quick, scale },
    );
  const runs = matches.map((m, i) => ({
    rules: "standard",
    policies: m.policies,
    seed: m.seed ?? deriveSeed(seed, 2500 + i),
    count: count(m),
    mode: "game" as const,
    groupBy: "seat" as const,
    ...(quick ? { target } : {}),
  }));
  const simGames = quick ? 20_000 : 200_000;
  const sims = ns.filter((n) => n >= 3).map((n) =>
    simulationError(tables[n], model, simGames, deriveSeed(seed, 2600 + n))
  );
  const simsB = ns.filter((n) => n >= 3).map((n) =>
    simulationError(tablesB[n], model, simGames, deriveSeed(seed, 2700 + n))
  );
  const reduction = [fieldLeaderError(model, target), ...sims, ...simsB];
  // at 4+ players the race model's value of the table played is the
  // Monte Carlo of the unreduced race; the reduced table's own figure beside
  for (const m of matches) {
    const sim = (m.agent === "brfield" ? sims : simsB).find((x) =>
      x.players === m.players
    );
    const reduced = m.agent === "brfield" ? m.players >= 4 : m.players >= 3;
    if (!m.agent.startsWith("brfield") || !reduced || !sim) continue;
    m.claim = m.model ?? undefined;
    m.model = sim.simulated as number;
    m.modelSe = sim.simulated_se as number;
  }
  return {
    runs,
    maker: {
      module: new URL("./agents.ts", import.meta.url).href,
      fn: "makeWinOptimalAgent",
      args: { model, target, players: ns } satisfies MakerArgs,
    },
    state: {
      model,
      target,
      ns,
      matches,
      tables,
      eq,
      reduction,
      curve: cutoffCurve(tables, model, target),
      positions: targetingPositions(
        model,
        target,
        tns,
        quick ? 40 : 400,
        deriveSeed(seed, 2800),
      ),
      flip3: {
        method: text("flip3-method"),
        numbers: flipThreeTable("numbers").map(roundRow),
        all94: flipThreeTable("all94").map(roundRow),
      },
    },
  };
}
