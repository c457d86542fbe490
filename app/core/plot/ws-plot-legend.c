/* ws-plot-legend.c: WsPlot's legend — one entry per series (its line,
 * its marker, its name; dimmed for a hidden series) in a translucent box,
 * placed where it hides the least of the data.
 */
#include "ws-plot-paint.h"
#include "ws-plot-private.h"

#define MAX_LEGEND 0.35 /* the most of the chart's width a legend outside may take */

/* What the legend would hide, weighed: a marker or a reference line's
 * label counts this much, a stretch of line one u long counts 1. */
#define HIDDEN_MARK 1000.0

/* A hidden series' entry: its line and marker faded, its name grey. */
#define DIMMED_ALPHA 0.3
#define DIMMED_INK   0x999999

typedef struct
{
  double row;    /* height of an entry */
  double sample; /* length of the line sample */
  double pad;
} LegendMetrics;

static LegendMetrics
legend_metrics (const WsPlotFrame *f)
{
  LegendMetrics m = { 1.4 * WS_PLOT_LEGEND_SIZE * f->u, 3.6 * f->u, 0.9 * f->u };

  ws_plot_paint_font (f->cr, WS_PLOT_LEGEND_SIZE * f->u, FALSE);
  return m;
}

static WsPlotRect
legend_size (const WsPlotFrame   *f,
             const LegendMetrics *m)
{
  WsPlotRect r = { 0, 0, 0, 2 * m->pad + f->series->len * m->row };
  double widest = 0;

  for (guint i = 0; i < f->series->len; i++)
    widest = MAX (widest, ws_plot_paint_text_width (f->cr, ws_plot_frame_series (f, i)->name));
  r.w = 2 * m->pad + m->sample + WS_PLOT_GAP * f->u + widest;
  return r;
}

static gboolean
overlap (const WsPlotRect *a,
         const WsPlotRect *b)
{
  return a->x < b->x + b->w && b->x < a->x + a->w && a->y < b->y + b->h && b->y < a->y + a->h;
}

/* An error bar under the box: a bar hidden in part misleads as a marker
 * hidden does (its caps, the interval's ends, are what a reader reads). */
static gboolean
bar_under (const WsPlotRect *box, const WsPlotSpot *s)
{
  return s->bar && s->x >= box->x && s->x <= box->x + box->w && s->top <= box->y + box->h
         && s->bottom >= box->y;
}

/* How much of a series a box would hide: its markers (even in part: the
 * box is grown by a marker's size for them), its error bars, and its line
 * sampled every u along each segment. */
static double
series_under (const WsPlotFrame *f,
              GArray            *spots,
              const WsPlotRect  *box)
{
  double r = 1.5 * WS_PLOT_MARKER_SIZE * f->u, score = 0;
  WsPlotRect grown = { box->x - r, box->y - r, box->w + 2 * r, box->h + 2 * r };

  for (guint k = 0; k < spots->len; k++)
    {
      const WsPlotSpot *s = &g_array_index (spots, WsPlotSpot, k);
      const WsPlotSpot *prev = k > 0 ? s - 1 : s;
      int n = (int) MIN (hypot (s->x - prev->x, s->y - prev->y) / f->u, 1000);
      score += ws_plot_rect_contains (&grown, s->x, s->y) ? HIDDEN_MARK : 0;
      score += bar_under (box, s) ? HIDDEN_MARK : 0;
      for (int j = 1; j < n; j++)
        score += ws_plot_rect_contains (box, prev->x + (s->x - prev->x) * j / n,
                                        prev->y + (s->y - prev->y) * j / n);
    }
  return score;
}

/* How much of the reference lines and their labels a box would hide. */
static double
references_under (const WsPlotFrame *f,
                  const WsPlotRect  *box)
{
  double score = 0;

  for (guint i = 0; i < f->hlines->len; i++)
    {
      const WsPlotHline *h = &g_array_index (f->hlines, WsPlotHline, i);
      WsPlotRect label;
      if (!ws_plot_frame_hline_visible (f, h))
        continue;
      score += ws_plot_rect_contains (box, box->x, ws_plot_frame_y (f, h->y)) ? 4 : 0;
      if (!ws_plot_has_text (h->label))
        continue;
      label = ws_plot_frame_hline_label_box (f, h);
      score += overlap (box, &label) ? HIDDEN_MARK : 0;
    }
  for (guint i = 0; i < f->vlines->len; i++)
    {
      const WsPlotVline *v = &g_array_index (f->vlines, WsPlotVline, i);
      WsPlotRect label;
      if (!ws_plot_frame_vline_visible (f, v))
        continue;
      score += ws_plot_rect_contains (box, ws_plot_frame_x (f, v->x), box->y) ? 4 : 0;
      if (!ws_plot_has_text (v->label))
        continue;
      label = ws_plot_frame_vline_label_box (f, i);
      score += overlap (box, &label) ? HIDDEN_MARK : 0;
    }
  return score;
}

static double
ink_under (const WsPlotFrame *f,
           const WsPlotRect  *box)
{
  double score = 0;

  for (guint i = 0; i < f->spots->len; i++)
    score += series_under (f, ws_plot_frame_spots (f, i), box);
  return score + references_under (f, box);
}

/* The corner the legend took last while it still hides no marker, else
 * the corner that hides the least; ties go to the first of top left, top
 * right, bottom right, bottom left (rising curves leave the top left). A
 * click on an entry hides its series and the axes rescale: had the legend
 * then gone to another corner, the entry to click again would no longer
 * be under the pointer. *corner: the one taken. */
static WsPlotRect
legend_corner (const WsPlotFrame *f,
               WsPlotRect         box,
               int               *corner,
               double            *hidden)
{
  const WsPlotRect *a = &f->area;
  double inset = f->u, best_score = G_MAXDOUBLE;
  double xs[] = { a->x + inset, a->x + a->w - inset - box.w };
  double ys[] = { a->y + inset, a->y + a->h - inset - box.h };
  const int corners[][2] = { { 0, 0 }, { 1, 0 }, { 1, 1 }, { 0, 1 } };
  int kept = f->legend_corner != NULL ? *f->legend_corner : -1;
  WsPlotRect best = box;

  if (kept >= 0 && kept < (int) G_N_ELEMENTS (corners))
    {
      box.x = xs[corners[kept][0]], box.y = ys[corners[kept][1]];
      *hidden = ink_under (f, &box);
      *corner = kept;
      if (*hidden < HIDDEN_MARK)
        return box;
    }
  for (guint c = 0; c < G_N_ELEMENTS (corners); c++)
    {
      double score;
      box.x = xs[corners[c][0]], box.y = ys[corners[c][1]];
      score = ink_under (f, &box);
      if (score < best_score)
        best = box, best_score = score, *corner = (int) c;
    }
  *hidden = best_score;
  return best;
}

/* Inside the plot area where a corner hides no marker and no label, else
 * outside at its right (which gives up the width), unless that would take
 * too much of the chart. */
void
ws_plot_legend_place (WsPlotFrame *f,
                      double       top)
{
  LegendMetrics m = legend_metrics (f);
  WsPlotRect box = legend_size (f, &m);
  double hidden;
  int corner = -1;

  if (f->series->len == 0)
    return;
  f->legend = legend_corner (f, box, &corner, &hidden);
  if (f->legend_corner != NULL)
    *f->legend_corner = hidden < HIDDEN_MARK ? corner : -1;
  if (hidden < HIDDEN_MARK || box.w + WS_PLOT_GAP * f->u > MAX_LEGEND * f->width)
    return;
  ws_plot_frame_layout (f, top, box.w + WS_PLOT_GAP * f->u);
  ws_plot_frame_project (f);
  f->legend.x = f->width - WS_PLOT_PAD * f->u - box.w;
  f->legend.y = f->area.y;
}

/* The middle of entry i's row. */
static double
entry_y (const WsPlotFrame   *f,
         const LegendMetrics *m,
         guint                i)
{
  return f->legend.y + m->pad + (i + 0.5) * m->row;
}

WsPlotRect
ws_plot_legend_entry_box (const WsPlotFrame *f,
                          guint              i)
{
  LegendMetrics m = legend_metrics (f);
  WsPlotRect r = { f->legend.x + m.pad, entry_y (f, &m, i) - m.row / 2, 0, m.row };

  r.w = m.sample + WS_PLOT_GAP * f->u
        + ws_plot_paint_text_width (f->cr, ws_plot_frame_series (f, i)->name);
  return r;
}

/* The line sample and the marker, as the series draws them. */
static void
draw_sample (const WsPlotFrame   *f,
             const LegendMetrics *m,
             guint                i,
             double               x,
             double               y)
{
  ws_plot_frame_series_pen (f, i);
  cairo_move_to (f->cr, x, y);
  cairo_rel_line_to (f->cr, m->sample, 0);
  cairo_stroke (f->cr);
  cairo_set_dash (f->cr, NULL, 0, 0);
  ws_plot_frame_series_marker (f, i, x + m->sample / 2, y);
}

/* A hidden series keeps its entry, so that the user sees what a click
 * brings back, faded: its sample is drawn into a group laid on at a low
 * alpha (drawn straight at that alpha, the line would show through the
 * marker). */
static void
draw_legend_entry (const WsPlotFrame   *f,
                   const LegendMetrics *m,
                   guint                i)
{
  const WsPlotSeries *series = ws_plot_frame_series (f, i);
  double x = f->legend.x + m->pad, y = entry_y (f, m, i);

  if (series->hidden)
    cairo_push_group (f->cr);
  draw_sample (f, m, i, x, y);
  if (series->hidden)
    {
      cairo_pop_group_to_source (f->cr);
      cairo_paint_with_alpha (f->cr, DIMMED_ALPHA);
    }
  ws_plot_paint_font (f->cr, WS_PLOT_LEGEND_SIZE * f->u, FALSE);
  ws_plot_paint_rgb (f->cr, series->hidden ? DIMMED_INK : WS_PLOT_INK, 1);
  ws_plot_paint_text (f->cr, series->name, x + m->sample + WS_PLOT_GAP * f->u, y, 0, 0.5);
}

/* Translucent, so that whatever it must hide still shows through. */
void
ws_plot_legend_draw (const WsPlotFrame *f)
{
  LegendMetrics m = legend_metrics (f);
  WsPlotRect box = f->legend;

  if (f->series->len == 0)
    return;
  ws_plot_paint_rgb (f->cr, 0xffffff, 0.85);
  cairo_rectangle (f->cr, box.x, box.y, box.w, box.h);
  cairo_fill_preserve (f->cr);
  cairo_set_line_width (f->cr, ws_plot_crisp_width (0.12 * f->u));
  ws_plot_paint_rgb (f->cr, 0xb0b0b0, 1);
  cairo_stroke (f->cr);
  for (guint i = 0; i < f->series->len; i++)
    draw_legend_entry (f, &m, i);
}
