#!/bin/bash
# compute-sanitizer memcheck and racecheck over every GPU variant at reduced
# sizes, through the CLI (each case one process; racecheck is slow, hence the
# small sizes of the launch-per-phase odd-even seeds).
. devrun/env.sh
cases=(
 "bitonic --n 20000 --variant gpu-seed" "bitonic --n 5000 --variant gpu-seed-shared" "bitonic --n 20000 --variant gpu"
 "bitonic --n 100000 --type int32 --variant gpu" "oddeven-merge --n 20000 --variant gpu"
 # the one-launch sorts: one thread, one warp (padded), 16 warps
 "bitonic --n 13 --variant gpu" "bitonic --n 1000 --variant gpu" "bitonic --n 4096 --type int32 --variant gpu"
 # 2^12 keys over a cluster of four blocks (sm_90 and up), padded from 4000
 "bitonic --n 4000 --variant gpu"
 # bitonic's tiles of rows: 2^18 keys, stages 17 and 18 (5 and 6 distances above the tile)
 "bitonic --n 200000 --variant gpu"
 "odd-even --n 300 --variant gpu-seed" "odd-even --n 300 --variant gpu-seed-v1" "odd-even --n 300 --variant gpu-seed-v2" "odd-even --n 3000 --variant gpu"
 "radix-sort --n 100000 --variant gpu" "radix-sort --n 100000 --type int32 --variant gpu-lib" "radix-sort --n 3000 --variant gpu"
 "counting-sort --n 100000 --dist uniform16 --type int32 --variant gpu-seed" "counting-sort --n 100000 --dist uniform16 --type int32 --variant gpu"
 "dot --n 20000 --variant gpu-seed" "dot --n 20000 --variant gpu" "dot --n 20000 --type int32 --dist uniform16 --variant gpu-lib"
 "stencil --n 300 --radius 3 --variant gpu-seed --block 8 --per-thread 4" "stencil --n 300 --radius 3 --variant gpu" "stencil --n 300 --radius 12 --variant gpu" "stencil --n 100 --radius 2 --type int32 --dist uniform16 --variant gpu"
 # the sliding sums (issue 20) at both ends of their radii, rows not 16-byte
 # aligned, and past them the two passes
 "stencil --n 701 --radius 64 --type int32 --dist uniform16 --variant gpu" "stencil --n 600 --radius 127 --variant gpu" "stencil --n 600 --radius 128 --variant gpu"
 # their outputs as 16-byte (m % 4 = 0), 8-byte (m % 4 = 2) and 4-byte stores
 "stencil --n 1032 --radius 8 --variant gpu" "stencil --n 1028 --radius 7 --type int32 --dist uniform16 --variant gpu" "stencil --n 1031 --radius 5 --variant gpu"
 # a last strip that takes the columns the rounding to whole threads left (two strips, not three)
 "stencil --n 2000 --radius 23 --variant gpu"
 "reduce --n 100000 --variant gpu-seed" "reduce --n 100000 --variant gpu" "reduce --n 100000 --type int32 --variant gpu-lib"
 "scan --n 100000 --variant gpu-seed" "scan --n 100000 --variant gpu" "scan --n 100000 --type int32 --variant gpu-lib"
 "histogram --n 100000 --variant gpu-seed" "histogram --n 100000 --variant gpu" "histogram --n 100000 --bins 100000 --type int32 --variant gpu" "histogram --n 100000 --variant gpu-lib"
 "binary-search --n 100000 --queries 30 --variant gpu-seed --segments 7" "binary-search --n 100000 --queries 5000 --variant gpu" "binary-search --n 100000 --queries 5000 --variant gpu-lib"
 "interpolation-search --n 100000 --queries 30 --variant gpu-seed --segments 7" "interpolation-search --n 100000 --queries 5000 --type int32 --variant gpu"
 # Split for a timely cancel (issue 15): the seed's window sums as tiles
 # (each thread's K outputs over two launches; blocks of one thread), the
 # searches' queries in pieces of 2^22.
 "stencil --n 500 --radius 200 --variant gpu-seed --block 8 --per-thread 4"
 "stencil --n 2000 --radius 16 --variant gpu-seed --block 1 --per-thread 16"
 "binary-search --n 100000 --queries 5000000 --variant gpu" "binary-search --n 100000 --queries 5000000 --type int32 --variant gpu-lib"
 # Cold runs (issue 21): the L2 flush's write before each run's kernels.
 "reduce --n 100000 --variant gpu --cold --repeat 2" "radix-sort --n 100000 --variant gpu-lib --cold --repeat 2"
)
# `sanitize.sh render` checks only the frames (below); ONLY=REGEX keeps the
# cases whose command matches (extended regex), e.g. ONLY='stencil|scan'.
[ "${1:-}" = render ] && cases=()
if [ -n "${ONLY:-}" ]; then
  kept=(); for c in "${cases[@]}"; do echo "$c" | grep -Eq "$ONLY" && kept+=("$c"); done; cases=("${kept[@]}")
fi
for tool in memcheck racecheck; do
  clean=0; dirty=0
  for c in "${cases[@]}"; do
    out=$(timeout 120 compute-sanitizer --tool $tool --error-exitcode 9 $B run $c 2>&1); rc=$?
    if [ $rc -eq 0 ] && echo "$out" | grep -q "verified     ok"; then clean=$((clean+1)); else dirty=$((dirty+1)); echo "$tool FAIL ($rc): $c"; echo "$out" | grep -v "^  " | tail -8; fi
  done
  echo "$tool: $clean clean, $dirty not clean"
done
# Frames drawn from device memory: the passes and the bars' bins (interop
# buffer), the heat maps' texels (interop textures) and the staging path.
renders=(
 "bitonic --n 3000 --variant gpu" "oddeven-merge --n 3000 --variant gpu --no-interop" "odd-even --n 400 --variant gpu"
 "stencil --n 200 --radius 3 --block 8 --per-thread 2 --variant gpu-seed --size 640x360"
 "stencil --n 300 --radius 2 --variant gpu --no-interop --size 640x360"
 # zoomed in: the textures hold only the region shown (issue 18)
 "stencil --n 300 --radius 2 --variant gpu --zoom 6 --size 640x360"
 "stencil --n 300 --radius 2 --variant gpu --zoom 6 --no-interop --size 640x360"
)
if [ -n "${ONLY:-}" ]; then
  kept=(); for c in "${renders[@]}"; do echo "$c" | grep -Eq "$ONLY" && kept+=("$c"); done; renders=("${kept[@]}")
fi
for tool in memcheck racecheck; do
  clean=0; dirty=0
  for c in "${renders[@]}"; do
    d=$(mktemp -d)
    out=$(timeout 300 compute-sanitizer --tool $tool --error-exitcode 9 $B render $c --frames $d 2>&1); rc=$?
    if [ $rc -eq 0 ] && echo "$out" | grep -q "frame path: \(interop\|staging\)"; then clean=$((clean+1)); else dirty=$((dirty+1)); echo "$tool render FAIL ($rc): $c"; echo "$out" | grep -v "^  " | tail -8; fi
    rm -rf "$d"
  done
  echo "$tool render: $clean clean, $dirty not clean"
done
