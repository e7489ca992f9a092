/**
 * The rulings table (lib/game/rulings.ts): parsing, presets as sets of rulings,
 * the engine playing every value on stacked decks, the all94 model's
 * action readings, and the command line's `--ruling` (bad names and values:
 * one line, exit 2).
 */
import assert from "node:assert/strict";
import {
  applyRulings,
  DEFAULT_RULINGS,
  parseRuling,
  RULINGS,
} from "../lib/game/rulings.ts";
import {
  getRules,
  PRESETS,
  withRules,
  withRulings,
} from "../lib/game/rules.ts";
import { InputError } from "../lib/game/cards.ts";
import { type ActionModel, ActionModes } from "../lib/solver/actions.ts";
import { getModel } from "../lib/solver/model.ts";
import { of, scenario, Scripted } from "./scripted.ts";
import { spawnCli } from "./cli_harness.ts";

Deno.test("rulings: every ruling has a default, two or more values, a source for each", () => {
  assert.ok(RULINGS.length >= 5);
  const names = new Set<string>();
  for (const r of RULINGS) {
    assert.ok(!names.has(r.name));
    names.add(r.name);
    assert.ok(r.values.length >= 2, r.name);
    assert.equal(DEFAULT_RULINGS[r.key], r.values[0].value);
    for (const v of r.values) {
      assert.ok(v.source.length > 20, `${r.name}=${v.value} has a source`);
    }
  }
  for (
    const n of [
      "actions",
      "set-aside-order",
      "chance-in-flip3",
      "run-out",
      "ties",
    ]
  ) assert.ok(names.has(n), n);
});

Deno.test("rulings: parse, apply, names round-trip through getRules", () => {
  assert.equal(
    parseRuling("set-aside-order=forced-draws-first").value,
    "forced-draws-first",
  );
  assert.throws(
    () => parseRuling("order=drawn"),
    (e) =>
      e instanceof InputError && /unknown ruling 'order'/.test(e.message) &&
      /allowed actions, set-aside-order/.test(e.message),
  );
  assert.throws(
    () => parseRuling("ties=maybe"),
    (e) =>
      e instanceof InputError &&
      /bad value 'maybe' for ruling 'ties': allowed continue, draw/.test(
        e.message,
      ),
  );
  assert.throws(() => parseRuling("ties"), InputError);
  const r = withRulings(getRules(), [
    "chance-in-flip3=after-the-three",
    "set-aside-order=forced-draws-first",
  ]);
  // table order, whatever the order given
  assert.equal(
    r.name,
    "standard+set-aside-order=forced-draws-first+chance-in-flip3=after-the-three",
  );
  assert.deepEqual(getRules(r.name).rulings, r.rulings);
  // setting a preset's own value changes nothing
  assert.equal(withRulings(getRules("duel"), ["ties=draw"]), getRules("duel"));
  assert.equal(
    withRulings(getRules("duel"), ["ties=continue"]).name,
    "duel+ties=continue",
  );
  // presets are sets of rulings
  assert.equal(getRules("immediate-actions").rulings.actions, "immediate");
  assert.equal(getRules("duel").rulings.ties, "draw");
  for (const p of PRESETS) assert.equal(getRules(p.name), p);
  assert.deepEqual(
    applyRulings(DEFAULT_RULINGS, ["actions=immediate", "actions=deferred"]),
    DEFAULT_RULINGS,
  );
});

const standard = getRules("standard");
const solo = (changes: string[], deck: string, hits = "S") => {
  const s = scenario(withRulings(standard, changes), deck, [
    new Scripted(hits),
  ]);
  const score = s.game.playRound()[0];
  assert.equal(s.game.checkConservation(), null);
  return { score, events: s.events };
};

Deno.test("engine, set-aside-order: a Freeze before a stacked Flip Three banks at once (drawn) or after every forced draw (forced-draws-first)", () => {
  // dealt a Flip Three; its three: Freeze, Flip Three, 5; then 6, 7, 8
  const deck = "flip3,freeze,flip3,5,6,7,8";
  const drawn = solo([], deck);
  assert.equal(drawn.score, 5);
  assert.deepEqual(of(drawn.events, "dropped").map((e) => e.card), ["flip3"]);
  const first = solo(["set-aside-order=forced-draws-first"], deck);
  assert.equal(first.score, 5 + 6 + 7 + 8);
  assert.equal(of(first.events, "freeze").length, 1);
  assert.equal(of(first.events, "dropped").length, 0);
  // a Flip Three before the Freeze: the same under both
  const deck2 = "flip3,flip3,freeze,5,6,7,8";
  assert.equal(solo([], deck2).score, 26);
  assert.equal(solo(["set-aside-order=forced-draws-first"], deck2).score, 26);
});

Deno.test("engine, actions: a Freeze flipped during a Flip Three waits (deferred) or banks at once (immediate)", () => {
  const deck = "flip3,5,freeze,6";
  assert.equal(solo([], deck).score, 11);
  assert.equal(solo(["actions=immediate"], deck).score, 5);
  // immediate: a nested Flip Three flips its three first, then the rest
  const nested = solo(["actions=immediate"], "flip3,5,flip3,6,7,8,9", "S");
  assert.equal(nested.score, 5 + 6 + 7 + 8 + 9);
});

Deno.test("engine, chance-in-flip3: a Second Chance flipped during a Flip Three saves at once, or only after the three", () => {
  const deck = "flip3,5,chance,5";
  assert.equal(solo([], deck).score, 5);
  const after = solo(["chance-in-flip3=after-the-three"], deck);
  assert.equal(after.score, 0);
  assert.deepEqual(of(after.events, "set_aside").map((e) => e.card), [
    "chance",
  ]);
  assert.deepEqual(of(after.events, "dropped").map((e) => e.card), ["chance"]);
  // after the three it is in play: it saves the next duplicate
  const later = solo(
    ["chance-in-flip3=after-the-three"],
    "flip3,5,chance,6,5",
    "HS",
  );
  assert.equal(later.score, 11);
  assert.equal(of(later.events, "save").length, 1);
});

Deno.test("engine, run-out: the discards are reshuffled once (reshuffle-once) or the round ends (end-round)", () => {
  const deck = new Array(22).fill(0);
  for (const k of [1, 2, 3]) deck[k] = 1;
  const tiny = withRules(standard, { name: "tiny", deck });
  const play = (changes: string[]) => {
    const s = scenario(withRulings(tiny, changes), "1,2,3", [
      new Scripted("HHHHHHHH"),
    ]);
    const r1 = s.game.playRound()[0];
    const r2 = s.game.playRound()[0];
    assert.equal(s.game.checkConservation(), null);
    return [r1, r2, of(s.events, "reshuffle").length];
  };
  // round 1 takes the three cards; round 2 starts on an empty pile
  assert.deepEqual(play([]), [6, 6, 1]);
  assert.deepEqual(play(["run-out=end-round"]), [6, 0, 0]);
});

Deno.test("all94 model: the action readings' modes (62 drawn, 46 forced-draws-first) and their order on small decks", () => {
  assert.equal(new ActionModes(3, 3).n, 62);
  assert.equal(new ActionModes(3, 3, "forced-draws-first").n, 46);
  const small = "12:0,11:0,10:0,9:0,8:0,7:0";
  const ev = (r: string[]) =>
    (getModel("all94", small, applyRulings(DEFAULT_RULINGS, r)) as ActionModel)
      .solveDecisions().ev;
  const drawn = ev([]), first = ev(["set-aside-order=forced-draws-first"]);
  const now = ev(["actions=immediate"]);
  // forced-draws-first only ever replaces a Freeze banking early by more
  // draws the optimal player would have taken anyway, or takes nothing away
  assert.ok(first > drawn, `${first} > ${drawn}`);
  assert.ok(now < drawn, `${now} < ${drawn}`);
  // under immediate actions the set-aside order is moot
  assert.equal(
    ev(["actions=immediate", "set-aside-order=forced-draws-first"]),
    now,
  );
  assert.throws(
    () =>
      getModel(
        "all94",
        small,
        applyRulings(DEFAULT_RULINGS, ["chance-in-flip3=after-the-three"]),
      ),
    (e) =>
      e instanceof InputError &&
      /not modelled by the all94 model/.test(e.message),
  );
  // the default reading keeps the cache name of before the rulings
  assert.equal(getModel("all94").id, "all94");
  assert.equal(
    getModel(
      "all94",
      undefined,
      applyRulings(DEFAULT_RULINGS, ["set-aside-order=forced-draws-first"]),
    ).id,
    "all94-forced-draws-first",
  );
});

const BAD: [string[], RegExp][] = [
  [
    ["sim", "-n", "10", "-p", "ev,ev", "--ruling", "order=drawn"],
    /unknown ruling 'order' in 'order=drawn': allowed actions, set-aside-order, chance-in-flip3, run-out, ties/,
  ],
  [
    ["round", "-n", "10", "-p", "ev", "--ruling", "ties=maybe"],
    /bad value 'maybe' for ruling 'ties': allowed continue, draw/,
  ],
  [
    ["rules", "--ruling", "run-out"],
    /bad value '' for ruling 'run-out': allowed reshuffle-once, end-round/,
  ],
  [
    ["watch", "-p", "ev,ev", "--ruling", "actions=later"],
    /bad value 'later' for ruling 'actions'/,
  ],
  [
    ["solve", "--model", "exact", "--ruling", "set-aside-order=random"],
    /bad value 'random' for ruling 'set-aside-order': allowed drawn, forced-draws-first/,
  ],
  [
    ["evaluate", "--model", "exact", "-p", "sum:20", "--ruling", "x=y"],
    /unknown ruling 'x'/,
  ],
  [
    [
      "solve",
      "--model",
      "all94",
      "--deck-counts",
      "12:0",
      "--ruling",
      "chance-in-flip3=after-the-three",
    ],
    /ruling 'chance-in-flip3=after-the-three' is not modelled by the all94 model: allowed chance-in-flip3=at-once/,
  ],
  [
    [
      "decide",
      "--totals",
      "10,20",
      "--line",
      "5",
      "--ruling",
      "ties=sometimes",
    ],
    /bad value 'sometimes' for ruling 'ties'/,
  ],
  [
    ["sweep", "-p", "ev,sum:20", "--ruling", "run-out=never"],
    /bad value 'never' for ruling 'run-out'/,
  ],
];

Deno.test("--ruling: a bad name or value is one line, exit 2, no file", async () => {
  const dir = await Deno.makeTempDir();
  for (const [args, want] of BAD) {
    const r = await spawnCli(args, {
      flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys"],
      cwd: dir,
    });
    assert.equal(r.code, 2, `${args.join(" ")}: exit ${r.code} ${r.stderr}`);
    const lines = r.stderr.trim().split("\n");
    assert.equal(lines.length, 1, `${args.join(" ")}: ${r.stderr}`);
    assert.match(lines[0], want);
  }
  assert.deepEqual([...Deno.readDirSync(dir)], [], "nothing written");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("--ruling: flip7 rules marks the values in force; sim records the rulings in its rules name", async () => {
  const r = await spawnCli(
    ["rules", "--ruling", "set-aside-order=forced-draws-first", "--no-file"],
    { flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys"] },
  );
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /\* forced-draws-first/);
  assert.match(r.stdout, /^ {5}drawn/m);
  for (const ru of RULINGS) {
    assert.match(r.stdout, new RegExp(`  ${ru.name}: `));
  }
  const s = await spawnCli(
    [
      "sim",
      "-n",
      "50",
      "-p",
      "ev,ev",
      "--ruling",
      "actions=immediate",
      "--json",
      "--no-file",
      "--workers",
      "1",
    ],
    { flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys"] },
  );
  assert.equal(s.code, 0, s.stderr);
  assert.equal(JSON.parse(s.stdout).rules, "standard+actions=immediate");
});

Deno.test("results/rulings.csv: forced-draws-first is the public solver's 20.2980220287, the default is ours, and docs/rulings.md quotes the file", () => {
  const root = new URL("..", import.meta.url).pathname;
  const lines = Deno.readTextFileSync(`${root}results/rulings.csv`).trim()
    .split("\n");
  const head = lines[0].split(",");
  const rows = lines.slice(1).map((l) => {
    // the deck column of the real deck has no comma; notes have none
    const cells = l.split(",");
    return Object.fromEntries(head.map((h, i) => [h, cells[i]]));
  });
  const ev = (ruling: string, value: string, policy = "optimal") =>
    Number(
      rows.find((r) =>
        r.ruling === ruling && r.value === value && r.policy === policy
      )!.ev,
    );
  assert.ok(
    Math.abs(ev("set-aside-order", "forced-draws-first") - 20.2980220287) <
      1e-9,
  );
  assert.ok(Math.abs(ev("set-aside-order", "drawn") - 20.2975772556) < 1e-9);
  // the rulings a solo round cannot read repeat the default's figures
  for (const [r, v] of [["run-out", "end-round"], ["ties", "draw"]]) {
    assert.equal(ev(r, v), ev("set-aside-order", "drawn"));
  }
  // every ruling value has its three policies
  for (const ru of RULINGS) {
    for (const v of ru.values) {
      assert.equal(
        rows.filter((r) => r.ruling === ru.name && r.value === v.value).length,
        3,
      );
    }
  }
  const doc = Deno.readTextFileSync(`${root}docs/rulings.md`);
  for (
    const [r, v] of [
      ["set-aside-order", "drawn"],
      ["set-aside-order", "forced-draws-first"],
      ["actions", "immediate"],
    ]
  ) {
    assert.ok(
      doc.includes(ev(r, v).toFixed(10)),
      `docs/rulings.md quotes ${r}=${v}'s ${ev(r, v).toFixed(10)}`,
    );
  }
});
