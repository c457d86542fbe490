// placeholder: being written
#include "ws-cuda-internal.h"

const unsigned ws::impls_counting_sort = 0;

bool
ws::counting_sort_device (WsCudaImpl impl, WsCudaType type, void *d_keys, size_t n,
                          guint64 *launches, GError **error)
{
  return unsupported ("counting-sort", impl, error);
}
