/* ws-renderer.h: draws Warpscope's views with OpenGL (3.3 core or GLES 3),
 * in whatever context is current: the application's GtkGLArea or a
 * headless EGL context (ws-gl-context.h).
 *
 * The bars view reads its bins (ws-bars.h) from a texture, the heat-map
 * view its texels (ws-heat.h) from one texture per slot; the frame path
 * fills them — from the host (CPU, staging), or on the device (interop).
 * Text and legends are painted with Cairo at device resolution and drawn
 * over the views (ws-layers.h), so they stay crisp at projector scale.
 */
#pragma once

#include <glib.h>

#include "ws-bars.h"
#include "ws-heat.h"
#include "ws-network.h"
#include "ws-stencil-layout.h"

G_BEGIN_DECLS

typedef struct _WsRenderer WsRenderer;

/* Up to this many keys a bars view writes their values on the bars (where
 * the bars are wide enough, ws_renderer_bars_values_fit): a scene whose
 * keys live on the device brings that many to the host for them, never
 * more. */
#define WS_RENDERER_VALUE_KEYS 128

/* A rectangle in device pixels, top-left origin. */
typedef struct
{
  double x, y, width, height;
} WsRect;

typedef struct
{
  guint       bins;     /* bins in the texture (ws_bars_count) */
  guint64     keys;     /* n */
  guint64     boundary; /* keys per stage run to mark, 0 for none */
  double      scale;    /* device pixels per logical pixel (HiDPI), ≥ 1 */
  /* A header row over the plot: the caption at the left (or NULL), and
   * with legend the colour scale over [vmin, vmax] and the highlights'
   * key at the right. Neither: no header. */
  const char *caption;
  gboolean    legend;
  double      vmin, vmax;
  /* The highlights' names in the legend (NULL: "compared", "swapped");
   * a scan reads and writes, a search has a range and probes. */
  const char *compared_name, *swapped_name;
  /* A line across the plot at this value (a search's key), if has_level. */
  gboolean    has_level;
  double      level;
  /* The keys' values written on the bars (ws-bar-values.h), one a key
   * (NULL: none), where they fit (ws_renderer_bars_values_fit). widest:
   * the widest label the animation will write, so that the labels' size
   * and direction hold still while the values change (NULL: the widest
   * of values). */
  const WsArray *values;
  const char    *widest;
  /* A value axis at the plot's left: ticks and labels from vmin to vmax,
   * both ends labelled, 1-2-5 steps between; whole numbers only where
   * integral (counts). axis_width: device pixels kept for it, so that
   * views stacked in one viewport line their bars up (0: what its labels
   * need, ws_renderer_bars_axis_width). */
  gboolean    axis, integral;
  double      axis_width;
  /* Where in the viewport the view lies (device pixels, top-left origin;
   * zero width: all of it), and its name among the views drawn there (its
   * layers are cached by it; NULL: the only one). */
  WsRect      panel;
  const char *name;
} WsBarsView;

/* The heat maps a frame can hold at once (each its own texture). */
typedef enum
{
  WS_HEAT_INPUT,
  WS_HEAT_OUTPUT,
  WS_HEAT_SLOTS,
} WsHeatSlot;

/* Overlays on a heat map, in its own cells. */
typedef enum
{
  WS_MARK_HALO,   /* the ring of inputs a block reads around its tile: magenta */
  WS_MARK_TILE,   /* a block's own inputs (one an output): cyan, lightly filled */
  WS_MARK_BLOCK,  /* a block's outputs: cyan outline */
  WS_MARK_WINDOW, /* one output's (2R + 1)² inputs: amber, filled */
  WS_MARK_THREAD, /* one thread's K outputs: amber, filled */
  WS_MARK_CELL,   /* one cell: white outline */
  WS_MARK_KINDS,
} WsMarkKind;

typedef struct
{
  WsMarkKind  kind;
  WsCellRect  cells;
  const char *label; /* its name in the legend */
  WsCellRect  hole;  /* cells inside it left as they are (a ring), rows 0: none */
} WsHeatMark;

/* The part of a grid a map shows, in cells: columns [col, col + span) across,
 * rows [row, row + span) down, not necessarily whole cells (a zoomed map). */
typedef struct
{
  double row, col;
  double span;
} WsHeatPart;

typedef struct
{
  WsHeatSlot        slot;
  guint64           side;        /* grid cells a side */
  guint             texels;      /* texels a side in the slot (ws_heat_texels) */
  double            vmin, vmax;  /* the colour scale */
  guint64           block_rows;  /* lines between blocks of these many cells, */
  guint64           block_cols;  /*   0 for none */
  guint64           thread_cols; /* lines between threads (K cells, one row), 0: none */
  const char       *title;       /* over the map, or NULL */
  double            scale;
  const WsHeatMark *marks;       /* drawn in order */
  guint             n_marks;
  /* What the map shows and what the slot's texture holds (ws-heat.h):
   * span 0 for the whole grid (both). */
  WsHeatPart        part;
  WsHeatRegion      region;
  gboolean          pending;     /* cells not run yet may show (the legend names the hatch) */
  /* At least this many rows of legend entries under the colour scale
   * (maps side by side reserve the same room, so that they line up). */
  guint             legend_rows;
} WsHeatView;

/* What a heat map's legend lists: the marks drawn, the launch's lines
 * drawn, the hatch of cells not run yet. */
typedef enum
{
  WS_LEGEND_MARK,
  WS_LEGEND_BLOCK_LINES,
  WS_LEGEND_THREAD_LINES,
  WS_LEGEND_PENDING,
} WsLegendKind;

typedef struct
{
  WsLegendKind kind;
  WsMarkKind   mark;  /* for WS_LEGEND_MARK */
  const char  *label;
} WsLegendEntry;

/* At most this many entries in one map's legend. */
#define WS_LEGEND_ENTRIES_MAX 16


/* Compiles the shaders (from the GResource) for the current context. */
WsRenderer *ws_renderer_new          (GError          **error);
void        ws_renderer_free         (WsRenderer       *renderer);

/* Presentation mode's high-contrast colours (a black background, a colour
 * map spanning more lightness) or the usual ones. */
void        ws_renderer_set_high_contrast (WsRenderer *renderer,
                                           gboolean    high);

/* Fills the viewport with the views' background colour. */
void        ws_renderer_clear        (WsRenderer       *renderer,
                                      int               width,
                                      int               height);

/* ---- bars ---- */

/* The number of bins that fit a target width in device pixels. */
guint       ws_renderer_bar_columns  (int               width,
                                      double            scale);

/* Copies count bins from the host into the bins texture. */
void        ws_renderer_upload_bins  (WsRenderer       *renderer,
                                      const WsBarBin   *bins,
                                      guint             count);

/* The GL buffer object (pixel unpack) that holds max_bins bins written on
 * the device (interop); created or resized here. */
guint       ws_renderer_bins_buffer  (WsRenderer       *renderer,
                                      guint             max_bins);
/* The bins texture from the first count bins of that buffer, copied on
 * the GPU. */
void        ws_renderer_upload_bins_from_buffer (WsRenderer *renderer,
                                                 guint       count);

/* Draws the bars view in its panel of the width × height viewport (all
 * of it by default): bars, axis, values and header. */
void        ws_renderer_draw_bars    (WsRenderer       *renderer,
                                      const WsBarsView *view,
                                      int               width,
                                      int               height);

/* The plot of a bars view in a width × height viewport: where the bars
 * stand (on its bottom edge) and reach up to, device pixels, top-left
 * origin. */
WsRect      ws_renderer_bars_plot    (const WsBarsView *view,
                                      int               width,
                                      int               height);
/* The number of bins that fit the view's plot: ws_renderer_bar_columns
 * for a view with an axis or a panel of its own. */
guint       ws_renderer_bars_columns (const WsBarsView *view,
                                      int               width,
                                      int               height);
/* The device pixels the view's value axis needs at its left. */
double      ws_renderer_bars_axis_width (const WsBarsView *view,
                                         int               width,
                                         int               height);
/* Whether ws_renderer_draw_bars would write the values of view on its
 * bars: one key a bin, bars wide enough for the widest label. A scene
 * asks with widest set and values NULL before it brings keys from the
 * device for them. */
gboolean    ws_renderer_bars_values_fit (const WsBarsView *view,
                                         int               width,
                                         int               height);

/* The key drawn at (x, y) of a width × height viewport (device pixels,
 * top-left origin) by ws_renderer_draw_bars with view: -1 outside the
 * plot (the header, the margins, under the axis). Where a column holds
 * many keys, the key at that fraction of the array. */
gint64      ws_renderer_bars_key_at  (const WsBarsView *view,
                                      int               width,
                                      int               height,
                                      double            x,
                                      double            y);

/* A key marked as wrong (the first out of order after a stage check): a
 * red band over its column and a triangle under the axis. */
void        ws_renderer_draw_key_mark (WsRenderer       *renderer,
                                       const WsBarsView *view,
                                       guint64           key,
                                       int               width,
                                       int               height);
/* A key lit (the wire the pointer is over in the network's diagram): a
 * faint white band over its column and a white marker under the axis. */
void        ws_renderer_draw_key_light (WsRenderer       *renderer,
                                        const WsBarsView *view,
                                        guint64           key,
                                        int               width,
                                        int               height);

/* The comparators of the current pass as brackets over the bars, red where
 * they swapped (per-key flags, WS_BAR_*), staggered so that none hides
 * another. For small n (the view draws them up to 256 keys). */
void        ws_renderer_draw_comparators (WsRenderer         *renderer,
                                          const WsComparator *comparators,
                                          gsize               count,
                                          const guint8       *flags,
                                          const WsBarsView   *view,
                                          int                 width,
                                          int                 height);

/* ---- heat maps ---- */

/* The slot's texture (GL_R32F, texels × texels), created or resized:
 * its GL name, for CUDA to register. Resizing re-specifies it (a CUDA
 * registration of the old size must be dropped first). */
guint       ws_renderer_heat_texture (WsRenderer       *renderer,
                                      WsHeatSlot        slot,
                                      guint             texels);
/* Copies texels² floats from the host into the slot's texture. */
void        ws_renderer_upload_heat  (WsRenderer       *renderer,
                                      WsHeatSlot        slot,
                                      const float      *texels,
                                      guint             count);

/* Where the map lies in a panel: a square under the title row, over the
 * colour scale and the rows of the legend, centred. */
WsRect      ws_renderer_heat_map_rect (const WsHeatView *view,
                                       WsRect            panel);
/* The height of a panel (that wide) whose map is side pixels: the title
 * row, the map, the colour scale and the legend's rows. */
double      ws_renderer_heat_panel_height (const WsHeatView *view,
                                           WsRect            panel,
                                           double            side);
/* The grid's cell under device pixel (x, y), in cells (continuous:
 * *col across, *row down); FALSE off the map. */
gboolean    ws_renderer_heat_cell_at  (const WsHeatView *view,
                                       WsRect            panel,
                                       double            x,
                                       double            y,
                                       double           *row,
                                       double           *col);
/* The rows of legend entries the view's marks, lines and hatch could
 * need in a panel that wide (the room under its colour scale). */
guint       ws_renderer_heat_legend_rows (const WsHeatView *view,
                                          WsRect            panel);
/* The legend's entries as drawn in panel: each mark that shows on the
 * part of the grid drawn, the launch's lines where they are drawn (cells
 * large enough), the hatch where cells may not have run. Returns how many. */
guint       ws_renderer_heat_legend   (const WsHeatView *view,
                                       WsRect            panel,
                                       WsLegendEntry     entries[WS_LEGEND_ENTRIES_MAX]);
/* A mark's colours (RGBA, 0 … 1): its outline and its fill (alpha 0: none),
 * as on the map and in the legend. */
void        ws_renderer_mark_colours  (WsMarkKind        kind,
                                       float             outline[4],
                                       float             fill[4]);
/* Draws the view's map, lines, marks, title and legend inside panel. */
void        ws_renderer_draw_heat    (WsRenderer       *renderer,
                                      const WsHeatView *view,
                                      WsRect            panel,
                                      int               width,
                                      int               height);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WsRenderer, ws_renderer_free)

G_END_DECLS
