/**
 * The Vengeance edition on the command line (issue 43): `--edition` beside
 * `--rules`, `flip7 rules` printing its deck, effects and every ruling with
 * its source, one-line refusals (exit 2) of bad values, and `sim` / `watch`
 * playing it with the policies that read no official card value.
 */
import assert from "node:assert/strict";
import { effectText, VENGEANCE_ROWS } from "../lib/game/cards.ts";
import { VENGEANCE_RULINGS } from "../lib/game/rulings.ts";
import { cli } from "./cli_harness.ts";
import { Game } from "../lib/game/engine.ts";
import { getRules } from "../lib/game/rules.ts";
import { makeStrategy } from "../lib/run/registry.ts";
import { HumanStrategy } from "../lib/strategies/human.ts";

Deno.test("rules --edition vengeance: the deck, each effect, each ruling value with its source", async () => {
  const r = await cli(["rules", "--edition", "vengeance", "--no-file"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^Rules preset: vengeance /);
  assert.match(r.stdout, /Deck \(108 cards\):/);
  assert.match(r.stdout, / lucky13×1 /);
  assert.match(r.stdout, / discard×2\n/);
  for (const row of VENGEANCE_ROWS) {
    assert.ok(r.stdout.includes(effectText(row)), row.name);
  }
  for (const ru of VENGEANCE_RULINGS) {
    assert.ok(r.stdout.includes(`  ${ru.name}: ${ru.summary}\n`), ru.name);
    for (const v of ru.values) {
      assert.ok(r.stdout.includes(`${v.value}`), `${ru.name}=${v.value}`);
      assert.ok(r.stdout.includes(`  ${v.source}\n`), `${ru.name} source`);
    }
  }
  // the official rulings are not the edition's
  assert.ok(!r.stdout.includes("chance-in-flip3:"));
  // the same text through the preset; a ruling changed is marked in force
  const p = await cli(["rules", "--rules", "vengeance", "--no-file"]);
  assert.equal(p.stdout, r.stdout);
  const ranks = await cli([
    "rules",
    "--edition",
    "vengeance",
    "--ruling",
    "flip7-count=ranks",
    "--no-file",
  ]);
  assert.match(ranks.stdout, /^Rules preset: vengeance\+flip7-count=ranks /);
  assert.match(ranks.stdout, /\n {3}\* ranks {2}/);
  assert.match(ranks.stdout, /\(7 number ranks,/);
});

Deno.test("the official edition's rules text is unchanged by --edition flip7", async () => {
  const a = await cli(["rules", "--no-file"]);
  const b = await cli(["rules", "--edition", "flip7", "--no-file"]);
  assert.equal(a.code, 0);
  assert.equal(b.stdout, a.stdout);
  assert.match(a.stdout, /Deck \(94 cards\):/);
  assert.match(a.stdout, /chance-in-flip3:/);
});

Deno.test("bad Vengeance values: one line, exit 2, no stack", async () => {
  const cases: [string[], RegExp][] = [
    [
      ["rules", "--edition", "deluxe"],
      /unknown edition 'deluxe': allowed flip7, vengeance/,
    ],
    [
      ["rules", "--edition", "vengeance", "--rules", "duel"],
      /'duel' is a preset of the flip7 edition.*allowed vengeance, vengeance-go, vengeance-cpp/,
    ],
    [
      ["rules", "--edition", "vengeance", "--ruling", "flip7-count=x"],
      /bad value 'x' for ruling 'flip7-count': allowed cards, ranks/,
    ],
    [
      ["rules", "--ruling", "brutal=on"],
      /unknown ruling 'brutal'.*vengeance edition/,
    ],
    [
      ["sim", "-n", "10", "-p", "endgame,sum:25", "--edition", "vengeance"],
      /policy 'endgame' values cards by the official card table/,
    ],
    [
      ["decide", "--totals", "0,0", "--line", "5", "--rules", "vengeance"],
      /official edition only/,
    ],
    [
      ["play", "--edition", "vengeance", "-p", "sum:20,search"],
      /policy 'search' values cards by the official card table/,
    ],
    [
      ["sweep", "-p", "search,sum:25", "--edition", "vengeance"],
      /policy 'search' values cards by the official card table/,
    ],
    [
      ["sweep", "-p", "search,sum:25", "--rules", "standard,vengeance-go"],
      /policy 'search' values cards by the official card table/,
    ],
    [
      [
        "sweep",
        "-p",
        "sum:20,sum:25",
        "--edition",
        "vengeance",
        "--rules",
        "standard",
      ],
      /'standard' is a preset of the flip7 edition, not of --edition 'vengeance': allowed vengeance, vengeance-go, vengeance-cpp/,
    ],
    [
      ["watch", "-p", "sum:20", "--rules", "vengeance", "--deck", "x2"],
      /unknown card 'x2': allowed zero, 1,/,
    ],
  ];
  for (const [args, re] of cases) {
    const r = await cli([...args, "--no-file"]);
    assert.equal(r.code, 2, args.join(" "));
    assert.equal(r.threw, false);
    assert.equal(r.stdout, "");
    assert.equal(r.stderr.trim().split("\n").length, 1, r.stderr);
    assert.match(r.stderr, re);
  }
});

Deno.test("sim plays Vengeance games: every policy it allows, the same output whatever the workers", async () => {
  const args = (w: string) => [
    "sim",
    "-n",
    "300",
    "-p",
    "sum:25,count:5,bust:0.3,bustc:0.3",
    "--edition",
    "vengeance",
    "--seed",
    "3",
    "--json",
    "--workers",
    w,
    "--no-file",
  ];
  const one = await cli(args("1"));
  assert.equal(one.code, 0, one.stderr);
  const two = await cli(args("2"));
  assert.equal(two.stdout, one.stdout);
  const j = JSON.parse(one.stdout);
  assert.equal(j.rules, "vengeance");
  assert.equal(j.games, 300);
  const wins = j.rows.reduce((n: number, r: { wins: number }) => n + r.wins, 0);
  assert.equal(wins, 300); // ties play on: every game has one winner
  for (const preset of ["vengeance-go", "vengeance-cpp"]) {
    const r = await cli([
      "sim",
      "-n",
      "50",
      "-p",
      "sum:25,bust:0.3",
      "--rules",
      preset,
      "--seed",
      "1",
      "--no-file",
    ]);
    assert.equal(r.code, 0, `${preset}: ${r.stderr}`);
  }
});

Deno.test("watch a Vengeance round on a stacked deck of its cards", async () => {
  const r = await cli([
    "watch",
    "-p",
    "sum:20,bust:0.3",
    "--rules",
    "vengeance",
    "--deck",
    "lucky13,13,zero",
    "--rounds",
    "1",
    "--seed",
    "4",
    "--no-file",
  ]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /P1 \(sum:20\) is dealt lucky13\n/);
  assert.match(r.stdout, /P2 \(bust:0\.3\) is dealt 13\n/);
  assert.match(r.stdout, /P1 \(sum:20\) hits: zero\n/);
});

Deno.test("docs/vengeance.md names every ruling value with the code's source, and its scenario", () => {
  const flat = (t: string) => t.replace(/\s+/g, " ");
  const doc = flat(
    Deno.readTextFileSync(new URL("../docs/vengeance.md", import.meta.url)),
  );
  for (const ru of VENGEANCE_RULINGS) {
    assert.ok(doc.includes(`#### \`${ru.name}\``), ru.name);
    assert.ok(doc.includes(flat(ru.summary)), `${ru.name} summary`);
    for (const v of ru.values) {
      assert.ok(
        doc.includes(flat(`\`${v.value}\``)) && doc.includes(flat(v.source)),
        `${ru.name}=${v.value}: its source`,
      );
    }
    assert.match(doc, new RegExp(`\`${ru.name}\` (V\\d\\d, )*V\\d\\d[;.]`));
  }
});

Deno.test("play asks a Vengeance choice as a numbered list, by the card table's names", () => {
  // P1 (the person) is dealt 12, P2 a 3, P3 a 5; P1 hits a Steal and is
  // asked whose card it takes; a bad answer is asked again
  const rules = getRules("vengeance"), t = rules.cards;
  const stack = ["12", "3", "5", "steal", "1", "2"].map((n) => t.kindOf(n));
  const answers = ["h", "9", "2", "s"], shown: string[] = [];
  const human = new HumanStrategy({
    readLine: (p) => (shown.push(p), answers.shift() ?? null),
    write: (l) => shown.push(l),
  }, ["you", "sum:1", "sum:1"]);
  const g = new Game(
    rules,
    [human, makeStrategy("sum:1"), makeStrategy("sum:1")],
    { seed: 1, stack },
  );
  g.playRound();
  assert.equal(answers.length, 0);
  assert.ok(shown.includes("  1=P2 (sum:1)'s 3"), shown.join("\n"));
  assert.ok(shown.includes("  2=P3 (sum:1)'s 5"));
  assert.ok(shown.includes("steal: which card? [1-2] "));
  assert.ok(
    shown.includes("  '9' is not an answer here (1 to 2, ? or q); try again."),
  );
  // the stolen 5 is in front of P1 at its next decision
  assert.ok(shown.includes("  P1 (you): total 0, round 17  [5 12]"));
  assert.equal(g.total(0), 17);
  assert.equal(g.checkConservation(), null);
});

Deno.test("play --edition vengeance runs at the terminal until the input ends", async () => {
  const p = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-read",
      "--allow-write",
      "--allow-env",
      "--allow-sys",
      new URL("../cli/main.ts", import.meta.url).pathname,
      "play",
      "--edition",
      "vengeance",
      "--seed",
      "3",
      "--no-file",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const w = p.stdin.getWriter();
  await w.write(new TextEncoder().encode("h\nh\n1\nh\n"));
  await w.close();
  const out = await p.output();
  const text = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  assert.match(text, /rules vengeance, seed 3/);
  assert.match(text, /end of input/);
});
