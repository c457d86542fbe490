/* ws-renderer-private.h: what the renderer's files share, from the ground
 * up: ws-renderer.c (programs, textures, solid shapes); the bars view's
 * ws-renderer-geometry.c (where it goes), ws-renderer-values.c (its axis
 * and values) and ws-renderer-bars.c (the rest of it); the heat map's
 * ws-renderer-heat-layout.c, ws-renderer-heat-text.c and
 * ws-renderer-heat.c. A file calls only the files before it. */
#pragma once

#include <cairo.h>
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

/* Binds the colour map to texture unit 1 and `texture` to unit 0. */
void ws_renderer_bind_textures (WsRenderer *renderer,
                                GLuint      texture);

/* ---- the bars view's geometry (ws-renderer-geometry.c) ---- */

/* Plot margins in logical pixels: room under the axis for the marks of
 * compared keys, a little air elsewhere. */
enum { WS_BARS_MARGIN = 12, WS_BARS_MARK_ROOM = 10 };

/* The plot area of a view in a width × height viewport, device pixels:
 * its left edge and its bottom edge's distance from the viewport's
 * bottom (GL's origin), width and height, and its top edge (top-left
 * origin); in the view's panel, under the header row when the view has
 * one, right of the axis when it has one. */
typedef struct
{
  double scale, left, bottom, width, height, top;
} WsBarsArea;

/* The header's widths in device pixels: the caption, the colour scale,
 * the highlights' key, and the gap between them. */
typedef struct
{
  double caption, scale, keys, swapped, gap;
} WsBarsHeaderWidths;

/* The view's panel in a width × height viewport (all of it by default),
 * and the name of its layer showing `what`: views in one viewport cache
 * their layers apart. */
WsRect             ws_renderer_view_panel         (const WsBarsView *view,
                                                   int               width,
                                                   int               height);
char              *ws_renderer_layer_name         (const WsBarsView *view,
                                                   const char       *what);
WsBarsArea         ws_renderer_bars_area          (const WsBarsView *view,
                                                   int               width,
                                                   int               height);
/* Whether the view has a header row (a caption or a legend), the widths
 * of its parts at cr's font, and its rows: two where the caption and the
 * legend do not fit one. */
gboolean           ws_renderer_bars_has_header    (const WsBarsView *view);
WsBarsHeaderWidths ws_renderer_bars_header_widths (cairo_t          *cr,
                                                   const WsBarsView *view);
int                ws_renderer_bars_header_rows   (const WsBarsView *view,
                                                   double            width);

/* ---- the bars view's value axis and its values, where the view has
 * them (ws-renderer-values.c) ---- */
void ws_renderer_draw_axis   (WsRenderer       *renderer,
                              const WsBarsView *view,
                              int               width,
                              int               height);
void ws_renderer_draw_values (WsRenderer       *renderer,
                              const WsBarsView *view,
                              int               width,
                              int               height);

/* ---- the heat map's files, from the ground up: ws-renderer-heat-layout.c
 * (where the map, its marks and the legend's entries go),
 * ws-renderer-heat-text.c (title, colour scale, legend) and
 * ws-renderer-heat.c (the map and its marks) ---- */

/* Room over the map for the title, under it for the colour scale and
 * each row of legend entries under that, logical pixels. */
enum { WS_HEAT_TITLE_ROOM = 26, WS_HEAT_SCALE_ROOM = 30, WS_HEAT_ENTRY_ROW = 20 };
/* Logical pixels: a legend entry's swatch's side, from it to its label,
 * between entries. */
enum { WS_HEAT_SWATCH = 12, WS_HEAT_SWATCH_GAP = 5, WS_HEAT_ENTRY_GAP = 14 };

/* The part of the grid the view draws (its span 0 read as the whole). */
WsHeatPart ws_renderer_heat_part        (const WsHeatView *view);
/* The launch's lines drawn on a map of that size: each 0 where too close
 * to draw (or not asked for). */
void       ws_renderer_heat_lines       (const WsHeatView *view,
                                         WsRect            map,
                                         guint64          *block_cols,
                                         guint64          *block_rows,
                                         guint64          *thread_cols);
/* Cells in pixels on the map through the part shown: x0, y0, x1, y1. */
void       ws_renderer_heat_cells_box   (const WsCellRect *cells,
                                         const WsHeatView *view,
                                         WsRect            map,
                                         double            box[4]);
/* A mark's box, at least 3 logical pixels wide and high; FALSE where it
 * lies off the map. */
gboolean   ws_renderer_heat_mark_box    (const WsHeatMark *mark,
                                         const WsHeatView *view,
                                         WsRect            map,
                                         double            box[4]);
/* Whether the mark shows on the part of the grid drawn. */
gboolean   ws_renderer_heat_mark_shows  (const WsHeatView *view,
                                         const WsHeatMark *mark,
                                         WsRect            map);
/* A mark's name where its label is NULL ("window", "tile", …). */
const char *ws_renderer_mark_name       (WsMarkKind        kind);
/* An entry's label ("" for none). */
const char *ws_renderer_heat_entry_label (const WsLegendEntry *entry);
/* The legend's entries in order: the marks that show on map (all where
 * map is NULL), the lines drawn on it (or asked for), the hatch. */
guint      ws_renderer_heat_entries     (const WsHeatView *view,
                                         const WsRect     *map,
                                         WsLegendEntry     entries[WS_LEGEND_ENTRIES_MAX]);
/* The entries laid out left to right in rows no wider than width: where
 * each row starts (first[r]) and how wide it is; returns the rows. */
guint      ws_renderer_heat_legend_layout (cairo_t             *cr,
                                           const WsLegendEntry *entries,
                                           guint                n,
                                           double               width,
                                           double               scale,
                                           guint                first[WS_LEGEND_ENTRIES_MAX + 1],
                                           double               widths[WS_LEGEND_ENTRIES_MAX]);
/* The title over the map, and the colour scale and legend under it. */
void       ws_renderer_heat_draw_text   (WsRenderer       *renderer,
                                         const WsHeatView *view,
                                         WsRect            panel,
                                         WsRect            map,
                                         int               width,
                                         int               height);

G_END_DECLS
