/* ws-plot-layout.c: one WsPlot drawing's geometry — the axes' ranges,
 * the plot area left by the text around it, the ticks that fit, the
 * points projected into the area and the reference lines' labels.
 */
#include <math.h>

#include "ws-array.h"
#include "ws-plot-paint.h"
#include "ws-plot-private.h"

#define MAX_LABELS 10 /* per axis: more would not be read from the back row */

/* ---- Ranges ---- */

static gboolean
point_visible (const WsPlotFrame *f,
               const WsPlotPoint *p)
{
  return ws_plot_axis_accepts (&f->x, p->x) && ws_plot_axis_accepts (&f->y, p->y);
}

static void
include_point (WsPlotFrame       *f,
               const WsPlotPoint *p)
{
  ws_plot_axis_include (&f->x, p->x);
  ws_plot_axis_include (&f->y, p->y);
  if (ws_plot_point_has_bar (p) && ws_plot_axis_accepts (&f->y, p->lo))
    ws_plot_axis_include (&f->y, p->lo);
  if (ws_plot_point_has_bar (p) && ws_plot_axis_accepts (&f->y, p->hi))
    ws_plot_axis_include (&f->y, p->hi);
}

gboolean
ws_plot_frame_find_ranges (WsPlotFrame *f)
{
  ws_plot_axis_init (&f->x, f->x_scale);
  ws_plot_axis_init (&f->y, f->y_scale);
  for (guint i = 0; i < f->series->len; i++)
    {
      GArray *points = ws_plot_frame_series (f, i)->points;
      if (ws_plot_frame_series (f, i)->hidden)
        continue;
      for (guint k = 0; k < points->len; k++)
        if (point_visible (f, &g_array_index (points, WsPlotPoint, k)))
          include_point (f, &g_array_index (points, WsPlotPoint, k));
    }
  if (f->x.empty)
    return FALSE;
  for (guint i = 0; i < f->hlines->len; i++)
    if (ws_plot_axis_accepts (&f->y, g_array_index (f->hlines, WsPlotHline, i).y))
      ws_plot_axis_include (&f->y, g_array_index (f->hlines, WsPlotHline, i).y);
  ws_plot_axis_finish (&f->x);
  ws_plot_axis_finish (&f->y);
  return TRUE;
}

/* ---- Ticks and the plot area ---- */

/* Where a tick lies along its axis, from the axis's start. */
static double
tick_offset (const WsPlotFrame *f,
             const WsPlotAxis  *axis,
             double             value)
{
  double length = axis == &f->x ? f->area.w : f->area.h;

  return ws_plot_axis_fraction (axis, value) * length;
}

/* The room a tick label takes along its axis: its width on the x axis, a
 * line on the y axis. */
static double
label_extent (const WsPlotFrame *f,
              const WsPlotAxis  *axis,
              const WsPlotTick  *tick)
{
  g_autofree char *text = NULL;

  if (axis != &f->x)
    return ws_plot_paint_line_height (f->cr);
  text = ws_plot_tick_label (tick);
  return ws_plot_paint_text_width (f->cr, text);
}

/* Whether two neighbouring labels would come closer than a gap. */
static gboolean
labels_overlap (const WsPlotFrame *f,
                const WsPlotAxis  *axis,
                GArray            *ticks)
{
  const WsPlotTick *last = NULL;

  for (guint i = 0; i < ticks->len; i++)
    {
      const WsPlotTick *t = &g_array_index (ticks, WsPlotTick, i);
      double room, need;
      if (!t->major)
        continue;
      room = last ? tick_offset (f, axis, t->value) - tick_offset (f, axis, last->value) : 0;
      need = last ? (label_extent (f, axis, t) + label_extent (f, axis, last)) / 2 : 0;
      if (last != NULL && room < need + WS_PLOT_GAP * f->u)
        return TRUE;
      last = t;
    }
  return FALSE;
}

/* The distinct x of the shown points, in order, where they are all powers
 * of two (a study's sizes, 1024 … 2^22): NULL otherwise, or for fewer than
 * three or more than MAX_LABELS of them. */
static GArray *
binary_sizes (const WsPlotFrame *f)
{
  g_autoptr (GArray) xs = g_array_new (FALSE, FALSE, sizeof (double));

  for (guint s = 0; s < f->series->len; s++)
    {
      const WsPlotSeries *series = f->series->pdata[s];
      for (guint i = 0; !series->hidden && i < series->points->len; i++)
        {
          double x = g_array_index (series->points, WsPlotPoint, i).x;
          int e;
          if (!(x >= 1) || frexp (x, &e) != 0.5)
            return NULL;
          g_array_append_val (xs, x);
        }
    }
  g_array_sort (xs, ws_compare_doubles);
  for (guint i = 1; i < xs->len; i++)
    if (g_array_index (xs, double, i) == g_array_index (xs, double, i - 1))
      g_array_remove_index (xs, i--);
  return xs->len >= 3 && xs->len <= MAX_LABELS ? g_steal_pointer (&xs) : NULL;
}

/* Ticks at the data's own sizes, every stride-th labelled, on a log x
 * axis whose points all lie at powers of two: a label under each point
 * that has room, where decades would leave 4096 unnamed. */
static GArray *
size_ticks (GArray *sizes, guint stride)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (WsPlotTick));

  for (guint i = 0; i < sizes->len; i++)
    {
      WsPlotTick t = { g_array_index (sizes, double, i), 1, i % stride == 0, FALSE, FALSE, TRUE };
      g_array_append_val (ticks, t);
    }
  return ticks;
}

static GArray *
fit_size_ticks (const WsPlotFrame *f, GArray *sizes)
{
  for (guint stride = 1; stride < sizes->len; stride++)
    {
      GArray *ticks = size_ticks (sizes, stride);
      if (!labels_overlap (f, &f->x, ticks))
        return ticks;
      g_array_unref (ticks);
    }
  return NULL;
}

/* The most labels that fit without touching (from a guess downwards). */
static GArray *
fit_ticks (const WsPlotFrame *f,
           const WsPlotAxis  *axis)
{
  double length = axis == &f->x ? f->area.w : f->area.h;
  double per_label = (axis == &f->x ? 6 : 4) * WS_PLOT_TICK_SIZE * f->u;
  guint max = (guint) CLAMP (length / per_label + 1, 2, MAX_LABELS);

  ws_plot_paint_font (f->cr, WS_PLOT_TICK_SIZE * f->u, FALSE);
  if (axis == &f->x && axis->scale == WS_PLOT_LOG)
    {
      g_autoptr (GArray) sizes = binary_sizes (f);
      GArray *ticks = sizes ? fit_size_ticks (f, sizes) : NULL;
      if (ticks != NULL)
        return ticks;
    }
  for (;; max--)
    {
      GArray *ticks = ws_plot_axis_ticks (axis, length, max);
      if (max <= 2 || !labels_overlap (f, axis, ticks))
        return ticks;
      g_array_unref (ticks);
    }
}

static double
widest_label (const WsPlotFrame *f,
              GArray            *ticks)
{
  double widest = 0;

  ws_plot_paint_font (f->cr, WS_PLOT_TICK_SIZE * f->u, FALSE);
  for (guint i = 0; i < ticks->len; i++)
    if (g_array_index (ticks, WsPlotTick, i).major)
      widest = MAX (widest, label_extent (f, &f->x, &g_array_index (ticks, WsPlotTick, i)));
  return widest;
}

/* How far the last x label sticks out past the chart's right padding. */
static double
x_overhang (const WsPlotFrame *f)
{
  double over = 0;

  ws_plot_paint_font (f->cr, WS_PLOT_TICK_SIZE * f->u, FALSE);
  for (guint i = 0; i < f->x_ticks->len; i++)
    {
      const WsPlotTick *t = &g_array_index (f->x_ticks, WsPlotTick, i);
      if (t->major)
        over = MAX (over, ws_plot_frame_x (f, t->value) + label_extent (f, &f->x, t) / 2
                          - (f->width - WS_PLOT_PAD * f->u));
    }
  return over;
}

static double
font_line (cairo_t *cr,
           double   size)
{
  ws_plot_paint_font (cr, size, FALSE);
  return ws_plot_paint_line_height (cr);
}

/* The plot area: below the title, above the x ticks and label, right of
 * the y ticks and label, each measured in the fonts they are drawn in,
 * and clear of `reserve` units at the right. */
void
ws_plot_frame_layout (WsPlotFrame *f,
                      double       top,
                      double       reserve)
{
  double u = f->u, label_h = font_line (f->cr, WS_PLOT_LABEL_SIZE * u);
  double tick_h = font_line (f->cr, WS_PLOT_TICK_SIZE * u);
  double tick_room = (WS_PLOT_GAP + WS_PLOT_TICK_LENGTH) * u, over;
  double x_label = ws_plot_has_text (f->x_label) ? label_h + WS_PLOT_GAP * u : 0;
  double y_label = ws_plot_has_text (f->y_label) ? label_h + WS_PLOT_GAP * u : 0;

  g_clear_pointer (&f->x_ticks, g_array_unref);
  g_clear_pointer (&f->y_ticks, g_array_unref);
  f->area.y = round (top + tick_h / 2);
  f->area.h = round (f->height - WS_PLOT_PAD * u - x_label - tick_h - tick_room) - f->area.y;
  f->y_ticks = fit_ticks (f, &f->y);
  f->area.x = round (WS_PLOT_PAD * u + y_label + widest_label (f, f->y_ticks) + tick_room);
  f->area.w = round (f->width - WS_PLOT_PAD * u - reserve) - f->area.x;
  f->x_ticks = fit_ticks (f, &f->x);
  over = x_overhang (f);
  if (over > 0)
    {
      f->area.w -= ceil (over);
      g_array_unref (f->x_ticks);
      f->x_ticks = fit_ticks (f, &f->x);
    }
}

/* ---- Projection ---- */

/* Orders indices into the points (data) by the points' x. */
static int
compare_x (gconstpointer a,
           gconstpointer b,
           gpointer      data)
{
  GArray *points = data;
  double xa = g_array_index (points, WsPlotPoint, *(const guint *) a).x;
  double xb = g_array_index (points, WsPlotPoint, *(const guint *) b).x;

  return (xa > xb) - (xa < xb);
}

static void
project_bar (const WsPlotFrame *f,
             const WsPlotPoint *p,
             WsPlotSpot        *s)
{
  double lo = MIN (p->lo, p->hi), hi = MAX (p->lo, p->hi);

  s->bar = ws_plot_point_has_bar (p) && ws_plot_axis_accepts (&f->y, hi);
  if (!s->bar)
    return;
  s->top = ws_plot_frame_y (f, hi);
  s->cap_bottom = ws_plot_axis_accepts (&f->y, lo);
  s->bottom = s->cap_bottom ? ws_plot_frame_y (f, lo) : f->area.y + f->area.h + f->u;
}

/* The points the axes can place, in x order, each knowing its index; the
 * others are left out and the line joins their neighbours, as a plot of
 * the valid rows would. A hidden series places none. */
static GArray *
project_series (const WsPlotFrame  *f,
                const WsPlotSeries *series)
{
  g_autoptr (GArray) order = g_array_new (FALSE, FALSE, sizeof (guint));
  GArray *spots = g_array_new (FALSE, TRUE, sizeof (WsPlotSpot));

  for (guint k = 0; k < series->points->len && !series->hidden; k++)
    if (point_visible (f, &g_array_index (series->points, WsPlotPoint, k)))
      g_array_append_val (order, k);
  /* Stable: points of equal x stay in the order they were added in. */
  g_array_sort_with_data (order, compare_x, series->points);
  for (guint k = 0; k < order->len; k++)
    {
      guint index = g_array_index (order, guint, k);
      const WsPlotPoint *p = &g_array_index (series->points, WsPlotPoint, index);
      WsPlotSpot s = { ws_plot_frame_x (f, p->x), ws_plot_frame_y (f, p->y), 0, 0, FALSE, FALSE,
                       index };
      project_bar (f, p, &s);
      g_array_append_val (spots, s);
    }
  return spots;
}

void
ws_plot_frame_project (WsPlotFrame *f)
{
  g_clear_pointer (&f->spots, g_ptr_array_unref);
  f->spots = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint i = 0; i < f->series->len; i++)
    g_ptr_array_add (f->spots, project_series (f, ws_plot_frame_series (f, i)));
}

/* The box of an hline's label: at the line's right end, above it, or
 * below it where the line runs too close to the top. */
WsPlotRect
ws_plot_frame_hline_label_box (const WsPlotFrame *f,
                               const WsPlotHline *h)
{
  double u = f->u, y = ws_plot_frame_y (f, h->y);
  WsPlotRect r;

  ws_plot_paint_font (f->cr, WS_PLOT_NOTE_SIZE * u, FALSE);
  r.w = ws_plot_paint_text_width (f->cr, h->label) + 0.6 * u;
  r.h = ws_plot_paint_line_height (f->cr);
  r.x = f->area.x + f->area.w - u - r.w;
  r.y = y - 0.4 * u - r.h;
  if (r.y < f->area.y)
    r.y = y + 0.4 * u;
  return r;
}

/* Labels of lines drawn before vline i: its label goes below theirs. */
static guint
vline_label_row (const WsPlotFrame *f,
                 guint              i)
{
  guint row = 0;

  for (guint k = 0; k < i; k++)
    {
      const WsPlotVline *v = &g_array_index (f->vlines, WsPlotVline, k);
      row += ws_plot_frame_vline_visible (f, v) && ws_plot_has_text (v->label);
    }
  return row;
}

/* Right of the line, or left of it where the area ends first; a row
 * below the labels before it, so that lines close together stay legible. */
WsPlotRect
ws_plot_frame_vline_label_box (const WsPlotFrame *f,
                               guint              i)
{
  const WsPlotVline *v = &g_array_index (f->vlines, WsPlotVline, i);
  double u = f->u, x = ws_plot_frame_x (f, v->x);
  WsPlotRect r;

  ws_plot_paint_font (f->cr, WS_PLOT_NOTE_SIZE * u, FALSE);
  r.w = ws_plot_paint_text_width (f->cr, v->label) + 0.6 * u;
  r.h = ws_plot_paint_line_height (f->cr);
  r.x = x + 0.4 * u;
  if (r.x + r.w > f->area.x + f->area.w - u)
    r.x = MAX (f->area.x, x - 0.4 * u - r.w);
  r.y = f->area.y + u + vline_label_row (f, i) * (r.h + 0.4 * u);
  return r;
}

/* ---- The title, and what the layout made ---- */

void
ws_plot_frame_title_font (const WsPlotFrame *f)
{
  ws_plot_paint_fit_font (f->cr, f->title, WS_PLOT_TITLE_SIZE * f->u,
                          f->width - 2 * WS_PLOT_PAD * f->u, TRUE);
}

void
ws_plot_frame_clear (WsPlotFrame *f)
{
  g_clear_pointer (&f->x_ticks, g_array_unref);
  g_clear_pointer (&f->y_ticks, g_array_unref);
  g_clear_pointer (&f->spots, g_ptr_array_unref);
}
