// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_reduce = 0;

gboolean
ws_cuda_reduce (WsCudaImpl impl, WsCudaType type, const void *keys, gsize n, WsCudaScalar *out,
                WsCudaTiming *timing, GError **error)
{
  return ws::unsupported ("reduce", impl, error);
}
