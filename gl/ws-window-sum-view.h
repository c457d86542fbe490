/* ws-window-sum-view.h: study 001 as a picture — the input grid and the
 * output of its window sum side by side as heat maps, the launch's blocks
 * and threads drawn on the output, and for one chosen output its
 * (2R + 1)² window and its block's tile with the halo on the input, its
 * thread's K outputs and its block on the output. The application and
 * `warpscope-cli render --view heat` draw it the same way. */
#pragma once

#include "ws-renderer.h"
#include "ws-stencil-layout.h"

G_BEGIN_DECLS

/* How close the maps are: zoom × (1: each map whole, up to the output
 * shrunk to 4 cells a side) about centre, in the output's cells
 * (continuous: col across, row down). The output map shows span = M / zoom
 * outputs a side (M = N − 2R) centred there; the input map the inputs
 * their windows read, R more on every side — so both show the same
 * outputs, the same place in the launch. Zero: the whole maps. */
typedef struct
{
  double zoom;
  double row, col;
} WsWindowSumZoom;

typedef struct
{
  WsStencilShape shape;
  double         in_min, in_max;   /* the colour scales */
  double         out_min, out_max;
  guint          texels[WS_HEAT_SLOTS]; /* texels a side in each slot */
  gboolean       chosen;           /* an output is chosen: */
  guint64        row, col;         /*   its row and column */
  gboolean       launch_lines;     /* blocks and threads on the output */
  const char    *caption;          /* a row over both maps, or NULL */
  double         scale;
  WsWindowSumZoom zoom;            /* the part shown (zero: all) */
  gboolean       pending;          /* the output has blocks not run yet (hatched) */
  double         free_right;       /* device pixels kept free at the right edge */
} WsWindowSumView;

/* The chosen output's marks on one map, in the order drawn, with their
 * names in the legend ("its window, 5 × 5"): on the input its block's
 * halo and tile, its window and the window's centre; on the output its
 * block, its thread's K outputs and itself. */
typedef struct
{
  WsHeatMark marks[4];
  guint      n;
  char       names[4][48];
} WsWindowSumMarks;

void     ws_window_sum_marks  (const WsWindowSumView *view,
                               WsHeatSlot             slot,
                               WsWindowSumMarks      *marks);

/* The zoom kept inside its range, and its centre such that the maps never
 * show beyond their grids: the nearest allowed to z. */
WsWindowSumZoom ws_window_sum_zoom_clamp (const WsStencilShape *shape,
                                          WsWindowSumZoom       z);
/* The part of its grid the slot's map shows (ws-renderer.h), and the
 * region of whole cells around it that the slot's texture holds. */
WsHeatPart   ws_window_sum_part   (const WsWindowSumView *view,
                                   WsHeatSlot             slot);
WsHeatRegion ws_window_sum_region (const WsWindowSumView *view,
                                   WsHeatSlot             slot);

/* The two maps' panels (input left, output right) in the viewport, each
 * as high as its title, map, colour scale and legend: the maps as large
 * as the viewport allows. */
void     ws_window_sum_panels (const WsWindowSumView *view,
                               int                    width,
                               int                    height,
                               WsRect                 panels[WS_HEAT_SLOTS]);
/* Where the slot's map lies in the viewport (a square, device pixels). */
WsRect   ws_window_sum_map    (const WsWindowSumView *view,
                               WsHeatSlot             slot,
                               int                    width,
                               int                    height);
/* Texels a side the slot's map needs: one per pixel of it, at most one
 * per cell of its region — so a close view shows the cells themselves. */
guint    ws_window_sum_texels (const WsWindowSumView *view,
                               WsHeatSlot             slot,
                               int                    width,
                               int                    height);
/* The legend's entries under the slot's map as drawn in a width × height
 * viewport (ws_renderer_heat_legend): its marks in sight, the lines drawn,
 * the hatch while the launch runs. */
guint    ws_window_sum_legend (const WsWindowSumView *view,
                               WsHeatSlot             slot,
                               int                    width,
                               int                    height,
                               WsLegendEntry          entries[WS_LEGEND_ENTRIES_MAX]);
/* Draws both maps (their textures filled beforehand) with their marks. */
void     ws_window_sum_draw   (WsRenderer            *renderer,
                               const WsWindowSumView *view,
                               int                    width,
                               int                    height);
/* The output under device pixel (x, y): on the output map the cell there,
 * on the input map the output centred there. FALSE over neither (or over
 * the input's border of width R, which no output is centred on). */
gboolean ws_window_sum_hit    (const WsWindowSumView *view,
                               int                    width,
                               int                    height,
                               double                 x,
                               double                 y,
                               guint64               *row,
                               guint64               *col);
/* The map under device pixel (x, y) and the cell there in its own grid
 * (continuous); FALSE over neither. */
gboolean ws_window_sum_cell_at (const WsWindowSumView *view,
                                int                    width,
                                int                    height,
                                double                 x,
                                double                 y,
                                WsHeatSlot            *slot,
                                double                *row,
                                double                *col);
/* The view's zoom times factor about device pixel (x, y): the cell under
 * it stays under it (unless the clamp moves the maps); about the middle
 * where (x, y) is over neither map. */
WsWindowSumZoom ws_window_sum_zoom_at (const WsWindowSumView *view,
                                       int                    width,
                                       int                    height,
                                       double                 x,
                                       double                 y,
                                       double                 factor);
/* The view's zoom with the maps dragged by (dx, dy) device pixels, as
 * measured on the map under (x, y) (the output's where over neither):
 * the cells under the pointer follow it. */
WsWindowSumZoom ws_window_sum_pan     (const WsWindowSumView *view,
                                       int                    width,
                                       int                    height,
                                       double                 x,
                                       double                 y,
                                       double                 dx,
                                       double                 dy);

G_END_DECLS
