/* ws-renderer-geometry.c: where the bars view goes in a viewport — its
 * panel, the header's rows, the plot area right of the axis and over the
 * marks' room, the columns it has for bins, the key under a pixel — and
 * the names of the view's layers. What draws the view (ws-renderer-bars.c,
 * ws-renderer-values.c) stands on it. */
#include "ws-renderer-private.h"

#include <math.h>

#include "ws-bar-axis.h"
#include "ws-legend.h"

gboolean
ws_renderer_bars_has_header (const WsBarsView *v)
{
  return v->caption != NULL || v->legend;
}

WsBarsHeaderWidths
ws_renderer_bars_header_widths (cairo_t *cr, const WsBarsView *v)
{
  double s = MAX (v->scale, 1.0);
  const char *compared = v->compared_name ? v->compared_name : "compared";
  const char *swapped = v->swapped_name ? v->swapped_name : "swapped";
  WsBarsHeaderWidths w = { 0, 0, 0, 0, 18 * s };

  ws_legend_font (cr, s, TRUE);
  if (v->caption != NULL)
    w.caption = ws_legend_text_width (cr, v->caption);
  ws_legend_font (cr, s, FALSE);
  w.scale = ws_legend_scale_width (cr, v->vmin, v->vmax, 120 * s, s);
  w.swapped = ws_legend_swatch_width (cr, swapped, s);
  w.keys = ws_legend_swatch_width (cr, compared, s) + 12 * s + w.swapped;
  return w;
}

/* Two rows where the caption and the legend do not fit one (a long
 * caption, presentation mode's larger text): the legend goes under the
 * caption rather than being left out. */
int
ws_renderer_bars_header_rows (const WsBarsView *v, double width)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  double s = MAX (v->scale, 1.0), room = width - 2 * WS_BARS_MARGIN * s;
  WsBarsHeaderWidths w = ws_renderer_bars_header_widths (cr, v);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return v->legend && v->caption != NULL
         && w.caption + w.gap + w.scale + w.gap + w.keys > room ? 2 : 1;
}

WsRect
ws_renderer_view_panel (const WsBarsView *v, int width, int height)
{
  return v->panel.width > 0 ? v->panel : (WsRect) { 0, 0, width, height };
}

WsBarsArea
ws_renderer_bars_area (const WsBarsView *v, int width, int height)
{
  WsRect p = ws_renderer_view_panel (v, width, height);
  double s = MAX (v->scale, 1.0), under = (WS_BARS_MARGIN + WS_BARS_MARK_ROOM) * s;
  WsBarsArea a = { s };

  a.top = p.y + (ws_renderer_bars_has_header (v)
                   ? WS_LEGEND_ROW * ws_renderer_bars_header_rows (v, p.width)
                   : WS_BARS_MARGIN) * s;
  a.bottom = height - (p.y + p.height) + under;
  a.height = MAX (p.y + p.height - under - a.top, 1);
  a.left = p.x + WS_BARS_MARGIN * s;
  if (v->axis)
    a.left += v->axis_width > 0 ? v->axis_width : ws_bar_axis_width (v, a.height);
  a.width = MAX (p.x + p.width - WS_BARS_MARGIN * s - a.left, 1);
  return a;
}

WsRect
ws_renderer_bars_plot (const WsBarsView *v, int width, int height)
{
  WsBarsArea a = ws_renderer_bars_area (v, width, height);

  return (WsRect) { a.left, a.top, a.width, a.height };
}

guint
ws_renderer_bars_columns (const WsBarsView *v, int width, int height)
{
  /* Whole columns: the plot's width rounded as the pixels fall. */
  return (guint) MAX (lround (ws_renderer_bars_area (v, width, height).width), 1);
}

double
ws_renderer_bars_axis_width (const WsBarsView *v, int width, int height)
{
  return ws_bar_axis_width (v, ws_renderer_bars_area (v, width, height).height);
}

gint64
ws_renderer_bars_key_at (const WsBarsView *v, int width, int height, double x, double y)
{
  WsBarsArea a = ws_renderer_bars_area (v, width, height);
  double top = height - a.bottom - a.height, fraction = (x - a.left) / a.width;

  if (v->keys == 0 || fraction < 0 || fraction >= 1 || y < top || y > height - a.bottom)
    return -1;
  return (gint64) MIN ((guint64) (fraction * (double) v->keys), v->keys - 1);
}

guint
ws_renderer_bar_columns (int width, double scale)
{
  WsBarsView v = { .scale = scale };

  return ws_renderer_bars_columns (&v, width, 1);
}

char *
ws_renderer_layer_name (const WsBarsView *v, const char *what)
{
  return g_strdup_printf ("bars-%s%s%s", what, v->name ? "-" : "", v->name ? v->name : "");
}
