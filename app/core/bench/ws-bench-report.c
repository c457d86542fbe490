/* ws-bench-report.c: row lines, the console table and the files of charts
 * of a benchmark (see ws-bench-report.h; the charts themselves are made in
 * ws-bench-chart-rows.c). */
#include "ws-bench-report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "ws-bench-devices.h"
#include "ws-bench-points.h"
#include "ws-error.h"

static const char *const kind_names[] = { "time", "speedup", "throughput", "gflops" };

gboolean
ws_chart_kind_from_string (const char *name, WsChartKind *out, GError **error)
{
  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_strcmp0 (name, kind_names[i]) == 0)
      {
        *out = (WsChartKind) i;
        return TRUE;
      }
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "“%s” is not a chart; use time, speedup, throughput or gflops", name);
  return FALSE;
}

const char *
ws_chart_kind_name (WsChartKind kind)
{
  return kind_names[kind];
}

char *
ws_format_seconds (double s)
{
  if (!isfinite (s))
    return g_strdup ("—");
  if (fabs (s) < 1e-3)
    return g_strdup_printf ("%.3g µs", s * 1e6);
  if (fabs (s) < 1.0)
    return g_strdup_printf ("%.3g ms", s * 1e3);
  return g_strdup_printf ("%.3g s", s);
}

char *
ws_bench_row_summary (const WsBenchRow *row)
{
  g_autofree char *what = ws_bench_config_describe (row->config);
  g_autofree char *median = NULL, *sd = NULL;
  g_autoptr (GString) s = g_string_new (what);

  if (row->status != WS_BENCH_OK)
    {
      g_string_append_printf (s, ": %s — %s", ws_bench_status_name (row->status),
                              row->message ? row->message : "");
      return g_string_free (g_steal_pointer (&s), FALSE);
    }
  median = ws_format_seconds (row->time.median);
  sd = ws_format_seconds (row->time.sd);
  g_string_append_printf (s, ": %s ± %s (%u samples)", median, sd, row->time.n);
  if (row->has_speedup)
    g_string_append_printf (s, ", %.3g× [%.3g, %.3g]", row->speedup.value, row->speedup.lo,
                            row->speedup.hi);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* ---- the console table ---- */

/* printf's widths count bytes; "±" and "µ" take two. Pads by characters. */
static void
print_padded (FILE *out, const char *text, guint width, gboolean right)
{
  glong chars = g_utf8_strlen (text, -1);
  g_autofree char *pad = g_strnfill (chars < (glong) width ? width - chars : 0, ' ');

  fprintf (out, right ? " %s%s" : "%2$s%1$s", pad, text);
}

/* One algorithm's cells: a row per size and parameters, a column per
 * variant (and GPU, where the table has several), each averaged over
 * instances. */
typedef struct
{
  WsNames  columns, rows;
  WsPoints cells;
  gboolean by_gpu;
} Grid;

static void
grid_fill (Grid *g, const WsCsvTable *t, const WsBenchColumns *c, const char *algo)
{
  g_autoptr (GString) label = g_string_new (NULL), variant = g_string_new (NULL);

  for (guint r = 0; r < t->rows->len; r++)
    {
      const char *const *f = ws_csv_table_row (t, r);
      const char *cold = ws_csv_table_get (t, r, "cold"); /* NULL in files from before it */
      if (strcmp (WS_FIELD (c, f, ALGORITHM), algo) != 0 || !ws_bench_row_usable (c, f))
        continue;
      g_string_printf (label, "n=%s %s", WS_FIELD (c, f, N), WS_FIELD (c, f, PARAMS));
      /* A cold variant is a column of its own: its figures are another
       * measure; so is each GPU's, where there are several. */
      g_string_printf (variant, "%s%s", WS_FIELD (c, f, VARIANT),
                       g_strcmp0 (cold, "true") == 0 ? " cold" : "");
      if (g->by_gpu && WS_FIELD (c, f, DEVICE_INDEX)[0] != '\0')
        g_string_append_printf (variant, WS_BENCH_ON_GPU, WS_FIELD (c, f, DEVICE_INDEX));
      ws_point_add (ws_points_get (&g->cells, ws_names_add (&g->columns, variant->str),
                                   ws_names_add (&g->rows, label->str), 0),
                    WS_NUMBER (c, f, MEDIAN), WS_NUMBER (c, f, SD), NAN, NAN);
    }
}

static void
print_cell (FILE *out, const WsPoint *p)
{
  g_autofree char *m = p ? ws_format_seconds (ws_point_mean (p)) : NULL;
  g_autofree char *sd = p ? ws_format_seconds (sqrt (p->sq / p->count)) : NULL;
  g_autofree char *cell = p ? g_strdup_printf ("%s ± %s", m, sd) : g_strdup ("—");

  print_padded (out, cell, 22, TRUE);
}

static void
print_grid (const Grid *g, const char *algo, FILE *out)
{
  fprintf (out, "\n%s — median ± sd\n", algo);
  print_padded (out, "", 28, FALSE);
  for (guint k = 0; k < g->columns.order->len; k++)
    print_padded (out, g->columns.order->pdata[k], 22, TRUE);
  for (guint r = 0; r < g->rows.order->len; r++)
    {
      fprintf (out, "\n");
      print_padded (out, g->rows.order->pdata[r], 28, FALSE);
      for (guint k = 0; k < g->columns.order->len; k++)
        print_cell (out, ws_points_find (&g->cells, g->columns.order->pdata[k],
                                         g->rows.order->pdata[r], 0));
    }
  fprintf (out, "\n");
}

static void
print_algorithm (const WsCsvTable *t, const WsBenchColumns *c, const char *algo, gboolean by_gpu,
                 FILE *out)
{
  Grid g = { .by_gpu = by_gpu };

  ws_names_init (&g.columns), ws_names_init (&g.rows), ws_points_init (&g.cells);
  grid_fill (&g, t, c, algo);
  if (g.rows.order->len > 0)
    print_grid (&g, algo, out);
  ws_points_clear (&g.cells), ws_names_clear (&g.rows), ws_names_clear (&g.columns);
}

/* The table's algorithms in order of first appearance. */
static void
algorithms_of (const WsCsvTable *t, const WsBenchColumns *c, WsNames *algos)
{
  ws_names_init (algos);
  for (guint r = 0; r < t->rows->len && c->at[WS_BENCH_COL_ALGORITHM] >= 0; r++)
    ws_names_add (algos, WS_FIELD (c, ws_csv_table_row (t, r), ALGORITHM));
}

/* Whether the table's rows name more than one GPU (bench --devices). */
static gboolean
several_gpus (const WsCsvTable *t, const WsBenchColumns *c)
{
  const char *first = NULL;

  for (guint r = 0; r < t->rows->len && c->at[WS_BENCH_COL_DEVICE_INDEX] >= 0; r++)
    {
      const char *d = WS_FIELD (c, ws_csv_table_row (t, r), DEVICE_INDEX);
      if (d[0] == '\0')
        continue;
      if (first != NULL && strcmp (first, d) != 0)
        return TRUE;
      first = d;
    }
  return FALSE;
}

void
ws_bench_report_table (const WsCsvTable *t, FILE *out)
{
  WsBenchColumns c;
  WsNames algos;
  gboolean by_gpu;

  ws_bench_columns_find (&c, (const char *const *) t->header);
  algorithms_of (t, &c, &algos);
  by_gpu = several_gpus (t, &c);
  for (guint i = 0; i < algos.order->len; i++)
    print_algorithm (t, &c, algos.order->pdata[i], by_gpu, out);
  ws_names_clear (&algos);
}

/* ---- the files of a run ---- */

static gboolean
save_chart (const WsCsvTable *t, const char *algorithm, WsChartKind kind, const char *x,
            const char *dir, const char *what, GError **error)
{
  g_autoptr (WsPlot) plot = ws_bench_chart (t, algorithm, kind, x, error);
  const char *const formats[] = { "png", "svg" };

  if (plot == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_autofree char *name = g_strdup_printf ("%s-%s.%s", algorithm, what, formats[i]);
      g_autofree char *path = g_build_filename (dir, name, NULL);
      if (!ws_plot_save (plot, path, WS_PLOT_FILE_WIDTH, WS_PLOT_FILE_HEIGHT, error))
        return FALSE;
    }
  return TRUE;
}

/* Whether any usable row of the algorithm has a value in the column. */
static gboolean
has_values (const WsCsvTable *t, const char *algorithm, WsBenchCol column)
{
  WsBenchColumns c;

  ws_bench_columns_find (&c, (const char *const *) t->header);
  for (guint r = 0; r < t->rows->len; r++)
    {
      const char *const *f = ws_csv_table_row (t, r);
      if (g_strcmp0 (WS_FIELD (&c, f, ALGORITHM), algorithm) == 0 && ws_bench_row_usable (&c, f)
          && isfinite (ws_bench_number (&c, f, column)))
        return TRUE;
    }
  return FALSE;
}

/* Study 001's charts: GFLOP/s against N and against each parameter the
 * preset varies. */
static gboolean
save_gflops (const WsCsvTable *t, const char *algo, const char *dir, const WsPreset *preset,
             GError **error)
{
  const char *const params[] = { "radius", "block", "per-thread" };

  if (!save_chart (t, algo, WS_CHART_GFLOPS, "n", dir, "gflops-n", error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (params); i++)
    {
      const WsParamGrid *grid = preset ? ws_preset_grid (preset, params[i]) : NULL;
      g_autofree char *what = g_strdup_printf ("gflops-%s", params[i]);
      if (grid != NULL && grid->values->len > 1
          && !save_chart (t, algo, WS_CHART_GFLOPS, params[i], dir, what, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
save_algorithm (const WsCsvTable *t, const char *algo, const char *dir, const WsPreset *preset,
                GError **error)
{
  if (!has_values (t, algo, WS_BENCH_COL_MEDIAN))
    return TRUE;
  if (!save_chart (t, algo, WS_CHART_TIME, "n", dir, "time", error)
      || !save_chart (t, algo, WS_CHART_THROUGHPUT, "n", dir, "throughput", error)
      || (has_values (t, algo, WS_BENCH_COL_SPEEDUP)
          && !save_chart (t, algo, WS_CHART_SPEEDUP, "n", dir, "speedup", error)))
    return FALSE;
  return !has_values (t, algo, WS_BENCH_COL_GFLOP_PER_S) || save_gflops (t, algo, dir, preset, error);
}

gboolean
ws_bench_report_plots (const WsCsvTable *t, const char *dir, const WsPreset *preset,
                       GError **error)
{
  WsBenchColumns c;
  WsNames algos;
  gboolean ok = TRUE;

  ws_bench_columns_find (&c, (const char *const *) t->header);
  algorithms_of (t, &c, &algos);
  for (guint i = 0; i < algos.order->len && ok; i++)
    ok = save_algorithm (t, algos.order->pdata[i], dir, preset, error);
  ws_names_clear (&algos);
  return ok;
}
