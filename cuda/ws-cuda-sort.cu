// ws-cuda-sort.cu: whole sorts on host arrays — allocate, upload, sort on
// the device, download — timed phase by phase; the sorting itself is each
// algorithm's *_sort_device.
#include "ws-cuda-internal.h"

static const char *const sort_names[] = { "bitonic", "odd-even", "oddeven-merge", "radix-sort",
                                          "counting-sort" };

static ws::DeviceSort
device_sort_for (WsCudaSort algorithm)
{
  switch (algorithm)
    {
    case WS_CUDA_BITONIC: return ws::bitonic_sort_device;
    case WS_CUDA_ODD_EVEN: return ws::odd_even_sort_device;
    case WS_CUDA_ODDEVEN_MERGE: return ws::oddeven_merge_sort_device;
    case WS_CUDA_RADIX_SORT: return ws::radix_sort_device;
    case WS_CUDA_COUNTING_SORT: return ws::counting_sort_device;
    }
  return nullptr;
}

static ws::SortScratch
scratch_for (WsCudaSort algorithm)
{
  switch (algorithm)
    {
    case WS_CUDA_BITONIC: return ws::bitonic_sort_scratch;
    case WS_CUDA_ODD_EVEN: return ws::odd_even_sort_scratch;
    case WS_CUDA_ODDEVEN_MERGE: return ws::oddeven_merge_sort_scratch;
    case WS_CUDA_RADIX_SORT: return ws::radix_sort_scratch;
    case WS_CUDA_COUNTING_SORT: return ws::counting_sort_scratch;
    }
  return nullptr;
}

gboolean
ws_cuda_sort (WsCudaSort    algorithm,
              WsCudaImpl    impl,
              WsCudaType    type,
              void         *keys,
              gsize         n,
              WsCudaTiming *timing,
              GError      **error)
{
  ws::PhaseTimer timer (timing);
  ws::DeviceBuffer<int32_t> d_keys; // 4-byte keys of either type
  ws::DeviceSort sort = device_sort_for (algorithm);
  size_t bytes = n * sizeof (int32_t);

  if (sort == nullptr || !ws::has (sort_names[algorithm], impl))
    return ws::unsupported (sort != nullptr ? sort_names[algorithm] : "?", impl, error);
  // The sort's scratch is reserved here, so that growing the pool for it
  // is timed as allocation, not as kernels.
  if (!timer.start (error) || !d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !ws::pool_reserve (scratch_for (algorithm) (impl, type, n), error))
    return FALSE;
  timer.allocated ();
  if (!ws::upload (d_keys.get (), keys, bytes, error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!sort (impl, type, d_keys.get (), n, &timing->launches, error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (keys, d_keys.get (), bytes, error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  return timer.finish (error);
}
