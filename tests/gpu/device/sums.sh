#!/bin/bash
# GPU machine: reduce and dot, gpu-seed / gpu / gpu-lib side by side over
# sizes and both key types (kernel time, median of 20 runs each; every
# variant runs once first so that clocks and caches are warm).
. devrun/env.sh
k () { $B run "$@" | awk '/^  kernels/ {printf "%6.0f", $2 * 1e6}'; }
for v in gpu-seed gpu gpu-lib; do $B run reduce --n 2^20 --variant $v > /dev/null; done
for T in float32 int32; do
  echo "reduce $T (kernels, us)   gpu-seed    gpu  gpu-lib"
  for n in 1000 2^12 2^14 2^15 2^16 2^17 2^18 2^19 2^20 2^22 2^24 2^26; do
    printf "%-24s" "n = $n"
    for v in gpu-seed gpu gpu-lib; do printf " %s" "$(k reduce --n $n --type $T --variant $v --repeat 20)"; done
    echo
  done
done
for T in float32 int32; do
  echo "dot $T uniform16 (kernels, us)   gpu-seed    gpu  gpu-lib"
  for n in 1000 2^16 2^20 2^22; do
    printf "%-32s" "n = $n"
    for v in gpu-seed gpu gpu-lib; do printf " %s" "$(k dot --n $n --type $T --dist uniform16 --variant $v --repeat 5)"; done
    echo
  done
done
