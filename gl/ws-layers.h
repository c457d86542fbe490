/* ws-layers.h: text and legends painted with Cairo, drawn over the views
 * as textures one texel per device pixel — crisp at any scale, the same in
 * the application and in exported frames.
 *
 * A layer has a name ("bars-header") and a key describing its content; it
 * is painted again only when the key or its size changes, so a caption
 * that stays the same costs one textured rectangle a frame. Private to gl/.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

typedef struct _WsLayers WsLayers;

/* Paints the layer's content into cr (a width × height ARGB32 image,
 * transparent, device pixels). */
typedef void (*WsLayerPaint) (cairo_t      *cr,
                              int           width,
                              int           height,
                              gconstpointer data);

WsLayers *ws_layers_new  (GError      **error);
void      ws_layers_free (WsLayers     *layers);

/* Draws layer `name` with its top-left corner at (x, y) (device pixels,
 * top-left origin) on a viewport_width × viewport_height viewport,
 * painting it first when key, width or height changed. */
void      ws_layers_draw (WsLayers     *layers,
                          const char   *name,
                          const char   *key,
                          int           x,
                          int           y,
                          int           width,
                          int           height,
                          WsLayerPaint  paint,
                          gconstpointer data,
                          int           viewport_width,
                          int           viewport_height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsLayers, ws_layers_free)

G_END_DECLS
