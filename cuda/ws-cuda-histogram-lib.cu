// ws-cuda-histogram-lib.cu: gpu-lib's histogram: CUB's min and max reductions,
// then DeviceHistogram::HistogramEven over our bin number of every key, so
// that the library counts exactly the engine's bins.
#include "ws-cuda-histogram.cuh"

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <thrust/iterator/transform_iterator.h>

#include <algorithm>

namespace
{

using ws::hist::Bins;
using ws::hist::empty_max;
using ws::hist::empty_min;
using ws::hist::in_range;

// What the reductions see: the key, or for float32 ±inf replaced by the
// value that cannot win, so that min and max are the finite ones.
template <typename T> struct RangeKey
{
  T fill;
  __host__ __device__ T operator() (T x) const { return in_range (x) ? x : fill; }
};

// Our bin number of each key, which HistogramEven with levels 0, 1, …, B
// counts unchanged (its integer path computes (s·B)/B exactly).
template <typename T> struct ToBin
{
  const T *mn;
  const T *mx;
  unsigned bins;
  __host__ __device__ int
  operator() (T x) const
  {
    return (int) Bins<T> (*mn, *mx, *mn <= *mx, bins).plain (x);
  }
};

// One call of the three, with temp == nullptr sizing it.
template <typename T>
cudaError_t
cub_step (int step, void *temp, size_t &bytes, const T *keys, size_t n, T *range, unsigned bins,
          unsigned long long *counts)
{
  auto low = thrust::make_transform_iterator (keys, RangeKey<T>{ empty_min<T> () });
  auto high = thrust::make_transform_iterator (keys, RangeKey<T>{ empty_max<T> () });
  auto bin = thrust::make_transform_iterator (keys, ToBin<T>{ range, range + 1, bins });

  if (step == 0)
    return cub::DeviceReduce::Min (temp, bytes, low, range, n);
  if (step == 1)
    return cub::DeviceReduce::Max (temp, bytes, high, range + 1, n);
  return cub::DeviceHistogram::HistogramEven (temp, bytes, bin, counts, (int) bins + 1, 0,
                                              (int) bins, (long long) n);
}

template <typename T>
bool
temp_bytes_of (size_t n, unsigned bins, size_t *most, GError **error)
{
  *most = 0;
  for (int step = 0; step < 3; step++)
    {
      size_t bytes = 0;
      if (!ws::check (cub_step<T> (step, nullptr, bytes, nullptr, n, nullptr, bins, nullptr),
                      "Cannot size CUB's scratch", error))
        return false;
      *most = std::max (*most, bytes);
    }
  return true;
}

template <typename T>
bool
run_steps (const T *keys, size_t n, unsigned bins, unsigned long long *counts, T *range,
           void *temp, size_t temp_bytes, guint64 *launches, GError **error)
{
  for (int step = 0; step < 3; step++)
    {
      size_t bytes = temp_bytes;
      ++*launches;
      if (!ws::check (cub_step<T> (step, temp, bytes, keys, n, range, bins, counts),
                      "The CUB histogram failed", error))
        return false;
    }
  return true;
}

} // namespace

bool
ws::hist::lib_temp_bytes (WsCudaType type, size_t n, unsigned bins, size_t *bytes, GError **error)
{
  return ws::with_type (type, [&]<typename T> () { return temp_bytes_of<T> (n, bins, bytes, error); });
}

bool
ws::hist::lib_histogram (WsCudaType type, const void *keys, size_t n, unsigned bins,
                         unsigned long long *counts, void *range, void *temp, size_t temp_bytes,
                         guint64 *launches, GError **error)
{
  return ws::with_type (type, [&]<typename T> () {
    return run_steps ((const T *) keys, n, bins, counts, (T *) range, temp, temp_bytes, launches,
                      error);
  });
}
