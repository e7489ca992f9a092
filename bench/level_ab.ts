/**
 * Old against new in one process: the DP (`solveActions`) and the forward
 * pass of its optimum (`forwardLevels(model, hit, "dp")`) of two
 * checkouts, alternated (ABBA…) on one thread, with the minimum and median
 * CPU seconds of each (`process.cpuUsage()`, all threads of the process) and
 * the figures each gives (they must agree). On a loaded machine the minimum
 * of several alternated runs compares better than separate processes. `OLD`
 * and `NEW` are checkouts (`git archive REV lib deno.json deno.lock | tar -x
 * -C /tmp/old`), `DECK` a `--deck-counts` value ("" for all 94 cards),
 * `REPS` the runs of each (default 6).
 *
 * @example
 * ```sh
 * deno run -A bench/level_ab.ts /tmp/old . 12:0,11:0,chance:1 6
 * ```
 * @module
 */
import process from "node:process";

interface Side {
  root: string;
  // deno-lint-ignore no-explicit-any
  actions: any;
  // deno-lint-ignore no-explicit-any
  levels: any;
  // deno-lint-ignore no-explicit-any
  model: any;
  dp: number[];
  fw: number[];
  figures: number[];
}

const [oldRoot = "/tmp/old", newRoot = ".", deck = "", repsArg = "6"] =
  Deno.args;
const reps = Number(repsArg);
const sides: Side[] = [];
for (const r of [oldRoot, newRoot]) {
  const root = new URL(`${r}/`, `file://${Deno.cwd()}/`).href;
  const actions = await import(`${root}lib/solver/actions.ts`);
  const levels = await import(`${root}lib/solver/levels.ts`);
  const { getModel } = await import(`${root}lib/solver/model.ts`);
  const model = getModel("all94", deck || undefined);
  model.log = () => {};
  model.spaces();
  sides.push({ root: r, actions, levels, model, dp: [], fw: [], figures: [] });
}
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
for (let i = 0; i < reps; i++) {
  for (const x of i % 2 ? [...sides].reverse() : sides) {
    let c0 = cpu();
    const s = x.actions.solveActions(x.model, 1);
    x.dp.push(cpu() - c0);
    c0 = cpu();
    const f = x.levels.forwardLevels(x.model, s.hit, "dp", 1);
    x.fw.push(cpu() - c0);
    x.figures = [s.ev, f.ev, f.sd, f.bust, f.flip7, f.visited];
  }
}
const med = (a: number[]) => [...a].sort((p, q) => p - q)[a.length >> 1];
const f3 = (x: number) => x.toFixed(3);
for (const x of sides) {
  console.log(
    `${x.root}: DP min ${f3(Math.min(...x.dp))} median ${
      f3(med(x.dp))
    } CPU s; forward min ${f3(Math.min(...x.fw))} median ${
      f3(med(x.fw))
    }; figures ${JSON.stringify(x.figures)}`,
  );
}
const same = JSON.stringify(sides[0].figures) ===
  JSON.stringify(sides[1].figures);
console.log(same ? "figures: the same bits" : "figures DIFFER");
