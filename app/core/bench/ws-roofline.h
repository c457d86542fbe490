/* ws-roofline.h: the bytes an algorithm must move — the one model behind
 * "effective GB/s" (benchmark rows, ws-bench.h) and the roofline table
 * (`warpscope-cli roofline`, docs/performance.md).
 *
 * It is a floor, not what a kernel moves: each input read once and each
 * output written once, as a kernel that streams its data through the GPU a
 * single time would. Divided by a run's time it gives the achieved GB/s;
 * divided again by the copy bandwidth of the same GPU it says how far the
 * run is from one pass over its data at the device's speed. A sort's floor
 * is far below its real traffic (a network reads and writes every key once
 * a launch, a radix sort once a digit), so its share is small by nature:
 * the table shows the distance, it does not grade the kernel.
 *
 * Per algorithm, for n keys of `size` bytes (4: int32, float32):
 *   sorts (bitonic, odd-even, oddeven-merge, radix-sort, counting-sort):
 *             n·size read, n·size written.
 *   reduce:   n·size read, the 8-byte sum written.
 *   scan:     n·size read, n·size written.
 *   histogram over [min, max] with B bins: 2·n·size read — the bins'
 *             edges depend on min and max, so the keys are read once to
 *             find them and once to count (issue 20), and 2^26 keys do not
 *             stay in any cache between the two — and B 64-bit counts
 *             written.
 *   dot:      both arrays read, 2·n·size; both written back sorted, 2·n·size
 *             (the sorted arrays are part of the result the engine returns
 *             and verifies), and the 8-byte product.
 *   stencil (window sum, grid side N, radius R): N²·size read,
 *             (N − 2R)²·size written (nothing when N ≤ 2R).
 *   binary-search, interpolation-search (n sorted keys, q queries): the q
 *             queries read (q·size) and q 8-byte answers written, plus the
 *             sorted array's DRAM sectors (WS_ROOFLINE_SECTOR bytes) that
 *             hold the answers: each query must read the key at its answer
 *             at least, and q answers spread uniformly over S = ⌈n·size /
 *             32⌉ sectors fall in S·(1 − (1 − 1/S)^q) distinct ones on
 *             average (q when q ≪ S, S when q ≫ S). The ~log2 n probes
 *             above the answer are not counted: the top of the search
 *             tree is shared by all queries and sits in cache.
 */
#pragma once

#include <glib.h>

#include "ws-registry.h"

G_BEGIN_DECLS

/* The granularity in which a GPU reads DRAM (a sector of an L2 line). */
#define WS_ROOFLINE_SECTOR 32

typedef struct
{
  guint64 read;     /* bytes that must be read at least once */
  guint64 written;  /* bytes that must be written at least once */
} WsTraffic;

/* The floor above for the named algorithm on n keys of `type` (the grid
 * side N for stencil, the sorted array's length for the searches), with
 * params (NULL: the registry's defaults) giving bins, radius and queries.
 * An unknown algorithm is WS_ERROR_INVALID_ARGUMENT naming those known. */
gboolean ws_roofline_traffic (const char     *algorithm,
                              WsKeyType       type,
                              gsize           n,
                              const WsParams *params,
                              WsTraffic      *out,
                              GError        **error);

/* read + written. */
guint64  ws_traffic_bytes    (const WsTraffic *traffic);

/* The sorted array's sectors q uniformly spread answers fall in (the
 * searches' term above), rounded to the nearest whole sector. */
guint64  ws_roofline_search_sectors (guint64 n_bytes,
                                     guint64 queries);

G_END_DECLS
