/* ws-heat.c: grids reduced to heat-map texels (see ws-heat.h). */
#include "ws-heat.h"

#include <math.h>

guint
ws_heat_texels (guint64 side, guint max)
{
  return (guint) MIN (side, (guint64) max);
}

void
ws_heat_span (guint64 side, guint texels, guint t, guint64 *first, guint64 *last)
{
  *first = (guint64) t * side / texels;
  *last = (guint64) (t + 1) * side / texels;
}

guint64
ws_heat_row_done (const WsHeatMask *mask, guint64 side, guint64 row)
{
  guint64 blocks_x, row_of_blocks, full_rows;

  if (mask == NULL || mask->block_rows == 0)
    return side;
  g_return_val_if_fail (mask->block_cols > 0, side);
  blocks_x = (side + mask->block_cols - 1) / mask->block_cols;
  row_of_blocks = row / mask->block_rows;
  full_rows = mask->done / blocks_x;
  if (row_of_blocks < full_rows)
    return side;
  if (row_of_blocks > full_rows)
    return 0;
  return MIN (side, (mask->done % blocks_x) * mask->block_cols);
}

gboolean
ws_heat_region_valid (const WsHeatRegion *region, guint64 side)
{
  return region->span > 0 && region->row <= side && region->col <= side
         && region->span <= side - MAX (region->row, region->col);
}

/* The mean of the texel's cells that have run, in row-major order. */
static float
texel_mean (const WsArray *a, guint64 side, const WsHeatRegion *region, const WsHeatMask *mask,
            guint texels, guint tx, guint ty)
{
  guint64 r0, r1, c0, c1, count = 0;
  double sum = 0.0;

  ws_heat_span (region->span, texels, ty, &r0, &r1);
  ws_heat_span (region->span, texels, tx, &c0, &c1);
  r0 += region->row, r1 += region->row, c0 += region->col, c1 += region->col;
  for (guint64 r = r0; r < r1; r++)
    {
      guint64 end = MIN (c1, ws_heat_row_done (mask, side, r));
      for (guint64 c = c0; c < end; c++)
        sum += ws_array_get_double (a, r * side + c);
      count += end > c0 ? end - c0 : 0;
    }
  return count ? (float) (sum / (double) count) : NAN;
}

void
ws_heat_fill (const WsArray *a, guint64 side, const WsHeatRegion *region, const WsHeatMask *mask,
              guint texels, float *out)
{
  WsHeatRegion r = region != NULL ? *region : (WsHeatRegion) { 0, 0, side };

  g_return_if_fail (a->n == side * side && ws_heat_region_valid (&r, side) && texels <= r.span);
  /* Texels are independent: rows of them in parallel change no sum. */
#pragma omp parallel for schedule(dynamic, 4)
  for (guint ty = 0; ty < texels; ty++)
    for (guint tx = 0; tx < texels; tx++)
      out[(gsize) ty * texels + tx] = texel_mean (a, side, &r, mask, texels, tx, ty);
}
