/* ws-scan.c: exclusive prefix sum: the Blelloch schedule and a chunked
 * OpenMP scan. */
#include "ws-scan.h"

#include <string.h>

#include "ws-cancel.h"
#include "ws-cpu.h"
#include "ws-error.h"

struct _WsScanSchedule
{
  gsize n;
  gsize width; /* next power of two >= n, 0 for n = 0 */
  guint depth; /* log2 (width) */
};

/* The same kernels for both key types: int32 runs on its bits as guint32
 * (wrapping modulo 2^32 is then defined), float32 on gfloat. The sweeps
 * take the pairs [begin, end) of a level.
 *
 * Whole scans go in pieces of WS_CANCEL_STRIDE values with a look at the
 * stop flag (ws-cancel.h) before each: a level of 2^24 keys, or a thread's
 * share of them, is tens of milliseconds. Once it is raised the rest is
 * skipped and ws_scan_exclusive reports the cancel. Sums carry over the
 * pieces, so the additions and their order are those of one loop. */
#define DEFINE_SCAN_KERNELS(sfx, T)                                          \
  static void                                                                \
  up_sweep_##sfx (T *x, gsize stride, gsize begin, gsize end)                \
  {                                                                          \
    for (gsize k = begin; k < end; k++)                                      \
      x[k * stride + stride - 1] += x[k * stride + stride / 2 - 1];          \
  }                                                                          \
                                                                             \
  static void                                                                \
  down_sweep_##sfx (T *x, gsize stride, gsize begin, gsize end)              \
  {                                                                          \
    for (gsize k = begin; k < end; k++)                                      \
      {                                                                      \
        T left = x[k * stride + stride / 2 - 1];                             \
        x[k * stride + stride / 2 - 1] = x[k * stride + stride - 1];         \
        x[k * stride + stride - 1] += left;                                  \
      }                                                                      \
  }                                                                          \
                                                                             \
  static T                                                                   \
  sum_range_##sfx (const T *x, gsize begin, gsize end, const gint *stop)     \
  {                                                                          \
    T sum = 0;                                                               \
    for (gsize p = begin; p < end && !ws_cancel_raised (stop);               \
         p += WS_CANCEL_STRIDE)                                              \
      for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)            \
        sum += x[i];                                                         \
    return sum;                                                              \
  }                                                                          \
                                                                             \
  /* Reads in[i] before writing out[i], so in and out may be one array. */   \
  static void                                                                \
  scan_range_##sfx (const T *in, T *out, gsize begin, gsize end, T carry,    \
                    const gint *stop)                                        \
  {                                                                          \
    for (gsize p = begin; p < end && !ws_cancel_raised (stop);               \
         p += WS_CANCEL_STRIDE)                                              \
      for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)            \
        {                                                                    \
          T value = in[i];                                                   \
          out[i] = carry;                                                    \
          carry += value;                                                    \
        }                                                                    \
  }

DEFINE_SCAN_KERNELS (u32, guint32)
DEFINE_SCAN_KERNELS (f32, gfloat)

/* ---- The Blelloch schedule ---- */

WsScanSchedule *
ws_scan_schedule_new (gsize    n,
                      GError **error)
{
  WsScanSchedule *s;
  guint depth = 0;

  if (n > G_MAXSIZE / 2 + 1)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_NO_MEMORY,
                   "scan: %" G_GSIZE_FORMAT " keys cannot be padded to a power of two "
                   "within the address space; choose a smaller size",
                   n);
      return NULL;
    }
  while (((gsize) 1 << depth) < n)
    depth++;
  s = g_new0 (WsScanSchedule, 1);
  s->n = n;
  s->width = n == 0 ? 0 : (gsize) 1 << depth;
  s->depth = depth;
  return s;
}

void
ws_scan_schedule_free (WsScanSchedule *s)
{
  g_free (s);
}

gsize
ws_scan_schedule_width (const WsScanSchedule *s)
{
  g_return_val_if_fail (s != NULL, 0);
  return s->width;
}

guint
ws_scan_schedule_n_levels (const WsScanSchedule *s)
{
  g_return_val_if_fail (s != NULL, 0);
  return s->width == 0 ? 0 : 2 * s->depth + 1;
}

/* Depth d of a sweep level: levels 0..depth-1 go up with d = level, level
 * `depth` clears the root, the rest come back down from d = depth - 1 to 0. */
static guint
level_d (const WsScanSchedule *s,
         guint                 level)
{
  return level < s->depth ? level : 2 * s->depth - level;
}

void
ws_scan_schedule_level_info (const WsScanSchedule *s,
                             guint                 level,
                             WsScanLevelInfo      *info)
{
  g_return_if_fail (s != NULL && info != NULL);
  g_return_if_fail (level < ws_scan_schedule_n_levels (s));

  if (level == s->depth)
    {
      info->phase = WS_SCAN_CLEAR_ROOT;
      info->stride = s->width;
      info->active = 1;
      return;
    }
  info->phase = level < s->depth ? WS_SCAN_UP_SWEEP : WS_SCAN_DOWN_SWEEP;
  info->stride = G_GUINT64_CONSTANT (2) << level_d (s, level);
  info->active = s->width / info->stride;
}

char *
ws_scan_schedule_level_label (const WsScanSchedule *s,
                              guint                 level)
{
  WsScanLevelInfo info;

  g_return_val_if_fail (s != NULL, NULL);
  g_return_val_if_fail (level < ws_scan_schedule_n_levels (s), NULL);

  ws_scan_schedule_level_info (s, level, &info);
  if (info.phase == WS_SCAN_CLEAR_ROOT)
    return g_strdup ("clear root");
  return g_strdup_printf ("%s d=%u (stride %" G_GUINT64_FORMAT ")",
                          info.phase == WS_SCAN_UP_SWEEP ? "up-sweep" : "down-sweep",
                          level_d (s, level), info.stride);
}

/* The pairs [begin, end) of a level (the root itself for its clearing). */
static void
apply_level_range (const WsScanSchedule  *s,
                   WsArray               *work,
                   const WsScanLevelInfo *info,
                   gsize                  begin,
                   gsize                  end)
{
  gboolean is_int = work->type == WS_KEY_INT32;

  if (info->phase == WS_SCAN_CLEAR_ROOT)
    memset ((char *) work->data + (s->width - 1) * ws_key_type_size (work->type), 0,
            ws_key_type_size (work->type)); /* all-zero bits: 0 and +0.0 */
  else if (info->phase == WS_SCAN_UP_SWEEP && is_int)
    up_sweep_u32 ((guint32 *) work->i32, info->stride, begin, end);
  else if (info->phase == WS_SCAN_UP_SWEEP)
    up_sweep_f32 (work->f32, info->stride, begin, end);
  else if (is_int)
    down_sweep_u32 ((guint32 *) work->i32, info->stride, begin, end);
  else
    down_sweep_f32 (work->f32, info->stride, begin, end);
}

void
ws_scan_schedule_apply_level (const WsScanSchedule *s,
                              WsArray              *work,
                              guint                 level,
                              WsCounters           *counters)
{
  WsScanLevelInfo info;

  g_return_if_fail (s != NULL && work != NULL);
  g_return_if_fail (work->n == s->width);
  g_return_if_fail (level < ws_scan_schedule_n_levels (s));

  ws_scan_schedule_level_info (s, level, &info);
  apply_level_range (s, work, &info, 0, info.active);
  if (counters != NULL)
    counters->passes++;
}

WsArray *
ws_scan_schedule_pad (const WsScanSchedule *s,
                      const WsArray        *in,
                      GError              **error)
{
  WsArray *work;

  g_return_val_if_fail (s != NULL && in != NULL, NULL);
  g_return_val_if_fail (in->n == s->n, NULL);

  /* ws_array_new zero-fills, so the padding is already the identity. A
   * cancel (ws-cancel.h) may come while 2^24 keys are copied. */
  work = ws_array_new (in->type, s->width, error);
  if (work != NULL && !ws_cancel_copy (work->data, in->data, ws_array_bytes (in), error))
    g_clear_pointer (&work, ws_array_free);
  return work;
}

/* ---- Whole scans ---- */

/* A level in pieces; FALSE when cancelled first. */
static gboolean
apply_level_watched (const WsScanSchedule *s,
                     WsArray              *work,
                     guint                 level,
                     const gint           *stop)
{
  WsScanLevelInfo info;

  ws_scan_schedule_level_info (s, level, &info);
  for (gsize p = 0; p < info.active && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
    apply_level_range (s, work, &info, p, MIN (p + WS_CANCEL_STRIDE, info.active));
  return !ws_cancel_raised (stop);
}

static gboolean
scan_blelloch (const WsArray *in,
               WsArray       *out,
               WsCounters    *counters,
               GError       **error)
{
  g_autoptr (WsScanSchedule) s = ws_scan_schedule_new (in->n, error);
  g_autoptr (WsArray) work = NULL;
  const gint *stop = ws_cancel_stop_flag ();

  if (s == NULL)
    return FALSE;
  work = ws_scan_schedule_pad (s, in, error);
  if (work == NULL)
    return FALSE;
  for (guint level = 0; level < ws_scan_schedule_n_levels (s); level++)
    {
      if (!apply_level_watched (s, work, level, stop))
        return ws_cancel_check_flag (stop, error);
      if (counters != NULL)
        counters->passes++;
    }
  return ws_cancel_copy (out->data, work->data, ws_array_bytes (in), error);
}

/* Phase 1 of the chunked scan: the sum of in[begin..end) into sums[t]. */
static void
chunk_sum (const WsArray *in,
           gsize          begin,
           gsize          end,
           WsArray       *sums,
           guint          t,
           const gint    *stop)
{
  if (in->type == WS_KEY_INT32)
    ((guint32 *) sums->i32)[t] = sum_range_u32 ((const guint32 *) in->i32, begin, end, stop);
  else
    sums->f32[t] = sum_range_f32 (in->f32, begin, end, stop);
}

/* Phase 2: the chunk sums become the carries into the chunks, in place. */
static void
carries_from_sums (WsArray *sums)
{
  if (sums->type == WS_KEY_INT32)
    scan_range_u32 ((guint32 *) sums->i32, (guint32 *) sums->i32, 0, sums->n, 0, NULL);
  else
    scan_range_f32 (sums->f32, sums->f32, 0, sums->n, 0.0f, NULL);
}

/* Phase 3: rescan in[begin..end) starting from carries[t]. */
static void
chunk_scan (const WsArray *in,
            WsArray       *out,
            gsize          begin,
            gsize          end,
            const WsArray *carries,
            guint          t,
            const gint    *stop)
{
  if (in->type == WS_KEY_INT32)
    scan_range_u32 ((const guint32 *) in->i32, (guint32 *) out->i32, begin, end,
                    ((const guint32 *) carries->i32)[t], stop);
  else
    scan_range_f32 (in->f32, out->f32, begin, end, carries->f32[t], stop);
}

static gboolean
scan_chunked_par (const WsArray *in,
                  WsArray       *out,
                  GError       **error)
{
  guint threads = ws_cpu_threads_for (in->n, WS_CPU_GRAIN);
  g_autoptr (WsArray) sums = ws_array_new (in->type, threads, error);
  const gint *stop = ws_cancel_stop_flag ();

  if (sums == NULL)
    return FALSE;
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (in->n, threads, t, &begin, &end);
      chunk_sum (in, begin, end, sums, t, stop);
    }
  carries_from_sums (sums);
  /* Same chunks as phase 1; each thread reads its in[i] before writing out[i],
   * so an in-place scan is safe. */
#pragma omp parallel for schedule(static, 1) num_threads(threads)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (in->n, threads, t, &begin, &end);
      chunk_scan (in, out, begin, end, sums, t, stop);
    }
  return ws_cancel_check_flag (stop, error);
}

gboolean
ws_scan_exclusive (const WsArray *in,
                   WsArray       *out,
                   WsVariant      variant,
                   WsCounters    *counters,
                   GError       **error)
{
  g_return_val_if_fail (in != NULL && out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ws_require_cpu_variant ("scan", variant, error))
    return FALSE;
  if (out->type != in->type || out->n != in->n)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "scan: the output holds %" G_GSIZE_FORMAT " %s keys but the input %"
                   G_GSIZE_FORMAT " %s keys; give an output of the same type and length",
                   out->n, ws_key_type_name (out->type), in->n, ws_key_type_name (in->type));
      return FALSE;
    }
  if (in->n == 0)
    return TRUE;
  if (variant == WS_VARIANT_CPU_SEQ)
    return scan_blelloch (in, out, counters, error);
  if (!scan_chunked_par (in, out, error))
    return FALSE;
  if (counters != NULL)
    counters->passes += 3;
  return TRUE;
}
