/* ws-plot.h: charts of benchmark results, drawn with Cairo.
 *
 * The model (axes, series of points with error intervals, reference lines)
 * is kept apart from the drawing, as in Sysprof's charts: the same WsPlot
 * draws into the application's widget (any cairo_t) and into PNG, SVG and
 * PDF files for the CLI. Drawing is deterministic: the same plot gives the
 * same pixels (and the same file bytes) every time.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  WS_PLOT_LINEAR,
  WS_PLOT_LOG,       /* base 10 gridlines; non-positive values are left out */
} WsPlotScale;

typedef struct _WsPlot WsPlot;

WsPlot  *ws_plot_new             (const char  *title);
void     ws_plot_free            (WsPlot      *plot);

/* Axis labels name the quantity and its unit: "keys (n)", "time (ms)". */
void     ws_plot_set_x_axis      (WsPlot      *plot,
                                  const char  *label,
                                  WsPlotScale  scale);
void     ws_plot_set_y_axis      (WsPlot      *plot,
                                  const char  *label,
                                  WsPlotScale  scale);

/* A new series (a line with markers, its own colour and marker shape, and
 * an entry in the legend); returns its index. */
guint    ws_plot_add_series      (WsPlot      *plot,
                                  const char  *name);
/* A point of a series; y_lo ≤ y ≤ y_hi draw an error bar, NAN for none.
 * Points are drawn in x order whatever order they are added in. */
void     ws_plot_add_point       (WsPlot      *plot,
                                  guint        series,
                                  double       x,
                                  double       y,
                                  double       y_lo,
                                  double       y_hi);
/* A labelled horizontal reference line: speedup 1 (where the GPU overtakes
 * the CPU), the device's peak bandwidth. */
void     ws_plot_add_hline       (WsPlot      *plot,
                                  double       y,
                                  const char  *label);

/* Draws the whole chart (background, title, axes, ticks, grid, series,
 * error bars, reference lines, legend) into width × height user units. A
 * plot without points says so in the middle instead of drawing axes. */
void     ws_plot_draw            (WsPlot      *plot,
                                  cairo_t     *cr,
                                  double       width,
                                  double       height);

/* Writes the chart to path, the format from its extension (.png, .svg,
 * .pdf), width × height pixels (points for PDF), atomically: a temporary
 * file renamed over path, so that a failure never leaves half a file. */
gboolean ws_plot_save            (WsPlot      *plot,
                                  const char  *path,
                                  int          width,
                                  int          height,
                                  GError     **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsPlot, ws_plot_free)

G_END_DECLS
