#!/bin/bash
# gpu against its seeds over sizes: the "never slower than the study" claim.
. devrun/env.sh
k () { $B run "$@" | awk '/^  kernels/ {print $2}'; }
row () { printf "%-44s" "$1"; shift; for v in "$@"; do printf " %12s" "$v"; done; printf "\n"; }
row "bitonic n (kernels s)" gpu-seed gpu-seed-shared gpu
for e in 10 12 14 16 18 20 22; do
  row "bitonic 2^$e" $(k bitonic --n 2^$e --variant gpu-seed --repeat 5) \
      $(k bitonic --n 2^$e --variant gpu-seed-shared --repeat 3) $(k bitonic --n 2^$e --variant gpu --repeat 5)
done
row "bitonic 1000003" $(k bitonic --n 1000003 --variant gpu-seed --repeat 5) - $(k bitonic --n 1000003 --variant gpu --repeat 5)
row "odd-even n (kernels s)" gpu-seed gpu-seed-v1 gpu-seed-v2 gpu
for n in 1000 4096 16384; do
  row "odd-even $n" $(k odd-even --n $n --variant gpu-seed --repeat 3) $(k odd-even --n $n --variant gpu-seed-v1 --repeat 3) \
      $(k odd-even --n $n --variant gpu-seed-v2 --repeat 3) $(k odd-even --n $n --variant gpu --repeat 3)
done
row "stencil N, R (kernels s)" gpu-seed gpu
for n in 256 1000 2000 4096; do for r in 1 2 8 16; do
  row "stencil N=$n R=$r" $(k stencil --n $n --radius $r --variant gpu-seed --repeat 5) $(k stencil --n $n --radius $r --variant gpu --repeat 5)
done; done
row "n (kernels s)" gpu-seed gpu gpu-lib
for a in reduce scan histogram; do for n in 1000 2^16 2^20 2^24; do
  row "$a $n" $(k $a --n $n --variant gpu-seed --repeat 5) $(k $a --n $n --variant gpu --repeat 5) $(k $a --n $n --variant gpu-lib --repeat 5)
done; done
for n in 1000 2^16 2^20; do
  row "dot $n" $(k dot --n $n --variant gpu-seed --repeat 3) $(k dot --n $n --variant gpu --repeat 3) $(k dot --n $n --variant gpu-lib --repeat 3)
  row "counting-sort $n uniform16" $(k counting-sort --type int32 --dist uniform16 --n $n --variant gpu-seed --repeat 5) $(k counting-sort --type int32 --dist uniform16 --n $n --variant gpu --repeat 5) -
done
for q in 16 256; do
  row "binary-search 2^20 keys, $q queries" $(k binary-search --n 2^20 --queries $q --variant gpu-seed --repeat 3) $(k binary-search --n 2^20 --queries $q --variant gpu --repeat 3) $(k binary-search --n 2^20 --queries $q --variant gpu-lib --repeat 3)
  row "interpolation-search 2^20 keys, $q queries" $(k interpolation-search --n 2^20 --queries $q --variant gpu-seed --repeat 3) $(k interpolation-search --n 2^20 --queries $q --variant gpu --repeat 3) -
done
