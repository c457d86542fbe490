/* ws-primitives.h: study 002's building blocks on the CPU: reduce,
 * histogram and counting sort.
 *
 * Only the cpu-seq and cpu-par variants live here; the GPU ones are reached
 * through a backend, so any other variant is WS_ERROR_UNSUPPORTED.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
/* The shared CPU helpers were first declared here; other modules still
 * reach them through this header. */
#include "ws-cpu.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* Sum of all keys. Empty input gives 0.
 *
 * int32: exact, accumulated in 64-bit integers (out->is_int, out->i; out->f
 * holds the same value as a double for display). A sum that could leave the
 * int64 range (only possible past 2^32 keys) is WS_ERROR_OVERFLOW.
 *
 * float32 (out->f): cpu-seq accumulates in float, in index order, like the
 * studies' loop, so its rounding error is real and visible; cpu-par adds
 * per-thread double partials, so it is far more accurate and never overflows
 * on finite keys. ±inf propagate as IEEE addition says (+inf and -inf
 * together give NaN). */
gboolean  ws_reduce_sum         (const WsArray *a,
                                 WsVariant      variant,
                                 WsScalar      *out,
                                 GError       **error);

/* Counts of keys in `bins` equal-width bins over [min, max] of the data.
 *
 * counts must hold `bins` entries; lo and hi (either may be NULL) receive
 * min and max. Bin of x: floor ((x - min) * bins / (max - min)), clamped to
 * bins - 1, so max lands in the last bin; when every key is equal, all land
 * in bin 0. int32 is computed exactly in 64-bit integers, float32 in double.
 * float32 ±inf: the bins span the finite min and max; -inf counts in bin 0
 * and +inf in the last bin (lo = hi = 0 when no key is finite). A NaN key is
 * WS_ERROR_INVALID_ARGUMENT. Empty input: all counts 0, lo = hi = 0.
 * bins must lie in 1..2^24 (else WS_ERROR_INVALID_ARGUMENT). */
gboolean  ws_histogram          (const WsArray *a,
                                 guint          bins,
                                 WsVariant      variant,
                                 guint64       *counts,
                                 double        *lo,
                                 double        *hi,
                                 GError       **error);

/* The largest bins ws_histogram accepts. */
#define WS_HISTOGRAM_MAX_BINS (1u << 24)

/* Study 002's counting sort, in place (ws-counting-sort.c): histogram of
 * the keys over [min, max], exclusive prefix sum of the counts, stable
 * scatter. It needs one 32-bit counter per key value (256 MiB at the limit).
 * int32 only (float32 is WS_ERROR_UNSUPPORTED); a key range max - min + 1
 * above WS_COUNTING_SORT_MAX_RANGE, or more than G_MAXUINT32 keys, is
 * WS_ERROR_INVALID_ARGUMENT (use radix sort). cpu-par scatters stably from
 * per-thread counters while they cost no more than the keys; for wider
 * ranges it counts with atomics and writes each value's run in place, which
 * for payload-free keys is the same result. counters->passes grows by the
 * passes made over the keys (min/max, count, scatter: 3), none for fewer
 * than 2 keys. counters may be NULL. */
gboolean  ws_counting_sort      (WsArray       *a,
                                 WsVariant      variant,
                                 WsCounters    *counters,
                                 GError       **error);

#define WS_COUNTING_SORT_MAX_RANGE (G_GUINT64_CONSTANT (1) << 26)

G_END_DECLS
