/**
 * The claims-table lines of the `win-agent` experiment.
 *
 * @module
 */

import type { Claim, Row } from "../../lib/experiment/experiment.ts";
import { prose } from "../text.ts";
import TEXT from "../text/win-agent.md" with { type: "text" };
import { ABLATIONS, pct } from "./matches.ts";

const text = prose("win-agent", TEXT);

/**
 * The claims-table lines of the experiment, from its CSV rows and the best
 * response's `W(0,0)`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const rows = [
 *   { rules: "duel", players: 2, agent: "search", opponent: "sum:37", win_share: 0.77, ci_low: 0.76, ci_high: 0.78 },
 *   { rules: "duel", players: 2, agent: "brsum:37", opponent: "sum:37", win_share: 0.8, ci_low: 0.79, ci_high: 0.81 },
 * ];
 * const claims = winAgentClaims(rows, 0.5593, false);
 * assert.equal(claims[0].ours, "77.0% / - / - (leaves banking every line: - / - / -)");
 * assert.equal(claims[1].ours, "brsum:37 80.0% [79.0%, 81.0%]");
 * assert.equal(claims.at(-1)!.ours, "0.5593 (the earlier 0.5563 was a bug, reproduced exactly)");
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
      claim: text("claim-duel"),
      reference: { source: "seed 001", figure: "77.3% / 55.8% / 56.7%" },
      ours: text("claim-duel-ours", {
        search: ours("search"),
        bank: ours("search-bank"),
      }),
    },
    {
      claim: text("claim-ceiling"),
      reference: {
        source: "seed 001",
        figure: text("claim-ceiling-reference"),
      },
      ours: `brsum:37 ${
        rows.filter((r) => r.agent === "brsum:37").map((r) =>
          `${pct(r.win_share as number)} [${pct(r.ci_low as number)}, ${
            pct(r.ci_high as number)
          }]`
        ).join("")
      }`,
    },
    {
      claim: text("claim-standard"),
      ours: text("claim-standard-ours", {
        search: std("search"),
        winprob: std("winprob"),
        adapt: std("adapt"),
      }),
    },
    {
      claim: text("claim-adapt"),
      reference: {
        source: "seed 001",
        figure: text("claim-adapt-reference"),
      },
      ours: ["sum:37", "ev", "search"].map((o) =>
        rows.find((r) =>
          r.agent === "adapt" && r.opponent === o && r.rules === "duel"
        )
      ).map((r) => (r ? pct(r.win_share as number) : "-")).join(" / "),
    },
    {
      claim: text("claim-ablations"),
      ours: rows.filter((r) =>
        r.rules === "standard" && r.players === 2 && r.opponent === "ev" &&
        (r.agent === "winprob" || (r.agent as string) in ABLATIONS)
      ).map((r) => `${r.agent} ${pct(r.win_share as number)}`).join("; "),
    },
    {
      claim: text("claim-best-response"),
      reference: { source: "public solver", figure: "0.5593" },
      ours: `${w00.toFixed(4)}${
        quick ? "" : ` ${text("claim-best-response-bug")}`
      }`,
    },
  ];
}
