/**
 * The command line as a user meets it: bad input gets one line naming the
 * bad value and what is allowed, exit code 2, no stack trace, no file; good
 * runs are deterministic and write their run file.
 */
import assert from "node:assert/strict";
import { spawnCli } from "./cli_harness.ts";

const MAIN = new URL("../cli/main.ts", import.meta.url).pathname;

function flip7(args: string[], cwd?: string) {
  return spawnCli(args, {
    flags: ["--allow-read", "--allow-write", "--allow-env", "--allow-sys"],
    cwd,
  });
}

const BAD: [string[], RegExp][] = [
  [["frobnicate"], /unknown command 'frobnicate': allowed .*sim/],
  [
    ["sim", "-n", "10", "-p", "ev", "--bogus"],
    /unknown option '--bogus' for sim: allowed/,
  ],
  [
    ["sim", "-n", "-5", "-p", "ev,ev"],
    /bad -n '-5': give a whole number from 1/,
  ],
  [["sim", "-n", "abc", "-p", "ev,ev"], /bad -n 'abc'/],
  [
    ["sim", "-n", "10", "-p", "ev,wizard"],
    /unknown policy 'wizard': allowed sum:N, count:N/,
  ],
  [
    ["sim", "-n", "10", "-p", "sum:abc"],
    /bad parameter in 'sum:abc': sum:N needs a whole number/,
  ],
  [
    ["sim", "-n", "10", "-p", "bust:1.5"],
    /bad parameter in 'bust:1.5': bust:P needs a probability P from 0 to 1/,
  ],
  [
    ["sim", "-n", "10", "-p", "ev", "--rules", "chess"],
    /unknown rules preset 'chess': allowed standard, immediate-actions, duel, solo-model/,
  ],
  [
    ["sim", "-n", "10", "-p", "ev,ev,ev", "--rules", "duel"],
    /3 policies given, the 'duel' rules allow exactly 2 players/,
  ],
  [
    ["watch", "-p", "ev,ev", "--deck", "12,13"],
    /unknown card '13': allowed 0, 1/,
  ],
  [
    ["watch", "-p", "ev,ev", "--deck", "1,1"],
    /too many '1' cards in the stacked deck: 2 given, the 'standard' deck holds 1/,
  ],
  [
    ["watch", "-p", "ev,ev", "--rules", "duel", "--deck", "freeze"],
    /card 'freeze' is not in the 'duel' deck/,
  ],
  [["watch", "-p", "ev", "--seed", "-1"], /bad --seed '-1'/],
  [["round", "-p", "ev"], /missing -n/],
  [["sim", "-n", "10"], /missing -p POLICIES/],
];

Deno.test("bad input: one line, exit 2, no stack trace, no file", async () => {
  const dir = await Deno.makeTempDir();
  for (const [args, want] of BAD) {
    const r = await flip7(args, dir);
    assert.equal(r.code, 2, `${args.join(" ")}: exit ${r.code} ${r.stderr}`);
    const lines = r.stderr.trim().split("\n");
    assert.equal(lines.length, 1, `${args.join(" ")}: ${r.stderr}`);
    assert.match(lines[0], want);
    assert.ok(!/\bat \S+:\d+/.test(r.stderr), "no stack trace");
  }
  const left = [...Deno.readDirSync(dir)];
  assert.deepEqual(left, [], "nothing written");
  await Deno.remove(dir, { recursive: true });
});

Deno.test("watch --json: one object per line, round_end with scores and totals; same seed, same bytes", async () => {
  const dir = await Deno.makeTempDir();
  const a = await flip7([
    "watch",
    "-p",
    "ev,sum:20,bust:0.25",
    "--seed",
    "4",
    "--json",
    "--no-file",
  ], dir);
  const b = await flip7([
    "watch",
    "-p",
    "ev,sum:20,bust:0.25",
    "--seed",
    "4",
    "--json",
    "--no-file",
  ], dir);
  assert.equal(a.code, 0);
  assert.equal(a.stdout, b.stdout);
  const events = a.stdout.trim().split("\n").map((l) => JSON.parse(l));
  const ends = events.filter((e) => e.type === "round_end");
  assert.ok(ends.length > 3);
  for (const e of ends) {
    assert.deepEqual(Object.keys(e), ["type", "round", "scores", "totals"]);
    assert.equal(e.scores.length, 3);
  }
  assert.equal(events.at(-1).type, "game_end");
  const last = ends.at(-1);
  assert.ok(Math.max(...last.totals) >= 200);
  assert.deepEqual([...Deno.readDirSync(dir)], []);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("watch --rounds stops early; a solo game with one policy", async () => {
  const r = await flip7([
    "watch",
    "-p",
    "sum:20",
    "--seed",
    "2",
    "--rounds",
    "2",
    "--json",
    "--no-file",
  ]);
  const events = r.stdout.trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(events.filter((e) => e.type === "round_end").length, 2);
});

Deno.test("sim --json: rows in -p order with Wilson intervals; run file written with -o", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/run.txt`;
  const r = await flip7([
    "sim",
    "-n",
    "600",
    "-p",
    "ev,bust:0.25",
    "--seed",
    "3",
    "--json",
    "-o",
    path,
  ]);
  assert.equal(r.code, 0, r.stderr);
  const doc = JSON.parse(r.stdout);
  assert.equal(doc.games, 600);
  assert.deepEqual(doc.rows.map((x: { policy: string }) => x.policy), [
    "ev",
    "bust:0.25",
  ]);
  for (const row of doc.rows) {
    for (
      const k of [
        "policy",
        "wins",
        "win_share",
        "ci_low",
        "ci_high",
        "points_per_round",
      ]
    ) assert.ok(k in row, k);
    assert.ok(row.ci_low <= row.win_share && row.win_share <= row.ci_high);
  }
  assert.equal(await Deno.readTextFile(path), r.stdout);
  await Deno.remove(dir, { recursive: true });
});

Deno.test("round --json rows carry policy, mean, se, sd, bust, flip7", async () => {
  const r = await flip7([
    "round",
    "-n",
    "2000",
    "-p",
    "ev,sum:20",
    "--seed",
    "1",
    "--json",
    "--no-file",
  ]);
  const doc = JSON.parse(r.stdout);
  for (const row of doc.rows) {
    for (const k of ["policy", "mean", "se", "sd", "bust", "flip7"]) {
      assert.ok(k in row, k);
    }
    assert.ok(row.bust >= 0 && row.bust <= 1);
  }
});

Deno.test("play: end of input exits cleanly; bad input re-prompts", async () => {
  const p = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-sys",
      MAIN,
      "play",
      "--seed",
      "6", // a seed whose first card for the human is not an action card
      "--no-file",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = p.stdin.getWriter();
  await w.write(new TextEncoder().encode("maybe\nh\n"));
  await w.close();
  const out = await p.output();
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  assert.match(text, /'maybe' is not an answer here/);
  assert.match(text, /bust risk of the next card/);
  assert.match(text, /end of input/);
});
