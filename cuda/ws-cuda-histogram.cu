// ws-cuda-histogram.cu: B equal bins over [min, max] of the keys, exactly as
// the engine bins them (app/core/ws-primitives.c). gpu-seed is study 002's
// form: a block-wise min/max finished on the host, then one thread per key
// and global atomics. gpu keeps everything on the device: atomics find
// min/max, and blocks count in shared memory when the bins fit. gpu-lib is
// CUB's reduce and histogram over our bin numbers.
#include "ws-cuda-histogram.cuh"

#include <algorithm>
#include <cstring>

const unsigned ws::impls_histogram
    = ws::impl_bit (WS_CUDA_SEED) | ws::impl_bit (WS_CUDA_OURS) | ws::impl_bit (WS_CUDA_LIB);

namespace
{

using ws::hist::Bins;
using ws::hist::empty_max;
using ws::hist::empty_min;
using ws::hist::in_range;

constexpr unsigned FULL_MASK = 0xffffffffu;
constexpr guint MAX_BINS = 1u << 24; // WS_HISTOGRAM_MAX_BINS

// Keys as unsigned numbers in the same order (float: the sign flips the
// rest), so atomicMin finds the minimum of either type.
__host__ __device__ inline uint32_t
order_key (int32_t x)
{
  return (uint32_t) x ^ 0x80000000u;
}

__host__ __device__ inline uint32_t
order_key (float x)
{
  uint32_t b;
  memcpy (&b, &x, sizeof b);
  return (b & 0x80000000u) ? ~b : b | 0x80000000u;
}

template <typename T>
__host__ __device__ inline T
from_order_key (uint32_t k)
{
  uint32_t b = std::is_same_v<T, float> ? ((k & 0x80000000u) ? k ^ 0x80000000u : ~k)
                                         : k ^ 0x80000000u;
  T x;
  memcpy (&x, &b, sizeof x);
  return x;
}

// cells[0]: the smallest order key; cells[1]: the complement of the largest,
// so both start at all ones (one memset) and both move by atomicMin.
template <typename T>
__host__ __device__ inline Bins<T>
bins_from_cells (const uint32_t *cells, unsigned bins)
{
  uint32_t lo = cells[0], hi = ~cells[1];
  bool any = lo <= hi; // false only when no float32 key is finite
  return Bins<T> (from_order_key<T> (lo), from_order_key<T> (hi), any, bins);
}

/* ---- gpu-seed: study 002's shape ---- */

constexpr unsigned SEED_REDUCE_THREADS = 1024;
constexpr unsigned SEED_REDUCE_BLOCKS = 256;
constexpr unsigned SEED_HIST_THREADS = 256;

// Each thread over a grid-stride loop, then tree halving in shared memory;
// one min and max per block, which the host finishes.
template <typename T>
__global__ void
seed_minmax (const T *keys, size_t n, T *mins, T *maxs)
{
  __shared__ T lo[SEED_REDUCE_THREADS], hi[SEED_REDUCE_THREADS];
  unsigned t = threadIdx.x;
  T a = empty_min<T> (), b = empty_max<T> ();

  for (size_t i = (size_t) blockIdx.x * blockDim.x + t; i < n; i += (size_t) gridDim.x * blockDim.x)
    if (in_range (keys[i]))
      {
        a = keys[i] < a ? keys[i] : a;
        b = keys[i] > b ? keys[i] : b;
      }
  lo[t] = a;
  hi[t] = b;
  __syncthreads ();
  for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
    {
      if (t < s)
        {
          lo[t] = lo[t + s] < lo[t] ? lo[t + s] : lo[t];
          hi[t] = hi[t + s] > hi[t] ? hi[t + s] : hi[t];
        }
      __syncthreads ();
    }
  if (t == 0)
    {
      mins[blockIdx.x] = lo[0];
      maxs[blockIdx.x] = hi[0];
    }
}

template <typename T>
__global__ void
seed_count (const T *keys, size_t n, Bins<T> plan, unsigned long long *counts)
{
  for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (size_t) gridDim.x * blockDim.x)
    atomicAdd (&counts[plan.plain (keys[i])], 1ull);
}

template <typename T>
bool
seed_histogram (const T *keys, size_t n, unsigned bins, unsigned long long *counts,
                T *partials, double *lo, double *hi, guint64 *launches, GError **error)
{
  unsigned blocks = ws::blocks_for (n, SEED_REDUCE_THREADS, SEED_REDUCE_BLOCKS);
  T mins[SEED_REDUCE_BLOCKS], maxs[SEED_REDUCE_BLOCKS];

  seed_minmax<<<blocks, SEED_REDUCE_THREADS>>> (keys, n, partials, partials + SEED_REDUCE_BLOCKS);
  ++*launches;
  if (!ws::check_launch ("The histogram's min/max could not start", error)
      || !ws::download (mins, partials, blocks * sizeof (T), error)
      || !ws::download (maxs, partials + SEED_REDUCE_BLOCKS, blocks * sizeof (T), error))
    return false;
  T mn = mins[0], mx = maxs[0];
  for (unsigned b = 1; b < blocks; b++)
    {
      mn = mins[b] < mn ? mins[b] : mn;
      mx = maxs[b] > mx ? maxs[b] : mx;
    }
  bool any = mn <= mx;
  *lo = any ? (double) mn : 0.0;
  *hi = any ? (double) mx : 0.0;
  seed_count<<<ws::blocks_for (n, SEED_HIST_THREADS), SEED_HIST_THREADS>>> (
      keys, n, Bins<T> (mn, mx, any, bins), counts);
  ++*launches;
  return ws::check_launch ("The histogram's count could not start", error);
}

/* ---- gpu: on the device from start to end ---- */

constexpr unsigned OURS_THREADS = 256;
constexpr unsigned OURS_KEYS_PER_THREAD = 16; // work enough to repay a block's setup
// Keys a thread loads before it uses any: loads in flight, not the atomics
// (which nothing waits for), bound the speed.
constexpr unsigned UNROLL = 4;
constexpr unsigned KEYS_PER_COUNTER = 4; // a block's keys per private counter to repay it

template <typename T>
__global__ void __launch_bounds__ (OURS_THREADS)
minmax_cells (const T *keys, size_t n, uint32_t *cells)
{
  __shared__ uint32_t warp_lo[OURS_THREADS / 32], warp_hi[OURS_THREADS / 32];
  uint32_t lo = ~0u, hi = ~0u; // hi holds the complement of the largest key
  unsigned lane = threadIdx.x & 31, warp = threadIdx.x / 32;

  size_t stride = (size_t) gridDim.x * blockDim.x;

  for (size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x; i < n; i += UNROLL * stride)
    {
      T x[UNROLL];
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++) // the first key stands in past the end
        x[u] = i + u * stride < n ? keys[i + u * stride] : keys[i];
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++)
        if (in_range (x[u]))
          {
            uint32_t k = order_key (x[u]);
            lo = min (lo, k);
            hi = min (hi, ~k);
          }
    }
  for (unsigned d = 16; d > 0; d >>= 1)
    {
      lo = min (lo, __shfl_xor_sync (FULL_MASK, lo, d));
      hi = min (hi, __shfl_xor_sync (FULL_MASK, hi, d));
    }
  if (lane == 0)
    {
      warp_lo[warp] = lo;
      warp_hi[warp] = hi;
    }
  __syncthreads ();
  if (threadIdx.x == 0) // one pair of atomics a block keeps the two cells uncontended
    {
      for (unsigned w = 1; w < OURS_THREADS / 32; w++)
        {
          lo = min (lo, warp_lo[w]);
          hi = min (hi, warp_hi[w]);
        }
      atomicMin (&cells[0], lo);
      atomicMin (&cells[1], hi);
    }
}

// Adds one to bin b of counters for each valid lane; a warp whose 32 keys
// share a bin (all keys equal, one bin, sorted runs) adds 32 at once instead
// of queueing 32 atomics on one address.
template <typename C>
__device__ inline void
count_warp (C *counters, unsigned b, bool valid)
{
  unsigned b0 = __shfl_sync (FULL_MASK, b, 0);

  if (__all_sync (FULL_MASK, valid && b == b0))
    {
      if ((threadIdx.x & 31) == 0)
        atomicAdd (&counters[b0], (C) 32);
    }
  else if (valid)
    atomicAdd (&counters[b], (C) 1);
}

// Walks the keys a warp at a time (the loop bound is the same for the 32
// lanes, so the warp votes above see every lane).
template <typename T, typename C>
__device__ void
count_keys (const T *keys, size_t n, const Bins<T> &plan, C *counters)
{
  size_t stride = (size_t) gridDim.x * blockDim.x;
  unsigned lane = threadIdx.x & 31;

  for (size_t w = (size_t) blockIdx.x * blockDim.x + (threadIdx.x - lane); w < n;
       w += UNROLL * stride)
    {
      T x[UNROLL];
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++)
        x[u] = w + u * stride + lane < n ? keys[w + u * stride + lane] : T (0);
#pragma unroll
      for (unsigned u = 0; u < UNROLL; u++)
        {
          bool valid = w + u * stride + lane < n;
          count_warp (counters, valid ? plan.fast (x[u]) : 0u, valid);
        }
    }
}

// Counts in the block's own shared-memory histogram, then merges the bins it
// touched into the global one.
template <typename T>
__global__ void __launch_bounds__ (OURS_THREADS)
count_shared (const T *keys, size_t n, const uint32_t *cells, unsigned bins,
              unsigned long long *counts)
{
  extern __shared__ unsigned local[];
  Bins<T> plan = bins_from_cells<T> (cells, bins);

  for (unsigned b = threadIdx.x; b < bins; b += blockDim.x)
    local[b] = 0;
  __syncthreads ();
  count_keys (keys, n, plan, local);
  __syncthreads ();
  for (unsigned b = threadIdx.x; b < bins; b += blockDim.x)
    if (local[b] != 0)
      atomicAdd (&counts[b], (unsigned long long) local[b]);
}

template <typename T>
__global__ void __launch_bounds__ (OURS_THREADS)
count_global (const T *keys, size_t n, const uint32_t *cells, unsigned bins,
              unsigned long long *counts)
{
  count_keys (keys, n, bins_from_cells<T> (cells, bins), counts);
}

struct DeviceShape
{
  int sms = 1;
  size_t shared_optin = 48 * 1024;
};

bool
device_shape (DeviceShape *shape, GError **error)
{
  int device = 0, shared = 0;

  if (!ws::check (cudaGetDevice (&device), "Cannot select the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&shape->sms, cudaDevAttrMultiProcessorCount, device),
                     "Cannot query the GPU", error)
      || !ws::check (cudaDeviceGetAttribute (&shared, cudaDevAttrMaxSharedMemoryPerBlockOptin,
                                             device),
                     "Cannot query the GPU", error))
    return false;
  shape->shared_optin = (size_t) shared;
  return true;
}

// Blocks for the shared-memory count: as many as fit on the GPU at once,
// fewer when there are few keys, and enough that no block's 32-bit counter
// can pass 2^31 keys.
template <typename T>
bool
shared_count_blocks (size_t n, size_t smem, const DeviceShape &shape, unsigned *blocks,
                     GError **error)
{
  int per_sm = 0;

  if ((smem > 48 * 1024
       && !ws::check (cudaFuncSetAttribute (count_shared<T>,
                                            cudaFuncAttributeMaxDynamicSharedMemorySize, (int) smem),
                      "Cannot give the histogram its shared memory", error))
      || !ws::check (cudaOccupancyMaxActiveBlocksPerMultiprocessor (&per_sm, count_shared<T>,
                                                                    OURS_THREADS, smem),
                     "Cannot size the histogram's grid", error))
    return false;
  size_t most = (size_t) shape.sms * (per_sm > 0 ? per_sm : 1);
  size_t wanted = ws::blocks_for (n, OURS_THREADS * OURS_KEYS_PER_THREAD);
  size_t needed = (n >> 31) + 1;
  *blocks = (unsigned) std::max (std::min (most, wanted), needed);
  return true;
}

template <typename T>
bool
ours_count (const T *keys, size_t n, unsigned bins, const uint32_t *cells,
            unsigned long long *counts, const DeviceShape &shape, GError **error)
{
  size_t smem = (size_t) bins * sizeof (unsigned);
  bool fits = smem <= shape.shared_optin && n >= bins;
  unsigned blocks = 0;

  // Private counters pay off while they fit and each block counts several
  // keys per counter it must clear and merge; else atomics on the result.
  // (Measured on an H200: counting 65536 bins in two shared-memory slices
  // lost to global atomics, 1.44 against 0.87 ms at 2^26 keys.)
  if (fits && !shared_count_blocks<T> (n, smem, shape, &blocks, error))
    return false;
  if (fits && n >= (size_t) KEYS_PER_COUNTER * blocks * bins)
    {
      count_shared<<<blocks, OURS_THREADS, smem>>> (keys, n, cells, bins, counts);
      return ws::check_launch ("The histogram's count could not start", error);
    }
  blocks = ws::blocks_for (n, OURS_THREADS * OURS_KEYS_PER_THREAD, (unsigned) shape.sms * 8);
  count_global<<<blocks, OURS_THREADS>>> (keys, n, cells, bins, counts);
  return ws::check_launch ("The histogram's count could not start", error);
}

template <typename T>
bool
ours_histogram (const T *keys, size_t n, unsigned bins, unsigned long long *counts,
                uint32_t *cells, guint64 *launches, GError **error)
{
  DeviceShape shape;

  if (!device_shape (&shape, error)
      || !ws::check (cudaMemsetAsync (cells, 0xff, 2 * sizeof *cells),
                     "Cannot reset the histogram's range", error))
    return false;
  minmax_cells<<<ws::blocks_for (n, OURS_THREADS * OURS_KEYS_PER_THREAD,
                                 (unsigned) shape.sms * 8),
                 OURS_THREADS>>> (keys, n, cells);
  *launches += 2;
  return ws::check_launch ("The histogram's min/max could not start", error)
         && ours_count (keys, n, bins, cells, counts, shape, error);
}

/* ---- Whole runs ---- */

// Device memory of one run besides the keys: the counts, then a scratch
// area whose first 256 bytes hold the range (seed partials need more).
struct HistMemory
{
  ws::DeviceBuffer<unsigned long long> counts;
  ws::DeviceBuffer<unsigned long long> scratch; // 8-byte aligned
  size_t temp_offset = 0;                        // CUB's scratch, in bytes
  size_t temp_bytes = 0;

  template <typename T>
  bool
  alloc (WsCudaImpl impl, size_t n, unsigned bins, GError **error)
  {
    size_t bytes = 256;
    if (impl == WS_CUDA_SEED)
      bytes = 2 * SEED_REDUCE_BLOCKS * sizeof (T);
    if (impl == WS_CUDA_LIB && n > 0
        && !ws::hist::lib_temp_bytes (ws::hist::type_of<T> (), n, bins, &temp_bytes, error))
      return false;
    temp_offset = bytes;
    return counts.alloc (bins, "Cannot allocate the histogram on the GPU", error)
           && scratch.alloc ((bytes + temp_bytes + 7) / 8,
                             "Cannot allocate the histogram's scratch on the GPU", error);
  }
  void *temp () const { return (char *) scratch.get () + temp_offset; }
};

// The keys binned into counts (already zero) by `impl`; *lo and *hi are known
// on the host afterwards for seed, else read back by finish_range.
template <typename T>
bool
histogram_device (WsCudaImpl impl, const T *keys, size_t n, unsigned bins, HistMemory &mem,
                  double *lo, double *hi, guint64 *launches, GError **error)
{
  if (impl == WS_CUDA_SEED)
    return seed_histogram (keys, n, bins, mem.counts.get (), (T *) mem.scratch.get (), lo, hi,
                           launches, error);
  if (impl == WS_CUDA_OURS)
    return ours_histogram (keys, n, bins, mem.counts.get (), (uint32_t *) mem.scratch.get (),
                           launches, error);
  return ws::hist::lib_histogram (ws::hist::type_of<T> (), keys, n, bins, mem.counts.get (),
                                 mem.scratch.get (), mem.temp (), mem.temp_bytes, launches, error);
}

// lo and hi of gpu and gpu-lib, from what their kernels left in scratch.
template <typename T>
bool
finish_range (WsCudaImpl impl, const HistMemory &mem, double *lo, double *hi, GError **error)
{
  uint32_t cells[2];
  T range[2];

  if (impl == WS_CUDA_OURS)
    {
      if (!ws::download (cells, mem.scratch.get (), sizeof cells, error))
        return false;
      range[0] = from_order_key<T> (cells[0]);
      range[1] = from_order_key<T> (~cells[1]);
      if (cells[0] > ~cells[1])
        range[0] = range[1] = T (0);
    }
  else if (!ws::download (range, mem.scratch.get (), sizeof range, error))
    return false;
  bool any = range[0] <= range[1];
  *lo = any ? (double) range[0] : 0.0;
  *hi = any ? (double) range[1] : 0.0;
  return true;
}

bool
histogram_args_valid (WsCudaImpl impl, const void *keys, gsize n, guint bins,
                      const guint64 *counts, GError **error)
{
  if (!ws::has ("histogram", impl))
    return ws::unsupported ("histogram", impl, error);
  if (bins < 1 || bins > MAX_BINS)
    return ws::invalid (error, "histogram: %u bins is out of range; choose between 1 and %u "
                        "(2^24) bins", bins, MAX_BINS);
  if (counts == nullptr || (n > 0 && keys == nullptr))
    return ws::invalid (error, "histogram: no keys or no array for the counts given");
  return true;
}

} // namespace

gboolean
ws_cuda_histogram (WsCudaImpl    impl,
                   WsCudaType    type,
                   const void   *keys,
                   gsize         n,
                   guint         bins,
                   guint64      *counts,
                   double       *lo,
                   double       *hi,
                   WsCudaTiming *timing,
                   GError      **error)
{
  WsCudaTiming unused;
  ws::PhaseTimer timer (timing != nullptr ? timing : &unused);
  guint64 *launches = timing != nullptr ? &timing->launches : &unused.launches;
  ws::DeviceBuffer<int32_t> d_keys; // 4-byte keys of either type
  HistMemory mem;
  double min = 0.0, max = 0.0;

  if (!histogram_args_valid (impl, keys, n, bins, counts, error) || !timer.start (error)
      || !d_keys.alloc (n, "Cannot allocate the keys on the GPU", error)
      || !ws::with_type (type, [&]<typename T> () { return mem.alloc<T> (impl, n, bins, error); }))
    return FALSE;
  timer.allocated ();
  if (!ws::upload (d_keys.get (), keys, n * sizeof (int32_t), error))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_UPLOAD);
  if (!ws::check (cudaMemsetAsync (mem.counts.get (), 0, mem.counts.bytes ()),
                  "Cannot clear the histogram", error)
      || (n > 0 && !ws::with_type (type, [&]<typename T> () {
            return histogram_device (impl, (const T *) d_keys.get (), n, bins, mem, &min, &max,
                                     launches, error);
          })))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_KERNELS);
  if (!ws::download (counts, mem.counts.get (), mem.counts.bytes (), error)
      || (n > 0 && impl != WS_CUDA_SEED && !ws::with_type (type, [&]<typename T> () {
            return finish_range<T> (impl, mem, &min, &max, error);
          })))
    return FALSE;
  timer.mark (ws::PhaseTimer::AFTER_DOWNLOAD);
  if (lo != nullptr)
    *lo = min;
  if (hi != nullptr)
    *hi = max;
  return timer.finish (error);
}
