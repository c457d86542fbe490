/* ws-search.h: study 004 — searching a sorted array for many keys.
 *
 * The answer for a key is the FIRST index holding a value equal to it
 * (lower-bound semantics; -0.0 equals +0.0, NaN equals nothing), or -1.
 *
 * Binary search is the study's k-ary formulation: with p segments, each
 * step probes the p - 1 inner boundaries of p equal segments of the current
 * range, as p threads would, and keeps the segment that must hold the key;
 * p = 2 is classic binary search. Interpolation search probes where the key
 * should lie by linear interpolation between the known values at both ends
 * of the range; with p > 2 its first step is the k-ary boundary step, as the
 * study's blocks do, and interpolation continues inside the chosen segment.
 * Two interpolated probes in a row that did not halve the range, or a run of
 * keys equal to the one sought, bring a midpoint probe instead, which bounds
 * the steps by about 3 log2 n on any data (pure interpolation can need n
 * steps, e.g. on long runs of equal keys).
 *
 * Every step shrinks the range, so the searches terminate on any input.
 * The array must be sorted: they do not check it, because an O(n) scan
 * would swamp the O(log n) per key that a benchmark of them measures.
 * Callers check once with ws_search_check_sorted (ws_run does, before its
 * clock starts); on an unsorted array the answers are unspecified indices
 * (or -1), never a crash. counters (if non-NULL) gain passes = steps
 * and probes = array elements read, summed over the keys; with p = 2 a key
 * takes about log2 n probes. cpu-seq takes the keys in order, cpu-par
 * spreads them over OpenMP threads; other variants are WS_ERROR_UNSUPPORTED.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* The segments a search step may split its range into. */
#define WS_SEARCH_MIN_SEGMENTS 2u
#define WS_SEARCH_MAX_SEGMENTS 65536u

/* TRUE when sorted is ascending by value and free of NaN; otherwise
 * WS_ERROR_INVALID_ARGUMENT naming the first offending index. */
gboolean  ws_search_check_sorted  (const WsArray *sorted,
                                   GError       **error);

/* result receives keys->n answers (it may be NULL when keys->n is 0).
 * keys->type must equal sorted->type and segments lie in
 * WS_SEARCH_MIN_SEGMENTS..WS_SEARCH_MAX_SEGMENTS (else
 * WS_ERROR_INVALID_ARGUMENT). */
gboolean  ws_binary_search        (const WsArray *sorted,
                                   const WsArray *keys,
                                   guint          segments,
                                   WsVariant      variant,
                                   gint64        *result,
                                   WsCounters    *counters,
                                   GError       **error);
gboolean  ws_interpolation_search (const WsArray *sorted,
                                   const WsArray *keys,
                                   guint          segments,
                                   WsVariant      variant,
                                   gint64        *result,
                                   WsCounters    *counters,
                                   GError       **error);

/* One step of one key's search, for the animation: the range [lo, hi)
 * before the step, and its probes (positions in a probes array). */
typedef struct
{
  gsize lo, hi;
  guint first_probe, n_probes;
} WsSearchStep;

/* Searches sorted for key exactly as ws_binary_search (interpolation FALSE)
 * or ws_interpolation_search do, appending each step to steps (of
 * WsSearchStep) and each probe's position to probes (of gsize); returns
 * the answer. */
gint64    ws_search_trace         (const WsArray *sorted,
                                   double         key,
                                   guint          segments,
                                   gboolean       interpolation,
                                   GArray        *steps,
                                   GArray        *probes);

/* The answers by a linear scan, for checking (O(n) per key). */
void      ws_search_reference     (const WsArray *sorted,
                                   const WsArray *keys,
                                   gint64        *result);

/* n_keys keys of sorted's type for generated runs, reproducible from seed:
 * the even-numbered ones are values drawn from sorted, the odd-numbered ones
 * random values spread from a quarter of the value span below its finite
 * minimum to a quarter above its finite maximum (mostly absent). An empty
 * array gives only random values. */
WsArray  *ws_search_make_keys     (const WsArray *sorted,
                                   gsize          n_keys,
                                   guint64        seed,
                                   GError       **error);

G_END_DECLS
