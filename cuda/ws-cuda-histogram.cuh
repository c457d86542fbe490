// ws-cuda-histogram.cuh: the engine's bin of a key (app/core/ws-primitives.c),
// shared by the histogram's own kernels (ws-cuda-histogram.cu) and the CUB
// reference (ws-cuda-histogram-lib.cu).
#pragma once

#include "ws-cuda-internal.h"

#include <type_traits>

namespace ws::hist
{

// Which keys span the range: all int32 keys, the finite float32 ones.
__host__ __device__ inline bool in_range (int32_t) { return true; }
__host__ __device__ inline bool in_range (float x) { return isfinite (x); }

template <typename T> struct Bins;

// int32: floor ((x − min)·bins / (max − min)) in exact 64-bit integers.
template <> struct Bins<int32_t>
{
  long long imin = 0;
  unsigned long long irange = 0; // 0 when every key is equal
  unsigned bins = 1;

  Bins () = default;
  __host__ __device__
  Bins (int32_t mn, int32_t mx, bool, unsigned b)
      : imin (mn), irange ((unsigned long long) ((long long) mx - mn)), bins (b)
  {
  }

  // The engine's expression as written: a 64-bit division (gpu's kernels
  // bin through ws-cuda-histogram.cu's Binner, which agrees with it).
  __host__ __device__ unsigned
  plain (int32_t x) const
  {
    if (irange == 0)
      return 0;
    unsigned long long q = (unsigned long long) ((long long) x - imin) * bins / irange;
    return (unsigned) (q < bins - 1 ? q : bins - 1);
  }
};

// float32: the engine's double expression, in its order, so every key lands
// in the same bin bit for bit; ±inf go to the first and last bins.
template <> struct Bins<float>
{
  double lo = 0.0;
  double span = 0.0;
  unsigned bins = 1;

  Bins () = default;
  // any: some key was finite (else the engine's lo = hi = 0).
  __host__ __device__
  Bins (float mn, float mx, bool any, unsigned b)
      : lo (any ? (double) mn : 0.0), span (any ? (double) mx - (double) mn : 0.0), bins (b)
  {
  }

  __host__ __device__ unsigned
  plain (float x) const
  {
    if (isinf (x))
      return x < 0 ? 0 : bins - 1;
    if (span == 0.0)
      return 0;
    double t = floor (((double) x - lo) * bins / span);
    return t >= bins ? bins - 1 : (unsigned) t;
  }
};

// What a min / max starts from before any key is seen.
template <typename T> __host__ __device__ inline T empty_min ();
template <typename T> __host__ __device__ inline T empty_max ();
template <> __host__ __device__ inline int32_t empty_min<int32_t> () { return INT32_MAX; }
template <> __host__ __device__ inline int32_t empty_max<int32_t> () { return INT32_MIN; }
template <> __host__ __device__ inline float empty_min<float> () { return INFINITY; }
template <> __host__ __device__ inline float empty_max<float> () { return -INFINITY; }

template <typename T>
constexpr WsCudaType
type_of ()
{
  return std::is_same_v<T, float> ? WS_CUDA_FLOAT32 : WS_CUDA_INT32;
}

// gpu-lib (ws-cuda-histogram-lib.cu): the scratch CUB needs for n keys, and
// the run itself: range[0..1] receives min and max (of type `type`), counts
// the histogram.
bool lib_temp_bytes (WsCudaType type, size_t n, unsigned bins, size_t *bytes, GError **error);
bool lib_histogram (WsCudaType type, const void *keys, size_t n, unsigned bins,
                    unsigned long long *counts, void *range, void *temp, size_t temp_bytes,
                    guint64 *launches, GError **error);

} // namespace ws::hist
