/**
 * The lumped pass of two checkouts alternated in one process, one thread
 * (`lumpedLevels(model, spec, spec, decide, 1)`, a fresh decider each pass,
 * as the evaluate command builds one), CPU seconds (`process.cpuUsage()`)
 * min and median of `REPS` runs each, and whether the figures are the same
 * bits: the load-robust A/B of bench/HISTORY.md (issue 26, session 30).
 * Arguments: the old checkout (`git archive e758209 lib deno.json deno.lock
 * | tar -x -C /tmp/old`), the new one, a `--deck-counts` value ("" for all
 * 94 cards), the runs, the policy.
 *
 * @example
 * ```sh
 * deno run -A bench/lumped_ab.ts /tmp/old . "" 3 sum:25
 * ```
 * @module
 */
import process from "node:process";

interface Side {
  root: string;
  // deno-lint-ignore no-explicit-any
  mods: any[];
  // deno-lint-ignore no-explicit-any
  model: any;
  cpu: number[];
  figures: number[];
}

const [oldRoot = "/tmp/old", newRoot = ".", deck = "", repsArg = "3"] =
  Deno.args;
const spec = Deno.args[4] ?? "sum:25";
const reps = Number(repsArg);
const sides: Side[] = [];
for (const r of [oldRoot, newRoot]) {
  const root = new URL(`${r}/`, `file://${Deno.cwd()}/`).href;
  const load = (p: string) => import(`${root}${p}`);
  // the lumped pass and its decider: lumped_levels.ts before the level
  // passes were one (then levels.ts and mod_classes.ts)
  const lumped = await load("lib/solver/lumped_levels.ts").catch(() => null);
  const mods = [
    lumped ?? await load("lib/solver/levels.ts"),
    await load("lib/solver/view.ts"),
    await load("lib/run/registry.ts"),
    await load("lib/solver/model.ts"),
    await load("lib/solver/actions.ts"),
    lumped ?? await load("lib/solver/mod_classes.ts"),
  ];
  const model = mods[3].getModel("all94", deck || undefined);
  model.log = () => {};
  model.spaces();
  sides.push({ root: r, mods, model, cpu: [], figures: [] });
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
for (let i = 0; i < reps; i++) {
  for (const x of i % 2 ? [...sides].reverse() : sides) {
    const [L, V, R, , , C] = x.mods;
    const c0 = cpu();
    const decide = C.viewDecider(
      new V.SoloView(x.model.space()),
      R.makeStrategy(spec),
    );
    const e = L.lumpedLevels(x.model, spec, spec, decide, 1);
    x.cpu.push(cpu() - c0);
    x.figures = [e.ev, e.sd, e.bust, e.flip7, e.visited];
  }
}
const med = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1];
const f3 = (x: number) => x.toFixed(3);
for (const x of sides) {
  console.log(
    `${x.root}: min ${f3(Math.min(...x.cpu))} median ${f3(med(x.cpu))} CPU s (${
      x.cpu.map(f3).join(", ")
    }); figures ${JSON.stringify(x.figures)}`,
  );
}
const same = JSON.stringify(sides[0].figures) ===
  JSON.stringify(sides[1].figures);
console.log(same ? "figures: the same bits" : "figures DIFFER");
