/**
 * The verdict rule of the claims table (docs/claims.md): exact digits,
 * statements, and Monte Carlo rows under Holm at family-wise 5% with one
 * alternative reading per experiment; and the field-size reading search.
 *
 * @module
 */

import { holm, twoSidedP, zAgainst } from "../../lib/run/stats.ts";
import { Files } from "./files.ts";
import { digitsMatch, parseFigure, show, showExact } from "./figures.ts";
import type { ClaimRow, Ours, Reading, Spec, Verdict } from "./types.ts";
import { FIELD_READINGS, readingName } from "./field_size.ts";
import { seed000Specs } from "./seed000.ts";
import { seed001Specs } from "./seed001.ts";
import { publicSolverSpecs } from "./public_solver.ts";

/** Every published claim we test, in table order: seed 000, seed 001, the public solver. */
export function specs(): Spec[] {
  return [...seed000Specs(), ...seed001Specs(), ...publicSolverSpecs()];
}

/** Our figure of a tested reading as text, in the published unit. */
function textOf(t: Tested, s: Spec): string {
  const o = t.ours;
  if (o.text !== undefined) return o.text;
  if (o.value === null) return "";
  return s.kind !== "mc"
    ? showExact(o.value, s.figure!)
    : show(o.value, s.figure, 1);
}

interface Tested {
  spec: Spec;
  reading: Reading;
  ours: Ours;
  z: number | null;
  p: number | null;
  ok: boolean | null; // exact/predicate: match; mc: decided by Holm
}

function test(spec: Spec, reading: Reading, f: Files): Tested | null {
  const ours = reading.ours(f);
  if (!ours) return null;
  if (spec.kind === "predicate") {
    return { spec, reading, ours, z: null, p: null, ok: ours.holds === true };
  }
  if (spec.kind === "exact") {
    const ok = ours.value !== null &&
      digitsMatch(ours.value, ours.digits ?? 6, spec.figure!);
    return { spec, reading, ours, z: null, p: null, ok };
  }
  if (ours.p !== undefined) {
    return { spec, reading, ours, z: null, p: ours.p, ok: null };
  }
  // a stated interval is the published figure's own uncertainty (its SE
  // enters below): z is taken against the point; else its rounding interval
  const [lo, hi] = spec.stated
    ? [parseFigure(spec.figure!).value, parseFigure(spec.figure!).value]
    : publishedInterval(spec);
  const z = zAgainst(
    ours.value!,
    ours.se ?? 0,
    lo!,
    hi!,
    ours.sePublished ?? spec.sePublished ?? 0,
  );
  return { spec, reading, ours, z, p: twoSidedP(z), ok: null };
}

function publishedInterval(spec: Spec): [number | null, number | null] {
  if (spec.stated) return spec.stated;
  if (spec.figure === null) return [null, null];
  const f = parseFigure(spec.figure);
  const h = 0.5 * 10 ** -f.d;
  return [f.value - h, f.value + h];
}

/**
 * The claims table of a results directory: every spec whose files exist,
 * with its verdict. Monte Carlo rows: Holm at family-wise 5% over every
 * Monte Carlo row, first with each row's reading chosen before; rows it
 * rejects are tested again under their alternative readings (the one with
 * the smallest |z|, Holm rerun over the whole family with it in place):
 * `consistent` if no longer rejected, else `not-reproduced` under the
 * reading chosen before.
 *
 * @example
 * ```ts
 * const rows = claimRows("results");
 * import assert from "node:assert/strict";
 * assert.equal(rows.find((r) => r.id === "s001-vs-search0")?.verdict, "consistent");
 * ```
 */
export function claimRows(dir = "results"): ClaimRow[] {
  const f = new Files(dir.replace(/\/+$/, ""));
  const all = specs();
  const first: (Tested | null)[] = all.map((s) => test(s, s.readings[0], f));
  const alts: Tested[][] = all.map((s) =>
    s.readings.slice(1).map((r) => test(s, r, f)).filter((t): t is Tested =>
      t !== null
    )
  );
  const chosen: (Tested | null)[] = first.slice();
  const verdicts: (Verdict | null)[] = all.map(() => null);
  // exact and predicate rows
  all.forEach((s, i) => {
    const t = first[i];
    if (!t || s.kind === "mc") return;
    if (t.ok) verdicts[i] = "exact";
    else {
      const alt = alts[i].find((a) => a.ok);
      if (alt) {
        chosen[i] = alt;
        verdicts[i] = "consistent";
      } else verdicts[i] = "not-reproduced";
    }
  });
  // Monte Carlo rows: Holm over the family
  const mc = all.map((_s, i) => i).filter((i) =>
    all[i].kind === "mc" && first[i] !== null
  );
  const adj = (ts: (Tested | null)[]) => {
    const h = holm(mc.map((i) => ts[i]!.p!));
    return new Map(mc.map((i, k) => [i, h[k]]));
  };
  const h1 = adj(chosen);
  const rejected = mc.filter((i) => h1.get(i)! <= 0.05);
  for (const i of mc) if (!rejected.includes(i)) verdicts[i] = "reproduced";
  // one alternative reading per experiment: the best fit over all its
  // Monte Carlo rows (smallest Σz², or largest Σ −log p for event rows)
  const altOf = new Map<string, number>();
  for (const e of new Set(mc.map((i) => all[i].experiment))) {
    const rows = mc.filter((i) => all[i].experiment === e);
    const n = Math.max(0, ...rows.map((i) => all[i].readings.length));
    let best = -1, bestFit = Infinity;
    for (let a = 1; a < n; a++) {
      let fit = 0;
      for (const i of rows) {
        const t = all[i].readings[a]
          ? test(all[i], all[i].readings[a], f)
          : null;
        if (!t) continue;
        fit += t.z !== null ? t.z * t.z : -2 * Math.log(Math.max(t.p!, 1e-300));
      }
      if (fit < bestFit) [best, bestFit] = [a, fit];
    }
    if (best > 0) altOf.set(e, best);
  }
  const trial = chosen.slice();
  for (const i of rejected) {
    const a = altOf.get(all[i].experiment);
    const r = a === undefined ? undefined : all[i].readings[a];
    const t = r ? test(all[i], r, f) : null;
    if (t && t.p !== null) trial[i] = t;
  }
  const h2 = adj(trial);
  const finalP = new Map<number, number>();
  for (const i of mc) {
    if (!rejected.includes(i)) {
      finalP.set(i, h2.get(i)!);
      continue;
    }
    if (trial[i] !== chosen[i] && h2.get(i)! > 0.05) {
      chosen[i] = trial[i];
      verdicts[i] = "consistent";
      finalP.set(i, h2.get(i)!);
    } else {
      verdicts[i] = "not-reproduced";
      finalP.set(i, h1.get(i)!);
    }
  }
  const r6 = (x: number | null | undefined) =>
    x === null || x === undefined || !Number.isFinite(x)
      ? null
      : Math.round(x * 1e6) / 1e6;
  const out: ClaimRow[] = [];
  all.forEach((s, i) => {
    const t = chosen[i];
    if (!t) return;
    const [plo, phi] = publishedInterval(s);
    const pf = s.figure === null ? null : parseFigure(s.figure).value;
    const o = t.ours;
    const exactish = s.kind !== "mc";
    out.push({
      id: s.id,
      source: s.source,
      claim: s.claim,
      published: r6(pf),
      published_low: s.kind === "predicate" ? null : r6(plo),
      published_high: s.kind === "predicate" ? null : r6(phi),
      published_interval: s.kind === "predicate"
        ? "a statement"
        : s.stated
        ? s.publishedNote ?? "stated"
        : s.kind === "exact"
        ? "rounding interval of the printed digits"
        : `rounding interval; ${s.publishedNote ?? ""}`.replace(/; $/, ""),
      ours: r6(o.value),
      ours_low: exactish ? r6(o.value) : r6(o.low),
      ours_high: exactish ? r6(o.value) : r6(o.high),
      ours_interval: exactish ? "exact" : o.interval ?? "",
      ours_text: textOf(t, s),
      statistic: s.kind === "exact"
        ? "digits"
        : s.kind === "predicate"
        ? "statement"
        : t.z === null
        ? "probability of the event"
        : "z",
      z: t.z === null || !Number.isFinite(t.z)
        ? null
        : Math.round(t.z * 100) / 100,
      p: r6(t.p),
      holm_p: s.kind === "mc" ? r6(finalP.get(i)) : null,
      verdict: verdicts[i]!,
      reading: t.reading.name,
      reading_chosen: t.reading.chosen,
      before_ours: t === first[i] ? "" : textOf(first[i]!, s),
      before_z: t === first[i] || first[i]!.z === null ||
          !Number.isFinite(first[i]!.z!)
        ? null
        : Math.round(first[i]!.z! * 100) / 100,
      experiment: s.experiment,
    });
  });
  return out;
}

/**
 * The reading search of the field-size claims: every reading with its fit
 * over the claims table's field-size rows (largest |z|, rows within the
 * family-wise bound), and which reading a rule fixed in advance (the literal
 * policy, the official rules) and the best fit choose.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(readingSearch("results")[0].reading, "bust:0.25, standard rules");
 * ```
 */
export function readingSearch(dir = "results"): {
  reading: string;
  chosen: "before" | "after";
  cells: number;
  max_abs_z: number;
  sum_z2: number;
  within_bound: number;
  bound: number;
  pick: string;
}[] {
  const f = new Files(dir.replace(/\/+$/, ""));
  const field = specs().filter((s) =>
    s.experiment === "field-size" && s.kind === "mc"
  );
  const k = specs().filter((s) => s.kind === "mc").length;
  // the |z| bound of Holm's first step over the claims table's Monte Carlo rows
  const bound = Math.abs(
    zFromP(0.05 / k),
  );
  const rows = FIELD_READINGS.map((r, ri) => {
    const zs: number[] = [];
    for (const s of field) {
      const t = test(s, s.readings[ri], f);
      if (t && t.z !== null) zs.push(t.z);
    }
    return {
      reading: readingName(r),
      chosen: (ri === 0 ? "before" : "after") as "before" | "after",
      cells: zs.length,
      max_abs_z: Math.round(Math.max(0, ...zs.map(Math.abs)) * 100) / 100,
      sum_z2: Math.round(zs.reduce((a, z) => a + z * z, 0) * 10) / 10,
      within_bound: zs.filter((z) => Math.abs(z) <= bound).length,
      bound: Math.round(bound * 100) / 100,
      pick: "",
    };
  }).filter((r) => r.cells > 0);
  if (rows.length > 0) {
    rows[0].pick = "the rule fixed in advance (literal policy, official rules)";
    const best = rows.reduce((a, r) => r.sum_z2 < a.sum_z2 ? r : a);
    best.pick = best.pick
      ? `${best.pick}; also the best fit`
      : "the best fit (smallest Σz², chosen after seeing the figures)";
  }
  return rows;
}

function zFromP(p: number): number {
  // two-sided: |z| with P(|Z| ≥ z) = p
  let lo = 0, hi = 40;
  for (let i = 0; i < 200; i++) {
    const m = (lo + hi) / 2;
    if (twoSidedP(m) > p) lo = m;
    else hi = m;
  }
  return (lo + hi) / 2;
}
