/* ws-bar-axis.h: a bars view's value axis at the plot's left — a tick and
 * a label at both ends of the scale (a histogram's 0 and its largest bin,
 * a scan's 0 and its largest sum: what the bars are measured against), and
 * between them the multiples of a 1-2-5 step (the charts' own steps,
 * ws-plot-axis.h), as many as keep the labels apart; faint lines at those
 * ticks run behind the bars (bars.frag). Labels are written as the bars'
 * values are (ws_bar_value_text). Private to gl/.
 */
#pragma once

#include <cairo.h>

#include "ws-colormap.h"
#include "ws-renderer.h"

G_BEGIN_DECLS

/* The values of the ticks of an axis `length` pixels long over
 * [vmin, vmax], increasing: vmin, the multiples of the finest 1-2-5 step
 * that puts them min_gap apart or more (and no closer than half that to
 * an end; whole numbers only where integral), and vmax. A GArray of
 * double. */
GArray *ws_bar_axis_ticks (double            vmin,
                           double            vmax,
                           gboolean          integral,
                           double            length,
                           double            min_gap);

/* The interior ticks' first value and step, for the lines behind the
 * bars: FALSE where there are none. */
gboolean ws_bar_axis_grid (const GArray     *ticks,
                           double           *first,
                           double           *step);

/* The ticks of view's axis for a plot `height` pixels tall. */
GArray *ws_bar_axis_view_ticks (const WsBarsView *view,
                                double            height);

/* The device pixels the axis takes left of the plot: labels, ticks, air. */
double  ws_bar_axis_width (const WsBarsView *view,
                           double            height);

/* Paints the axis of view beside plot into a layer whose top-left corner
 * is (x, y) of the viewport. */
void    ws_bar_axis_paint (cairo_t          *cr,
                           const WsBarsView *view,
                           WsRect            plot,
                           double            x,
                           double            y);

G_END_DECLS
