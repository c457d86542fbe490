// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_bitonic = 0;
const unsigned ws::impls_oddeven_merge = 0;

bool
ws::bitonic_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                         guint64 *launches, GError **error)
{
  return unsupported ("bitonic", impl, error);
}

bool
ws::oddeven_merge_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                               guint64 *launches, GError **error)
{
  return unsupported ("oddeven-merge", impl, error);
}

gboolean
ws_cuda_network_pass (WsCudaSort network, WsCudaType type, gpointer d_keys, gsize width,
                      guint64 k, guint64 j, guint phase, guint8 *d_flags, GError **error)
{
  return ws::unsupported ("network pass", WS_CUDA_OURS, error);
}
