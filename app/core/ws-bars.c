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

static float
scale (double v, double vmin, double vmax)
{
  double s = (v - vmin) / (vmax - vmin);

  return (float) (isnan (s) ? 0.0 : CLAMP (s, 0.0, 1.0));
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
      double lo = INFINITY, hi = -INFINITY, sum = 0.0;
      guint f = 0;
      bin_span (a->n, count, b, &first, &last);
      for (gsize i = first; i < last; i++)
        {
          double v = ws_array_get_double (a, i);
          lo = MIN (lo, v), hi = MAX (hi, v), sum += v;
          f |= flags != NULL ? flags[i] : 0;
        }
      bins[b] = (WsBarBin) { scale (lo, vmin, vmax), scale (hi, vmin, vmax),
                             scale (sum / (double) (last - first), vmin, vmax), (float) f };
    }
}

void
ws_bars_range (const WsArray *a, double *vmin, double *vmax)
{
  double lo = INFINITY, hi = -INFINITY;

  for (gsize i = 0; i < a->n; i++)
    {
      double v = ws_array_get_double (a, i);
      if (isfinite (v))
        lo = MIN (lo, v), hi = MAX (hi, v);
    }
  if (!(lo < hi))
    {
      double mid = isfinite (lo) ? lo : 0.0;
      lo = mid - 1.0, hi = mid + 1.0;
    }
  *vmin = lo, *vmax = hi;
}
