/**
 * CPU seconds (all threads, `process.cpuUsage()`) and wall seconds of the
 * evaluate command's work for `all94`, `sum:25` (`evaluatePolicies`: the
 * spaces, then the level-parallel lumped pass on the default threads), in a
 * fresh process, with the load average and the figures: the
 * load-independent A/B of bench/HISTORY.md (issue 26, session 30). `ROOT` is
 * the checkout to time (default this one; an old one from
 * `git archive e758209 lib deno.json deno.lock | tar -x -C /tmp/old`),
 * `SPEC` the policy (default `sum:25`).
 *
 * @example
 * ```sh
 * deno run -A bench/lumped_pass.ts /tmp/old
 * deno run -A bench/lumped_pass.ts . count:4
 * ```
 * @module
 */
import process from "node:process";

const root = new URL(
  `${Deno.args[0] ?? new URL("..", import.meta.url).pathname}/`,
  `file://${Deno.cwd()}/`,
).href;
const spec = Deno.args[1] ?? "sum:25";
const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
const load = () =>
  Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");
const l0 = load();
const c0 = cpu(), t0 = performance.now();
const { evaluatePolicies } = await import(`${root}lib/run/evaluate.ts`);
const { getModel } = await import(`${root}lib/solver/model.ts`);
await import(`${root}lib/solver/actions.ts`);
const m = getModel("all94");
m.log = () => {};
m.spaces();
const c1 = cpu(), t1 = performance.now();
const [r] = evaluatePolicies([spec], m);
const c2 = cpu(), t2 = performance.now();
console.log(JSON.stringify({
  root,
  spec,
  spacesCpu: +(c1 - c0).toFixed(3),
  spacesWall: +((t1 - t0) / 1000).toFixed(3),
  passCpu: +(c2 - c1).toFixed(3),
  passWall: +((t2 - t1) / 1000).toFixed(3),
  loadStart: l0,
  loadEnd: load(),
  ev: r.ev,
  sd: r.sd,
  bust: r.bust,
  flip7: r.flip7,
  visited: r.visited,
}));
