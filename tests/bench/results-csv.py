#!/usr/bin/env python3
"""Writes a large synthetic result.csv, for timing how Warpscope reads results.

  python3 tests/bench/results-csv.py ROWS OUT.csv [--distinct]

Rows are shaped as `warpscope-cli bench` writes them (every column, about
330 bytes a row). By default they cycle over 16 points (bitonic, 4 variants
x 4 sizes, the instance counting up), so a chart averages many instances a
point; --distinct gives every row a size of its own, so that every row is a
point of its own (the worst case for aggregation). See docs/performance.md.
"""
import argparse

COLUMNS = ("key,algorithm,variant,type,distribution,n,params,instance,seed,timing,baseline,status,"
           "samples,median_s,mean_s,sd_s,min_s,max_s,cv,ci_lo_s,ci_hi_s,ci_level,alloc_s,upload_s,"
           "kernel_s,download_s,speedup,speedup_lo,speedup_hi,speedup_mean,speedup_sigma,"
           "elements_per_s,gb_per_s,peak_share,gflop_per_s,flop_per_byte,device,message")
VARIANTS = ("cpu-seq", "cpu-par", "gpu-seed", "gpu")


def row(i, distinct):
    variant = VARIANTS[i % 4]
    if distinct:
        n, instance = 1024 + i, 0
    else:
        n, instance = 1024 << (4 * ((i // 4) % 4)), i // 16
    t = 1e-9 * n * (1 + (i % 4)) * (1 + 0.01 * (i % 7))
    speed = 1.0 / (1 + (i % 4))
    key = f"bitonic|{variant}|float32|uniform|{n}||{instance}|1|end-to-end"
    return (f"{key},bitonic,{variant},float32,uniform,{n},,{instance},1,end-to-end,cpu-seq,ok,5,"
            f"{t:.6g},{t * 1.01:.6g},{t * 0.01:.6g},{t * 0.99:.6g},{t * 1.02:.6g},0.0125256588,"
            f"{t * 0.99:.6g},{t * 1.02:.6g},0.9375,0,0,{t:.6g},0,{speed:.6g},{speed * 0.97:.6g},"
            f"{speed * 1.03:.6g},{speed:.6g},0.0250513176,{n / t:.6g},{8 * n / t / 1e9:.6g},,,,,\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", type=int)
    parser.add_argument("out")
    parser.add_argument("--distinct", action="store_true", help="a size of its own for every row")
    args = parser.parse_args()
    with open(args.out, "w") as out:
        out.write(COLUMNS + "\n")
        for i in range(args.rows):
            out.write(row(i, args.distinct))


if __name__ == "__main__":
    main()
