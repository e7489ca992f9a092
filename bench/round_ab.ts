/**
 * Old against new in one process: the runner's `playRange` of two checkouts
 * (each imported from its own directory, so each has its own compiled code)
 * on the same blocks of rounds, in alternating order (new first in even
 * blocks), after two warm-up blocks. Prints the median of the block ratios
 * new / old with its distribution-free 95% interval (binomial order
 * statistics), both loops' summed seconds, and whether both played the same
 * rounds (the sums of the scores agree; a change that alters the rounds, an
 * ablation, says so). Both sides run on one machine state, so the machine's
 * swings between two speeds (bench/HISTORY.md, session 35) cancel out.
 *
 * One process can still draw compiled code that is a few percent off from
 * the next (an old/old comparison gave 0.99-1.00 in five processes of six and
 * 1.06 in one): run it five times and take the median (bench/HISTORY.md,
 * session 36).
 *
 * `OLD` and `NEW` are checkouts (`git worktree add /tmp/old REV`, or
 * `git archive REV lib | tar -x -C /tmp/old`); `ROUNDS` a multiple of 40
 * (default 4,000,000); `SPEC` a policy for solo `solo-model` rounds (default
 * `sum:20`) or a JSON run spec without seed and count
 * (`{"rules":"standard","policies":["ev","sum:20"],"mode":"game"}`).
 * Exit 2 with one line for a bad argument.
 *
 * @example
 * ```sh
 * deno run --allow-read --v8-flags=--max-inlined-bytecode-size-cumulative=4600,--max-inlined-bytecode-size=920 bench/round_ab.ts /tmp/old . 4000000 sum:20
 * ```
 * @module
 */
import { medianInterval } from "./round_interleaved.ts";
import { BLOCKS, roundSpec, WARMUP } from "./round_spec.ts";

function fail(msg: string): never {
  console.error(msg);
  Deno.exit(2);
}

/** The run spec of `arg` for `count` rounds (or games) on seed 1. */
function specOf(arg: string, count: number): Record<string, unknown> {
  if (!arg.startsWith("{")) return { ...roundSpec(count), policies: [arg] };
  let spec: unknown;
  try {
    spec = JSON.parse(arg);
  } catch {
    fail(`bad spec '${arg}': allowed a policy or a JSON run spec`);
  }
  if (typeof spec !== "object" || spec === null || Array.isArray(spec)) {
    fail(`bad spec '${arg}': allowed a policy or a JSON run spec object`);
  }
  return { ...spec, seed: 1, count };
}

if (import.meta.main) {
  const [oldDir, newDir, roundsArg = "4000000", specArg = "sum:20"] = Deno.args;
  if (oldDir === undefined || newDir === undefined) {
    fail("usage: round_ab.ts OLD NEW [ROUNDS] [SPEC]: two checkouts needed");
  }
  const rounds = Number(roundsArg);
  if (!Number.isInteger(rounds) || rounds <= 0 || rounds % BLOCKS !== 0) {
    fail(`bad rounds '${roundsArg}': allowed a positive multiple of ${BLOCKS}`);
  }
  type PlayRange = (
    spec: unknown,
    from: number,
    to: number,
  ) => { points: number[] };
  const load = async (dir: string): Promise<PlayRange> => {
    const url = new URL(
      "lib/run/runner.ts",
      new URL(`${dir.replace(/\/?$/, "/")}`, `file://${Deno.cwd()}/`),
    );
    try {
      return (await import(url.href)).playRange;
    } catch (e) {
      fail(
        `bad checkout '${dir}': no runner at ${url.pathname} (${
          (e as Error).message.split("\n")[0]
        })`,
      );
    }
  };
  const sides = [await load(oldDir), await load(newDir)];
  const spec = specOf(specArg, rounds);
  const block = rounds / BLOCKS;
  const ratios: number[] = [];
  const total = [0, 0], points = [0, 0];
  for (let b = -WARMUP; b < BLOCKS; b++) {
    const from = Math.max(b, 0) * block, to = from + block;
    const order = b & 1 ? [0, 1] : [1, 0];
    const t = [0, 0];
    for (const side of order) {
      const t0 = performance.now();
      let acc: { points: number[] };
      try {
        acc = sides[side](spec, from, to);
      } catch (e) {
        fail(`bad spec '${specArg}': ${(e as Error).message.split("\n")[0]}`);
      }
      t[side] = performance.now() - t0;
      if (b >= 0) points[side] += acc.points.reduce((x, y) => x + y, 0);
    }
    if (b < 0) continue;
    ratios.push(t[1] / t[0]);
    total[0] += t[0];
    total[1] += t[1];
  }
  const [median, lo, hi] = medianInterval(ratios);
  console.log(
    `new / old: median block ratio ${median.toFixed(3)} (95% interval ${
      lo.toFixed(3)
    }-${hi.toFixed(3)}); seconds old ${(total[0] / 1000).toFixed(3)}, new ${
      (total[1] / 1000).toFixed(3)
    }; ${
      points[0] === points[1]
        ? "the same rounds"
        : `other rounds (points ${points[0]} and ${points[1]})`
    }`,
  );
}
