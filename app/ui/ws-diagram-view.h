/* ws-diagram-view.h: a sorting network's diagram (Knuth's, ws-diagram.h)
 * in a widget, live: the layer just run lit, each wire in its key's
 * colour, the exchanges of that layer marked. The wheel zooms about the
 * pointer and a drag pans (256 wires stay usable); a double click shows
 * it whole. A click on a layer asks for it ("layer-activated"); the wire
 * under the pointer is told ("wire-hovered", -1 when none) and can be lit
 * from outside (the bar the pointer is over). The page owns the network
 * and the keys; this draws and reports. */
#pragma once

#include <gtk/gtk.h>

#include "ws-diagram.h"

G_BEGIN_DECLS

#define WS_TYPE_DIAGRAM_VIEW (ws_diagram_view_get_type ())
G_DECLARE_FINAL_TYPE (WsDiagramView, ws_diagram_view, WS, DIAGRAM_VIEW, GtkWidget)

GtkWidget *ws_diagram_view_new          (void);
/* Takes diagram; NULL shows why_none instead ("… up to 256 keys"). The
 * zoom, the live state and the lit wire start afresh. */
void       ws_diagram_view_set_diagram  (WsDiagramView *view,
                                         WsDiagram     *diagram,
                                         const char    *why_none);
WsDiagram *ws_diagram_view_get_diagram  (WsDiagramView *view);
/* The layer just run (-1: none), and per wire its colour (0xRRGGBB) and
 * whether that layer exchanged its key (both copied; NULL: none). A zoomed
 * view scrolls to keep the layer in sight. */
void       ws_diagram_view_set_live     (WsDiagramView *view,
                                         int            layer,
                                         const guint32 *rgb,
                                         const guint8  *swapped,
                                         guint          n_wires);
int        ws_diagram_view_current_layer (WsDiagramView *view);
/* Wire i's colour as last set (0xRRGGBB), or -1 without colours. */
gint64     ws_diagram_view_wire_colour  (WsDiagramView *view,
                                         guint          wire);
/* A wire lit from outside (-1: none), and the one lit now. */
void       ws_diagram_view_set_lit_wire (WsDiagramView *view,
                                         int            wire);
int        ws_diagram_view_lit_wire     (WsDiagramView *view);
/* Where the gpu variant works, layer by layer (ws_diagram_set_gpu_groups
 * with a stand-in tile a quarter of the network, so that a lecture's
 * network shows a large sort's launches), or not. */
void       ws_diagram_view_set_gpu_groups (WsDiagramView *view,
                                           gboolean       on);

/* ---- what the pointer does, for the tests as for the gestures ---- */

/* The layers and wires shown. */
WsDiagramWindow ws_diagram_view_window  (WsDiagramView *view);
/* factor > 1 zooms in, < 1 out, about widget point (x, y). */
void       ws_diagram_view_zoom_at      (WsDiagramView *view,
                                         double         factor,
                                         double         x,
                                         double         y);
/* Moves the picture by (dx, dy) widget pixels. */
void       ws_diagram_view_pan          (WsDiagramView *view,
                                         double         dx,
                                         double         dy);
void       ws_diagram_view_fit          (WsDiagramView *view);
/* A click at (x, y): emits "layer-activated" with the layer there;
 * FALSE over no layer. */
gboolean   ws_diagram_view_click_at     (WsDiagramView *view,
                                         double         x,
                                         double         y);
/* The pointer at (x, y) (or gone: x < 0): lights its wire and emits
 * "wire-hovered" when that changes. */
void       ws_diagram_view_hover_at     (WsDiagramView *view,
                                         double         x,
                                         double         y);
char      *ws_diagram_view_tooltip_at   (WsDiagramView *view,
                                         double         x,
                                         double         y);

G_END_DECLS
