/* ws-heat.h: what the heat-map view draws — an N×N grid (the window sum's
 * input or output) reduced to the texels a square of pixels can show.
 *
 * A grid of side cells drawn on at most max texels a side becomes
 * texels = MIN (side, max) texels a side; texel (tx, ty) holds the mean of
 * the cells [tx·side/texels, (tx+1)·side/texels) × (the same in y), summed
 * in double in row-major order. That order is fixed, so a CUDA kernel that
 * sums the same way (cuda/ws-cuda-frames.cu) gives the same floats bit for
 * bit, and the interop and CPU paths draw the same pixels.
 *
 * A map zoomed in shows only part of its grid: a region (WsHeatRegion) of
 * span × span cells, whose texels then come from those cells alone — one
 * texel a cell once the region is no wider than the map in pixels, so that
 * a close view shows cells, not a blur of their means. Texel (tx, ty) of a
 * region holds the cells [col + tx·span/texels, col + (tx+1)·span/texels)
 * × (the same from row): the whole grid is the region { 0, 0, side }.
 *
 * A launch mask (WsHeatMask) keeps only the cells of the blocks that have
 * run, in launch order, for the animation that fills the output block by
 * block; a texel none of whose cells has run is NaN (drawn as "not yet").
 */
#pragma once

#include <glib.h>

#include "ws-array.h"

G_BEGIN_DECLS

/* Rows [row, row + span) × columns [col, col + span) of a side × side grid:
 * the cells a map's texels are made from. */
typedef struct
{
  guint64 row, col;
  guint64 span;
} WsHeatRegion;

/* Blocks of block_rows × block_cols cells, numbered in launch order (x
 * fastest: block (bx, by) is by · blocks_x + bx); the first `done` of
 * them have run. block_rows = 0 means every cell counts. */
typedef struct
{
  guint64 block_rows;
  guint64 block_cols;
  guint64 done;
} WsHeatMask;

/* Texels a side for a side × side grid on at most max texels a side. */
guint    ws_heat_texels      (guint64           side,
                              guint             max);

/* Texel t's cells along one axis of `side` cells (a region's span):
 * [*first, *last), counted from the region's first. */
void     ws_heat_span        (guint64           side,
                              guint             texels,
                              guint             t,
                              guint64          *first,
                              guint64          *last);

/* How many cells of row `row` have run under the mask (they are the
 * row's first ones: blocks run left to right). */
guint64  ws_heat_row_done    (const WsHeatMask *mask,
                              guint64           side,
                              guint64           row);

/* Whether region lies inside a side × side grid and holds a cell. */
gboolean ws_heat_region_valid (const WsHeatRegion *region,
                               guint64             side);

/* Fills texels² floats, row-major, from region of the side × side grid a
 * (row-major, a->n = side²; region NULL: the whole grid; texels ≤ its
 * span); mask may be NULL (every cell). */
void     ws_heat_fill        (const WsArray    *a,
                              guint64           side,
                              const WsHeatRegion *region,
                              const WsHeatMask *mask,
                              guint             texels,
                              float            *out);

G_END_DECLS
