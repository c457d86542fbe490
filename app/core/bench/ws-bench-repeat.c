/* ws-bench-repeat.c: a run repeated for its medians (see ws-bench-repeat.h). */
#include "ws-bench-repeat.h"

#include "ws-cancel.h"
#include "ws-stats.h"

/* The phases of each run, one column a phase. */
enum { KERNEL, TOTAL, ALLOC, UPLOAD, DOWNLOAD, N_PHASES };

static void
record (double *v, guint repeat, guint r, const WsPhaseTimes *t)
{
  v[KERNEL * repeat + r] = t->kernel;
  v[TOTAL * repeat + r] = t->total;
  v[ALLOC * repeat + r] = t->alloc;
  v[UPLOAD * repeat + r] = t->upload;
  v[DOWNLOAD * repeat + r] = t->download;
}

static double
median_of (const double *column, guint repeat)
{
  WsStats s;

  ws_stats_compute (column, repeat, &s);
  return s.median;
}

static void
summarise (const double *v, guint repeat, const WsPhaseTimes *last, WsRepeatTiming *timing)
{
  WsStats kernel;

  ws_stats_compute (v + KERNEL * repeat, repeat, &kernel);
  timing->runs = repeat;
  timing->median = *last;
  timing->median.kernel = kernel.median;
  timing->min_kernel = kernel.min;
  timing->max_kernel = kernel.max;
  timing->median.total = median_of (v + TOTAL * repeat, repeat);
  timing->median.alloc = median_of (v + ALLOC * repeat, repeat);
  timing->median.upload = median_of (v + UPLOAD * repeat, repeat);
  timing->median.download = median_of (v + DOWNLOAD * repeat, repeat);
}

gboolean
ws_bench_repeat (const WsRunInput *in,
                 guint             repeat,
                 WsRunOutput      *out,
                 WsRepeatTiming   *timing,
                 GError          **error)
{
  g_autofree double *v = NULL;

  g_return_val_if_fail (in != NULL && out != NULL && timing != NULL && repeat >= 1, FALSE);
  v = g_new (double, N_PHASES * (gsize) repeat);
  for (guint r = 0; r < repeat; r++)
    {
      ws_run_output_clear (out);
      if (!ws_cancel_check (error) || !ws_run (in, out, error))
        return FALSE;
      record (v, repeat, r, &out->times);
    }
  summarise (v, repeat, &out->times, timing);
  return TRUE;
}
