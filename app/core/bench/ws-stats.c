/* ws-stats.c: summaries of samples, speedups and rates (see ws-stats.h). */
#define _GNU_SOURCE /* lgamma_r: lgamma writes the global signgam, and GPUs' lanes summarise at once */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-stats.h"

#include "ws-array.h"

static void
moments (const double *x, guint n, WsStats *out)
{
  double sum = 0.0, sq = 0.0;

  for (guint i = 0; i < n; i++)
    sum += x[i];
  out->mean = sum / n;
  for (guint i = 0; i < n; i++)
    sq += (x[i] - out->mean) * (x[i] - out->mean);
  out->sd = n > 1 ? sqrt (sq / (n - 1)) : 0.0;
  out->cv = out->mean != 0.0 ? out->sd / fabs (out->mean) : 0.0;
}

/* ln Γ(x), without lgamma's write to the process's signgam. */
static double
log_gamma (double x)
{
  int sign;

  return lgamma_r (x, &sign);
}

/* P(B = k) for B ~ Binomial(n, 1/2), in log space so that large n neither
 * overflows the binomial coefficient nor underflows 2^-n. */
static double
binomial_half_pmf (guint n, guint k)
{
  return exp (log_gamma (n + 1.0) - log_gamma (k + 1.0) - log_gamma (n - k + 1.0) + n * log (0.5));
}

/* The distribution-free interval of the median: [x(j), x(n+1−j)] covers it
 * with probability 1 − 2 P(B ≤ j−1). j is the largest that keeps the
 * coverage at 95%; below six samples even [min, max] covers less, and the
 * level says by how much. */
static void
median_interval (const double *sorted, guint n, WsStats *out)
{
  guint j = 1;
  double tail = binomial_half_pmf (n, 0); /* P(B ≤ j−1) */

  while (2 * (j + 1) <= n + 1)
    {
      double next = tail + binomial_half_pmf (n, j);
      if (1.0 - 2.0 * next < 0.95)
        break;
      tail = next;
      j++;
    }
  out->ci_lo = sorted[j - 1];
  out->ci_hi = sorted[n - j];
  out->ci_level = 1.0 - 2.0 * tail;
}

void
ws_stats_compute (const double *samples, guint n, WsStats *out)
{
  g_autofree double *x = NULL;

  g_return_if_fail (out != NULL);
  memset (out, 0, sizeof *out);
  g_return_if_fail (samples != NULL && n > 0);
  x = g_memdup2 (samples, n * sizeof *x);
  qsort (x, n, sizeof *x, ws_compare_doubles);
  out->n = n;
  out->min = x[0];
  out->max = x[n - 1];
  out->median = n % 2 ? x[n / 2] : (x[n / 2 - 1] + x[n / 2]) / 2.0;
  moments (x, n, out);
  median_interval (x, n, out);
}

double
ws_stats_relative_noise (const WsStats *s)
{
  double half = (s->ci_hi - s->ci_lo) / 2.0;

  if (half == 0.0)
    return 0.0;
  return s->median != 0.0 ? half / fabs (s->median) : INFINITY;
}

gboolean
ws_speedup_compute (const WsStats *b, const WsStats *v, WsSpeedup *out)
{
  g_return_val_if_fail (b != NULL && v != NULL && out != NULL, FALSE);
  memset (out, 0, sizeof *out);
  if (!(b->median > 0 && v->median > 0 && b->mean > 0 && v->mean > 0 && b->ci_lo > 0
        && v->ci_lo > 0))
    return FALSE;
  out->value = b->median / v->median;
  out->lo = b->ci_lo / v->ci_hi;
  out->hi = b->ci_hi / v->ci_lo;
  out->mean = b->mean / v->mean;
  /* Study 000's propagation: the errors add linearly, not in quadrature. */
  out->sigma = (b->sd * v->mean + b->mean * v->sd) / (v->mean * v->mean);
  return TRUE;
}

double
ws_rate_per_second (double amount, double seconds)
{
  return seconds > 0 ? amount / seconds : 0.0;
}

double
ws_stencil_flop (guint64 n, guint64 r)
{
  double side, window;

  if (n <= 2 * r)
    return 0.0;
  side = (double) (n - 2 * r);
  window = (double) (2 * r + 1);
  return side * side * window * window;
}

/* FLOP / ((N−2R)²·((2R+1)²+1)·4): the (N−2R)² outputs cancel, leaving
 * each output's (2R+1)² additions over the 4-byte values it reads and
 * writes. */
double
ws_stencil_flop_per_byte (guint64 n, guint64 r)
{
  double window = (double) (2 * r + 1);

  if (n <= 2 * r)
    return 0.0;
  return window * window / ((window * window + 1.0) * 4.0);
}
