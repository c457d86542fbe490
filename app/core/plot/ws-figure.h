/* ws-figure.h: a drawing saved as a PNG, SVG or PDF file — the charts
 * (WsPlot) and the sorting networks' diagrams alike. The format comes from
 * the name's extension; the file is written atomically (ws-file.h), so a
 * failure never leaves half a file; the same figure gives the same bytes
 * every time (a PDF's dates are fixed, an SVG's ids numbered in order).
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* The sides a file may have, in pixels (points for PDF). */
#define WS_FIGURE_MIN_SIDE 16
#define WS_FIGURE_MAX_SIDE 16384

typedef enum
{
  WS_FIGURE_PNG,
  WS_FIGURE_SVG,
  WS_FIGURE_PDF,
} WsFigureFormat;

/* Draws the figure into width × height user units of cr. */
typedef void (*WsFigureDrawFunc) (cairo_t *cr,
                                  double   width,
                                  double   height,
                                  gpointer data);

/* Whether path ends in extension (".png"), in any case. */
gboolean ws_figure_has_extension   (const char     *path,
                                    const char     *extension);
/* The format path's extension names (.png, .svg, .pdf, in any case);
 * FALSE for another. */
gboolean ws_figure_format_for_path (const char     *path,
                                    WsFigureFormat *format);
/* Draws the figure width × height and writes it to path. what names it in
 * messages ("plot": "Cannot save the plot as …"): an unknown extension, a
 * side outside WS_FIGURE_MIN_SIDE … WS_FIGURE_MAX_SIDE
 * (WS_ERROR_INVALID_ARGUMENT), a drawing that fails (WS_ERROR_NO_MEMORY or
 * WS_ERROR_IO), a file that cannot be written (WS_ERROR_IO). */
gboolean ws_figure_save            (const char        *path,
                                    int                width,
                                    int                height,
                                    const char        *what,
                                    WsFigureDrawFunc   draw,
                                    gpointer           data,
                                    GError           **error);

G_END_DECLS
