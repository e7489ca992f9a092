/**
 * The verdict rule of the claims table (docs/claims.md): exact digits,
 * statements, and Monte Carlo rows by an equivalence test (the 90% interval
 * of ours minus published inside a margin fixed in advance) and Holm within
 * the published table; each table judged under one reading, its
 * alternatives reported beside it as a search.
 *
 * @module
 */

import { holm, twoSidedP } from "../../lib/run/stats.ts";
import { Files } from "./files.ts";
import { digitsMatch, parseFigure, show, showExact } from "./figures.ts";
import {
  type ClaimRow,
  type Ours,
  type Reading,
  type SearchRow,
  type Spec,
  type Verdict,
  Z90,
} from "./types.ts";
import { seed000Specs } from "./seed000.ts";
import { seed001Specs } from "./seed001.ts";
import { publicSolverSpecs } from "./public_solver.ts";
import { vengeanceSpecs } from "./vengeance.ts";

/** Every published claim we test, in table order: seed 000, seed 001, the public solver. */
export function specs(): Spec[] {
  return [
    ...seed000Specs(),
    ...seed001Specs(),
    ...publicSolverSpecs(),
    ...vengeanceSpecs(),
  ];
}

/** One spec tested under one reading. */
interface Tested {
  spec: Spec;
  reading: Reading;
  ours: Ours;
  /** Ours minus published, and its interval (see ClaimRow.diff_low). */
  diff: number | null;
  low: number | null;
  high: number | null;
  /** Monte Carlo rows: the margin, z beyond the rounding, its p, TOST. */
  margin: number | null;
  z: number | null;
  p: number | null;
  equivalent: boolean | null;
  /** Exact and statement rows: whether the figure or statement matches. */
  ok: boolean | null;
  /** Monte Carlo rows: the SEs and rounding behind the interval. */
  seO: number;
  seP: number;
  h: number;
}

/** The rounding half-width of a spec's printed figure (0 for a statement or a count). */
function halfWidth(spec: Spec): number {
  if (spec.rounding !== undefined) return spec.rounding;
  if (spec.figure === null) return 0;
  return 0.5 * 10 ** -parseFigure(spec.figure).d;
}

function test(spec: Spec, reading: Reading, f: Files): Tested | null {
  const ours = reading.ours(f);
  if (!ours) return null;
  const none = {
    diff: null,
    low: null,
    high: null,
    margin: null,
    z: null,
    p: null,
    equivalent: null,
    seO: 0,
    seP: 0,
    h: 0,
  };
  if (spec.kind === "predicate") {
    return { spec, reading, ours, ...none, ok: ours.holds === true };
  }
  const pub = parseFigure(spec.figure!).value;
  const h = halfWidth(spec);
  if (spec.kind === "exact") {
    if (ours.value === null) return null;
    const digits = ours.digits ?? 6;
    const d = ours.value - pub;
    const w = h + 0.5 * 10 ** -digits;
    return {
      spec,
      reading,
      ours,
      ...none,
      diff: d,
      low: d - w,
      high: d + w,
      ok: digitsMatch(ours.value, digits, spec.figure!),
      h,
    };
  }
  // Monte Carlo: both estimates' SEs, and the published figure's rounding
  // (its unrounded value is anywhere within ±h) added to each end
  const seO = ours.se ?? 0;
  const seP = ours.sePublished ?? spec.sePublished ?? 0;
  const se = Math.sqrt(seO * seO + seP * seP);
  const d = ours.value! - pub;
  const beyond = Math.max(0, Math.abs(d) - h);
  const z = beyond === 0 ? 0 : se > 0 ? Math.sign(d) * beyond / se : Infinity;
  const w = h + Z90 * se;
  const margin = Math.max(spec.margin!, 2 * h);
  if (spec.notComparable) {
    // shown with its difference, but not tested (no p: outside Holm)
    return {
      spec,
      reading,
      ours,
      ...none,
      diff: d,
      low: d - w,
      high: d + w,
      ok: null,
    };
  }
  return {
    spec,
    reading,
    ours,
    diff: d,
    low: d - w,
    high: d + w,
    margin,
    z,
    p: twoSidedP(z),
    equivalent: d - w > -margin && d + w < margin,
    ok: null,
    seO,
    seP,
    h,
  };
}

/** Holm within each family: the adjusted p of every Monte Carlo test given. */
function holmByFamily(ts: (Tested | null)[]): Map<number, number> {
  const out = new Map<number, number>();
  const fams = new Set(
    ts.filter((t) => t?.p != null).map((t) => t!.spec.family),
  );
  for (const fam of fams) {
    const idx = ts.map((_t, i) => i).filter((i) =>
      ts[i]?.p != null && ts[i]!.spec.family === fam
    );
    const h = holm(idx.map((i) => ts[i]!.p!));
    idx.forEach((i, k) => out.set(i, h[k]));
  }
  return out;
}

/**
 * Our games (or rounds) for the 90% interval to fit inside the margin if
 * our estimate stayed where it is: `never` when the published figure's own
 * rounding and SE leave no room whatever our count.
 */
function gamesNeeded(t: Tested): number | string | null {
  if (t.diff === null || t.margin === null || t.ours.n === undefined) {
    return null;
  }
  const room = t.margin - t.h - Math.abs(t.diff);
  if (room <= Z90 * t.seP) return "never";
  const se = Math.sqrt((room / Z90) ** 2 - t.seP ** 2);
  return Math.ceil(t.ours.n * (t.seO / se) ** 2);
}

/** The verdict of a tested row (docs/claims.md, "The verdict rule"). */
function verdictOf(t: Tested, holmP: number | undefined): Verdict {
  const after = t.reading.chosen === "after";
  if (t.spec.notComparable) return "not-comparable";
  if (t.spec.kind !== "mc") {
    return t.ok ? (after ? "consistent" : "exact") : "not-reproduced";
  }
  if (holmP! <= 0.05) return "not-reproduced";
  if (t.equivalent) return after ? "consistent" : "reproduced";
  return "inconclusive";
}

/** Our figure of a tested reading as text, in the published unit. */
function textOf(t: Tested): string {
  const o = t.ours, s = t.spec;
  if (o.text !== undefined) return o.text;
  if (o.value === null) return "";
  return s.kind !== "mc"
    ? showExact(o.value, s.figure!)
    : show(o.value, s.figure, 1);
}

/** The command that reruns an experiment's figures, from its provenance. */
export function rerunCommand(f: Files, experiment: string): string {
  const p = f.json(experiment);
  const seed = typeof p?.seed === "number" ? p.seed : 1;
  const extra = p?.quick === true
    ? " --quick"
    : typeof p?.scale === "number" && p.scale !== 1
    ? ` --scale ${p.scale}`
    : "";
  return `deno task flip7 experiment ${experiment} --seed ${seed}${extra} && deno task report`;
}

const r6 = (x: number | null | undefined) =>
  x === null || x === undefined || !Number.isFinite(x)
    ? null
    : Math.round(x * 1e6) / 1e6;

/**
 * The claims table of a results directory: every spec whose files exist,
 * under the one reading of its family (its first), with its verdict:
 * exact and statement rows by their digits or truth; Monte Carlo rows
 * `not-reproduced` when Holm within the family rejects, else `reproduced`
 * (`consistent` under a reading chosen after) when the 90% interval of the
 * difference lies inside the margin, else `inconclusive`.
 *
 * @example
 * ```ts
 * const rows = claimRows("results");
 * import assert from "node:assert/strict";
 * const ev = rows.find((r) => r.id === "s001-vs-ev")!;
 * assert.notEqual(ev.verdict, "reproduced"); // 55.8% against our 52.5%
 * assert.ok(ev.diff_low! < ev.diff! && ev.diff! < ev.diff_high!);
 * ```
 */
export function claimRows(dir = "results"): ClaimRow[] {
  const f = new Files(dir.replace(/\/+$/, ""));
  const all = specs();
  const tested = all.map((s) => test(s, s.readings[0], f));
  const holmP = holmByFamily(tested);
  const out: ClaimRow[] = [];
  tested.forEach((t, i) => {
    if (!t) return;
    const s = t.spec;
    const hp = holmP.get(i);
    const verdict = verdictOf(t, hp);
    const pf = s.figure === null ? null : parseFigure(s.figure).value;
    const h = halfWidth(s);
    const o = t.ours;
    const mc = s.kind === "mc";
    out.push({
      id: s.id,
      source: s.source,
      family: s.family,
      claim: s.claim,
      published: r6(pf),
      published_low: pf === null ? null : r6(s.stated?.[0] ?? pf - h),
      published_high: pf === null ? null : r6(s.stated?.[1] ?? pf + h),
      published_interval: s.kind === "predicate"
        ? "a statement"
        : s.stated
        ? s.publishedNote ?? "stated"
        : s.kind === "exact"
        ? "rounding interval of the printed digits"
        : `rounding interval; ${s.publishedNote ?? ""}`.replace(/; $/, ""),
      published_se: mc ? r6(t.seP) : null,
      ours: r6(o.value),
      ours_low: mc ? r6(o.low) : r6(o.value),
      ours_high: mc ? r6(o.high) : r6(o.value),
      ours_interval: mc ? o.interval ?? "" : "exact",
      ours_text: textOf(t),
      statistic: s.notComparable
        ? "none"
        : s.kind === "exact"
        ? "digits"
        : s.kind === "predicate"
        ? "statement"
        : "tost",
      diff: r6(t.diff),
      diff_low: r6(t.low),
      diff_high: r6(t.high),
      margin: r6(t.margin),
      z: t.z === null
        ? null
        : Number.isFinite(t.z)
        ? Math.round(t.z * 100) / 100
        : null,
      p: r6(t.p),
      holm_p: mc ? r6(hp) : null,
      equivalent: t.equivalent,
      verdict,
      games_needed: verdict === "inconclusive" ? gamesNeeded(t) : null,
      reading: s.notComparable
        ? `${t.reading.name}; not comparable: ${s.notComparable}`
        : t.reading.name,
      reading_chosen: t.reading.chosen,
      experiment: s.experiment,
      rerun: rerunCommand(f, s.experiment),
    });
  });
  return out;
}

/**
 * The reading search: for every family with alternative readings, each
 * reading (the verdicts' first) with its fit over the cells it covers —
 * largest |z|, Σz², cells Holm rejects and cells equivalent (Monte Carlo),
 * or cells that match (exact and statements) — and which rule picks it: the
 * one fixed in advance (the source's literal text: the verdicts'), or the
 * best fit (chosen after seeing the figures). A search, never a verdict.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const s = readingSearch("results").filter((r) => r.family === "s000-field-size");
 * assert.equal(s[0].reading, "bust:0.25, standard rules");
 * assert.ok(s[0].verdict && s.slice(1).every((r) => !r.verdict && r.chosen === "after"));
 * ```
 */
export function readingSearch(dir = "results"): SearchRow[] {
  const f = new Files(dir.replace(/\/+$/, ""));
  const all = specs();
  const base = all.map((s) => test(s, s.readings[0], f));
  const out: SearchRow[] = [];
  for (const fam of new Set(all.map((s) => s.family))) {
    const idx = all.map((_s, i) => i).filter((i) =>
      all[i].family === fam && base[i] !== null
    );
    const names: string[] = [];
    for (const i of idx) {
      for (const r of all[i].readings.slice(1)) {
        if (!names.includes(r.name)) names.push(r.name);
      }
    }
    if (names.length === 0) continue;
    const verdictNames = [...new Set(idx.map((i) => all[i].readings[0].name))];
    const rows: SearchRow[] = [];
    const fit = (
      reading: string,
      chosen: SearchRow["chosen"],
      verdict: boolean,
      pick: (i: number) => Tested | null,
    ) => {
      const trial = base.slice();
      const mine: number[] = [];
      for (const i of idx) {
        const t = pick(i);
        if (!t) continue;
        trial[i] = t;
        mine.push(i);
      }
      if (mine.length === 0) return;
      const mc = mine.filter((i) => trial[i]!.p !== null);
      const zs = mc.map((i) => trial[i]!.z!);
      const hp = holmByFamily(trial);
      const exactish = mine.filter((i) => trial[i]!.ok !== null);
      rows.push({
        family: fam,
        reading,
        chosen,
        verdict,
        cells: mine.length,
        max_abs_z: zs.length
          ? Math.round(Math.max(...zs.map(Math.abs)) * 100) / 100
          : null,
        sum_z2: zs.length
          ? Math.round(zs.reduce((a, z) => a + z * z, 0) * 10) / 10
          : null,
        rejected: mc.length
          ? mc.filter((i) => hp.get(i)! <= 0.05).length
          : null,
        equivalent: mc.length
          ? mc.filter((i) => trial[i]!.equivalent).length
          : null,
        matching: exactish.length
          ? exactish.filter((i) => trial[i]!.ok).length
          : null,
        pick: "",
      });
    };
    fit(
      verdictNames.length === 1
        ? verdictNames[0]
        : "each cell's literal reading",
      idx.every((i) => all[i].readings[0].chosen === "before")
        ? "before"
        : idx.every((i) => all[i].readings[0].chosen === "after")
        ? "after"
        : "mixed",
      true,
      (i) => base[i],
    );
    for (const name of names) {
      const chosen = idx.flatMap((i) =>
        all[i].readings
      ).find((r) => r.name === name)!
        .chosen;
      fit(name, chosen, false, (i) => {
        const r = all[i].readings.slice(1).find((x) => x.name === name);
        return r ? test(all[i], r, f) : null;
      });
    }
    rows[0].pick = rows[0].chosen === "before"
      ? "the verdicts' reading (the rule fixed in advance: the source's literal text)"
      : "the verdicts' reading (the source's literal text; a measure or reading chosen after where its rows say so)";
    const score = (r: SearchRow) =>
      r.sum_z2 !== null ? r.sum_z2 / r.cells : -(r.matching ?? 0) / r.cells;
    const best = rows.reduce((a, r) => score(r) < score(a) ? r : a);
    best.pick = best.pick
      ? `${best.pick}; also the best fit`
      : "the best fit (chosen after seeing the figures)";
    out.push(...rows);
  }
  return out;
}
