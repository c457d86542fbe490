/* ws-plot-view.c: a WsPlot in a widget (see ws-plot-view.h). */
#include "ws-plot-view.h"

#include "ws-ui-services.h"

#define HIT_RADIUS 8.0 /* logical pixels around a marker that still show it */

struct _WsPlotView
{
  GtkWidget         parent_instance;

  WsPlot           *plot;
  GHashTable       *hidden;   /* series names the user switched off */
  WsPlotViewFormat  format;
  gpointer          format_data;
};

G_DEFINE_FINAL_TYPE (WsPlotView, ws_plot_view, GTK_TYPE_WIDGET)

/* Series hidden by name carry over to the next chart — unless they are all
 * it has: a chart with every series hidden has no legend to click. */
static void
apply_hidden (WsPlotView *self)
{
  guint n = self->plot ? ws_plot_n_series (self->plot) : 0, shown = 0;

  for (guint i = 0; i < n; i++)
    shown += !g_hash_table_contains (self->hidden, ws_plot_series_name (self->plot, i));
  for (guint i = 0; i < n && shown == 0; i++)
    g_hash_table_remove (self->hidden, ws_plot_series_name (self->plot, i));
  for (guint i = 0; i < n; i++)
    ws_plot_set_series_visible (self->plot, i,
                                !g_hash_table_contains (self->hidden, ws_plot_series_name (self->plot, i)));
}

void
ws_plot_view_set_plot (WsPlotView *self, WsPlot *plot)
{
  g_return_if_fail (WS_IS_PLOT_VIEW (self));
  g_clear_pointer (&self->plot, ws_plot_free);
  self->plot = plot;
  apply_hidden (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

WsPlot *
ws_plot_view_get_plot (WsPlotView *self)
{
  return self->plot;
}

void
ws_plot_view_set_format (WsPlotView *self, WsPlotViewFormat format, gpointer data)
{
  self->format = format, self->format_data = data;
}

void
ws_plot_view_show_all (WsPlotView *self)
{
  g_hash_table_remove_all (self->hidden);
  apply_hidden (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* The one series still drawn stays: with none, the chart would say "No
 * data" and have no legend left to click. */
static gboolean
last_visible (WsPlotView *self, guint series)
{
  for (guint i = 0; i < ws_plot_n_series (self->plot); i++)
    if (i != series && ws_plot_series_visible (self->plot, i))
      return FALSE;
  return ws_plot_series_visible (self->plot, series);
}

/* Presentation mode's larger text, markers and strokes (the chart's own
 * sizes follow its size; this multiplies them), for drawing and hits. */
static void
emphasize (WsPlotView *self)
{
  ws_plot_set_emphasis (self->plot, ws_ui_emphasis (GTK_WIDGET (self)));
}

static gboolean
hit_at (WsPlotView *self, double x, double y, WsPlotHit *hit)
{
  int w = gtk_widget_get_width (GTK_WIDGET (self)), h = gtk_widget_get_height (GTK_WIDGET (self));

  if (self->plot == NULL || w <= 0 || h <= 0)
    return FALSE;
  emphasize (self);
  return ws_plot_hit (self->plot, w, h, x, y, HIT_RADIUS, hit);
}

char *
ws_plot_view_tooltip_at (WsPlotView *self, double x, double y)
{
  WsPlotHit hit;
  const char *name;

  if (!hit_at (self, x, y, &hit))
    return NULL;
  name = ws_plot_series_name (self->plot, hit.series);
  if (hit.kind == WS_PLOT_HIT_LEGEND && last_visible (self, hit.series))
    return g_strdup_printf ("%s — the only series shown", name);
  if (hit.kind == WS_PLOT_HIT_LEGEND)
    return g_strdup_printf (ws_plot_series_visible (self->plot, hit.series)
                            ? "%s — click to hide" : "%s — click to show", name);
  if (self->format != NULL)
    return self->format (&hit, name, self->format_data);
  return g_strdup_printf ("%s: (%g, %g)", name, hit.x, hit.y);
}

gboolean
ws_plot_view_click_at (WsPlotView *self, double x, double y)
{
  WsPlotHit hit;
  const char *name;

  if (!hit_at (self, x, y, &hit) || hit.kind != WS_PLOT_HIT_LEGEND || last_visible (self, hit.series))
    return FALSE;
  name = ws_plot_series_name (self->plot, hit.series);
  if (!g_hash_table_remove (self->hidden, name))
    g_hash_table_add (self->hidden, g_strdup (name));
  apply_hidden (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

static gboolean
on_query_tooltip (GtkWidget *widget, int x, int y, gboolean keyboard, GtkTooltip *tooltip, gpointer data)
{
  g_autofree char *text = ws_plot_view_tooltip_at (WS_PLOT_VIEW (widget), x, y);

  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

static void
on_released (GtkGestureClick *gesture, int n_press, double x, double y, gpointer data)
{
  ws_plot_view_click_at (data, x, y);
}

/* The chart is drawn by Cairo into the snapshot: the same code, the same
 * pixels as the exported PNG at this size. */
static void
ws_plot_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  WsPlotView *self = WS_PLOT_VIEW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_t *cr;

  if (self->plot == NULL || w <= 0 || h <= 0)
    return;
  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  emphasize (self);
  ws_plot_draw (self->plot, cr, w, h);
  cairo_destroy (cr);
}

/* Presentation mode comes and goes as a style class of the window. */
static void
ws_plot_view_css_changed (GtkWidget *widget, GtkCssStyleChange *change)
{
  GTK_WIDGET_CLASS (ws_plot_view_parent_class)->css_changed (widget, change);
  gtk_widget_queue_draw (widget);
}

static void
ws_plot_view_dispose (GObject *object)
{
  WsPlotView *self = WS_PLOT_VIEW (object);

  g_clear_pointer (&self->plot, ws_plot_free);
  g_clear_pointer (&self->hidden, g_hash_table_unref);
  G_OBJECT_CLASS (ws_plot_view_parent_class)->dispose (object);
}

static void
ws_plot_view_class_init (WsPlotViewClass *klass)
{
  G_OBJECT_CLASS (klass)->dispose = ws_plot_view_dispose;
  GTK_WIDGET_CLASS (klass)->snapshot = ws_plot_view_snapshot;
  GTK_WIDGET_CLASS (klass)->css_changed = ws_plot_view_css_changed;
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "ws-plot-view");
}

static void
ws_plot_view_init (WsPlotView *self)
{
  GtkGesture *click = gtk_gesture_click_new ();

  self->hidden = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_size_request (GTK_WIDGET (self), 320, 200);
  g_signal_connect (self, "query-tooltip", G_CALLBACK (on_query_tooltip), NULL);
  g_signal_connect (click, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
ws_plot_view_new (void)
{
  return g_object_new (WS_TYPE_PLOT_VIEW, NULL);
}
