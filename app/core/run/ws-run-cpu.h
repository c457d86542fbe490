/* ws-run-cpu.h: a run on the CPU — what the CPU backend's run does.
 *
 * Below the backends (ws-backend.c holds the CPU one) and the run that
 * picks one of them (ws-run.h), as libwarpscope-cuda is for the CUDA one.
 */
#pragma once

#include <glib.h>

#include "ws-run-types.h"

G_BEGIN_DECLS

/* The CPU backend's run: dispatch to app/core's algorithms, timed by the
 * host clock. ws_run has prepared out (copies for in-place algorithms). */
gboolean ws_run_on_cpu (const WsRunInput *in,
                        WsRunOutput      *out,
                        GError          **error);

G_END_DECLS
