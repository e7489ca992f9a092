/**
 * Seed 001's win rates and draws of its search agent as claims, under the
 * literal reading of its leaves and the continuation-law one.
 *
 * @module
 */

import { wilson, Z95 } from "../../lib/run/stats.ts";
import type { Files } from "./files.ts";
import { num } from "./cells.ts";
import { MARGINS, type Ours, type Reading, type Spec } from "./types.ts";

/** The two readings of seed 001's leaves: the literal one (the verdicts'), then ours. */
const LITERAL =
  "search-bank (the literal reading: leaves bank every player's line)";
const CONTINUATION =
  "search (leaves let a player still in the round go on by a continuation law)";

function readings(
  measure: (f: Files, agent: string, opponent: string) => Ours | null,
  opponents: { bank: string; cont: string },
): Reading[] {
  return [
    {
      name: LITERAL,
      chosen: "before",
      ours: (f) => measure(f, "search-bank", opponents.bank),
    },
    {
      name: CONTINUATION,
      chosen: "after",
      ours: (f) => measure(f, "search", opponents.cont),
    },
  ];
}

/** Seed 001's figure, with its stated Wilson interval and 2,000 games. */
function s001(
  id: string,
  what: string,
  fig: string,
  lowHigh: [number, number],
  opponents: { bank: string; cont: string },
): Spec {
  const [lo, hi] = lowHigh;
  return {
    id,
    source: "seed 001",
    family: "s001-results",
    claim: `"${what}": ${fig} of 2,000 games (95% Wilson ${
      (100 * lo).toFixed(1)
    }%-${(100 * hi).toFixed(1)}%)`,
    experiment: "win-agent",
    kind: "mc",
    figure: fig,
    stated: lowHigh,
    sePublished: (hi - lo) / (2 * Z95),
    publishedNote: "stated Wilson 95%; its SE = width / 3.92",
    margin: MARGINS.share,
    readings: readings(duelShare, opponents),
  };
}

function duelShare(f: Files, agent: string, opponent: string): Ours | null {
  const r = f.row("win-agent", { rules: "duel", agent, opponent });
  if (!r) return null;
  const n = num(r, "games")!, w = num(r, "wins")!;
  const p = w / n;
  const [low, high] = wilson(w, n);
  return {
    value: p,
    low,
    high,
    se: Math.sqrt(p * (1 - p) / n),
    n,
    interval: `Wilson 95% (${n.toLocaleString("en-US")} games)`,
  };
}

function duelDraws(f: Files, agent: string, opponent: string): Ours | null {
  const r = f.row("win-agent", { rules: "duel", agent, opponent });
  if (!r) return null;
  const n = num(r, "games")!, d = num(r, "draws")!;
  const p = d / n;
  const [low, high] = wilson(d, n);
  return {
    value: p,
    low,
    high,
    se: Math.sqrt(Math.max(p * (1 - p), 1 / n) / n),
    n,
    text: `${d} of ${n.toLocaleString("en-US")} (${(100 * p).toFixed(2)}%)`,
    interval: "Wilson 95%",
  };
}

function s001Draws(
  id: string,
  what: string,
  draws: number,
  opponents: { bank: string; cont: string },
): Spec {
  const p = draws / 2000;
  return {
    id,
    source: "seed 001",
    family: "s001-results",
    claim: `draws against "${what}": ${draws} of 2,000 games`,
    experiment: "win-agent",
    kind: "mc",
    figure: `${(100 * p).toFixed(2)}%`,
    rounding: 0, // a count, exact as printed
    sePublished: Math.sqrt(p * (1 - p) / 2000),
    publishedNote: "a count of 2,000 games; binomial SE",
    margin: MARGINS.share,
    readings: readings(duelDraws, opponents),
  };
}

/** Every claim of seed 001 we test, in table order. */
export function seed001Specs(): Spec[] {
  const out: Spec[] = [];
  // seed 001
  const v37 = { bank: "sum:37", cont: "sum:37" };
  const vEv = { bank: "ev", cont: "ev" };
  const v0 = { bank: "search0-bank", cont: "search0" };
  out.push(
    s001("s001-vs-sum37", "Stop at 37 points", "77.3%", [0.754, 0.791], v37),
    s001(
      "s001-vs-ev",
      "Greedy: draw while one more card raises the expected score",
      "55.8%",
      [0.536, 0.58],
      vEv,
    ),
    s001(
      "s001-vs-search0",
      "Same search without the value table",
      "56.7%",
      [0.545, 0.588],
      v0,
    ),
    s001Draws("s001-draws-sum37", "Stop at 37 points", 6, v37),
    s001Draws("s001-draws-ev", "Greedy", 7, vEv),
    s001Draws(
      "s001-draws-search0",
      "Same search without the value table",
      7,
      v0,
    ),
  );
  return out;
}
