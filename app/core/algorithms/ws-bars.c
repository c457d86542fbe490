/* ws-bars.c: keys reduced to the bins of the bars view (see ws-bars.h). */
#include "ws-bars.h"

#include <math.h>

guint
ws_bars_count (gsize n, guint columns)
{
  return n <= columns ? (guint) n : columns;
}

/* Bin b holds keys [first, last): columns split the keys as evenly as
 * integers allow. */
static void
bin_span (gsize n, guint bins, guint b, gsize *first, gsize *last)
{
  *first = (gsize) ((guint64) b * n / bins);
  *last = (gsize) ((guint64) (b + 1) * n / bins);
}

/* A key's height as an integer of 24 fractional bits: scaled over [vmin,
 * vmax] in double (one subtraction, one division: IEEE-exact the same on
 * any CPU and GPU), clamped, rounded. Bins add these integers, so a bin's
 * mean does not depend on the order keys are added in, and the GPU's bins
 * (cuda/ws-cuda-frames.cu, the same formula) equal these bit for bit. */
static guint32
quantise (double v, double vmin, double vmax)
{
  double s = (v - vmin) / (vmax - vmin);

  return (guint32) llround ((isnan (s) ? 0.0 : CLAMP (s, 0.0, 1.0)) * WS_BARS_ONE);
}

void
ws_bars_fill (const WsArray *a, const guint8 *flags, double vmin, double vmax, guint columns,
              WsBarBin *bins)
{
  guint count = ws_bars_count (a->n, columns);

  g_return_if_fail (vmin < vmax);
  for (guint b = 0; b < count; b++)
    {
      gsize first, last;
      guint32 lo = G_MAXUINT32, hi = 0;
      guint64 sum = 0;
      guint f = 0;
      bin_span (a->n, count, b, &first, &last);
      for (gsize i = first; i < last; i++)
        {
          guint32 q = quantise (ws_array_get_double (a, i), vmin, vmax);
          lo = MIN (lo, q), hi = MAX (hi, q), sum += q;
          f |= flags != NULL ? flags[i] : 0;
        }
      bins[b] = (WsBarBin) { (float) lo / WS_BARS_ONE, (float) hi / WS_BARS_ONE,
                             (float) ((double) sum / (double) (last - first) / WS_BARS_ONE),
                             (float) f };
    }
}

void
ws_bars_range (const WsArray *a, double *vmin, double *vmax)
{
  *vmin = INFINITY, *vmax = -INFINITY;
  ws_bars_range_extend (a, vmin, vmax);
  ws_bars_range_widen (vmin, vmax);
}

void
ws_bars_range_extend (const WsArray *a, double *lo, double *hi)
{
  for (gsize i = 0; i < a->n; i++)
    {
      double v = ws_array_get_double (a, i);
      if (isfinite (v))
        *lo = MIN (*lo, v), *hi = MAX (*hi, v);
    }
}

void
ws_bars_range_widen (double *lo, double *hi)
{
  if (!(*lo < *hi))
    {
      double mid = isfinite (*lo) ? *lo : 0.0;
      *lo = mid - 1.0, *hi = mid + 1.0;
    }
}
