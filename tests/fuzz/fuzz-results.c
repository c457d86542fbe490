/* fuzz-results.c: result.csv as the benchmark's readers take it — `plot`
 * (ws_bench_chart_read, row by row, then drawn), the charts of a table
 * (ws_bench_chart: the app's panel), `bench`'s console table
 * (ws_bench_report_table) and `bench --resume` (ws_bench_csv_row per row).
 *
 * The CSV reading itself is fuzz-csv's; here the seeds are whole result
 * files, so mutations stay close to rows with odd values: NaN, huge or
 * negative numbers, unknown statuses and variants, parameters such as
 * "radius=;=3;;". The charts are drawn on a small image surface, so the
 * axes and ticks meet those values too.
 */
#include <cairo.h>
#include <string.h>

#include "fuzz-util.h"
#include "ws-bench-csv.h"
#include "ws-bench-report.h"

/* Fields of a result.csv reach the charts' titles, series names and
 * messages; the CSV reader makes each valid UTF-8 (found here: a file that
 * was not gave messages that were not either, and text cairo refused to
 * draw), so every input is checked in full. */
/* What the charts are asked for: all rows against n, and against the
 * window sum's parameters. */
static const char *const xs[] = { NULL, "radius", "block", "per-thread", "segments" };

static void
draw (WsPlot *plot)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 320, 200);
  cairo_t *cr = cairo_create (surface);
  WsPlotHit hit;

  ws_plot_draw (plot, cr, 320, 200);
  ws_fuzz_check (cairo_status (cr) == CAIRO_STATUS_SUCCESS, "drawing the chart failed: %s",
                 cairo_status_to_string (cairo_status (cr)));
  ws_plot_hit (plot, 320, 200, 160, 100, 8, &hit);
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
}

/* `plot`: one chart straight from the file, its kind and x picked by the
 * input's length, drawn. A warning (rows left out) is shown as it is. */
static void
plot_file (const char *path,
           size_t      size)
{
  WsChartKind kind = (WsChartKind) (size % (WS_CHART_GFLOPS + 1));
  const char *x = xs[size / (WS_CHART_GFLOPS + 1) % G_N_ELEMENTS (xs)];
  g_autoptr (GError) error = NULL;
  g_autofree char *warning = NULL;
  g_autoptr (WsPlot) chart = ws_bench_chart_read (path, NULL, kind, x, &warning, &error);

  if (chart == NULL)
    {
      ws_fuzz_check_error (error);
      return;
    }
  ws_fuzz_check (warning == NULL || g_utf8_validate (warning, -1, NULL),
                 "a warning that is not UTF-8: %s", warning);
  draw (chart);
}

/* Every kind against n, the first against each parameter. */
static void
charts (const WsCsvTable *t,
        const char       *algorithm)
{
  for (guint k = 0; k <= WS_CHART_GFLOPS; k++)
    for (guint i = 0; i < (k == 0 ? G_N_ELEMENTS (xs) : 1); i++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (WsPlot) plot = ws_bench_chart (t, algorithm, (WsChartKind) k, xs[i], &error);

        if (plot == NULL)
          ws_fuzz_check_error (error);
      }
}

static gboolean
resume_header (const WsCsvTable *t)
{
  return g_strv_equal ((const char *const *) t->header, ws_bench_csv_columns ());
}

/* --resume: ws_bench_csv_open has checked the header before any row is
 * read, so only a table with result.csv's columns gets here. */
static void
resume (const WsCsvTable *t)
{
  for (guint r = 0; resume_header (t) && r < t->rows->len; r++)
    {
      g_autoptr (GError) error = NULL;
      WsBenchRow row = { 0 };

      if (!ws_bench_csv_row (t, r, &row, &error))
        ws_fuzz_check_error (error); /* fixed: its messages are made valid */
      else
        {
          /* The count read is the count written (without UBSan too). */
          const char *samples = ws_csv_table_get (t, r, "samples");
          ws_fuzz_check (samples[0] == '\0' || g_ascii_strtod (samples, NULL) == row.time.n,
                         "%s samples read as %u", samples, row.time.n);
        }
      ws_bench_row_clear (&row);
    }
}

int
LLVMFuzzerTestOneInput (const uint8_t *data,
                        size_t         size)
{
  g_autoptr (WsCsvTable) strict = NULL;
  g_autoptr (WsCsvTable) lenient = NULL;
  const char *path;
  gboolean dropped;

  ws_fuzz_init ();
  path = ws_fuzz_file (data, size);
  plot_file (path, size);
  lenient = ws_csv_table_read_lenient (path, &dropped, NULL);
  if (lenient != NULL)
    resume (lenient);
  strict = ws_csv_table_read (path, NULL);
  if (strict == NULL)
    return 0;
  ws_bench_report_table (strict, ws_fuzz_null ());
  charts (strict, NULL);
  if (strict->rows->len > 0)
    charts (strict, ws_csv_table_get (strict, 0, "algorithm"));
  return 0;
}
