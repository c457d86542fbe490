/* ws-bench-chart.c: the benchmark page's chart — which algorithm, which
 * kind and which x axis, the log toggles, rebuilt from the rows as they
 * come (ws_bench_chart, the CLI's `plot`), and the values a point shows. */
#include "ws-bench-page-private.h"

#include <math.h>
#include <string.h>

static char *
selected_string (GtkDropDown *d)
{
  GtkStringObject *item = gtk_drop_down_get_selected_item (d);

  return item ? g_strdup (gtk_string_object_get_string (item)) : NULL;
}

static void
set_strings (GtkDropDown *d, const char *const *items)
{
  g_autoptr (GtkStringList) list = gtk_string_list_new (items);

  gtk_drop_down_set_model (d, G_LIST_MODEL (list));
}

static gboolean
model_has (GtkStringList *list, const char *s)
{
  for (guint i = 0; i < g_list_model_get_n_items (G_LIST_MODEL (list)); i++)
    if (g_str_equal (gtk_string_list_get_string (list, i), s))
      return TRUE;
  return FALSE;
}

static void
add_choice (GtkDropDown *d, const char *s)
{
  GtkStringList *list = GTK_STRING_LIST (gtk_drop_down_get_model (d));

  if (!model_has (list, s))
    gtk_string_list_append (list, s);
}

/* "radius=2;block=8" → radius, block as x axis choices. */
static void
add_param_choices (WsBenchPage *self, const char *params)
{
  g_auto (GStrv) pairs = g_strsplit (params ? params : "", ";", -1);

  for (guint i = 0; pairs[i] != NULL; i++)
    {
      char *eq = strchr (pairs[i], '=');
      if (eq != NULL)
        *eq = '\0', add_choice (self->chart_x, pairs[i]);
    }
}

/* The algorithms of the rows, and for the one charted, its parameters. */
static void
update_choices (WsBenchPage *self, guint from_row)
{
  g_autofree char *algorithm = NULL;

  for (guint r = from_row; r < self->results->rows->len; r++)
    add_choice (self->chart_algorithm, ws_csv_table_get (self->results, r, "algorithm"));
  algorithm = selected_string (self->chart_algorithm);
  for (guint r = from_row; r < self->results->rows->len; r++)
    if (g_strcmp0 (ws_csv_table_get (self->results, r, "algorithm"), algorithm) == 0)
      add_param_choices (self, ws_csv_table_get (self->results, r, "params"));
}

static void
apply_scales (WsBenchPage *self, WsPlot *plot)
{
  ws_plot_set_x_scale (plot, gtk_toggle_button_get_active (self->log_x) ? WS_PLOT_LOG : WS_PLOT_LINEAR);
  ws_plot_set_y_scale (plot, gtk_toggle_button_get_active (self->log_y) ? WS_PLOT_LOG : WS_PLOT_LINEAR);
}

static void on_scale_toggled (WsBenchPage *self);

/* A new kind of chart starts from its own axes (GFLOP/s linear, a
 * parameter linear); the toggles follow and can then be flipped. */
static void
take_scales (WsBenchPage *self, WsPlot *plot)
{
  g_signal_handlers_block_by_func (self->log_x, on_scale_toggled, self);
  g_signal_handlers_block_by_func (self->log_y, on_scale_toggled, self);
  gtk_toggle_button_set_active (self->log_x, ws_plot_get_x_scale (plot) == WS_PLOT_LOG);
  gtk_toggle_button_set_active (self->log_y, ws_plot_get_y_scale (plot) == WS_PLOT_LOG);
  g_signal_handlers_unblock_by_func (self->log_x, on_scale_toggled, self);
  g_signal_handlers_unblock_by_func (self->log_y, on_scale_toggled, self);
}

/* Compare with…: the baseline's series beside the results' own, dashed.
 * A baseline without the algorithm or the x axis charted has none to add
 * (not an error: the results chart as ever). */
static void
add_baseline (WsBenchPage *self, WsPlot *plot, const char *algorithm, const char *x)
{
  const WsCsvTable *rows = ws_bench_page_baseline_rows (self);
  g_autoptr (WsPlot) base = NULL;

  if (rows != NULL && rows->rows->len > 0)
    base = ws_bench_chart (rows, algorithm, gtk_drop_down_get_selected (self->chart_kind), x, NULL);
  if (base != NULL)
    ws_bench_chart_add_baseline (plot, base);
}

static void
rebuild_chart (WsBenchPage *self, gboolean fresh_axes)
{
  g_autofree char *algorithm = selected_string (self->chart_algorithm);
  g_autofree char *x = selected_string (self->chart_x);
  g_autoptr (GError) error = NULL;
  WsPlot *plot = NULL;

  if (self->results != NULL && self->results->rows->len > 0 && algorithm != NULL)
    plot = ws_bench_chart (self->results, algorithm, gtk_drop_down_get_selected (self->chart_kind),
                           x, &error);
  if (plot != NULL)
    add_baseline (self, plot, algorithm, x);
  if (plot != NULL && fresh_axes)
    take_scales (self, plot);
  else if (plot != NULL)
    apply_scales (self, plot);
  if (error != NULL)
    gtk_label_set_text (self->status_label, error->message);
  ws_plot_view_set_plot (self->plot_view, plot);
}

static gboolean
chart_due (gpointer data)
{
  WsBenchPage *self = data;

  self->chart_idle = 0;
  rebuild_chart (self, FALSE);
  return G_SOURCE_REMOVE;
}

/* Rows may come many a second: one rebuild per burst. */
static void
queue_chart (WsBenchPage *self)
{
  if (self->chart_idle == 0)
    self->chart_idle = g_idle_add_full (G_PRIORITY_LOW, chart_due, self, NULL);
}

static void
on_chart_choice (WsBenchPage *self)
{
  rebuild_chart (self, TRUE);
}

/* Another kind of chart shows every series again: a series hidden in the
 * time chart is not what its speedup chart is about. */
static void
on_chart_kind (WsBenchPage *self)
{
  ws_plot_view_show_all (self->plot_view);
  rebuild_chart (self, TRUE);
}

/* Another algorithm has other parameters: the x choices start again. */
static void
on_chart_algorithm (WsBenchPage *self)
{
  const char *const n_only[] = { "n", NULL };

  if (self->results == NULL)
    return;
  g_signal_handlers_block_by_func (self->chart_x, on_chart_choice, self);
  set_strings (self->chart_x, n_only);
  update_choices (self, 0);
  g_signal_handlers_unblock_by_func (self->chart_x, on_chart_choice, self);
  rebuild_chart (self, TRUE);
}

static void
on_scale_toggled (WsBenchPage *self)
{
  WsPlot *plot = ws_plot_view_get_plot (self->plot_view);

  if (plot == NULL)
    return;
  apply_scales (self, plot);
  gtk_widget_queue_draw (GTK_WIDGET (self->plot_view));
}

/* The tooltip of a point, in the chart's quantities. */
static char *
format_point (const WsPlotHit *hit, const char *series, gpointer data)
{
  WsBenchPage *self = data;
  g_autofree char *x = selected_string (self->chart_x);
  g_autofree char *where = g_strcmp0 (x, "n") == 0 || x == NULL
    ? g_strdup_printf ("n = %.0f", hit->x) : g_strdup_printf ("%s = %g", x, hit->x);
  gboolean bar = isfinite (hit->lo) && isfinite (hit->hi);

  switch ((WsChartKind) gtk_drop_down_get_selected (self->chart_kind))
    {
    case WS_CHART_TIME:
      {
        g_autofree char *t = ws_format_seconds (hit->y);
        g_autofree char *lo = ws_format_seconds (hit->lo), *hi = ws_format_seconds (hit->hi);
        /* the interval's level is the chart title's (fewer samples, less) */
        return bar ? g_strdup_printf ("%s, %s: median %s (interval %s … %s)", series, where, t, lo, hi)
                   : g_strdup_printf ("%s, %s: median %s", series, where, t);
      }
    case WS_CHART_SPEEDUP:
      return bar ? g_strdup_printf ("%s, %s: %.3g× (%.3g–%.3g)", series, where, hit->y, hit->lo, hit->hi)
                 : g_strdup_printf ("%s, %s: %.3g×", series, where, hit->y);
    case WS_CHART_THROUGHPUT:
      return g_strdup_printf ("%s, %s: %.3g GB/s", series, where, hit->y);
    case WS_CHART_GFLOPS:
      return g_strdup_printf ("%s, %s: %.3g GFLOP/s", series, where, hit->y);
    }
  return NULL;
}

/* ---- what the page asks ---- */

void
ws_bench_chart_reset (WsBenchPage *self)
{
  const char *const n_only[] = { "n", NULL };

  ws_plot_view_show_all (self->plot_view);
  g_signal_handlers_block_by_func (self->chart_algorithm, on_chart_algorithm, self);
  g_signal_handlers_block_by_func (self->chart_x, on_chart_choice, self);
  set_strings (self->chart_algorithm, NULL);
  set_strings (self->chart_x, n_only);
  g_signal_handlers_unblock_by_func (self->chart_x, on_chart_choice, self);
  g_signal_handlers_unblock_by_func (self->chart_algorithm, on_chart_algorithm, self);
  ws_plot_view_set_plot (self->plot_view, NULL);
}

/* The first rows get a chart at once; later ones one per burst. */
void
ws_bench_chart_rows_arrived (WsBenchPage *self, guint r)
{
  g_signal_handlers_block_by_func (self->chart_algorithm, on_chart_algorithm, self);
  g_signal_handlers_block_by_func (self->chart_x, on_chart_choice, self);
  update_choices (self, r);
  g_signal_handlers_unblock_by_func (self->chart_x, on_chart_choice, self);
  g_signal_handlers_unblock_by_func (self->chart_algorithm, on_chart_algorithm, self);
  if (r == 0)
    rebuild_chart (self, TRUE);
  else
    queue_chart (self);
}

void
ws_bench_chart_flush (WsBenchPage *self)
{
  if (self->chart_idle == 0)
    return;
  g_clear_handle_id (&self->chart_idle, g_source_remove);
  if (self->results != NULL)
    rebuild_chart (self, FALSE);
}

void
ws_bench_chart_connect (WsBenchPage *self)
{
  ws_plot_view_set_format (self->plot_view, format_point, self);
  g_signal_connect_swapped (self->chart_kind, "notify::selected", G_CALLBACK (on_chart_kind), self);
  g_signal_connect_swapped (self->chart_algorithm, "notify::selected", G_CALLBACK (on_chart_algorithm), self);
  g_signal_connect_swapped (self->chart_x, "notify::selected", G_CALLBACK (on_chart_choice), self);
  g_signal_connect_swapped (self->log_x, "toggled", G_CALLBACK (on_scale_toggled), self);
  g_signal_connect_swapped (self->log_y, "toggled", G_CALLBACK (on_scale_toggled), self);
}

void
ws_bench_chart_refresh (WsBenchPage *self)
{
  g_clear_handle_id (&self->chart_idle, g_source_remove);
  rebuild_chart (self, FALSE);
}
