#!/usr/bin/env bash
# What a sharded run costs on this machine: `deno task repro` at seed 000's
# counts (or FLIP7_COST_ARGS), unsharded on 2 workers, then as N = 1, 2, 4
# shards run two at a time with 1 worker each (two one-core "cluster slots")
# followed by the merge. Prints the load (uptime) before and after, wall and
# CPU time (user + sys, children included), the merge's time, the partial
# files' sizes, whether the merged CSV/SVG/PNG equal the unsharded ones, and
# the time to read and check 1,000 partials (for the README's estimate).
#
#   bash tools/shard_cost.sh            # about 8 minutes on an idle 2-core machine
set -euo pipefail
cd "$(dirname "$0")/.."
read -r -a ARGS <<<"${FLIP7_COST_ARGS:---seed 1}"
work=".cache/shard-cost"
rm -rf "$work"
mkdir -p "$work"
R=(deno run --allow-read --allow-write=results,.cache,README.md --allow-env --allow-sys --allow-ffi --allow-run=git cli/repro.ts)
F=(deno run --allow-read --allow-write=results,.cache --allow-env --allow-sys --allow-ffi --allow-run=git cli/main.ts)
TIMEFORMAT='%R %U %S'
# timed CMD...: prints "wall cpu" in seconds
timed() {
  local t
  t="$({ time "$@" >"$work/last.log" 2>&1; } 2>&1)" ||
    { tail -n 5 "$work/last.log"; exit 1; }
  awk '{ printf "%.1f %.1f\n", $1, $2 + $3 }' <<<"$t"
}
shards() { # N: run N shards, 2 at a time, 1 worker each
  seq 0 $(($1 - 1)) | xargs -P 2 -I{} "${R[@]}" "${ARGS[@]}" --shard "{}/$1" \
    --out "$work/p$1" --workers 1
}
echo "load before: $(uptime)"
echo "cores: $(nproc); repro ${ARGS[*]}"
read -r w c < <(timed "${R[@]}" "${ARGS[@]}" --workers 2 --out "$work/whole")
echo "unsharded (2 workers): wall ${w} s, cpu ${c} s"
for n in 1 2 4; do
  read -r w c < <(timed shards "$n")
  read -r mw mc < <(timed "${F[@]}" merge "$work/p$n" --out "$work/m$n" --workers 2 --no-file)
  sizes="$(find "$work/p$n" -name '*.json' -printf '%s\n' | sort -n | awk '{ s += $1 } END { printf "%d files, %.1f kB each (%.1f kB in all)", NR, s / NR / 1000, s / 1000 }')"
  same="identical"
  for f in "$work"/whole/*.csv "$work"/whole/*.svg "$work"/whole/*.png; do
    cmp -s "$f" "$work/m$n/$(basename "$f")" || same="DIFFERENT: $(basename "$f")"
  done
  echo "N=$n shards (2 at a time, 1 worker each): wall ${w} s, cpu ${c} s; merge wall ${mw} s, cpu ${mc} s; partials ${sizes}; merged CSV/SVG/PNG vs unsharded: ${same}"
done
# reading and checking 1,000 partials (the N=4 files, 250 times each)
read -r w c < <(timed deno eval "
import { planMerge, readPartial, shardCode } from './lib/run/shard.ts';
const dir = '$work/p4';
const files = [...Deno.readDirSync(dir)].map((e) => dir + '/' + e.name);
const t = performance.now();
for (let k = 0; k < 250; k++) for (const f of files) await readPartial(f);
await planMerge(files, await shardCode());
console.log(((performance.now() - t) / 1000).toFixed(1));
")
echo "reading and checking 1000 partials: wall ${w} s (deno eval, incl. startup)"
echo "load after: $(uptime)"
