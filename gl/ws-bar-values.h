/* ws-bar-values.h: the keys' values written on the bars, where every key
 * has a bar of its own wide enough to carry its label at a size a lecture
 * hall can read (small n: about 64 keys across 900 pixels, 32 in
 * presentation mode). A label lies across its bar where the widest label
 * fits, else along it (reading upwards); at the bar's foot, inside it,
 * where the bar is tall enough, else just above it; in black or white on
 * a bar, whichever stands out more from the bar's colour, in the legend's
 * grey above one. The renderer paints them into a layer (ws-layers.h),
 * painted again only when a label changes. Private to gl/.
 */
#pragma once

#include <cairo.h>

#include "ws-colormap.h"
#include "ws-renderer.h"

G_BEGIN_DECLS

/* A label's text: an integer key exactly, a float compactly (three
 * significant digits; whole numbers from 1000 to a million as such, not
 * "1.23e+03"); infinity, a network's padding, as "∞". Free with g_free. */
char    *ws_bar_value_text   (gboolean       integral,
                              double         value);

/* *widest becomes the widest label among a's values and itself (NULL at
 * first), measured in the labels' font: the one a layout is made for. */
void     ws_bar_values_widen (const WsArray *a,
                              char         **widest);

/* How the labels of a view are set: their font size, across the bars or
 * along them (vertical), and the widest label's extent along and across
 * its direction; all in device pixels. */
typedef struct
{
  gboolean vertical;
  double   size, length, thickness, pad;
} WsBarValuesFit;

/* Whether the labels of a view (one key a bin; view->widest, or its
 * values' widest) fit the bars of a plot at a legible size; *fit says
 * how. FALSE for views of more keys than bins or than
 * WS_RENDERER_VALUE_KEYS. Its values may be NULL
 * yet where widest is set: a scene asks before it brings keys up. */
gboolean ws_bar_values_fit   (const WsBarsView *view,
                              WsRect            plot,
                              WsBarValuesFit   *fit);

/* One key's label, where ws_bar_values_place puts it: its foot (the
 * middle of its lower edge as read: the bottom for a label across the
 * bar, its start for one along it), device pixels of the viewport. */
typedef struct
{
  char    *text;
  double   x, y;
  gboolean inside; /* on the bar, not above it */
  double   t;      /* the value scaled to the colour map, [0, 1] */
} WsBarLabel;

/* The labels of view->values over the plot, one a key (a GArray of
 * WsBarLabel that frees their texts). */
GArray  *ws_bar_values_place (const WsBarsView     *view,
                              WsRect                plot,
                              const WsBarValuesFit *fit);

/* Black or white: whichever has the higher contrast (WCAG's ratio) with
 * rgb, so a label reads on any colour of the map (4.5:1 at worst). */
void     ws_bar_values_ink   (const guint8          rgb[3],
                              double                ink[3]);
/* The contrast ratio of two colours, 1 to 21. */
double   ws_bar_values_contrast (const double       a[3],
                                 const double       b[3]);

/* Paints labels into a layer whose top-left corner is (x, y) of the
 * viewport. */
void     ws_bar_values_paint (cairo_t              *cr,
                              const GArray         *labels,
                              const WsBarValuesFit *fit,
                              WsColormapStyle       style,
                              double                x,
                              double                y);

G_END_DECLS
