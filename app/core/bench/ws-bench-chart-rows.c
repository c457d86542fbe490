/* ws-bench-chart-rows.c: the charts of benchmark results (see
 * ws-bench-report.h), made row by row — from a table held whole (the
 * application's panel, `bench`) or straight from a file (`plot`), where only
 * the points are kept: a chart of a million rows needs the memory of its
 * points, not of the rows.
 *
 * A GPU variant run on several GPUs (bench --devices) is a series a GPU,
 * "bitonic gpu · GPU 1"; where the results have one GPU, or none, the
 * series are named as before devices existed. A file is charted row by
 * row, so its rows' series are kept by their device and named once all
 * have been read.
 */
#include "ws-bench-report.h"

#include <math.h>
#include <string.h>

#include "ws-bench-devices.h"
#include "ws-bench-json.h"
#include "ws-bench-points.h"
#include "ws-error.h"

/* The window sum: the one algorithm whose n is a grid side N, and the one
 * whose rows have GFLOP/s (study 001's count). */
#define GRID_ALGORITHM "stencil"

/* Where name's value is in "radius=2;block=8": FALSE when it is not there. */
static gboolean
param_find (const char *params, const char *name, const char **value, gsize *len)
{
  gsize want = strlen (name);

  for (const char *p = params; *p != '\0';)
    {
      const char *end = strchr (p, ';');
      gsize part = end ? (gsize) (end - p) : strlen (p);
      if (part > want && strncmp (p, name, want) == 0 && p[want] == '=')
        {
          *value = p + want + 1, *len = part - want - 1;
          return TRUE;
        }
      p += part + (end != NULL);
    }
  return FALSE;
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

static gboolean
by_n (const char *x)
{
  return x == NULL || strcmp (x, "n") == 0;
}

/* A configuration's series and, for a parameter's x, its value there. */
typedef struct
{
  const char *series; /* pooled: with its GPU, " · GPU 1", where the row names one */
  double      x;      /* NAN: the row has no such parameter */
  gboolean    bad;    /* it has, but not a number */
} Config;

/* A chart made row by row: rows may come from a table held whole (the
 * application, `bench`) or straight from a file too big to hold (`plot`). */
typedef struct
{
  WsBenchColumns c;
  const char    *path;        /* for messages; NULL: "the results" */
  const char    *algorithm;   /* NULL: every one */
  const char    *x;           /* a parameter; NULL: n, the size */
  WsChartKind    kind;
  WsNames        algorithms;  /* of every row, for an unknown one's message */
  WsNames        params;      /* the distinct params texts of the charted algorithm */
  WsNames        x_names;     /* their parameters' names: the x axes there are */
  WsNames        series;
  WsNames        devices;     /* the GPUs the rows name (device_index), each once */
  GHashTable    *single;      /* series → its name where the rows name one GPU or none */
  GHashTable    *configs;     /* "ALGO\037VARIANT\037PARAMS\037DEVICE" → Config */
  GString       *key;
  WsPoints       points;
  double         largest_n;   /* of the charted algorithm's ok rows */
  double         level_lo, level_hi; /* the charted intervals' coverage, lowest and highest */
  char          *timing, *baseline; /* the first row's, for the title */
  double         peak;        /* the GPU's GB/s, from the first row with a share of it */
  guint          rows;
  WsBenchLeftOut left_out;
} ChartRows;

/* The columns a chart of this kind cannot do without; the intervals'
 * (ci_lo_s, ci_hi_s, speedup_lo, speedup_hi) only add error bars. */
static gboolean
check_columns (const ChartRows *d, GError **error)
{
  WsBenchCol needed[] = { WS_BENCH_COL_ALGORITHM, WS_BENCH_COL_VARIANT, WS_BENCH_COL_N,
                          WS_BENCH_COL_PARAMS, WS_BENCH_COL_STATUS, WS_BENCH_COL_MEDIAN,
                          WS_BENCH_N_COLS, WS_BENCH_N_COLS };
  guint n = 6;

  if (d->kind == WS_CHART_SPEEDUP)
    needed[n++] = WS_BENCH_COL_BASELINE, needed[n++] = WS_BENCH_COL_SPEEDUP;
  else if (d->kind == WS_CHART_THROUGHPUT)
    needed[n++] = WS_BENCH_COL_GB_PER_S;
  else if (d->kind == WS_CHART_GFLOPS)
    needed[n++] = WS_BENCH_COL_GFLOP_PER_S;
  return ws_bench_columns_check (&d->c, needed, n, d->path, error);
}

static gboolean
chart_rows_init (ChartRows *d, const char *const *header, const char *path, const char *algorithm,
                 WsChartKind kind, const char *x, GError **error)
{
  *d = (ChartRows) { .path = path, .algorithm = algorithm, .x = by_n (x) ? NULL : x, .kind = kind,
                     .peak = NAN, .level_lo = NAN, .level_hi = NAN };
  ws_bench_columns_find (&d->c, header);
  if (!check_columns (d, error))
    return FALSE;
  ws_names_init (&d->algorithms), ws_names_init (&d->params), ws_names_init (&d->x_names);
  ws_names_init (&d->series), ws_names_init (&d->devices), ws_points_init (&d->points);
  d->single = g_hash_table_new (g_direct_hash, g_direct_equal);
  d->configs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  d->key = g_string_new (NULL);
  return TRUE;
}

static void
chart_rows_clear (ChartRows *d)
{
  if (d->key == NULL)
    return; /* never set up */
  ws_names_clear (&d->algorithms), ws_names_clear (&d->params), ws_names_clear (&d->x_names);
  ws_names_clear (&d->series), ws_names_clear (&d->devices), ws_points_clear (&d->points);
  g_clear_pointer (&d->single, g_hash_table_unref);
  g_clear_pointer (&d->configs, g_hash_table_unref);
  g_string_free (g_steal_pointer (&d->key), TRUE);
  g_clear_pointer (&d->timing, g_free);
  g_clear_pointer (&d->baseline, g_free);
  ws_bench_left_out_clear (&d->left_out);
}

/* What any row tells: the title's words from the first, the GPU's peak
 * bandwidth from the first that has its share of it (whichever algorithm:
 * the device is the same). */
static void
note_row (ChartRows *d, const char *const *f, const WsBenchValues *values)
{
  const double *v = values->v;

  if (d->rows++ == 0)
    {
      d->timing = g_strdup (WS_FIELD (&d->c, f, TIMING));
      d->baseline = g_strdup (WS_FIELD (&d->c, f, BASELINE));
    }
  if (!isfinite (d->peak) && isfinite (v[WS_BENCH_COL_GB_PER_S]) && v[WS_BENCH_COL_PEAK_SHARE] > 0)
    d->peak = v[WS_BENCH_COL_GB_PER_S] / v[WS_BENCH_COL_PEAK_SHARE];
  ws_names_add (&d->algorithms, WS_FIELD (&d->c, f, ALGORITHM));
  if (WS_FIELD (&d->c, f, DEVICE_INDEX)[0] != '\0')
    ws_names_add (&d->devices, WS_FIELD (&d->c, f, DEVICE_INDEX));
}

/* "radius=2;block=8" → radius and block are x axes. Once per distinct
 * text: rows repeat a few of them. */
static void
note_params (ChartRows *d, const char *params)
{
  g_auto (GStrv) parts = NULL;

  if (ws_names_has (&d->params, params))
    return;
  ws_names_add (&d->params, params);
  parts = g_strsplit (params, ";", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      char *eq = strchr (parts[i], '=');
      if (eq != NULL)
        *eq = '\0', ws_names_add (&d->x_names, parts[i]);
    }
}

/* The value of parameter x in params: NAN and FALSE when absent, *bad
 * when present but not a number. */
static double
param_value (const char *params, const char *x, gboolean *bad)
{
  const char *value;
  gsize len;
  g_autofree char *text = NULL;
  char *end = NULL;
  double v;

  *bad = FALSE;
  if (!param_find (params, x, &value, &len))
    return NAN;
  text = g_strndup (value, len);
  v = g_ascii_strtod (text, &end);
  *bad = end == text || *end != '\0' || !isfinite (v);
  return *bad ? NAN : v;
}

static Config *
config_new (ChartRows *d, const char *const *f)
{
  Config *cfg = g_new0 (Config, 1);
  const char *params = WS_FIELD (&d->c, f, PARAMS), *device = WS_FIELD (&d->c, f, DEVICE_INDEX);
  g_autofree char *rest = params_without (params, d->x);
  g_autofree char *name = g_strdup_printf ("%s %s%s%s", WS_FIELD (&d->c, f, ALGORITHM),
                                           WS_FIELD (&d->c, f, VARIANT), rest[0] ? " " : "", rest);
  g_autofree char *on = g_strdup_printf ("%s" WS_BENCH_ON_GPU, name, device);

  cfg->series = ws_names_add (&d->series, device[0] ? on : name);
  g_hash_table_insert (d->single, (gpointer) cfg->series, (gpointer) ws_names_add (&d->series, name));
  cfg->x = d->x ? param_value (params, d->x, &cfg->bad) : NAN;
  return cfg;
}

/* A row's series and x, made once per configuration: the rows of one
 * repeat it across sizes and instances. */
static const Config *
config_of (ChartRows *d, const char *const *f)
{
  Config *cfg;

  g_string_assign (d->key, WS_FIELD (&d->c, f, ALGORITHM));
  g_string_append_c (d->key, '\037');
  g_string_append (d->key, WS_FIELD (&d->c, f, VARIANT));
  g_string_append_c (d->key, '\037');
  g_string_append (d->key, WS_FIELD (&d->c, f, PARAMS));
  g_string_append_c (d->key, '\037');
  g_string_append (d->key, WS_FIELD (&d->c, f, DEVICE_INDEX));
  if ((cfg = g_hash_table_lookup (d->configs, d->key->str)) == NULL)
    {
      cfg = config_new (d, f);
      g_hash_table_insert (d->configs, g_strdup (d->key->str), cfg);
    }
  return cfg;
}

/* A row's y and its interval for the chart's kind; FALSE when the row has
 * nothing to show there. Rates get their interval from the time's. */
static gboolean
chart_value (const ChartRows *d, const char *const *f, const double *v, double *y, double *lo,
             double *hi)
{
  double median = v[WS_BENCH_COL_MEDIAN];

  switch (d->kind)
    {
    case WS_CHART_TIME:
      *y = median, *lo = v[WS_BENCH_COL_CI_LO], *hi = v[WS_BENCH_COL_CI_HI];
      break;
    case WS_CHART_SPEEDUP:
      if (strcmp (WS_FIELD (&d->c, f, VARIANT), WS_FIELD (&d->c, f, BASELINE)) == 0)
        return FALSE;
      *y = v[WS_BENCH_COL_SPEEDUP], *lo = v[WS_BENCH_COL_SPEEDUP_LO], *hi = v[WS_BENCH_COL_SPEEDUP_HI];
      break;
    case WS_CHART_THROUGHPUT:
    case WS_CHART_GFLOPS:
      *y = v[d->kind == WS_CHART_THROUGHPUT ? WS_BENCH_COL_GB_PER_S : WS_BENCH_COL_GFLOP_PER_S];
      *lo = *y * median / v[WS_BENCH_COL_CI_HI];
      *hi = *y * median / v[WS_BENCH_COL_CI_LO];
      break;
    }
  return isfinite (*y)
         && (d->kind != WS_CHART_GFLOPS || strcmp (WS_FIELD (&d->c, f, ALGORITHM), GRID_ALGORITHM) == 0);
}

/* Against a parameter, a chart shows the largest size only (study 001 drew
 * its charts at one N): a larger one than any so far starts the points
 * afresh. */
static gboolean
at_charted_size (ChartRows *d, double n)
{
  if (n > d->largest_n)
    {
      d->largest_n = n;
      if (d->x != NULL)
        ws_points_clear (&d->points), ws_points_init (&d->points), d->level_lo = d->level_hi = NAN;
    }
  return d->x == NULL || n == d->largest_n;
}

/* The coverage of the median's interval a charted row has: 95% from six
 * samples on, less below (0.75 at three). */
static void
note_level (ChartRows *d, double level)
{
  if (!isfinite (level))
    return;
  d->level_lo = isfinite (d->level_lo) ? MIN (d->level_lo, level) : level;
  d->level_hi = isfinite (d->level_hi) ? MAX (d->level_hi, level) : level;
}

static void
add_point (ChartRows *d, const char *const *f, const double *v, guint line)
{
  const Config *cfg = config_of (d, f);
  double n = v[WS_BENCH_COL_N], y = NAN, lo = NAN, hi = NAN;

  if (cfg->bad)
    {
      g_autofree char *shown = ws_bench_field_shown (WS_FIELD (&d->c, f, PARAMS));
      ws_bench_left_out_add (&d->left_out, line,
                             g_strdup_printf ("params is “%s”: %s is not a number", shown, d->x));
      return;
    }
  if (!at_charted_size (d, n) || !chart_value (d, f, v, &y, &lo, &hi))
    return;
  if (d->x == NULL || isfinite (cfg->x))
    {
      ws_point_add (ws_points_get (&d->points, cfg->series, NULL, d->x ? cfg->x : n), y, 0, lo, hi);
      note_level (d, v[WS_BENCH_COL_CI_LEVEL]);
    }
}

static void
chart_rows_add (ChartRows *d, const char *const *f, guint line)
{
  WsBenchValues values;
  char *why = ws_bench_row_check (&d->c, f, &values);

  note_row (d, f, &values);
  if (d->algorithm != NULL && strcmp (WS_FIELD (&d->c, f, ALGORITHM), d->algorithm) != 0)
    return g_free (why);
  note_params (d, WS_FIELD (&d->c, f, PARAMS));
  if (why != NULL)
    ws_bench_left_out_add (&d->left_out, line, why);
  else if (strcmp (WS_FIELD (&d->c, f, STATUS), "ok") == 0)
    add_point (d, f, values.v, line);
}

/* "the results" or the file, for messages. */
static const char *
where (const ChartRows *d)
{
  return d->path ? d->path : "the results";
}

/* An algorithm or an x axis the rows do not have is a mistake to say,
 * with the choices there are, not an empty chart. */
static gboolean
check_choices (const ChartRows *d, GError **error)
{
  if (d->algorithm != NULL && !ws_names_has (&d->algorithms, d->algorithm))
    {
      g_autofree char *have = ws_names_list (&d->algorithms, NULL);
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT, d->rows == 0
                   ? "“%s” is not an algorithm of %s: it has no rows%s"
                   : "“%s” is not an algorithm of %s; choose one it has: %s",
                   d->algorithm, where (d), have);
      return FALSE;
    }
  if (d->x != NULL && !ws_names_has (&d->x_names, d->x))
    {
      g_autofree char *have = ws_names_list (&d->x_names, "n");
      g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
                   "“%s” is not a parameter of %s%s%s; the x axis can be %s", d->x,
                   d->algorithm ? d->algorithm : "the rows", d->algorithm ? " in " : " of ",
                   where (d), have);
      return FALSE;
    }
  return TRUE;
}

/* What the charted sizes count: keys, or the window sum's grid side N, or
 * both where the chart holds both kinds of algorithm (GFLOP/s charts only
 * the window sum). */
static void
size_kinds (const ChartRows *d, gboolean *grid, gboolean *keys)
{
  *grid = d->algorithm ? strcmp (d->algorithm, GRID_ALGORITHM) == 0
                       : ws_names_has (&d->algorithms, GRID_ALGORITHM);
  *keys = d->algorithm ? !*grid
                       : d->kind != WS_CHART_GFLOPS && d->algorithms.order->len > (*grid ? 1u : 0u);
}

static char *
x_label_of (const ChartRows *d)
{
  gboolean grid, keys;

  size_kinds (d, &grid, &keys);
  if (d->x != NULL)
    return g_strdup_printf ("%s (at %s = %.0f)", d->x, grid && !keys ? "N" : "n", d->largest_n);
  if (grid && keys)
    return g_strdup ("n (keys; the grid side N for stencil)");
  return g_strdup (grid ? "N (the grid side)" : "n (keys)");
}

static void
set_axes (WsPlot *plot, const ChartRows *d)
{
  static const char *const y_labels[] = { "median time (s)", "speedup (×)", "effective bandwidth (GB/s)",
                                          "GFLOP/s" };
  g_autofree char *x_label = x_label_of (d);

  ws_plot_set_x_axis (plot, x_label, d->x == NULL ? WS_PLOT_LOG : WS_PLOT_LINEAR);
  ws_plot_set_y_axis (plot, y_labels[d->kind], d->kind == WS_CHART_GFLOPS ? WS_PLOT_LINEAR : WS_PLOT_LOG);
  if (d->kind == WS_CHART_SPEEDUP)
    ws_plot_add_hline (plot, 1.0, "1× (as fast as the baseline)");
  if (d->kind == WS_CHART_THROUGHPUT && isfinite (d->peak))
    {
      g_autofree char *label = g_strdup_printf ("GPU peak %.0f GB/s", d->peak);
      ws_plot_add_hline (plot, d->peak, label);
    }
}

/* "95% interval", or the level the data have where they have fewer
 * samples: "75% interval (few samples)", "75–95% intervals (few samples)". */
static char *
interval_words_of (const ChartRows *d)
{
  double lo = floor (d->level_lo * 100 + 1e-9), hi = floor (d->level_hi * 100 + 1e-9);

  if (!isfinite (d->level_lo))
    return g_strdup ("interval of the median");
  if (lo >= 95)
    return g_strdup ("95% interval");
  if (lo == hi)
    return g_strdup_printf ("%.0f%% interval (few samples)", lo);
  return g_strdup_printf ("%.0f–%.0f%% intervals (few samples)", lo, hi);
}

static char *
chart_title (const ChartRows *d)
{
  const char *timing = d->timing ? d->timing : "", *baseline = d->baseline ? d->baseline : "";
  g_autofree char *what = d->algorithm ? g_strdup_printf ("%s: ", d->algorithm) : g_strdup ("");

  switch (d->kind)
    {
    case WS_CHART_TIME:
      {
        g_autofree char *interval = interval_words_of (d);
        return g_strdup_printf ("%smedian time (%s), %s", what, timing, interval);
      }
    case WS_CHART_SPEEDUP:
      return g_strdup_printf ("%sspeedup over %s (%s time)", what, baseline, timing);
    case WS_CHART_THROUGHPUT:
      return g_strdup_printf ("%seffective bandwidth (%s time)", what, timing);
    case WS_CHART_GFLOPS:
      return g_strdup_printf ("%sGFLOP/s (%s time)", what, timing);
    }
  return NULL;
}

#define MAX_CROSSOVERS 4 /* lines on a chart: more labels would not be read */

/* A labelled crossing per series that overtakes the baseline, for the
 * first MAX_CROSSOVERS of them in order; each hides with its series and
 * follows the scales (ws_plot_add_series_crossing). */
static void
add_crossovers (WsPlot *plot, const char *x)
{
  for (guint s = 0, added = 0; s < ws_plot_n_series (plot) && added < MAX_CROSSOVERS; s++)
    {
      g_autofree char *label = g_strdup_printf ("%s ≥ 1× from %s", ws_plot_series_name (plot, s),
                                                x ? x : "n");
      added += ws_plot_add_series_crossing (plot, s, 1.0, label);
    }
}

/* A series' name on the chart: with its GPU only where the rows name
 * several. */
static const char *
series_name (const ChartRows *d, const char *series)
{
  return d->devices.order->len > 1 ? series : g_hash_table_lookup (d->single, series);
}

/* The points, a series each in the order they first came. */
static WsPlot *
chart_rows_plot (const ChartRows *d, GError **error)
{
  g_autofree char *title = chart_title (d);
  g_autoptr (GHashTable) index = g_hash_table_new (g_direct_hash, g_direct_equal);
  WsPlot *plot;

  if (!check_choices (d, error))
    return NULL;
  plot = ws_plot_new (title);
  set_axes (plot, d);
  for (guint i = 0; i < d->points.order->len; i++)
    {
      const WsPoint *p = d->points.order->pdata[i];
      gpointer s;
      if (!g_hash_table_lookup_extended (index, p->series, NULL, &s))
        g_hash_table_insert (index, (gpointer) p->series,
                             s = GUINT_TO_POINTER (ws_plot_add_series (plot, series_name (d, p->series))));
      ws_plot_add_point (plot, GPOINTER_TO_UINT (s), p->x, ws_point_mean (p),
                         isfinite (p->lo) ? p->lo : NAN, isfinite (p->hi) ? p->hi : NAN);
    }
  if (d->kind == WS_CHART_SPEEDUP)
    add_crossovers (plot, d->x);
  return plot;
}

/* Every row of a table read whole (result.csv, or result.json's rows). */
static void
chart_rows_add_table (ChartRows *d, const WsCsvTable *t)
{
  for (guint r = 0; r < t->rows->len; r++)
    chart_rows_add (d, ws_csv_table_row (t, r), g_array_index (t->lines, guint, r));
}

WsPlot *
ws_bench_chart (const WsCsvTable *t, const char *algorithm, WsChartKind kind, const char *x,
                GError **error)
{
  ChartRows d = { 0 };
  WsPlot *plot = NULL;

  g_return_val_if_fail (t != NULL, NULL);
  if (chart_rows_init (&d, (const char *const *) t->header, NULL, algorithm, kind, x, error))
    {
      chart_rows_add_table (&d, t);
      plot = chart_rows_plot (&d, error);
    }
  chart_rows_clear (&d);
  return plot;
}

/* The series of plot's first n named name, or WS_PLOT_NO_SERIES. */
static guint
series_named (const WsPlot *plot, guint n, const char *name)
{
  for (guint s = 0; s < n; s++)
    if (g_str_equal (ws_plot_series_name (plot, s), name))
      return s;
  return WS_PLOT_NO_SERIES;
}

void
ws_bench_chart_add_baseline (WsPlot *plot, const WsPlot *baseline)
{
  guint own = ws_plot_n_series (plot);

  g_return_if_fail (plot != NULL && baseline != NULL);
  for (guint s = 0; s < ws_plot_n_series (baseline); s++)
    {
      const char *name = ws_plot_series_name (baseline, s);
      g_autofree char *label = g_strdup_printf ("%s (baseline)", name);
      guint like = series_named (plot, own, name);
      /* Results of several GPUs name GPU 0's series "… · GPU 0", a
       * baseline of one GPU (or from before devices) its own plainly: the
       * same configurations, drawn in the same colour. */
      if (like == WS_PLOT_NO_SERIES)
        {
          g_autofree char *on_0 = g_strdup_printf ("%s" WS_BENCH_ON_GPU, name, "0");
          like = series_named (plot, own, on_0);
        }
      guint b = ws_plot_add_dashed_series (plot, label, like);
      for (guint k = 0; k < ws_plot_n_points (baseline, s); k++)
        {
          double x, y, lo, hi;
          ws_plot_get_point (baseline, s, k, &x, &y, &lo, &hi);
          ws_plot_add_point (plot, b, x, y, lo, hi);
        }
    }
}

/* What a chart of this kind shows, for "nothing to chart". */
static const char *const kind_values[] = {
  "a median time", "a speedup (its baseline's rows have none)",
  "an effective bandwidth (gb_per_s)", "GFLOP/s (only stencil rows have them)",
};

static gboolean
check_not_empty (const ChartRows *d, GError **error)
{
  g_autofree char *left = ws_bench_left_out_describe (&d->left_out, d->path);
  g_autofree char *of = d->algorithm ? g_strdup_printf (" of %s", d->algorithm) : g_strdup ("");
  g_autofree char *at = d->x ? g_strdup_printf (" and a value of %s", d->x) : g_strdup ("");

  if (d->points.order->len > 0)
    return TRUE;
  g_set_error (error, WS_ERROR, WS_ERROR_INVALID_ARGUMENT,
               "Nothing to chart: no ok row%s in %s has %s%s%s%s%s", of, d->path,
               kind_values[d->kind], at, left ? " (" : "", left ? left : "", left ? ")" : "");
  return FALSE;
}

/* The chart of the rows added, with the warning of those left out. */
static WsPlot *
chart_end (ChartRows *d, char **warning, GError **error)
{
  WsPlot *plot;

  if ((plot = chart_rows_plot (d, error)) == NULL || !check_not_empty (d, error))
    {
      g_clear_pointer (&plot, ws_plot_free);
      return NULL;
    }
  *warning = ws_bench_left_out_describe (&d->left_out, d->path);
  return plot;
}

static WsPlot *
chart_file (ChartRows *d, WsCsvReader *r, char **warning, GError **error)
{
  const char *const *fields;
  GError *local = NULL;

  while ((fields = ws_csv_reader_next (r, &local)) != NULL)
    chart_rows_add (d, fields, ws_csv_reader_line (r));
  if (local != NULL)
    return g_propagate_error (error, local), NULL;
  d->left_out.cut_line = ws_csv_reader_cut_line (r);
  return chart_end (d, warning, error);
}

/* A result.json is read whole (JSON-GLib parses a document at once); its
 * rows then chart as result.csv's do, a row's "line" its configuration's
 * place in the file. */
static WsPlot *
chart_json (const char *path, const char *algorithm, WsChartKind kind, const char *x,
            char **warning, GError **error)
{
  g_autoptr (WsBenchJson) json = ws_bench_json_load (path, error);
  g_autoptr (WsCsvTable) t = json ? ws_bench_json_table (json) : NULL;
  ChartRows d = { 0 };
  WsPlot *plot = NULL;

  if (t != NULL
      && chart_rows_init (&d, (const char *const *) t->header, path, algorithm, kind, x, error))
    {
      chart_rows_add_table (&d, t);
      plot = chart_end (&d, warning, error);
    }
  chart_rows_clear (&d);
  return plot;
}

WsPlot *
ws_bench_chart_read (const char *path, const char *algorithm, WsChartKind kind, const char *x,
                     char **warning, GError **error)
{
  g_autoptr (WsCsvReader) r = NULL;
  ChartRows d = { 0 };
  WsPlot *plot = NULL;

  g_return_val_if_fail (path != NULL && warning != NULL, NULL);
  *warning = NULL;
  if (ws_bench_json_is_json_path (path))
    return chart_json (path, algorithm, kind, x, warning, error);
  if ((r = ws_csv_reader_open (path, TRUE, error)) != NULL
      && chart_rows_init (&d, ws_csv_reader_header (r), path, algorithm, kind, x, error))
    plot = chart_file (&d, r, warning, error);
  chart_rows_clear (&d);
  return plot;
}
