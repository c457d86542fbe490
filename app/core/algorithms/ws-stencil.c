/* ws-stencil.c: study 001's radius-R window sum on the CPU. */
#include "ws-stencil.h"

#include <math.h>

#include "ws-cancel.h"
#include "ws-cpu.h"
#include "ws-error.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* An int32 window of (2R + 1)^2 <= 2^32 values sums to at most 2^32 * 2^31
 * in magnitude, so it fits int64 and 64-bit wrapping sums are exact. Larger
 * windows (grids past 16 GiB) could not be trusted. */
#define WS_STENCIL_MAX_I32_RADIUS 32767u

/* cpu-par keeps double (float32) or guint64 (int32) row sums in one buffer. */
G_STATIC_ASSERT (sizeof (double) == sizeof (guint64));

gboolean
ws_stencil_check (gsize    side,
                  gint64   radius,
                  GError **error)
{
  guint64 two_r;

  if (radius < 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "The window radius must be 0 or more, not %" G_GINT64_FORMAT
                   "; give a radius of 0 (a copy) or more", radius);
      return FALSE;
    }
  if (side > 0 && (guint64) radius <= (side - 1) / 2)
    return TRUE;
  two_r = 2 * (guint64) radius; /* radius < 2^63: no wrap */
  if (side == 0)
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "An empty grid has no window sums: the grid side N must exceed 2R = %"
                 G_GUINT64_FORMAT ", but N = 0 <= %" G_GUINT64_FORMAT
                 "; give a grid of at least 2R + 1 = %" G_GUINT64_FORMAT " values per side",
                 two_r, two_r, two_r + 1);
  else
    g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                 "A window of radius R = %" G_GINT64_FORMAT " does not fit a grid of side N = %"
                 G_GSIZE_FORMAT ": N must exceed 2R = %" G_GUINT64_FORMAT
                 "; use a radius of at most %" G_GSIZE_FORMAT " or a grid side of at least %"
                 G_GUINT64_FORMAT, radius, side, two_r, (side - 1) / 2, two_r + 1);
  return FALSE;
}

static gboolean
check_grid (const WsArray *grid,
            gsize          side,
            GError       **error)
{
  gsize cells;

  if (g_size_checked_mul (&cells, side, side) && cells == grid->n)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "The window sum needs a square grid: %" G_GSIZE_FORMAT " values cannot form a "
               "grid of side %" G_GSIZE_FORMAT "; give side × side values or the matching side",
               grid->n, side);
  return FALSE;
}

/* Stores the exact window sum held in 64-bit wrapping form if it fits int32. */
static gboolean
store_i32 (guint64  bits,
           gint32  *dest)
{
  guint64 biased = bits + G_GUINT64_CONSTANT (0x80000000);

  if (biased > G_MAXUINT32)
    return FALSE;
  *dest = (gint32) ((gint64) biased - G_GINT64_CONSTANT (0x80000000));
  return TRUE;
}

static void
set_overflow_error (GError **error,
                    gsize    row,
                    gsize    col,
                    guint    radius,
                    guint64  bits)
{
  g_set_error (error, WS_ERROR, WS_ERROR_OVERFLOW,
               "The window sum at output row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT
               " (centred on input row %" G_GSIZE_FORMAT ", column %" G_GSIZE_FORMAT
               ") is %" G_GINT64_FORMAT ", outside the int32 range; use --type float32 or "
               "smaller values", row, col, row + radius, col + radius, ws_i64_from_bits (bits));
}

/* Widening through int64 makes the unsigned value the two's complement bit
 * pattern, so wrapping sums of these are exact modulo 2^64. */
static inline guint64
i32_bits (gint32 v)
{
  return (guint64) (gint64) v;
}

/* ---- cpu-seq: the study's four nested loops ---- */

/* The exact wrapping sum of the int32 window at output (r, c). */
static guint64
window_bits (const WsArray *grid,
             gsize          side,
             gsize          w,
             gsize          r,
             gsize          c)
{
  guint64 sum = 0;

  for (gsize di = 0; di < w; di++)
    for (gsize dj = 0; dj < w; dj++)
      sum += i32_bits (grid->i32[(r + di) * side + c + dj]);
  return sum;
}

static float
window_f32 (const WsArray *grid,
            gsize          side,
            gsize          w,
            gsize          r,
            gsize          c)
{
  /* -0.0 is the exact additive identity (0.0 would turn a lone -0.0 into
   * +0.0), so R = 0 copies the grid bit for bit. */
  float sum = -0.0f;

  for (gsize di = 0; di < w; di++)
    for (gsize dj = 0; dj < w; dj++)
      sum += grid->f32[(r + di) * side + c + dj];
  return sum;
}

/* Outputs between two looks for a cancel (ws-cancel.h): about a million
 * additions, so a few milliseconds whatever the radius; a look per output
 * would cost as much as the output itself at R = 0, and one per row could
 * wait seconds at a large R. */
static gsize
cells_per_look (gsize w)
{
  return MAX ((gsize) 1, ((gsize) 1 << 20) / (w * w));
}

/* Outputs [c, end) of row r. */
static gboolean
stencil_seq_run_i32 (const WsArray *grid,
                     gsize          side,
                     guint          radius,
                     gsize          r,
                     gsize          c,
                     gsize          end,
                     WsArray       *out,
                     GError       **error)
{
  gsize m = side - 2 * (gsize) radius, w = 2 * (gsize) radius + 1;

  for (; c < end; c++)
    {
      guint64 sum = window_bits (grid, side, w, r, c);
      if (!store_i32 (sum, &out->i32[r * m + c]))
        {
          set_overflow_error (error, r, c, radius, sum);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
stencil_seq (const WsArray *grid,
             gsize          side,
             guint          radius,
             WsArray       *out,
             GError       **error)
{
  gsize m = side - 2 * (gsize) radius, w = 2 * (gsize) radius + 1;
  gsize step = cells_per_look (w);

  for (gsize r = 0; r < m; r++)
    for (gsize c = 0; c < m; c += step)
      {
        gsize end = MIN (c + step, m);
        if (!ws_cancel_check (error))
          return FALSE;
        if (grid->type == WS_KEY_INT32)
          {
            if (!stencil_seq_run_i32 (grid, side, radius, r, c, end, out, error))
              return FALSE;
          }
        else
          for (gsize j = c; j < end; j++)
            out->f32[r * m + j] = window_f32 (grid, side, w, r, j);
      }
  return TRUE;
}

/* ---- cpu-par: separable passes, O(1) work per output ---- */

/* This thread's slice of a scratch buffer holding `per_thread` items per
 * thread of the team (sized with ws_cpu_par_threads). */
static inline gsize
thread_offset (gsize per_thread)
{
#ifdef _OPENMP
  return (gsize) omp_get_thread_num () * per_thread;
#else
  (void) per_thread;
  return 0;
#endif
}

/* Sums of the w-long windows of x[0..n) into y[c * ystride], c <= n - w.
 * Cutting x into aligned blocks of w values, a window is the suffix of one
 * block plus the prefix of the next (van Herk / Gil-Werman), so every sum
 * adds only values inside its window: an inf or a huge value never leaks into
 * a neighbour's window, as it would through a running sum's subtraction. */
static void
window_sums_f64 (const double *x,
                 gsize         n,
                 gsize         w,
                 double       *suf,
                 double       *y,
                 gsize         ystride)
{
  double pre = 0.0;

  for (gsize j = n; j-- > 0;)
    suf[j] = (j % w == w - 1 || j == n - 1) ? x[j] : x[j] + suf[j + 1];
  for (gsize j = 0; j < n; j++)
    {
      pre = j % w == 0 ? x[j] : pre + x[j];
      if (j + 1 >= w)
        {
          gsize c = j + 1 - w; /* the window [c, j] */
          y[c * ystride] = c % w == 0 ? pre : suf[c] + pre;
        }
    }
}

/* Integer windows need no blocks: a running sum is exact in wrapping
 * arithmetic, whatever left the window before. */
static void
window_sums_u64 (const guint64 *x,
                 gsize          n,
                 gsize          w,
                 guint64       *y,
                 gsize          ystride)
{
  guint64 sum = 0;

  for (gsize j = 0; j < n; j++)
    {
      sum += x[j];
      if (j >= w)
        sum -= x[j - w];
      if (j + 1 >= w)
        y[(j + 1 - w) * ystride] = sum;
    }
}

/* Row pass into rows_t (m × side, transposed so that the column pass reads
 * contiguous memory), then the column pass into out; scratch holds 2 side
 * values for each of the `threads` threads.
 *
 * A pass takes about half a second at N = 8192 on two cores (and 30 times
 * that at the largest N), so each row and column first asks whether the run
 * was cancelled, and once it was, the rest of the pass is skipped and the
 * caller drops the result. The cancellable comes as an argument: the
 * thread-local slot of ws-cancel.h is the calling thread's alone. */
static void
stencil_par_f32 (const WsArray *grid,
                 gsize          side,
                 gsize          w,
                 guint          threads,
                 GCancellable  *cancellable,
                 double        *rows_t,
                 double        *scratch,
                 WsArray       *out)
{
  gsize m = side - w + 1;

#pragma omp parallel for num_threads (threads) schedule (static)
  for (gsize i = 0; i < side; i++)
    {
      double *x = scratch + thread_offset (2 * side), *suf = x + side;
      if (g_cancellable_is_cancelled (cancellable))
        continue;
      for (gsize j = 0; j < side; j++)
        x[j] = grid->f32[i * side + j];
      window_sums_f64 (x, side, w, suf, rows_t + i, side);
    }
#pragma omp parallel for num_threads (threads) schedule (static)
  for (gsize c = 0; c < m; c++)
    {
      double *y = scratch + thread_offset (2 * side), *suf = y + side;
      if (g_cancellable_is_cancelled (cancellable))
        continue;
      window_sums_f64 (rows_t + c * side, side, w, suf, y, 1);
      for (gsize r = 0; r < m; r++)
        out->f32[r * m + c] = (float) y[r];
    }
}

/* Same passes in wrapping 64-bit integers. Returns the row-major index of the
 * first output that does not fit int32, or G_MAXSIZE. */
static gsize
stencil_par_i32 (const WsArray *grid,
                 gsize          side,
                 gsize          w,
                 guint          threads,
                 GCancellable  *cancellable,
                 guint64       *rows_t,
                 guint64       *scratch,
                 WsArray       *out)
{
  gsize m = side - w + 1, first_bad = G_MAXSIZE;

#pragma omp parallel for num_threads (threads) schedule (static)
  for (gsize i = 0; i < side; i++)
    {
      guint64 *x = scratch + thread_offset (side);
      if (g_cancellable_is_cancelled (cancellable))
        continue;
      for (gsize j = 0; j < side; j++)
        x[j] = i32_bits (grid->i32[i * side + j]);
      window_sums_u64 (x, side, w, rows_t + i, side);
    }
#pragma omp parallel for num_threads (threads) schedule (static) reduction (min : first_bad)
  for (gsize c = 0; c < m; c++)
    {
      guint64 *y = scratch + thread_offset (side);
      if (g_cancellable_is_cancelled (cancellable))
        continue;
      window_sums_u64 (rows_t + c * side, side, w, y, 1);
      for (gsize r = 0; r < m; r++)
        if (!store_i32 (y[r], &out->i32[r * m + c]))
          first_bad = MIN (first_bad, r * m + c);
    }
  return first_bad;
}

static gboolean
stencil_par (const WsArray *grid,
             gsize          side,
             guint          radius,
             WsArray       *out,
             GError       **error)
{
  gsize w = 2 * (gsize) radius + 1, m = side - w + 1, first_bad;
  guint threads = ws_cpu_threads_for (side * side, WS_CPU_GRAIN);
  GCancellable *cancellable = ws_cancel_current ();
  /* One buffer size serves both passes' types (checked below). */
  g_autofree gpointer rows_t = ws_try_alloc (m * side, sizeof (double),
                                             "the window sum's row sums", error);
  g_autofree gpointer scratch = NULL;

  if (rows_t == NULL)
    return FALSE;
  scratch = ws_try_alloc ((gsize) threads * 2 * side, sizeof (double),
                          "the window sum's per-thread rows", error);
  if (scratch == NULL)
    return FALSE;
  if (grid->type == WS_KEY_FLOAT32)
    {
      stencil_par_f32 (grid, side, w, threads, cancellable, rows_t, scratch, out);
      return ws_cancel_check (error);
    }
  first_bad = stencil_par_i32 (grid, side, w, threads, cancellable, rows_t, scratch, out);
  /* A cancel skipped outputs: whatever was found is moot. */
  if (!ws_cancel_check (error))
    return FALSE;
  if (first_bad == G_MAXSIZE)
    return TRUE;
  set_overflow_error (error, first_bad / m, first_bad % m, radius,
                      window_bits (grid, side, w, first_bad / m, first_bad % m));
  return FALSE;
}

static gboolean
check_i32_radius (const WsArray *grid,
                  guint          radius,
                  GError       **error)
{
  if (grid->type != WS_KEY_INT32 || radius <= WS_STENCIL_MAX_I32_RADIUS)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_OVERFLOW,
               "A radius of %u makes int32 windows of more than 2^32 values, whose sums "
               "could leave even 64 bits; use --type float32 or a radius of at most %u",
               radius, WS_STENCIL_MAX_I32_RADIUS);
  return FALSE;
}

WsArray *
ws_stencil (const WsArray *grid,
            gsize          side,
            guint          radius,
            WsVariant      variant,
            WsCounters    *counters,
            GError       **error)
{
  g_autoptr (WsArray) out = NULL;
  gsize m, w;
  gboolean ok;

  g_return_val_if_fail (grid != NULL, NULL);
  if (!ws_require_cpu_variant ("The window sum", variant, error)
      || !check_grid (grid, side, error) || !ws_stencil_check (side, radius, error)
      || !check_i32_radius (grid, radius, error))
    return NULL;
  m = side - 2 * (gsize) radius;
  w = 2 * (gsize) radius + 1;
  out = ws_array_new (grid->type, m * m, error);
  if (out == NULL)
    return NULL;
  ok = variant == WS_VARIANT_CPU_PAR ? stencil_par (grid, side, radius, out, error)
                                      : stencil_seq (grid, side, radius, out, error);
  if (!ok)
    return NULL;
  if (counters != NULL)
    {
      /* cpu-par reads each input once; the loops read each window whole. */
      gboolean par = variant == WS_VARIANT_CPU_PAR;
      counters->passes += par ? 2 : 1;
      counters->probes += par ? (guint64) grid->n : (guint64) m * m * w * w;
    }
  return g_steal_pointer (&out);
}
