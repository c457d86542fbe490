// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_histogram = 0;

gboolean
ws_cuda_histogram (WsCudaImpl impl, WsCudaType type, const void *keys, gsize n, guint bins,
                   guint64 *counts, double *lo, double *hi, WsCudaTiming *timing, GError **error)
{
  return ws::unsupported ("histogram", impl, error);
}
