/**
 * The two public Vengeance simulators' published figures, as data, and the
 * games of ours set beside them (experiment `vengeance`):
 *
 * - Go (GitHub 2222-42/flip7_strategy, `docs/vengeance/strategy_evaluation.md`
 *   at commit d5521b0, 200 games a cell, 100 per threshold): rounds to 200
 *   solo, the multiplayer win rates of its catalogue's rotating line-ups
 *   and its 1v1 table, standard and Brutal;
 * - C++ (Eppie/flip-seven, README "Flip 7: With a Vengeance (Monte-Carlo)",
 *   500,000 games a matchup): the adversarial player's edge over 1/n
 *   against a naive and a random field at 2 and 6 players.
 *
 * Each table is played in our engine under the project's rules preset
 * (`vengeance-go`, `vengeance-cpp`) with its policies (`go:*`, `cpp:*`) and
 * its seating: Go seats game `i` of an n-player table as catalogue entries
 * `i … i+n−1` (mod 5) with seat 0 dealing round 1 (so seat 1 is first);
 * its 1v1 puts the earlier catalogue entry in seat 0; a tie at the top is
 * credited 1/k to each of the k tied seats. C++ seats its adversarial player
 * in seat 0, first in round 1.
 *
 * @module
 */

import { Game } from "../../lib/game/engine.ts";
import { getRules, withRulings } from "../../lib/game/rules.ts";
import type { Rules } from "../../lib/game/rules.ts";
import { deriveSeed } from "../../lib/game/rng.ts";
import { makeStrategy } from "../../lib/run/registry.ts";
import { wilson } from "../../lib/run/stats.ts";
import type { Row } from "../../lib/experiment/experiment.ts";
import { r6 } from "../common.ts";

/** Go's catalogue, in its order; Heuristic-26 (standard) or -22 (Brutal). */
export function goCatalog(brutal: boolean): string[] {
  return [
    "go:cautious",
    "go:aggressive",
    `go:heuristic:${brutal ? 22 : 26}`,
    "go:ev",
    "go:adaptive",
  ];
}

/** Go's names of its catalogue, for the claims. */
export const GO_NAMES: Readonly<Record<string, string>> = {
  "go:cautious": "Cautious",
  "go:aggressive": "Aggressive",
  "go:heuristic:26": "Heuristic-26",
  "go:heuristic:22": "Heuristic-22",
  "go:ev": "ExpectedValue",
  "go:adaptive": "Adaptive",
};

/** Go's heuristic sweep's thresholds (its §1 and B1). */
export const GO_SWEEP = [16, 18, 20, 22, 24, 26, 28, 30, 32];

/**
 * Go's published figures (strategy_evaluation.md, d5521b0): average rounds
 * to 200 of the sweep (by threshold) and of the solo table (by catalogue
 * position), multiplayer win % (by catalogue position, 2-5 players), 1v1
 * win % of the row against the column (catalogue pairs i < j), its Flip
 * Four risk threshold table (ExpectedValue aiming its Flip Four from a risk
 * of P, in seat 0, against Aggressive: P and its win %) and, Brutal only,
 * ExpectedValue keeping a Flip 7's 15 (seat 0) against ExpectedValue taking
 * them off the leader.
 */
export const GO_FIGURES = {
  standard: {
    sweep: [12.53, 12.08, 11.63, 11.13, 11.38, 10.89, 11.65, 11.69, 12.03],
    solo: [13.94, 20.43, 11.37, 11.19, 11.21],
    multiplayer: [
      [11.00, 8.00, 2.50, 4.00],
      [16.00, 11.00, 13.50, 9.50],
      [26.50, 25.00, 34.00, 25.00],
      [20.50, 30.25, 24.00, 34.75],
      [26.00, 25.75, 26.00, 26.75],
    ],
    pairs: [
      [0, 1, 55.50],
      [0, 2, 14.50],
      [0, 3, 12.75],
      [0, 4, 23.00],
      [1, 2, 21.25],
      [1, 3, 28.00],
      [1, 4, 25.75],
      [2, 3, 45.50],
      [2, 4, 45.25],
      [3, 4, 50.00],
    ],
    ffRisk: [[0.30, 78.50], [0.50, 78.00], [0.70, 76.00]],
    take: null,
  },
  brutal: {
    sweep: [12.60, 12.03, 11.98, 11.35, 11.40, 12.22, 11.39, 11.79, 12.62],
    solo: [13.73, 21.05, 11.46, 11.64, 11.28],
    multiplayer: [
      [17.50, 8.00, 9.50, 7.00],
      [12.50, 12.00, 6.50, 9.50],
      [22.25, 23.50, 25.75, 23.50],
      [23.75, 28.25, 30.25, 35.50],
      [24.00, 28.25, 28.00, 24.50],
    ],
    pairs: [
      [0, 1, 61.25],
      [0, 2, 12.75],
      [0, 3, 14.75],
      [0, 4, 19.00],
      [1, 2, 22.50],
      [1, 3, 18.25],
      [1, 4, 26.25],
      [2, 3, 43.00],
      [2, 4, 46.75],
      [3, 4, 53.00],
    ],
    ffRisk: [[0.70, 84.50], [0.50, 80.00], [0.30, 78.00]],
    take: 47.00,
  },
} as const;

/** Go's game counts: 200 a cell, 100 a threshold of the sweep. */
export const GO_GAMES = { cell: 200, sweep: 100 } as const;

/**
 * C++'s published edges (README): the adversarial player's win rate minus
 * 1/n, against a naive (`cpp:self`) and a random (`cpp:random`) field, at
 * the table sizes it quotes.
 */
export const CPP_FIGURES: readonly {
  field: "self" | "random";
  players: number;
  edge: string;
}[] = [
  { field: "self", players: 2, edge: "0.23" },
  { field: "random", players: 2, edge: "0.12" },
  { field: "self", players: 6, edge: "0.18" },
  { field: "random", players: 6, edge: "0.06" },
];

/** C++'s games a matchup. */
export const CPP_GAMES = 500_000;

/** The columns of the experiment's CSV, in order. */
export const COLUMNS = [
  "section",
  "table",
  "rules",
  "players",
  "policy",
  "lineup",
  "metric",
  "games",
  "wins",
  "value",
  "ci_low",
  "ci_high",
  "sd",
  "median",
  "bust",
  "flip7",
  "share_of_optimal",
  "fair",
  "model_win",
  "published",
  "published_games",
];

/** A row with every column (absent ones null). */
export function fullRow(r: Row): Row {
  const out: Row = {};
  for (const c of COLUMNS) out[c] = r[c] ?? null;
  return out;
}

/** The rules of Go's standard or Brutal tables. */
function goRules(brutal: boolean): Rules {
  const base = getRules("vengeance-go");
  return brutal ? withRulings(base, ["brutal=on"]) : base;
}

/** Rounds to reach 200 alone, game by game. */
function soloRounds(
  rules: Rules,
  policy: string,
  seed: number,
  games: number,
): number[] {
  const g = new Game(rules, [makeStrategy(policy)], { seed });
  const out: number[] = [];
  for (let k = 0; k < games; k++) {
    g.newGame({ seed, stream: k });
    out.push(g.playGame().rounds);
  }
  return out;
}

function median(xs: number[]): number {
  const s = xs.slice().sort((a, b) => a - b), n = s.length;
  return n % 2 ? s[(n - 1) / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

/** A solo row: mean rounds to 200 with mean ± 1.96 SE, SD and median. */
function roundsRow(rounds: number[], base: Row): Row {
  const n = rounds.length;
  const mean = rounds.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(
    rounds.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1),
  );
  const h = 1.959963984540054 * sd / Math.sqrt(n);
  return fullRow({
    ...base,
    metric: "rounds_to_200",
    games: n,
    value: r6(mean),
    ci_low: r6(mean - h),
    ci_high: r6(mean + h),
    sd: r6(sd),
    median: median(rounds),
  });
}

/**
 * Credited wins of each seat over `games` games: a win 1, a tie at the top
 * 1/k to each of the k tied seats.
 */
function credited(
  rules: Rules,
  policies: (k: number) => string[],
  firstSeat: number,
  seed: number,
  games: number,
  credit: (k: number, seat: number, share: number) => void,
): void {
  const cache = new Map<string, Game>();
  for (let k = 0; k < games; k++) {
    const ps = policies(k);
    const key = ps.join(",");
    let g = cache.get(key);
    if (!g) {
      g = new Game(rules, ps.map(makeStrategy), { seed, firstSeat });
      cache.set(key, g);
    }
    g.newGame({ seed, stream: k, firstSeat });
    const { totals, winner } = g.playGame();
    if (winner !== null) {
      credit(k, winner, 1);
      continue;
    }
    const top = Math.max(...totals);
    const tied = totals.flatMap((t, s) => t === top ? [s] : []);
    for (const s of tied) credit(k, s, 1 / tied.length);
  }
}

function shareRow(wins: number, games: number, base: Row): Row {
  const [lo, hi] = wilson(wins, games);
  return fullRow({
    ...base,
    metric: "win_share",
    games,
    wins: r6(wins),
    value: r6(wins / games),
    ci_low: r6(lo),
    ci_high: r6(hi),
  });
}

/** Game counts of the published-go section. */
export interface GoCounts {
  /** Solo games a policy (the solo table). */
  solo: number;
  /** Solo games a threshold (the sweep). */
  sweep: number;
  /** Games a table size (multiplayer). */
  multiplayer: number;
  /** Games a pair (1v1). */
  pair: number;
}

/**
 * The `published-go` rows: Go's tables played in our engine under
 * `vengeance-go` (and `brutal=on` for its Brutal tables), each row with
 * Go's figure beside it.
 */
export function publishedGoRows(seed: number, n: GoCounts): Row[] {
  const rows: Row[] = [];
  for (const mode of ["standard", "brutal"] as const) {
    const brutal = mode === "brutal";
    const rules = goRules(brutal);
    const rulesName = brutal ? "vengeance-go+brutal=on" : "vengeance-go";
    const fig = GO_FIGURES[mode];
    const cat = goCatalog(brutal);
    const pre = brutal ? "brutal-" : "";
    GO_SWEEP.forEach((h, i) => {
      const p = `go:heuristic:${h}`;
      const s = deriveSeed(seed, "vengeance", mode, "sweep", h);
      rows.push(roundsRow(soloRounds(rules, p, s, n.sweep), {
        section: "published-go",
        table: `${pre}sweep`,
        rules: rulesName,
        players: 1,
        policy: p,
        lineup: p,
        published: fig.sweep[i],
        published_games: GO_GAMES.sweep,
      }));
    });
    cat.forEach((p, i) => {
      const s = deriveSeed(seed, "vengeance", mode, "solo", p);
      rows.push(roundsRow(soloRounds(rules, p, s, n.solo), {
        section: "published-go",
        table: `${pre}solo`,
        rules: rulesName,
        players: 1,
        policy: p,
        lineup: p,
        published: fig.solo[i],
        published_games: GO_GAMES.cell,
      }));
    });
    for (let players = 2; players <= 5; players++) {
      const wins = new Float64Array(cat.length);
      const lineup = (k: number) =>
        Array.from({ length: players }, (_, j) => cat[(k + j) % cat.length]);
      credited(
        rules,
        lineup,
        1,
        deriveSeed(seed, "vengeance", mode, "multiplayer", players),
        n.multiplayer,
        (k, seat, share) => wins[(k + seat) % cat.length] += share,
      );
      cat.forEach((p, i) =>
        rows.push(shareRow(wins[i], n.multiplayer, {
          section: "published-go",
          table: `${pre}multiplayer`,
          rules: rulesName,
          players,
          policy: p,
          lineup: "rotation",
          published: fig.multiplayer[i][players - 2] / 100,
          published_games: GO_GAMES.cell,
        }))
      );
    }
    for (const [i, j, pct] of fig.pairs) {
      const ps = [cat[i], cat[j]];
      let won = 0;
      credited(
        rules,
        () => ps,
        1,
        deriveSeed(seed, "vengeance", mode, "1v1", i, j),
        n.pair,
        (_k, seat, share) => won += seat === 0 ? share : 0,
      );
      rows.push(shareRow(won, n.pair, {
        section: "published-go",
        table: `${pre}1v1`,
        rules: rulesName,
        players: 2,
        policy: cat[i],
        lineup: `${cat[i]} vs ${cat[j]}`,
        published: pct / 100,
        published_games: GO_GAMES.cell,
      }));
    }
    const duel = (ps: string[], table: string, pct: number, label: string) => {
      let won = 0;
      credited(
        rules,
        () => ps,
        1,
        deriveSeed(seed, "vengeance", mode, label),
        n.pair,
        (_k, seat, share) => won += seat === 0 ? share : 0,
      );
      rows.push(shareRow(won, n.pair, {
        section: "published-go",
        table,
        rules: rulesName,
        players: 2,
        policy: ps[0],
        lineup: ps.join(" vs "),
        published: pct / 100,
        published_games: GO_GAMES.cell,
      }));
    };
    for (const [p, pct] of fig.ffRisk) {
      duel([`go:ev-ff:${p}`, "go:aggressive"], `${pre}ff-risk`, pct, `ff${p}`);
    }
    if (fig.take !== null) {
      duel(["go:ev-take", "go:ev"], `${pre}flip7`, fig.take, "take");
    }
  }
  return rows;
}

/**
 * The `published-cpp` rows: C++'s adversarial player (seat 0, first in
 * round 1) against n − 1 naive or random players under `vengeance-cpp`, n =
 * 2…6: its win share (Wilson 95%) and its edge over 1/n (the same interval
 * shifted), with C++'s quoted edge where it gives one.
 */
export function publishedCppRows(seed: number, games: number): Row[] {
  const rules = getRules("vengeance-cpp");
  const rows: Row[] = [];
  for (const field of ["self", "random"] as const) {
    for (let players = 2; players <= 6; players++) {
      const ps = [
        "cpp:adversarial",
        ...Array.from({ length: players - 1 }, () => `cpp:${field}`),
      ];
      let won = 0;
      credited(
        rules,
        () => ps,
        0,
        deriveSeed(seed, "vengeance", "cpp", field, players),
        games,
        (_k, seat, share) => won += seat === 0 ? share : 0,
      );
      const pub = CPP_FIGURES.find((f) =>
        f.field === field && f.players === players
      );
      const base = {
        section: "published-cpp",
        table: `adversarial-vs-${field}`,
        rules: "vengeance-cpp",
        players,
        policy: "cpp:adversarial",
        lineup: ps.join(","),
        published_games: CPP_GAMES,
      };
      rows.push(shareRow(won, games, base));
      const [lo, hi] = wilson(won, games);
      rows.push(fullRow({
        ...base,
        metric: "edge",
        games,
        wins: r6(won),
        value: r6(won / games - 1 / players),
        ci_low: r6(lo - 1 / players),
        ci_high: r6(hi - 1 / players),
        published: pub ? Number(pub.edge) : null,
        published_games: pub ? CPP_GAMES : null,
      }));
    }
  }
  return rows;
}
