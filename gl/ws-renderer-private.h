/* ws-renderer-private.h: what the renderer's files share (ws-renderer.c:
 * programs, colour map, bars; ws-renderer-heat.c: heat maps). */
#pragma once

#include <epoxy/gl.h>

#include "ws-colormap.h"
#include "ws-layers.h"
#include "ws-renderer.h"

G_BEGIN_DECLS

struct _WsRenderer
{
  GLuint    bars_program, heat_program, solid_program;
  GLuint    vertex_array;
  GLuint    solid_array, solid_buffer;
  GLuint    bins_texture;
  GLuint    bins_buffer; /* the pixel-unpack buffer the device writes bins into */
  gsize     bins_buffer_size;
  GLuint    colormap_texture;
  GLuint    heat_textures[WS_HEAT_SLOTS];
  guint     heat_texels[WS_HEAT_SLOTS];
  WsLayers *layers;
  WsColormapStyle style; /* presentation mode's high contrast, or not */
};

/* The views' background in the renderer's style (the clear's colour). */
const float *ws_renderer_background (const WsRenderer *renderer);

/* Vertices of the solid program: x, y (pixels, top-left origin), RGBA. */
enum { SOLID_FLOATS = 6 };

/* Two triangles of the rectangle [x0, x1] × [y0, y1] in one colour. */
void ws_renderer_add_rect   (GArray      *vertices,
                             float        x0,
                             float        y0,
                             float        x1,
                             float        y1,
                             const float  rgba[4]);
/* Draws the triangles (blended by their alpha). */
void ws_renderer_draw_solid (WsRenderer  *renderer,
                             GArray      *vertices,
                             int          width,
                             int          height);

/* The view's panel in a width × height viewport (all of it by default),
 * and the name of its layer showing `what`: views in one viewport cache
 * their layers apart. */
WsRect ws_renderer_view_panel (const WsBarsView *view,
                               int               width,
                               int               height);
char  *ws_renderer_layer_name (const WsBarsView *view,
                               const char       *what);

/* The bars view's value axis and its values, where the view has them
 * (ws-renderer-values.c). */
void ws_renderer_draw_axis   (WsRenderer       *renderer,
                              const WsBarsView *view,
                              int               width,
                              int               height);
void ws_renderer_draw_values (WsRenderer       *renderer,
                              const WsBarsView *view,
                              int               width,
                              int               height);

/* Binds the colour map to texture unit 1 and `texture` to unit 0. */
void ws_renderer_bind_textures (WsRenderer *renderer,
                                GLuint      texture);

/* ---- the heat map's files: ws-renderer-heat.c (the map and its marks)
 * and ws-renderer-heat-text.c (title, colour scale, legend) ---- */

/* Room over the map for the title, under it for the colour scale, and
 * each row of legend entries under that, logical pixels. */
enum { WS_HEAT_TITLE_ROOM = 26, WS_HEAT_SCALE_ROOM = 30, WS_HEAT_ENTRY_ROW = 20 };

/* The part of the grid the view draws (its span 0 read as the whole). */
WsHeatPart ws_renderer_heat_part        (const WsHeatView *view);
/* The launch's lines drawn on a map of that size: each 0 where too close
 * to draw (or not asked for). */
void       ws_renderer_heat_lines       (const WsHeatView *view,
                                         WsRect            map,
                                         guint64          *block_cols,
                                         guint64          *block_rows,
                                         guint64          *thread_cols);
/* Whether the mark shows on the part of the grid drawn. */
gboolean   ws_renderer_heat_mark_shows  (const WsHeatView *view,
                                         const WsHeatMark *mark,
                                         WsRect            map);
/* A mark's name where its label is NULL ("window", "tile", …). */
const char *ws_renderer_mark_name       (WsMarkKind        kind);
/* The title over the map, and the colour scale and legend under it. */
void       ws_renderer_heat_draw_text   (WsRenderer       *renderer,
                                         const WsHeatView *view,
                                         WsRect            panel,
                                         WsRect            map,
                                         int               width,
                                         int               height);

G_END_DECLS
