#!/usr/bin/env bash
# The four speed figures of issue 26, for an idle machine: each command run
# RUNS times (default 3) under /usr/bin/time -v; prints one table with the
# median wall time, the median CPU time (user + system) and the largest peak
# resident set size of the runs, and the C reference of the round loop.
#
#   bash bench/idle_figures.sh            # all four, 3 runs each
#   RUNS=5 bash bench/idle_figures.sh round evaluate
#
# Figures: solve (the all-94 solve command, no cache), round (10,000,000
# sum:20 rounds, 1 worker; against bench/round_ref.c compiled with gcc -O2,
# run right before each run of ours, its own clock: RUNS pairs),
# evaluate (all94, sum:25), repro (the default list, warm cache, into
# .cache/idle-repro so results/ is left alone). Beside each run is the share
# of both cores that was busy in the second before it (from /proc/stat): a
# few percent means idle. (The load average is no measure here: it still
# counts the previous run's threads for a minute after it ended.)
#
# Each row also says whether the figure meets the issue's goal (solve ≤ 45 s
# and ≤ 4 GiB peak; round ≤ 4x the C loop by the ratio of the medians;
# evaluate ≤ 5 s; repro ≤ 120 s) and whether the outputs are unchanged: every
# run printed the same output (solve's JSON less its seconds and memory
# fields), and for repro every CSV, SVG and PNG it wrote is byte-identical to
# results/ (claims.csv by the report rebuilt over a copy of results/ with the
# run's files laid over it: the default list alone holds fewer claims;
# repro's own log, which prints its seconds, is not compared).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
WHICH=("$@")
[ ${#WHICH[@]} -eq 0 ] && WHICH=(solve round evaluate repro)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

cmd_of() {
  case "$1" in
  solve) echo "deno task flip7 solve --model all94 --no-cache --json --no-file" ;;
  round) echo "deno task flip7 round -n 10000000 -p sum:20 --rules solo-model --workers 1 --no-file" ;;
  evaluate) echo "deno task flip7 evaluate --model all94 -p sum:25 --json" ;;
  repro) echo "deno task repro --seed 1 --out .cache/idle-repro" ;;
  *) echo "unknown figure '$1': allowed solve, round, evaluate, repro" >&2; exit 2 ;;
  esac
}

# percent of all cores busy over the next second (idle and iowait count as idle)
busy() {
  local a b a1 a2 a3 a4 a5 a6 a7 a8 b1 b2 b3 b4 b5 b6 b7 b8
  read -r _ a1 a2 a3 a4 a5 a6 a7 a8 _ </proc/stat
  sleep 1
  read -r _ b1 b2 b3 b4 b5 b6 b7 b8 _ </proc/stat
  a=$((a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8))
  b=$((b1 + b2 + b3 + b4 + b5 + b6 + b7 + b8))
  echo $((100 * ((b - a) - (b4 + b5 - a4 - a5)) / (b - a)))
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# whether a condition (a bc expression) holds: met or NOT met
verdict() { if [ "$(echo "$1" | bc)" = 1 ]; then echo met; else echo "NOT met"; fi; }

# what a run printed, less what changes from run to run (solve's timings and memory)
digest() {
  sed -E 's/"(seconds|evalSeconds|rssMB|arrayMB)":[0-9.e+-]+,?//g' "$1" | md5sum | cut -c1-8
}

# repro's files against results/: "N of M identical" (+ the claims rebuilt)
compare_repro() {
  local out=.cache/idle-repro same=0 all=0 f
  for f in "$out"/*.csv "$out"/*.svg "$out"/*.png; do
    [ "$(basename "$f")" = claims.csv ] && continue
    all=$((all + 1))
    cmp -s "$f" "results/$(basename "$f")" && same=$((same + 1))
  done
  rm -rf .cache/idle-claims
  cp -r results .cache/idle-claims
  cp "$out"/*.csv "$out"/*.json .cache/idle-claims/
  local claims="claims.csv rebuilt over results/: not checked"
  if deno run --allow-read=.cache --allow-write=.cache cli/report.ts --out .cache/idle-claims >/dev/null 2>&1; then
    if cmp -s .cache/idle-claims/claims.csv results/claims.csv; then
      claims="claims.csv rebuilt over results/ identical"
    else
      claims="claims.csv rebuilt over results/ DIFFERS"
    fi
  fi
  rm -rf .cache/idle-claims
  echo "$same of $all CSV/SVG/PNG files byte-identical to results/; $claims"
}

rows=()
for f in "${WHICH[@]}"; do
  c=$(cmd_of "$f")
  : >"$TMP/$f.wall"
  : >"$TMP/$f.cpu"
  : >"$TMP/$f.rss"
  busys=""
  havec=""
  if [ "$f" = round ] && command -v gcc >/dev/null; then
    mkdir -p .cache/bench
    gcc -O2 -o .cache/bench/round_ref bench/round_ref.c
    havec=1
    : >"$TMP/c.wall"
    : >"$TMP/pair"
  fi
  for i in $(seq "$RUNS"); do
    busys="$busys $(busy)%"
    if [ -n "$havec" ]; then
      # the C loop right before each run of ours: a pair (its own clock)
      .cache/bench/round_ref 1 10000000 >"$TMP/c.$i.out"
      awk '{print $NF}' "$TMP/c.$i.out" >>"$TMP/c.wall"
    fi
    /usr/bin/time -v -o "$TMP/$f.$i.time" $c >"$TMP/$f.$i.out" 2>"$TMP/$f.$i.err"
    t="$TMP/$f.$i.time"
    wall=$(awk -F': ' '/Elapsed/ {n=split($2,p,":"); s=0; for(j=1;j<=n;j++) s=s*60+p[j]; print s}' "$t")
    user=$(awk -F': ' '/User time/ {print $2}' "$t")
    sys=$(awk -F': ' '/System time/ {print $2}' "$t")
    rss=$(awk -F': ' '/Maximum resident/ {print $2}' "$t")
    echo "$wall" >>"$TMP/$f.wall"
    echo "$user + $sys" | bc >>"$TMP/$f.cpu"
    echo "$rss" >>"$TMP/$f.rss"
    [ -n "$havec" ] && echo "scale=3; $wall / $(tail -1 "$TMP/c.wall")" | bc >>"$TMP/pair"
    echo "$f run $i: ${wall} s wall, $(tail -1 "$TMP/$f.cpu") s CPU, $((rss / 1024)) MiB peak" >&2
  done
  w=$(median <"$TMP/$f.wall")
  cpu=$(median <"$TMP/$f.cpu")
  peak=$(sort -g "$TMP/$f.rss" | tail -1)
  extra=""
  if [ "$f" = round ]; then
    if [ -n "$havec" ]; then
      cw=$(median <"$TMP/c.wall")
      # the C loop's mean beside ours (bench/round_bench.ts checks the sums exactly)
      extra="C loop (run before each of ours) median ${cw} s, mean $(awk '{print $12}' "$TMP/c.1.out") (ours: $(awk '$1 == "sum:20" {print $2; exit}' "$TMP/round.1.out")); ours / C: ratio of the medians $(echo "scale=2; $w / $cw" | bc), median of the pairs' ratios $(median <"$TMP/pair"), pairs $(sort -g "$TMP/pair" | tr '\n' ' ')"
    else
      extra="gcc missing: no C reference"
    fi
  fi
  if [ "$f" = repro ]; then
    extra="repro.json: $(tr -d '\n ' <.cache/idle-repro/repro.json | grep -o '"total_s":[0-9.]*')"
  fi
  if [ "$f" = repro ]; then
    same=$(compare_repro) # (its log prints each step's seconds)
  else
    outs=$(for i in $(seq "$RUNS"); do digest "$TMP/$f.$i.out"; done | sort -u)
    if [ "$(echo "$outs" | wc -l)" = 1 ]; then
      same="every run printed the same (md5 $outs)"
    else
      same="runs DIFFER: $(echo $outs)"
    fi
  fi
  case "$f" in
  solve) goal="≤ 45 s, ≤ 4096 MiB" ok=$(verdict "$w <= 45 && $((peak / 1024)) <= 4096") ;;
  round) goal="≤ 4x the C loop" ok=$([ -n "$havec" ] && verdict "$w / $cw <= 4" || echo "no C loop") ;;
  evaluate) goal="≤ 5 s" ok=$(verdict "$w <= 5") ;;
  repro) goal="≤ 120 s" ok=$(verdict "$w <= 120") ;;
  esac
  rows+=("| $f | \`$c\` | $w | $cpu | $((peak / 1024)) MiB | $RUNS |$busys | $extra | $same | $goal: **$ok** |")
done

echo
echo "measured $(date -u '+%Y-%m-%d %H:%M UTC') at $(git rev-parse --short HEAD)$(git diff --quiet || echo ' (dirty)'), $(nproc) cores"
echo
echo "| figure | command | median wall s | median CPU s | peak RSS | runs | CPU busy before each | notes | outputs | goal |"
echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
for r in "${rows[@]}"; do echo "$r"; done
