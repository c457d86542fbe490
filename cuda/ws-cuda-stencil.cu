// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_stencil = 0;

gboolean
ws_cuda_stencil (WsCudaImpl impl, WsCudaType type, const void *grid, gsize side, guint radius,
                 guint block, guint per_thread, void *out, WsCudaTiming *timing, GError **error)
{
  return ws::unsupported ("stencil", impl, error);
}
