#!/bin/bash
# GPU machine: the one-launch bitonic sorts beside CUB's radix sort, issue
# 20's goal of at most half its time for every n <= 2^12. Runs `bench` on
# both types (101 repetitions, kernel medians: docs/performance.md's
# small-sort tables) and prints, for each n, both medians in microseconds
# and their ratio; rows that did not verify are left out. From goals.sh, or
# alone: bash devrun/small-sorts.sh [TYPE ...].
. devrun/env.sh
types=("$@")
[ ${#types[@]} -eq 0 ] && types=(float32 int32)
for t in "${types[@]}"; do
  d=$(mktemp -d)
  cat > "$d/small.ini" <<EOF
[preset]
name = small sorts $t
description = one-launch bitonic beside CUB
algorithms = bitonic, radix-sort
variants = gpu, gpu-lib
baseline = gpu-lib
sizes = 2, 3, 16, 31, 32, 33, 100, 256, 512, 1000, 1024, 2048, 3000, 4096
repetitions = 101
instances = 1
type = $t
verify = true
timing = kernel
EOF
  $B bench "$d/small.ini" -o "$d/out" > /dev/null || echo "small sorts $t: bench failed"
  # result.csv: column 2 algorithm, 3 variant, 6 n, 13 status, 15 median_s
  # (the preset also times our radix sort, radix-sort gpu).
  awk -F, -v t="$t" '
    NR > 1 && $13 == "ok" {
      if ($2 == "bitonic" && $3 == "gpu") b[$6] = $15
      else if ($2 == "radix-sort" && $3 == "gpu-lib") c[$6] = $15
    }
    END {
      for (n in b)
        if (n in c)
          printf "small sort %-7s n = %5d  bitonic %7.2f us  CUB %7.2f us  ratio %.2f\n",
                 t, n, b[n] * 1e6, c[n] * 1e6, b[n] / c[n]
    }' "$d/out/result.csv" | sort -k6 -n
  rm -rf "$d"
done
