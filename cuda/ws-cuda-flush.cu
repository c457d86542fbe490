// ws-cuda-flush.cu: cold runs (issue 21) — the L2 cache emptied of a run's
// input before its kernels, as nvbench does: a write over a device buffer
// twice the size of L2, so that no line of what came before survives.
#include "ws-cuda-common.cuh"

#include <atomic>
#include <mutex>

// Whether this thread's whole runs are cold (ws_cuda_set_cold).
static thread_local bool cold_runs = false;

void
ws_cuda_set_cold (gboolean cold)
{
  cold_runs = cold != FALSE;
}

namespace ws
{

namespace
{

// One buffer a device (of MAX_DEVICES), made on its first cold run and
// kept: a cold plan flushes before every sample, and a cudaMalloc of
// ~100 MB each time would cost more than the samples it serves.
// Where the device does not say its L2 size: well above the L2 of the GPUs
// Warpscope has run on (the H100's and the H200's: 50 MB).
constexpr size_t UNKNOWN_L2 = (size_t) 128 << 20;

struct FlushBuffer
{
  void *ptr = nullptr;
  size_t bytes = 0;
};

std::mutex lock;
FlushBuffer buffers[MAX_DEVICES];

size_t
flush_bytes (int device)
{
  int l2 = 0;

  if (cudaDeviceGetAttribute (&l2, cudaDevAttrL2CacheSize, device) != cudaSuccess || l2 <= 0)
    {
      cudaGetLastError ();
      return 2 * UNKNOWN_L2;
    }
  return 2 * (size_t) l2;
}

} // namespace

bool
cold_wanted ()
{
  return cold_runs;
}

bool
flush_prepare (void **buffer, size_t *bytes, GError **error)
{
  int device = 0;

  if (!check (cudaGetDevice (&device), "Cannot select the GPU", error))
    return false;
  if (device < 0 || device >= MAX_DEVICES)
    return invalid (error, "Cold runs support GPUs 0 to %d, not %d", MAX_DEVICES - 1, device);
  std::lock_guard<std::mutex> guard (lock);
  FlushBuffer &b = buffers[device];
  if (b.ptr == nullptr)
    {
      size_t want = flush_bytes (device);
      cudaError_t status = malloc_trimming (&b.ptr, want);
      if (status != cudaSuccess)
        {
          b.ptr = nullptr;
          cudaGetLastError ();
          g_set_error (error, WS_CUDA_ERROR,
                       status == cudaErrorMemoryAllocation ? WS_CUDA_ERROR_OUT_OF_MEMORY
                                                           : WS_CUDA_ERROR_FAILED,
                       "Cannot make the %zu MB buffer that empties the GPU's L2 cache before a "
                       "cold run: %s (run warm, or free GPU memory)",
                       want >> 20, cudaGetErrorString (status));
          return false;
        }
      b.bytes = want;
    }
  *buffer = b.ptr;
  *bytes = b.bytes;
  return true;
}

cudaError_t
flush_run (void *buffer, size_t bytes)
{
  // A value that changes from flush to flush: every line is written with
  // new data, whatever the memory system might make of a repeated pattern.
  static std::atomic<unsigned> round{ 0 };

  return cudaMemsetAsync (buffer, (int) (round++ & 0xff), bytes, nullptr);
}

} // namespace ws

void
ws_cuda_flush_release (void)
{
  std::lock_guard<std::mutex> guard (ws::lock);
  int current = 0;

  cudaGetDevice (&current);
  for (int d = 0; d < ws::MAX_DEVICES; d++)
    if (ws::buffers[d].ptr != nullptr)
      {
        cudaSetDevice (d);
        cudaFree (ws::buffers[d].ptr);
        ws::buffers[d] = ws::FlushBuffer ();
      }
  cudaSetDevice (current);
  cudaGetLastError ();
}

gsize
ws_cuda_flush_bytes (int device)
{
  std::lock_guard<std::mutex> guard (ws::lock);

  return device >= 0 && device < ws::MAX_DEVICES ? ws::buffers[device].bytes : 0;
}
