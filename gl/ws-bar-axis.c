/* ws-bar-axis.c: a bars view's value axis (see ws-bar-axis.h). */
#include "ws-bar-axis.h"

#include <math.h>

#include "ws-bar-values.h"
#include "ws-legend.h"
#include "ws-plot-axis.h"

/* Logical pixels: a tick's length, the air between it and its label, and
 * the least distance between two labels' middles. */
enum { TICK = 5, AIR = 4, LABEL_GAP = 48 };

static void
append (GArray *ticks, double value)
{
  g_array_append_val (ticks, value);
}

static double
tick_value (const GArray *ticks, guint i)
{
  return g_array_index (ticks, WsPlotTick, i).value;
}

/* The charts' ticks (WsPlotTick) at the finest step that puts them
 * min_gap apart: they count the multiples in the range, not the space
 * between them, so fewer are asked for until they stand apart. */
static GArray *
spaced_multiples (double vmin, double vmax, double length, double min_gap)
{
  WsPlotAxis axis = { WS_PLOT_LINEAR, vmin, vmax, FALSE };
  GArray *multiples = NULL;

  for (guint labels = (guint) MIN (floor (length / min_gap) + 1, 64); labels >= 2; labels--)
    {
      g_clear_pointer (&multiples, g_array_unref);
      multiples = ws_plot_axis_ticks (&axis, length, labels);
      if (multiples->len < 2
          || (tick_value (multiples, 1) - tick_value (multiples, 0)) * length / (vmax - vmin)
               >= min_gap)
        break;
    }
  return multiples;
}

GArray *
ws_bar_axis_ticks (double vmin, double vmax, gboolean integral, double length, double min_gap)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));
  g_autoptr (GArray) multiples = NULL;
  double per_unit = length / (vmax - vmin);

  append (ticks, vmin);
  if (!(vmax > vmin) || !(length > 0) || !(min_gap > 0))
    return ticks;
  /* A band shorter than min_gap (a scan's input band in a 180-pixel frame)
   * has room for no multiples: its ends only. */
  multiples = spaced_multiples (vmin, vmax, length, min_gap);
  for (guint i = 0; multiples != NULL && i < multiples->len; i++)
    {
      double v = tick_value (multiples, i);
      if ((!integral || v == round (v)) && (v - vmin) * per_unit >= min_gap / 2
          && (vmax - v) * per_unit >= min_gap / 2)
        append (ticks, v);
    }
  append (ticks, vmax);
  return ticks;
}

gboolean
ws_bar_axis_grid (const GArray *ticks, double *first, double *step)
{
  guint interior = ticks->len - 2;
  const double *t = (const double *) ticks->data;

  if (ticks->len < 3)
    return FALSE;
  *first = t[1];
  /* One interior tick: its line alone (a step past the scale's end). */
  *step = interior >= 2 ? t[2] - t[1] : 2 * (t[ticks->len - 1] - t[0]) + 1;
  return TRUE;
}

GArray *
ws_bar_axis_view_ticks (const WsBarsView *v, double height)
{
  double s = MAX (v->scale, 1.0);

  return ws_bar_axis_ticks (v->vmin, v->vmax, v->integral, height, LABEL_GAP * s);
}

double
ws_bar_axis_width (const WsBarsView *v, double height)
{
  g_autoptr (GArray) ticks = ws_bar_axis_view_ticks (v, height);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  double s = MAX (v->scale, 1.0), widest = 0;

  ws_legend_font (cr, s, FALSE);
  for (guint i = 0; i < ticks->len; i++)
    {
      g_autofree char *text = ws_bar_value_text (v->integral, g_array_index (ticks, double, i));
      widest = MAX (widest, ws_legend_text_width (cr, text));
    }
  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return ceil (widest + (TICK + AIR) * s);
}

void
ws_bar_axis_paint (cairo_t *cr, const WsBarsView *v, WsRect plot, double x, double y)
{
  g_autoptr (GArray) ticks = ws_bar_axis_view_ticks (v, plot.height);
  double s = MAX (v->scale, 1.0), edge = plot.x - x, bottom = plot.y + plot.height - y;

  cairo_set_source_rgb (cr, ws_legend_grey[0], ws_legend_grey[1], ws_legend_grey[2]);
  cairo_rectangle (cr, round (edge - s), round (plot.y - y), round (s), round (plot.height));
  cairo_fill (cr);
  ws_legend_font (cr, s, FALSE);
  for (guint i = 0; i < ticks->len; i++)
    {
      double value = g_array_index (ticks, double, i);
      double at = round (bottom - (value - v->vmin) / (v->vmax - v->vmin) * plot.height);
      g_autofree char *text = ws_bar_value_text (v->integral, value);
      cairo_set_source_rgb (cr, ws_legend_grey[0], ws_legend_grey[1], ws_legend_grey[2]);
      cairo_rectangle (cr, round (edge - TICK * s), at - round (s / 2), round (TICK * s),
                       round (s));
      cairo_fill (cr);
      ws_legend_text (cr, text, edge - (TICK + AIR) * s, at, WS_ALIGN_END);
    }
}
