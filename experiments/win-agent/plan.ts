/**
 * The plan of the `win-agent` experiment: its search tables trained (or
 * loaded) first, since the matches' strategies are built from them; the
 * matches' runs, with the strategy maker the workers call
 * ({@linkcode makeAgent}); the best-response variants as custom work
 * ({@linkcode bestResponseVariants} in the workers).
 *
 * @module
 */

import type {
  ExperimentOptions,
  ExperimentPlan,
} from "../../lib/experiment/experiment.ts";
import { sized } from "../../lib/experiment/experiment.ts";
import { runChunks } from "../../lib/run/parallel.ts";
import { resolveStrategy } from "../../lib/run/registry.ts";
import {
  DEFAULT_TRAINING,
  searchTableIdentity,
  setSearchTable,
} from "../../lib/winprob/search_strategy.ts";
import { ADAPT_MODELS } from "../../lib/winprob/adaptive.ts";
import { brTable } from "../../lib/winprob/winprob_strategy.ts";
import { bestResponse } from "../../lib/winprob/bestresponse.ts";
import { fnv1a, searchTablePath, WTable } from "../../lib/winprob/table.ts";
import { trainTable } from "../../lib/run/train.ts";
import type { Strategy } from "../../lib/game/view.ts";
import { deriveSeed, phase } from "../common.ts";
import { prose } from "../text.ts";
import TEXT from "../text/win-agent.md" with { type: "text" };
import {
  BR_VARIANTS,
  brSpec,
  MATCHES,
  QUICK_GAMES,
  QUICK_TRAINING,
  seedIndex,
} from "./matches.ts";

const text = prose("win-agent", TEXT);

/** `W(0, 0)` of one best-response variant (and with the opponent first). */
export interface Variant {
  /** The responder's win probability from 0-0, moving first. */
  w00: number;
  /** The same with the opponent first, where the variant tells them apart. */
  second: number | null;
}

/**
 * Worker job: `W(0, 0)` of the best-response variants `[from, to)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const [v] = bestResponseVariants({ target: 30 }, 0, 1);
 * assert.ok(v.w00 > 0.5 && v.w00 < 1);
 * ```
 */
export function bestResponseVariants(
  args: { target: number },
  from: number,
  to: number,
): Variant[] {
  const out = [];
  for (let i = from; i < to; i++) {
    const r = bestResponse({ target: args.target, ...BR_VARIANTS[i].options });
    out.push({ w00: r.w00, second: r.second });
  }
  return out;
}

/** A table as sent to the workers: its id, target and values. */
export interface SentTable {
  /** Identifies the table (rules or spec and a checksum of its data). */
  id: string;
  /** The target score. */
  target: number;
  /** The values. */
  data: Float32Array;
}

/**
 * The tables the agents are built from (sent to every worker).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const data = new Float32Array(4);
 * const t: AgentTables = { tables: { duel: { id: "duel-1", target: 200, data } }, br: {} };
 * assert.equal(t.tables.duel.target, 200);
 * ```
 */
export interface AgentTables {
  /** Search tables by rules preset (data of a two-sided table), with ids. */
  tables: Record<string, SentTable>;
  /** The best-response tables (one side) of `winprob` and `brsum:N`, by spec. */
  br: Record<string, SentTable>;
}

const tableCache = new Map<string, WTable>();

function tableOf(t: SentTable, sides: number): WTable {
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
 * import assert from "node:assert/strict";
 * import { WTable } from "../../lib/winprob/table.ts";
 * const t = WTable.symmetric(200, 2, 0.5);
 * const tables = { duel: { id: "t", target: 200, data: t.data } };
 * assert.equal(makeAgent({ tables, br: {} }, "search", "duel").name, "search");
 * assert.equal(makeAgent({ tables, br: {} }, "ev", "duel").name, "ev");
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
      notes.push(text("note-refused", { path, problem: r.problem }));
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
  notes.push(text("note-trained", {
    rules,
    seconds: seconds.toFixed(1),
    workers,
    unit: workers === 1 ? "worker" : "workers",
    w00: r.w00.map((x) => x.toFixed(4)).join(", "),
  }));
  return { table: r.table, trainedNow: true, seconds };
}

/** What win-agent's analysis needs from its plan. */
export interface WinAgentState {
  /** Notes on the tables (trained, refused), for the summary. */
  notes: string[];
  /** The rules presets whose search tables were used. */
  rulesList: string[];
  /** Each search table's header, with `W[0,0,first]`. */
  tableMeta: Record<string, unknown>;
  /** Seconds each table took to train (null: loaded from the cache). */
  training: Record<string, number | null>;
  /** Every training seed (no evaluation seed is one). */
  trainSeeds: number[];
  /** `winprob`'s best-response table. */
  br: WTable;
}

/**
 * Win-agent's plan: its search tables trained (or loaded) first, since the
 * matches' strategies are built from them (the runs' `maker`); the matches'
 * runs, their evaluation seeds checked against every training seed; the
 * best-response variants as solver work.
 */
export async function planMatches(
  { seed, quick, scale, workers }: ExperimentOptions,
): Promise<ExperimentPlan<WinAgentState, Variant[]>> {
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
        : (await runChunks<Variant[]>({
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
