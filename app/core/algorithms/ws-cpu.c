/* ws-cpu.c: helpers shared by the CPU algorithms. */
#include "ws-cpu.h"

#ifdef _OPENMP
#include <omp.h>
#endif

#include "ws-cancel.h"
#include "ws-error.h"

gboolean
ws_require_cpu_variant (const char *algorithm,
                        WsVariant   variant,
                        GError    **error)
{
  if (variant == WS_VARIANT_CPU_SEQ || variant == WS_VARIANT_CPU_PAR)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_UNSUPPORTED,
               "%s has no %s variant in the CPU engine; use cpu-seq or cpu-par "
               "(GPU variants run through the GPU backend)",
               algorithm, ws_variant_name (variant));
  return FALSE;
}

guint
ws_cpu_par_threads (void)
{
#ifdef _OPENMP
  return (guint) MAX (omp_get_max_threads (), 1);
#else
  return 1;
#endif
}

guint
ws_cpu_threads_for (gsize items,
                    gsize grain)
{
  gsize useful = items / MAX (grain, 1);

  return (guint) CLAMP (useful, 1, ws_cpu_par_threads ());
}

void
ws_chunk_bounds (gsize  n,
                 guint  parts,
                 guint  k,
                 gsize *begin,
                 gsize *end)
{
  gsize base, extra;

  g_return_if_fail (parts > 0 && k < parts);
  /* Written without n * k so that no size can overflow. */
  base = n / parts;
  extra = n % parts;
  *begin = base * k + MIN (k, extra);
  *end = *begin + base + (k < extra ? 1 : 0);
}

void
ws_cpu_minmax_i32 (const gint32 *x,
                   gsize         n,
                   gboolean      par,
                   gint32       *min_out,
                   gint32       *max_out)
{
  guint threads = par ? ws_cpu_par_threads () : 1;
  const gint *stop = ws_cancel_stop_flag ();
  gint32 lo = G_MAXINT32, hi = G_MININT32;

#pragma omp parallel for reduction(min : lo) reduction(max : hi) schedule(static, 1) \
  num_threads(threads) if (par)
  for (guint t = 0; t < threads; t++)
    {
      gsize begin, end;
      ws_chunk_bounds (n, threads, t, &begin, &end);
      for (gsize p = begin; p < end && !ws_cancel_raised (stop); p += WS_CANCEL_STRIDE)
        for (gsize i = p; i < MIN (p + WS_CANCEL_STRIDE, end); i++)
          {
            lo = MIN (lo, x[i]);
            hi = MAX (hi, x[i]);
          }
    }
  *min_out = lo;
  *max_out = hi;
}
