/* ws-plot-private.h: what the ws-plot files share to draw one chart.
 *
 * WsPlot itself stays private to ws-plot.c; a drawing works on a
 * WsPlotFrame, which borrows the model's data (title, labels, series,
 * reference lines) and holds what one pass computes from it: the axes'
 * ranges and ticks, the plot area, the points projected into it and the
 * legend's box. ws-plot-frame.c lays it out whole with the pieces of
 * ws-plot-layout.c (ranges, area, ticks, points) and ws-plot-legend.c
 * (which places and draws the legend), ws-plot.c draws the layers,
 * ws-plot-hit.c finds what lies under a pointer in the same frame.
 */
#pragma once

#include <cairo.h>
#include <glib.h>
#include <math.h>

#include "ws-plot-axis.h"
#include "ws-plot.h"

G_BEGIN_DECLS

/* Every length is a multiple of u, a hundredth of the chart's height (or
 * of its width at 16:10, for charts narrower than that): a chart reads the
 * same on a laptop, in a PDF and on a projector. At 1280 × 800, u = 8 px. */
#define WS_PLOT_TITLE_SIZE  3.6  /* font sizes */
#define WS_PLOT_LABEL_SIZE  2.7
#define WS_PLOT_TICK_SIZE   2.4
#define WS_PLOT_LEGEND_SIZE 2.5
#define WS_PLOT_NOTE_SIZE   2.3  /* reference lines' labels */
#define WS_PLOT_LINE_WIDTH  0.36 /* series lines */
#define WS_PLOT_MARKER_SIZE 0.95 /* marker radius */
#define WS_PLOT_PAD         2.0  /* around the chart */
#define WS_PLOT_GAP         0.8  /* between a label and what it labels */
#define WS_PLOT_TICK_LENGTH 1.0

typedef struct
{
  double x, y, lo, hi;
} WsPlotPoint;

/* Both ends given: the point has an error bar. */
static inline gboolean
ws_plot_point_has_bar (const WsPlotPoint *p)
{
  return isfinite (p->lo) && isfinite (p->hi);
}

typedef struct
{
  char    *name;
  GArray  *points; /* WsPlotPoint, in the order added */
  gboolean hidden; /* left out of the drawing and the ranges; dimmed in the legend */
  guint    pen;    /* whose colour and marker it is drawn with: its own index, or another's */
  gboolean dashed; /* a dashed line and open markers: a baseline beside a run */
} WsPlotSeries;

typedef struct
{
  double  y;
  char   *label;
} WsPlotHline;

typedef struct
{
  double  x;      /* NAN: a crossing that the series does not make (as drawn now) */
  char   *label;
  guint   series; /* the series it belongs to, or WS_PLOT_NO_SERIES */
  double  level;  /* a crossing's level (x and label follow the scales), or NAN */
  char   *prefix; /* a crossing's label before " ≈ x" */
} WsPlotVline;

typedef struct
{
  double x, y, w, h;
} WsPlotRect;

/* A point where it lands on the chart. Its error bar runs from top to
 * bottom, capped at both ends unless the low end is one the axis cannot
 * show (≤ 0 on a log axis): the bar then runs off the bottom, uncapped. */
typedef struct
{
  double   x, y;
  double   top, bottom;
  gboolean bar;
  gboolean cap_bottom;
  guint    index;      /* the point's, in the order added */
} WsPlotSpot;

typedef struct
{
  /* Borrowed from the WsPlot. */
  const char  *title;
  const char  *x_label;
  const char  *y_label;
  WsPlotScale  x_scale;
  WsPlotScale  y_scale;
  GPtrArray   *series; /* WsPlotSeries */
  GArray      *hlines; /* WsPlotHline */
  GArray      *vlines; /* WsPlotVline */
  int         *legend_corner; /* the plot's memory of it, which placing the legend updates */

  /* This drawing's. */
  cairo_t     *cr;
  double       width, height;
  double       u;
  double       top;    /* where the room below the title starts */
  WsPlotAxis   x, y;
  WsPlotRect   area;   /* the plot area, inside the axes */
  WsPlotRect   legend;
  GArray      *x_ticks;
  GArray      *y_ticks;
  GPtrArray   *spots;  /* per series, a GArray of WsPlotSpot in x order (none if hidden) */
} WsPlotFrame;

static inline gboolean
ws_plot_has_text (const char *text)
{
  return text != NULL && *text != '\0';
}

static inline gboolean
ws_plot_rect_contains (const WsPlotRect *r,
                       double            x,
                       double            y)
{
  return x >= r->x && x <= r->x + r->w && y >= r->y && y <= r->y + r->h;
}

static inline const WsPlotSeries *
ws_plot_frame_series (const WsPlotFrame *f,
                      guint              i)
{
  return f->series->pdata[i];
}

static inline GArray *
ws_plot_frame_spots (const WsPlotFrame *f,
                     guint              i)
{
  return f->spots->pdata[i];
}

static inline double
ws_plot_frame_x (const WsPlotFrame *f,
                 double             x)
{
  return f->area.x + ws_plot_axis_fraction (&f->x, x) * f->area.w;
}

static inline double
ws_plot_frame_y (const WsPlotFrame *f,
                 double             y)
{
  return f->area.y + (1 - ws_plot_axis_fraction (&f->y, y)) * f->area.h;
}

static inline gboolean
ws_plot_frame_hline_visible (const WsPlotFrame *f,
                             const WsPlotHline *h)
{
  return ws_plot_axis_accepts (&f->y, h->y);
}

/* A vline never widens the x range (it marks something inside the data):
 * it is drawn only where the range already reaches. */
static inline gboolean
ws_plot_frame_vline_visible (const WsPlotFrame *f,
                             const WsPlotVline *v)
{
  double at;

  if (!ws_plot_axis_accepts (&f->x, v->x))
    return FALSE;
  if (v->series != WS_PLOT_NO_SERIES && ws_plot_frame_series (f, v->series)->hidden)
    return FALSE;
  at = ws_plot_axis_fraction (&f->x, v->x);
  return at >= 0 && at <= 1;
}

/* Thin lines of whole widths on whole or half pixels, so that the grid
 * and axes stay crisp instead of smearing over two pixel rows. */
static inline double
ws_plot_crisp_width (double width)
{
  return MAX (1, round (width));
}

static inline double
ws_plot_snap (double v,
              double width)
{
  return (int) width % 2 ? floor (v) + 0.5 : round (v);
}

/* ---- ws-plot.c ---- */

/* A frame for drawing plot at width × height on cr, not laid out yet. */
void       ws_plot_frame_init            (WsPlotFrame       *f,
                                          WsPlot            *plot,
                                          cairo_t           *cr,
                                          double             width,
                                          double             height);
/* Series i's pen on f->cr: the line width, its colour and, for a dashed
 * series, the dash (the caller strokes, then clears the dash). */
void       ws_plot_frame_series_pen      (const WsPlotFrame *f,
                                          guint              i);
/* Series i's marker at (x, y): filled, or open for a dashed series. */
void       ws_plot_frame_series_marker   (const WsPlotFrame *f,
                                          guint              i,
                                          double             x,
                                          double             y);

/* ---- ws-plot-layout.c ---- */

/* The axes' ranges from the points of the series shown, their error bars
 * and the hlines (vlines mark what lies inside, and widen nothing); FALSE
 * when not one point can be placed: the chart then says so. */
gboolean   ws_plot_frame_find_ranges     (WsPlotFrame       *f);
/* Frees what the layout computed; the borrowed data stays. */
void       ws_plot_frame_clear           (WsPlotFrame       *f);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (WsPlotFrame, ws_plot_frame_clear)

/* Selects the title's font: its size, or less where the title is long. */
void       ws_plot_frame_title_font      (const WsPlotFrame *f);
/* The plot area and the ticks, clear of `reserve` units at the right. */
void       ws_plot_frame_layout          (WsPlotFrame       *f,
                                          double             top,
                                          double             reserve);
/* The points of every series where they land, in x order. */
void       ws_plot_frame_project         (WsPlotFrame       *f);
/* The box of a reference line's label, at the line's right end. */
WsPlotRect ws_plot_frame_hline_label_box (const WsPlotFrame *f,
                                          const WsPlotHline *h);
/* The box of vline i's label near the top of the plot area, beside the
 * line; the labels of the lines drawn stack one under the other. */
WsPlotRect ws_plot_frame_vline_label_box (const WsPlotFrame *f,
                                          guint              i);

/* ---- ws-plot-legend.c ---- */

/* Sets f->legend; may take room at the right, laying the frame out again. */
void       ws_plot_legend_place          (WsPlotFrame       *f,
                                          double             top);
void       ws_plot_legend_draw           (const WsPlotFrame *f);
/* The row of series i's entry (its line, marker and name) in f->legend. */
WsPlotRect ws_plot_legend_entry_box      (const WsPlotFrame *f,
                                          guint              i);

/* ---- ws-plot-frame.c ---- */

/* The whole layout, as a drawing needs it and as hit testing reads it:
 * the room below the title, the ranges, the plot area, the points and the
 * legend, text measured on f->cr; FALSE when not one point can be placed
 * (the chart then says so). Draws nothing. */
gboolean   ws_plot_frame_lay_out         (WsPlotFrame       *f);


G_END_DECLS
