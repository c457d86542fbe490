// ws-cuda-pool.cu: scratch from the device's stream-ordered memory pool
// (see ws-cuda-pool.cuh for why).
#include "ws-cuda-common.cuh"

#include <atomic>
#include <cstdint>

namespace ws
{

namespace
{

enum PoolState { UNKNOWN, KEPT, NONE };
std::atomic<int> pool_state[MAX_DEVICES];

// The current device's default pool, its release threshold raised the
// first time (left at 0, the pool would hand its memory back at every
// synchronisation and the next run would grow it again between kernels);
// nullptr where the device has no pools (then scratch is cudaMalloc'd).
cudaMemPool_t
kept_pool ()
{
  int device = 0, supported = 0;
  cudaMemPool_t pool = nullptr;

  if (cudaGetDevice (&device) != cudaSuccess || device < 0 || device >= MAX_DEVICES)
    return nullptr;
  int state = pool_state[device].load (std::memory_order_acquire);
  if (state == NONE)
    return nullptr;
  if (cudaDeviceGetDefaultMemPool (&pool, device) != cudaSuccess)
    {
      cudaGetLastError ();
      return nullptr;
    }
  if (state == KEPT)
    return pool;
  uint64_t keep = UINT64_MAX;
  if (cudaDeviceGetAttribute (&supported, cudaDevAttrMemoryPoolsSupported, device) != cudaSuccess
      || !supported || cudaMemPoolSetAttribute (pool, cudaMemPoolAttrReleaseThreshold, &keep)
                           != cudaSuccess)
    {
      cudaGetLastError ();
      pool_state[device].store (NONE, std::memory_order_release);
      return nullptr;
    }
  pool_state[device].store (KEPT, std::memory_order_release);
  return pool;
}

// cudaMallocAsync on the default stream, once more after a trim when the
// device is full: memory the pool keeps unused is not lost to the run.
cudaError_t
malloc_async (void **ptr, size_t bytes)
{
  cudaError_t status = cudaMallocAsync (ptr, bytes, 0);

  if (status == cudaErrorMemoryAllocation)
    {
      cudaGetLastError ();
      pool_trim ();
      status = cudaMallocAsync (ptr, bytes, 0);
    }
  return status;
}

} // namespace

void
pool_trim ()
{
  int device = 0;
  cudaMemPool_t pool = nullptr;

  if (cudaGetDevice (&device) != cudaSuccess || device < 0 || device >= MAX_DEVICES
      || pool_state[device].load (std::memory_order_acquire) != KEPT
      || cudaDeviceGetDefaultMemPool (&pool, device) != cudaSuccess)
    {
      cudaGetLastError ();
      return;
    }
  // Frees queued on streams return their memory only once they have run.
  cudaDeviceSynchronize ();
  cudaMemPoolTrimTo (pool, 0);
  cudaGetLastError ();
}

cudaError_t
malloc_trimming (void **ptr, size_t bytes)
{
  cudaError_t status = cudaMalloc (ptr, bytes);

  if (status == cudaErrorMemoryAllocation)
    {
      cudaGetLastError ();
      pool_trim ();
      status = cudaMalloc (ptr, bytes);
    }
  return status;
}

bool
pool_reserve (size_t bytes, GError **error)
{
  void *ptr = nullptr;

  if (bytes == 0 || kept_pool () == nullptr)
    return true;
  // Taken and given back at once: the pool keeps the block for the run's
  // own allocation on the same stream, which then costs no growth.
  if (!check (malloc_async (&ptr, bytes), "Cannot reserve the run's scratch memory on the GPU",
              error))
    return false;
  return check (cudaFreeAsync (ptr, 0), "Cannot return scratch memory to the GPU's pool", error);
}

bool
pool_alloc (void **ptr, size_t bytes, const char *what, GError **error)
{
  if (kept_pool () == nullptr)
    return check (cudaMalloc (ptr, bytes), what, error);
  return check (malloc_async (ptr, bytes), what, error);
}

void
pool_free (void *ptr)
{
  if (kept_pool () == nullptr)
    cudaFree (ptr);
  else
    cudaFreeAsync (ptr, 0);
}

} // namespace ws
