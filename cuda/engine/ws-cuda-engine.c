/* ws-cuda-engine.c: the engine's types as libwarpscope-cuda's, and back
 * (ws-cuda-engine.h). */
#include "ws-cuda-engine.h"

#include "ws-error.h"

void
ws_cuda_engine_error (GError **error, GError *cuda_error)
{
  WsErrorCode code;

  switch (cuda_error->code)
    {
    case WS_CUDA_ERROR_OUT_OF_MEMORY: code = WS_ERROR_NO_MEMORY; break;
    case WS_CUDA_ERROR_UNSUPPORTED: code = WS_ERROR_UNSUPPORTED; break;
    case WS_CUDA_ERROR_INVALID: code = WS_ERROR_INVALID_ARGUMENT; break;
    case WS_CUDA_ERROR_KERNEL_FAULT: code = WS_ERROR_DEVICE; break;
    case WS_CUDA_ERROR_CANCELLED: code = WS_ERROR_CANCELLED; break;
    default: code = WS_ERROR_UNAVAILABLE; break;
    }
  g_set_error_literal (error, WS_ERROR, code, cuda_error->message);
  g_error_free (cuda_error);
}

WsCudaType
ws_cuda_engine_type (WsKeyType type)
{
  return type == WS_KEY_INT32 ? WS_CUDA_INT32 : WS_CUDA_FLOAT32;
}

gboolean
ws_cuda_converted (gboolean ok, GError **cuda_error, GError **error)
{
  if (!ok && *cuda_error != NULL)
    ws_cuda_engine_error (error, g_steal_pointer (cuda_error));
  g_clear_error (cuda_error);
  return ok;
}

const WsCudaHeatRegion *
ws_cuda_engine_region (const WsHeatRegion *region, WsCudaHeatRegion *to)
{
  if (region == NULL)
    return NULL;
  *to = (WsCudaHeatRegion) { region->row, region->col, region->span };
  return to;
}

const WsCudaHeatMask *
ws_cuda_engine_mask (const WsHeatMask *mask, WsCudaHeatMask *to)
{
  if (mask == NULL)
    return NULL;
  *to = (WsCudaHeatMask) { mask->block_rows, mask->block_cols, mask->done };
  return to;
}

