/**
 * Our one-sentence finding of each experiment, read from its files.
 *
 * @module
 */

import { type ClaimRow, simulationFamily } from "../claims.ts";
import { csvRows, find, pci, readJson } from "./read.ts";
import { prose } from "../text.ts";
import TEXT from "../text/report.md" with { type: "text" };

const text = prose("report", TEXT);

/**
 * Our one-sentence finding of an experiment, from its files (for an
 * experiment with no sentence of its own, the first line of its summary),
 * with the tally of its verdicts; never empty for an experiment with files.
 *
 * @example
 * ```ts
 * import { claimRows } from "../claims.ts";
 * import assert from "node:assert/strict";
 * const f = finding("results", "field-size", claimRows("results"));
 * assert.match(f, /^Under the reading its verdicts use \(bust:0\.25, /);
 * assert.match(f, / Verdicts of its \d+ published figures: /);
 * ```
 */
export function finding(dir: string, name: string, claims: ClaimRow[]): string {
  const mine = claims.filter((c) => c.experiment === name);
  const tally = (() => {
    if (mine.length === 0) return "";
    const c: Record<string, number> = {};
    for (const r of mine) c[r.verdict] = (c[r.verdict] ?? 0) + 1;
    return ` Verdicts of its ${mine.length} published figure${
      mine.length === 1 ? "" : "s"
    }: ${Object.entries(c).map(([v, n]) => `${n} ${v}`).join(", ")}.`;
  })();
  const p = readJson(`${dir}/${name}.json`) ?? {};
  const summary = Array.isArray(p.summary) ? p.summary as string[] : [];
  const own: Record<string, () => string> = {
    "policy-ev-table": () => {
      const pet = csvRows(dir, "policy-ev-table");
      const ex = pet.filter((r) => r.model === "exact");
      const more = ex.filter((r) =>
        (r.ev as number) >
          ((find(pet, { model: "approx", policy: r.policy })?.ev as number) ??
            Infinity)
      );
      return text("finding-policy-ev-table", {
        exact: mine.filter((c) =>
          c.verdict === "exact" && c.id.startsWith("s000-table")
        ).length,
        figures: mine.filter((c) =>
          c.id.startsWith("s000-table")
        ).length,
        more: more.length,
        policies: ex.length,
      });
    },
    "optimal-distribution": () => summary[0] ?? "",
    "field-size": () => text("finding-field-size"),
    "card-counting": () => text("finding-card-counting"),
    advice: () => summary[0] ?? "",
    replication: () => summary.slice(1, 3).join("; "),
    "solver-vs-simulation": () => {
      const s = simulationFamily(dir);
      return s
        ? text("finding-solver-vs-simulation", {
          agree: s.rejected === 0
            ? "Simulation agrees with the exact solver"
            : "Simulation and the exact solver differ",
          max_z: s.max_abs_z.toFixed(2),
          tests: s.tests,
          expected_z: s.expected_max_abs_z.toFixed(2),
          rejected: s.rejected,
        })
        : "";
    },
    "win-agent": () => {
      const wa = csvRows(dir, "win-agent");
      const w = find(wa, {
        rules: "standard",
        players: 2,
        agent: "winprob",
        opponent: "ev",
      });
      const s1 = mine.filter((c) => c.id.startsWith("s001-vs-"));
      return w
        ? text("finding-win-agent", {
          winprob: pci(w),
          not_reproduced: s1.filter((c) =>
            c.verdict === "not-reproduced"
          ).length,
        })
        : "";
    },
    "deck-variants": () => summary[summary.length > 4 ? 4 : 0] ?? "",
    "round-law": () => summary[4] ?? summary[0] ?? "",
    vengeance: () => {
      const go = mine.filter((c) => c.source === "go simulator");
      const cpp = mine.filter((c) => c.family === "ps-vengeance");
      if (go.length + cpp.length === 0) return summary[0] ?? "";
      const gap = Math.max(...cpp.map((c) => Math.abs(c.diff ?? 0)));
      return text("finding-vengeance", {
        cpp_max: gap.toFixed(3),
        go: go.length,
        go_rejected: go.filter((c) => c.verdict === "not-reproduced").length,
        go_z: Math.max(...go.map((c) => Math.abs(c.z ?? 0))).toFixed(2),
        go_reproduced: go.filter((c) => c.verdict === "reproduced").length,
      });
    },
    sweep: () => {
      // per set, rules and size, does ev out-win the other rule (pooled seeds)?
      const rows = csvRows(dir, "sweep");
      const cells = new Map<string, { ev: number; other: number }>();
      for (const r of rows) {
        const k = `${r.set}|${r.rules}|${r.players}`;
        const c = cells.get(k) ?? { ev: 0, other: 0 };
        if (r.policy === "ev") c.ev += r.wins as number;
        else c.other += (r.wins as number) / (r.seats as number);
        cells.set(k, c);
      }
      const evSeats = (k: string) => {
        const r = rows.find((x) =>
          `${x.set}|${x.rules}|${x.players}` === k &&
          x.policy === "ev"
        );
        return (r?.seats as number) ?? 1;
      };
      const all = [...cells.entries()];
      const won = all.filter(([k, c]) => c.ev / evSeats(k) > c.other).length;
      const sizes = [...new Set(rows.map((r) => r.players as number))];
      return all.length
        ? text("finding-sweep", {
          won,
          cells: all.length,
          readings: [...new Set(rows.map((r) => r.rules))].length,
          low: Math.min(...sizes),
          high: Math.max(...sizes),
        })
        : "";
    },
  };
  // an experiment with no finding of its own: the first line of its summary
  const f = (own[name]?.() ?? summary[0] ?? "").trim();
  return `${f && !/[.:;]$/.test(f) ? `${f}.` : f}${tally}`.trim();
}
