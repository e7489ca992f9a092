/**
 * The report's headline table: each policy's exact solo EV, its share of
 * the optimum, and its win shares heads-up and at four players.
 *
 * @module
 */

import type { Row } from "../../lib/experiment/experiment.ts";
import { wilson } from "../../lib/run/stats.ts";
import { csvRows, esc, find, num, pc, pci, readJson } from "./read.ts";

/** The headline table: policy, exact solo EV, % of optimum, win shares. */
export function headlineTable(dir: string): string {
  const pet = csvRows(dir, "policy-ev-table");
  const dv = csvRows(dir, "deck-variants");
  const fs = (readJson(`${dir}/field-size.json`)?.pooled ?? []) as Row[];
  const wa = csvRows(dir, "win-agent");
  const cc = csvRows(dir, "card-counting");
  const sw = csvRows(dir, "sweep");
  const opt = find(pet, { model: "exact", policy: "optimal" });
  if (!opt) return "";
  const o = opt.ev as number;
  const ev = (p: string) => find(pet, { model: "exact", policy: p });
  const evText = (x: number | null) =>
    x === null ? ["—", "—"] : [x.toFixed(3), `${(100 * x / o).toFixed(1)}%`];
  const pooledSeat = (reading: string, n: number, policy: string) =>
    find(fs, { reading, rules: "standard", players: n, policy });
  const waRow = (agent: string, players: number) =>
    find(wa, { rules: "standard", players, agent, opponent: "ev" });
  const ccRow = (setting: string) =>
    find(cc, {
      setting,
      rules: "standard",
      measure: "win_share",
      policy: "evc",
    });
  const ccCi = (r: Row | null) =>
    r ? `${pc(r.estimate)} (${pc(r.ci_low)}–${pc(r.ci_high)})` : "—";
  const swRow = (players: number, policy: string) => {
    // the sweep's three seeds pooled
    const rs = sw.filter((r) =>
      r.set === "sum" && r.rules === "standard" && r.players === players &&
      r.policy === policy
    );
    if (rs.length === 0) return null;
    const games = rs.reduce((a, r) => a + (r.games as number), 0);
    const wins = rs.reduce((a, r) => a + (r.wins as number), 0);
    const k = rs[0].seats as number;
    const [lo, hi] = wilson(wins, games);
    return {
      win_share: wins / (games * k),
      ci_low: lo / k,
      ci_high: hi / k,
    } as Row;
  };
  const sum25 = find(dv, { deck: "chance" });
  const rows: [string, number | null, string, string, string][] = [
    [
      "optimal (dp)",
      o,
      "—",
      "—",
      "solo optimum; not played in the fields here",
    ],
    [
      "ev",
      num(ev("ev")?.ev),
      "50% (itself)",
      "25% (itself)",
      "the opponent of every other row",
    ],
    [
      "evc",
      null,
      ccCi(ccRow("heads-up")),
      ccCi(ccRow("four")),
      "card-counting.csv; 4 players: 2 evc, 2 ev; its solo EV is not computed",
    ],
    [
      "bustsc:0.25",
      num(ev("bustsc:0.25")?.ev),
      pci(pooledSeat("bustsc:0.25", 2, "bustsc:0.25")),
      pci(pooledSeat("bustsc:0.25", 4, "bustsc:0.25")),
      "field-size.csv; 4 players: 2 + 2 ev",
    ],
    [
      "bust:0.25",
      num(ev("bust:0.25")?.ev),
      pci(pooledSeat("bust:0.25", 2, "bust:0.25")),
      pci(pooledSeat("bust:0.25", 4, "bust:0.25")),
      "field-size.csv; 4 players: 2 + 2 ev",
    ],
    [
      "sum:25",
      sum25 && sum25.best_sum === 25 ? num(sum25.best_sum_ev) : null,
      pci(swRow(2, "sum:25")),
      pci(swRow(4, "sum:25")),
      "sweep.csv (3 seeds pooled); EV from deck-variants.csv",
    ],
    [
      "winprob",
      null,
      pci(waRow("winprob", 2)),
      pci(waRow("winprob", 4)),
      "win-agent.csv; 4 players: 1 against 3 ev; plays for the win, so no solo EV",
    ],
    [
      "search",
      null,
      pci(waRow("search", 2)),
      pci(waRow("search", 4)),
      "win-agent.csv; as winprob",
    ],
  ];
  const body = rows.map(([name, x, h2, h4, note]) => {
    const [e, share] = evText(x);
    return `<tr><td><code>${
      esc(name)
    }</code></td><td>${e}</td><td>${share}</td><td>${h2}</td><td>${h4}</td><td>${
      esc(note)
    }</td></tr>`;
  }).join("\n");
  return `<table class="headline"><thead><tr><th>policy</th><th>exact solo EV (88-card solo deck)</th><th>% of optimum</th><th>heads-up win share vs ev (Wilson 95%)</th><th>4-player win share per seat vs ev (Wilson 95%)</th><th>source, seats</th></tr></thead><tbody>
${body}</tbody></table>`;
}
