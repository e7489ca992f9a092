import { playRange } from "./lib/run/runner.ts";
import { makeStrategy } from "./lib/run/registry.ts";
import { wilson } from "./lib/run/stats.ts";
import { vengeanceChoose } from "./lib/strategies/vengeance.ts";
const types = ["target"];
const make = (p: string) => {
  const s = makeStrategy("ev") as any;
  if (p === "ev") return s;
  const only = p.slice(3);
  return { name: p, hit: s.hit.bind(s), target: s.target.bind(s), choose: (v: any, seat: number, c: any) => c.type === only ? vengeanceChoose(v, seat, c) : c.options[0] };
};
for (const t of types) {
  const pol = ["ev:" + t, "ev:none"];
  const acc = playRange({ rules: "vengeance", policies: pol, seed: 11, count: 10000, mode: "game" }, 0, 10000, make);
  const [lo, hi] = wilson(acc.wins[0], acc.games);
  console.log(t, (acc.wins[0] / acc.games).toFixed(4), lo.toFixed(4), hi.toFixed(4));
}
