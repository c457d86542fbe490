/* ws-stencil.h: study 001's radius-R window sum over an N×N grid.
 *
 * The grid is row-major (g[i * N + j]); the output has (N - 2R) × (N - 2R)
 * values, out[r * (N - 2R) + c] being the sum of the (2R + 1)^2 inputs
 * centred on input (r + R, c + R). R = 0 copies the grid.
 *
 * cpu-seq is the study's four nested loops (a float accumulator for
 * float32, as the study summed). cpu-par does O(1) work per output whatever
 * R is: separable row and column passes of block prefix/suffix sums in
 * double, so every partial sum holds only inputs of its own window. That
 * keeps the IEEE semantics of the loops (a window with +inf gives +inf, one
 * with +inf and -inf gives NaN) and the error relative to the window's own
 * values, however large the values outside it are.
 *
 * int32 sums are exact (64-bit); an output outside the int32 range is
 * WS_ERROR_OVERFLOW naming its row and column, the first in row-major order,
 * in both variants. Counters (if non-NULL) gain passes = 1 (cpu-seq) or 2
 * (cpu-par: rows, then columns) and probes = grid values read.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* TRUE when a side × side grid has outputs for this radius: radius >= 0 and
 * side > 2 * radius. Otherwise WS_ERROR_INVALID_ARGUMENT saying which. */
gboolean  ws_stencil_check (gsize          side,
                            gint64         radius,
                            GError       **error);

/* A new (side - 2 radius)^2 array of grid's type, or NULL with an error.
 * grid->n must be side * side (else WS_ERROR_INVALID_ARGUMENT); variants
 * other than cpu-seq and cpu-par are WS_ERROR_UNSUPPORTED. */
WsArray  *ws_stencil       (const WsArray *grid,
                            gsize          side,
                            guint          radius,
                            WsVariant      variant,
                            WsCounters    *counters,
                            GError       **error);

G_END_DECLS
