/* ws-stats.h: the statistics of a benchmark's samples.
 *
 * One summary per configuration (samples, mean, standard deviation, median,
 * min, max, coefficient of variation, a 95% confidence interval of the
 * median), speedups against a baseline with their uncertainty, and the
 * derived rates (elements/s, GB/s, GFLOP/s). Pure arithmetic: no I/O, no
 * clocks, so that every figure can be checked against hand-computed values.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint  n;        /* samples */
  double mean;
  double sd;       /* sample standard deviation (n − 1); 0 for n < 2 */
  double median;   /* middle sample, or the mean of the middle two */
  double min;
  double max;
  double cv;       /* sd / mean; 0 when the mean is 0 */
  double ci_lo;    /* 95% confidence interval of the median (distribution-free, */
  double ci_hi;    /* from order statistics); [min, max] when n is too small */
  double ci_level; /* the interval's actual coverage, ≥ 0.95 where n allows */
} WsStats;

/* Summarise n samples (n ≥ 1; the array is not modified). */
void     ws_stats_compute        (const double *samples,
                                  guint         n,
                                  WsStats      *out);

/* Half the width of the median's interval relative to the median: the
 * "noise" the adaptive stopping rule compares with its target. */
double   ws_stats_relative_noise (const WsStats *s);

typedef struct
{
  double value;    /* baseline median / variant median */
  double lo;       /* an interval for the ratio of medians: baseline's CI over */
  double hi;       /* the variant's, lo = b.ci_lo / v.ci_hi, hi = b.ci_hi / v.ci_lo */
  double mean;     /* study 000: S = t_base / t_variant on means */
  double sigma;    /* and σ_S = (σ_base·t_variant + t_base·σ_variant) / t_variant² */
} WsSpeedup;

/* The speedup of a variant over the baseline (times: smaller is faster).
 * FALSE when a time is zero or negative (no speedup can be given). */
gboolean ws_speedup_compute      (const WsStats *baseline,
                                  const WsStats *variant,
                                  WsSpeedup     *out);

/* Rates from a time in seconds; 0 when the time is not positive. */
double   ws_rate_per_second      (double amount,
                                  double seconds);

/* Study 001's window sum: FLOP = (N−2R)²·(2R+1)², and its worst-case
 * FLOP/B = FLOP / ((N−2R)²·((2R+1)²+1)·4). 0 when N ≤ 2R. */
double   ws_stencil_flop         (guint64 n,
                                  guint64 r);
double   ws_stencil_flop_per_byte (guint64 n,
                                   guint64 r);

G_END_DECLS
