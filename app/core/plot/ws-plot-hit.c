/* ws-plot-hit.c: what lies under a pointer on a WsPlot — a legend entry
 * or a point — for the application's tooltips and clicks, found in the
 * same layout that ws_plot_draw paints (ws-plot-frame.c), so that what a
 * user points at is what they see.
 */
#include "ws-plot.h"

#include <math.h>

#include "ws-plot-private.h"

static void
hit_clear (WsPlotHit *hit)
{
  *hit = (WsPlotHit) { WS_PLOT_HIT_NONE, 0, 0, NAN, NAN, NAN, NAN };
}

/* Every entry, hidden series' included: clicking one brings it back. */
static gboolean
hit_legend (const WsPlotFrame *f,
            double             px,
            double             py,
            WsPlotHit         *hit)
{
  for (guint i = 0; i < f->series->len; i++)
    {
      WsPlotRect r = ws_plot_legend_entry_box (f, i);
      if (!ws_plot_rect_contains (&r, px, py))
        continue;
      hit->kind = WS_PLOT_HIT_LEGEND;
      hit->series = i;
      return TRUE;
    }
  return FALSE;
}

static void
fill_point (const WsPlotFrame *f,
            guint              series,
            guint              index,
            WsPlotHit         *hit)
{
  GArray *points = ws_plot_frame_series (f, series)->points;
  const WsPlotPoint *p = &g_array_index (points, WsPlotPoint, index);
  gboolean bar = ws_plot_point_has_bar (p);

  hit->kind = WS_PLOT_HIT_POINT;
  hit->series = series;
  hit->index = index;
  hit->x = p->x, hit->y = p->y;
  hit->lo = bar ? p->lo : NAN;
  hit->hi = bar ? p->hi : NAN;
}

/* The spots are the points drawn: hidden series and values the axes
 * cannot show have none. Ties go to the series drawn first. */
static gboolean
hit_point (const WsPlotFrame *f,
           double             px,
           double             py,
           double             radius,
           WsPlotHit         *hit)
{
  double best = G_MAXDOUBLE;
  const WsPlotSpot *nearest = NULL;
  guint series = 0;

  for (guint i = 0; i < f->spots->len; i++)
    {
      GArray *spots = ws_plot_frame_spots (f, i);
      for (guint k = 0; k < spots->len; k++)
        {
          const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
          double d = hypot (s->x - px, s->y - py);
          if (d <= radius && d < best)
            best = d, nearest = s, series = i;
        }
    }
  if (nearest != NULL)
    fill_point (f, series, nearest->index, hit);
  return nearest != NULL;
}

/* What lies at (px, py) of a laid-out frame: a legend entry first. */
static gboolean
frame_hit (const WsPlotFrame *f,
           double             px,
           double             py,
           double             radius,
           WsPlotHit         *hit)
{
  return hit_legend (f, px, py, hit) || hit_point (f, px, py, radius, hit);
}

/* Text measures the same on an image surface of any size, so one pixel
 * will do. GTK 4's drawing areas record onto a surface that measures as
 * image surfaces do (checked with cairo 1.16); vector files (SVG, PDF)
 * measure unhinted, a pixel off at most, which a hit radius absorbs. */
static cairo_t *
measuring_context (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 1, 1);
  cairo_t *cr = cairo_create (surface);

  cairo_surface_destroy (surface);
  return cr;
}

/* Lays plot out in f as a drawing of width × height would be; FALSE when
 * it would say "No data". The caller destroys f->cr. */
static gboolean
lay_out (WsPlotFrame *f,
         WsPlot      *plot,
         double       width,
         double       height)
{
  ws_plot_frame_init (f, plot, measuring_context (), width, height);
  return ws_plot_frame_lay_out (f);
}

static gboolean
valid_size (double width,
            double height)
{
  return isfinite (width) && isfinite (height) && width > 0 && height > 0;
}

gboolean
ws_plot_hit (WsPlot    *plot,
             double     width,
             double     height,
             double     px,
             double     py,
             double     radius,
             WsPlotHit *hit)
{
  g_auto (WsPlotFrame) f = { 0 };
  gboolean found;

  g_return_val_if_fail (hit != NULL, FALSE);
  hit_clear (hit);
  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (valid_size (width, height), FALSE);

  found = lay_out (&f, plot, width, height) && frame_hit (&f, px, py, radius, hit);
  cairo_destroy (f.cr);
  return found;
}

gboolean
ws_plot_project (WsPlot *plot,
                 double  width,
                 double  height,
                 double  x,
                 double  y,
                 double *px,
                 double *py)
{
  g_auto (WsPlotFrame) f = { 0 };
  gboolean placed;

  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (valid_size (width, height), FALSE);
  g_return_val_if_fail (px != NULL && py != NULL, FALSE);

  *px = *py = NAN;
  placed = lay_out (&f, plot, width, height) && ws_plot_axis_accepts (&f.x, x)
           && ws_plot_axis_accepts (&f.y, y);
  if (placed)
    *px = ws_plot_frame_x (&f, x), *py = ws_plot_frame_y (&f, y);
  cairo_destroy (f.cr);
  return placed;
}
