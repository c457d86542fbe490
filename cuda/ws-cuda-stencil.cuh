// ws-cuda-stencil.cuh: what the window sum's kernels share (ws-cuda-stencil.cu
// for the paths that hold for any input, ws-cuda-stencil-slide.cu for the
// sliding sums that hold where they are exact).
#pragma once

#include "ws-cuda-common.cuh"

namespace ws::stencil
{

// What ours adds in: double for float32, int64 for int32.
template <typename T> struct Acc;
template <> struct Acc<float> { using type = double; };
template <> struct Acc<int32_t> { using type = long long; };
template <typename T> using AccT = typename Acc<T>::type;

__device__ inline void
store (float *out, size_t idx, double s, unsigned long long *)
{
  out[idx] = (float) s;
}

__device__ inline void
store (float *out, size_t idx, float s, unsigned long long *)
{
  out[idx] = s;
}

// An int32 output that does not fit marks its index; the host reports the
// smallest, the first in row-major order.
__device__ inline void
store (int32_t *out, size_t idx, long long s, unsigned long long *first_bad)
{
  if (s < INT32_MIN || s > INT32_MAX)
    atomicMin (first_bad, (unsigned long long) idx);
  else
    out[idx] = (int32_t) s;
}

// The sliding sums (ws-cuda-stencil-slide.cu) serve radii up to this.
constexpr unsigned SLIDE_MAX_R = 127;

// Whether the sliding sums serve radius R where a block may have
// optin_bytes of shared memory (cudaDevAttrMaxSharedMemoryPerBlockOptin).
bool slide_fits (WsCudaType type, unsigned radius, size_t optin_bytes);

// Runs the sliding window sums of the side × side grid into the
// (side − 2R)² outputs, 1 <= R <= SLIDE_MAX_R, in one launch. int32 sums
// are always exact (int64 running sums; an output outside int32 marks
// *first_bad as store () does). float32 sums are exact — so equal to the
// direct double sums — wherever a block's inputs are finite, not −0.0 and
// within a span of magnitudes that keeps every running sum exact in
// double; where they are not, a block sets *inexact (cleared first by the
// caller) and the caller sums again by a path that holds for any input.
template <typename T>
bool slide_launch (const T *grid, T *out, size_t side, unsigned radius, unsigned *inexact,
                   unsigned long long *first_bad, GError **error);

} // namespace ws::stencil
