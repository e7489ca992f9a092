#!/usr/bin/env bash
# Run a sharded flip7 run on Kubernetes: the PVC, the Indexed Job of N shards
# (completions = parallelism = SHARDS = N), a wait for it, then the merge Job.
#
#   deploy/k8s/run.sh N RUN_ID ARGS...
#   deploy/k8s/run.sh 100 field-size-x10 experiment field-size --scale 10
#
# IMAGE (default flip7-lab:latest) must be built from the commit to run
# (deploy/k8s/Containerfile). Needs kubectl and yq-free sed only.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ $# -lt 3 ] || ! [[ "$1" =~ ^[1-9][0-9]*$ ]]; then
  echo "usage: deploy/k8s/run.sh N RUN_ID ARGS... (e.g. 4 fs-quick experiment field-size --quick)" >&2
  exit 2
fi
n="$1" run="$2"
shift 2
image="${IMAGE:-flip7-lab:latest}"
args="$(printf '            - "%s"\n' "$@")"
kubectl apply -f "$here/pvc.yaml"
# the manifest with N, RUN_ID, the image and the arguments filled in
awk -v n="$n" -v run="$run" -v image="$image" -v args="$args" '
  /^  completions:/ { print "  completions: " n; next }
  /^  parallelism:/ { print "  parallelism: " n; next }
  /image:/ { sub(/image: .*/, "image: " image) }
  /- flip7-shard$/ { print; print args; skip = 1; next }
  skip && /^          env:/ { skip = 0 }
  skip { next }
  prev == "- name: SHARDS" { sub(/value: .*/, "value: \"" n "\"") }
  prev == "- name: RUN_ID" { sub(/value: .*/, "value: " run) }
  { line = $0; gsub(/^ +/, "", line); prev = line; print }
' "$here/shards-job.yaml" | kubectl apply -f -
kubectl wait --for=condition=complete --timeout="${TIMEOUT:-24h}" job/flip7-shards
sed -e "s|image: .*|image: $image|" -e "s|value: field-size-x10|value: $run|" \
  "$here/merge-job.yaml" | kubectl apply -f -
kubectl wait --for=condition=complete --timeout=1h job/flip7-merge
kubectl logs job/flip7-merge
