import { playRange } from "./lib/run/runner.ts";
import { makeStrategy } from "./lib/run/registry.ts";
import { wilson } from "./lib/run/stats.ts";
import { vengeanceChoose } from "./lib/strategies/vengeance.ts";
const make = (p: string) => {
  const s = makeStrategy("ev") as any;
  if (p === "ev") return s;
  const only = p.slice(3);
  return { name: p, hit: s.hit.bind(s), target: s.target.bind(s), choose: (v: any, seat: number, c: any) => c.type === only ? vengeanceChoose(v, seat, c) : c.options[0] };
};
const n = Number(Deno.args[0]);
const pol = ["ev:target", ...Array(n - 1).fill("ev:none")];
const acc = playRange({ rules: "vengeance", policies: pol, seed: 12, count: 20000, mode: "game" }, 0, 20000, make);
const [lo, hi] = wilson(acc.wins[0], acc.games);
console.log(Deno.env.get("VT"), n, (acc.wins[0] / acc.games).toFixed(4), lo.toFixed(4), hi.toFixed(4), "fair", (1/n).toFixed(4));
