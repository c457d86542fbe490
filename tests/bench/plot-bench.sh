#!/bin/sh
# Times `warpscope-cli plot` on result.csv files of a million rows, as
# docs/performance.md records: 16 points averaged over many instances, and
# every row a size (and a point) of its own. Elapsed time and the largest
# resident set come from GNU time (/usr/bin/time -v).
#
#   sh tests/bench/plot-bench.sh [BUILD_DIR] [ROWS]     (defaults: build, 1000000)
set -eu
build=${1:-build}
rows=${2:-1000000}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT INT TERM

for shape in points distinct; do
  flag=
  [ "$shape" = distinct ] && flag=--distinct
  python3 "$(dirname "$0")/results-csv.py" "$rows" "$dir/$shape.csv" $flag
  echo "$shape: $rows rows, $(du -m "$dir/$shape.csv" | cut -f1) MB"
  /usr/bin/time -v "$build/app/cli/warpscope-cli" plot "$dir/$shape.csv" -o "$dir/$shape.png" \
    2>"$dir/time.txt" >/dev/null
  grep -E "Elapsed|Maximum resident" "$dir/time.txt"
done
