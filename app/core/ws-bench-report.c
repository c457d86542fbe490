/* ws-bench-report.c: row lines, the console table and the charts of a
 * benchmark (see ws-bench-report.h). */
#include "ws-bench-report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

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

/* ---- reading rows ---- */

/* A field as a number, NAN where there is none. */
static double
number (const WsCsvTable *t, guint r, const char *column)
{
  double v;

  ws_csv_table_number (t, r, column, &v);
  return v;
}

static gboolean
row_ok (const WsCsvTable *t, guint r)
{
  return g_strcmp0 (ws_csv_table_get (t, r, "status"), "ok") == 0;
}

/* The value of one parameter in "radius=2;block=8", or NAN. */
static double
param_value (const char *params, const char *name)
{
  g_auto (GStrv) parts = g_strsplit (params, ";", -1);
  gsize len = strlen (name);

  for (guint i = 0; parts[i] != NULL; i++)
    if (strncmp (parts[i], name, len) == 0 && parts[i][len] == '=')
      return g_ascii_strtod (parts[i] + len + 1, NULL);
  return NAN;
}

/* The parameters other than `name`, as a series label. */
static char *
params_without (const char *params, const char *name)
{
  g_auto (GStrv) parts = g_strsplit (params, ";", -1);
  g_autoptr (GString) s = g_string_new (NULL);
  gsize len = name ? strlen (name) : 0;

  for (guint i = 0; parts[i] != NULL; i++)
    if (parts[i][0] != '\0' && !(name && strncmp (parts[i], name, len) == 0 && parts[i][len] == '='))
      g_string_append_printf (s, "%s%s", s->len ? " " : "", parts[i]);
  return g_string_free (g_steal_pointer (&s), FALSE);
}

/* ---- averaging instances ---- */

/* One point of a chart or one cell of the table: the instances of a
 * configuration averaged, their intervals joined. */
typedef struct
{
  char  *series;  /* chart series, or table column */
  char  *row;     /* table row label; NULL for charts */
  double x;
  double sum, sq, lo, hi;
  guint  count;
} Point;

static void
point_free (gpointer data)
{
  Point *p = data;

  g_free (p->series);
  g_free (p->row);
  g_free (p);
}

static Point *
point_for (GPtrArray *points, const char *series, const char *row, double x)
{
  Point *p;

  for (guint i = 0; i < points->len; i++)
    {
      p = g_ptr_array_index (points, i);
      if (g_strcmp0 (p->series, series) == 0 && g_strcmp0 (p->row, row) == 0 && p->x == x)
        return p;
    }
  p = g_new0 (Point, 1);
  p->series = g_strdup (series), p->row = g_strdup (row), p->x = x;
  p->lo = INFINITY, p->hi = -INFINITY;
  g_ptr_array_add (points, p);
  return p;
}

static void
point_add (Point *p, double y, double spread, double lo, double hi)
{
  p->sum += y;
  p->sq += spread * spread;
  p->count++;
  if (isfinite (lo))
    p->lo = MIN (p->lo, lo);
  if (isfinite (hi))
    p->hi = MAX (p->hi, hi);
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

static void
print_algorithm (const WsCsvTable *t, const char *algo, FILE *out)
{
  g_autoptr (GPtrArray) cells = g_ptr_array_new_with_free_func (point_free);
  g_autoptr (GPtrArray) columns = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_free);

  for (guint r = 0; r < t->rows->len; r++)
    {
      if (!row_ok (t, r) || g_strcmp0 (ws_csv_table_get (t, r, "algorithm"), algo) != 0)
        continue;
      const char *variant = ws_csv_table_get (t, r, "variant");
      g_autofree char *label = g_strdup_printf ("n=%s %s", ws_csv_table_get (t, r, "n"),
                                                ws_csv_table_get (t, r, "params"));
      if (!g_ptr_array_find_with_equal_func (columns, variant, g_str_equal, NULL))
        g_ptr_array_add (columns, g_strdup (variant));
      if (!g_ptr_array_find_with_equal_func (rows, label, g_str_equal, NULL))
        g_ptr_array_add (rows, g_strdup (label));
      point_add (point_for (cells, variant, label, 0), number (t, r, "median_s"),
                 number (t, r, "sd_s"), NAN, NAN);
    }
  if (rows->len == 0)
    return;
  fprintf (out, "\n%s — median ± sd\n", algo);
  print_padded (out, "", 28, FALSE);
  for (guint c = 0; c < columns->len; c++)
    print_padded (out, g_ptr_array_index (columns, c), 22, TRUE);
  for (guint r = 0; r < rows->len; r++)
    {
      fprintf (out, "\n");
      print_padded (out, g_ptr_array_index (rows, r), 28, FALSE);
      for (guint c = 0; c < columns->len; c++)
        {
          Point *p = point_for (cells, g_ptr_array_index (columns, c), g_ptr_array_index (rows, r), 0);
          g_autofree char *m = p->count ? ws_format_seconds (p->sum / p->count) : g_strdup ("—");
          g_autofree char *sd = p->count ? ws_format_seconds (sqrt (p->sq / p->count)) : g_strdup ("");
          g_autofree char *cell = p->count ? g_strdup_printf ("%s ± %s", m, sd) : g_strdup ("—");
          print_padded (out, cell, 22, TRUE);
        }
    }
  fprintf (out, "\n");
}

/* The table's algorithms in order of first appearance. */
static GPtrArray *
algorithms_of (const WsCsvTable *t)
{
  GPtrArray *algos = g_ptr_array_new ();

  for (guint r = 0; r < t->rows->len; r++)
    {
      const char *a = ws_csv_table_get (t, r, "algorithm");
      if (a != NULL && !g_ptr_array_find_with_equal_func (algos, a, g_str_equal, NULL))
        g_ptr_array_add (algos, (gpointer) a);
    }
  return algos;
}

void
ws_bench_report_table (const WsCsvTable *t, FILE *out)
{
  g_autoptr (GPtrArray) algos = algorithms_of (t);

  for (guint i = 0; i < algos->len; i++)
    print_algorithm (t, g_ptr_array_index (algos, i), out);
}

/* ---- charts ---- */

static gboolean
by_n (const char *x)
{
  return x == NULL || strcmp (x, "n") == 0;
}

/* A row's y and its interval for a chart kind; FALSE when the row has
 * nothing to show there. Rates get their interval from the time's. */
static gboolean
chart_value (const WsCsvTable *t, guint r, WsChartKind kind, double *y, double *lo, double *hi)
{
  double median = number (t, r, "median_s");
  const char *column = kind == WS_CHART_THROUGHPUT ? "gb_per_s" : "gflop_per_s";

  switch (kind)
    {
    case WS_CHART_TIME:
      *y = median, *lo = number (t, r, "ci_lo_s"), *hi = number (t, r, "ci_hi_s");
      break;
    case WS_CHART_SPEEDUP:
      if (g_strcmp0 (ws_csv_table_get (t, r, "variant"), ws_csv_table_get (t, r, "baseline")) == 0)
        return FALSE;
      *y = number (t, r, "speedup"), *lo = number (t, r, "speedup_lo");
      *hi = number (t, r, "speedup_hi");
      break;
    case WS_CHART_THROUGHPUT:
    case WS_CHART_GFLOPS:
      *y = number (t, r, column);
      *lo = *y * median / number (t, r, "ci_hi_s");
      *hi = *y * median / number (t, r, "ci_lo_s");
      break;
    }
  return isfinite (*y);
}

static double
chart_x (const WsCsvTable *t, guint r, const char *x)
{
  if (by_n (x))
    return number (t, r, "n");
  return param_value (ws_csv_table_get (t, r, "params"), x);
}

static char *
series_name (const WsCsvTable *t, guint r, const char *x)
{
  g_autofree char *rest = params_without (ws_csv_table_get (t, r, "params"), by_n (x) ? NULL : x);

  return g_strdup_printf ("%s %s%s%s", ws_csv_table_get (t, r, "algorithm"),
                          ws_csv_table_get (t, r, "variant"), rest[0] ? " " : "", rest);
}

static gboolean
row_of (const WsCsvTable *t, guint r, const char *algorithm)
{
  return algorithm == NULL || g_strcmp0 (ws_csv_table_get (t, r, "algorithm"), algorithm) == 0;
}

/* Against a parameter, a chart shows the largest size only (study 001 drew
 * its charts at one N); against n, every size. */
static double
largest_n (const WsCsvTable *t, const char *algorithm)
{
  double most = 0;

  for (guint r = 0; r < t->rows->len; r++)
    if (row_ok (t, r) && row_of (t, r, algorithm))
      most = MAX (most, number (t, r, "n"));
  return most;
}

static GPtrArray *
chart_points (const WsCsvTable *t, const char *algorithm, WsChartKind kind, const char *x)
{
  GPtrArray *points = g_ptr_array_new_with_free_func (point_free);
  double only_n = by_n (x) ? NAN : largest_n (t, algorithm);

  for (guint r = 0; r < t->rows->len; r++)
    {
      double y = NAN, lo = NAN, hi = NAN, px = chart_x (t, r, x);
      if (!row_ok (t, r) || !row_of (t, r, algorithm) || !isfinite (px)
          || (isfinite (only_n) && number (t, r, "n") != only_n)
          || !chart_value (t, r, kind, &y, &lo, &hi))
        continue;
      if (kind == WS_CHART_GFLOPS && g_strcmp0 (ws_csv_table_get (t, r, "algorithm"), "stencil") != 0)
        continue;
      g_autofree char *name = series_name (t, r, x);
      point_add (point_for (points, name, NULL, px), y, 0, lo, hi);
    }
  return points;
}

/* The GPU's peak bandwidth from a row that has its share of it. */
static double
peak_gbps (const WsCsvTable *t)
{
  for (guint r = 0; r < t->rows->len; r++)
    {
      double gb = number (t, r, "gb_per_s"), share = number (t, r, "peak_share");
      if (isfinite (gb) && isfinite (share) && share > 0)
        return gb / share;
    }
  return NAN;
}

static void
set_axes (WsPlot *plot, const WsCsvTable *t, const char *algorithm, WsChartKind kind,
          const char *x)
{
  gboolean n_axis = by_n (x);
  static const char *const y_labels[] = { "median time (s)", "speedup (×)", "effective bandwidth (GB/s)",
                                          "GFLOP/s" };
  g_autofree char *x_label = n_axis ? g_strdup ("n (keys; the grid side N for stencil)")
                                    : g_strdup_printf ("%s (at n = %.0f)", x, largest_n (t, algorithm));

  ws_plot_set_x_axis (plot, x_label, n_axis ? WS_PLOT_LOG : WS_PLOT_LINEAR);
  ws_plot_set_y_axis (plot, y_labels[kind], kind == WS_CHART_GFLOPS ? WS_PLOT_LINEAR : WS_PLOT_LOG);
  if (kind == WS_CHART_SPEEDUP)
    ws_plot_add_hline (plot, 1.0, "1× (as fast as the baseline)");
  if (kind == WS_CHART_THROUGHPUT && isfinite (peak_gbps (t)))
    {
      g_autofree char *label = g_strdup_printf ("GPU peak %.0f GB/s", peak_gbps (t));
      ws_plot_add_hline (plot, peak_gbps (t), label);
    }
}

static char *
chart_title (const WsCsvTable *t, const char *algorithm, WsChartKind kind)
{
  const char *timing = t->rows->len ? ws_csv_table_get (t, 0, "timing") : "";
  const char *baseline = t->rows->len ? ws_csv_table_get (t, 0, "baseline") : "";
  g_autofree char *what = algorithm ? g_strdup_printf ("%s: ", algorithm) : g_strdup ("");

  switch (kind)
    {
    case WS_CHART_TIME:
      return g_strdup_printf ("%smedian time (%s), 95%% interval", what, timing);
    case WS_CHART_SPEEDUP:
      return g_strdup_printf ("%sspeedup over %s (%s time)", what, baseline, timing);
    case WS_CHART_THROUGHPUT:
      return g_strdup_printf ("%seffective bandwidth (%s time)", what, timing);
    case WS_CHART_GFLOPS:
      return g_strdup_printf ("%sGFLOP/s (%s time)", what, timing);
    }
  return NULL;
}

/* ---- crossovers ---- */

#define MAX_CROSSOVERS 4 /* lines on a chart: more labels would not be read */

static double
point_mean (const Point *p)
{
  return p->sum / p->count;
}

/* A labelled crossing per series that overtakes the baseline, for the
 * first MAX_CROSSOVERS of them in order; each hides with its series and
 * follows the scales (ws_plot_add_series_crossing). */
static void
add_crossovers (WsPlot *plot, GPtrArray *series, const char *x)
{
  for (guint s = 0, added = 0; s < series->len && added < MAX_CROSSOVERS; s++)
    {
      g_autofree char *label = g_strdup_printf ("%s ≥ 1× from %s", (char *) g_ptr_array_index (series, s),
                                                by_n (x) ? "n" : x);
      added += ws_plot_add_series_crossing (plot, s, 1.0, label);
    }
}

WsPlot *
ws_bench_chart (const WsCsvTable *t, const char *algorithm, WsChartKind kind, const char *x,
                GError **error)
{
  g_autoptr (GPtrArray) points = NULL;
  g_autoptr (GPtrArray) series = g_ptr_array_new ();
  g_autofree char *title = chart_title (t, algorithm, kind);
  WsPlot *plot;

  if (x != NULL && strcmp (x, "n") != 0 && ws_csv_table_column (t, "params") < 0)
    {
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, "No parameters to plot against");
      return NULL;
    }
  points = chart_points (t, algorithm, kind, x);
  plot = ws_plot_new (title);
  set_axes (plot, t, algorithm, kind, x);
  for (guint i = 0; i < points->len; i++)
    {
      Point *p = g_ptr_array_index (points, i);
      guint s;
      if (!g_ptr_array_find_with_equal_func (series, p->series, g_str_equal, &s))
        {
          s = ws_plot_add_series (plot, p->series);
          g_ptr_array_add (series, p->series);
        }
      ws_plot_add_point (plot, s, p->x, point_mean (p), isfinite (p->lo) ? p->lo : NAN,
                         isfinite (p->hi) ? p->hi : NAN);
    }
  if (kind == WS_CHART_SPEEDUP)
    add_crossovers (plot, series, x);
  return plot;
}

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

/* Whether any ok row of the algorithm has a value in the column. */
static gboolean
has_values (const WsCsvTable *t, const char *algorithm, const char *column)
{
  for (guint r = 0; r < t->rows->len; r++)
    if (row_ok (t, r) && row_of (t, r, algorithm) && isfinite (number (t, r, column)))
      return TRUE;
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
  if (!has_values (t, algo, "median_s"))
    return TRUE;
  if (!save_chart (t, algo, WS_CHART_TIME, "n", dir, "time", error)
      || !save_chart (t, algo, WS_CHART_THROUGHPUT, "n", dir, "throughput", error)
      || (has_values (t, algo, "speedup")
          && !save_chart (t, algo, WS_CHART_SPEEDUP, "n", dir, "speedup", error)))
    return FALSE;
  return !has_values (t, algo, "gflop_per_s") || save_gflops (t, algo, dir, preset, error);
}

gboolean
ws_bench_report_plots (const WsCsvTable *t, const char *dir, const WsPreset *preset,
                       GError **error)
{
  g_autoptr (GPtrArray) algos = algorithms_of (t);

  for (guint i = 0; i < algos->len; i++)
    if (!save_algorithm (t, g_ptr_array_index (algos, i), dir, preset, error))
      return FALSE;
  return TRUE;
}
