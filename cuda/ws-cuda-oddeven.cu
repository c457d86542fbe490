// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_odd_even = 0;

bool
ws::odd_even_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                          guint64 *launches, GError **error)
{
  return unsupported ("odd-even", impl, error);
}
