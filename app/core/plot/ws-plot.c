/* ws-plot.c: WsPlot's model, and the layers of its drawing.
 *
 * A drawing is one pass over a WsPlotFrame (ws-plot-private.h): the whole
 * layout first, drawing nothing (ws-plot-frame.c; ws-plot-hit.c lays out
 * the same), then the layers from the back (grid) to the front (legend,
 * ws-plot-legend.c). Files are written in ws-plot-save.c, ticks are chosen
 * in ws-plot-axis.c, pens and text live in ws-plot-paint.c.
 */
#include "ws-plot.h"

#include <math.h>

#include "ws-plot-paint.h"
#include "ws-plot-private.h"
#include "ws-plot-thin.h"

struct _WsPlot
{
  char        *title;
  char        *x_label;
  char        *y_label;
  WsPlotScale  x_scale;
  WsPlotScale  y_scale;
  GPtrArray   *series; /* WsPlotSeries */
  GArray      *hlines; /* WsPlotHline */
  GArray      *vlines; /* WsPlotVline */
  double       emphasis; /* text, markers and strokes a multiple of the size's */
  int          legend_corner; /* where the legend went last (ws-plot-legend.c), -1: nowhere yet */
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

static void
vline_clear (gpointer data)
{
  WsPlotVline *v = data;

  g_free (v->label);
  g_free (v->prefix);
}

WsPlot *
ws_plot_new (const char *title)
{
  WsPlot *plot = g_new0 (WsPlot, 1);

  plot->title = g_strdup (title);
  plot->emphasis = 1.0;
  plot->legend_corner = -1;
  plot->series = g_ptr_array_new_with_free_func (series_free);
  plot->hlines = g_array_new (FALSE, FALSE, sizeof (WsPlotHline));
  g_array_set_clear_func (plot->hlines, hline_clear);
  plot->vlines = g_array_new (FALSE, FALSE, sizeof (WsPlotVline));
  g_array_set_clear_func (plot->vlines, vline_clear);
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
  g_array_unref (plot->vlines);
  g_free (plot);
}

/* ---- Crossings ---- */

char *
ws_format_si (double x, const char *sep)
{
  static const char *const prefixes[] = { "", "k", "M", "G", "T", "P" };
  guint group = 0;

  while (fabs (x) >= 999.5 && group + 1 < G_N_ELEMENTS (prefixes))
    x /= 1000, group++;
  return g_strdup_printf ("%.3g%s%s", x, group > 0 ? sep : "", prefixes[group]);
}

static int
compare_point_x (gconstpointer a,
                 gconstpointer b)
{
  double xa = ((const WsPlotPoint *) a)->x, xb = ((const WsPlotPoint *) b)->x;

  return (xa > xb) - (xa < xb);
}

/* Where the series' line, as the scales draw it, first goes from below
 * level to level or above, in x order: the points the axes can place,
 * joined by straight segments in axis space. NAN when it never does. */
static double
crossing_x (const WsPlot *plot,
            guint         series,
            double        level)
{
  GArray *all = ((WsPlotSeries *) plot->series->pdata[series])->points;
  g_autoptr (GArray) drawn = g_array_sized_new (FALSE, FALSE, sizeof (WsPlotPoint), all->len);
  WsPlotAxis xa, ya;

  ws_plot_axis_init (&xa, plot->x_scale);
  ws_plot_axis_init (&ya, plot->y_scale);
  for (guint i = 0; i < all->len; i++)
    {
      const WsPlotPoint *p = &g_array_index (all, WsPlotPoint, i);
      if (ws_plot_axis_accepts (&xa, p->x) && ws_plot_axis_accepts (&ya, p->y))
        g_array_append_val (drawn, *p);
    }
  g_array_sort (drawn, compare_point_x);
  for (guint k = 1; k < drawn->len; k++)
    {
      const WsPlotPoint *a = &g_array_index (drawn, WsPlotPoint, k - 1);
      const WsPlotPoint *b = &g_array_index (drawn, WsPlotPoint, k);
      double ax = ws_plot_scale_to_axis (plot->x_scale, a->x);
      double bx = ws_plot_scale_to_axis (plot->x_scale, b->x);
      double ay = ws_plot_scale_to_axis (plot->y_scale, a->y);
      double by = ws_plot_scale_to_axis (plot->y_scale, b->y);
      double at;
      if (!(a->y < level && b->y >= level))
        continue;
      at = ax + (ws_plot_scale_to_axis (plot->y_scale, level) - ay) / (by - ay) * (bx - ax);
      return plot->x_scale == WS_PLOT_LOG ? pow (10, at) : at;
    }
  return NAN;
}

/* A crossing's x and label follow the data and the scales. */
static void
update_crossing (const WsPlot *plot,
                 WsPlotVline  *v)
{
  g_autofree char *where = NULL;

  v->x = crossing_x (plot, v->series, v->level);
  g_clear_pointer (&v->label, g_free);
  if (!isfinite (v->x))
    return;
  where = ws_format_si (v->x, "");
  v->label = g_strdup_printf ("%s ≈ %s", v->prefix, where);
}

static void
update_crossings (WsPlot *plot)
{
  for (guint i = 0; i < plot->vlines->len; i++)
    {
      WsPlotVline *v = &g_array_index (plot->vlines, WsPlotVline, i);
      if (!isnan (v->level))
        update_crossing (plot, v);
    }
}

gboolean
ws_plot_add_series_crossing (WsPlot     *plot,
                             guint       series,
                             double      level,
                             const char *label)
{
  WsPlotVline vline = { NAN, NULL, series, level, NULL };

  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (series < plot->series->len, FALSE);
  g_return_val_if_fail (isfinite (level), FALSE);

  vline.prefix = g_strdup (label);
  update_crossing (plot, &vline);
  if (!isfinite (vline.x))
    {
      vline_clear (&vline);
      return FALSE;
    }
  g_array_append_val (plot->vlines, vline);
  return TRUE;
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
  update_crossings (plot);
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
  update_crossings (plot);
}

void
ws_plot_set_x_scale (WsPlot     *plot,
                     WsPlotScale scale)
{
  g_return_if_fail (plot != NULL);

  plot->x_scale = scale;
  update_crossings (plot);
}

void
ws_plot_set_y_scale (WsPlot     *plot,
                     WsPlotScale scale)
{
  g_return_if_fail (plot != NULL);

  plot->y_scale = scale;
  update_crossings (plot);
}

WsPlotScale
ws_plot_get_x_scale (const WsPlot *plot)
{
  g_return_val_if_fail (plot != NULL, WS_PLOT_LINEAR);

  return plot->x_scale;
}

WsPlotScale
ws_plot_get_y_scale (const WsPlot *plot)
{
  g_return_val_if_fail (plot != NULL, WS_PLOT_LINEAR);

  return plot->y_scale;
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
  series->pen = plot->series->len;
  g_ptr_array_add (plot->series, series);
  return plot->series->len - 1;
}

guint
ws_plot_add_dashed_series (WsPlot     *plot,
                           const char *name,
                           guint       like)
{
  guint i = ws_plot_add_series (plot, name);
  WsPlotSeries *series = plot->series->pdata[i];

  series->dashed = TRUE;
  if (like < i)
    series->pen = ((WsPlotSeries *) plot->series->pdata[like])->pen;
  return i;
}

guint
ws_plot_series_pen (const WsPlot *plot,
                    guint         series)
{
  g_return_val_if_fail (plot != NULL, 0);
  g_return_val_if_fail (series < plot->series->len, 0);

  return ((WsPlotSeries *) plot->series->pdata[series])->pen;
}

gboolean
ws_plot_series_dashed (const WsPlot *plot,
                       guint         series)
{
  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (series < plot->series->len, FALSE);

  return ((WsPlotSeries *) plot->series->pdata[series])->dashed;
}

void
ws_plot_set_emphasis (WsPlot *plot, double emphasis)
{
  g_return_if_fail (plot != NULL && emphasis > 0);
  plot->emphasis = emphasis;
}

const char *
ws_plot_title (const WsPlot *plot)
{
  g_return_val_if_fail (plot != NULL, NULL);
  return plot->title;
}

const char *
ws_plot_x_label (const WsPlot *plot)
{
  g_return_val_if_fail (plot != NULL, NULL);
  return plot->x_label;
}

guint
ws_plot_n_series (const WsPlot *plot)
{
  g_return_val_if_fail (plot != NULL, 0);

  return plot->series->len;
}

const char *
ws_plot_series_name (const WsPlot *plot,
                     guint         series)
{
  g_return_val_if_fail (plot != NULL, NULL);
  g_return_val_if_fail (series < plot->series->len, NULL);

  return ((WsPlotSeries *) plot->series->pdata[series])->name;
}

guint
ws_plot_n_points (const WsPlot *plot,
                  guint         series)
{
  g_return_val_if_fail (plot != NULL, 0);
  g_return_val_if_fail (series < plot->series->len, 0);

  return ((WsPlotSeries *) plot->series->pdata[series])->points->len;
}

void
ws_plot_get_point (const WsPlot *plot,
                   guint         series,
                   guint         i,
                   double       *x,
                   double       *y,
                   double       *y_lo,
                   double       *y_hi)
{
  const WsPlotPoint *p;

  g_return_if_fail (i < ws_plot_n_points (plot, series));
  p = &g_array_index (((WsPlotSeries *) plot->series->pdata[series])->points, WsPlotPoint, i);
  *x = p->x, *y = p->y, *y_lo = p->lo, *y_hi = p->hi;
}

void
ws_plot_set_series_visible (WsPlot  *plot,
                            guint    series,
                            gboolean visible)
{
  g_return_if_fail (plot != NULL);
  g_return_if_fail (series < plot->series->len);

  ((WsPlotSeries *) plot->series->pdata[series])->hidden = !visible;
}

gboolean
ws_plot_series_visible (const WsPlot *plot,
                        guint         series)
{
  g_return_val_if_fail (plot != NULL, FALSE);
  g_return_val_if_fail (series < plot->series->len, FALSE);

  return !((WsPlotSeries *) plot->series->pdata[series])->hidden;
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
  update_crossings (plot);
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

void
ws_plot_add_vline (WsPlot     *plot,
                   double      x,
                   const char *label)
{
  ws_plot_add_series_vline (plot, WS_PLOT_NO_SERIES, x, label);
}

void
ws_plot_add_series_vline (WsPlot     *plot,
                          guint       series,
                          double      x,
                          const char *label)
{
  WsPlotVline vline = { x, NULL, series, NAN, NULL };

  g_return_if_fail (plot != NULL);
  g_return_if_fail (series == WS_PLOT_NO_SERIES || series < plot->series->len);

  vline.label = g_strdup (label);
  g_array_append_val (plot->vlines, vline);
}

guint
ws_plot_n_vlines (const WsPlot *plot)
{
  g_return_val_if_fail (plot != NULL, 0);

  return plot->vlines->len;
}

double
ws_plot_vline_x (const WsPlot *plot,
                 guint         i)
{
  g_return_val_if_fail (plot != NULL, NAN);
  g_return_val_if_fail (i < plot->vlines->len, NAN);

  return g_array_index (plot->vlines, WsPlotVline, i).x;
}

const char *
ws_plot_vline_label (const WsPlot *plot,
                     guint         i)
{
  g_return_val_if_fail (plot != NULL, NULL);
  g_return_val_if_fail (i < plot->vlines->len, NULL);

  return g_array_index (plot->vlines, WsPlotVline, i).label;
}

guint
ws_plot_vline_series (const WsPlot *plot,
                      guint         i)
{
  g_return_val_if_fail (plot != NULL, WS_PLOT_NO_SERIES);
  g_return_val_if_fail (i < plot->vlines->len, WS_PLOT_NO_SERIES);

  return g_array_index (plot->vlines, WsPlotVline, i).series;
}

/* ---- The layers ---- */

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

static void
draw_title (const WsPlotFrame *f)
{
  if (!ws_plot_has_text (f->title))
    return;
  ws_plot_frame_title_font (f);
  ws_plot_paint_rgb (f->cr, WS_PLOT_INK, 1);
  ws_plot_paint_text (f->cr, f->title, f->width / 2, WS_PLOT_PAD * f->u, 0.5, 0);
}

static void
draw_no_data (const WsPlotFrame *f)
{
  ws_plot_paint_font (f->cr, 1.5 * WS_PLOT_LABEL_SIZE * f->u, FALSE);
  ws_plot_paint_rgb (f->cr, 0x666666, 1);
  ws_plot_paint_text (f->cr, "No data", f->width / 2, (f->top + f->height) / 2, 0.5, 0.5);
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
      ws_plot_paint_fit_font (f->cr, f->x_label, WS_PLOT_LABEL_SIZE * f->u, a->w, FALSE);
      ws_plot_paint_text (f->cr, f->x_label, a->x + a->w / 2,
                          f->height - WS_PLOT_PAD * f->u, 0.5, 1);
    }
  if (!ws_plot_has_text (f->y_label))
    return;
  cairo_save (f->cr);
  cairo_translate (f->cr, WS_PLOT_PAD * f->u, a->y + a->h / 2);
  cairo_rotate (f->cr, -G_PI / 2);
  ws_plot_paint_fit_font (f->cr, f->y_label, WS_PLOT_LABEL_SIZE * f->u, a->h, FALSE);
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
  WsPlotThin thin;

  cairo_set_line_width (f->cr, 0.75 * WS_PLOT_LINE_WIDTH * f->u);
  ws_plot_paint_rgb (f->cr, ws_plot_paint_series_rgb (ws_plot_frame_series (f, i)->pen), 1);
  ws_plot_thin_init (&thin, f, spots);
  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      if (!s->bar || !ws_plot_thin_keep (&thin, s->x, s->top, s->bottom))
        continue;
      cairo_move_to (f->cr, s->x, s->top), cairo_line_to (f->cr, s->x, s->bottom);
      cairo_move_to (f->cr, s->x - cap, s->top), cairo_line_to (f->cr, s->x + cap, s->top);
      if (s->cap_bottom)
        cairo_move_to (f->cr, s->x - cap, s->bottom), cairo_line_to (f->cr, s->x + cap, s->bottom);
    }
  ws_plot_thin_clear (&thin);
  cairo_stroke (f->cr);
}

void
ws_plot_frame_series_pen (const WsPlotFrame *f,
                          guint              i)
{
  const WsPlotSeries *series = ws_plot_frame_series (f, i);
  double dash[] = { 2.0 * f->u, 1.0 * f->u };

  cairo_set_line_width (f->cr, WS_PLOT_LINE_WIDTH * f->u);
  ws_plot_paint_rgb (f->cr, ws_plot_paint_series_rgb (series->pen), 1);
  cairo_set_dash (f->cr, dash, series->dashed ? G_N_ELEMENTS (dash) : 0, 0);
}

void
ws_plot_frame_series_marker (const WsPlotFrame *f,
                             guint              i,
                             double             x,
                             double             y)
{
  const WsPlotSeries *series = ws_plot_frame_series (f, i);
  double r = WS_PLOT_MARKER_SIZE * f->u;

  if (series->dashed)
    ws_plot_paint_open_marker (f->cr, series->pen, x, y, r);
  else
    ws_plot_paint_marker (f->cr, series->pen, x, y, r);
}

static void
draw_line (const WsPlotFrame *f,
           guint              i)
{
  GArray *spots = ws_plot_frame_spots (f, i);

  ws_plot_frame_series_pen (f, i);
  cairo_set_line_join (f->cr, CAIRO_LINE_JOIN_ROUND);
  ws_plot_thin_line (f, spots);
  cairo_stroke (f->cr);
  cairo_set_dash (f->cr, NULL, 0, 0);
}

static void
draw_markers (const WsPlotFrame *f,
              guint              i)
{
  GArray *spots = ws_plot_frame_spots (f, i);
  WsPlotThin thin;

  ws_plot_thin_init (&thin, f, spots);
  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      if (ws_plot_thin_keep (&thin, s->x, s->y, s->y))
        ws_plot_frame_series_marker (f, i, s->x, s->y);
    }
  ws_plot_thin_clear (&thin);
}

/* Reference lines are dashed, grey and a whole number of pixels wide. */
static double
reference_width (const WsPlotFrame *f)
{
  return ws_plot_crisp_width (0.8 * WS_PLOT_LINE_WIDTH * f->u);
}

static void
draw_reference (const WsPlotFrame *f,
                double             x0,
                double             y0,
                double             x1,
                double             y1)
{
  double dash[] = { 1.6 * f->u, 1.0 * f->u };

  cairo_set_dash (f->cr, dash, G_N_ELEMENTS (dash), 0);
  cairo_set_line_width (f->cr, reference_width (f));
  ws_plot_paint_rgb (f->cr, WS_PLOT_REFERENCE, 1);
  cairo_move_to (f->cr, x0, y0);
  cairo_line_to (f->cr, x1, y1);
  cairo_stroke (f->cr);
  cairo_set_dash (f->cr, NULL, 0, 0);
}

static void
draw_hline (const WsPlotFrame *f,
            const WsPlotHline *h)
{
  double y = ws_plot_snap (ws_plot_frame_y (f, h->y), reference_width (f));

  draw_reference (f, f->area.x, y, f->area.x + f->area.w, y);
}

static void
draw_vline (const WsPlotFrame *f,
            const WsPlotVline *v)
{
  double x = ws_plot_snap (ws_plot_frame_x (f, v->x), reference_width (f));

  draw_reference (f, x, f->area.y, x, f->area.y + f->area.h);
}

/* On a light box, so that the lines it crosses do not strike it through. */
static void
draw_note (const WsPlotFrame *f,
           const char        *text,
           const WsPlotRect  *r)
{
  ws_plot_paint_rgb (f->cr, 0xffffff, 0.8);
  cairo_rectangle (f->cr, r->x, r->y, r->w, r->h);
  cairo_fill (f->cr);
  ws_plot_paint_rgb (f->cr, WS_PLOT_INK, 1);
  ws_plot_paint_text (f->cr, text, r->x + r->w / 2, r->y, 0.5, 0);
}

/* The labels of the reference lines drawn, above the data. */
static void
draw_reference_labels (const WsPlotFrame *f)
{
  for (guint i = 0; i < f->hlines->len; i++)
    {
      const WsPlotHline *h = &g_array_index (f->hlines, WsPlotHline, i);
      WsPlotRect r;
      if (!ws_plot_frame_hline_visible (f, h) || !ws_plot_has_text (h->label))
        continue;
      r = ws_plot_frame_hline_label_box (f, h);
      draw_note (f, h->label, &r);
    }
  for (guint i = 0; i < f->vlines->len; i++)
    {
      const WsPlotVline *v = &g_array_index (f->vlines, WsPlotVline, i);
      WsPlotRect r;
      if (!ws_plot_frame_vline_visible (f, v) || !ws_plot_has_text (v->label))
        continue;
      r = ws_plot_frame_vline_label_box (f, i);
      draw_note (f, v->label, &r);
    }
}

/* ---- The whole chart ---- */

/* The data layers, clipped to the plot area: the grid, then the reference
 * lines, error bars, lines and markers (so markers stay on top). */
static void
draw_data (const WsPlotFrame *f)
{
  const GArray *hlines = f->hlines, *vlines = f->vlines;

  cairo_save (f->cr);
  cairo_rectangle (f->cr, f->area.x, f->area.y, f->area.w, f->area.h);
  cairo_clip (f->cr);
  draw_grid (f);
  for (guint i = 0; i < hlines->len; i++)
    if (ws_plot_frame_hline_visible (f, &g_array_index (hlines, WsPlotHline, i)))
      draw_hline (f, &g_array_index (hlines, WsPlotHline, i));
  for (guint i = 0; i < vlines->len; i++)
    if (ws_plot_frame_vline_visible (f, &g_array_index (vlines, WsPlotVline, i)))
      draw_vline (f, &g_array_index (vlines, WsPlotVline, i));
  for (guint i = 0; i < f->spots->len; i++)
    draw_error_bars (f, i);
  for (guint i = 0; i < f->spots->len; i++)
    draw_line (f, i);
  for (guint i = 0; i < f->spots->len; i++)
    draw_markers (f, i);
  cairo_restore (f->cr);
}

static void
draw_chart (const WsPlotFrame *f)
{
  draw_data (f);
  draw_reference_labels (f);
  draw_axes (f);
  ws_plot_legend_draw (f);
}

void
ws_plot_frame_init (WsPlotFrame  *f,
                    WsPlot       *plot,
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
  f->vlines = plot->vlines;
  f->legend_corner = &plot->legend_corner;
  f->cr = cr;
  f->width = width;
  f->height = height;
  f->u = MIN (height, width / 1.6) / 100 * plot->emphasis;
}

/* Laid out before anything is drawn, so that hit testing can do the same. */
void
ws_plot_draw (WsPlot  *plot,
              cairo_t *cr,
              double   width,
              double   height)
{
  g_auto (WsPlotFrame) f = { 0 };
  gboolean has_data;

  g_return_if_fail (plot != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (isfinite (width) && isfinite (height) && width > 0 && height > 0);

  ws_plot_frame_init (&f, plot, cr, width, height);
  cairo_save (cr);
  has_data = ws_plot_frame_lay_out (&f);
  draw_background (cr, width, height);
  draw_title (&f);
  if (has_data)
    draw_chart (&f);
  else
    draw_no_data (&f);
  cairo_restore (cr);
}
