/* ws-counting-sort.c: study 002's counting sort: histogram of the keys over
 * [min, max], exclusive prefix sum of the counts, stable scatter.
 *
 * Every loop over the keys or the counters goes in pieces of
 * WS_CANCEL_STRIDE with a look at the stop flag (ws-cancel.h) before each
 * (2^24 keys, or the 2^26 counters of the widest range, take tens of
 * milliseconds a loop); a thread that sees it raised skips the rest of its
 * share, and ws_counting_sort reports the cancel. */
#include "ws-primitives.h"

#include <string.h>

#include "ws-cancel.h"
#include "ws-cpu.h"
#include "ws-error.h"

/* 32-bit counters halve the table (256 MiB at the 2^26 range limit);
 * ws_counting_sort takes at most G_MAXUINT32 keys, so no count or offset
 * can overflow. */
typedef guint32 KeyCount;

static inline gsize
key_slot (gint32 x,
          gint32 min)
{
  return (gsize) ((gint64) x - min);
}

/* counts[v] becomes the number of keys before value v: where its run starts. */
static void
exclusive_scan_counts (KeyCount   *counts,
                       gsize       len,
                       const gint *stop)
{
  KeyCount run = 0;

  for (gsize p = 0; p < len && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize v = p; v < MIN (p + WS_CANCEL_STRIDE, len); v++)
      {
        KeyCount c = counts[v];
        counts[v] = run;
        run += c;
      }
}

/* Adds the keys [begin, end) of a to counts. */
static void
count_keys (const WsArray *a,
            gsize          begin,
            gsize          end,
            gint32         min,
            KeyCount      *counts,
            const gint    *stop)
{
  for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
      counts[key_slot (a->i32[i], min)]++;
}

/* Writes the keys [begin, end) of a to out at next[value], stably. */
static void
scatter_keys (const WsArray *a,
              gsize          begin,
              gsize          end,
              gint32         min,
              KeyCount      *next,
              gint32        *out,
              const gint    *stop)
{
  for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
      out[next[key_slot (a->i32[i], min)]++] = a->i32[i];
}

static gboolean
counting_sort_seq (WsArray    *a,
                   gint32      min,
                   gsize       range,
                   const gint *stop,
                   GError    **error)
{
  g_autofree KeyCount *start = ws_try_alloc (range, sizeof (KeyCount), "the counting-sort counters",
                                             error);
  g_autofree gint32 *out = NULL;

  if (start == NULL)
    return FALSE;
  out = ws_try_alloc (a->n, sizeof (gint32), "the counting-sort output", error);
  if (out == NULL)
    return FALSE;
  count_keys (a, 0, a->n, min, start, stop);
  exclusive_scan_counts (start, range, stop);
  scatter_keys (a, 0, a->n, min, start, out, stop);
  return ws_cancel_check_flag (stop, error)
         && ws_cancel_copy (a->i32, out, a->n * sizeof (gint32), error);
}

/* Stable parallel scatter: thread t's keys of value v go after every
 * thread's smaller values and after the v's of threads before t. */
static void
private_offsets (KeyCount   *counts,
                 gsize       range,
                 guint       threads,
                 const gint *stop)
{
  KeyCount run = 0;

  for (gsize p = 0; p < range && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize v = p; v < MIN (p + WS_CANCEL_STRIDE, range); v++)
      for (guint t = 0; t < threads; t++)
        {
          KeyCount c = counts[t * range + v];
          counts[t * range + v] = run;
          run += c;
        }
}

static gboolean
counting_sort_par_private (WsArray    *a,
                           gint32      min,
                           gsize       range,
                           guint       threads,
                           const gint *stop,
                           GError    **error)
{
  g_autofree KeyCount *counts = ws_try_alloc (threads * range, sizeof (KeyCount),
                                              "the counting-sort counters", error);
  g_autofree gint32 *out = NULL;

  if (counts == NULL)
    return FALSE;
  out = ws_try_alloc (a->n, sizeof (gint32), "the counting-sort output", error);
  if (out == NULL)
    return FALSE;
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (a->n, threads, t, &begin, &end);
      count_keys (a, begin, end, min, counts + t * range, stop);
    }
  private_offsets (counts, range, threads, stop);
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (a->n, threads, t, &begin, &end);
      scatter_keys (a, begin, end, min, counts + t * range, out, stop);
    }
  return ws_cancel_check_flag (stop, error)
         && ws_cancel_copy (a->i32, out, a->n * sizeof (gint32), error);
}

/* The value whose run holds output position i: the last v with
 * start[v] <= i (start[0] is 0, so one exists). */
static gsize
run_at (const KeyCount *start,
        gsize           range,
        gsize           i)
{
  gsize lo = 0, hi = range;

  while (hi - lo > 1)
    {
      gsize mid = lo + (hi - lo) / 2;
      if (start[mid] <= i)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* Keys carry no payload, so writing each value's run straight into the
 * array gives bitwise what the stable scatter gives, with neither per-thread
 * counters nor a second buffer. Threads split the output evenly, so one huge
 * run does not leave the others idle. */
static void
fill_runs_par (WsArray        *a,
               gint32          min,
               const KeyCount *start,
               gsize           range,
               guint           threads,
               const gint     *stop)
{
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end, v;
      ws_chunk_bounds (a->n, threads, t, &begin, &end);
      v = run_at (start, range, begin);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          {
            while (v + 1 < range && start[v + 1] <= i)
              v++;
            a->i32[i] = (gint32) ((gint64) min + (gint64) v);
          }
    }
}

/* Counts the keys into the shared counters with atomic adds. */
static void
count_keys_atomic (const WsArray *a,
                   gint32         min,
                   KeyCount      *start,
                   guint          threads,
                   const gint    *stop)
{
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (a->n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          {
            gsize slot = key_slot (a->i32[i], min);
#pragma omp atomic
            start[slot]++;
          }
    }
}

static gboolean
counting_sort_par_shared (WsArray    *a,
                          gint32      min,
                          gsize       range,
                          guint       threads,
                          const gint *stop,
                          GError    **error)
{
  g_autofree KeyCount *start = ws_try_alloc (range, sizeof (KeyCount), "the counting-sort counters",
                                             error);

  if (start == NULL)
    return FALSE;
  count_keys_atomic (a, min, start, threads, stop);
  /* At most 2^26 counters: a sequential scan costs less than the count. */
  exclusive_scan_counts (start, range, stop);
  fill_runs_par (a, min, start, range, threads, stop);
  return ws_cancel_check_flag (stop, error);
}

/* Private counters pay T * range memory and a T * range offset pass; worth
 * it while that is no more than the keys themselves. */
static gboolean
counting_sort_par (WsArray    *a,
                   gint32      min,
                   gsize       range,
                   const gint *stop,
                   GError    **error)
{
  guint threads = ws_cpu_threads_for (a->n, WS_CPU_GRAIN);

  if (range <= a->n / threads)
    return counting_sort_par_private (a, min, range, threads, stop, error);
  return counting_sort_par_shared (a, min, range, threads, stop, error);
}

/* min and max - min + 1 of the keys, or the error that sends wide keys to
 * radix sort. */
static gboolean
counting_range (const WsArray *a,
                gboolean       par,
                gint32        *min,
                gsize         *range,
                GError       **error)
{
  gint32 max;
  guint64 span;

  ws_cpu_minmax_i32 (a->i32, a->n, par, min, &max);
  if (!ws_cancel_check (error)) /* the span is partial: refuse nothing on it */
    return FALSE;
  span = (guint64) ((gint64) max - *min) + 1;
  if (span > WS_COUNTING_SORT_MAX_RANGE)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "counting-sort: the key range is too wide: keys span %" G_GINT32_FORMAT
                   " to %" G_GINT32_FORMAT " (%" G_GUINT64_FORMAT " values), more than "
                   "2^26 counters; use radix-sort for wide keys such as uniform int32",
                   *min, max, span);
      return FALSE;
    }
  *range = (gsize) span;
  return TRUE;
}

/* The inputs counting sort refuses, each with the way out. */
static gboolean
counting_sort_accepts (const WsArray *a,
                       GError       **error)
{
  if (a->type != WS_KEY_INT32)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED,
                   "counting-sort sorts int32 keys; use radix-sort for float32");
      return FALSE;
    }
  if ((guint64) a->n > G_MAXUINT32)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "counting-sort: %" G_GSIZE_FORMAT " keys exceed its 32-bit counters "
                   "(at most 4294967295 keys); use radix-sort",
                   a->n);
      return FALSE;
    }
  return TRUE;
}

gboolean
ws_counting_sort (WsArray    *a,
                  WsVariant   variant,
                  WsCounters *counters,
                  GError    **error)
{
  gboolean par = variant == WS_VARIANT_CPU_PAR;
  const gint *stop = ws_cancel_stop_flag ();
  gint32 min;
  gsize range;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ws_require_cpu_variant ("counting-sort", variant, error)
      || !counting_sort_accepts (a, error))
    return FALSE;
  if (a->n < 2)
    return TRUE;
  if (!counting_range (a, par, &min, &range, error))
    return FALSE;
  if (!(par ? counting_sort_par (a, min, range, stop, error)
            : counting_sort_seq (a, min, range, stop, error)))
    return FALSE;
  if (counters != NULL)
    counters->passes += 3;
  return TRUE;
}
