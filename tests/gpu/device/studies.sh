#!/bin/bash
# GPU machine: the studies' experiments as docs/results/ keeps them (docs/
# performance.md, "The studies' experiments, reproduced").
#
#   bash devrun/studies.sh OUTDIR [STUDY ...]
#
# STUDY: 000, 001, 002, 003-bitonic, 003-oddeven, 004; by default 000 001
# 002 003-bitonic, whose GPU rows run our kernels (003-oddeven's and 004's
# long rows are the studies' own code and the CPU's). Study 003 runs as the
# trimmed presets beside docs/results/h200/. Each study goes to
# OUTDIR/study-STUDY/: bench's result.csv, result.json, run.ini and PNG
# charts (its SVGs left out, as docs/results/ has none) and the console
# output as run.log, which docs/results/ keeps too. OUTDIR/studies.tar.gz
# holds them all, one file to bring back from a server; it is written again
# after each study, so a run cut short still brings back the studies done.
set -u
[ $# -ge 1 ] || { echo "usage: bash devrun/studies.sh OUTDIR [STUDY ...]" >&2; exit 2; }
out=$1; shift
studies=("$@")
[ ${#studies[@]} -eq 0 ] && studies=(000 001 002 003-bitonic)
. devrun/env.sh
mkdir -p "$out" || exit 1
status=0
for s in "${studies[@]}"; do
  ini=data/presets/study-$s.ini
  [ -f "$ini" ] || ini=docs/results/h200/study-$s.ini
  if [ ! -f "$ini" ]; then
    echo "study $s: no preset (data/presets/study-$s.ini or docs/results/h200/study-$s.ini)" >&2
    status=1
    continue
  fi
  dir=$out/study-$s
  SECONDS=0
  $B bench "$ini" -o "$dir" > "$out/run-$s.log" 2>&1
  rc=$?
  mv "$out/run-$s.log" "$dir/run.log" 2>/dev/null || mv "$out/run-$s.log" "$out/study-$s.log"
  rm -f "$dir"/*.svg
  rows=$(($(wc -l < "$dir/result.csv" 2>/dev/null || echo 1) - 1))
  bad=$(awk -F, 'NR > 1 && $13 != "ok"' "$dir/result.csv" 2>/dev/null | wc -l)
  echo "study $s: exit $rc, $rows rows, $bad not ok, ${SECONDS} s"
  [ $rc -eq 0 ] && [ "$bad" -eq 0 ] || status=1
  part=$(mktemp) # outside OUTDIR: tar refuses a directory that changes as it reads
  tar -C "$out" --exclude studies.tar.gz -czf "$part" . && chmod 644 "$part" &&
    mv "$part" "$out/studies.tar.gz"
done
exit $status
