/* ws-stencil-layout.c: study 001's launch geometry (see ws-stencil-layout.h). */
#include "ws-stencil-layout.h"

gboolean
ws_stencil_shape_valid (const WsStencilShape *s)
{
  return s->side > 2 * (guint64) s->radius && s->block >= 1 && s->per_thread >= 1;
}

guint64
ws_stencil_outputs (const WsStencilShape *s)
{
  return s->side - 2 * (guint64) s->radius;
}

void
ws_stencil_blocks (const WsStencilShape *s, guint64 *blocks_x, guint64 *blocks_y)
{
  guint64 m = ws_stencil_outputs (s), block_cols = (guint64) s->block * s->per_thread;

  *blocks_x = (m + block_cols - 1) / block_cols;
  *blocks_y = (m + s->block - 1) / s->block;
}

/* The rectangle clipped to a grid of side `limit`. */
static WsCellRect
clipped (guint64 row, guint64 col, guint64 rows, guint64 cols, guint64 limit)
{
  return (WsCellRect) { row, col, MIN (rows, limit - row), MIN (cols, limit - col) };
}

void
ws_stencil_place (const WsStencilShape *s, guint64 row, guint64 col, WsStencilPlace *p)
{
  guint64 m = ws_stencil_outputs (s), halo = 2 * (guint64) s->radius;
  guint64 thread_col = col / s->per_thread, blocks_x, blocks_y;
  WsCellRect block;

  g_return_if_fail (ws_stencil_shape_valid (s) && row < m && col < m);
  ws_stencil_blocks (s, &blocks_x, &blocks_y);
  p->block_x = thread_col / s->block;
  p->block_y = row / s->block;
  p->thread_x = (guint) (thread_col % s->block);
  p->thread_y = (guint) (row % s->block);
  p->launch = p->block_y * blocks_x + p->block_x;
  p->thread_outputs = clipped (row, thread_col * s->per_thread, 1, s->per_thread, m);
  block = clipped (p->block_y * s->block, p->block_x * s->block * (guint64) s->per_thread,
                   s->block, (guint64) s->block * s->per_thread, m);
  p->block_outputs = block;
  p->window = (WsCellRect) { row, col, halo + 1, halo + 1 };
  p->tile = clipped (block.row, block.col, block.rows + halo, block.cols + halo, s->side);
}
