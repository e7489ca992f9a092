/**
 * Choice tables of the race model (`race.ts`) on disk: for a table size N,
 * the index of the round policy (in a named family) that the best response
 * to a field picks at each state (`t0, t1` heads-up; `t0`, the field's
 * leader and its second otherwise), with the model's win probability at the
 * start. Files `.cache/race-<name>-<N>p.bin`: the 8 bytes `F7RACE01`, a u32
 * header length, the JSON header (kind, players, target, dims, family,
 * opponent, reduction, `w0`), the choices (one byte per state), then a u32
 * FNV-1a checksum of every byte before it. A missing, stale or damaged file
 * is rebuilt by the builder that `racebuild.ts` installs (the command line
 * and the experiments load it; worker threads only read files), with a
 * one-line message.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { decodeRaceTable, encodeRaceTable } from "./racetable.ts";
 * const t = { header: { kind: "brfield", players: 2, target: 2, dims: 2, family: ["sum:1"], opponent: "ev", reduction: "exact", w0: 0.5 }, choice: new Uint8Array([0, 0, 0, 0]) };
 * assert.equal(decodeRaceTable(encodeRaceTable(t)).header.w0, 0.5);
 * ```
 * @module
 */

import { InputError } from "../game/cards.ts";
import { fnv1a, writeFileAtomicSync } from "../util/io.ts";
import { readCacheFileSync } from "../util/kept.ts";
import { defaultCacheDir } from "../solver/cache.ts";

const MAGIC = "F7RACE01";

/** What a race table's header says it is. */
export interface RaceTableHeader {
  /** `brfield` (best response to a field) or `breq` (heads-up equilibrium). */
  kind: string;
  /** Table size N. */
  players: number;
  /** Target total. */
  target: number;
  /** 2 (`t0, t1`) or 3 (`t0`, leader, second). */
  dims: number;
  /** The family of round policies the choices index. */
  family: string[];
  /** The field's policy (whose exact solo law the model uses). */
  opponent: string;
  /** `exact` or the reduction used. */
  reduction: string;
  /** The model's win probability from all totals 0. */
  w0: number;
  /** Solo model of the laws (`all94` unless said). */
  model?: string;
  /** Anything else worth keeping (timings, law fingerprint). */
  [key: string]: unknown;
}

/** A choice table. */
export interface RaceTable {
  /** What it is. */
  header: RaceTableHeader;
  /** One family index per state. */
  choice: Uint8Array;
  /**
   * For a mixed table (`breq`): `mix[state * family.length + k]` = the
   * probability of policy `k` (float32), else absent.
   */
  mix?: Float32Array;
}

/**
 * Encode a table (header, choices, optional mixture, checksum).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const bytes = encodeRaceTable({ header: { kind: "brfield", players: 2, target: 1, dims: 2, family: ["ev"], opponent: "ev", reduction: "exact", w0: 0.5 }, choice: new Uint8Array(1) });
 * assert.equal(new TextDecoder().decode(bytes.subarray(0, 8)), "F7RACE01");
 * assert.ok(bytes.length > 8);
 * ```
 */
export function encodeRaceTable(t: RaceTable): Uint8Array {
  const head = new TextEncoder().encode(
    JSON.stringify({ ...t.header, mixed: t.mix !== undefined }),
  );
  const mixBytes = t.mix ? t.mix.byteLength : 0;
  const n = 8 + 4 + head.length + t.choice.length + mixBytes + 4;
  const buf = new Uint8Array(n);
  buf.set(new TextEncoder().encode(MAGIC), 0);
  const dv = new DataView(buf.buffer);
  dv.setUint32(8, head.length, true);
  buf.set(head, 12);
  let at = 12 + head.length;
  buf.set(t.choice, at);
  at += t.choice.length;
  if (t.mix) {
    buf.set(new Uint8Array(t.mix.buffer, t.mix.byteOffset, mixBytes), at);
    at += mixBytes;
  }
  dv.setUint32(at, fnv1a(buf, 0, at), true);
  return buf;
}

/**
 * Decode a table, checking magic, lengths and checksum.
 *
 * @throws {InputError} naming what is wrong.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * const t = { header: { kind: "brfield", players: 2, target: 1, dims: 2, family: ["ev"], opponent: "ev", reduction: "exact", w0: 0.5 }, choice: new Uint8Array(1) };
 * const bytes = encodeRaceTable(t);
 * assert.equal(decodeRaceTable(bytes).choice.length, 1);
 * // a flipped byte fails the checksum
 * bytes[12] ^= 1;
 * assert.throws(() => decodeRaceTable(bytes));
 * ```
 */
export function decodeRaceTable(buf: Uint8Array): RaceTable {
  if (
    buf.length < 16 ||
    new TextDecoder().decode(buf.subarray(0, 8)) !== MAGIC
  ) {
    throw new InputError("not a race table (bad magic)");
  }
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const hl = dv.getUint32(8, true);
  if (12 + hl + 4 > buf.length) throw new InputError("race table truncated");
  if (dv.getUint32(buf.length - 4, true) !== fnv1a(buf, 0, buf.length - 4)) {
    throw new InputError("race table damaged (checksum mismatch)");
  }
  let header: RaceTableHeader & { mixed?: boolean };
  try {
    header = JSON.parse(new TextDecoder().decode(buf.subarray(12, 12 + hl)));
  } catch {
    throw new InputError("race table damaged (header)");
  }
  const states = header.target ** header.dims;
  const K = header.family.length;
  const want = 12 + hl + states + (header.mixed ? states * K * 4 : 0) + 4;
  if (want !== buf.length) throw new InputError("race table damaged (length)");
  const at = 12 + hl;
  const choice = buf.slice(at, at + states);
  const mix = header.mixed
    ? new Float32Array(
      buf.slice(at + states, at + states + states * K * 4).buffer,
    )
    : undefined;
  delete header.mixed;
  return { header, choice, mix };
}

/**
 * Path of a table file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(raceTablePath("brfield", 3, ".cache"), ".cache/race-brfield-3p.bin");
 * assert.equal(raceTablePath("brfield", 2, "/tmp", "numbers", 60), "/tmp/race-brfield-2p-numbers-t60.bin");
 * ```
 */
export function raceTablePath(
  kind: string,
  players: number,
  dir: string = defaultCacheDir(),
  model = "all94",
  target = 200,
): string {
  const tail = model === "all94" && target === 200
    ? ""
    : `-${model}-t${target}`;
  return `${dir}/race-${kind}-${players}p${tail}.bin`;
}

/** What a table must be: the fields of its header that are checked on load. */
export interface RaceTableWant {
  /** Kind. */
  kind: string;
  /** Table size. */
  players: number;
  /** Target. */
  target: number;
  /** Family. */
  family: readonly string[];
  /** Field policy. */
  opponent: string;
  /** Reduction. */
  reduction: string;
  /** Solo model of the laws (default `all94`). */
  model?: string;
  /**
   * Rounds and seed of laws estimated by simulation (the Vengeance
   * tables): a cached table made from other laws is stale.
   */
  laws?: { readonly rounds: number; readonly seed: number };
}

/** What computes a missing table. */
export type Builder = (want: RaceTableWant) => RaceTable;
let builder: Builder | null = null;

/**
 * Install what computes a missing table (`racebuild.ts` does).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildRaceTable } from "../run/race_build.ts";
 * // a builder that makes an all-zero table (the real one is lib/run/race_build.ts)
 * setRaceTableBuilder((w) => ({
 *   header: { ...w, family: [...w.family], dims: 2, w0: 0.5 },
 *   choice: new Uint8Array(w.target * w.target),
 * }));
 * const dir = await Deno.makeTempDir();
 * const t = raceTable(BRFIELD_WANT(2, "numbers", 3), dir);
 * assert.equal(t.choice.length, 9);
 * assert.ok(Deno.statSync(raceTablePath("brfield", 2, dir, "numbers", 3)).isFile);
 * await Deno.remove(dir, { recursive: true });
 * setRaceTableBuilder(buildRaceTable); // the real builder back
 * ```
 */
export function setRaceTableBuilder(b: Builder): void {
  builder = b;
}

const loaded = new Map<string, RaceTable>();

/**
 * A table from memory, from `.cache/`, or built now (message on stderr) and
 * saved; without a builder (a worker thread) a missing table is a one-line
 * error naming the command that builds it.
 *
 * @throws {InputError} when the table is missing and nothing can build it.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import "../run/race_build.ts"; // installs the builder
 * import { BRFIELD_WANT, raceTablePath } from "./racetable.ts";
 * // heads-up against ev on the 79-card numbers deck, to 60 points, in a temp folder
 * const dir = await Deno.makeTempDir();
 * Deno.env.set("FLIP7_CACHE_DIR", dir); // where the laws it needs are kept
 * const t = raceTable(BRFIELD_WANT(2, "numbers", 60), dir);
 * assert.ok(t.header.w0 > 0.5 && t.header.w0 < 0.7); // the best response beats ev
 * assert.equal(t.choice.length, 60 * 60);
 * // a second call (or a later process) reads it back
 * assert.ok(Deno.statSync(raceTablePath("brfield", 2, dir, "numbers", 60)).isFile);
 * assert.equal(raceTable(BRFIELD_WANT(2, "numbers", 60), dir), t);
 * Deno.env.delete("FLIP7_CACHE_DIR");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export function raceTable(want: RaceTableWant, dir?: string): RaceTable {
  const model = want.model ?? "all94";
  const path = raceTablePath(
    want.kind,
    want.players,
    dir,
    model,
    want.target,
  );
  const got = loaded.get(path);
  if (got) return got;
  let problem = "missing";
  try {
    const t = decodeRaceTable(readCacheFileSync(path));
    const h = t.header;
    if (
      h.kind === want.kind && h.players === want.players &&
      h.target === want.target && h.opponent === want.opponent &&
      h.reduction === want.reduction && (h.model ?? "all94") === model &&
      JSON.stringify(h.family) === JSON.stringify(want.family) &&
      (want.laws === undefined ||
        (h.lawRounds === want.laws.rounds && h.lawSeed === want.laws.seed))
    ) {
      loaded.set(path, t);
      return t;
    }
    problem = "stale (another family, field, reduction or laws)";
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) {
      problem = e instanceof Error ? e.message : String(e);
    }
  }
  if (!builder) {
    throw new InputError(
      `race table ${path} is ${problem}: build it with 'deno task flip7 experiment win-optimal --quick'`,
    );
  }
  console.error(`flip7: race table ${path} is ${problem}; computing it now`);
  const t = builder(want);
  try {
    writeFileAtomicSync(path, encodeRaceTable(t));
  } catch {
    console.error(
      `flip7: race table ${path} cannot be written; kept in memory`,
    );
  }
  loaded.set(path, t);
  return t;
}

/**
 * The family `brfield` picks from heads-up (the whole race family).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(BR2_FAMILY.length, 32);
 * assert.equal(BR2_FAMILY.at(-1), "ev");
 * ```
 */
export const BR2_FAMILY: readonly string[] = [
  ...Array.from({ length: 12 }, (_, i) => `sum:${i + 1}`),
  ...[14, 16, 18, 20, 22, 24, 26, 28, 30, 33, 36, 40, 45, 50, 60, 79].map((
    n,
  ) => `sum:${n}`),
  ...[0.2, 0.3, 0.4].map((p) => `bust:${p}`),
  "ev",
];

/**
 * The family `brfield` picks from at three players (a subset, to keep the
 * 8-million-state table to minutes).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.ok(BR3_FAMILY.includes("ev"));
 * assert.ok(BR3_FAMILY.every((s) => s === "ev" || BR2_FAMILY.includes(s)));
 * ```
 */
export const BR3_FAMILY: readonly string[] = [
  "sum:1",
  "sum:2",
  "sum:3",
  "sum:4",
  "sum:6",
  "sum:8",
  "sum:10",
  "sum:12",
  "sum:16",
  "sum:20",
  "sum:24",
  "sum:28",
  "sum:33",
  "sum:40",
  "sum:50",
  "sum:79",
  "ev",
];

/**
 * What `brfield` at N players reads: the best response to N − 1 `ev`
 * players, exact for N = 2 and 3 (the three-player table over `BR3_FAMILY`),
 * beyond that the field-leader reduction (a heads-up table over
 * `BR2_FAMILY` against the law of the field's leading total's round gain).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(BRFIELD_WANT(2).reduction, "exact");
 * assert.equal(BRFIELD_WANT(3).family, BR3_FAMILY);
 * assert.equal(BRFIELD_WANT(4).reduction, "field-leader");
 * ```
 */
export function BRFIELD_WANT(
  players: number,
  model = "all94",
  target = 200,
  opponent = "ev",
): RaceTableWant {
  // against ev the three-player table is exact; against another field the
  // field-leader reduction from three players on (its tables are seconds)
  const exact = players === 2 || (players === 3 && opponent === "ev");
  return {
    kind: opponent === "ev"
      ? "brfield"
      : `brfield-${opponent.replace(":", "")}`,
    players,
    target,
    family: exact && players === 3 ? BR3_FAMILY : BR2_FAMILY,
    opponent,
    reduction: exact ? "exact" : "field-leader",
    model,
  };
}

/**
 * What `breq` reads: the heads-up symmetric equilibrium over `BR3_FAMILY`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * assert.equal(BREQ_WANT().kind, "breq");
 * assert.equal(BREQ_WANT("numbers", 60).target, 60);
 * ```
 */
export function BREQ_WANT(model = "all94", target = 200): RaceTableWant {
  return {
    kind: "breq",
    players: 2,
    target,
    family: BR3_FAMILY,
    opponent: "self",
    reduction: "exact",
    model,
  };
}
