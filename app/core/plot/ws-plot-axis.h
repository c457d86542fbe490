/* ws-plot-axis.h: one axis of a WsPlot — its range, its ticks and their
 * labels. Private to the ws-plot files, and to the bars view's value axis
 * (gl/ws-bar-axis.c), which takes its 1-2-5 steps from here: pure
 * arithmetic, no drawing, so that the choices (margins, 1-2-5 steps,
 * decades) can be read apart from the Cairo code that uses them.
 */
#pragma once

#include <glib.h>

#include "ws-plot.h"

G_BEGIN_DECLS

typedef struct
{
  WsPlotScale scale;
  double      lo;    /* the range shown, in axis space: log10 of the values */
  double      hi;    /* on a log axis, the values themselves on a linear one */
  gboolean    empty; /* nothing included yet */
} WsPlotAxis;

typedef struct
{
  double   value;      /* in data units */
  double   resolution; /* the place value of its label's last digit */
  gboolean major;      /* labelled, with a gridline and a long tick */
  gboolean plain;      /* thousands written out ("1200"), not "1.2k" */
  gboolean power;      /* as powers of ten ("10⁻³"): the axis has labels that need them */
  gboolean binary;     /* as a power of two ("2¹²"): the data's own sizes */
} WsPlotTick;

/* A value in axis space, where straight segments are drawn: log10 of it
 * on a log scale, itself on a linear one. */
double    ws_plot_scale_to_axis  (WsPlotScale       scale,
                                  double            value);
void      ws_plot_axis_init      (WsPlotAxis       *axis,
                                  WsPlotScale       scale);
/* Whether a value can be placed on the axis: finite, positive on a log
 * axis, within ±1e200 on a linear one. */
gboolean  ws_plot_axis_accepts   (const WsPlotAxis *axis,
                                  double            value);
/* Widens the range to hold an accepted value. */
void      ws_plot_axis_include   (WsPlotAxis       *axis,
                                  double            value);
/* Adds the margin around the data, or a sensible range around a single
 * value; after it lo < hi always. */
void      ws_plot_axis_finish    (WsPlotAxis       *axis);
/* Where an accepted value lies: 0 at the low end, 1 at the high end. */
double    ws_plot_axis_fraction  (const WsPlotAxis *axis,
                                  double            value);
/* The ticks of a finished axis drawn length units long, with at most
 * max_labels (≥ 2) labelled ones, in increasing order. */
GArray   *ws_plot_axis_ticks     (const WsPlotAxis *axis,
                                  double            length,
                                  guint             max_labels);
/* A short label: "0.1", "1", "250", "1k", "2.5M", "10⁻⁴", "2×10¹⁵". */
char     *ws_plot_tick_label     (const WsPlotTick *tick);

G_END_DECLS
