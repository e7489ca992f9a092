/**
 * The report's summary: the five headline findings with their numbers and
 * files.
 *
 * @module
 */

import type { Row } from "../../lib/experiment/experiment.ts";
import type { ClaimRow } from "../claims.ts";
import { csvRows, find, pc, pci, readJson } from "./read.ts";
import { prose } from "../text.ts";
import TEXT from "../text/report.md" with { type: "text" };

const text = prose("report", TEXT);

/**
 * The five headline findings (HTML), each with its numbers and file, read
 * from a results directory.
 *
 * @example
 * ```ts
 * import { claimRows } from "../claims.ts";
 * import assert from "node:assert/strict";
 * const h = headlines("results", claimRows("results"));
 * assert.equal(h.length, 5);
 * assert.ok(h[0].startsWith("<b>Exact solo values.</b>"));
 * ```
 */
export function headlines(dir: string, claims: ClaimRow[]): string[] {
  const out: string[] = [];
  const pet = csvRows(dir, "policy-ev-table");
  const dv = csvRows(dir, "deck-variants");
  const opt = find(pet, { model: "exact", policy: "optimal" });
  const bsc = find(pet, { model: "exact", policy: "bustsc:0.25" });
  const b25 = find(pet, { model: "exact", policy: "bust:0.25" });
  const all94 = find(dv, { deck: "all94" });
  const fda = find(csvRows(dir, "rulings"), {
    ruling: "set-aside-order",
    value: "forced-draws-first",
    policy: "optimal",
  });
  if (opt && all94) {
    out.push(
      text("headline-exact", {
        optimum: (opt.ev as number).toFixed(4),
        all94: (all94.optimum as number).toFixed(4),
        forced: fda ? `(${(fda.ev as number).toFixed(10)})` : "",
      }),
    );
  }
  if (bsc && b25 && opt) {
    out.push(
      text("headline-rules", {
        bust: (b25.ev as number).toFixed(3),
        bust_below: pc(b25.below_optimum),
        bustsc: (bsc.ev as number).toFixed(3),
        bustsc_below: pc(bsc.below_optimum, 2),
      }),
    );
  }
  const fs = readJson(`${dir}/field-size.json`);
  const pooled = (fs?.pooled ?? []) as Row[];
  const fp = (n: number, reading = "bust:0.25") =>
    find(pooled, { reading, rules: "standard", players: n, policy: "ev" });
  if (fp(2) && fp(4) && fp(6)) {
    const fsRows = claims.filter((c) => c.experiment === "field-size");
    out.push(
      text("headline-field", {
        two: pci(fp(2)),
        four: pci(fp(4)),
        six: pci(fp(6)),
        figures: fsRows.length,
        not_reproduced: fsRows.filter((c) =>
          c.verdict === "not-reproduced"
        ).length,
        reproduced: fsRows.filter((c) => c.verdict === "reproduced").length,
      }),
    );
  }
  const wa = csvRows(dir, "win-agent");
  const wp = find(wa, {
    rules: "standard",
    players: 2,
    agent: "winprob",
    opponent: "ev",
  });
  const wp4 = find(wa, {
    rules: "standard",
    players: 4,
    agent: "winprob",
    opponent: "ev",
  });
  const sb = find(wa, {
    rules: "duel",
    agent: "search-bank",
    opponent: "search0-bank",
  });
  const sbEv = find(wa, {
    rules: "duel",
    agent: "search-bank",
    opponent: "ev",
  });
  const s001 = claims.filter((c) => c.id.startsWith("s001-vs-"));
  if (wp && wp4 && sb && sbEv && s001.length) {
    out.push(
      text("headline-win", {
        winprob: pci(wp),
        winprob4: pci(wp4),
        search_bank: pci(sb),
        vs_ev: pci(sbEv),
        not_reproduced: s001.filter((c) =>
          c.verdict === "not-reproduced"
        ).length,
      }),
    );
  }
  const cc = csvRows(dir, "card-counting");
  const h = find(cc, {
    setting: "heads-up",
    rules: "standard",
    measure: "points_per_round",
    policy: "evc-ev",
  });
  const f4 = find(cc, {
    setting: "four",
    rules: "standard",
    measure: "points_per_round",
    policy: "evc-ev",
  });
  const v = (id: string) =>
    claims.find((c) => c.id === id)?.verdict.replace("-", " ") ?? "-";
  if (h && f4) {
    out.push(
      text("headline-counting", {
        two: (h.estimate as number).toFixed(2),
        two_se: (h.se as number).toFixed(3),
        two_verdict: v("s000-counting-points-heads-up"),
        four: (f4.estimate as number).toFixed(2),
        four_se: (f4.se as number).toFixed(3),
        four_verdict: v("s000-counting-points-four"),
      }),
    );
  }
  return out;
}
