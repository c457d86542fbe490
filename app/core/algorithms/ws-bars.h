/* ws-bars.h: what the bars view draws — the keys reduced to bins that a
 * pixel column can show.
 *
 * With n keys and at most `columns` pixel columns, a bin is one key when
 * n ≤ columns, else the keys of one column: its min–max band and its mean,
 * so that no key drops out of sight. Values are scaled to [0, 1] over a
 * fixed [vmin, vmax] (the input's range), so bars do not rescale while a
 * sort runs. Flags mark bins where the current pass compared or swapped a
 * key. The CPU fills bins here (the CPU and staging paths); for interop a
 * CUDA kernel fills the same layout on the device.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"

G_BEGIN_DECLS

enum
{
  WS_BAR_COMPARED = 1,
  WS_BAR_SWAPPED = 2,
};

/* Heights are fixed-point numbers with 24 fractional bits (exact in a
 * float): bins built on the CPU and on the GPU agree bit for bit. */
#define WS_BARS_ONE 16777216.0

/* One bin: four floats, one RGBA32F texel of the view's bin texture. */
typedef struct
{
  float lo;    /* the smallest key, scaled */
  float hi;    /* the largest */
  float mean;
  float flags; /* WS_BAR_* bits, as a float (exact up to 2^24) */
} WsBarBin;

/* The number of bins for n keys on `columns` pixel columns. */
guint ws_bars_count (gsize n,
                     guint columns);

/* Fills bins (ws_bars_count (a->n, columns) of them) from a, with per-key
 * flags (WS_BAR_* bits, a->n of them) or NULL. vmin < vmax scale the values;
 * keys outside are clamped. */
void  ws_bars_fill  (const WsArray *a,
                     const guint8  *flags,
                     double         vmin,
                     double         vmax,
                     guint          columns,
                     WsBarBin      *bins);

/* The range to scale by: the array's min and max, widened when they are
 * equal (or the array is empty) so that vmin < vmax. */
void  ws_bars_range (const WsArray *a,
                     double        *vmin,
                     double        *vmax);
/* The same in two steps, for a range over several arrays: finite values
 * widen [*lo, *hi] (start from INFINITY, -INFINITY); then a range of one
 * value (or none) becomes one a unit either side. */
void  ws_bars_range_extend (const WsArray *a,
                            double        *lo,
                            double        *hi);
void  ws_bars_range_widen  (double        *lo,
                            double        *hi);

G_END_DECLS
