// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_scan = 0;

gboolean
ws_cuda_scan (WsCudaImpl impl, WsCudaType type, const void *in, void *out, gsize n,
              WsCudaTiming *timing, GError **error)
{
  return ws::unsupported ("scan", impl, error);
}

gboolean
ws_cuda_scan_level (WsCudaType type, gpointer d_work, gsize width, guint phase, guint64 stride,
                    GError **error)
{
  return ws::unsupported ("scan level", WS_CUDA_OURS, error);
}
