/* ws-renderer-values.c: the bars view's value axis and the values on its
 * bars, each a layer painted again only when it changes (ws-bar-axis.h
 * and ws-bar-values.h say what they show). */
#include "ws-renderer-private.h"

#include <math.h>

#include "ws-bar-axis.h"
#include "ws-bar-values.h"
#include "ws-legend.h"

typedef struct
{
  const WsBarsView *view;
  WsRect            plot;
  double            x, y; /* the layer's corner in the viewport */
} AxisLayer;

static void
paint_axis (cairo_t *cr, int width, int height, gconstpointer data)
{
  const AxisLayer *l = data;

  ws_bar_axis_paint (cr, l->view, l->plot, l->x, l->y);
}

/* Left of the plot, from half a row over its top to half a row under its
 * bottom, where the end labels reach. */
void
ws_renderer_draw_axis (WsRenderer *r, const WsBarsView *v, int width, int height)
{
  WsRect p = ws_renderer_view_panel (v, width, height);
  WsRect plot = ws_renderer_bars_plot (v, width, height);
  double half = WS_LEGEND_ROW * MAX (v->scale, 1.0) / 2;
  int x = (int) lround (p.x), y = (int) floor (MAX (plot.y - half, p.y));
  int bottom = (int) ceil (MIN (plot.y + plot.height + half, p.y + p.height));
  AxisLayer l = { v, plot, x, y };
  g_autofree char *name = ws_renderer_layer_name (v, "axis");
  g_autofree char *key = g_strdup_printf ("%.17g|%.17g|%d|%g|%g,%g,%g,%g", v->vmin, v->vmax,
                                          v->integral, v->scale, plot.x, plot.y, plot.width,
                                          plot.height);

  if (v->axis)
    ws_layers_draw (r->layers, name, key, x, y, (int) ceil (plot.x) - x, bottom - y,
                    paint_axis, &l, width, height);
}

gboolean
ws_renderer_bars_values_fit (const WsBarsView *v, int width, int height)
{
  WsBarValuesFit fit;

  return ws_bar_values_fit (v, ws_renderer_bars_plot (v, width, height), &fit);
}

typedef struct
{
  const GArray         *labels;
  const WsBarValuesFit *fit;
  WsColormapStyle       style;
  double                x, y;
} ValuesLayer;

static void
paint_values (cairo_t *cr, int width, int height, gconstpointer data)
{
  const ValuesLayer *l = data;

  ws_bar_values_paint (cr, l->labels, l->fit, l->style, l->x, l->y);
}

/* What the values' layer shows: painted again when a label changes. */
static char *
values_key (const GArray *labels, const WsBarValuesFit *fit, WsColormapStyle style, WsRect plot)
{
  GString *key = g_string_new (NULL);

  g_string_printf (key, "%d|%g|%d|%g,%g,%g,%g|", fit->vertical, fit->size, style, plot.x, plot.y,
                   plot.width, plot.height);
  for (guint i = 0; i < labels->len; i++)
    {
      const WsBarLabel *l = &g_array_index (labels, WsBarLabel, i);
      g_string_append_printf (key, "%s@%.1f,%.1f,%d,%.4f;", l->text, l->x, l->y, l->inside, l->t);
    }
  return g_string_free (key, FALSE);
}

void
ws_renderer_draw_values (WsRenderer *r, const WsBarsView *v, int width, int height)
{
  WsRect plot = ws_renderer_bars_plot (v, width, height);
  int x = (int) floor (plot.x), y = (int) floor (plot.y);
  g_autofree char *name = ws_renderer_layer_name (v, "values"), *key = NULL;
  g_autoptr (GArray) labels = NULL;
  WsBarValuesFit fit;

  if (v->values == NULL || !ws_bar_values_fit (v, plot, &fit))
    return;
  labels = ws_bar_values_place (v, plot, &fit);
  key = values_key (labels, &fit, r->style, plot);
  ValuesLayer l = { labels, &fit, r->style, x, y };
  ws_layers_draw (r->layers, name, key, x, y, (int) ceil (plot.x + plot.width) - x,
                  (int) ceil (plot.y + plot.height) - y, paint_values, &l, width, height);
}
