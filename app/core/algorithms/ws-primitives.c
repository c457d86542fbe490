/* ws-primitives.c: reduce and histogram on the CPU (study 002); counting
 * sort is in ws-counting-sort.c.
 *
 * Every loop over the keys goes in pieces of WS_CANCEL_STRIDE with a look
 * at the stop flag (ws-cancel.h) before each: a histogram of 2^24 keys
 * takes a tenth of a second. A cpu-par loop keeps OpenMP's static split
 * (ws_chunk_bounds makes the same one), so that every thread adds the same
 * keys in the same order as before; a thread that sees the flag raised
 * skips the rest of its share, and the caller reports the cancel. */
#include "ws-primitives.h"

#include <math.h>
#include <string.h>

#include "ws-cancel.h"
#include "ws-cpu.h"
#include "ws-error.h"

/* Per-thread private histograms up to this many bins (512 KiB of counters a
 * thread, within L2, and a merge far smaller than the data); past it, T
 * private copies would cost more memory and merge work than the keys
 * themselves, while increments spread over that many bins rarely collide, so
 * shared atomics are the cheaper choice. */
#define PRIVATE_HISTOGRAM_MAX_BINS 65536u

/* Threads a loop over n keys splits into: the team size OpenMP's parallel
 * for would take, or 1. */
static guint
loop_threads (gboolean par)
{
  return par ? ws_cpu_par_threads () : 1;
}

/* ---- Reduce ---- */

/* Exact modulo 2^64 and never undefined; exact outright when the true sum
 * fits int64, which i32_sum_fits guarantees. */
static gint64
sum_i32 (const gint32 *x,
         gsize         n,
         gboolean      par,
         const gint   *stop)
{
  guint threads = loop_threads (par);
  guint64 sum = 0;

#pragma omp parallel for reduction(+ : sum) schedule(static, 1) num_threads(threads) if (par)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          sum += (guint64) (gint64) x[i];
    }
  return ws_i64_from_bits (sum);
}

/* Up to 2^32 keys of at most 2^31 in size always fit int64. Past that a
 * double estimate decides: its error stays far below 2^61 for any array that
 * fits in memory, so an estimate under 2^62 proves the true sum fits. */
static gboolean
i32_sum_fits (const gint32 *x,
              gsize         n,
              gboolean      par,
              const gint   *stop)
{
  guint threads = loop_threads (par);
  double estimate = 0.0;

  if ((guint64) n <= (guint64) G_MAXUINT32 + 1)
    return TRUE;
#pragma omp parallel for reduction(+ : estimate) schedule(static, 1) num_threads(threads) if (par)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          estimate += x[i];
    }
  return fabs (estimate) < 0x1p62;
}

/* The studies' loop: a float accumulator in index order. */
static double
sum_f32_seq (const gfloat *x,
             gsize         n,
             const gint   *stop)
{
  gfloat sum = 0.0f;

  for (gsize p = 0; p < n && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, n); i++)
      sum += x[i];
  return sum;
}

static double
sum_f32_par (const gfloat *x,
             gsize         n,
             const gint   *stop)
{
  guint threads = loop_threads (TRUE);
  double sum = 0.0;

#pragma omp parallel for reduction(+ : sum) schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          sum += x[i];
    }
  return sum;
}

gboolean
ws_reduce_sum (const WsArray *a,
               WsVariant      variant,
               WsScalar      *out,
               GError       **error)
{
  gboolean par = variant == WS_VARIANT_CPU_PAR;
  const gint *stop = ws_cancel_stop_flag ();

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ws_require_cpu_variant ("reduce", variant, error))
    return FALSE;
  memset (out, 0, sizeof *out);
  if (a->type == WS_KEY_FLOAT32)
    {
      out->f = par ? sum_f32_par (a->f32, a->n, stop) : sum_f32_seq (a->f32, a->n, stop);
      return ws_cancel_check_flag (stop, error);
    }
  /* A cancel cuts the estimate short; the sum below then stops at once. */
  if (!i32_sum_fits (a->i32, a->n, par, stop) && !ws_cancel_raised (stop))
    {
      g_set_error (error, WS_ERROR, WS_ERROR_OVERFLOW,
                   "reduce: the sum of %" G_GSIZE_FORMAT " int32 keys may exceed the int64 "
                   "range of the result; reduce a smaller part of the array",
                   a->n);
      return FALSE;
    }
  out->is_int = TRUE;
  out->i = sum_i32 (a->i32, a->n, par, stop);
  out->f = (double) out->i;
  return ws_cancel_check_flag (stop, error);
}

/* ---- Histogram ---- */

/* Min and max of the finite keys (0, 0 when there are none); returns how
 * many keys are NaN. */
static gsize
minmax_f32_finite (const gfloat *x,
                   gsize         n,
                   gboolean      par,
                   const gint   *stop,
                   double       *min_out,
                   double       *max_out)
{
  guint threads = loop_threads (par);
  gfloat lo = INFINITY, hi = -INFINITY;
  gsize nans = 0;

#pragma omp parallel for reduction(min : lo) reduction(max : hi) reduction(+ : nans) \
  schedule(static, 1) num_threads(threads) if (par)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          {
            if (isnan (x[i]))
              nans++;
            else if (isfinite (x[i]))
              {
                lo = MIN (lo, x[i]);
                hi = MAX (hi, x[i]);
              }
          }
    }
  *min_out = lo <= hi ? lo : 0.0;
  *max_out = lo <= hi ? hi : 0.0;
  return nans;
}

typedef struct
{
  const WsArray *a;
  guint          bins;
  gint64         imin;   /* int32: min */
  guint64        irange; /* int32: max - min (0 when all keys are equal) */
  double         lo;     /* float32: finite min */
  double         span;   /* float32: finite max - min */
  const gint    *stop;   /* the run's stop flag (ws-cancel.h), or NULL */
} HistBins;

static inline guint
bin_of_i32 (const HistBins *h,
            gint32          x)
{
  guint64 offset;

  if (h->irange == 0)
    return 0;
  /* offset < 2^32 and bins <= 2^24: the product fits 64 bits, the floor is exact. */
  offset = (guint64) ((gint64) x - h->imin);
  return (guint) MIN (offset * h->bins / h->irange, (guint64) h->bins - 1);
}

static inline guint
bin_of_f32 (const HistBins *h,
            gfloat          x)
{
  double t;

  if (isinf (x))
    return x < 0 ? 0 : h->bins - 1;
  if (h->span == 0.0)
    return 0;
  t = floor (((double) x - h->lo) * h->bins / h->span);
  /* Rounding may carry max to exactly bins: clamp before the cast so it stays in range. */
  return t >= h->bins ? h->bins - 1 : (guint) t;
}

static inline guint
hist_bin (const HistBins *h,
          gsize           i)
{
  return h->a->type == WS_KEY_INT32 ? bin_of_i32 (h, h->a->i32[i]) : bin_of_f32 (h, h->a->f32[i]);
}

static gboolean
hist_plan (HistBins *h,
           gboolean  par,
           double   *lo,
           double   *hi,
           GError  **error)
{
  if (h->a->type == WS_KEY_INT32)
    {
      gint32 mn, mx;
      ws_cpu_minmax_i32 (h->a->i32, h->a->n, par, &mn, &mx);
      h->imin = mn;
      h->irange = (guint64) ((gint64) mx - mn);
      *lo = mn;
      *hi = mx;
      return TRUE;
    }
  /* Cut short by a cancel, the span is partial; no key is binned with it,
   * as the flag stays raised (hist_count_range looks first). */
  if (minmax_f32_finite (h->a->f32, h->a->n, par, h->stop, lo, hi) > 0)
    {
      gsize i = 0;
      while (!isnan (h->a->f32[i]))
        i++;
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "histogram: key %" G_GSIZE_FORMAT " is NaN, which has no bin; "
                   "remove NaN values from the input",
                   i);
      return FALSE;
    }
  h->lo = *lo;
  h->span = *hi - *lo;
  return TRUE;
}

/* Adds the keys [begin, end) to counts. */
static void
hist_count_range (const HistBins *h,
                  gsize           begin,
                  gsize           end,
                  guint64        *counts)
{
  for (gsize p = begin; p < end && !ws_cancel_raised (h->stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
      counts[hist_bin (h, i)]++;
}

static gboolean
hist_count_private (const HistBins *h,
                    guint64        *counts,
                    GError        **error)
{
  guint threads = ws_cpu_threads_for (h->a->n, WS_CPU_GRAIN);
  g_autofree guint64 *priv = ws_try_alloc ((gsize) threads * h->bins, sizeof (guint64),
                                           "the per-thread histograms", error);

  if (priv == NULL)
    return FALSE;
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (h->a->n, threads, t, &begin, &end);
      hist_count_range (h, begin, end, priv + (gsize) t * h->bins);
    }
#pragma omp parallel for schedule(static)
  for (guint b = 0; b < h->bins; b++)
    for (guint t = 0; t < threads; t++)
      counts[b] += priv[(gsize) t * h->bins + b];
  return TRUE;
}

static void
hist_count_atomic (const HistBins *h,
                   guint64        *counts)
{
  guint threads = loop_threads (TRUE);

#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (h->a->n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (h->stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          {
            guint b = hist_bin (h, i);
#pragma omp atomic
            counts[b]++;
          }
    }
}

static gboolean
hist_count (const HistBins *h,
            gboolean        par,
            guint64        *counts,
            GError        **error)
{
  if (!par)
    hist_count_range (h, 0, h->a->n, counts);
  else if (h->bins > PRIVATE_HISTOGRAM_MAX_BINS)
    hist_count_atomic (h, counts);
  else
    return hist_count_private (h, counts, error);
  return TRUE;
}

gboolean
ws_histogram (const WsArray *a,
              guint          bins,
              WsVariant      variant,
              guint64       *counts,
              double        *lo,
              double        *hi,
              GError       **error)
{
  HistBins h = { .a = a, .bins = bins, .stop = ws_cancel_stop_flag () };
  gboolean par = variant == WS_VARIANT_CPU_PAR;
  double min = 0.0, max = 0.0;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (counts != NULL || bins == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ws_require_cpu_variant ("histogram", variant, error))
    return FALSE;
  if (bins < 1 || bins > WS_HISTOGRAM_MAX_BINS)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "histogram: %u bins is out of range; choose between 1 and %u (2^24) bins",
                   bins, WS_HISTOGRAM_MAX_BINS);
      return FALSE;
    }
  /* Up to 2^24 bins, 128 MiB: cleared in pieces, a cancel looked for
   * between them. */
  for (gsize b = 0; b < bins; b += WS_CANCEL_STRIDE)
    if (!ws_cancel_check_flag (h.stop, error))
      return FALSE;
    else
      memset (counts + b, 0, MIN (WS_CANCEL_STRIDE, bins - b) * sizeof (guint64));
  if (a->n > 0 && !hist_plan (&h, par, &min, &max, error))
    return FALSE;
  if (!hist_count (&h, par, counts, error) || !ws_cancel_check_flag (h.stop, error))
    return FALSE;
  if (lo != NULL)
    *lo = min;
  if (hi != NULL)
    *hi = max;
  return TRUE;
}
