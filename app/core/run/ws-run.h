/* ws-run.h: run one algorithm variant on prepared inputs: check it, time it,
 * verify it.
 *
 * The CLI's `run` and, later, the application's "run once" share this so that
 * an algorithm is dispatched, timed and checked in one place.
 */
#pragma once

#include <glib.h>

#include "ws-registry.h"
#include "ws-run-types.h"

G_BEGIN_DECLS

/* The checks shared by every front end: type supported, variant defined and
 * available on its backend, n within range. Here, not in the registry,
 * because availability is the backend's word. */
gboolean ws_algorithm_check_run (const WsAlgorithm *algo,
                                 WsVariant          variant,
                                 WsKeyType          type,
                                 gsize              n,
                                 GError           **error);

/* Run in->variant of in->algo on its backend. Inputs are not modified
 * (sorts work on a copy). A GPU variant without a usable GPU fails with
 * WS_ERROR_UNAVAILABLE saying why, so that callers can fall back. */
gboolean ws_run          (const WsRunInput *in,
                          WsRunOutput      *out,
                          GError          **error);

/* Check out against an independent reference; on success *verdict says what
 * was checked. A wrong result is WS_ERROR_VERIFY saying where it is wrong. */
gboolean ws_run_verify   (const WsRunInput  *in,
                          const WsRunOutput *out,
                          char             **verdict,
                          GError           **error);

void     ws_run_output_clear (WsRunOutput *out);

G_END_DECLS
