/* ws-radix.c: LSD radix sort over 8-bit digits, sequential and OpenMP.
 *
 * Every loop over the keys goes in pieces of WS_CANCEL_STRIDE keys with a
 * look at the stop flag (ws-cancel.h) before each: a scatter of 2^24 keys
 * is tens of milliseconds, more under a sanitizer. A thread that sees it
 * raised skips the rest of its share, and ws_radix_sort reports the
 * cancel. */
#include "ws-radix.h"

#include <string.h>

#include "ws-cancel.h"
#include "ws-cpu.h"

#define RADIX_BITS    8
#define RADIX_BUCKETS (1u << RADIX_BITS)
#define RADIX_PASSES  4
#define SIGN_BIT      0x80000000u
/* Keys per thread below which a thread costs more than it saves: a radix
 * pass is two barriers over a trivial loop (measured on 16 cores: at 2^16
 * keys 4 threads were 2x slower than one, at 2^20 16 threads 4x faster). */
#define RADIX_GRAIN   (1u << 17)

typedef gsize DigitHist[RADIX_PASSES][RADIX_BUCKETS];

static inline guint
digit_of (guint32 key,
          guint   pass)
{
  return (key >> (pass * RADIX_BITS)) & (RADIX_BUCKETS - 1);
}

/* Maps to unsigned keys that order like the originals. Negative floats
 * order backwards by their bits, hence flipping them all; that also puts
 * -0.0 (0x80000000) just before +0.0. */
static inline guint32
encode_key (guint32   bits,
            WsKeyType type)
{
  if (type == WS_KEY_INT32 || (bits & SIGN_BIT) == 0)
    return bits ^ SIGN_BIT;
  return ~bits;
}

static inline guint32
decode_key (guint32   key,
            WsKeyType type)
{
  if (type == WS_KEY_INT32 || (key & SIGN_BIT) != 0)
    return key ^ SIGN_BIT;
  return ~key;
}

/* The keys are handled as their 32-bit patterns through a guint32 view of
 * the array; the build uses -fno-strict-aliasing, which makes that defined
 * for the float32 case too. Encodes src into dst (in place when they are
 * the same) or, with decode, turns sorted patterns back into keys. */
static void
map_keys (const guint32 *src,
          guint32       *dst,
          gsize          n,
          WsKeyType      type,
          gboolean       decode,
          guint          threads,
          const gint    *stop)
{
#pragma omp parallel for schedule(static, 1) num_threads(threads) if (threads > 1)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          dst[i] = decode ? decode_key (src[i], type) : encode_key (src[i], type);
    }
}

/* All four digit histograms in one read of the keys. */
static void
count_all_digits (const guint32 *keys,
                  gsize          begin,
                  gsize          end,
                  DigitHist      hist,
                  const gint    *stop)
{
  for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
      for (guint d = 0; d < RADIX_PASSES; d++)
        hist[d][digit_of (keys[i], d)]++;
}

/* A pass whose digit is the same for every key would only copy the array.
 * The digit counts of a position never change as passes permute the keys,
 * so one histogram of the input decides for every pass. */
static gboolean
pass_is_trivial (const gsize *counts,
                 gsize        n)
{
  for (guint d = 0; d < RADIX_BUCKETS; d++)
    if (counts[d] == n)
      return TRUE;
  return FALSE;
}

/* Keys [begin, end) of src to their places in dst; row holds the next
 * place of each digit. */
static void
scatter_range (const guint32 *src,
               guint32       *dst,
               gsize          begin,
               gsize          end,
               guint          pass,
               gsize         *row,
               const gint    *stop)
{
  for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
      dst[row[digit_of (src[i], pass)]++] = src[i];
}

static void
scatter_seq (const guint32 *src,
             guint32       *dst,
             gsize          n,
             guint          pass,
             const gsize   *counts,
             const gint    *stop)
{
  gsize offset[RADIX_BUCKETS];
  gsize run = 0;

  for (guint d = 0; d < RADIX_BUCKETS; d++)
    {
      offset[d] = run;
      run += counts[d];
    }
  scatter_range (src, dst, 0, n, pass, offset, stop);
}

/* Turns per-thread digit counts (row t) into scatter offsets: digit-major,
 * then by thread, so that thread t's keys of digit d land after every
 * smaller digit and after the d's of earlier threads: a stable pass. */
static void
thread_offsets (gsize *rows,
                guint  threads)
{
  gsize run = 0;

  for (guint d = 0; d < RADIX_BUCKETS; d++)
    for (guint t = 0; t < threads; t++)
      {
        gsize c = rows[t * RADIX_BUCKETS + d];
        rows[t * RADIX_BUCKETS + d] = run;
        run += c;
      }
}

/* One stable pass; every thread keeps the same contiguous chunk for its
 * count and its scatter. rows holds threads * RADIX_BUCKETS counters. */
static void
pass_par (const guint32 *src,
          guint32       *dst,
          gsize          n,
          guint          pass,
          guint          threads,
          gsize         *rows,
          const gint    *stop)
{
  memset (rows, 0, threads * RADIX_BUCKETS * sizeof (gsize));
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          rows[t * RADIX_BUCKETS + digit_of (src[i], pass)]++;
    }
  thread_offsets (rows, threads);
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      scatter_range (src, dst, begin, end, pass, rows + t * RADIX_BUCKETS, stop);
    }
}

/* All four histograms of the input, each thread counting its own chunk. */
static void
count_all_digits_chunked (const guint32 *keys,
                          gsize          n,
                          guint          threads,
                          DigitHist      total,
                          const gint    *stop)
{
  /* threads is the OpenMP thread count, not a user size: g_new0 is fine. */
  g_autofree DigitHist *local = g_new0 (DigitHist, threads);

#pragma omp parallel for schedule(static, 1) num_threads(threads) if (threads > 1)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      count_all_digits (keys, begin, end, local[t], stop);
    }
  for (guint t = 0; t < threads; t++)
    for (guint p = 0; p < RADIX_PASSES; p++)
      for (guint d = 0; d < RADIX_BUCKETS; d++)
        total[p][d] += local[t][p][d];
}

/* Runs the non-trivial passes, sequentially for one thread; returns how
 * many ran. *sorted is whichever buffer ended up holding the keys. */
static guint
radix_passes (guint32    *keys,
              guint32    *tmp,
              gsize       n,
              guint       threads,
              const gint *stop,
              guint32   **sorted)
{
  g_autofree gsize *rows = g_new (gsize, (gsize) threads * RADIX_BUCKETS);
  DigitHist hist = { { 0 } };
  guint32 *src = keys, *dst = tmp;
  guint run = 0;

  count_all_digits_chunked (keys, n, threads, hist, stop);
  for (guint p = 0; p < RADIX_PASSES; p++)
    {
      guint32 *swap;
      if (pass_is_trivial (hist[p], n))
        continue;
      if (threads == 1)
        scatter_seq (src, dst, n, p, hist[p], stop);
      else
        pass_par (src, dst, n, p, threads, rows, stop);
      swap = src;
      src = dst;
      dst = swap;
      run++;
    }
  *sorted = src;
  return run;
}

gboolean
ws_radix_sort (WsArray    *a,
               WsVariant   variant,
               WsCounters *counters,
               GError    **error)
{
  g_autofree guint32 *tmp = NULL;
  gboolean par = variant == WS_VARIANT_CPU_PAR;
  const gint *stop = ws_cancel_stop_flag ();
  guint32 *keys, *sorted;
  guint passes, threads;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ws_require_cpu_variant ("radix-sort", variant, error))
    return FALSE;
  if (a->n < 2)
    return TRUE;
  tmp = ws_try_alloc (a->n, sizeof (guint32), "the radix-sort buffer", error);
  if (tmp == NULL)
    return FALSE;
  keys = a->data;
  threads = par ? ws_cpu_threads_for (a->n, RADIX_GRAIN) : 1;
  map_keys (keys, keys, a->n, a->type, FALSE, threads, stop);
  passes = radix_passes (keys, tmp, a->n, threads, stop, &sorted);
  map_keys (sorted, keys, a->n, a->type, TRUE, threads, stop);
  /* Once raised the flag stays up: any piece it skipped is seen here. */
  if (!ws_cancel_check_flag (stop, error))
    return FALSE;
  if (counters != NULL)
    counters->passes += passes;
  return TRUE;
}
