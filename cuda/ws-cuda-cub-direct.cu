// ws-cuda-cub-direct.cu: CUB called as a program of its own would call it,
// timed by CUDA events, the yardstick for gpu-lib's kernels phase (issue
// 20: a wrapper that allocated CUB's storage between kernels reported twice
// CUB's time). Only the call is timed; the keys are uploaded afresh before
// each call, outside the events.
#include "ws-cuda-common.cuh"

#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

#include <vector>

namespace
{

// The call on d_keys (n 4-byte keys) with CUB's storage at temp; with temp
// NULL only sizes it. d_alt is the sort's second buffer, d_sum the
// reduction's result.
cudaError_t
call_cub (WsCudaCubCall call, void *temp, size_t &bytes, void *d_keys, void *d_alt, double *d_sum,
          uint32_t n)
{
  switch (call)
    {
    case WS_CUDA_CUB_RADIX_SORT:
      {
        cub::DoubleBuffer<int32_t> buffers ((int32_t *) d_keys, (int32_t *) d_alt);
        return cub::DeviceRadixSort::SortKeys (temp, bytes, buffers, n);
      }
    case WS_CUDA_CUB_EXCLUSIVE_SUM:
      return cub::DeviceScan::ExclusiveSum (temp, bytes, (float *) d_keys, n);
    case WS_CUDA_CUB_REDUCE_SUM:
      return cub::DeviceReduce::Sum (temp, bytes, (const float *) d_keys, d_sum, n);
    }
  return cudaErrorInvalidValue;
}

// One timed call on keys uploaded afresh into freshly allocated memory, in
// milliseconds: the state the engine's whole runs leave the GPU in before
// their kernels phase (a new allocation, a synchronous upload from pageable
// memory), so that only what gpu-lib adds around CUB makes a difference.
// Measured instead on a device copy into a buffer kept across calls, CUB
// came out up to 11% faster than the same call in gpu-lib (scan, 2^26 keys,
// H200): the copy leaves the buffer's tail in L2 and its pages in the TLB.
bool
timed_call (WsCudaCubCall call, void *temp, size_t bytes, gconstpointer keys, void *d_alt,
            double *d_sum, uint32_t n, const ws::EventPair &ev, double *ms, GError **error)
{
  ws::DeviceBuffer<int32_t> d_keys;

  return d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
         && ws::upload (d_keys.get (), keys, (size_t) n * 4, error) && ev.begin (error)
         && ws::check (call_cub (call, temp, bytes, d_keys.get (), d_alt, d_sum, n),
                       "CUB's call failed", error)
         && ev.end ("CUB's call failed", ms, error);
}

} // namespace

gboolean
ws_cuda_cub_direct (WsCudaCubCall call,
                    gconstpointer keys,
                    gsize         n,
                    guint         repeat,
                    double       *median_ms,
                    GError      **error)
{
  ws::DeviceBuffer<int32_t> d_alt;
  ws::DeviceBuffer<double> d_sum;
  ws::DeviceBuffer<unsigned char> d_temp;
  ws::EventPair ev;
  size_t bytes = 0;
  std::vector<double> times (repeat);

  if (n == 0 || n > UINT32_MAX || repeat == 0)
    return ws::invalid (error, "CUB direct: %zu keys and %u calls: give 1 to 2^32 − 1 keys and "
                        "at least one call", (size_t) n, repeat);
  if (!ws::use_device (nullptr, error) || !ev.create (error)
      || !d_alt.alloc (call == WS_CUDA_CUB_RADIX_SORT ? n : 1, "Cannot allocate CUB's buffer",
                       error)
      || !d_sum.alloc (1, "Cannot allocate the sum", error)
      || !ws::check (call_cub (call, nullptr, bytes, nullptr, nullptr, nullptr, (uint32_t) n),
                     "CUB cannot size its storage", error)
      || !d_temp.alloc (bytes, "Cannot allocate CUB's storage on the GPU", error))
    return FALSE;
  double warm = 0.0;
  if (!timed_call (call, d_temp.get (), bytes, keys, d_alt.get (), d_sum.get (), (uint32_t) n,
                   ev, &warm, error))
    return FALSE;
  for (double &ms : times)
    if (!timed_call (call, d_temp.get (), bytes, keys, d_alt.get (), d_sum.get (), (uint32_t) n,
                     ev, &ms, error))
      return FALSE;
  *median_ms = ws::median (times.data (), times.size ());
  return TRUE;
}
