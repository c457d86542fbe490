// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_dot = 0;

gboolean
ws_cuda_dot (WsCudaImpl impl, WsCudaType type, void *a, void *b, gsize n, WsCudaScalar *out,
             WsCudaTiming *timing, GError **error)
{
  return ws::unsupported ("dot", impl, error);
}
