/**
 * The exact solo optimum of a Vengeance round, on packed states
 * (`vengeance_round.ts`): the optimal-stopping DP with the round kernel's
 * tie rules (hit only when hitting is worth strictly more; at a choice the
 * first best card), memoised by packed key in a typed-array table
 * ({@linkcode WordTable}), and a forward pass of any policy — the optimum, a
 * threshold `sum:N`, a hit predicate over the line and the modifiers — for
 * its expected score, bust and Flip 7 rates and the law of its round score.
 *
 * The DP memoises the draw nodes (a decision is a draw node's value against
 * the stay score, a choice the best of its options' values), so `states`
 * counts the draw nodes it solved. It equals `solveKernelFloat` over the
 * round kernel on small decks under every ruling value
 * (tests/vengeance_solve_test.ts).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules, withRules } from "../game/rules.ts";
 * const V = getRules("vengeance"), t = V.cards;
 * // a small deck: a Zero, 1-3, a Discard and a -2; a Flip 7 of four cards
 * const deck = V.deck.map((_, k) => ["zero", "1", "2", "3", "discard", "-2"].includes(t.names[k]) ? 1 : 0);
 * const rules = withRules(V, { deck, flip7Length: 4 });
 * const opt = solveVengeance(rules);
 * const fw = evaluateVengeance(rules, "optimal");
 * assert.ok(Math.abs(fw.value - opt.value) < 1e-12);
 * assert.ok(Math.abs(fw.law.reduce((a, b) => a + b, 0) - 1) < 1e-12);
 * const sum2 = evaluateVengeance(rules, { sum: 2 });
 * assert.ok(sum2.value <= opt.value);
 * ```
 * @module
 */

import type { SoloTreatments } from "../game/kernel_state.ts";
import type { Rules } from "../game/rules.ts";
import { fnv1a } from "../util/io.ts";
import {
  cachedOrComputed,
  type CacheOptions,
  checkedJson,
  defaultCacheDir,
  readCheckedJson,
} from "./cache.ts";
import { WordTable } from "./table.ts";
import {
  CHOOSE,
  DECIDE,
  END,
  END_BUST,
  END_FLIP7,
  END_STAY,
  VengeanceRound,
} from "./vengeance_round.ts";

/**
 * A policy for a solo Vengeance round: `"optimal"` (the DP's decisions),
 * `{ sum: N }` (hit while the number sum is below N, as the engine's
 * `sum:N`), or `{ hit }` (hit when `hit(line, mods)` says so: the line's
 * number-kind mask and the modifier mask). A policy other than the optimum
 * takes the first option at a choice (the card a Discard takes: the
 * kernel's order), as a strategy without `choose` does in the engine.
 */
export type VengeancePolicy =
  | "optimal"
  | { readonly sum: number }
  | { readonly hit: (line: number, mods: number) => boolean };

/** What a policy makes of a solo Vengeance round. */
export interface VengeanceValue {
  /** The expected round score. */
  readonly value: number;
  /** The probability of busting. */
  readonly bust: number;
  /** The probability of a Flip 7. */
  readonly flip7: number;
  /** Draw nodes (packed states) visited. */
  readonly states: number;
  /** Seconds taken. */
  readonly seconds: number;
}

/** The forward pass of a policy: its rates and the law of its round score. */
export interface VengeanceEvaluation extends VengeanceValue {
  /** P(round score = `lawMin + i`) at index i. */
  readonly law: Float64Array;
  /** The score of the law's first entry (0 unless Brutal Mode). */
  readonly lawMin: number;
  /** The standard deviation of the round score. */
  readonly sd: number;
}

/** Options of the solver. */
export interface VengeanceOptions {
  /** The solo treatments (default the engine's; `ownCard=choose` only). */
  readonly treatments?: Partial<SoloTreatments>;
  /** Draw nodes expected (the memo's first size). */
  readonly expected?: number;
  /**
   * The most draw nodes the DP may memoise: beyond it the solve stops with
   * a RangeError instead of filling the memory (default
   * {@linkcode VENGEANCE_LIMIT}).
   */
  readonly limit?: number;
}

/**
 * The draw nodes the DP or a forward pass memoises before it stops with a
 * RangeError, by default: 50 million, about 3.7 GiB (the 108-card deck
 * passes it; docs/vengeance.md, "The solo optimum").
 */
export const VENGEANCE_LIMIT = 50_000_000;

/** Growable typed arrays. */
function grownF(
  a: Float64Array<ArrayBuffer>,
  need: number,
): Float64Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Float64Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}
function grownI(
  a: Int32Array<ArrayBuffer>,
  need: number,
): Int32Array<ArrayBuffer> {
  if (need <= a.length) return a;
  const b = new Int32Array(Math.max(need, a.length * 2));
  b.set(a);
  return b;
}

/**
 * The DP and the forward passes of one rule set's solo Vengeance round,
 * sharing the DP's memo: {@linkcode solveVengeance} and
 * {@linkcode evaluateVengeance} in one object, for several policies of the
 * same rules.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules, withRules } from "../game/rules.ts";
 * const V = getRules("vengeance"), t = V.cards;
 * const deck = V.deck.map((_, k) => ["1", "2", "3", "flip4", "-4"].includes(t.names[k]) ? 1 : 0);
 * const solver = new VengeanceSolver(withRules(V, { deck, flip7Length: 4 }));
 * const opt = solver.solve();
 * assert.ok(Math.abs(solver.evaluate("optimal").value - opt.value) < 1e-12);
 * ```
 */
export class VengeanceSolver {
  /** The packed round. */
  readonly round: VengeanceRound;
  private readonly memo: WordTable;
  private vals = new Float64Array(3 * 1024);
  private readonly s: Int32Array;
  private readonly keys: Uint32Array;
  private readonly opts: Int32Array;
  private readonly maxDepth: number;
  private readonly width: number;
  // the result of the last value() call
  private rv = 0;
  private rb = 0;
  private rf = 0;
  private solved: VengeanceValue | null = null;
  private readonly limit: number;

  /**
   * The solver of `rules` (the Vengeance edition).
   *
   * @throws {InputError} for rules or treatments the packed round does not play
   */
  constructor(rules: Rules, options: VengeanceOptions = {}) {
    this.round = new VengeanceRound(rules, options.treatments);
    this.memo = new WordTable(this.round.words, options.expected ?? 1024);
    this.limit = options.limit ?? VENGEANCE_LIMIT;
    // each node is one slot deeper than its parent; a round has at most
    // two piles' draws, a decision and a choice or two between draws
    this.maxDepth = 4 * this.round.total + 16;
    this.s = this.round.scratch(this.maxDepth);
    this.keys = new Uint32Array(this.maxDepth * this.round.words);
    this.width = this.round.cards.kinds + 2;
    this.opts = new Int32Array(this.maxDepth * this.width);
  }

  /** Bytes of typed-array memory held by the DP's memo. */
  get bytes(): number {
    return this.memo.bytes + this.vals.byteLength;
  }

  /**
   * The optimal value of the round from the deal, its bust and Flip 7
   * rates, and the draw nodes solved (memoised: a second call returns the
   * first's result).
   */
  solve(): VengeanceValue {
    if (this.solved) return this.solved;
    const t0 = performance.now();
    this.round.initial(this.s, 0);
    this.value(0);
    this.solved = {
      value: this.rv,
      bust: this.rb,
      flip7: this.rf,
      states: this.memo.size,
      seconds: (performance.now() - t0) / 1000,
    };
    return this.solved;
  }

  /** The value, bust and Flip 7 rates of optimal play from the settled state at slot `d` (into rv, rb, rf). */
  private value(d: number): void {
    const R = this.round, s = this.s, size = R.size, o = d * size;
    const node = s[o + R.reg.NODE];
    if (node === END) {
      const end = s[o + R.reg.END];
      this.rv = R.score(s, o);
      this.rb = end === END_BUST ? 1 : 0;
      this.rf = end === END_FLIP7 ? 1 : 0;
      return;
    }
    const o1 = o + size;
    if (node === DECIDE) {
      const stay = R.score(s, o, END_STAY);
      R.copy(s, d, d + 1);
      R.hit(s, o1);
      this.value(d + 1);
      if (!(this.rv > stay)) { // (stay unless hitting is strictly better)
        this.rv = stay;
        this.rb = this.rf = 0;
      }
      return;
    }
    if (node === CHOOSE) {
      const at = d * this.width, n = R.options(s, o, this.opts, at);
      let bv = -Infinity, bb = 0, bf = 0;
      for (let i = 0; i < n; i++) {
        R.copy(s, d, d + 1);
        R.choose(s, o1, this.opts[at + i]);
        this.value(d + 1);
        if (this.rv > bv) [bv, bb, bf] = [this.rv, this.rb, this.rf];
      }
      this.rv = bv;
      this.rb = bb;
      this.rf = bf;
      return;
    }
    // a draw node: memoised
    const W = R.words, kat = d * W;
    R.pack(s, o, this.keys, kat);
    const known = this.memo.find(this.keys, kat);
    if (known >= 0) {
      this.rv = this.vals[3 * known];
      this.rb = this.vals[3 * known + 1];
      this.rf = this.vals[3 * known + 2];
      return;
    }
    let v = 0, b = 0, f = 0, total = 0;
    let from = d; // the slot whose pile is drawn from
    if (R.pileSize(s, o) === 0) {
      R.copy(s, d, d + 1);
      if (R.reshuffle(s, o1)) from = d + 1;
      else {
        R.runOut(s, o1);
        this.value(d + 1);
        from = -1;
        [v, b, f, total] = [this.rv, this.rb, this.rf, 1];
      }
    }
    if (from >= 0) {
      const of = from * size, oc = of + size;
      for (let k = 0; k < R.cards.kinds; k++) {
        const c = s[of + k];
        if (c === 0) continue;
        R.copy(s, from, from + 1);
        R.draw(s, oc, k);
        this.value(from + 1);
        total += c;
        v += c * this.rv;
        b += c * this.rb;
        f += c * this.rf;
      }
    }
    if (this.memo.size >= this.limit) {
      throw new RangeError(
        `the solo Vengeance DP passed its limit of ${this.limit} draw nodes (VengeanceOptions.limit)`,
      );
    }
    const id = this.memo.add(this.keys, kat);
    this.vals = grownF(this.vals, 3 * id + 3);
    this.rv = this.vals[3 * id] = v / total;
    this.rb = this.vals[3 * id + 1] = b / total;
    this.rf = this.vals[3 * id + 2] = f / total;
  }

  /**
   * The forward pass of `policy` from the deal: the probability of
   * reaching every draw node the policy reaches, and the law of the round
   * score (with its mean, the bust and Flip 7 rates). The optimum solves
   * the DP first (see {@linkcode VengeanceSolver.solve}).
   *
   * @throws {RangeError} for a `sum` that is not a finite number
   */
  evaluate(policy: VengeancePolicy): VengeanceEvaluation {
    const t0 = performance.now();
    const R = this.round, t = R.cards;
    let hitAt: (s: Int32Array, o: number) => boolean;
    let pick: (d: number, n: number) => number = () => 0;
    if (policy === "optimal") {
      this.solve();
      hitAt = (s, o) => {
        const d = o / R.size, stay = R.score(s, o, END_STAY);
        R.copy(s, d, d + 1);
        R.hit(s, o + R.size);
        this.value(d + 1);
        return this.rv > stay;
      };
      pick = (d, n) => {
        const o1 = (d + 1) * R.size, at = d * this.width;
        let best = -Infinity, bi = 0;
        for (let i = 0; i < n; i++) {
          R.copy(this.s, d, d + 1);
          R.choose(this.s, o1, this.opts[at + i]);
          this.value(d + 1);
          if (this.rv > best) [best, bi] = [this.rv, i];
        }
        return bi;
      };
    } else if ("sum" in policy) {
      const n = policy.sum;
      if (!Number.isFinite(n)) throw new RangeError(`sum ${n}: a number`);
      hitAt = (s, o) => t.sumOfMask[s[o + R.reg.LINE]] < n;
    } else {
      const f = policy.hit;
      hitAt = (s, o) => f(s[o + R.reg.LINE], s[o + R.reg.MODS]);
    }
    const { min, max } = R.scoreRange();
    const nodes = new WordTable(R.words, 1024);
    const W = R.words, s = this.s, size = R.size, width = this.width;
    const keys = this.keys;
    let post = new Int32Array(1024), nPost = 0;
    // each draw node's edges: the node or end reached, with the copies of
    // the card (its probability: copies over the node's `total`)
    let start = new Int32Array(1024), count = new Int32Array(1024);
    let totals = new Int32Array(1024);
    let to = new Int32Array(4096), copies = new Uint16Array(4096), nEdges = 0;
    const tmpTo = new Int32Array(this.maxDepth * width);
    const tmpC = new Int32Array(this.maxDepth * width);
    const terminal = (o: number): number => {
      const end = s[o + R.reg.END];
      const kind = end === END_BUST ? 1 : end === END_FLIP7 ? 2 : 0;
      return -1 - ((R.score(s, o) - min) * 3 + kind);
    };
    // the state at slot d run through the policy's decisions to a draw
    // node (its id, expanded when new) or the end (a negative code)
    const resolve = (d: number): number => {
      const o = d * size;
      for (;;) {
        const node = s[o + R.reg.NODE];
        if (node === END) return terminal(o);
        if (node === DECIDE) {
          if (hitAt(s, o)) R.hit(s, o);
          else return -1 - ((R.score(s, o, END_STAY) - min) * 3);
          continue;
        }
        if (node === CHOOSE) {
          const n = R.options(s, o, this.opts, d * width);
          R.choose(s, o, this.opts[d * width + pick(d, n)]);
          continue;
        }
        R.pack(s, o, keys, d * W);
        let id = nodes.find(keys, d * W);
        if (id < 0) {
          if (nodes.size >= this.limit) {
            throw new RangeError(
              `the forward pass passed its limit of ${this.limit} draw nodes (VengeanceOptions.limit)`,
            );
          }
          id = nodes.add(keys, d * W);
          expand(d, id);
        }
        return id;
      }
    };
    const expand = (d: number, id: number): void => {
      const o = d * size, at = d * width;
      let n = 0, from = d, total = 1;
      if (R.pileSize(s, o) === 0) {
        R.copy(s, d, d + 1);
        if (R.reshuffle(s, o + size)) from = d + 1;
        else {
          R.runOut(s, o + size);
          tmpTo[at] = resolve(d + 1);
          tmpC[at] = 1;
          n = 1;
          from = -1;
        }
      }
      if (from >= 0) {
        const of = from * size;
        total = R.pileSize(s, of);
        for (let k = 0; k < t.kinds; k++) {
          const c = s[of + k];
          if (c === 0) continue;
          R.copy(s, from, from + 1);
          R.draw(s, of + size, k);
          tmpTo[at + n] = resolve(from + 1);
          tmpC[at + n++] = c;
        }
      }
      start = grownI(start, id + 1);
      count = grownI(count, id + 1);
      totals = grownI(totals, id + 1);
      start[id] = nEdges;
      count[id] = n;
      totals[id] = total;
      to = grownI(to, nEdges + n);
      if (nEdges + n > copies.length) {
        const more = new Uint16Array(Math.max(nEdges + n, copies.length * 2));
        more.set(copies);
        copies = more;
      }
      for (let i = 0; i < n; i++) {
        to[nEdges + i] = tmpTo[at + i];
        copies[nEdges + i] = tmpC[at + i];
      }
      nEdges += n;
      post = grownI(post, nPost + 1);
      post[nPost++] = id;
    };
    R.initial(s, 0);
    const root = resolve(0);
    // reach probabilities in topological order (reverse post-order)
    const law = new Float64Array((max - min + 1) * 3);
    const reach = new Float64Array(nodes.size);
    const end = (code: number, r: number) => law[-1 - code] += r;
    if (root < 0) end(root, 1);
    else reach[root] = 1;
    for (let i = nPost - 1; i >= 0; i--) {
      const id = post[i], r = reach[id] / totals[id];
      if (r === 0) continue;
      for (let e = start[id]; e < start[id] + count[id]; e++) {
        if (to[e] >= 0) reach[to[e]] += r * copies[e];
        else end(to[e], r * copies[e]);
      }
    }
    const scores = new Float64Array(max - min + 1);
    let value = 0, sq = 0, bust = 0, flip7 = 0;
    for (let x = 0; x < scores.length; x++) {
      const q = law[3 * x] + law[3 * x + 1] + law[3 * x + 2];
      scores[x] = q;
      bust += law[3 * x + 1];
      flip7 += law[3 * x + 2];
      value += q * (x + min);
      sq += q * (x + min) * (x + min);
    }
    return {
      value,
      bust,
      flip7,
      law: scores,
      lawMin: min,
      sd: Math.sqrt(Math.max(0, sq - value * value)),
      states: nodes.size,
      seconds: (performance.now() - t0) / 1000,
    };
  }
}

/**
 * The exact solo optimum of one Vengeance round under `rules` (its deck and
 * rulings) and the solo treatments: the optimal expected score, the
 * optimal policy's bust and Flip 7 rates, and the draw nodes solved.
 *
 * @throws {InputError} for rules or treatments the packed round does not play
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules, withRules } from "../game/rules.ts";
 * const V = getRules("vengeance"), t = V.cards;
 * const deck = V.deck.map((_, k) => ["1", "2", "unlucky7", "lucky13", "13"].includes(t.names[k]) ? 1 : 0);
 * const s = solveVengeance(withRules(V, { deck, flip7Length: 4 }));
 * assert.ok(s.value > 0 && s.bust >= 0 && s.flip7 > 0);
 * ```
 */
export function solveVengeance(
  rules: Rules,
  options: VengeanceOptions = {},
): VengeanceValue {
  return new VengeanceSolver(rules, options).solve();
}

/**
 * The forward pass of `policy` over one solo Vengeance round under `rules`:
 * its expected score, bust and Flip 7 rates, and the law of its round score
 * (see {@linkcode VengeanceSolver.evaluate}).
 *
 * @throws {InputError} for rules or treatments the packed round does not play
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules, withRules } from "../game/rules.ts";
 * const V = getRules("vengeance"), t = V.cards;
 * const deck = V.deck.map((_, k) => ["1", "2", "3"].includes(t.names[k]) ? 1 : 0);
 * const e = evaluateVengeance(withRules(V, { deck, flip7Length: 4 }), { sum: 1 });
 * assert.equal(e.value, 2); // stays on the dealt card: 1, 2 or 3
 * assert.deepEqual(Array.from(e.law.slice(0, 4)), [0, 1 / 3, 1 / 3, 1 / 3]);
 * ```
 */
export function evaluateVengeance(
  rules: Rules,
  policy: VengeancePolicy,
  options: VengeanceOptions = {},
): VengeanceEvaluation {
  return new VengeanceSolver(rules, options).evaluate(policy);
}

const CACHE_KIND = "vengeance-solo", CACHE_FORMAT = 1;

/** What names a solve: the card table, the deck, the Flip 7 and the rulings. */
function signatureOf(rules: Rules): string {
  const t = rules.cards;
  return JSON.stringify({
    cards: t.rows.map((r) => [r.name, r.effect, r.value]),
    deck: rules.deck,
    flip7: [rules.flip7Length, rules.flip7Bonus],
    rulings: rules.rulings,
  });
}

/**
 * The cache file of the solo Vengeance optimum of `rules`, in `dir`
 * (default the cache directory, `FLIP7_CACHE_DIR`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules } from "../game/rules.ts";
 * assert.match(vengeanceCachePath(getRules("vengeance"), "/tmp"), /^\/tmp\/vengeance-solo-[0-9a-f]+\.json$/);
 * ```
 */
export function vengeanceCachePath(
  rules: Rules,
  dir: string = defaultCacheDir(),
): string {
  return `${dir}/vengeance-solo-${
    (fnv1a(signatureOf(rules)) >>> 0).toString(16)
  }.json`;
}

/**
 * {@linkcode solveVengeance}, kept in a checksummed JSON cache file
 * ({@linkcode vengeanceCachePath}): read back when it is whole and for the
 * same rules (each call reads the file), else solved again (with one message saying why) and written
 * atomically. `source` says which.
 *
 * @throws {InputError} for rules the packed round does not play
 * @throws {RangeError} when the solve passes `options.limit`
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { getRules, withRules } from "../game/rules.ts";
 * const V = getRules("vengeance"), t = V.cards;
 * const deck = V.deck.map((_, k) => ["1", "2", "3", "discard"].includes(t.names[k]) ? 1 : 0);
 * const rules = withRules(V, { deck, flip7Length: 4 });
 * const dir = Deno.makeTempDirSync();
 * const a = cachedVengeance(rules, { dir }), b = cachedVengeance(rules, { dir, log: () => {} });
 * assert.equal(a.source, "solved");
 * assert.equal(b.value, a.value);
 * Deno.removeSync(dir, { recursive: true });
 * ```
 */
export function cachedVengeance(
  rules: Rules,
  options: CacheOptions & VengeanceOptions = {},
): VengeanceValue & { readonly source: string } {
  const signature = signatureOf(rules);
  // (no memo across calls: each call reads the file)
  return cachedOrComputed(new Map(), vengeanceCachePath(rules, options.dir), {
    ...options,
    log: options.log ?? ((line) => console.error(line)),
  }, {
    what: "solo Vengeance cache",
    doing: "solving the round again",
    inMemory: "solved in memory for this run",
    decode: (bytes) => {
      const r = readCheckedJson(bytes, CACHE_KIND, CACHE_FORMAT, signature);
      if ("problem" in r) return r;
      const b = r.body;
      const fields = ["value", "bust", "flip7", "states", "seconds"] as const;
      if (!fields.every((f) => typeof b[f] === "number")) {
        return { problem: "damaged (fields)" };
      }
      const [value, bust, flip7, states, seconds] = fields.map((f) =>
        b[f] as number
      );
      return {
        value: { value, bust, flip7, states, seconds, source: "cache" },
      };
    },
    compute: () => {
      const v = solveVengeance(rules, options);
      return {
        value: { ...v, source: "solved" },
        bytes: () =>
          checkedJson({
            kind: CACHE_KIND,
            format: CACHE_FORMAT,
            signature,
            ...v,
          }),
      };
    },
  });
}
