/* ws-plot-paint.h: the pens of a WsPlot — series colours and marker
 * shapes, and text placed by its extents. The ws-plot files' own, and the
 * diagrams' (app/core/diagram/) for their text, so that charts and
 * diagrams share one font and one way of placing text.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* Colours as 0xRRGGBB. */
#define WS_PLOT_INK       0x222222 /* text, axes */
#define WS_PLOT_GRID      0xd9d9d9
#define WS_PLOT_REFERENCE 0x555555 /* hlines */

void    ws_plot_paint_rgb         (cairo_t    *cr,
                                   guint32     rgb,
                                   double      alpha);
/* Series i's colour, Okabe–Ito order (colour-blind safe). */
guint32 ws_plot_paint_series_rgb  (guint       i);
/* Series i's marker, filled in its colour with a white rim, about radius r
 * around (x, y); shapes cycle with another period than colours, so that
 * the pairs stay distinct. */
void    ws_plot_paint_marker      (cairo_t    *cr,
                                   guint       i,
                                   double      x,
                                   double      y,
                                   double      r);
/* The same shape open: white inside, a rim of series i's colour (a
 * baseline's point beside the run's filled one). */
void    ws_plot_paint_open_marker (cairo_t    *cr,
                                   guint       i,
                                   double      x,
                                   double      y,
                                   double      r);

/* Selects DejaVu Sans at size (bold or not). */
void    ws_plot_paint_font        (cairo_t    *cr,
                                   double      size,
                                   gboolean    bold);
/* Selects the font at size, smaller if need be for text to fit in room. */
void    ws_plot_paint_fit_font    (cairo_t    *cr,
                                   const char *text,
                                   double      size,
                                   double      room,
                                   gboolean    bold);
/* The advance width of text in the current font. */
double  ws_plot_paint_text_width  (cairo_t    *cr,
                                   const char *text);
/* The current font's line height (ascent + descent). */
double  ws_plot_paint_line_height (cairo_t    *cr);
/* Draws text so that the point (x, y) lies at fraction (ax, ay) of its
 * box: (0, 0) its top left, (0.5, 0.5) its centre, (1, 1) bottom right;
 * the box is the advance width by the font's ascent + descent. */
void    ws_plot_paint_text        (cairo_t    *cr,
                                   const char *text,
                                   double      x,
                                   double      y,
                                   double      ax,
                                   double      ay);

G_END_DECLS
