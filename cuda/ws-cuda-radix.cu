// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_radix_sort = 0;

bool
ws::radix_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                       guint64 *launches, GError **error)
{
  return unsupported ("radix-sort", impl, error);
}
