// ws-cuda-frames.cu: what the renderer draws, made on the device — the
// bars view's bins from device keys — and OpenGL buffers registered with
// CUDA, so that a kernel can write a frame's data where GL draws it from.
#include <cuda_gl_interop.h>

#include "ws-cuda-internal.h"

namespace
{

constexpr unsigned BIN_THREADS = 256;
constexpr double ONE = 16777216.0; // 2^24: app/core's WS_BARS_ONE

// app/core's quantise (ws-bars.c), the same operations, so that the bins
// agree bit for bit: scaled in double, clamped, rounded to 24 bits.
__device__ unsigned
quantise (double v, double vmin, double vmax)
{
  double s = (v - vmin) / (vmax - vmin);

  return (unsigned) llround ((isnan (s) ? 0.0 : fmin (fmax (s, 0.0), 1.0)) * ONE);
}

struct Bin
{
  unsigned lo, hi, flags;
  unsigned long long sum;
};

__device__ Bin
combine (Bin a, Bin b)
{
  return Bin{ min (a.lo, b.lo), max (a.hi, b.hi), a.flags | b.flags, a.sum + b.sum };
}

__device__ Bin
shfl_down (Bin v, unsigned d)
{
  return Bin{ __shfl_down_sync (~0u, v.lo, d), __shfl_down_sync (~0u, v.hi, d),
              __shfl_down_sync (~0u, v.flags, d), __shfl_down_sync (~0u, v.sum, d) };
}

// One block per bin: its keys split over the threads, then a warp-shuffle
// reduction; integer sums make the order irrelevant.
template <typename T>
__global__ void
bars_kernel (const T *keys, const uint8_t *flags, size_t n, unsigned bins, double vmin, double vmax,
             float4 *out)
{
  __shared__ Bin warps[BIN_THREADS / 32];
  size_t first = (size_t) ((unsigned long long) blockIdx.x * n / bins);
  size_t last = (size_t) ((unsigned long long) (blockIdx.x + 1) * n / bins);
  Bin acc{ 0xffffffffu, 0, 0, 0 };

  for (size_t i = first + threadIdx.x; i < last; i += blockDim.x)
    {
      unsigned q = quantise ((double) keys[i], vmin, vmax);
      acc = combine (acc, Bin{ q, q, flags ? flags[i] : 0u, q });
    }
  for (unsigned d = 16; d > 0; d >>= 1)
    acc = combine (acc, shfl_down (acc, d));
  if ((threadIdx.x & 31) == 0)
    warps[threadIdx.x >> 5] = acc;
  __syncthreads ();
  if (threadIdx.x != 0)
    return;
  for (unsigned w = 1; w < BIN_THREADS / 32; w++)
    acc = combine (acc, warps[w]);
  out[blockIdx.x] = make_float4 ((float) (acc.lo / ONE), (float) (acc.hi / ONE),
                                 (float) ((double) acc.sum / (double) (last - first) / ONE),
                                 (float) acc.flags);
}

} // namespace

gboolean
ws_cuda_bars_fill (WsCudaType type, gconstpointer d_keys, const guint8 *d_flags, gsize n,
                   double vmin, double vmax, guint columns, gpointer d_bins, GError **error)
{
  unsigned bins = n <= columns ? (unsigned) n : columns;

  if (!(vmin < vmax) || columns == 0)
    return ws::invalid (error, "Bars: the range [%g, %g] or %u columns cannot be drawn", vmin, vmax,
                        columns);
  if (bins == 0)
    return TRUE;
  ws::with_type (type, [&]<typename T> () {
    bars_kernel<T><<<bins, BIN_THREADS>>> (static_cast<const T *> (d_keys), d_flags, n, bins,
                                            vmin, vmax, static_cast<float4 *> (d_bins));
    return true;
  });
  return ws::check_launch ("Cannot launch the bars kernel", error);
}

// ---- OpenGL buffers ----

bool
ws::gl_context_on_device (GError **error)
{
  unsigned count = 0;
  int devices[16], current = 0;
  cudaError_t status = cudaGLGetDevices (&count, devices, 16, cudaGLDeviceListAll);

  if (status != cudaSuccess || count == 0)
    {
      cudaGetLastError (); // not sticky: clear it for the next call
      g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_FAILED,
                   "the OpenGL context runs on no CUDA device (software OpenGL?)");
      return false;
    }
  if (!ws::check (cudaGetDevice (&current), "Cannot ask for the current CUDA device", error))
    return false;
  for (unsigned i = 0; i < count && i < 16; i++)
    if (devices[i] == current)
      return true;
  g_set_error (error, WS_CUDA_ERROR, WS_CUDA_ERROR_FAILED,
               "the OpenGL context runs on CUDA device %d, the data on device %d", devices[0],
               current);
  return false;
}

struct _WsCudaGlBuffer
{
  cudaGraphicsResource_t resource;
  bool mapped;
};

WsCudaGlBuffer *
ws_cuda_gl_register (guint gl_buffer, GError **error)
{
  cudaGraphicsResource_t resource = nullptr;

  // Write-discard: each frame rewrites the whole buffer, so CUDA need not
  // keep what GL left in it.
  if (!ws::gl_context_on_device (error)
      || !ws::check (cudaGraphicsGLRegisterBuffer (&resource, gl_buffer,
                                                   cudaGraphicsRegisterFlagsWriteDiscard),
                     "CUDA cannot use this OpenGL context's buffers", error))
    return nullptr;
  WsCudaGlBuffer *b = g_new0 (WsCudaGlBuffer, 1);
  b->resource = resource;
  return b;
}

gboolean
ws_cuda_gl_map (WsCudaGlBuffer *b, gpointer *d_ptr, gsize *size, GError **error)
{
  size_t bytes = 0;

  if (!ws::check (cudaGraphicsMapResources (1, &b->resource), "Cannot map the OpenGL buffer", error))
    return FALSE;
  b->mapped = true;
  return ws::check (cudaGraphicsResourceGetMappedPointer (d_ptr, &bytes, b->resource),
                    "Cannot reach the mapped OpenGL buffer", error)
         && (*size = bytes, true);
}

gboolean
ws_cuda_gl_unmap (WsCudaGlBuffer *b, GError **error)
{
  if (!b->mapped)
    return TRUE;
  b->mapped = false;
  return ws::check (cudaGraphicsUnmapResources (1, &b->resource), "Cannot unmap the OpenGL buffer",
                    error);
}

void
ws_cuda_gl_unregister (WsCudaGlBuffer *b)
{
  if (b == nullptr)
    return;
  ws_cuda_gl_unmap (b, nullptr);
  cudaGraphicsUnregisterResource (b->resource);
  g_free (b);
}
