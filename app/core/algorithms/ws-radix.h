/* ws-radix.h: LSD radix sort, the best-CPU reference for honest CPU-vs-GPU
 * comparisons.
 *
 * Keys are mapped to unsigned integers that order like the keys (int32: the
 * sign bit flipped; float32: all bits of negatives flipped, only the sign bit
 * of the others), then sorted by four stable passes over 8-bit digits, least
 * significant first. A pass whose digit is the same for every key is
 * skipped: it would only copy the array (uniform16 keys need 2 passes as
 * int32, 3 as float32).
 *
 * float32 order: -inf first, -0.0 before +0.0, +inf last (NaN, which the
 * engine's inputs never hold, would go by its bits: a positive NaN after
 * +inf, a negative one before -inf).
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* Sorts a in place, ascending. cpu-seq, or cpu-par (OpenMP: per-thread digit
 * histograms, a prefix over digits and threads, a stable scatter); any other
 * variant is WS_ERROR_UNSUPPORTED. counters (may be NULL): passes grows by
 * the digit passes actually run (0 to 4). The second buffer it needs is
 * allocated without aborting: WS_ERROR_NO_MEMORY when it cannot be had.
 * Cancelled (ws-cancel.h): WS_ERROR_CANCELLED within a fraction of a
 * millisecond of work, a's keys left unspecified. */
gboolean  ws_radix_sort  (WsArray    *a,
                          WsVariant   variant,
                          WsCounters *counters,
                          GError    **error);

G_END_DECLS
