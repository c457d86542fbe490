/* ws-plot.c: WsPlot's model, and the layers of its drawing.
 *
 * A drawing is one pass over a WsPlotFrame (ws-plot-private.h): the ranges
 * from the data and the plot area from the text measured around it
 * (ws-plot-layout.c), then the layers from the back (grid) to the front
 * (legend, ws-plot-legend.c). Files are written in ws-plot-save.c, ticks
 * are chosen in ws-plot-axis.c, pens and text live in ws-plot-paint.c.
 */
#include "ws-plot.h"

#include <math.h>

#include "ws-plot-paint.h"
#include "ws-plot-private.h"

struct _WsPlot
{
  char        *title;
  char        *x_label;
  char        *y_label;
  WsPlotScale  x_scale;
  WsPlotScale  y_scale;
  GPtrArray   *series; /* WsPlotSeries */
  GArray      *hlines; /* WsPlotHline */
};

/* ---- The model ---- */

static void
series_free (gpointer data)
{
  WsPlotSeries *series = data;

  g_free (series->name);
  g_array_unref (series->points);
  g_free (series);
}

static void
hline_clear (gpointer data)
{
  g_free (((WsPlotHline *) data)->label);
}

WsPlot *
ws_plot_new (const char *title)
{
  WsPlot *plot = g_new0 (WsPlot, 1);

  plot->title = g_strdup (title);
  plot->series = g_ptr_array_new_with_free_func (series_free);
  plot->hlines = g_array_new (FALSE, FALSE, sizeof (WsPlotHline));
  g_array_set_clear_func (plot->hlines, hline_clear);
  return plot;
}

void
ws_plot_free (WsPlot *plot)
{
  if (plot == NULL)
    return;
  g_free (plot->title);
  g_free (plot->x_label);
  g_free (plot->y_label);
  g_ptr_array_unref (plot->series);
  g_array_unref (plot->hlines);
  g_free (plot);
}

void
ws_plot_set_x_axis (WsPlot     *plot,
                    const char *label,
                    WsPlotScale scale)
{
  g_return_if_fail (plot != NULL);

  g_free (plot->x_label);
  plot->x_label = g_strdup (label);
  plot->x_scale = scale;
}

void
ws_plot_set_y_axis (WsPlot     *plot,
                    const char *label,
                    WsPlotScale scale)
{
  g_return_if_fail (plot != NULL);

  g_free (plot->y_label);
  plot->y_label = g_strdup (label);
  plot->y_scale = scale;
}

guint
ws_plot_add_series (WsPlot     *plot,
                    const char *name)
{
  WsPlotSeries *series;

  g_return_val_if_fail (plot != NULL, 0);

  series = g_new0 (WsPlotSeries, 1);
  series->name = g_strdup (name != NULL ? name : "");
  series->points = g_array_new (FALSE, FALSE, sizeof (WsPlotPoint));
  g_ptr_array_add (plot->series, series);
  return plot->series->len - 1;
}

void
ws_plot_add_point (WsPlot *plot,
                   guint   series,
                   double  x,
                   double  y,
                   double  y_lo,
                   double  y_hi)
{
  WsPlotPoint point = { x, y, y_lo, y_hi };

  g_return_if_fail (plot != NULL);
  g_return_if_fail (series < plot->series->len);

  g_array_append_val (((WsPlotSeries *) plot->series->pdata[series])->points, point);
}

void
ws_plot_add_hline (WsPlot     *plot,
                   double      y,
                   const char *label)
{
  WsPlotHline hline = { y, g_strdup (label) };

  g_return_if_fail (plot != NULL);

  g_array_append_val (plot->hlines, hline);
}

/* ---- The layers ---- */

/* Selects the font at size, smaller if need be for text to fit in room. */
static void
fit_font (cairo_t    *cr,
          const char *text,
          double      size,
          double      room,
          gboolean    bold)
{
  double w;

  ws_plot_paint_font (cr, size, bold);
  w = ws_plot_paint_text_width (cr, text);
  if (w > room && room > 0)
    ws_plot_paint_font (cr, size * room / w, bold);
}

/* Only the chart's rectangle: a widget's cairo_t may reach further. A
 * path the caller left behind is dropped, not filled. */
static void
draw_background (cairo_t *cr,
                 double   width,
                 double   height)
{
  cairo_new_path (cr);
  ws_plot_paint_rgb (cr, 0xffffff, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);
}

/* Returns where the space below the title starts. */
static double
draw_title (const WsPlotFrame *f)
{
  double top = WS_PLOT_PAD * f->u;

  if (!ws_plot_has_text (f->title))
    return top;
  fit_font (f->cr, f->title, WS_PLOT_TITLE_SIZE * f->u, f->width - 2 * WS_PLOT_PAD * f->u, TRUE);
  ws_plot_paint_rgb (f->cr, WS_PLOT_INK, 1);
  ws_plot_paint_text (f->cr, f->title, f->width / 2, top, 0.5, 0);
  return top + ws_plot_paint_line_height (f->cr) + WS_PLOT_GAP * f->u;
}

static void
draw_no_data (const WsPlotFrame *f,
              double             top)
{
  ws_plot_paint_font (f->cr, 1.5 * WS_PLOT_LABEL_SIZE * f->u, FALSE);
  ws_plot_paint_rgb (f->cr, 0x666666, 1);
  ws_plot_paint_text (f->cr, "No data", f->width / 2, (top + f->height) / 2, 0.5, 0.5);
}

static void
draw_grid (const WsPlotFrame *f)
{
  double w = ws_plot_crisp_width (0.12 * f->u);
  const WsPlotRect *a = &f->area;

  cairo_set_line_width (f->cr, w);
  ws_plot_paint_rgb (f->cr, WS_PLOT_GRID, 1);
  for (guint i = 0; i < f->y_ticks->len; i++)
    {
      const WsPlotTick *t = &g_array_index (f->y_ticks, WsPlotTick, i);
      double y = ws_plot_snap (ws_plot_frame_y (f, t->value), w);
      if (t->major)
        cairo_move_to (f->cr, a->x, y), cairo_line_to (f->cr, a->x + a->w, y);
    }
  for (guint i = 0; i < f->x_ticks->len; i++)
    {
      const WsPlotTick *t = &g_array_index (f->x_ticks, WsPlotTick, i);
      double x = ws_plot_snap (ws_plot_frame_x (f, t->value), w);
      if (t->major)
        cairo_move_to (f->cr, x, a->y), cairo_line_to (f->cr, x, a->y + a->h);
    }
  cairo_stroke (f->cr);
}

/* Ticks point outwards, away from the data; labels sit past them. */
static void
draw_tick (const WsPlotFrame *f,
           const WsPlotAxis  *axis,
           const WsPlotTick  *t,
           double             w)
{
  double len = (t->major ? 1 : 0.6) * WS_PLOT_TICK_LENGTH * f->u, gap = len + WS_PLOT_GAP * f->u;
  double bottom = f->area.y + f->area.h;
  g_autofree char *text = t->major ? ws_plot_tick_label (t) : NULL;
  double at = axis == &f->x ? ws_plot_frame_x (f, t->value) : ws_plot_frame_y (f, t->value);
  double pos = ws_plot_snap (at, w);

  if (axis == &f->x)
    cairo_move_to (f->cr, pos, bottom), cairo_rel_line_to (f->cr, 0, len);
  else
    cairo_move_to (f->cr, f->area.x, pos), cairo_rel_line_to (f->cr, -len, 0);
  cairo_stroke (f->cr);
  if (text != NULL && axis == &f->x)
    ws_plot_paint_text (f->cr, text, pos, bottom + gap, 0.5, 0);
  else if (text != NULL)
    ws_plot_paint_text (f->cr, text, f->area.x - gap, pos, 1, 0.5);
}

static void
draw_axis_labels (const WsPlotFrame *f)
{
  const WsPlotRect *a = &f->area;

  ws_plot_paint_rgb (f->cr, WS_PLOT_INK, 1);
  if (ws_plot_has_text (f->x_label))
    {
      fit_font (f->cr, f->x_label, WS_PLOT_LABEL_SIZE * f->u, a->w, FALSE);
      ws_plot_paint_text (f->cr, f->x_label, a->x + a->w / 2,
                          f->height - WS_PLOT_PAD * f->u, 0.5, 1);
    }
  if (!ws_plot_has_text (f->y_label))
    return;
  cairo_save (f->cr);
  cairo_translate (f->cr, WS_PLOT_PAD * f->u, a->y + a->h / 2);
  cairo_rotate (f->cr, -G_PI / 2);
  fit_font (f->cr, f->y_label, WS_PLOT_LABEL_SIZE * f->u, a->h, FALSE);
  ws_plot_paint_text (f->cr, f->y_label, 0, 0, 0.5, 0);
  cairo_restore (f->cr);
}

static void
draw_axes (const WsPlotFrame *f)
{
  double w = ws_plot_crisp_width (0.25 * f->u);
  double left = ws_plot_snap (f->area.x, w), bottom = ws_plot_snap (f->area.y + f->area.h, w);

  cairo_set_line_width (f->cr, w);
  cairo_set_line_cap (f->cr, CAIRO_LINE_CAP_SQUARE);
  ws_plot_paint_rgb (f->cr, WS_PLOT_INK, 1);
  cairo_move_to (f->cr, left, f->area.y);
  cairo_line_to (f->cr, left, bottom);
  cairo_line_to (f->cr, f->area.x + f->area.w, bottom);
  cairo_stroke (f->cr);
  cairo_set_line_cap (f->cr, CAIRO_LINE_CAP_BUTT);
  ws_plot_paint_font (f->cr, WS_PLOT_TICK_SIZE * f->u, FALSE);
  for (guint i = 0; i < f->y_ticks->len; i++)
    draw_tick (f, &f->y, &g_array_index (f->y_ticks, WsPlotTick, i), w);
  for (guint i = 0; i < f->x_ticks->len; i++)
    draw_tick (f, &f->x, &g_array_index (f->x_ticks, WsPlotTick, i), w);
  draw_axis_labels (f);
}

static void
draw_error_bars (const WsPlotFrame *f,
                 guint              i)
{
  GArray *spots = ws_plot_frame_spots (f, i);
  double cap = 1.1 * WS_PLOT_MARKER_SIZE * f->u;

  cairo_set_line_width (f->cr, 0.75 * WS_PLOT_LINE_WIDTH * f->u);
  ws_plot_paint_rgb (f->cr, ws_plot_paint_series_rgb (i), 1);
  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      if (!s->bar)
        continue;
      cairo_move_to (f->cr, s->x, s->top), cairo_line_to (f->cr, s->x, s->bottom);
      cairo_move_to (f->cr, s->x - cap, s->top), cairo_line_to (f->cr, s->x + cap, s->top);
      if (s->cap_bottom)
        cairo_move_to (f->cr, s->x - cap, s->bottom), cairo_line_to (f->cr, s->x + cap, s->bottom);
    }
  cairo_stroke (f->cr);
}

static void
draw_line (const WsPlotFrame *f,
           guint              i)
{
  GArray *spots = ws_plot_frame_spots (f, i);

  cairo_set_line_width (f->cr, WS_PLOT_LINE_WIDTH * f->u);
  cairo_set_line_join (f->cr, CAIRO_LINE_JOIN_ROUND);
  ws_plot_paint_rgb (f->cr, ws_plot_paint_series_rgb (i), 1);
  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      cairo_line_to (f->cr, s->x, s->y);
    }
  cairo_stroke (f->cr);
}

static void
draw_markers (const WsPlotFrame *f,
              guint              i)
{
  GArray *spots = ws_plot_frame_spots (f, i);

  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      ws_plot_paint_marker (f->cr, i, s->x, s->y, WS_PLOT_MARKER_SIZE * f->u);
    }
}

static void
draw_hline (const WsPlotFrame *f,
            const WsPlotHline *h)
{
  double w = ws_plot_crisp_width (0.8 * WS_PLOT_LINE_WIDTH * f->u);
  double y = ws_plot_snap (ws_plot_frame_y (f, h->y), w);
  double dash[] = { 1.6 * f->u, 1.0 * f->u };

  cairo_set_dash (f->cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_set_line_width (f->cr, w);
  ws_plot_paint_rgb (f->cr, WS_PLOT_REFERENCE, 1);
  cairo_move_to (f->cr, f->area.x, y);
  cairo_line_to (f->cr, f->area.x + f->area.w, y);
  cairo_stroke (f->cr);
  cairo_set_dash (f->cr, NULL, 0, 0);
}

static void
draw_hline_label (const WsPlotFrame *f,
                  const WsPlotHline *h)
{
  WsPlotRect r;

  if (!ws_plot_has_text (h->label))
    return;
  r = ws_plot_frame_hline_label_box (f, h);
  ws_plot_paint_rgb (f->cr, 0xffffff, 0.8);
  cairo_rectangle (f->cr, r.x, r.y, r.w, r.h);
  cairo_fill (f->cr);
  ws_plot_paint_rgb (f->cr, WS_PLOT_INK, 1);
  ws_plot_paint_text (f->cr, h->label, r.x + r.w / 2, r.y, 0.5, 0);
}

/* ---- The whole chart ---- */

/* The data layers, clipped to the plot area: the grid, then the reference
 * lines, error bars, lines and markers (so markers stay on top). */
static void
draw_data (const WsPlotFrame *f)
{
  const GArray *hlines = f->hlines;

  cairo_save (f->cr);
  cairo_rectangle (f->cr, f->area.x, f->area.y, f->area.w, f->area.h);
  cairo_clip (f->cr);
  draw_grid (f);
  for (guint i = 0; i < hlines->len; i++)
    if (ws_plot_frame_hline_visible (f, &g_array_index (hlines, WsPlotHline, i)))
      draw_hline (f, &g_array_index (hlines, WsPlotHline, i));
  for (guint i = 0; i < f->spots->len; i++)
    draw_error_bars (f, i);
  for (guint i = 0; i < f->spots->len; i++)
    draw_line (f, i);
  for (guint i = 0; i < f->spots->len; i++)
    draw_markers (f, i);
  cairo_restore (f->cr);
}

static void
draw_chart (WsPlotFrame *f,
            double       top)
{
  const GArray *hlines = f->hlines;

  ws_plot_frame_layout (f, top, 0);
  ws_plot_frame_project (f);
  ws_plot_legend_place (f, top);
  draw_data (f);
  for (guint i = 0; i < hlines->len; i++)
    if (ws_plot_frame_hline_visible (f, &g_array_index (hlines, WsPlotHline, i)))
      draw_hline_label (f, &g_array_index (hlines, WsPlotHline, i));
  draw_axes (f);
  ws_plot_legend_draw (f);
}

static void
frame_clear (WsPlotFrame *f)
{
  g_clear_pointer (&f->x_ticks, g_array_unref);
  g_clear_pointer (&f->y_ticks, g_array_unref);
  g_clear_pointer (&f->spots, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (WsPlotFrame, frame_clear)

static void
frame_init (WsPlotFrame  *f,
            const WsPlot *plot,
            cairo_t      *cr,
            double        width,
            double        height)
{
  f->title = plot->title;
  f->x_label = plot->x_label;
  f->y_label = plot->y_label;
  f->x_scale = plot->x_scale;
  f->y_scale = plot->y_scale;
  f->series = plot->series;
  f->hlines = plot->hlines;
  f->cr = cr;
  f->width = width;
  f->height = height;
  f->u = MIN (height, width / 1.6) / 100;
}

void
ws_plot_draw (WsPlot  *plot,
              cairo_t *cr,
              double   width,
              double   height)
{
  g_auto (WsPlotFrame) f = { 0 };
  double top;

  g_return_if_fail (plot != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (isfinite (width) && isfinite (height) && width > 0 && height > 0);

  frame_init (&f, plot, cr, width, height);
  cairo_save (cr);
  draw_background (cr, width, height);
  top = draw_title (&f);
  if (ws_plot_frame_find_ranges (&f))
    draw_chart (&f, top);
  else
    draw_no_data (&f, top);
  cairo_restore (cr);
}
