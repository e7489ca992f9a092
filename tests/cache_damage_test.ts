/**
 * Every cache and table checks itself: one checksum covers header and
 * payload, so flipping any header byte, or random payload bytes, of a solver
 * cache or a win table is refused — and what the command line prints after
 * the damage is the true value, rebuilt, never a number read from a damaged
 * file. A table of the wrong kind, rules, model or training is refused too.
 *
 * @module
 */
import assert from "node:assert/strict";
import {
  cachePath,
  clearDecisionMemo,
  decodeDecisions,
  encodeDecisions,
  loadDecisions,
} from "../lib/solver/cache.ts";
import { getModel } from "../lib/solver/model.ts";
import { WTable } from "../lib/winprob/table.ts";
import { Rng } from "../lib/game/rng.ts";
import { searchTableIdentity } from "../lib/winprob/search_strategy.ts";
import { brTableIdentity } from "../lib/winprob/winprob_strategy.ts";
import { main } from "../cli/main.ts";

const LONG = Deno.env.get("FLIP7_LONG") === "1";

/** Positions to damage: every header byte, plus `k` random payload bytes. */
function positions(length: number, header: number[], k: number, seed: number) {
  const rng = new Rng(seed);
  const out = [...header];
  for (let i = 0; i < k; i++) out.push(rng.below(length));
  return out;
}

Deno.test("solver cache: every header byte and random payload bytes flipped are refused", () => {
  clearDecisionMemo();
  const dir = Deno.makeTempDirSync({ prefix: "flip7-damage-" });
  try {
    const m = getModel("approx");
    const t = loadDecisions(m, { dir, log: () => {} });
    const good = encodeDecisions(t.space, t.hit, t.ev);
    const ok = decodeDecisions(m, good);
    assert.ok(!("problem" in ok));
    const header = Array.from({ length: 128 }, (_, i) => i);
    for (const at of positions(good.length, header, LONG ? 2000 : 200, 11)) {
      for (const x of [0x01, 0x80, 0xff]) {
        const bad = good.slice();
        bad[at] ^= x;
        const r = decodeDecisions(m, bad);
        assert.ok("problem" in r, `byte ${at} ^ ${x} was accepted`);
      }
    }
    // truncated or extended
    for (const len of [0, 50, 127, 128, good.length - 1]) {
      assert.ok("problem" in decodeDecisions(m, good.slice(0, len)));
    }
    const longer = new Uint8Array(good.length + 1);
    longer.set(good);
    assert.ok("problem" in decodeDecisions(m, longer));
    // the other model's file, and a win table, are of the wrong model / kind
    assert.ok("problem" in decodeDecisions(getModel("exact"), good));
    assert.ok(
      "problem" in decodeDecisions(m, WTable.symmetric(60, 2, 0.5).encode()),
    );
  } finally {
    clearDecisionMemo();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("solve after damage to the solver cache prints the true value, with one message (issue: byte in the first 128)", async () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-damage-cli-" });
  const prev = Deno.env.get("FLIP7_CACHE_DIR");
  Deno.env.set("FLIP7_CACHE_DIR", dir);
  const logged: string[] = [], errs: string[] = [];
  const log = console.log, err = console.error;
  console.log = (s: string) => logged.push(String(s));
  console.error = (s: string) => errs.push(String(s));
  try {
    const run = async () => {
      clearDecisionMemo();
      logged.length = 0;
      errs.length = 0;
      assert.equal(
        await main(["solve", "--model", "approx", "--no-file"]),
        0,
      );
      return logged.find((l) => l.startsWith("Optimal value"))!;
    };
    const truth = await run(); // missing: solved and written
    assert.match(truth, /^Optimal value: 22\.2318 /);
    const path = cachePath(getModel("approx"), dir);
    const good = Deno.readFileSync(path);
    // the case (a byte of the first 128: the value at 48-55) and others
    for (const at of [5, 13, 30, 40, 50, 55, 60, 127, 128, good.length - 1]) {
      const bad = good.slice();
      bad[at] ^= 0x40;
      Deno.writeFileSync(path, bad);
      assert.equal(await run(), truth, `byte ${at}`);
      assert.equal(errs.length, 1, errs.join("\n"));
      assert.match(errs[0], /solver cache .* is (corrupt|stale|of the wrong)/);
      assert.deepEqual(Deno.readFileSync(path), good, "rebuilt");
    }
  } finally {
    console.log = log;
    console.error = err;
    if (prev === undefined) Deno.env.delete("FLIP7_CACHE_DIR");
    else Deno.env.set("FLIP7_CACHE_DIR", prev);
    clearDecisionMemo();
    Deno.removeSync(dir, { recursive: true });
  }
});

function sampleTable(meta: Record<string, unknown>, sides: number): WTable {
  const T = 200;
  const data = new Float32Array(T * T * sides);
  const rng = new Rng(5);
  for (let i = 0; i < data.length; i++) data[i] = rng.float();
  return new WTable(T, sides, data, meta);
}

Deno.test("win tables: every header byte, the checksum and random data bytes flipped are refused", () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-wtab-" });
  try {
    const kinds: [Record<string, unknown>, number][] = [
      [searchTableIdentity("standard"), 2],
      [searchTableIdentity("duel"), 2],
      [brTableIdentity(), 1],
      [brTableIdentity(37), 1],
    ];
    for (const [id, sides] of kinds) {
      const meta = { ...id };
      delete meta.target;
      delete meta.sides;
      const w = sampleTable(meta, sides);
      const good = w.encode();
      const path = `${dir}/t.wtab`;
      Deno.writeFileSync(path, good);
      const r = WTable.check(path, id);
      assert.ok("table" in r, JSON.stringify(r));
      assert.deepEqual(r.table.data, w.data);
      const hl = new DataView(good.buffer).getUint32(8, true);
      const header = Array.from({ length: 12 + hl }, (_, i) => i);
      for (let i = good.length - 4; i < good.length; i++) header.push(i);
      for (
        const at of positions(good.length, header, LONG ? 2000 : 100, hl)
      ) {
        for (const x of [0x01, 0x20, 0xff]) {
          const bad = good.slice();
          bad[at] ^= x;
          const c = WTable.tryDecode(bad);
          assert.ok("problem" in c, `${id.kind} byte ${at} ^ ${x} accepted`);
        }
      }
      // and through the loader, which names the damage for its message
      const bad = good.slice();
      bad[20] ^= 1;
      Deno.writeFileSync(path, bad);
      const c = WTable.check(path, id);
      assert.ok(
        "problem" in c && /^corrupt \(checksum mismatch\)/.test(c.problem),
      );
      for (const len of [0, 10, 16, 12 + hl, good.length - 1]) {
        Deno.writeFileSync(path, good.slice(0, len));
        assert.ok("problem" in WTable.check(path, id));
      }
    }
  } finally {
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test("win tables: a table of the wrong kind, rules, opponent or training is refused (issue: br-numbers over search-standard)", () => {
  const dir = Deno.makeTempDirSync({ prefix: "flip7-wtab-kind-" });
  try {
    const strip = (id: Record<string, unknown>) => {
      const m = { ...id };
      delete m.target;
      delete m.sides;
      return m;
    };
    const br = sampleTable(strip(brTableIdentity()), 1);
    const path = `${dir}/search-standard.wtab`;
    Deno.writeFileSync(path, br.encode());
    const r = WTable.check(path, searchTableIdentity("standard"));
    assert.ok("problem" in r);
    assert.match(
      r.problem,
      /of the wrong kind \('best-response', expected 'search'\)/,
    );
    // the duel table under the standard name; other training; another opponent
    const cases: [
      Record<string, unknown>,
      Record<string, unknown>,
      number,
      RegExp,
    ][] = [
      [
        searchTableIdentity("duel"),
        searchTableIdentity("standard"),
        2,
        /stale \(rules "duel"/,
      ],
      [
        { ...searchTableIdentity("standard"), games: 100 },
        searchTableIdentity("standard"),
        2,
        /stale \(games 100/,
      ],
      [brTableIdentity(37), brTableIdentity(), 1, /stale \(opponent "sum:37"/],
    ];
    for (const [have, want, sides, why] of cases) {
      Deno.writeFileSync(path, sampleTable(strip(have), sides).encode());
      const c = WTable.check(path, want);
      assert.ok("problem" in c);
      assert.match(c.problem, why);
    }
    // an old-format file is stale, a missing one missing
    const old = br.encode();
    old[7] = "1".charCodeAt(0);
    Deno.writeFileSync(path, old);
    const o = WTable.check(path, brTableIdentity());
    assert.ok("problem" in o && /stale \(an older format\)/.test(o.problem));
    const m = WTable.check(`${dir}/none.wtab`, brTableIdentity());
    assert.ok("problem" in m && m.problem === "missing");
    // a solver cache is not a win table
    const dp = loadDecisions(getModel("approx"), { dir, log: () => {} });
    Deno.writeFileSync(path, encodeDecisions(dp.space, dp.hit, dp.ev));
    assert.ok("problem" in WTable.check(path, brTableIdentity()));
  } finally {
    clearDecisionMemo();
    Deno.removeSync(dir, { recursive: true });
  }
});

Deno.test({
  name:
    "long: a damaged best-response table is rebuilt before winprob plays (same output as with a good table)",
  ignore: !LONG,
  async fn() {
    const dir = Deno.makeTempDirSync({ prefix: "flip7-wtab-cli-" });
    const run = async () => {
      const r = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          new URL("../cli/main.ts", import.meta.url).pathname,
          "sim",
          "-n",
          "40",
          "-p",
          "winprob,ev",
          "--seed",
          "2",
          "--workers",
          "1",
          "--no-file",
        ],
        env: { FLIP7_CACHE_DIR: dir, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      return {
        code: r.code,
        out: new TextDecoder().decode(r.stdout),
        err: new TextDecoder().decode(r.stderr),
      };
    };
    try {
      const a = await run(); // computes the table
      assert.equal(a.code, 0, a.err);
      const path = `${dir}/winprob/v5/br-numbers.wtab`;
      const good = Deno.readFileSync(path);
      const bad = good.slice();
      bad[40] ^= 1; // inside the JSON header
      Deno.writeFileSync(path, bad);
      const b = await run();
      assert.equal(b.code, 0, b.err);
      assert.equal(b.out, a.out);
      assert.match(
        b.err,
        /best-response table .* is corrupt \(checksum mismatch\); computing it now/,
      );
      assert.deepEqual(Deno.readFileSync(path), good);
    } finally {
      Deno.removeSync(dir, { recursive: true });
    }
  },
});
