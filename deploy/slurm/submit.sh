#!/usr/bin/env bash
# Submit a sharded flip7 run to Slurm: an array job of N shards and a merge
# job that starts when every shard succeeded (--dependency=afterok).
#
#   deploy/slurm/submit.sh N ARGS...
#   deploy/slurm/submit.sh 100 experiment field-size --scale 10
#   deploy/slurm/submit.sh 4 sim -n 1000000 -p ev,bust:0.25 --json
#
# Partials go to results/shards/ARRAY_JOB_ID, the merged files to
# $FLIP7_MERGE_OUT (default results; sim and round print into the merge
# job's log). Extra sbatch options (partition, account, time, cpus) go in
# $SBATCH_SHARD_OPTS and $SBATCH_MERGE_OPTS. Prints the two job ids.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 2 ] || ! [[ "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: deploy/slurm/submit.sh N ARGS... (N shards, ARGS of deno task flip7, e.g. 4 experiment field-size --quick)" >&2
  exit 2
fi
n="$1"
shift
logs="${FLIP7_LOGS:-results/shards}"
mkdir -p "$logs"
# shellcheck disable=SC2086 # the *_OPTS are lists of options
array=$(sbatch --parsable ${SBATCH_SHARD_OPTS:-} --array="0-$((n - 1))" \
  --output="$logs/slurm-%A_%a.out" "$here/run.sbatch" "$@")
array="${array%%;*}"
partials="${FLIP7_SHARDS:-results/shards/$array}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_MERGE_OPTS:-} --dependency="afterok:$array" \
  --output="$logs/slurm-merge-%j.out" \
  "$here/merge.sbatch" "$partials" --out "${FLIP7_MERGE_OUT:-results}")
merge="${merge%%;*}"
echo "array job $array ($n shards of: $*) -> $partials"
echo "merge job $merge (after every shard succeeded) -> ${FLIP7_MERGE_OUT:-results}"
