/* ws-dot.h: study 000 — sort two arrays ascending, then take their dot
 * product.
 *
 * Both arrays are sorted in place with the bitonic network, as the study
 * did, and come back sorted. int32: the exact sum of the int64 products
 * (out->is_int, out->i, and out->f as a double for display); a sum outside
 * the int64 range is WS_ERROR_OVERFLOW. float32 (out->f): cpu-seq multiplies
 * and accumulates in float in index order like the study's loop, so a
 * product or partial sum beyond FLT_MAX becomes inf; cpu-par adds per-thread
 * double partials of double products.
 */
#pragma once

#include <glib.h>

#include "ws-array.h"
#include "ws-types.h"

G_BEGIN_DECLS

/* a and b must have the same type and length (else
 * WS_ERROR_INVALID_ARGUMENT naming both); variants other than cpu-seq and
 * cpu-par are WS_ERROR_UNSUPPORTED and leave the arrays untouched. counters
 * (if non-NULL) gain what the two sorts did. */
gboolean  ws_dot           (WsArray       *a,
                            WsArray       *b,
                            WsVariant      variant,
                            WsScalar      *out,
                            WsCounters    *counters,
                            GError       **error);

/* The plain double sum of a[i] * b[i] in index order, without sorting, for
 * checking results; a and b have the same length. */
double    ws_dot_reference (const WsArray *a,
                            const WsArray *b);

G_END_DECLS
