#!/usr/bin/env bash
# run-fuzz.sh BUILD SECONDS [JOBS [HARNESS...]]: runs each libFuzzer harness
# of BUILD (a `make fuzz` build) for SECONDS, JOBS at a time (default 1),
# and says per harness what ran and what was found. `make fuzz` calls it.
#
# Each harness grows its own corpus in BUILD/fuzz/corpus/NAME from the seeds
# in tests/fuzz/corpus/NAME (which it only reads), so a second run goes on
# where the first stopped. A crash, a leak, a hang (an input over 10 s) or
# an out-of-memory (over 2 GiB) stops that harness and leaves its input in
# BUILD/fuzz/crashes/NAME/; the script then ends with status 1. To keep one
# as a test, copy the input to tests/fuzz/regressions/NAME/ (make test
# replays it) and fix the parser.
set -u

build=${1:?usage: run-fuzz.sh BUILD SECONDS [JOBS [HARNESS...]]}
seconds=${2:?usage: run-fuzz.sh BUILD SECONDS [JOBS [HARNESS...]]}
jobs=${3:-1}
shift $(($# < 3 ? $# : 3))
src=$(cd "$(dirname "$0")" && pwd)
out=$build/fuzz
names=("$@")
if [ ${#names[@]} -eq 0 ]; then
  for dir in "$src"/corpus/*/; do names+=("$(basename "$dir")"); done
fi

# Leaks count (LSan, with the project's suppressions); undefined behaviour
# stops the run rather than printing and going on; a failed allocation
# returns NULL, as the engine's ws_try_alloc expects, instead of aborting.
export ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1:abort_on_error=0
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export LSAN_OPTIONS=suppressions=$src/../lsan.supp:print_suppressions=0

# One harness, its log in $out/logs/NAME.log; prints a line of summary.
run_one () {
  local name=$1 bin=$build/tests/fuzz/fuzz-$1 log=$out/logs/$1.log
  local dict=() status found stats took start=$SECONDS

  mkdir -p "$out/corpus/$name" "$out/crashes/$name" "$out/logs"
  [ -f "$src/dict/$name.dict" ] && dict=(-dict="$src/dict/$name.dict")
  if [ ! -x "$bin" ]; then
    echo "$name: no $bin (build it with make fuzz)"
    return 1
  fi
  "$bin" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$out/crashes/$name/" "${dict[@]}" \
    "$out/corpus/$name" "$src/corpus/$name" >"$log" 2>&1
  status=$?
  took=$((SECONDS - start))
  stats=$(awk '/stat::number_of_executed_units/ { e = $2 }
               /stat::average_exec_per_sec/ { r = $2 }
               / cov: / { for (i = 1; i < NF; i++) { if ($i == "cov:") c = $(i+1);
                                                     if ($i == "ft:") f = $(i+1);
                                                     if ($i == "corp:") p = $(i+1) } }
               END { printf "%s execs (%s/s), cov %s, ft %s, corpus %s", e, r, c, f, p }' "$log")
  if [ "$status" -eq 0 ]; then
    echo "$name: ${took} s, $stats: nothing found"
    return 0
  fi
  found=$(ls -t "$out/crashes/$name" | head -1)
  if [ -z "$found" ]; then
    echo "$name: did not run: $(head -3 "$log" | tr '\n' ' ')(log: $log)"
    return 1
  fi
  what='ERROR: [A-Za-z]+: [a-z-]+|runtime error: .*|ERROR \*\*: .*'
  echo "$name: ${took} s, $stats: FOUND $(grep -m1 -oE "$what" "$log")"
  echo "  input: $out/crashes/$name/$found (log: $log)"
  return 1
}

mkdir -p "$out/logs"
failed=0
running=0
for name in "${names[@]}"; do
  if [ "$jobs" -le 1 ]; then
    run_one "$name" || failed=1
    continue
  fi
  run_one "$name" > "$out/logs/$name.summary" 2>&1 &
  running=$((running + 1))
  if [ "$running" -ge "$jobs" ]; then
    wait -n || failed=1
    running=$((running - 1))
  fi
done
while [ "$running" -gt 0 ]; do
  wait -n || failed=1
  running=$((running - 1))
done
if [ "$jobs" -gt 1 ]; then
  for name in "${names[@]}"; do cat "$out/logs/$name.summary"; rm -f "$out/logs/$name.summary"; done
fi
[ "$failed" -eq 0 ] && echo "fuzz: ${#names[@]} harnesses, ${seconds} s each: nothing found" \
  || echo "fuzz: found something; the inputs are in $out/crashes/"
exit "$failed"
