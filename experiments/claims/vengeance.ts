/**
 * The two public Vengeance simulators' figures as claims (experiment
 * `vengeance`, results/vengeance.csv): the Go project's evaluation tables
 * (rounds to 200 solo, multiplayer and 1v1 win rates of its five policies,
 * 200 games a cell, standard and Brutal) and the C++ README's adversarial
 * edges (500,000 games a matchup). Each is read under the project's own
 * rules preset, policies and seating (the one reading, chosen before).
 * The C++ rows are not comparable: its adversarial Just One More aimed at a
 * leader who stayed does nothing, which our engine cannot play.
 *
 * @module
 */

import type { Files } from "./files.ts";
import { num } from "./cells.ts";
import { MARGINS, type Ours, type Spec } from "./types.ts";
import {
  CPP_FIGURES,
  CPP_GAMES,
  GO_FIGURES,
  GO_GAMES,
  GO_NAMES,
  goCatalog,
} from "../vengeance/published.ts";

const EXP = "vengeance";

/** Why the C++ rows get no verdict. */
export const CPP_NOT_COMPARABLE =
  "C++'s adversarial Just One More aimed at a leader who stayed does nothing (vengeance-cpp has force-stayed=no); our engine cannot play a card with no effect, so cpp:adversarial aims it at the active opponent of the highest total";

const GO_READING =
  "go:* under vengeance-go (Go's seating: rotating line-ups, seat 0 deals round 1; ties credited 1/k)";

/** Our win share of a CSV row, with its Wilson interval and binomial SE. */
function share(
  f: Files,
  where: Record<string, string | number>,
  value = "value",
): Ours | null {
  const r = f.row(EXP, where);
  if (!r) return null;
  const v = num(r, value)!, n = num(r, "games")!;
  const p = num(r, "wins")! / n;
  return {
    value: v,
    low: num(r, "ci_low")!,
    high: num(r, "ci_high")!,
    se: Math.sqrt(p * (1 - p) / n),
    n,
    interval: `Wilson 95% (${n.toLocaleString("en-US")} games)`,
  };
}

/** Our mean rounds to 200, its SE, and Go's SE (our SD at Go's count). */
function rounds(f: Files, where: Record<string, string | number>): Ours | null {
  const r = f.row(EXP, where);
  if (!r) return null;
  const n = num(r, "games")!, sd = num(r, "sd")!;
  return {
    value: num(r, "value")!,
    low: num(r, "ci_low")!,
    high: num(r, "ci_high")!,
    se: sd / Math.sqrt(n),
    n,
    sePublished: sd / Math.sqrt(num(r, "published_games")!),
    interval: `mean ± 1.96 SE (${n.toLocaleString("en-US")} games)`,
  };
}

/** The Go project's tables, standard then Brutal. */
function goSpecs(): Spec[] {
  const out: Spec[] = [];
  for (const mode of ["standard", "brutal"] as const) {
    const fig = GO_FIGURES[mode], cat = goCatalog(mode === "brutal");
    const pre = mode === "brutal" ? "brutal-" : "";
    const label = mode === "brutal" ? " (Brutal)" : "";
    cat.forEach((p, i) => {
      const g = fig.solo[i];
      out.push({
        id: `go-${pre}solo-${p.slice(3).replace(":", "")}`,
        source: "go simulator",
        family: `go-${pre}solo`,
        claim: `single player, fastest to 200${label}: ${
          GO_NAMES[p]
        } averages ${g.toFixed(2)} rounds (${GO_GAMES.cell} games)`,
        experiment: EXP,
        kind: "mc",
        figure: g.toFixed(2),
        publishedNote: `its SE: our SD at its ${GO_GAMES.cell} games`,
        margin: MARGINS.rounds,
        readings: [{
          name: GO_READING,
          chosen: "before",
          ours: (f) => rounds(f, { table: `${pre}solo`, policy: p }),
        }],
      });
    });
    for (let players = 2; players <= 5; players++) {
      cat.forEach((p, i) => {
        const g = fig.multiplayer[i][players - 2];
        out.push({
          id: `go-${pre}multi-${players}p-${p.slice(3).replace(":", "")}`,
          source: "go simulator",
          family: `go-${pre}multiplayer`,
          claim: `multiplayer win rate${label}, ${players} players: ${
            GO_NAMES[p]
          } ${g.toFixed(2)}% of ${GO_GAMES.cell} games`,
          experiment: EXP,
          kind: "mc",
          figure: `${g.toFixed(2)}%`,
          sePublished: Math.sqrt(g / 100 * (1 - g / 100) / GO_GAMES.cell),
          publishedNote: `binomial SE at its ${GO_GAMES.cell} games`,
          margin: MARGINS.share,
          readings: [{
            name: GO_READING,
            chosen: "before",
            ours: (f) =>
              share(f, { table: `${pre}multiplayer`, players, policy: p }),
          }],
        });
      });
    }
    for (const [i, j, g] of fig.pairs) {
      out.push({
        id: `go-${pre}1v1-${cat[i].slice(3).replace(":", "")}-${
          cat[j].slice(3).replace(":", "")
        }`,
        source: "go simulator",
        family: `go-${pre}1v1`,
        claim: `1v1${label}: ${GO_NAMES[cat[i]]} wins ${
          g.toFixed(2)
        }% against ${GO_NAMES[cat[j]]} (${GO_GAMES.cell} games)`,
        experiment: EXP,
        kind: "mc",
        figure: `${g.toFixed(2)}%`,
        sePublished: Math.sqrt(g / 100 * (1 - g / 100) / GO_GAMES.cell),
        publishedNote: `binomial SE at its ${GO_GAMES.cell} games`,
        margin: MARGINS.share,
        readings: [{
          name: GO_READING,
          chosen: "before",
          ours: (f) =>
            share(f, {
              table: `${pre}1v1`,
              lineup: `${cat[i]} vs ${cat[j]}`,
            }),
        }],
      });
    }
    const pct = (
      p: string,
      g: number,
      what: string,
      family: string,
      where: Record<string, string>,
      id: string,
    ): Spec => ({
      id,
      source: "go simulator",
      family,
      claim: `${what}${label}: ${g.toFixed(2)}% (${GO_GAMES.cell} games)`,
      experiment: EXP,
      kind: "mc",
      figure: `${g.toFixed(2)}%`,
      sePublished: Math.sqrt(g / 100 * (1 - g / 100) / GO_GAMES.cell),
      publishedNote: `binomial SE at its ${GO_GAMES.cell} games`,
      margin: MARGINS.share,
      readings: [{
        name: GO_READING,
        chosen: "before",
        ours: (f) => share(f, { ...where, policy: p }),
      }],
    });
    for (const [p, g] of fig.ffRisk) {
      out.push(pct(
        `go:ev-ff:${p}`,
        g,
        `Flip Four risk threshold, ExpectedValue vs Aggressive 1v1: EV-FF-${
          p.toFixed(2)
        } wins`,
        `go-${pre}ff-risk`,
        { table: `${pre}ff-risk` },
        `go-${pre}ff-${p.toFixed(2)}`,
      ));
    }
    if (fig.take !== null) {
      out.push(pct(
        "go:ev-take",
        fig.take,
        "Flip 7 +15 vs −15 (ExpectedValue, 1v1): EV-Take15 wins against EV-Attack15",
        "go-brutal-flip7",
        { table: "brutal-flip7" },
        "go-brutal-flip7-take",
      ));
    }
  }
  return out;
}

/** The C++ README's edges: not comparable (see {@linkcode CPP_NOT_COMPARABLE}). */
function cppSpecs(): Spec[] {
  return CPP_FIGURES.map((c) => {
    const q = 1 / c.players + Number(c.edge);
    return {
      id: `ps-vengeance-${c.field}-${c.players}p`,
      source: "public solver",
      family: "ps-vengeance",
      claim:
        `Vengeance: an adversarial player who aims at the leader gains +${c.edge} win probability vs a ${
          c.field === "self" ? "naive" : "random"
        } field at ${c.players} players (${
          CPP_GAMES.toLocaleString("en-US")
        } games)`,
      experiment: EXP,
      kind: "mc",
      figure: c.edge,
      sePublished: Math.sqrt(q * (1 - q) / CPP_GAMES),
      publishedNote: `binomial SE of its rate 1/n + edge at ${
        CPP_GAMES.toLocaleString("en-US")
      } games`,
      margin: MARGINS.share,
      notComparable: CPP_NOT_COMPARABLE,
      readings: [{
        name:
          "cpp:adversarial in seat 0 against cpp:self or cpp:random under vengeance-cpp; edge = win share − 1/n",
        chosen: "before",
        ours: (f) =>
          share(f, {
            table: `adversarial-vs-${c.field}`,
            players: c.players,
            metric: "edge",
          }),
      }],
    };
  });
}

/** Every Vengeance claim we test, in table order: Go, then C++. */
export function vengeanceSpecs(): Spec[] {
  return [...goSpecs(), ...cppSpecs()];
}
