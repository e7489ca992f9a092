/**
 * CPU seconds (all threads, `process.cpuUsage()`) and wall seconds of the
 * `all94` DP (`solveActions`) and of the forward pass of its optimum
 * (`forwardLevels(model, hit, "dp")`), in one process, with the load
 * average: the load-independent comparison of bench/HISTORY.md. `ROOT` is the
 * checkout to time (default this one; an old one from
 * `git archive ca01323 lib deno.json deno.lock | tar -x -C /tmp/old`), `DECK` a `--deck-counts`
 * value (default: all 94 cards), `THREADS` the level passes' threads (new
 * checkouts only; default 2 on the big decks).
 *
 * @example
 * ```sh
 * /usr/bin/time -v deno run -A bench/level_phases.ts /tmp/old
 * deno run -A bench/level_phases.ts . freeze:1,flip3:1 1
 * ```
 * @module
 */
import process from "node:process";

const root = new URL(
  `${Deno.args[0] ?? new URL("..", import.meta.url).pathname}/`,
  `file://${Deno.cwd()}/`,
).href;
const deck = Deno.args[1] || undefined;
const threads = Deno.args[2] ? Number(Deno.args[2]) : undefined;
const A = await import(`${root}lib/solver/actions.ts`);
const L = await import(`${root}lib/solver/levels.ts`);
const { getModel } = await import(`${root}lib/solver/model.ts`);
const m = getModel("all94", deck);
m.log = () => {};
m.spaces();
const load = () =>
  Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
let c0 = cpu(), t0 = performance.now();
const l0 = load();
const s = A.solveActions(m, threads);
const dpCpu = cpu() - c0, dpWall = (performance.now() - t0) / 1000;
c0 = cpu();
t0 = performance.now();
const f = L.forwardLevels(m, s.hit, "dp", threads);
const fwCpu = cpu() - c0, fwWall = (performance.now() - t0) / 1000;
console.log(JSON.stringify({
  root,
  deck: deck ?? "default",
  threads: threads ?? "default",
  dpCpu,
  dpWall,
  fwCpu,
  fwWall,
  forwardOverDpCpu: fwCpu / dpCpu,
  forwardOverDpWall: fwWall / dpWall,
  loadStart: l0,
  loadEnd: load(),
  ev: s.ev,
  forwardEv: f.ev,
  sd: f.sd,
  bust: f.bust,
  flip7: f.flip7,
  visited: f.visited,
}));
