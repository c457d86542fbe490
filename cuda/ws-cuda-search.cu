// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_binary_search = 0;
const unsigned ws::impls_interpolation_search = 0;

gboolean
ws_cuda_search (WsCudaImpl impl, gboolean interpolation, WsCudaType type, const void *sorted,
                gsize n, const void *keys, gsize n_keys, guint segments, gint64 *result,
                WsCudaTiming *timing, GError **error)
{
  return ws::unsupported (interpolation ? "interpolation-search" : "binary-search", impl, error);
}
