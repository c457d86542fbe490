/* ws-legend.h: the text and legends of the views, painted with Cairo into
 * layers (ws-layers.h) at device resolution. Sizes are logical pixels
 * times the scale, so a projector at scale 2 gets twice the pixels, not
 * blurred text. Private to gl/. */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "ws-colormap.h"

G_BEGIN_DECLS

/* The text size in logical pixels, and the height of a row of text. */
#define WS_LEGEND_TEXT 13.0
#define WS_LEGEND_ROW  26.0

typedef enum
{
  WS_ALIGN_START,
  WS_ALIGN_CENTRE,
  WS_ALIGN_END,
} WsAlign;

/* Colours of the highlights, shared with the shaders' constants. */
extern const double ws_legend_compared[3];
extern const double ws_legend_swapped[3];
/* The text's light grey, on the views' dark backgrounds. */
extern const double ws_legend_grey[3];

void   ws_legend_font   (cairo_t      *cr,
                         double        scale,
                         gboolean      bold);
/* Text whose start, centre or end is at x and whose middle is at y, in
 * the legend's light grey; returns its width. */
double ws_legend_text   (cairo_t      *cr,
                         const char   *text,
                         double        x,
                         double        y,
                         WsAlign       align);
/* The width ws_legend_text and ws_legend_scale would take. */
double ws_legend_text_width  (cairo_t    *cr,
                              const char *text);
double ws_legend_scale_width (cairo_t    *cr,
                              double      vmin,
                              double      vmax,
                              double      ramp_width,
                              double      scale);
double ws_legend_swatch_width (cairo_t    *cr,
                               const char *label,
                               double      scale);
/* A value as a legend shows it: 4 significant digits, no trailing zeros. */
char  *ws_legend_number (double        value);
/* The colour map from vmin (left) to vmax (right) with the two values at
 * its ends, the whole ramp_width + labels long; aligned at x as align
 * says, its middle at y. Returns its width. */
double ws_legend_scale  (cairo_t      *cr,
                         double        vmin,
                         double        vmax,
                         double        x,
                         double        y,
                         double        ramp_width,
                         double        scale,
                         WsAlign       align,
                         WsColormapStyle style);
/* A square of colour rgb and a label after it, starting at x; returns
 * its width. */
double ws_legend_swatch (cairo_t      *cr,
                         const double  rgb[3],
                         const char   *label,
                         double        x,
                         double        y,
                         double        scale);

G_END_DECLS
