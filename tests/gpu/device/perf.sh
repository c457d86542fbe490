#!/bin/bash
# Side-by-side medians (kernel time, data on the device) for docs/performance.md.
. devrun/env.sh
m () { $B run "$@" | awk -v a="$*" '/^  kernels/ {k=$2} /^  total/ {t=$2} END {printf "%-70s kernels %s s  total %s s\n", a, k, t}'; }
for v in gpu-seed gpu-seed-shared gpu; do m bitonic --n 2^24 --variant $v --repeat 5; done
for v in gpu-seed gpu; do m bitonic --n 2^20 --variant $v --repeat 10; done
for r in 1 2 16 64; do for v in gpu-seed gpu; do m stencil --n 8192 --radius $r --variant $v --repeat 5; done; done
for v in gpu-seed gpu gpu-lib; do m reduce --n 2^26 --variant $v --repeat 10; done
for v in gpu-seed gpu gpu-lib; do m scan --n 2^26 --variant $v --repeat 10; done
for v in gpu-seed gpu gpu-lib; do m histogram --n 2^26 --variant $v --repeat 10; done
for v in gpu gpu-lib; do m radix-sort --n 2^24 --type int32 --variant $v --repeat 10; done
for v in gpu-seed gpu; do m counting-sort --n 2^24 --dist uniform16 --type int32 --variant $v --repeat 10; done
for v in gpu-seed-v1 gpu; do m odd-even --n 2^16 --variant $v --repeat 3; done
for v in gpu gpu-lib; do m binary-search --n 2^24 --queries 2^20 --variant $v --repeat 10; done
m interpolation-search --n 2^24 --queries 2^20 --variant gpu --repeat 10
m dot --n 2^24 --variant gpu --repeat 5; m dot --n 2^24 --variant gpu-lib --repeat 5
m oddeven-merge --n 2^24 --variant gpu --repeat 5
