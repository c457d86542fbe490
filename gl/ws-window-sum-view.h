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
} WsWindowSumView;

/* The two maps' panels (input left, output right) in the viewport. */
void     ws_window_sum_panels (const WsWindowSumView *view,
                               int                    width,
                               int                    height,
                               WsRect                 panels[WS_HEAT_SLOTS]);
/* Texels a side the slot's map needs: one per pixel of it, at most one
 * per cell. */
guint    ws_window_sum_texels (const WsWindowSumView *view,
                               WsHeatSlot             slot,
                               int                    width,
                               int                    height);
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

G_END_DECLS
