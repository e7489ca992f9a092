#!/usr/bin/env bash
# Live Slurm test of the sharded run (deploy/slurm/): as root, installs
# Debian's slurm-wlm and munge when missing, starts munged, slurmctld and
# slurmd for a one-node cluster on this machine (state, spool, logs and
# sockets under a temporary directory), submits deploy/slurm/submit.sh with
# N = 4 shards of a small run and its merge job, waits for both (bounded),
# and compares the merged files with the same run done unsharded. Every
# daemon it started is stopped by its pid on exit.
#
#   bash tests/slurm/live_test.sh        # from the project's directory
#
# Prints the array and merge job ids and the comparison; the last line is
# `slurm live test: ok ...` or `slurm live test: FAILED: <why>` (exit 1).
# FLIP7_SLURM_RUN overrides the sharded run (default: a small sweep).
set -uo pipefail

cd "$(dirname "$0")/../.."
root="$(pwd)"
export DEBIAN_FRONTEND=noninteractive
N=4
LIMIT="${FLIP7_SLURM_WAIT:-300}" # seconds to wait for the jobs
read -r -a RUN <<<"${FLIP7_SLURM_RUN:-sweep -p ev,bust:0.25 --players 2-5 --seeds 2 -n 500 --seed 7}"

passed=0
fail() {
  echo "slurm live test: FAILED: $*${tmp:+ (daemon logs in $tmp)}"
  exit 1
}

[ "$(id -u)" = 0 ] || fail "must run as root (it starts slurmctld, slurmd and munged)"

tmp=""
# ---------------------------------------------------------------- install
have() { command -v "$1" >/dev/null 2>&1; }
if ! have slurmctld || ! have slurmd || ! have sbatch || ! have munged; then
  echo "installing slurm-wlm and munge (apt-get)"
  apt-get update -qq >/tmp/flip7-slurm-apt.log 2>&1 &&
    apt-get install -y -q slurm-wlm munge >>/tmp/flip7-slurm-apt.log 2>&1 ||
    fail "apt-get could not install slurm-wlm and munge (see /tmp/flip7-slurm-apt.log)"
fi
for b in slurmctld slurmd sbatch squeue scontrol munged; do
  have "$b" || fail "$b is not on PATH after installing slurm-wlm and munge"
done
have deno || fail "deno is not on PATH"

# ---------------------------------------------------------------- cluster
tmp="$(mktemp -d "${TMPDIR:-/tmp}/flip7-slurm.XXXXXX")"
work="$root/.cache/slurm-test-$$" # the flip7 task may write under .cache
mkdir -p "$tmp/state" "$tmp/spool" "$tmp/munge" "$work"
chmod 700 "$tmp/munge"
pids=()
stop() {
  local p
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${pids[@]}"; do wait "$p" 2>/dev/null || true; done
  rm -rf "$work"
  if [ "$passed" = 1 ]; then rm -rf "$tmp"; fi
}
trap stop EXIT

# munge: a key of our own, the daemon in the foreground (its pid is $!)
key="$tmp/munge/munge.key"
dd if=/dev/urandom of="$key" bs=1024 count=1 status=none
chmod 400 "$key"
munged -F -f --key-file="$key" --socket="$tmp/munge/munge.socket" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/munge/munged.log" \
  --seed-file="$tmp/munge/munged.seed" >"$tmp/munged.out" 2>&1 &
pids+=($!)

node="$(hostname -s)"
nodeline="$(slurmd -C 2>/dev/null | head -n 1)"
[[ "$nodeline" == NodeName=* ]] || fail "slurmd -C did not describe this node: $nodeline"
port=$((20000 + RANDOM % 20000))
cat >"$tmp/slurm.conf" <<EOF
ClusterName=flip7test
SlurmctldHost=$node
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge/munge.socket
SlurmctldPort=$port
SlurmdPort=$((port + 1))
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=600
MpiDefault=none
$nodeline State=UNKNOWN
PartitionName=flip7 Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF="$tmp/slurm.conf"

for _ in $(seq 50); do [ -S "$tmp/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$tmp/munge/munge.socket" ] ||
  fail "munged did not start: $(tail -n 1 "$tmp/munged.out" "$tmp/munge/munged.log" 2>/dev/null | grep -v '^==' | grep . | tail -n 1)"
slurmctld -D -i -f "$SLURM_CONF" >"$tmp/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" >"$tmp/slurmd.out" 2>&1 &
pids+=($!)

why() { # the last error line of a daemon's logs
  grep -hiE 'error|fatal' "$tmp/$1.out" "$tmp/$1.log" 2>/dev/null | tail -n 1
}
state=""
for _ in $(seq 60); do
  for i in 1 2; do
    kill -0 "${pids[$i]}" 2>/dev/null || {
      d=$([ "$i" = 1 ] && echo slurmctld || echo slurmd)
      fail "$d exited at start: $(why "$d")"
    }
  done
  state="$(sinfo -h -n "$node" -o %T 2>/dev/null | head -n 1)"
  [ "$state" = idle ] && break
  sleep 0.5
done
[ "$state" = idle ] ||
  fail "the node did not become idle in 30 s (state '${state:-none}'): $(why slurmctld) $(why slurmd)"
echo "cluster up: $nodeline (slurmctld pid ${pids[1]}, slurmd pid ${pids[2]}, munged pid ${pids[0]})"

# ---------------------------------------------------------------- the run
export FLIP7_SHARDS="$work/partials" FLIP7_MERGE_OUT="$work/merged" FLIP7_LOGS="$work/logs"
t0=$SECONDS
sub="$(deploy/slurm/submit.sh "$N" "${RUN[@]}")" || fail "submit.sh failed: $sub"
echo "$sub"
array="$(sed -nE 's/^array job ([0-9]+).*/\1/p' <<<"$sub")"
merge="$(sed -nE 's/^merge job ([0-9]+).*/\1/p' <<<"$sub")"
[ -n "$array" ] && [ -n "$merge" ] || fail "no job ids in submit.sh's output"

# the unsharded run while the cluster works (same machine, same code)
deno task flip7 "${RUN[@]}" --out "$work/whole" --no-file >"$work/whole.log" 2>&1 ||
  fail "the unsharded run failed: $(tail -n 1 "$work/whole.log")"

while [ -n "$(squeue -h -j "$array,$merge" 2>/dev/null)" ]; do
  [ $((SECONDS - t0)) -lt "$LIMIT" ] || fail "jobs $array and $merge still queued or running after $LIMIT s"
  sleep 1
done
jobstate() { scontrol show job "$1" 2>/dev/null | grep -oE 'JobState=[A-Z_]+' | sort -u | tr '\n' ' '; }
tasks="$(scontrol show job "$array" 2>/dev/null | grep -oE 'ArrayTaskId=[0-9]+' | sed "s/ArrayTaskId=/${array}_/" | sort -t_ -k2n | tr '\n' ' ')"
echo "array job $array: tasks ${tasks:-?}$(jobstate "$array")"
echo "merge job $merge: $(jobstate "$merge")"
for f in "$work"/logs/*; do
  case "$(jobstate "$array") $(jobstate "$merge")" in
    *FAILED* | *CANCELLED* | *DEPENDENCY* | *TIMEOUT*) echo "--- $f" && tail -n 5 "$f" ;;
  esac
done
[ "$(jobstate "$merge")" = "JobState=COMPLETED " ] || fail "the merge job did not complete ($(jobstate "$merge"))"
shards=$(find "$work/partials" -name '*.shard-*-of-4.json' | wc -l)
[ "$shards" = "$N" ] || fail "$shards partial files instead of $N"

# ---------------------------------------------------------------- compare
result="$(deno eval '
const [a, b] = Deno.args;
const out = [];
let ok = true;
const names = [...Deno.readDirSync(b)].map((e) => e.name).sort();
if (names.length === 0) { console.log("no unsharded files"); Deno.exit(1); }
for (const n of names) {
  let x, y;
  try { x = Deno.readFileSync(`${a}/${n}`); } catch { out.push(`${n} missing`); ok = false; continue; }
  y = Deno.readFileSync(`${b}/${n}`);
  if (n.endsWith(".json")) {
    const strip = (t) => { const j = JSON.parse(new TextDecoder().decode(t));
      for (const k of ["started", "elapsed_s", "command", "workers", "shards"]) delete j[k]; return JSON.stringify(j); };
    const sx = JSON.parse(new TextDecoder().decode(x)).shards?.length ?? 0;
    if (strip(x) === strip(y) && sx > 0) out.push(`${n} same but the provenance (lists ${sx} shards)`);
    else { out.push(`${n} DIFFERS`); ok = false; }
  } else if (x.length === y.length && x.every((v, i) => v === y[i])) out.push(`${n} identical`);
  else { out.push(`${n} DIFFERS`); ok = false; }
}
console.log(out.join(", "));
Deno.exit(ok ? 0 : 1);
' "$work/merged" "$work/whole")" || fail "merged files differ from the unsharded run: $result"
echo "compare: $result"
passed=1
echo "slurm live test: ok (array job $array, $N shards, merge job $merge; $((SECONDS - t0)) s)"
