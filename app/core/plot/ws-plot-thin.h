/* ws-plot-thin.h: drawing a series with more points than the plot area
 * has device pixels across — a result.csv of a million sizes — as what
 * the pixels can show. Drawn point by point, its markers merge into a band
 * anyway, at the cost of minutes and of a stroke of millions of segments;
 * thinned, each pixel column gets the marks that differ there (a marker
 * per pixel of height, a bar per distinct pair of ends) and the line its
 * first, lowest, highest and last vertex (the column's band and its joins
 * to the next, as the whole line would draw them). A series of ordinary
 * density is drawn whole, unchanged.
 */
#pragma once

#include "ws-plot-private.h"

G_BEGIN_DECLS

/* Which marks of one series to draw, asked in x order. */
typedef struct
{
  double      step;    /* a device pixel in user units; 0: draw every mark */
  gint64      column;  /* the pixel column of the marks in seen */
  GHashTable *seen;    /* guint64 *: the marks drawn in that column */
} WsPlotThin;

void     ws_plot_thin_init  (WsPlotThin        *thin,
                             const WsPlotFrame *frame,
                             const GArray      *spots);
/* Whether a mark at x spanning a to b (a marker: a == b == y) shows
 * something the column does not show yet; it counts as drawn then. */
gboolean ws_plot_thin_keep  (WsPlotThin        *thin,
                             double             x,
                             double             a,
                             double             b);
void     ws_plot_thin_clear (WsPlotThin        *thin);

/* The series' line as a path of line_to's on frame->cr, thinned as above
 * (for the caller to stroke). */
void     ws_plot_thin_line  (const WsPlotFrame *frame,
                             const GArray      *spots);

G_END_DECLS
