// ws-cuda-registry.cu: which implementations libwarpscope-cuda has. The one
// table the dispatchers and ws_cuda_has read; a row is added with the code.
#include "ws-cuda-internal.h"

#include <cstring>

namespace
{
struct Row
{
  const char *algorithm;
  const unsigned *impls; // impl_bit ()s, defined beside each algorithm's code
};

const Row rows[] = {
  { "bitonic", &ws::impls_bitonic },
  { "odd-even", &ws::impls_odd_even },
  { "oddeven-merge", &ws::impls_oddeven_merge },
  { "radix-sort", &ws::impls_radix_sort },
  { "counting-sort", &ws::impls_counting_sort },
  { "dot", &ws::impls_dot },
  { "stencil", &ws::impls_stencil },
  { "reduce", &ws::impls_reduce },
  { "scan", &ws::impls_scan },
  { "histogram", &ws::impls_histogram },
  { "binary-search", &ws::impls_binary_search },
  { "interpolation-search", &ws::impls_interpolation_search },
};
} // namespace

bool
ws::has (const char *algorithm, WsCudaImpl impl)
{
  for (const Row &r : rows)
    if (strcmp (r.algorithm, algorithm) == 0)
      return (*r.impls & ws::impl_bit (impl)) != 0;
  return false;
}

gboolean
ws_cuda_has (const char *algorithm,
             WsCudaImpl  impl)
{
  return ws::has (algorithm, impl);
}
