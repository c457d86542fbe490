/* ws-stencil-layout.h: where study 001's kernel puts its work — which
 * thread and block compute an output, which outputs a thread computes,
 * which inputs a window and a block read. The heat-map view draws these as
 * overlays; the animation fills the output in the blocks' launch order.
 *
 * The study's launch (its schemes 1 and 2): blocks of BS × BS threads;
 * thread (tx, ty) of block (bx, by) computes the K consecutive outputs of
 * output row by·BS + ty, columns (bx·BS + tx)·K … + K − 1. A block thus
 * covers BS rows × BS·K columns of the (N − 2R)² output, and reads those
 * outputs' windows: BS + 2R rows × BS·K + 2R columns of the input (its
 * tile with the halo). Rectangles are clipped to the grid they lie in.
 * (The kernel caps its grid at 65535 rows of blocks and loops beyond; with
 * N ≤ 46340, the registry's limit, that cap never binds, so this is the
 * launch as it runs.)
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  guint64 side;       /* N, the input's side */
  guint   radius;     /* R */
  guint   block;      /* BS */
  guint   per_thread; /* K */
} WsStencilShape;

/* Cells [row, row + rows) × [col, col + cols) of one grid. */
typedef struct
{
  guint64 row, col, rows, cols;
} WsCellRect;

/* Where one output sits in the launch. */
typedef struct
{
  guint64    block_x, block_y;   /* its block's index */
  guint      thread_x, thread_y; /* its thread's index in the block */
  guint64    launch;             /* the block's place in launch order */
  WsCellRect thread_outputs;     /* its thread's K outputs (output grid) */
  WsCellRect block_outputs;      /* its block's outputs (output grid) */
  WsCellRect window;             /* the (2R + 1)² inputs it sums (input) */
  WsCellRect tile;               /* its block's inputs with the halo */
} WsStencilPlace;

/* TRUE when the shape has outputs (N > 2R) and a block (BS ≥ 1, K ≥ 1). */
gboolean ws_stencil_shape_valid  (const WsStencilShape *shape);
/* N − 2R. */
guint64  ws_stencil_outputs      (const WsStencilShape *shape);
/* The launch's grid of blocks. */
void     ws_stencil_blocks       (const WsStencilShape *shape,
                                  guint64              *blocks_x,
                                  guint64              *blocks_y);
/* The place of output (row, col), both < N − 2R. */
void     ws_stencil_place        (const WsStencilShape *shape,
                                  guint64               row,
                                  guint64               col,
                                  WsStencilPlace       *place);

G_END_DECLS
