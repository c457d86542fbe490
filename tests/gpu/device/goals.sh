#!/bin/bash
# GPU machine: issue 20's goal table — our kernels (gpu) beside CUB (gpu-lib)
# in the same run, kernel-phase medians of `warpscope-cli run` (fresh upload
# into fresh memory each repetition, as every run does).
. devrun/env.sh
m () { $B run "$@" | awk -v a="$*" '/^  kernels/ {k=$2} END {printf "%-66s kernels %s s\n", a, k}'; }
for t in float32 int32; do
  d=uniform; [ $t = int32 ] && d=uniform16 # full-range int32 sums leave int32
  for r in 1 2 3 4 8 16 32 64; do m stencil --n 8192 --radius $r --type $t --dist $d --variant gpu --repeat 7; done
done
m bitonic --n 2^24 --variant gpu --repeat 7
for n in 10 12 14 16; do
  m bitonic --n 2^$n --variant gpu --repeat 21
  m radix-sort --n 2^$n --type float32 --variant gpu-lib --repeat 21
done
for a in reduce scan; do for v in gpu gpu-lib; do m $a --n 2^26 --variant $v --repeat 11; done; done
m histogram --n 2^26 --variant gpu --repeat 11
for v in gpu gpu-lib; do m radix-sort --n 2^24 --type int32 --variant $v --repeat 11; done
bash devrun/small-sorts.sh
