/* ws-cpu.h: small helpers shared by the CPU algorithms of the engine: the
 * variant check, the thread count of cpu-par variants, the split of an
 * array into per-thread chunks, and the min/max of int32 keys.
 *
 * cpu-par code splits work as `parallel for` over thread indices with
 * ws_chunk_bounds rather than calling omp_get_thread_num () in a region, so
 * that it needs no OpenMP API and still runs, correctly and sequentially,
 * when the build has no OpenMP.
 */
#pragma once

#include <glib.h>

#include "ws-types.h"

G_BEGIN_DECLS

/* TRUE for cpu-seq and cpu-par; otherwise WS_ERROR_UNSUPPORTED naming the
 * algorithm and the variant. */
gboolean  ws_require_cpu_variant (const char *algorithm,
                                  WsVariant   variant,
                                  GError    **error);

/* Threads a cpu-par variant splits its work over (1 without OpenMP). */
guint     ws_cpu_par_threads     (void);

/* Items below which one more thread costs more to start than it saves. */
#define WS_CPU_GRAIN 16384

/* Threads worth using for `items` units of work: one per `grain` items,
 * at least 1 and at most ws_cpu_par_threads (), so that small inputs do not
 * pay for a team they cannot keep busy. */
guint     ws_cpu_threads_for     (gsize items,
                                  gsize grain);

/* [*begin, *end) of chunk k when n items are split into `parts` nearly
 * equal, contiguous chunks (k < parts). */
void      ws_chunk_bounds        (gsize  n,
                                  guint  parts,
                                  guint  k,
                                  gsize *begin,
                                  gsize *end);

/* Min and max of n int32 keys (G_MAXINT32, G_MININT32 for n = 0); an
 * OpenMP min/max reduction when par. A cancel (ws-cancel.h) cuts the look
 * short: callers ask the stop flag before trusting the answer. */
void      ws_cpu_minmax_i32      (const gint32 *x,
                                  gsize         n,
                                  gboolean      par,
                                  gint32       *min_out,
                                  gint32       *max_out);

/* The int64 whose two's complement bit pattern is `bits`: how sums kept in
 * wrapping guint64 arithmetic (free of signed-overflow UB) turn back into
 * signed values. */
static inline gint64
ws_i64_from_bits (guint64 bits)
{
  if (bits <= (guint64) G_MAXINT64)
    return (gint64) bits;
  return -(gint64) (~bits) - 1;
}

G_END_DECLS
