#!/bin/bash
# tests/slurm/run-slurm.sh [BUILD]: bench --slurm against a real Slurm.
#
# Starts a single-node cluster of its own on localhost — munged with a key
# made here, slurmctld and slurmd with a generated slurm.conf on free ports,
# everything (state, spool, logs, sockets) in one temporary folder — then
# writes a small CPU plan's job with `warpscope-cli bench --slurm`, submits
# it with sbatch, waits for the array's tasks, merges the shards and checks
# the merged rows against a local run of the same plan: the same keys in
# the same order, the same statuses and sample counts (timings aside).
# Stops only the daemons it started, by their pids, and removes its folder
# (KEEP=1 keeps it, for the logs).
#
# Needs root (slurmd starts the job's processes) and Debian's slurmctld,
# slurmd, slurm-client and munge: `make test-slurm` installs them. Exit
# status 0 when the rows agree, 77 when the cluster cannot run here (the
# reason printed), 1 otherwise. With --tap after BUILD it reports as one
# TAP case instead (a skip with its reason; the output as "# " lines when
# it fails), as `make test` counts cases: tests/meson.build's suite slurm.
set -euo pipefail

build=${1:-build}
if [ "${2:-}" = --tap ]; then
  status=0
  out=$("$0" "$build" 2>&1) || status=$?
  echo "1..1"
  case $status in
    0) echo "ok 1 /slurm/bench-sharded-through-sbatch" ;;
    77) echo "ok 1 /slurm/bench-sharded-through-sbatch # SKIP ${out##*run-slurm: SKIP: }" ;;
    *) echo "not ok 1 /slurm/bench-sharded-through-sbatch (exit status $status)"
       printf '%s\n' "$out" | sed 's/^/# /' ;;
  esac
  exit 0
fi
cli=$(realpath "$build/app/cli/warpscope-cli")
here=$(cd "$(dirname "$0")" && pwd)
skip() { echo "run-slurm: SKIP: $*" >&2; exit 77; }
fail() { echo "run-slurm: FAIL: $*" >&2; exit 1; }

[ -x "$cli" ] || fail "no warpscope-cli in $build: build it first (make build)"
[ "$(id -u)" = 0 ] || skip "slurmd must run as root to start jobs; run as root"
for tool in munged slurmctld slurmd sbatch squeue sinfo scontrol; do
  command -v "$tool" >/dev/null || skip "$tool is missing: apt-get install slurmctld slurmd slurm-client munge"
done

work=$(mktemp -d /tmp/ws-slurm-XXXXXX)
chmod 755 "$work"
pids=()
finish() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "$status" != 0 ] && [ "$status" != 77 ]; then
    for log in "$work"/*.log "$work"/job/slurm-*.out; do
      [ -f "$log" ] && { echo "--- $log"; tail -n 20 "$log"; }
    done >&2
  fi
  [ "${KEEP:-0}" = 1 ] && echo "run-slurm: kept $work" >&2 || rm -rf "$work"
  exit "$status"
}
trap finish EXIT

# ---- munge: a key of this run's own, its socket in the folder ----
mkdir -p "$work/munge"
chmod 711 "$work/munge"   # clients reach the socket through it
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
munged --foreground --force --key-file="$work/munge/munge.key" \
  --socket="$work/munge/munge.socket" --pid-file="$work/munge/munged.pid" \
  --log-file="$work/munged.log" --seed-file="$work/munge/munge.seed" >"$work/munged.out" 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -S "$work/munge/munge.socket" ] && break; sleep 0.1; done
[ -S "$work/munge/munge.socket" ] || skip "munged did not start (see $work/munged.log)"

# ---- slurm.conf: this host as the only node, ports that are free ----
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
host=$(hostname -s)
cpus=$(nproc)
mkdir -p "$work/state" "$work/spool" "$work/job"
: > "$work/plugstack.conf"   # no SPANK plugins, whatever /etc/slurm has
export SLURM_CONF="$work/slurm.conf"
sed -e "s|@HOST@|$host|g" -e "s|@CPUS@|$cpus|g" -e "s|@WORK@|$work|g" \
    -e "s|@CTLD_PORT@|$(free_port)|g" -e "s|@SLURMD_PORT@|$(free_port)|g" \
    "$here/slurm.conf.in" > "$SLURM_CONF"

slurmctld -D -c -i >"$work/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -N "$host" >"$work/slurmd.out" 2>&1 &
pids+=($!)
for _ in $(seq 100); do
  state=$(sinfo -h -N -o %t 2>/dev/null || true)
  [ "$state" = idle ] && break
  sleep 0.2
done
[ "$state" = idle ] || skip "the node did not come up (state “$state”; see slurmctld.log and slurmd.log)"

# ---- the plan: sharded through Slurm, and locally ----
cat > "$work/plan.ini" <<'PLAN'
[preset]
name = Slurm check
algorithms = bitonic, reduce, binary-search
variants = cpu-seq, cpu-par
baseline = cpu-seq
sizes = 1024, 4096
repetitions = 3
warmup = 1
instances = 2
type = float32
[params]
queries = 100
PLAN
"$cli" bench "$work/plan.ini" --slurm --shards 3 --partition debug -o "$work/job"
job=$(sbatch --parsable "$work/job/bench.sbatch")
job=${job%%;*}
echo "run-slurm: submitted job $job"
"$cli" bench "$work/plan.ini" -o "$work/local" >/dev/null

for _ in $(seq 600); do
  [ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && break
  sleep 0.5
done
[ -z "$(squeue -h -j "$job" 2>/dev/null)" ] && echo "run-slurm: job $job finished" \
  || fail "job $job still queued or running after 5 minutes: $(squeue -j "$job")"

for i in 1 2 3; do
  [ -f "$work/job/shard-$i/result.csv" ] || fail "task $i wrote no shard-$i/result.csv"
  grep -q "^shard=$i/3$" "$work/job/shard-$i/run.ini" || fail "shard-$i/run.ini names another shard"
done
"$cli" merge "$work/job"/shard-* -o "$work/job/merged" >/dev/null

# key … status and the sample count: columns 1-13, which hold no commas.
cut -d, -f1-13 "$work/local/result.csv" > "$work/local.cols"
cut -d, -f1-13 "$work/job/merged/result.csv" > "$work/merged.cols"
diff -u "$work/local.cols" "$work/merged.cols" || fail "the merged rows differ from the local run's"
rows=$(($(wc -l < "$work/local.cols") - 1))
[ "$rows" -gt 0 ] || fail "the local run has no rows"
grep -c ',ok,' "$work/job/merged/result.csv" >/dev/null || fail "no ok row"
# The merged result.json holds every configuration's samples: compare reads
# it against the local run's and pairs every configuration (status 1 would
# only say a timing moved; 2 is an error).
[ -f "$work/job/merged/result.json" ] || fail "merge wrote no result.json"
cmp_out=$("$cli" compare "$work/local" "$work/job/merged/result.json" 2>&1); cmp_status=$?
[ "$cmp_status" -le 1 ] || fail "compare could not read the merged result.json: $cmp_out"
if echo "$cmp_out" | grep -qi "only in"; then
  fail "compare found configurations on one side only: $cmp_out"
fi
echo "run-slurm: $rows rows of 3 shards run by Slurm, merged, the same as the local run's; compare pairs them all through the merged result.json"
