/* ws-cuda-engine.h: what the two adapters of libwarpscope-cuda share — the
 * engine's backend (ws-cuda-backend.c) and gl/'s interop
 * (ws-cuda-interop.c): the engine's types as the library's, and the
 * library's errors as the engine's. Private to cuda/. */
#pragma once

#include "ws-backend.h"
#include "ws-cuda.h"

G_BEGIN_DECLS

/* The engine's error for a CUDA one (taken): a GPU that cannot be used is
 * UNAVAILABLE (callers fall back to the CPU); the message is kept. */
void                  ws_cuda_engine_error (GError           **error,
                                            GError            *cuda_error);
/* A CUDA result as the engine's: ok, its error (by address, read after
 * the call that set it) converted into error. */
gboolean              ws_cuda_converted    (gboolean           ok,
                                            GError           **cuda_error,
                                            GError           **error);
WsCudaType            ws_cuda_engine_type  (WsKeyType          type);
/* The engine's region of a grid as the library's (NULL stays NULL). */
const WsCudaHeatRegion *ws_cuda_engine_region (const WsHeatRegion *region,
                                               WsCudaHeatRegion   *to);
/* The engine's launch mask as the library's (NULL stays NULL). */
const WsCudaHeatMask *ws_cuda_engine_mask  (const WsHeatMask  *mask,
                                            WsCudaHeatMask    *to);

/* Students' kernels (ws-cuda-stage-ops.c), the backend's `stage`. */
extern const WsStageOps ws_cuda_stage_ops;

G_END_DECLS
