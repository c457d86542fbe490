/* ws-canvas.h: the drawing area of every mode — a GtkGLArea that owns the
 * renderer (gl/) for its GL context and asks its painter for each frame.
 *
 * A mode sets a painter; the canvas makes the renderer when it is realized
 * (and says why when OpenGL is unavailable), calls the painter with the
 * size in device pixels, and drops the renderer when unrealized. */
#pragma once

#include <gtk/gtk.h>

#include "ws-renderer.h"

G_BEGIN_DECLS

#define WS_TYPE_CANVAS (ws_canvas_get_type ())
G_DECLARE_FINAL_TYPE (WsCanvas, ws_canvas, WS, CANVAS, GtkGLArea)

/* Draws one frame: the renderer's context is current, width × height
 * device pixels at `scale` device pixels per logical pixel. */
typedef void (*WsCanvasPaint) (WsRenderer *renderer,
                               int         width,
                               int         height,
                               double      scale,
                               gpointer    data);
/* The GL context is about to go (unrealize): drop what lives in it. */
typedef void (*WsCanvasRelease) (gpointer data);

GtkWidget  *ws_canvas_new          (void);
void        ws_canvas_set_painter  (WsCanvas        *canvas,
                                    WsCanvasPaint    paint,
                                    WsCanvasRelease  release,
                                    gpointer         data);
/* The renderer, or NULL before realize or when OpenGL failed. */
WsRenderer *ws_canvas_get_renderer (WsCanvas        *canvas);
/* Why there is no renderer ("OpenGL 3.3 is not available: …"), or NULL. */
const char *ws_canvas_get_problem  (WsCanvas        *canvas);
/* Sets label's text (taken) from an idle: a label that changes size while
 * the canvas draws would have to be laid out mid-frame. */
void        ws_canvas_label_later  (GtkLabel        *label,
                                    char            *text);

/* 1.5 in presentation mode, else 1: the painters get it in their scale
 * (logical sizes: text, strokes, margins), not in their pixel counts. */
double      ws_canvas_emphasis     (WsCanvas        *canvas);

/* Makes the canvas's context current (for creating GL objects). */
gboolean    ws_canvas_make_current (WsCanvas        *canvas);

G_END_DECLS
